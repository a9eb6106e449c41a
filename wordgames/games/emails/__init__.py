"""One function per email, one module per family: ``invitations``, ``changes`` (start, your turn, a move, the
end), ``clocks`` (reminder, timeout), ``bulletins`` (news, chat), ``replies``, ``digests``, ``moderation``; over
``game`` (what every game email says, and the one gate that asks ``notices`` whether it goes) over ``letters``
(how any email is made and sent once). The package exports what other modules call.

Each renders a subject and a plain-text body a person can read (the board in a
fixed-width block, the last move's score, what the reader may do now and how to write it), an HTML copy,
and the headers that thread a game's emails into one conversation and let the reader unsubscribe in one
click. Each is sent at most once: ``Notification`` holds a unique key per email, claimed (committed) before
the send and marked sent after it, so a retried task skips what was already sent (``send_letters``).

Whether a player gets an email is decided in ``notices`` alone (``notices.emailed``: their choice for its kind,
``Profile.email_modes``: every email, a daily digest (your turn only) or none; an address without an account
that unsubscribed). Replies to emailed moves are kind ``error``.

Every email is written in its reader's language: each ``send_*`` composes a reader's letter inside
``speaking(reader)`` (subject, text and HTML alike), and a letter is whole once composed, so it keeps that language
however late it is sent. ``send_reply`` is the exception: its text was written when the message was read, and its
caller gives the language that text was written in.
"""

from __future__ import annotations

from .bulletins import send_chat, send_news
from .changes import Event, digests_wait, event_letters, move_letters, notify_players
from .clocks import send_reminder, send_timeout
from .digests import send_digest, send_digests
from .game import result_sentence, seat_name, subject_line, thread_subject
from .invitations import send_invitation
from .letters import (
    BOARD_STYLE,
    INVITATION_DAYS,
    TAKING_OVER,
    Claimable,
    Letter,
    absolute,
    address_unsubscribe_token,
    automatic_headers,
    claim_all,
    compose,
    invitation_token,
    mark_sent,
    read_invitation_token,
    read_unsubscribe_token,
    send_letters,
    unsubscribe_token,
)
from .moderation import send_moderation_notice
from .replies import send_reply

__all__ = [
    "BOARD_STYLE",
    "INVITATION_DAYS",
    "TAKING_OVER",
    "Claimable",
    "Event",
    "Letter",
    "absolute",
    "address_unsubscribe_token",
    "automatic_headers",
    "claim_all",
    "compose",
    "digests_wait",
    "event_letters",
    "invitation_token",
    "mark_sent",
    "move_letters",
    "notify_players",
    "read_invitation_token",
    "read_unsubscribe_token",
    "result_sentence",
    "seat_name",
    "send_chat",
    "send_digest",
    "send_digests",
    "send_invitation",
    "send_letters",
    "send_moderation_notice",
    "send_news",
    "send_reminder",
    "send_reply",
    "send_timeout",
    "subject_line",
    "thread_subject",
    "unsubscribe_token",
]
