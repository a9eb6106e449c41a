"""Games started and played the way a player does it, through the site's URLs (no service functions), so that
tests built on these stay true whichever module the writes live in."""

from __future__ import annotations

import secrets
from typing import Any

from django.test import Client

from tests.conftest import logged_in
from wordgames.engines import get_engine
from wordgames.games.models import Game, Seat


def new_game(kind: str, users: list[Any], clock: str = "7d", **options: str) -> Game:
    """``users[0]`` creates the game from the new-game form, inviting the others by username; each accepts
    from the lobby. Options are the form's own values (``"every-word"``), the first preset unless one is given."""
    engine = get_engine(kind)
    form: dict[str, Any] = {"game": kind, "players": len(users), "clock": clock}
    if engine.presets:
        form["preset"] = options.pop("preset", next(iter(engine.presets)))
    form.update({f"opt_{name}": value for name, value in options.items()})
    form.update({f"seat_{n}": user.username for n, user in enumerate(users[1:], start=2)})
    response = logged_in(users[0]).post("/games/new/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    game = Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
    for user in users[1:]:
        seat = Seat.objects.get(game=game, invited_user=user)
        assert logged_in(user).post(f"/invitations/{seat.pk}/").status_code == 302
    game.refresh_from_db()
    return game


def move(client: Client, game: Game, text: str) -> Any:
    """The move form's POST, at the version the player's page shows."""
    game.refresh_from_db()
    return client.post(f"/games/{game.pk}/move/", {"move": text, "version": game.version, "key": secrets.token_hex(8)})
