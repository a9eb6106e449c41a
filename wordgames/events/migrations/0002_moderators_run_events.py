from django.db import migrations

from wordgames.accounts.moderators import ensure_moderators_group


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    ensure_moderators_group(apps)


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length"),
                    ("contenttypes", "0002_remove_content_type_name")]  # fmt: skip

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
