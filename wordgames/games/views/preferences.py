"""The email settings page, with days away."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from wordgames.accounts.forms import AwayForm, EmailSettingsForm
from wordgames.accounts.models import profile_for
from wordgames.lib.http import AuthedRequest

from .. import actions
from ..models import Vacation


@login_required
def email_settings(request: AuthedRequest) -> HttpResponse:
    """Which emails to get, and days away (the player's clocks stop while they are away). It lives with the
    games because days away stop the games' clocks; its address is under the account pages."""
    profile = profile_for(request.user)
    form = EmailSettingsForm(request.POST if "save_emails" in request.POST else None, profile=profile)
    away = AwayForm(request.POST if "go_away" in request.POST else None)
    if request.method == "POST":
        try:
            if "save_emails" in request.POST and form.is_valid():
                form.save()
                messages.success(request, _("Your email settings are saved."))
                return redirect("email_settings")
            if "go_away" in request.POST and away.is_valid():
                vacation = actions.set_vacation(request.user, away.cleaned_data["days"])
                messages.success(
                    request,
                    _("You are away until %(date)s; your clocks are stopped.")
                    % {"date": date_format(timezone.localtime(vacation.ends), "DATE_FORMAT")},
                )
                return redirect("email_settings")
            if "come_back" in request.POST:
                actions.end_vacation(request.user)
                messages.success(request, _("Welcome back: your clocks run again."))
                return redirect("email_settings")
        except actions.Refused as e:
            messages.error(request, str(e))
    now = timezone.now()
    context = {
        "form": form,
        "away": away,
        "vacation": Vacation.objects.filter(user=request.user, starts__lte=now, ends__gt=now).first(),
        "used": sum(
            (v.ends - v.starts).days for v in Vacation.objects.filter(user=request.user, starts__year=now.year)
        ),
        "allowance": settings.VACATION_DAYS_PER_YEAR,
    }
    return render(request, "accounts/email_settings.html", context)
