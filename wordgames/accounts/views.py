from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from wordgames.lib.http import AuthedRequest

from . import confirm, languages, tasks, throttle
from .forms import ChangeEmailForm, LoginForm, ProfileForm, SignupForm
from .models import Profile, profile_for


def _too_many(request: HttpRequest, scope: str, what: str) -> HttpResponse:
    return render(request, "accounts/throttled.html", {"what": what, "wait": throttle.wait_sentence(scope)}, status=429)


def _send_confirmation(user: Any, address: str) -> None:
    tasks.send_email_confirmation.delay(user.pk, address)  # views run in autocommit: the user is saved


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not throttle.allow("signup", throttle.client_address(request)):
            return _too_many(request, "signup", _("Too many sign-ups from your address."))
        user = form.save()
        address = form.cleaned_data["email"]
        _send_confirmation(user, address)
        login(request, user, backend="wordgames.accounts.backends.ProfileModelBackend")
        messages.success(
            request,
            _(
                "Welcome, %(username)s! You are signed up and logged in. We sent a link to "
                "%(address)s: open it to confirm your address."
            )
            % {"username": user.get_username(), "address": address},
        )
        next_url = request.POST.get("next", "")
        if url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
            return redirect(next_url)
        return redirect("lobby")
    return render(request, "accounts/signup.html", {"form": form, "next": request.GET.get("next", "")})


@login_required
def profile(request: AuthedRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=profile_for(request.user))
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile is saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


@login_required
def change_email(request: AuthedRequest) -> HttpResponse:
    """A new address needs the password, and takes effect when the link sent to it is opened."""
    form = ChangeEmailForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        if not throttle.allow("email_change", request.user.pk):
            return _too_many(request, "email_change", _("Too many address changes."))
        address = form.cleaned_data["email"]
        _send_confirmation(request.user, address)
        if request.user.email:
            sentence = _(
                "We sent a link to %(address)s. Your address changes when you open it; until then it stays %(current)s."
            ) % {"address": address, "current": request.user.email}
        else:
            sentence = _("We sent a link to %(address)s. Your address is set when you open it.") % {"address": address}
        messages.success(request, sentence)
        return redirect("profile")
    return render(request, "accounts/change_email.html", {"form": form})


def confirm_email(request: HttpRequest, token: str) -> HttpResponse:
    if request.method != "POST":  # mail scanners open links: only the button confirms
        return render(request, "accounts/confirm_email.html", {"token": token})
    try:
        user, address = confirm.confirm(token)
    except confirm.BadLink as e:
        return render(request, "accounts/confirm_email.html", {"error": str(e)}, status=400)
    messages.success(request, _("Your email address is now %(address)s.") % {"address": address})
    # The lobby: what waited for the confirmation (invitations sent to this address) is there at once.
    return redirect("lobby" if request.user.is_authenticated else "login")


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """What django-axes answers during a lockout: how long it lasts, and the way out by email."""
    from axes.helpers import get_client_username, get_cool_off, get_failure_limit

    cool_off = get_cool_off(request)
    context = {
        "username": get_client_username(request, credentials) or "",
        "failure_limit": get_failure_limit(request, credentials),
        "cooloff_minutes": max(1, round(cool_off.total_seconds() / 60)) if cool_off else None,
    }
    return render(request, "registration/locked_out.html", context, status=429)


class LoginView(auth_views.LoginView):
    authentication_form = LoginForm
    redirect_authenticated_user = True

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        # Django's view puts the request's host name in site_name, hiding the context processor's SITE_NAME.
        return {**super().get_context_data(**kwargs), "site_name": settings.SITE_NAME}


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset, with the link built from SITE_ROOT rather than the request's Host header."""

    subject_template_name = "registration/password_reset_subject.txt"
    email_template_name = "registration/password_reset_email.txt"
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form: Any) -> HttpResponse:
        address = form.cleaned_data["email"]
        if not (
            throttle.allow("password_reset", throttle.client_address(self.request))
            and throttle.allow("password_reset", address)
        ):
            return _too_many(self.request, "password_reset", _("Too many password resets asked for."))
        # The task looks the address up, so this page does the same work, known address or not.
        tasks.send_password_reset.delay(address)
        return redirect(self.success_url)


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """The language switcher on every page: Django's set_language (a cookie, then back to the page), and for a
    logged-in player the choice is also saved in their profile, so their emails follow it."""
    response = set_language(request)
    code = languages.supported(request.POST.get("language"))
    if code and request.user.is_authenticated:
        Profile.objects.filter(user=request.user).update(language=code)
    return response
