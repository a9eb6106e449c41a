"""Private reply addresses: ``play+<seat>-<mac>@domain``, one per player per game.

The local part carries the seat's id and a MAC over (seat, player, game), so it cannot be guessed or
altered, and it stops working when the seat changes hands (a moderator replaced the player). Lower-case
letters and digits only: some mail systems fold the case of local parts.
"""

from __future__ import annotations

import base64
import re
from email.utils import getaddresses, parseaddr
from typing import Any

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "wordgames.pbem.reply-address"  # its first home's name: changing it would void every address given out
TOKEN = re.compile(r"^(\d+)-([a-z2-7]{16})$")


def _mac(seat_id: int, user_id: int | None, game_id: int) -> str:
    digest = salted_hmac(SALT, f"{seat_id}:{user_id}:{game_id}", algorithm="sha256").digest()
    return base64.b32encode(digest).decode().lower()[:16]


def token_for(seat: Any) -> str:
    return f"{seat.pk}-{_mac(seat.pk, seat.user_id, seat.game_id)}"


def reply_address(seat: Any) -> str:
    """The address a player replies to; ``settings.REPLY_ADDRESS`` gives the mailbox and domain."""
    name, address = parseaddr(settings.REPLY_ADDRESS)
    local, _, domain = address.partition("@")
    full = f"{local}+{token_for(seat)}@{domain}"
    return f"{name} <{full}>" if name else full


def token_in(addresses: list[str]) -> str | None:
    """The first ``+token`` found in these address headers' values (To, Cc, Delivered-To, the envelope)."""
    for _, address in getaddresses(addresses):
        local = address.partition("@")[0].lower()
        if "+" in local:
            return local.split("+", 1)[1]
    return None


def tokens_in(addresses: list[str]) -> list[str]:
    """Every ``+token`` in these address headers' values, those at the site's own mailbox first (a reply-all
    may put someone else's plus address first in To)."""
    _, ours = parseaddr(settings.REPLY_ADDRESS)
    our_local, _, our_domain = ours.lower().partition("@")
    mine: list[str] = []
    others: list[str] = []
    for _, address in getaddresses(addresses):
        local, _, domain = address.lower().partition("@")
        if "+" not in local:
            continue
        base, token = local.split("+", 1)
        (mine if (base, domain) == (our_local, our_domain) else others).append(token)
    return list(dict.fromkeys(mine + others))


def check_token(token: str) -> tuple[int, str] | None:
    """``(seat_id, mac)`` if the token is well formed, else None. The MAC is checked by ``verify``."""
    match = TOKEN.match(token or "")
    return (int(match.group(1)), match.group(2)) if match else None


def verify(seat: Any, mac: str) -> bool:
    return constant_time_compare(mac, _mac(seat.pk, seat.user_id, seat.game_id))
