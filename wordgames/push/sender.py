"""Hand one message to one device's push service (pywebpush: encrypted with aes128gcm, signed with VAPID)."""

from __future__ import annotations

import json
import logging
from typing import Any

import requests
from django.conf import settings
from django.utils import timezone
from pywebpush import WebPushException, webpush

from . import keys
from .models import Subscription

log = logging.getLogger(__name__)

SENT, GONE, REFUSED, OFF = "sent", "gone", "refused", "off"


class PushUnavailable(Exception):
    """The push service could not take the message now (no answer, 429, 5xx): worth a retry later."""


def deliver(subscription: Subscription, payload: dict[str, Any]) -> str:
    """Send ``payload`` (JSON) to the device. SENT; GONE when the push service says the subscription no longer
    exists (404, 410), which deletes it; REFUSED when it refuses this message for good (logged); OFF when the site
    has no VAPID key. Raises ``PushUnavailable`` when a later try may succeed."""
    key = keys.signing_key()
    if key is None:
        return OFF
    try:
        webpush(
            subscription.info(),
            json.dumps(payload),
            vapid_private_key=key,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=settings.PUSH_TTL,
            timeout=settings.PUSH_TIMEOUT,
        )
    except WebPushException as e:
        status = getattr(e.response, "status_code", None)
        if status in (404, 410):
            Subscription.objects.filter(pk=subscription.pk).delete()
            return GONE
        if status is None or status == 429 or status >= 500:
            raise PushUnavailable(f"push service answered {status}") from e
        log.warning("Push service refused a message for subscription %s: %s", subscription.pk, status)
        return REFUSED
    except requests.RequestException as e:
        raise PushUnavailable(str(e)) from e
    Subscription.objects.filter(pk=subscription.pk).update(last_push=timezone.now())
    return SENT
