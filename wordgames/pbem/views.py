"""One-click unsubscribe (RFC 8058) and the local mail's "reply" form."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from wordgames.accounts.models import EMAIL_KINDS, NONE, profile_for
from wordgames.games.emails import read_unsubscribe_token
from wordgames.mail.models import EmailOptOut, LocalEmail

from .inbound import handle


@csrf_exempt  # mail programs POST "List-Unsubscribe=One-Click" without a session; the signed token is the proof
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        data = read_unsubscribe_token(token)
        if "a" in data:
            return _unsubscribe_address(request, data["a"])
        user = get_user_model().objects.get(pk=data["u"])
        kind = data["k"]
        label = EMAIL_KINDS[kind]
    except (signing.BadSignature, KeyError, get_user_model().DoesNotExist):
        return render(request, "pbem/unsubscribe.html", {"error": True}, status=400)
    done = False
    if request.method == "POST":
        profile = profile_for(user)
        profile.email_modes = {**(profile.email_modes or {}), kind: NONE}
        profile.save(update_fields=["email_modes"])
        done = True
    return render(request, "pbem/unsubscribe.html", {"label": label, "done": done, "who": user})


def _unsubscribe_address(request: HttpRequest, address: str) -> HttpResponse:
    done = False
    if request.method == "POST":
        EmailOptOut.objects.get_or_create(address=address)
        done = True
    return render(request, "pbem/unsubscribe.html", {"address": address, "done": done})


@require_POST
def local_mail_reply(request: HttpRequest, pk: int) -> HttpResponse:
    """Answer an email in the local mail as its recipient would: a real MIME reply, quoting the original,
    handled exactly like one arriving from a mail server."""
    if not settings.LOCAL_MAIL_VISIBLE:
        raise Http404("The local mail is not visible on this site.")
    original = get_object_or_404(LocalEmail, pk=pk)
    parsed = original.parsed()
    text = request.POST.get("body", "").replace("\r\n", "\n")
    reply = EmailMessage()
    reply["From"] = original.to.split(",")[0].strip()
    reply["To"] = str(parsed.get("Reply-To") or parsed.get("From"))
    subject = original.subject
    reply["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    reply["Date"] = formatdate(localtime=True)
    reply["Message-ID"] = make_msgid("local-mail")
    if original.message_id:
        reply["In-Reply-To"] = original.message_id
        reply["References"] = f"{parsed.get('References', '')} {original.message_id}".strip()
    quoted = "\n".join(f"> {line}" for line in original.body.splitlines())
    reply.set_content(f"{text}\n\nOn {formatdate(localtime=True)}, {original.from_email} wrote:\n{quoted}\n")
    record = handle(AnymailInboundMessage.parse_raw_mime_bytes(reply.as_bytes()), via="local-mail")
    outcome = record.get_outcome_display() or _("already handled")
    messages.info(
        request,
        _("Your reply was handled: %(outcome)s.") % {"outcome": outcome}
        + (f" {record.detail}" if record.detail else ""),
    )
    return redirect("local_mail")
