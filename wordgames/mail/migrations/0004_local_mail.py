"""The local email backend's table gets the local mail's name (it was "the outbox", a word that also named two
other things): the model and its table are renamed, the rows kept."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("mail", "0003_email_opt_out_from_pbem")]

    operations = [
        migrations.RenameModel(old_name="OutboxMessage", new_name="LocalEmail"),
        migrations.AlterModelOptions(
            name="localemail",
            options={
                "ordering": ["-created", "-id"],
                "verbose_name": "email in the local mail",
                "verbose_name_plural": "local mail",
            },
        ),
    ]
