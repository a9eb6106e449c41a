"""A message answered from the local mail's reply form came "via outbox": it now says ``local-mail``, the old rows
too, so the admin's filter by channel shows one name for it."""

from django.db import migrations, models


def rename(apps, schema_editor, old="outbox", new="local-mail"):
    apps.get_model("pbem", "InboundMessage").objects.filter(via=old).update(via=new)


def rename_back(apps, schema_editor):
    rename(apps, schema_editor, old="local-mail", new="outbox")


class Migration(migrations.Migration):
    dependencies = [("pbem", "0007_email_opt_out_moves_to_mail")]

    operations = [
        migrations.AlterField(
            model_name="inboundmessage",
            name="via",
            field=models.CharField(
                help_text="webhook, pipe, lmtp, imap or local-mail", max_length=16, verbose_name="via"
            ),
        ),
        migrations.RunPython(rename, rename_back),
    ]
