"""The choices of what to be notified of on one's devices, and a device's subscription as the browser sends it."""

from __future__ import annotations

import base64
import binascii
import ipaddress
from typing import Any
from urllib.parse import urlsplit

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from wordgames.accounts.models import DIGEST, DIGEST_KINDS, EVERY, NONE

from .models import PUSH_KINDS, PushChoices


class PushChoicesForm(forms.Form):
    def __init__(self, *args: Any, choices: PushChoices, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices = choices
        for kind, label in PUSH_KINDS.items():
            options = [(EVERY, _("At once"))]
            if kind in DIGEST_KINDS:
                options.append((DIGEST, _("Once a day, at the digest hour")))
            options.append((NONE, pgettext("no notification", "None")))
            self.fields[kind] = forms.ChoiceField(label=label, choices=options, initial=choices.mode(kind))

    def save(self) -> PushChoices:
        self.choices.modes = {kind: self.cleaned_data[kind] for kind in PUSH_KINDS}
        self.choices.save()
        return self.choices


def _decoded(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SubscriptionForm(forms.Form):
    """What ``PushSubscription.toJSON()`` gives: the push service's address and the device's two keys."""

    endpoint = forms.URLField(max_length=2000, assume_scheme="https")
    p256dh = forms.CharField(max_length=200)
    auth = forms.CharField(max_length=100)

    def clean_endpoint(self) -> str:
        endpoint: str = self.cleaned_data["endpoint"]
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        # The server posts to this address: only a push service's, never one inside the server's own network.
        if parts.scheme != "https" or host == "localhost" or host.endswith(".localhost") or _is_address(host):
            raise forms.ValidationError(_("This is not the address of a push service."))
        return endpoint

    def clean_p256dh(self) -> str:
        key: str = self.cleaned_data["p256dh"]
        try:
            ok = len(_decoded(key)) == 65 and _decoded(key)[0] == 4
        except (binascii.Error, ValueError):
            ok = False
        if not ok:
            raise forms.ValidationError(_("The device's key is not valid."))
        return key

    def clean_auth(self) -> str:
        secret: str = self.cleaned_data["auth"]
        try:
            ok = len(_decoded(secret)) == 16
        except (binascii.Error, ValueError):
            ok = False
        if not ok:
            raise forms.ValidationError(_("The device's secret is not valid."))
        return secret


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


DEVICE_LABEL = gettext_lazy("%(browser)s on %(system)s")


def device_label(user_agent: str) -> str:
    """ "Firefox on Android", from the browser's User-Agent (names of products: not translated)."""
    browsers = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
    ]
    systems = [
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    browser = next((name for mark, name in browsers if mark in user_agent), "")
    system = next((name for mark, name in systems if mark in user_agent), "")
    if browser and system:
        return str(DEVICE_LABEL) % {"browser": browser, "system": system}
    return browser or system or _("A browser")
