"""Make a VAPID key for the site's pushes: prints the line to put in the environment, and its public half."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from wordgames.push import keys


class Command(BaseCommand):
    help = "Make a new VAPID key: prints VAPID_PRIVATE_KEY=... for the environment (keep it secret) and the public key."

    def handle(self, *args: Any, **options: Any) -> None:
        key = keys.generate()
        self.stdout.write(f"VAPID_PRIVATE_KEY={keys.private_text(key)}")
        self.stdout.write(f"# public key (browsers get it from the site): {keys.public_text(key)}")
