"""Hints of practice games: the best-move search runs in a worker, so no position (two blanks and a full
board included) holds a web request; the page shows the answer when it comes, and says when the search stopped
at its time budget rather than looking at every move."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from wordgames.engines import get_engine
from wordgames.engines.core.sentences import Said, phrase, to_data

from .. import relay
from ..models import Game, Hint
from .errors import RefusalCode, Refused
from .moves import acting_seat, lock_game

# The task that searches (``games.tasks``, above the actions: named, not imported).
FIND_HINT = "wordgames.games.tasks.find_hint"


def ask_hint(game_id: int, user: User) -> Hint:
    """The hint for ``user``'s seat in this position: found already, or now being searched for."""
    with transaction.atomic():
        game = lock_game(game_id)
        if not game.options.get("hints"):
            raise Refused(_("Hints are only available in practice games."), RefusalCode.NO_HINTS)
        seat = acting_seat(game, user, "hint")
        if not get_engine(game.engine).hints:
            raise Refused(_("%(game)s has no hints.") % {"game": get_engine(game.engine).title}, RefusalCode.NO_HINTS)
        hint, created = Hint.objects.get_or_create(game=game, seat=seat, version=game.version)
        if created:
            relay.owe(FIND_HINT, hint.pk)
    hint.refresh_from_db()
    return hint


def find_hint(hint_id: int) -> Hint | None:
    """Search for the hint's move, within ``HINT_BUDGET_SECONDS``, if its position is still the game's."""
    hint = Hint.objects.select_related("game").filter(pk=hint_id).first()
    if hint is None or hint.done:
        return hint
    game: Game = hint.game
    if game.version != hint.version or game.status != Game.Status.ACTIVE:
        stale = phrase(Said.HINT_STALE)
        Hint.objects.filter(pk=hint.pk).update(done=True, summary=str(stale), said=to_data(stale))
        return hint
    found = get_engine(game.engine).search(game.state, hint.seat, budget_s=settings.HINT_BUDGET)  # type: ignore[attr-defined]
    best = found.best
    Hint.objects.filter(pk=hint.pk).update(
        done=True,
        move=best.move if best else "",
        summary=best.summary if best else "",
        said=to_data(best.said) if best and best.said else {},
        complete=found.complete,
    )
    hint.refresh_from_db()
    return hint
