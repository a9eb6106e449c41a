"""The engine's commentary on a move already played (e.g. the better move the mover missed).

It runs after the commit, off the request, in the task that then emails the move: the search can take a
good fraction of a second. It adds to the move's record and changes nothing of the game.
"""

from __future__ import annotations

from django.db import transaction

from wordgames.engines import get_engine
from wordgames.engines.core.engine import MoveOutcome

from .models import Move
from .queries import live_moves, player_names


def annotate_move(move_id: int) -> Move | None:
    """Add the engine's commentary to a move already played; the position before the move is rebuilt
    from the moves that came before it."""
    move = Move.objects.select_related("game").filter(pk=move_id).first()
    if move is None or move.taken_back or move.outcome.get("annotated"):
        return move
    game = move.game
    engine = get_engine(game.engine)
    if not engine.annotates(game.options):
        return move
    before = engine.new_game(player_names(game), game.options, game.deal_seed, game.bag or None)
    for earlier in live_moves(game).filter(seq__lt=move.seq):
        before, _ = engine.apply(before, earlier.seat, earlier.text)
    outcome = MoveOutcome(**{k: move.outcome[k] for k in ("seat", "move", "score", "words", "summary", "events")})
    engine.annotate(before, outcome)
    with transaction.atomic():
        fresh = Move.objects.select_for_update().get(pk=move.pk)
        fresh.outcome = {**move.outcome, **outcome.as_dict(), "annotated": True}
        fresh.save(update_fields=["outcome"])
    return fresh
