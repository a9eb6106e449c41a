"""The part of a reply the player wrote: quotes, attribution lines, forwarded and copied header blocks and
signatures removed, in the languages and layouts of common mail programs.

The message is read line by line (linear time, no pattern that backtracks over a whole message):

- quoted lines (">", and the quote blocks of HTML mail, which ``htmltext`` marks the same way) are never the
  player's; text between them is (a bottom-posted reply, an answer typed inside the quote);
- an attribution ("On ... wrote:", "Am ... schrieb ...:", "… 于…写道：", a Gmail line ending in "<address>:",
  also wrapped over up to three lines or drawn as "---- On ... wrote ----") or a separator ("-------- Original
  Message --------" in any language) introduces a quote: when ">" lines follow, it is skipped; otherwise
  (Outlook, forwards) the rest of the message is the original and is dropped;
- a header block (From/Date/To/Subject, "差出人/送信日時/件名", "מאת/נשלח/נושא", ...: two header lines within
  six, one naming the sender) is likewise the start of the original;
- a signature ("-- ") or a mail program's own line ("Sent from my iPhone", "iPhoneから送信", "Get Outlook for
  Android" in any language) ends the reply.

What mail programs write is recognised from their own localised strings (``markers``, built from data), after
normalisation: full-width colons, bidi and zero-width marks do not hide a line. A first line that still looks
like part of a heading (``looks_quoted``) is neither played nor posted: the player is asked again.

mail-parser-reply's multilingual header patterns are a second opinion on the top-posted part, and the
game's own email is a backstop: its lines (board, pool, scores, instructions) never survive.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mailparser_reply import EmailReplyParser

from . import markers

_SIGNATURE = re.compile(r"^(?:-- ?|--|—|__)$")
_RULE = re.compile(r"^\s*(?:_{10,}|-{10,}|={10,}|[—―─━]{10,})\s*$")
_QUOTED = re.compile(r"^\s*>")
_ADDRESS = re.compile(r"[^\s@<>()]@[^\s@<>()]")
# Lines of the site's own emails (the board and its legend, the pool, scores, instructions, footer).
_OURS = re.compile(
    r"^(?:Pool:|Your tiles|Tiles left in the bag|Upper case: the last move|To move, reply to this email|"
    r"End the move line with|Anything you write on the lines after|Your time to move runs out|Commands:|"
    r"Play on the web:|The rules:|Stop these emails:|All your email settings:|Wordgames\. You get this email|"
    r".{1,40}'s score is -?\d+|You move first\.|.{1,40} to move\.?$)",
    re.IGNORECASE,
)
# A row of a Lexicon Crossing crossword as the player writes it after ``grid``: its signs together ("CAT..") or
# spaced one by one as the game's emails draw them ("C A T . ."). Both are the player's, never a quoted board.
GRID_ROW = re.compile(r"^(?:[A-Za-z.?]+|[A-Za-z.?](?: [A-Za-z.?])+)$")
_SHORT_TOKENS = re.compile(r"^\s*(?:\S{1,3}\s+){6,}\S{1,3}\s*$")
_MAX_LINES = 5_000  # a reply's own text is found long before; the rest of a huge message is not read
_SECOND_OPINION_CHARS = 20_000

_parser = EmailReplyParser(languages=["en", "de", "fr", "es", "it", "nl", "da", "sv", "pl"])


def _attribution(lines: list[str], i: int, depth: int = 0) -> int:
    """How many lines (1-3) the attribution starting at line ``i`` takes; 0 if there is none.

    Gmail wraps a long attribution ("On Mon, 23 Nov 2026 at 10:00, Ann <ann@example.com>" / "wrote:"). A
    template that starts with the name ("{} wrote:") would also take a comment line above an attribution as
    the name: a span of lines is taken only with a template that starts with its own words ("On", "Le", "在"),
    or when the first line already looks like part of one (an address or a date) and the next line is not an
    attribution by itself (unless it starts with the address whose name ends the first)."""
    if _QUOTED.match(lines[i]) or not lines[i].strip():
        return 0
    for span in (1, 2, 3):
        if i + span > len(lines) or (span > 1 and not lines[i + span - 1].strip()):
            break
        if span > 1 and _QUOTED.match(lines[i + span - 1]):
            break
        strength = markers.attribution(" ".join(line.strip() for line in lines[i : i + span]))
        if not strength:
            continue
        if span == 1 or strength == "strong":
            return span
        first, second = lines[i], lines[i + 1].lstrip()
        if ("@" in first or "<" in first or any(c.isdigit() for c in first)) and (
            depth or second.startswith(("<", "[", "(")) or not _attribution(lines, i + 1, depth + 1)
        ):
            return span  # the name ends the first line and its address starts the next one: one attribution
    return 0


def _header_block(lines: list[str], i: int) -> int:
    """How many lines a copied header block starting at line ``i`` takes (0 if none): at least two header
    lines (From/Date/To/Subject in any language the data knows) within six, one of them naming the sender."""
    if not markers.header_kind(lines[i]):
        return 0
    window = lines[i : i + 6]
    kinds = [(n, markers.header_kind(line)) for n, line in enumerate(window)]
    found = [(n, kind) for n, kind in kinds if kind]
    if len(found) < 2 or not any(kind == "from" for _, kind in found):
        return 0
    return found[-1][0] + 1


def _is_board_row(line: str) -> bool:
    """A row of a quoted board (empty cells "." among short tokens) or its column letters."""
    if not _SHORT_TOKENS.match(line):
        return False
    tokens = line.split()
    return tokens.count(".") >= 3 or (len(tokens) >= 7 and all(len(t) == 1 and t.isalpha() for t in tokens))


def _next_is_quote(lines: list[str], j: int) -> bool:
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j < len(lines) and bool(_QUOTED.match(lines[j]))


def own_text(text: str, game_lines: Iterable[str] = ()) -> str:
    """The player's own words in ``text`` (the body of their reply)."""
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[:_MAX_LINES]]
    ours = {" ".join(line.split()) for line in game_lines if line.strip()}
    kept: list[str] = []
    grid = False  # within the rows under a "grid" line: they stay, even when they are the email's own rows
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        grid = grid and bool(GRID_ROW.match(stripped))
        if grid:
            kept.append(stripped)
            i += 1
            continue
        if _QUOTED.match(line):
            i += 1
            continue
        if _SIGNATURE.match(stripped):
            break
        if markers.is_client_line(stripped):
            if kept:
                break
            i += 1  # "Sent from my phone" above the player's words (a bottom-post): not theirs
            continue
        span = _attribution(lines, i) or _header_block(lines, i)
        if (
            not span
            and len(stripped) < 200
            and markers.normalise(stripped).endswith(":")
            and _next_is_quote(lines, i + 1)
        ):
            span = 1  # any short line ending in ":" that introduces a quote ("Wordgames wrote:")
        if not span and (markers.is_separator(stripped) or _RULE.match(stripped)):
            span = 1
        if span:
            if _next_is_quote(lines, i + span):
                i += span
                continue
            break  # the original follows unquoted (Outlook, a forward): nothing after is the player's
        if " ".join(stripped.split()) not in ours and not _OURS.match(stripped) and not _is_board_row(stripped):
            kept.append(stripped)
            grid = stripped.lower() == "grid"
        i += 1
    result = "\n".join(kept).strip()
    return _second_opinion(result)


def looks_quoted(line: str) -> bool:
    """Whether a line left as the player's first looks like part of a quoted email's heading (an address, an
    attribution, a header line) that was not recognised as one: no move has an address in it, so such a line
    is neither played nor posted to the table, and the player is asked to write the move on its own."""
    if "@" in line and _ADDRESS.search(line):
        return True
    return bool(markers.attribution(line) or (markers.header_kind(line) and ("<" in line or "@" in line)))


def _second_opinion(text: str) -> str:
    """mail-parser-reply's header patterns in nine languages, on what is left (bounded in size: its patterns
    are not meant for megabytes)."""
    if not text or len(text) > _SECOND_OPINION_CHARS:
        return text
    try:
        reply = _parser.parse_reply(text)
    except Exception:
        return text
    if reply is None:
        return text
    reply = reply.strip()
    # Trust it only to cut a tail off (never to invent or reorder text) and never down to nothing.
    return reply if reply and text.startswith(reply) else text
