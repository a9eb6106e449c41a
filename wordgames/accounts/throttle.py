"""Limits on what a stranger can make the site do: sign-ups, password resets, email changes, invitations.

A token bucket per (scope, key) in the database: ``settings.THROTTLE[scope] = (tokens, seconds)`` allows that many
uses at once and refills at that pace, so a burst is allowed and a flood is not. Works across processes and
restarts, on SQLite and PostgreSQL (the row is locked while it is read and written)."""

from __future__ import annotations

import datetime
import hashlib
import ipaddress

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import ngettext

from .models import TokenBucket


def _key(scope: str, key: object) -> str:
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:{scope}:{key}".encode()).hexdigest()
    return f"{scope}:{digest[:64]}"


def allow(scope: str, key: object, now: datetime.datetime | None = None, cost: int = 1) -> bool:
    """Take ``cost`` tokens from the bucket of ``key`` in ``scope``; False (and nothing taken) when it has fewer."""
    capacity, period = settings.THROTTLE[scope]
    now = now or timezone.now()
    bucket_key = _key(scope, str(key).strip().lower())
    for _ in range(2):  # a second try when another request created the same bucket meanwhile
        try:
            with transaction.atomic():
                bucket = TokenBucket.objects.select_for_update().filter(key=bucket_key).first()
                if bucket is None:
                    if cost > capacity:
                        return False
                    TokenBucket.objects.create(key=bucket_key, tokens=capacity - cost, updated=now)
                    return True
                elapsed = max(0.0, (now - bucket.updated).total_seconds())
                tokens = min(float(capacity), bucket.tokens + elapsed * capacity / period)
                if tokens < cost:
                    return False
                bucket.tokens, bucket.updated = tokens - cost, now
                bucket.save(update_fields=["tokens", "updated"])
                return True
        except IntegrityError:
            continue
    return False


def client_address(request: HttpRequest) -> str | None:
    """The client's address, for the login lockout (django-axes calls this) and every bucket keyed by address.

    Behind ``PROXY_COUNT`` proxies, each appends the address it got the request from to X-Forwarded-For, so
    the client is the ``PROXY_COUNT``-th entry from the right: the entries left of it are whatever the client
    sent, and anyone can write any address there. With fewer entries than proxies (a request that came round
    them), or an entry that is no address, the address the request came from (``REMOTE_ADDR``)."""
    remote = request.META.get("REMOTE_ADDR") or None
    count = settings.PROXY_COUNT
    if count <= 0:
        return remote
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if len(forwarded) < count:
        return remote
    try:
        return str(ipaddress.ip_address(forwarded[-count]))
    except ValueError:
        return remote


def wait_sentence(scope: str) -> str:
    capacity, period = settings.THROTTLE[scope]
    minutes = max(1, round(period / capacity / 60))
    return ngettext("Please try again in %(minutes)d minute.", "Please try again in %(minutes)d minutes.", minutes) % {
        "minutes": minutes
    }
