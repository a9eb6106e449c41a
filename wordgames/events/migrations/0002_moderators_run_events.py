from typing import Any

from django.db import migrations

from wordgames.accounts.moderators import ensure_moderators_group


def forwards(apps: Any, schema_editor: Any) -> None:
    ensure_moderators_group(apps)  # the Moderators group gains "run events" and the events' lists


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
