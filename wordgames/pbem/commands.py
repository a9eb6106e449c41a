"""The command or move of an emailed message, read from what the player wrote (``reply.own_text`` has removed
the quotes and the signature): the first line that is not a greeting, as people type it.

- Case and the punctuation that ends a command do not matter: ``Resign.``, ``Help!``, ``?``, ``BOARD``.
- A command stands alone on its line, except for politeness: ``board please``, ``undo, thanks!``,
  ``plateau s'il vous plaît``. Any other word makes the line no command (``resign now`` ends nothing): it is
  refused with the reason, never played nor posted to the chat (``CROWDED``).
- ``?`` after a command that ends or answers something (``Resign?``, ``accept?``) is a question, not a decision:
  nothing is done and the player is told how to write it (``QUESTION``).
- A first line that greets (``Hi Bob,``, ``Bonjour Ann !``, ``こんにちは、``) is skipped when a line follows it; a
  greeting before a command on its line is skipped too (``Hi Bob, board``, ``こんにちは、ヘルプ``).
- ``yes`` / ``no`` (and the writer's language's words) answer an undo request.
- A near miss of a command (``histroy``, ``chek:``, ``bord please``) that is no move in the game is answered
  "did you mean history?" (``TYPO``); so is a mistyped one- or two-word line, never played or posted. A near
  miss as near to two commands (``amelden``: ``anmelden``, join, or ``abmelden``, withdraw) names both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordgames.games.commandwords import ENGLISH, ENGLISH_ONLY, EVENTS, GREETING_MARKS, TRAILING, Words

from .reply import GRID_ROW

_NUMBER = re.compile(r"\s*#\s*(\d+)\s*$")
COMMANDS = ("help", "board", "history", "resign", "undo", "accept", "reject", "decline", "yes", "no")
# Commands that decide something: followed by "?", they are a question.
DECISIONS = ("resign", "accept", "reject", "decline", "yes", "no")
# Commands that take words after them.
WITH_WORDS = ("say", "language", "check")
TYPO, CROWDED, QUESTION = "typo", "crowded", "question"
# The marks that may end a greeting before a command on the same line, full-width and ideographic forms included,
# looked for in the line's first characters only.
_GREETING_END = re.compile("[" + re.escape(GREETING_MARKS) + "，！～､｡]+")
_GREETING_SPAN = 80


@dataclass
class Command:
    word: str  # "move", a command (COMMANDS, WITH_WORDS, the site's own), TYPO, CROWDED or QUESTION
    text: str  # the move as written (for "move"); the words after a command that takes some
    number: int | None  # the #N the player added
    comment: str
    line: str = ""  # the line read as the command or move, as written
    meant: str = ""  # TYPO, CROWDED, QUESTION: the English command the line was taken for
    greeting: str = ""  # a first line that greeted, skipped
    suggested: tuple[str, ...] = ()  # TYPO: the words "did you mean" names (two when two commands are as near)


def parse_command(body: str, words: Words = ENGLISH_ONLY, *, site: bool = False) -> Command | None:
    """The first non-empty line (after a greeting) is the command or move, with an optional ``#N``; the lines
    after it are a comment. ``grid`` alone on a line takes the rows below it (Lexicon Crossing). Commands are read
    in English and in the writer's language (``words``: ``aide`` is ``help`` for a French player), never over a
    move. ``site``: a message to the site's own address, where ``challenge``, ``seek``, ``join`` and
    ``withdraw`` are commands."""
    read = _first_line(body, words)
    if read is None:
        return None
    greeting, line, first, number, comment = read
    tokens = first.split()

    def command(word: str, text: str = first, meant: str = "", suggested: tuple[str, ...] = ()) -> Command:
        return Command(word, text, number, comment, line, meant, greeting, suggested)

    if not tokens:
        return command("move")
    head, after = tokens[0], " ".join(tokens[1:])
    bare = head.rstrip(TRAILING) or head  # "Help!" is help; "?" alone stays "?"
    meant = words.command(bare)
    if meant in WITH_WORDS:
        return command(meant, after)
    event = words.event(bare)
    if event is not None and (site or (event in ("challenge", "seek") and after)):  # in a game: refused as such
        # "join #12": the number is the event's
        return command(event, after or (str(number) if number is not None else ""))
    if meant in COMMANDS:
        if words.courteous(after):
            asked = head.endswith(("?", "？")) or after.endswith(("?", "？"))
            return command(QUESTION, meant=meant) if asked and meant in DECISIONS else command(meant, head)
        if not words.is_move(first):
            return command(CROWDED, meant=meant)
        return command("move")
    near = _near_miss(words, tokens, site=site)
    if near and (site or not words.is_move(first)):
        return command(TYPO, meant=near[0][0], suggested=tuple(shown for _meant, shown in near))
    return command("move")


def _first_line(body: str, words: Words) -> tuple[str, str, str, int | None, str] | None:
    """The greeting skipped (or ""), the line read as written, the command or move on it (without its ``#N``;
    a grid's rows joined), the number, and the comment below it."""
    lines = [line.strip() for line in body.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    if not lines:
        return None
    greeting = ""
    opened = _after_greeting(lines[0], words)
    if opened is not None:
        greeting, lines[0] = opened
    elif len(lines) > 1 and words.greeting(lines[0]) and any(lines[1:]):
        greeting = lines.pop(0)
        while not lines[0]:
            lines.pop(0)
    first, rest = lines[0], lines[1:]
    line, number = first, None
    match = _NUMBER.search(first)
    if match:
        number = int(match.group(1))
        first = first[: match.start()].strip()
    if first.lower() == "grid":
        rows = []
        while rest and GRID_ROW.match(rest[0]):
            rows.append(rest.pop(0).replace(" ", ""))
        first = "grid " + "/".join(rows)
        if rest and _NUMBER.fullmatch(rest[0] if rest[0].startswith("#") else "x"):
            number = int(rest.pop(0).lstrip("#"))
    return greeting, line, first, number, "\n".join(rest).strip()


def _after_greeting(line: str, words: Words) -> tuple[str, str] | None:
    """A line that opens with a greeting and goes on, after a comma or a stop, with a command (``Hi Bob, board``,
    ``こんにちは、ヘルプ``, ``你好，棋盘``): the greeting and the command's part of the line; None for any other line
    (a move after a greeting on its line stays the line as written)."""
    for mark in _GREETING_END.finditer(line, 0, _GREETING_SPAN):
        head, rest = line[: mark.end()].strip(), line[mark.end() :].strip()
        if not rest or not words.greeting(head):
            continue
        word = rest.split()[0].rstrip(TRAILING)
        if word and (words.command(word) is not None or words.event(word) is not None):
            return head, rest
    return None


def _near_miss(words: Words, tokens: list[str], *, site: bool) -> tuple[tuple[str, str], ...]:
    """The commands a mistyped line was meant as (``Words.near``: one, or two as near as each other): its first
    word a near miss, and the line short (one word and politeness, or two words: ``histroy``, ``chek: 13L YET``
    is three but names a cell) — a longer line of words is talk (the chat's). At the site's own address any
    line: there is no chat there."""
    bare = tokens[0].rstrip(TRAILING)
    if not bare:
        return ()
    if site:  # no chat there: a line of any length is a command or nothing
        return words.near(bare, among=EVENTS + ENGLISH)
    after = " ".join(tokens[1:])
    short = len(tokens) <= 2 or words.courteous(after) or any(ch.isdigit() for ch in after)
    return words.near(bare) if short else ()
