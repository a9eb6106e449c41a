"""The seeks' pages: the list with its filters, a seek's own page, the form to post one, and the buttons (take a
seat, leave it, withdraw, play now, the daily email). They read through ``queries`` and write through
``actions``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from wordgames.engines import engine_names, get_engine
from wordgames.games.actions import Refused
from wordgames.games.forms import engine_or_404
from wordgames.lib.http import AuthedRequest

from . import actions, queries
from .emails import read_stop_token
from .forms import FilterForm, SeekForm
from .models import SeekMail

PER_PAGE = 20


@require_safe
def seek_list(request: HttpRequest) -> HttpResponse:
    form = FilterForm(request.GET or None)
    seeks = queries.followed_first(form.filters().apply(queries.open_seeks(request.user)))
    page = Paginator(seeks, PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "rows": queries.rows(list(page.object_list), request.user),
        "query": query.urlencode(),
        "engines": [get_engine(name) for name in engine_names()],
        "mailed": request.user.is_authenticated and SeekMail.objects.filter(user_id=request.user.pk).exists(),
    }
    return render(request, "seeks/list.html", context)


@require_safe
def seek_page(request: HttpRequest, pk: int) -> HttpResponse:
    seek = queries.visible_seek(pk, request.user)
    if seek is None:  # the same answer for a seek that does not exist and one a block hides
        raise Http404("No such seek")
    if seek.is_open:
        rows = queries.rows(list(queries.open_seeks(request.user).filter(pk=seek.pk)), request.user)
    else:
        rows = []
    return render(request, "seeks/seek.html", {"seek": seek, "row": rows[0] if rows else None})


@login_required
def new_seek(request: AuthedRequest) -> HttpResponse:
    engine = engine_or_404(request.GET.get("game") or request.POST.get("game") or "lingo")
    form = SeekForm(engine, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            seek = actions.post_seek(
                request.user,
                engine.name,
                form.chosen_options(),
                players=form.cleaned_data["players"],
                rated=form.cleaned_data["rated"],
                move_time=form.clock_times()["move_time"],
                band=form.cleaned_data.get("band"),
            )
        except Refused as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, _("Your seek is posted. The game starts as soon as every seat is taken."))
            return redirect(seek)
    engines = [get_engine(name) for name in engine_names()]
    return render(request, "seeks/new.html", {"form": form, "engine": engine, "engines": engines})


def _back(request: HttpRequest, fallback: str) -> HttpResponse:
    """Back to the page the button was on (the list, the lobby, the seek), never off the site."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, require_https=request.is_secure()):
        return redirect(target)
    return redirect(fallback)


@login_required
@require_POST
def take(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        seek = actions.take_seat(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
        return _back(request, "seeks")
    if seek.game is not None:
        messages.success(request, _("The last seat is taken: the game has started."))
        return redirect(seek.game)
    messages.success(request, _("You have a seat. The game starts as soon as every seat is taken."))
    return redirect(seek)


@login_required
@require_POST
def leave(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        actions.leave_seat(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("You gave your seat back."))
    return _back(request, "seeks")


@login_required
@require_POST
def withdraw(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        actions.withdraw_seek(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("Your seek is withdrawn."))
    return _back(request, "seeks")


@login_required
@require_POST
def play_now(request: AuthedRequest) -> HttpResponse:
    kind = request.POST.get("game", "")
    try:
        seek = actions.play_now(request.user, kind)
    except Refused as e:
        messages.error(request, str(e))
        return _back(request, "seeks")
    if seek.game is not None:
        messages.success(request, _("You are paired: your game of %(game)s has started.") % {"game": seek.title})
        return redirect(seek.game)
    messages.success(
        request,
        _(
            "Nobody is waiting for %(game)s right now, so your seek is posted: the game starts "
            "as soon as someone takes it."
        )
        % {"game": seek.title},
    )
    return redirect(seek)


@login_required
@require_POST
def seek_mail(request: AuthedRequest) -> HttpResponse:
    if actions.set_seek_mail(request.user, request.POST.get("daily") == "yes"):
        messages.success(
            request,
            _("Every day at your digest hour you will get the new seeks you may take (none on a day without any)."),
        )
    else:
        messages.success(request, _("You will get no more emails of new seeks."))
    return _back(request, "seeks")


@csrf_exempt  # mail programs POST "List-Unsubscribe=One-Click" without a session; the signed token is the proof
@require_http_methods(["GET", "POST"])
def seek_mail_stop(request: HttpRequest, token: str) -> HttpResponse:
    try:
        user = get_user_model().objects.get(pk=read_stop_token(token))
    except (signing.BadSignature, KeyError, ValueError, get_user_model().DoesNotExist):
        return render(request, "seeks/stop.html", {"error": True}, status=400)
    done = request.method == "POST"
    if done:
        actions.set_seek_mail(user, False)
    return render(request, "seeks/stop.html", {"who": user, "done": done})
