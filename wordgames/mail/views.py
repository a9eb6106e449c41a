"""The local mail: read the emails the site would have sent. Only when LOCAL_MAIL_VISIBLE (a laptop, a demo)."""

from __future__ import annotations

from django.conf import settings
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from .models import LocalEmail


def _visible_or_404() -> None:
    if not settings.LOCAL_MAIL_VISIBLE:
        raise Http404("The local mail is not visible on this site.")


@require_GET
def local_mail(request: HttpRequest) -> HttpResponse:
    _visible_or_404()
    messages = LocalEmail.objects.defer("raw", "html", "body")
    page = Paginator(messages, 50).get_page(request.GET.get("page"))
    return render(request, "mail/local_mail.html", {"page": page})


@require_GET
def local_mail_message(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404()
    message = get_object_or_404(LocalEmail, pk=pk)
    return render(request, "mail/message.html", {"message": message})
