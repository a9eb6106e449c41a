""" "Did you mean ...?" never points one way by chance: a typo as near to two commands' words (German ``anmelden``,
join, and ``abmelden``, withdraw, are one letter apart) names both. Every language's command words are scanned for
pairs a typo can be near to at once, and the typos between them checked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core import mail

from tests.games.conftest import start_game
from tests.i18n.catalogue import speaks
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_as_typed import to_site
from wordgames.events.models import Event
from wordgames.games.commandwords import ENGLISH, EVENTS, Words, _allowed, distance
from wordgames.games.models import ChatMessage, Move

LANGUAGES = [code for code, _name in django_settings.LANGUAGES]
PLACES = {"game": ENGLISH, "site": EVENTS + ENGLISH}  # the commands a typo may be, in a game and at the site


def candidates(words: Words, among: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every word a typo is compared with, as ``Words.near`` compares them, and the command it means."""
    return [(english, english) for english in among] + [
        (local, meant) for local, (meant, _written) in words.local.items() if meant in among
    ]


def close_pairs(words: Words, among: tuple[str, ...]) -> list[tuple[str, str]]:
    """Pairs of words of two commands that one typo can be near to at once."""
    found = candidates(words, among)
    return [
        (a, b)
        for n, (a, meant_a) in enumerate(found)
        for b, meant_b in found[n + 1 :]
        if meant_a != meant_b and _allowed(a) and _allowed(b) and distance(a, b) <= _allowed(a) + _allowed(b)
    ]


def one_edit(word: str, letters: set[str]) -> Iterator[str]:
    for i in range(len(word) + 1):
        for letter in letters:
            yield word[:i] + letter + word[i:]
    for i in range(len(word)):
        yield word[:i] + word[i + 1 :]
        for letter in letters:
            yield word[:i] + letter + word[i + 1 :]
        if i + 1 < len(word):
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def on_the_way(a: str, b: str) -> list[str]:
    """The words met going from ``a`` to ``b`` one edit at a time (letters changed, dropped or added along an
    alignment with the fewest edits): the middle ones are as near to both."""
    table = [[i + j if not i or not j else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    edits: list[tuple[str, int, str]] = []
    i, j = len(a), len(b)
    while i or j:
        if i and j and table[i][j] == table[i - 1][j - 1] + (a[i - 1] != b[j - 1]):
            if a[i - 1] != b[j - 1]:
                edits.append(("change", i - 1, b[j - 1]))
            i, j = i - 1, j - 1
        elif i and table[i][j] == table[i - 1][j] + 1:
            edits.append(("drop", i - 1, ""))
            i -= 1
        else:
            edits.append(("add", i, b[j - 1]))
            j -= 1
    letters, met = list(a), []
    for kind, at, letter in edits:  # from the end of ``a``: the positions before each edit stay where they were
        if kind == "change":
            letters[at] = letter
        elif kind == "drop":
            del letters[at]
        else:
            letters.insert(at, letter)
        met.append("".join(letters))
    return met[:-1]


def nearest_commands(words: Words, typo: str, among: tuple[str, ...]) -> set[str]:
    """The commands whose words are nearest to ``typo`` among those within a typo's reach."""
    reach: dict[str, int] = {}
    for word, meant in candidates(words, among):
        edits = distance(typo, word)
        if edits <= _allowed(word):
            reach[meant] = min(edits, reach.get(meant, edits))
    return {meant for meant, edits in reach.items() if edits == min(reach.values())}


def test_the_scan_finds_the_german_pair() -> None:
    assert ("anmelden", "abmelden") in close_pairs(Words("de"), PLACES["site"])


@pytest.mark.parametrize("place", sorted(PLACES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_typo_between_two_commands_words_suggests_only_one_of_them(language: str, place: str) -> None:
    words, among = Words(language), PLACES[place]
    ambiguous = []
    for a, b in close_pairs(words, among):
        typos = {*on_the_way(a, b), *one_edit(a, set(b)), *one_edit(b, set(a))}
        for typo in sorted(typos):
            if distance(typo, a) > _allowed(a) or distance(typo, b) > _allowed(b):
                continue  # near to one of them at most
            nearest = nearest_commands(words, typo, among)
            suggested = {meant for meant, _shown in words.near(typo, among=among)}
            if words.command(typo) is not None or words.event(typo) is not None or not nearest:
                continue  # a command itself (or a notation word): no typo
            if not suggested <= nearest or (len(suggested) == 1 and len(nearest) > 1):
                ambiguous.append((typo, a, b, sorted(nearest), sorted(suggested)))
            if len(nearest) == 2:
                assert suggested == nearest, (typo, a, b)
    assert not ambiguous, ambiguous[:10]


def test_a_typo_one_letter_from_anmelden_and_abmelden_names_both() -> None:
    words = Words("de")
    assert words.near("amelden", among=EVENTS + ENGLISH) == (("join", "anmelden"), ("withdraw", "abmelden"))
    assert words.near("anmeldn", among=EVENTS + ENGLISH) == (("join", "anmelden"),)  # nearer to one: that one
    assert words.near("abmeldn", among=EVENTS + ENGLISH) == (("withdraw", "abmelden"),)


@pytest.fixture
def _real_commits(transactional_db: Any) -> None:
    """Emails go out after the commit, as in production."""


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


@pytest.mark.usefixtures("_real_commits")
def test_amelden_to_the_site_asks_anmelden_or_abmelden_and_does_nothing(ann: Any, tmp_path: Path) -> None:
    speaks(ann, "de")
    record = by_pipe(to_site("amelden 12"), tmp_path)
    assert record is not None and record.outcome == "refused"
    answer = latest_to("ann@example.com").body
    assert "anmelden" in answer and "abmelden" in answer  # the site's command list names beitreten, zurückziehen
    assert not Event.objects.exists()


@pytest.mark.usefixtures("_real_commits")
def test_a_typo_between_two_japanese_commands_names_both_in_a_game(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(ann, "ja")
    speaks(bob, "ja")
    game = start_game(ann, bob, {"preset": "classic"}, seed=7)
    record = by_pipe(mime.reply(latest_to("ann@example.com"), "チャック"), tmp_path)
    assert record is not None and record.outcome == "refused"
    answer = latest_to("ann@example.com").body
    assert "チャット" in answer and "チェック" in answer
    assert not Move.objects.filter(game=game).exists() and not ChatMessage.objects.filter(game=game).exists()
