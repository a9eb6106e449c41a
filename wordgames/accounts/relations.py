"""Follow and block: what one player chose about another. Other rooms ask these questions at their doors (who
may join, invite, challenge, write); a block is never named in a refusal ("that seat is not available")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from .models import Block, Follow

# The refusal a block gets, never naming the block; ``not_available()`` says it in the active language.
NOT_AVAILABLE = gettext_noop("That seat is not available.")


def not_available() -> str:
    """``NOT_AVAILABLE`` in the reader's language (a page's, or the email reply's)."""
    return gettext(NOT_AVAILABLE)


def _id(user: Any) -> int | None:
    return user if isinstance(user, int) else getattr(user, "pk", None)


def blocked_between(a: Any, b: Any) -> bool:
    """Whether either of two players blocks the other (one query; False for anyone not logged in)."""
    ida, idb = _id(a), _id(b)
    if ida is None or idb is None or ida == idb:
        return False
    return Block.objects.filter(Q(blocker_id=ida, blocked_id=idb) | Q(blocker_id=idb, blocked_id=ida)).exists()


def blocked_among(user: Any, others: Iterable[Any]) -> bool:
    """Whether ``user`` and any of ``others`` block each other, either way (one query)."""
    me = _id(user)
    ids = {i for i in (_id(o) for o in others) if i is not None and i != me}
    if me is None or not ids:
        return False
    return Block.objects.filter(Q(blocker_id=me, blocked_id__in=ids) | Q(blocked_id=me, blocker_id__in=ids)).exists()


def hidden_from(user: Any) -> set[int]:
    """The players whose seeks and news ``user`` does not see, and who do not see theirs: blocked either way."""
    me = _id(user)
    if me is None:
        return set()
    rows = Block.objects.filter(Q(blocker_id=me) | Q(blocked_id=me)).values_list("blocker_id", "blocked_id")
    return {other for pair in rows for other in pair if other != me}


def blocks(user: Any, other: Any) -> bool:
    """Whether ``user`` blocks ``other`` (one way: for the profile page's button)."""
    return Block.objects.filter(blocker_id=_id(user), blocked_id=_id(other)).exists()


def follows(user: Any, other: Any) -> bool:
    return Follow.objects.filter(follower_id=_id(user), followed_id=_id(other)).exists()


def followed_ids(user: Any) -> set[int]:
    me = _id(user)
    return set(Follow.objects.filter(follower_id=me).values_list("followed_id", flat=True)) if me else set()


def block(user: Any, other: Any) -> None:
    """``user`` blocks ``other`` (and stops following them). Blocking oneself does nothing."""
    me, them = _id(user), _id(other)
    if me is None or them is None or me == them:
        return
    with transaction.atomic():
        try:
            with transaction.atomic():
                Block.objects.create(blocker_id=me, blocked_id=them)
        except IntegrityError:
            pass  # blocked already
        Follow.objects.filter(Q(follower_id=_id(user), followed_id=_id(other))).delete()


def unblock(user: Any, other: Any) -> None:
    Block.objects.filter(blocker_id=_id(user), blocked_id=_id(other)).delete()


def follow(user: Any, other: Any) -> bool:
    """``user`` follows ``other``; False (nothing done) for oneself or across a block."""
    if _id(user) == _id(other) or blocked_between(user, other):
        return False
    Follow.objects.get_or_create(follower_id=_id(user), followed_id=_id(other))
    return True


def unfollow(user: Any, other: Any) -> None:
    Follow.objects.filter(follower_id=_id(user), followed_id=_id(other)).delete()


def blocked_by_any(user: Any, others: Iterable[Any]) -> bool:
    """Whether any of ``others`` blocks ``user`` (one way: a game's chat is closed to whom one of its players
    blocks, and stays open to the blocker)."""
    me = _id(user)
    ids = {i for i in (_id(o) for o in others) if i is not None and i != me}
    if me is None or not ids:
        return False
    return Block.objects.filter(blocked_id=me, blocker_id__in=ids).exists()
