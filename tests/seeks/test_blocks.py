"""A block, either way, between a seek's creator (or one of its takers) and another player: neither sees the
other's seeks (the list, the lobby, the seek's own page, Play now), and a seat is refused with only "That seat is
not available.", changing nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in
from wordgames.accounts import relations
from wordgames.games.models import Game
from wordgames.seeks.models import Seek, SeekSeat

from .conftest import post_seek, rate, said, take

pytestmark = pytest.mark.django_db


def shown_to(user: Any) -> set[int]:
    client = logged_in(user)
    on_list = {row.seek.pk for row in client.get("/seeks/").context["rows"]}
    lobby = client.get("/").content.decode()
    on_lobby = {seek.pk for seek in Seek.objects.all() if f'data-seek="{seek.pk}"' in lobby}
    assert on_list >= on_lobby
    return on_list | on_lobby


@pytest.mark.parametrize("who_blocks", ["creator", "taker"])
def test_neither_sees_the_others_seeks_on_any_page(ann: Any, bob: Any, cat: Any, who_blocks: str) -> None:
    anns = post_seek(ann, "lingo")
    bobs = post_seek(bob, "keebble")
    cats = post_seek(cat, "keebble")
    if who_blocks == "creator":
        relations.block(ann, bob)
    else:
        relations.block(bob, ann)
    assert shown_to(ann) == {anns.pk, cats.pk}
    assert shown_to(bob) == {bobs.pk, cats.pk}
    assert logged_in(bob).get(f"/seeks/{anns.pk}/").status_code == 404, "the same answer as for no seek at all"
    assert logged_in(ann).get(f"/seeks/{bobs.pk}/").status_code == 404
    assert logged_in(cat).get(f"/seeks/{anns.pk}/").status_code == 200


@pytest.mark.parametrize("who_blocks", ["creator", "taker"])
def test_a_blocked_player_is_refused_with_only_that_the_seat_is_not_available(
    ann: Any, bob: Any, who_blocks: str
) -> None:
    seek = post_seek(ann, "lingo")
    if who_blocks == "creator":
        relations.block(ann, bob)
    else:
        relations.block(bob, ann)
    assert said(take(bob, seek)) == ["That seat is not available."]
    assert not SeekSeat.objects.exists() and not Game.objects.exists()
    seek.refresh_from_db()
    assert seek.state == Seek.State.OPEN


def test_a_player_blocked_by_a_taker_neither_sees_nor_takes_the_seek(ann: Any, bob: Any, cat: Any) -> None:
    seek = post_seek(ann, "lingo", players=3)
    take(bob, seek)
    relations.block(bob, cat)
    assert seek.pk not in shown_to(cat)
    assert logged_in(cat).get(f"/seeks/{seek.pk}/").status_code == 404
    assert said(take(cat, seek)) == ["That seat is not available."]
    assert SeekSeat.objects.count() == 1 and not Game.objects.exists()


def test_the_refusal_says_the_same_when_the_seek_would_refuse_for_another_reason_too(ann: Any, bob: Any) -> None:
    """Out of the band as well as blocked: the block is not told apart by a different sentence."""
    rate(ann, "lingo", 1900)
    seek = post_seek(ann, "lingo", band=100)
    relations.block(ann, bob)
    assert said(take(bob, seek)) == ["That seat is not available."]


def test_play_now_never_pairs_players_who_block_each_other(ann: Any, bob: Any) -> None:
    seek = post_seek(ann, "lingo")
    relations.block(bob, ann)
    logged_in(bob).post("/seeks/play/", {"game": "lingo"})
    assert not Game.objects.exists() and not SeekSeat.objects.exists()
    mine = Seek.objects.exclude(pk=seek.pk).get()
    assert mine.creator == bob, "bob's own seek is posted instead"
    assert mine.pk not in shown_to(ann)
