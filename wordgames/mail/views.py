"""The local outbox: read the emails the site would have sent. Only when OUTBOX_VISIBLE (a laptop, a demo)."""

from __future__ import annotations

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .models import OutboxMessage


def _visible_or_404() -> None:
    if not settings.OUTBOX_VISIBLE:
        raise Http404("The outbox is not visible on this site.")


@require_GET
def outbox(request: HttpRequest) -> HttpResponse:
    _visible_or_404()
    messages = OutboxMessage.objects.defer("raw", "html", "body")
    page = Paginator(messages, 50).get_page(request.GET.get("page"))
    return render(request, "mail/outbox.html", {"page": page})


@require_GET
def outbox_message(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404()
    message = get_object_or_404(OutboxMessage, pk=pk)
    return render(request, "mail/message.html", {"message": message})
