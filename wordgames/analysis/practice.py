"""Analysis during a practice game (hints on, never rated): a player asks how their moves so far compare with the
best, at any time. Only their own moves are reviewed, each seeing only what they saw then, so the answer tells
nothing of the others' tiles, the bag or the others' moves; the search runs in a worker on the ``analysis`` queue."""

from __future__ import annotations

import logging
import time
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from wordgames.engines import get_engine
from wordgames.engines.core.analysis import review_game
from wordgames.games import relay
from wordgames.games.actions import RefusalCode, Refused
from wordgames.games.models import Game
from wordgames.games.queries import live_moves, player_names, seat_of

from .actions import budget_for, rng_of
from .models import PracticeReview

log = logging.getLogger(__name__)

REVIEW = "wordgames.analysis.tasks.review_practice"  # the task (above: named, not imported)


def seat_for(game: Game, user: Any) -> int:
    """``user``'s seat in ``game`` if it is a practice game they play; else refused."""
    if not game.options.get("hints"):
        raise Refused(_("Analysis during the game is only for practice games (with hints)."), RefusalCode.NOT_PRACTICE)
    seat = seat_of(game, user)
    if seat is None:
        raise Refused(_("You are not playing in this game."), RefusalCode.NOT_SEATED)
    return seat


def ask(game_id: int, user: Any) -> PracticeReview:
    """The review of ``user``'s moves in the position now: made already, or owed to a worker."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        seat = seat_for(game, user)
        review, created = PracticeReview.objects.get_or_create(game=game, seat=seat, version=game.version)
        if created:
            relay.owe(REVIEW, review.pk)
    review.refresh_from_db()
    return review


def latest(game: Game, seat: int) -> PracticeReview | None:
    return PracticeReview.objects.filter(game=game, seat=seat).order_by("-version").first()


def review(review_id: int) -> PracticeReview | None:
    """Review the seat's live moves (once: a task delivered twice finds it done)."""
    found = PracticeReview.objects.select_related("game").filter(pk=review_id).first()
    if found is None or found.done:
        return found
    game: Game = found.game
    engine = get_engine(game.engine)
    moves = list(live_moves(game))
    own = sum(m.seat == found.seat for m in moves)
    started = time.monotonic()
    start = engine.new_game(player_names(game), game.options, game.deal_seed, game.bag or None)
    reviews = review_game(
        engine,
        start,
        [(m.seat, m.text) for m in moves],
        budget=budget_for(own),
        rng_for=lambda n: rng_of(game, n),
        only=found.seat,
    )
    rows = [
        {
            "n": r.n,
            "played": r.played,
            "points": r.points,
            "best": r.best,
            "best_points": r.best_points,
            "missed": r.missed,
            "matched": r.matched,
        }
        for r in reviews
    ]
    PracticeReview.objects.filter(pk=found.pk).update(done=True, rows=rows)
    log.info(
        "Reviewed seat %s of practice game %s: %s moves in %.1f s", found.seat, game.pk, own, time.monotonic() - started
    )
    found.refresh_from_db()
    return found
