"""The opt-out table moved from play by email to the mail room: an existing site keeps every address that
unsubscribed, and its moderators keep the power to delete one; a message that came by the local mail's reply
form says so by its new name (migrated forward from the old state)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("pbem", "0006_emails_received_kept_by_age"), ("mail", "0002_verbose_names_for_translation")]


def migrate(targets: list[tuple[str, str]] | None = None):
    """Migrate to ``targets``, or forward to the newest state (the other tests' schema)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_addresses_that_opted_out_and_the_moderators_power_survive_the_move():
    old = migrate(BEFORE)
    try:
        OldOptOut = old.get_model("pbem", "EmailOptOut")
        OldOptOut.objects.create(address="friend@example.org")
        OldOptOut.objects.create(address="stranger@example.net")
        old.get_model("pbem", "InboundMessage").objects.create(sender="ann@example.com", via="outbox")
        from wordgames.accounts.moderators import GROUP

        ContentType = old.get_model("contenttypes", "ContentType")
        Permission = old.get_model("auth", "Permission")
        Group = old.get_model("auth", "Group")
        # A site from before the move knows the table only as play by email's.
        ContentType.objects.filter(app_label="mail", model="emailoptout").delete()
        kind, _ = ContentType.objects.get_or_create(app_label="pbem", model="emailoptout")
        power, _ = Permission.objects.get_or_create(
            content_type=kind, codename="delete_emailoptout", defaults={"name": "Can delete email opt-out"}
        )
        Group.objects.get_or_create(name=GROUP)[0].permissions.add(power)
    finally:
        migrate()

    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group as CurrentGroup

    from wordgames.mail.models import EmailOptOut
    from wordgames.pbem.models import InboundMessage

    assert EmailOptOut._meta.db_table == "mail_emailoptout"
    assert EmailOptOut.has("Friend <FRIEND+games@example.org>")
    assert sorted(EmailOptOut.objects.values_list("address", flat=True)) == [
        "friend@example.org",
        "stranger@example.net",
    ]
    assert list(InboundMessage.objects.values_list("via", flat=True)) == ["local-mail"]  # the channel's new name
    EmailOptOut.objects.create(address="new@example.com")  # the table still numbers its rows
    moderator = get_user_model().objects.create_user("mod", "mod@example.com", "x", is_staff=True)
    moderator.groups.add(CurrentGroup.objects.get(name=GROUP))
    assert moderator.has_perm("mail.delete_emailoptout")
