"""Seeks posted and taken the way players do it: through the site's pages (a form, a button)."""

from __future__ import annotations

from typing import Any

from django.test import Client

from tests.conftest import logged_in
from tests.games.conftest import lingo_game  # noqa: F401  (a running game, for replies to its emails)
from wordgames.ratings.models import Rating, shown
from wordgames.seeks.models import Seek


def post_seek(
    user: Any,
    kind: str = "lingo",
    *,
    players: int = 2,
    rated: bool = True,
    clock: str = "3d",
    band: int | None = None,
    **options: str,
) -> Seek:
    """``user`` posts a seek from the seeks page's form; options are the form's own values."""
    form: dict[str, Any] = {"game": kind, "players": players, "clock": clock, "band": band or ""}
    if rated:
        form["rated"] = "on"
    if kind == "lingo":
        form["preset"] = options.pop("preset", "classic")
    form.update({f"opt_{name}": value for name, value in options.items()})
    response = logged_in(user).post("/seeks/new/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Seek.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def take(user: Any, seek: Seek, client: Client | None = None) -> Any:
    """``user`` presses "Take a seat" on the list; the response followed to the page it lands on."""
    return (client or logged_in(user)).post(f"/seeks/{seek.pk}/take/", {"next": "/seeks/"}, follow=True)


def rate(user: Any, kind: str, value: int) -> None:
    """``user`` has played rated games of ``kind`` and reads ``value``."""
    mu = 25 + (value - 1500) / 40
    Rating.objects.update_or_create(user=user, kind=kind, defaults={"mu": mu, "value": shown(mu), "games": 20})


def said(response: Any) -> list[str]:
    """The messages the page shows the player."""
    return [str(m) for m in response.context["messages"]] if response.context else []
