from django.db import migrations


def create_group(apps, schema_editor):
    from wordgames.accounts.moderators import ensure_moderators_group

    ensure_moderators_group(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_suspend_players_permission"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0009_seat_since_seq"),
        ("pbem", "0002_email_opt_out"),
    ]

    operations = [migrations.RunPython(create_group, migrations.RunPython.noop)]
