"""What every game email says (its subject, the board and what the reader may do now), and how one is made for
its reader: ``game_letter`` asks ``notices.emailed`` whether it goes at all, then composes it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from wordgames.accounts.models import EMAIL_KINDS, display_name, profile_for
from wordgames.engines import get_engine
from wordgames.lib.lists import and_list, comma_list
from wordgames.mail.addresses import reply_address

from .. import notices, queries
from ..boardtext import text_board
from ..models import Game, Move, Seat
from ..refusals import examples
from .letters import (
    Letter,
    absolute,
    address_unsubscribe_token,
    automatic_headers,
    command_words,
    compose,
    send_letters,
    thread_headers,
    unsubscribe_token,
)


def send_game_email(
    key: str,
    to: str,
    subject: str,
    template: str,
    context: dict[str, Any],
    *,
    kind: str,
    user: User | None = None,
    game: Game | None = None,
    seat: Seat | None = None,
    in_reply_to: str = "",
    references: str = "",
) -> bool:
    """Send once per key, unless it is not to go (``notices.emailed``). False when nothing was sent."""
    letter = game_letter(
        key,
        to,
        subject,
        template,
        context,
        kind=kind,
        user=user,
        game=game,
        seat=seat,
        in_reply_to=in_reply_to,
        references=references,
    )
    return letter is not None and bool(send_letters([letter]))


def game_letter(
    key: str,
    to: str,
    subject: str,
    template: str,
    context: dict[str, Any],
    *,
    kind: str,
    user: User | None = None,
    game: Game | None = None,
    seat: Seat | None = None,
    in_reply_to: str = "",
    references: str = "",
) -> Letter | None:
    """The email, or None when it is not to go: ``notices.emailed`` decides (the reader's choice for this kind,
    an address that unsubscribed, no address). ``in_reply_to``: the Message-ID of the message it answers, whose
    ``references`` it carries on."""
    if not notices.emailed(user, kind, to):
        return None
    if game is not None and user is not None and kind != "invitation" and profile_for(user).same_subject:
        subject = ("Re: " if subject.lower().startswith("re:") else "") + thread_subject(game)
    headers = automatic_headers(replying=kind == "error")
    headers.update(thread_headers(game, in_reply_to, references))
    unsubscribe = ""
    if user is not None and kind in EMAIL_KINDS:
        unsubscribe = absolute(reverse("unsubscribe", args=[unsubscribe_token(user, kind)]))
    elif user is None:
        unsubscribe = absolute(reverse("unsubscribe", args=[address_unsubscribe_token(to)]))
    if unsubscribe:
        headers["List-Unsubscribe"] = f"<{unsubscribe}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    context = {
        "site_name": settings.SITE_NAME,
        "site_root": settings.SITE_ROOT,
        "unsubscribe": unsubscribe,
        "kind_label": EMAIL_KINDS.get(kind, ""),
        "preferences": absolute(reverse("email_settings")),
        "commands": command_words(),
        **context,
    }
    reply_to = [reply_address(seat)] if seat is not None and (seat.user_id is not None or seat.is_invitation) else []
    if not reply_to and kind == "error":  # an answer to a message for no game: replies come back to the site
        reply_to = [settings.REPLY_ADDRESS]
    return compose(
        key,
        to,
        subject,
        template,
        context,
        html_context=context,
        boards=[context.get("board", "")],
        headers=headers,
        user=user,
        reply_to=reply_to,
    )


# --- what a game email says ------------------------------------------------------------------------------


def move_number(game: Game) -> int:
    """The number of the next move (what ``#N`` in an emailed move refers to). A game loaded with
    ``live_moves`` annotated (the notification task does) needs no query."""
    live = getattr(game, "live_moves", None)
    return (live if live is not None else game.moves.filter(taken_back=False).count()) + 1


def thread_subject(game: Game) -> str:
    """The subject of every email about a game for a player who wants one subject per game."""
    return _("%(game)s game %(number)s") % {"game": get_engine(game.engine).title, "number": game.pk}


def seat_name(seat: Seat) -> str:
    """A seat's player, or the seat itself while nobody holds it."""
    return seat.user.username if seat.user else _("seat %(number)s") % {"number": seat.position + 1}


def subject_line(game: Game, seats: list[Seat] | None = None, number: int | None = None) -> str:
    """Like pbmserv's "Lingo Board 123 ann to move": the game, its number, the move number, who is to move."""
    engine = get_engine(game.engine)
    values: dict[str, Any] = {"game": engine.title, "number": game.pk}
    if game.status == Game.Status.FINISHED:
        return _("%(game)s game %(number)s: game over") % values
    if game.status == Game.Status.ABANDONED:
        return _("%(game)s game %(number)s: abandoned") % values
    if game.state is None:
        return _("%(game)s game %(number)s") % values
    seats = seats if seats is not None else list(game.seats.select_related("user").order_by("position"))
    names = [seat_name(s) for s in seats]
    waiting = [names[s] for s in sorted(engine.waiting_for(game.state))]
    values["move"] = number if number is not None else move_number(game)
    if not waiting:  # nobody has to move (Lexicon Crossing between green lights)
        return _("%(game)s game %(number)s, move %(move)s") % values
    values["players"] = and_list(waiting)
    return (
        ngettext(
            "%(game)s game %(number)s, move %(move)s: %(players)s to move",
            "%(game)s game %(number)s, move %(move)s: %(players)s to move",
            len(waiting),
        )
        % values
    )


def score_lines(move: Move | None) -> list[str]:
    """The last move's score breakdown: one line per word, then the summary sentence."""
    if move is None:
        return []
    lines = [f"  {w['word']}: {w['score']}" for w in move.outcome.get("words", []) if "word" in w and "score" in w]
    return lines


def game_context(
    game: Game, seat: Seat | None, last: Move | None, number: int | None = None, last_player: str | None = None
) -> dict[str, Any]:
    engine = get_engine(game.engine)
    position = seat.position if seat is not None else None
    actors = engine.actors(game.state) if game.status == Game.Status.ACTIVE else set()
    may_act = position is not None and position in actors
    return {
        "game": game,
        "title": engine.title,
        "board": text_board(game.engine, game.state, position, **queries.view_kwargs(game, position))
        if game.state
        else "",
        "url": absolute(game.get_absolute_url()),
        "rules_url": absolute(reverse("help_page", args=[game.engine])),
        "last": last,
        "last_player": last_player if last_player is not None else (display_name(last.user) if last else ""),
        "score_lines": score_lines(last),
        "may_act": may_act,
        "together": len(actors) > 1,  # several players act at once (a round of Lingua Fences, Keebble's answers)
        "number": number if number is not None else move_number(game),
        "examples": examples(engine, game.state, position) if may_act else [],
        "due_at": seat.due_at if seat is not None and may_act else None,
    }


def result_sentence(game: Game, seats: list[Seat] | None = None) -> str:
    if game.status == Game.Status.ABANDONED:
        return _("The game was abandoned.")
    result = game.result or {}
    seats = seats if seats is not None else list(game.seats.select_related("user").order_by("position"))
    names = [seat_name(s) for s in seats]
    scores = result.get("scores", [])
    winners = [names[s] for s in result.get("winners", [])]
    # Translators: a player's score in the list of scores at the end of a game ("ann 12, bob 9").
    table = comma_list([_("%(name)s %(score)s") % {"name": names[i], "score": score} for i, score in enumerate(scores)])
    if not winners:
        return _("The game is over. Scores: %(scores)s.") % {"scores": table}
    return ngettext(
        "%(winners)s wins. Scores: %(scores)s.", "%(winners)s share the win. Scores: %(scores)s.", len(winners)
    ) % {"winners": and_list(winners), "scores": table}
