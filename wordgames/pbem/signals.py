"""anymail's inbound webhooks (Mailgun, Postmark, SendGrid, SES, ... any provider anymail supports) send
the ``inbound`` signal; each message goes down the same path as every other way in."""

from __future__ import annotations

from typing import Any

from anymail.signals import inbound
from django.dispatch import receiver

from .inbound import handle


@receiver(inbound, dispatch_uid="wordgames.pbem.inbound")
def on_inbound(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    handle(event.message, via=f"webhook:{esp_name}"[:16], event_id=str(event.event_id or ""))
