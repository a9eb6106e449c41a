"""The opt-out table comes from play by email with its rows: the model is declared here on the existing table
``pbem_emailoptout`` (no table is made), the table is then renamed to this room's name, and its content type
moves with it, so the moderators' permission to delete an opt-out and the admin's history stay attached."""

from django.db import migrations, models


def move_content_type(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="mail", model="emailoptout").exists():
        ContentType.objects.filter(app_label="pbem", model="emailoptout").update(app_label="mail")


def move_content_type_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="pbem", model="emailoptout").exists():
        ContentType.objects.filter(app_label="mail", model="emailoptout").update(app_label="pbem")


class Migration(migrations.Migration):
    dependencies = [
        ("mail", "0002_verbose_names_for_translation"),
        ("pbem", "0006_emails_received_kept_by_age"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="EmailOptOut",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "address",
                            models.EmailField(
                                help_text="Stored in lower case.", max_length=254, unique=True, verbose_name="address"
                            ),
                        ),
                        ("created", models.DateTimeField(auto_now_add=True, verbose_name="since")),
                    ],
                    options={
                        "verbose_name": "email opt-out",
                        "verbose_name_plural": "email opt-outs",
                        "ordering": ["-created"],
                        "db_table": "pbem_emailoptout",
                    },
                ),
            ],
        ),
        migrations.AlterModelTable(name="emailoptout", table=None),
        migrations.RunPython(move_content_type, move_content_type_back),
    ]
