"""Which open pages hear of a change to a game: the game's own pages, its players' lobbies (team-mates sharing a
seat and invited players among them), their followers' lobbies (public games only), and every lobby while the game
is waiting for players.

``lock_game`` calls ``watch`` on every game it locks, so every door that writes to a game is covered: after the
commit, a game whose version moved (a move, a chat line, an undo request, a moderator's act, the start) or that
was waiting for players (a seat taken, left or given up) is announced. A private edit that keeps the version (a
Lexicon Crossing player rearranging their own crossword) is not: nobody sees when someone works.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from wordgames.lib import live

from .models import Game, Seat


def watch(game: Game) -> None:
    """Announce ``game`` after the commit if by then it has changed in a way its pages show. ``robust``: the write
    is committed by then, so a failure to announce it (the database cut just after the commit) is logged, never
    turned into an error that would tell the player their move was not played."""
    version, was_open = game.version, game.status == Game.Status.OPEN
    # A lambda, not a partial: Django logs a robust callback's failure by its __qualname__, which a partial lacks.
    transaction.on_commit(lambda: _announce_if_changed(game, version, was_open), robust=True)


def changed(game: Game, *, also: Iterable[int] = (), was_open: bool = True) -> None:
    """Announce ``game`` after the commit: for writes that do not lock it (a new game, a declined invitation) or
    that leave someone out of its topics (a team-mate leaving a seat). ``also``: players no longer in it by then
    whose lobbies still show it (whoever declined its invitation, a removed team-mate)."""
    others = sorted(set(also))
    transaction.on_commit(lambda: announce(game, was_open=was_open, also=others), robust=True)


def _announce_if_changed(game: Game, version: int, was_open: bool) -> None:
    if game.version != version or was_open:
        announce(game, was_open=was_open)


def topics(game: Game, *, was_open: bool = False, also: Iterable[int] = ()) -> list[str]:
    names = [f"game:{game.pk}"]
    # One query: each seat's player and invited player, and (a row each) the team-mates sharing it, whose lobbies
    # list the game as its player's does.
    rows = list(Seat.objects.filter(game_id=game.pk).values_list("user_id", "invited_user_id", "partners"))
    people = {uid for row in rows for uid in row[:2] if uid is not None}
    mates = {row[2] for row in rows if row[2] is not None}
    names += [f"player:{uid}" for uid in people | mates | set(also)]
    if not game.private:
        names += [f"follow:{uid}" for uid in people]
        if was_open or game.status == Game.Status.OPEN:
            names.append("lobby")
    return names


def announce(game: Game, *, was_open: bool = False, also: Iterable[int] = ()) -> None:
    """Publish now: "game N changed, version V", nothing more."""
    live.publish(topics(game, was_open=was_open, also=also), {"game": game.pk, "version": game.version})
