"""The opt-out table moves to the mail room (games read it, and games may not import play by email). Only
Django's idea of the model moves here; the table itself, with its rows, is taken over by
``mail.0003_email_opt_out_from_pbem``."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("pbem", "0006_emails_received_kept_by_age"),
        ("mail", "0003_email_opt_out_from_pbem"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="EmailOptOut")]),
    ]
