"""anymail's webhooks, only the configured provider's (settings.INBOUND_PROVIDER): another provider's URL
answers 404, so nobody can post mail through a webhook whose secret was never set. ``check --deploy``
fails in production when the configured provider's secret is missing."""

from __future__ import annotations

from typing import Any

from anymail import urls as anymail_urls
from django.conf import settings
from django.core import checks
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, re_path

# The setting (under ANYMAIL) that authenticates each provider's inbound webhook, besides the basic-auth
# WEBHOOK_SECRET every provider can use.
SECRETS = {
    "mailgun": "MAILGUN_WEBHOOK_SIGNING_KEY",
    "postal": "POSTAL_WEBHOOK_KEY",
    "mandrill": "MANDRILL_WEBHOOK_KEY",
    "resend": "RESEND_SIGNING_SECRET",
    "mailersend": "MAILERSEND_INBOUND_SECRET",
}


def _provider_of(pattern: URLPattern) -> str:
    return (pattern.name or "").split("_inbound")[0].split("_tracking")[0].split("_webhook")[0]


def _only_configured(view: Any, provider: str) -> Any:
    def webhook(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if provider != settings.INBOUND_PROVIDER:
            raise Http404("This site takes no mail through this provider.")
        return view(request, *args, **kwargs)

    webhook.csrf_exempt = True  # type: ignore[attr-defined]
    return webhook


app_name = "anymail"
urlpatterns = [
    re_path(p.pattern.regex.pattern, _only_configured(p.callback, _provider_of(p)), name=p.name or "")
    for p in anymail_urls.urlpatterns
    if isinstance(p, URLPattern)
]


def secret_missing(provider: str, anymail: dict[str, Any]) -> bool:
    names = ("WEBHOOK_SECRET", SECRETS.get(provider, ""))
    return bool(provider) and not any(anymail.get(name) for name in names if name)


@checks.register(checks.Tags.security, deploy=True)
def check_inbound_webhook(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    provider = settings.INBOUND_PROVIDER
    if secret_missing(provider, getattr(settings, "ANYMAIL", {}) or {}):
        key = SECRETS.get(provider, "WEBHOOK_SECRET")
        return [
            checks.Error(
                f"The {provider} inbound webhook is mounted without a secret: anyone could post moves through it.",
                hint=f"Set ANYMAIL_{key} (or ANYMAIL_WEBHOOK_SECRET), or INBOUND_PROVIDER= for none.",
                id="wordgames.E014",
            )
        ]
    return []
