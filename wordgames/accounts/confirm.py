"""An account's email address is set only from a link opened by whoever reads that address.

Signing up and changing the address both send the link (in a task); the address is never shown to belong to
an account: when it does, its owner gets a note instead of a link, and the page answers the same."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from .languages import speaking

SALT = "wordgames.accounts.email"
MAX_AGE = 3 * 24 * 3600


class BadLink(Exception):
    pass


def address_taken(address: str, exclude_pk: int | None = None) -> bool:
    return get_user_model().objects.filter(email__iexact=address).exclude(pk=exclude_pk or 0).exists()


def make_token(user: Any, address: str) -> str:
    # The current address is signed too: once the address changes, older links stop working.
    return signing.dumps({"u": user.pk, "e": address, "was": user.email}, salt=SALT, compress=True)


def send_confirmation(user_id: int, address: str) -> None:
    User = get_user_model()
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        return
    site_root = settings.SITE_ROOT.rstrip("/")
    context = {"user": user, "address": address, "site_root": site_root, "site_name": settings.SITE_NAME}
    owner = User.objects.filter(email__iexact=address).exclude(pk=user.pk).first()
    # Written in the language of whoever reads the address: the account that owns it, else the one asking.
    with speaking(owner or user):
        if owner is not None:
            template = "accounts/email_in_use.txt"
            subject = _("Your address and %(site)s") % {"site": settings.SITE_NAME}
            context["owner"] = owner
        else:
            template = "accounts/email_confirm.txt"
            subject = _("Confirm your email address for %(site)s") % {"site": settings.SITE_NAME}
            context["link"] = site_root + reverse("confirm_email", args=[make_token(user, address)])
        send_mail(subject, render_to_string(template, context), None, [address])


def confirm(token: str) -> tuple[Any, str]:
    """Set the address the link was made for; return the user and the address, or raise BadLink."""
    try:
        data = signing.loads(token, salt=SALT, max_age=MAX_AGE)
    except signing.BadSignature:
        raise BadLink(_("This link is not valid or is more than three days old: ask for a new one.")) from None
    user = get_user_model().objects.filter(pk=data["u"]).first()
    if user is None or user.email != data["was"]:
        raise BadLink(_("This link has been used already, or a newer one was sent: use the newest."))
    if address_taken(data["e"], exclude_pk=user.pk):
        raise BadLink(_("Another account has confirmed this address meanwhile."))
    user.email = data["e"]
    user.save(update_fields=["email"])
    return user, data["e"]
