"""Account emails, sent in a task so that the page that asked for one answers the same whatever the address:
the task, not the request, finds out whether the address belongs to an account."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from celery import shared_task
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm

from . import confirm
from .languages import speaking

RETRY = {
    "autoretry_for": (Exception,),
    "retry_backoff": True,
    "retry_backoff_max": 240,
    "retry_kwargs": {"max_retries": 6},
    "acks_late": True,
}


@shared_task(**RETRY)
def send_email_confirmation(user_id: int, address: str) -> None:
    confirm.send_confirmation(user_id, address)


class _ResetForm(PasswordResetForm):
    """Django's reset email, written in the language of the account it goes to (not the task's)."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        with speaking(context.get("user")):
            super().send_mail(
                subject_template_name, email_template_name, context, from_email, to_email, html_email_template_name
            )


@shared_task(**RETRY)
def send_password_reset(address: str) -> None:
    form = _ResetForm({"email": address})
    if form.is_valid():  # sends to active accounts with a usable password only, else nothing
        site_root = settings.SITE_ROOT.rstrip("/")
        form.save(
            domain_override=urlsplit(site_root).netloc,
            subject_template_name="registration/password_reset_subject.txt",
            email_template_name="registration/password_reset_email.txt",
            use_https=site_root.startswith("https"),
            extra_email_context={"site_root": site_root, "site_name": settings.SITE_NAME},
        )
