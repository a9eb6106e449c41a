"""Every refusal the engines raise carries a code whose template fits its values, so the site can word it in any
language; ``str()`` stays the English sentence a player has always read."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engines.lexicon_crossing import conftest as _registers_every_word  # noqa: F401
from wordgames.engines import get_engine
from wordgames.engines.core.errors import EngineRefusal, IllegalMove, InvalidOptions
from wordgames.engines.core.refusals import Listing, Phrase, Plural, Refusal, Template, placeholders, render
from wordgames.engines.core.sentences import Said
from wordgames.engines.keebble.refusals import KeebbleRefusal, Letterfraud, SpecialName
from wordgames.engines.keebble.said import KeebbleSaid
from wordgames.engines.lexicon_crossing.refusals import LexiconCrossingRefusal
from wordgames.engines.lexicon_crossing.said import LexiconCrossingSaid
from wordgames.engines.lingo.refusals import LingoRefusal
from wordgames.engines.lingo.said import LingoSaid
from wordgames.engines.lingua_fences.refusals import LinguaFencesRefusal
from wordgames.engines.lingua_fences.said import LinguaFencesSaid

ENGINES = Path(__file__).resolve().parents[2] / "wordgames" / "engines"
ENUMS = (
    Refusal,
    LingoRefusal,
    KeebbleRefusal,
    Letterfraud,
    SpecialName,
    LexiconCrossingRefusal,
    LinguaFencesRefusal,
    Said,
    LingoSaid,
    KeebbleSaid,
    LexiconCrossingSaid,
    LinguaFencesSaid,
)


def every_enum(base: type[Template] = Template) -> Iterator[type[Template]]:
    for sub in base.__subclasses__():
        yield sub
        yield from every_enum(sub)


def every_code() -> list[Template]:
    return [code for enum in every_enum() for code in enum]


def forms(template: str | Plural) -> list[str]:
    return [template] if isinstance(template, str) else [template.singular, template.plural]


# --- the codes and their templates ------------------------------------------------------------------------------


def test_every_enum_of_codes_is_listed_here_so_none_escapes_these_tests():
    assert set(every_enum()) == set(ENUMS) | {next(e for e in every_enum() if e.__name__ == "Joiner")}


@pytest.mark.parametrize("enum", list(every_enum()), ids=lambda e: e.__name__)
def test_no_two_codes_share_a_template(enum):
    # An Enum quietly makes a member with the same value an alias of the first: two refusals would be one code.
    assert len(enum.__members__) == len(list(enum)), [n for n, m in enum.__members__.items() if m.name != n]


@pytest.mark.parametrize("code", every_code(), ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_every_template_has_only_named_placeholders_and_fills_from_them(code):
    template = code.template
    for text in forms(template):
        assert not re.search(r"%(?!\(\w+\)s|%)", text), f"{code.name}: only %(name)s placeholders: {text!r}"
        assert text == text.strip() and "  " not in text
    if isinstance(template, Plural):
        assert template.count in placeholders(template)
        names = [set(re.findall(r"%\((\w+)\)", text)) for text in forms(template)]
        assert names[0] <= names[1], "the singular may leave out the count ('once'), never anything else"
    values = {name: 1 for name in placeholders(template)}
    assert "%(" not in render(code, values)


def test_a_plural_template_chooses_its_form_by_the_count():
    assert str(IllegalMove(LexiconCrossingRefusal.POOL_EXHAUSTED, count=1)).startswith(
        "The pickup pool has 1 tile left"
    )
    assert str(IllegalMove(LexiconCrossingRefusal.POOL_EXHAUSTED, count=0)).startswith("The pickup pool has 0 tiles")
    assert str(IllegalMove(LexiconCrossingRefusal.JAYWALKED_ALREADY, count=1)) == (
        "You have jaywalked once this round already."
    )


def test_lists_and_phrases_read_as_english_in_the_engines_own_sentence():
    letters = Listing(("E", "X", "Q"), "or")
    assert str(IllegalMove(KeebbleRefusal.NOT_ASKED, letter="Z", letters=letters)) == (
        "Z was not asked for: take one of E or X or Q."
    )
    reasons = Listing((Letterfraud.different, Letterfraud.line), "semicolon")
    assert str(IllegalMove(KeebbleRefusal.LETTERFRAUD_EVERY_RULE, reasons=reasons)) == (
        "Letterfraud: your letters break every rule: the letters must all be different; the letters must be in a "
        "straight line on the board."
    )
    assert str(Phrase(LingoRefusal.LETTERS, {"count": 2, "letter": "E"})) == "2 E tiles"
    assert str(Listing(("ann", "bob", "cat"), "and")) == "ann, bob and cat"


# --- every raise in the source ------------------------------------------------------------------------------------


def _code_of(node: ast.expr, assigned: dict[str, list[ast.expr]]) -> list[Template]:
    """The codes an argument can be: ``Enum.NAME``, ``A if x else B``, or a name assigned one of those."""
    if isinstance(node, ast.IfExp):
        return _code_of(node.body, assigned) + _code_of(node.orelse, assigned)
    if isinstance(node, ast.Name) and node.id in assigned:
        return [code for value in assigned[node.id] for code in _code_of(value, assigned)]
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):  # SpecialName[kind]: every member
        enum = next(e for e in ENUMS if e.__name__ == node.value.id)
        return list(enum)
    assert isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name), ast.unparse(node)
    enum = next((e for e in ENUMS if e.__name__ == node.value.id), None)
    assert enum is not None, f"{ast.unparse(node)} is not a code of the engines' enums"
    return [enum[node.attr]]


def _calls(names: tuple[str, ...], skip: str = "") -> Iterator[tuple[str, ast.Call, dict[str, list[ast.expr]]]]:
    """Every call of one of ``names`` in the engines (but in ``skip``), with the names its function assigns."""
    for path in sorted(ENGINES.rglob("*.py")):
        if path.relative_to(ENGINES).as_posix() == skip:
            continue
        tree = ast.parse(path.read_text(), str(path))
        for function in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Module))]:
            assigned: dict[str, list[ast.expr]] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    assigned.setdefault(node.targets[0].id, []).append(node.value)
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
                    yield f"{path.relative_to(ENGINES)}:{node.lineno}", node, assigned


def _raises() -> Iterator[tuple[str, ast.Call, dict[str, list[ast.expr]]]]:
    """Every refusal the engines make: ``IllegalMove(...)`` and ``InvalidOptions(...)``."""
    return _calls(("IllegalMove", "InvalidOptions"))


RAISES = {where: (call, assigned) for where, call, assigned in _raises()}


def test_the_engines_refuse_in_many_places():
    assert len(RAISES) > 150


@pytest.mark.parametrize("where", sorted(RAISES))
def test_every_refusal_raised_names_a_code_and_gives_exactly_its_values(where):
    call, assigned = RAISES[where]
    assert len(call.args) == 1 and not any(k.arg is None for k in call.keywords), "IllegalMove(CODE, name=value)"
    given_names = {k.arg for k in call.keywords}
    for code in _code_of(call.args[0], assigned):
        assert placeholders(code.template) == given_names, f"{code.name}: {code.template!r}"


def _phrases() -> Iterator[tuple[str, ast.Call, dict[str, list[ast.expr]]]]:
    """Every ``Phrase(CODE, {...})``, ``phrase(CODE, name=value)`` and ``counted(CODE, n)`` of the engines (but the
    helpers that make them, in ``core/sentences.py``)."""
    return _calls(("Phrase", "phrase", "counted"), skip="core/sentences.py")


def test_every_phrase_in_the_source_gives_exactly_its_values():
    seen = 0
    for where, node, assigned in _phrases():
        seen += 1
        kind = node.func.id  # type: ignore[attr-defined]
        if kind == "Phrase":
            names = set() if len(node.args) < 2 else {ast.literal_eval(k) for k in node.args[1].keys}  # type: ignore[attr-defined]
        elif kind == "counted":
            names = {"count"}
        else:
            assert not any(k.arg is None for k in node.keywords), f"{where}: phrase(CODE, name=value)"
            names = {k.arg for k in node.keywords}
        for code in _code_of(node.args[0], assigned):
            assert placeholders(code.template) == names, where
    assert seen >= 40


def test_every_sentence_of_a_played_game_is_its_data_read_in_english():
    """What the server stores (``said``) reads, in English, exactly as the summary the engine wrote."""
    from wordgames.engines.core.refusals import render_value
    from wordgames.engines.core.selfplay import play_game
    from wordgames.engines.core.sentences import from_data, to_data

    seen: list[Any] = []
    for name in ("lingo", "keebble", "lingua-fences", "lexicon-crossing"):
        # A fiftieth of a second a choice (not the quick level's tenth): the same whole games and sentences, and
        # Lingua Fences' 250-odd choices take seconds instead of most of a minute.
        play_game(name, ["quick", "quick"], seed=1, budget=0.02, on_move=lambda *args: seen.append(args[3]))
    assert len(seen) > 40
    for outcome in seen:
        assert outcome.said is not None, outcome.summary
        assert render_value(from_data(to_data(outcome.said))) == outcome.summary


# --- the templates are found by the tools that build the catalogues ----------------------------------------------

# The keywords Django's makemessages gives xgettext for Python (django/core/management/commands/makemessages.py),
# on top of xgettext's own for Python (gettext, ngettext, _ ...).
DJANGO_KEYWORDS = [
    "gettext_noop",
    "gettext_lazy",
    "ngettext_lazy:1,2",
    "pgettext:1c,2",
    "npgettext:1c,2,3",
    "pgettext_lazy:1c,2",
    "npgettext_lazy:1c,2,3",
]


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="xgettext is not installed")
def test_makemessages_extracts_every_template(tmp_path):
    files = [
        str(p)
        for p in sorted([*ENGINES.rglob("refusals.py"), *ENGINES.rglob("said.py"), ENGINES / "core" / "sentences.py"])
    ]
    subprocess.run(
        [
            "xgettext",
            "--language=Python",
            "--from-code=UTF-8",
            "-o",
            str(tmp_path / "e.pot"),
            *(f"--keyword={k}" for k in DJANGO_KEYWORDS),
            *files,
        ],
        check=True,
    )
    catalogue = (tmp_path / "e.pot").read_text()
    # Join the wrapped lines of each string back into one.
    joined = re.sub(r'"\n"', "", catalogue)
    msgids = {
        m.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        for m in re.findall(r'^msgid "(.*)"$', joined, re.M)
    }
    plurals = set(re.findall(r'^msgid_plural "(.*)"$', joined, re.M))
    for code in every_code():
        template = code.template
        if isinstance(template, Plural):
            assert template.singular in msgids and template.plural in plurals, code.name
        else:
            assert template in msgids, code.name
    assert "#, python-format" in catalogue


# --- refusals as the engines raise them ----------------------------------------------------------------------------


def new(name: str, players: int = 2, **options: Any) -> tuple[Any, dict[str, Any]]:
    engine = get_engine(name)
    return engine, engine.new_game(["ann", "bob", "cat", "dan"][:players], options, seed=3)


def refused(engine: Any, state: dict[str, Any], seat: int, move: str) -> EngineRefusal:
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, seat, move)
    return caught.value


TABLE = [
    # (game, options, seat, move, code, values)
    ("lingo", {}, 1, "8H CAT", LingoRefusal.NOT_YOUR_TURN, {"player": "ann"}),
    ("lingo", {}, 0, "pass", LingoRefusal.NO_PASSING, {}),
    ("lingo", {}, 0, "z40 O", LingoRefusal.NO_SUCH_CELL, {"cell": "z40", "last_column": "y", "rows": 25}),
    (
        "lingo",
        {},
        0,
        "hello there friend",
        Refusal.MOVE_UNREADABLE,
        {"text": "\u201chello there friend\u201d", "examples": Refusal.EXAMPLES},
    ),
    ("keebble", {"start": "empty"}, 1, "ask E X", KeebbleRefusal.NOT_YOUR_TURN, {"players": "ann"}),
    ("keebble", {"start": "empty"}, 0, "pass", KeebbleRefusal.NO_PASSING, {}),
    ("keebble", {"start": "empty"}, 0, "ask 1 X", KeebbleRefusal.ASK_NOT_A_LETTER, {"text": "\u201c1\u201d"}),
    ("keebble", {"start": "empty"}, 0, "special c3 DW", KeebbleRefusal.SUPERCELLS_OFF, {}),
    ("lexicon-crossing", {}, 0, "hop", LexiconCrossingRefusal.NOT_UNDERSTOOD, {"text": "\u201chop\u201d"}),
    ("lexicon-crossing", {}, 0, "done", LexiconCrossingRefusal.DONE_TOO_SOON, {}),
    ("lexicon-crossing", {}, 0, "swap E X bob", LexiconCrossingRefusal.SWAP_TEAMS_ONLY, {}),
    ("lexicon-crossing", {}, 0, "grid ab1", LexiconCrossingRefusal.ROW_CHARACTER, {"char": "\u201c1\u201d"}),
    ("lingua-fences", {}, 0, "3C C", LinguaFencesRefusal.TOO_SHORT, {}),
    ("lingua-fences", {}, 0, "hop", LinguaFencesRefusal.UNREADABLE, {"text": "\u201chop\u201d"}),
    ("lingua-fences", {}, 0, "1A CAT", LinguaFencesRefusal.FIRST_WORD_START, {"cell": "c3"}),
]


@pytest.mark.parametrize(
    ("game", "options", "seat", "move", "code", "values"), TABLE, ids=[f"{row[0]}:{row[4].name}" for row in TABLE]
)
def test_a_refused_move_carries_its_code_and_values(game, options, seat, move, code, values):
    engine, state = new(game, **options)
    refusal = refused(engine, state, seat, move)
    assert (refusal.code, refusal.values) == (code, values)
    assert str(refusal) == render(code, values)


def test_a_refusal_with_a_reason_carries_the_reason_as_a_code():
    engine, state = new("lexicon-crossing")
    refusal = refused(engine, state, 0, "green")
    assert refusal.code is LexiconCrossingRefusal.NOT_YET
    reasons = refusal.values["problems"]
    assert isinstance(reasons, Listing)
    assert [r.code for r in reasons.items] == [
        LexiconCrossingRefusal.TILES_NOT_IN_CROSSWORD,
        LexiconCrossingRefusal.EMPTY,
    ]
    assert str(refusal).startswith("Not yet: these tiles are not in your crossword yet: ")


def test_options_are_refused_with_a_code_too():
    with pytest.raises(InvalidOptions) as caught:
        get_engine("lingo").validate_options({"pool": "many"})
    assert caught.value.code is Refusal.OPTION_NOT_WHOLE
    assert caught.value.values == {"option": "pool", "value": "\u201cmany\u201d"}
    assert str(caught.value) == "Option pool must be a whole number, not \u201cmany\u201d."


GAMES = {"lingo": {}, "keebble": {"start": "empty"}, "lexicon-crossing": {}, "lingua-fences": {}}
WORDS = st.sampled_from(
    [
        "8H",
        "H8",
        "c3",
        "3C",
        "CAT",
        "(A)T",
        "?E",
        "ask",
        "E",
        "X",
        "take",
        "wall",
        "c4",
        "grid",
        "green",
        "red",
        "jaywalk",
        "Q",
        "swap",
        "bob",
        "done",
        "pass",
        "special",
        "DW",
        "steal",
        "destroy",
        "blockade",
        "claim",
        "z99",
        "0A",
        "hello",
        "1",
        ".",
        "a.b",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(GAMES)), seat=st.integers(0, 1), words=st.lists(WORDS, min_size=0, max_size=5))
def test_whatever_a_player_writes_a_refusal_fills_its_own_template(game, seat, words):
    engine, state = new(game, **GAMES[game])
    try:
        engine.apply(state, seat, " ".join(words))
    except IllegalMove as e:
        assert isinstance(e.code, Template)
        assert placeholders(e.code.template) == set(e.values)
        assert str(e) == render(e.code, e.values)
