"""Replies from real mail programs, in twenty-five languages of ten families (CJK, right-to-left, Cyrillic,
Nordic, Romance, Germanic, Turkish/Finnish/Hungarian, Slavic in Latin script, Greek, Indic), each through the
pipe, LMTP, the webhook (signed as Mailgun signs) and IMAP (a real Dovecot): the move is played and the comment is
exactly what the player wrote, never the quoted game email, the attribution, the header block or the phone's
signature."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wordgames.games.models import Game, Move
from wordgames.pbem.tasks import poll_imap

from .corpus import FAMILIES, Sample, build, samples
from .deliver import by_pipe, by_webhook
from .mime import reply_address
from .test_imap import deliver, imap_server  # noqa: F401
from .test_inbound import best, latest_to
from .test_lmtp import deliver as deliver_lmtp
from .test_lmtp import receiver  # noqa: F401

SAMPLES = samples()


def test_the_corpus_is_broad() -> None:
    assert len(SAMPLES) >= 30
    assert len({s.client.split(" (")[0] for s in SAMPLES}) >= 10
    assert len({s.language for s in SAMPLES}) >= 20


def test_czech_greek_and_hindi_replies_are_in_the_corpus() -> None:
    """The quote markers' data covers them (Thunderbird's and K-9 Mail's strings): the corpus tests it."""
    assert {"cs", "el", "hi"} <= {s.language for s in SAMPLES}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_language_family_has_replies_from_several_mail_programs(family: str) -> None:
    found = [s for s in SAMPLES if s.family == family]
    assert len(found) >= 3 and len({s.client.split(" (")[0] for s in found}) >= 2, found


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
@pytest.mark.parametrize("way", ["pipe", "lmtp", "webhook", "imap"])
def test_a_real_clients_reply_plays_the_move_with_only_the_players_comment(
    lingo_game: Game, sample: Sample, way: str, tmp_path: Path, settings: Any, request: Any
) -> None:
    move = best(lingo_game, 0)
    raw = build(sample, latest_to("ann@example.com"), move)
    if way == "pipe":
        by_pipe(raw, tmp_path)
    elif way == "lmtp":
        assert (
            deliver_lmtp(request.getfixturevalue("receiver"), raw, [reply_address(latest_to("ann@example.com"))]) == {}
        )
    elif way == "webhook":
        assert by_webhook(raw, settings).status_code == 200
    else:
        port = request.getfixturevalue("imap_server")
        settings.INBOUND_IMAP = {
            "host": "127.0.0.1",
            "port": port,
            "user": "play",
            "password": "secret",
            "folder": "INBOX",
            "allow_cleartext": True,
        }
        deliver(port, raw)
        assert poll_imap() == 1
    played = Move.objects.filter(game=lingo_game).first()
    assert played is not None, "the reply was not played"
    assert (played.text, played.comment) == (move, sample.comment)
