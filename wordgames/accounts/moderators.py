"""The Moderators group: what a moderator may see and do in the admin, given by permission, not by is_superuser.

Used by a data migration (with the migration's historical models) and by `demo`, so it takes an app registry."""

from __future__ import annotations

from typing import Any

GROUP = "Moderators"

# (app label, model, codename, name): the two powers, each a permission of its own.
POWERS = [
    ("games", "game", "moderate_games", "Can moderate games (take back, end, abandon, replace a player)"),
    ("accounts", "profile", "suspend_players", "Can suspend players and lift suspensions"),
    ("events", "event", "run_events", "Can create events and start them early"),
]

# What moderators read to answer players' questions (never the local mail: it holds every email, resets included).
VIEWS = {
    "games": [
        "game",
        "seat",
        "move",
        "moderationaction",
        "notification",
        "vacation",
        "undorequest",
        "greenlightrequest",
        "chatmessage",
        "owedtask",
        "teaminvitation",
    ],
    "accounts": ["profile"],
    "auth": ["user"],
    "pbem": ["inboundmessage"],
    "mail": ["emailoptout"],
    "events": ["event", "entry", "eventgame"],
}
# An opt-out is deleted at the person's request.
EXTRA = [("mail", "emailoptout", "delete_emailoptout")]


def ensure_moderators_group(apps: Any) -> Any:
    """Create (or complete) the Moderators group; return it. Running it twice changes nothing."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")

    def permission(app_label: str, model: str, codename: str, name: str = "") -> Any:
        content_type, _ = ContentType.objects.get_or_create(app_label=app_label, model=model)
        perm, _ = Permission.objects.get_or_create(
            content_type=content_type, codename=codename, defaults={"name": name or codename.replace("_", " ")}
        )
        return perm

    group, _ = Group.objects.get_or_create(name=GROUP)
    perms = [permission(*power) for power in POWERS]
    perms += [
        permission(app, model, f"view_{model}", f"Can view {model}")
        for app, models in VIEWS.items()
        for model in models
    ]
    perms += [permission(app, model, codename, f"Can delete {model}") for app, model, codename in EXTRA]
    group.permissions.add(*perms)
    return group
