"""Demo players and a game of each kind (Lingo in progress, Lexicon Crossing, Lingua Fences, Keebble), so a first
run has something to play."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from wordgames.accounts.moderators import ensure_moderators_group
from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.models import Game

PASSWORD = "wordgames"


def on_embedded_default() -> bool:
    """A laptop's first run: SQLite with DEBUG on, as bin/serve starts it."""
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" and settings.DEBUG


class Command(BaseCommand):
    help = "Create demo players (ann, bob, cat; password 'wordgames'), a moderator, and a game of each kind."

    def handle(self, *args: Any, **options: Any) -> None:
        # Its accounts have a published password: only on the embedded default, a laptop's SQLite with DEBUG on.
        if not on_embedded_default():
            raise CommandError(
                "demo makes accounts whose password is published (a moderator among them), so it runs only on "
                "the embedded default: SQLite with DEBUG on, as bin/serve starts it. Not on this site."
            )
        User = get_user_model()
        users = {}
        for name in ("ann", "bob", "cat"):
            user, created = User.objects.get_or_create(username=name, defaults={"email": f"{name}@example.com"})
            if created:
                user.set_password(PASSWORD)
                user.save()
            users[name] = user
        moderator, created = User.objects.get_or_create(
            username="moderator", defaults={"email": "moderator@example.com", "is_staff": True}
        )
        if created:
            moderator.set_password(PASSWORD)
            moderator.save()
        moderator.groups.add(ensure_moderators_group(apps))
        if Game.objects.filter(seats__user=users["ann"], status=Game.Status.ACTIVE).exists():
            self.stdout.write("The demo game exists already.")
        else:
            game = actions.create_game(users["ann"], "lingo", {"preset": "classic"}, ["bob"], seed=2005, internal=True)
            actions.join_game(game.pk, users["bob"])
            actions.create_game(users["cat"], "lingo", {"preset": "pbem", "hex": True}, [""], seed=2006, internal=True)
            engine = get_engine("lingo")
            for user in (users["ann"], users["bob"], users["ann"]):
                game.refresh_from_db()
                seat = queries.seat_of(game, user)
                assert seat is not None
                best = engine.best_move(game.state, seat)
                if best is None:
                    break
                actions.submit_move(game.pk, user, best.move)
            crossing = actions.create_game(
                users["ann"], "lexicon-crossing", {"start_tiles": 15}, ["bob", "cat"], seed=2007, internal=True
            )
            actions.join_game(crossing.pk, users["bob"])
            actions.join_game(crossing.pk, users["cat"])
            fences = actions.create_game(users["bob"], "lingua-fences", {}, ["ann", "cat"], seed=2008, internal=True)
            keebble = actions.create_game(users["cat"], "keebble", {}, ["ann", "bob"], seed=2009, internal=True)
            for other, invited in ((fences, ("ann", "cat")), (keebble, ("ann", "bob"))):
                for name in invited:
                    actions.join_game(other.pk, users[name])
            self.stdout.write(
                f"Created Lingo game {game.pk} between ann and bob (bob's turn), a hex game by cat waiting for a "
                f"second player, and for ann, bob and cat: Lexicon Crossing game {crossing.pk}, Lingua Fences game "
                f"{fences.pk} and Keebble game {keebble.pk}."
            )
        self.stdout.write(
            "Log in as ann, bob or cat (password 'wordgames'); the admin is /admin/ as moderator (same password)."
        )
