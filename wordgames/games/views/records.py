"""A finished game: its record to download, and the replay, move by move."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.html import format_html
from django.views.decorators.http import require_safe

from wordgames.engines import get_engine

from .. import queries
from ..boards import render_board
from ..boardtext import text_board
from ..emails import result_sentence
from ..models import Game
from .common import load_game


@require_safe
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """The game record: only once the game is over, because the seed would tell anyone the bag."""
    game = load_game(pk, request)
    if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED) or game.state is None:
        raise Http404("A record can be downloaded once the game is over.")
    body = json.dumps(queries.game_record(game), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{game.engine}-{game.pk}.json"'
    return response


def _replay_board(engine: Any, state: dict[str, Any], view: dict[str, Any]) -> Any:
    """Lingo's board as SVG; other games as each player's text (the game is over: nothing is secret), in the
    reader's language (the email board's renderer)."""
    if "board" in view:
        return render_board(view["board"])
    texts = [f"{name}:\n{text_board(engine.name, state, seat)}" for seat, name in enumerate(view["players"])]
    return format_html('<pre class="replay-text">{}</pre>', "\n\n".join(texts))


@require_safe
def replay_page(request: HttpRequest, pk: int) -> HttpResponseBase:
    """A finished game move by move: ?n=3 shows the board after the third move."""
    game = load_game(pk, request)
    if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED) or game.state is None:
        raise Http404("A game can be replayed once it is over.")
    moves = list(queries.live_moves(game).select_related("user__profile"))
    n = request.GET.get("n", "")
    shown = min(int(n), len(moves)) if n.isdigit() else len(moves)
    engine = get_engine(game.engine)
    state = engine.new_game(queries.player_names(game), game.options, game.deal_seed, game.bag or None)
    for move in moves[:shown]:
        state, _outcome = engine.apply(state, move.seat, move.text)
    view = engine.view(state, None)
    context = {
        "game": game,
        "moves": moves,
        "shown": shown,
        "count": len(moves),
        "view": view,
        "board_svg": _replay_board(engine, state, view),
        "step": moves[shown - 1] if shown else None,
        "result": result_sentence(game),
        "steps": range(len(moves) + 1),
        "scores": [
            {"user": s.user, "name": view["players"][s.position], "score": view["scores"][s.position]}
            for s in game.seats.all()
        ],
    }
    return render(request, "games/replay.html", context)
