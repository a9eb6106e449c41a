"""The notifications page: this device on or off, the devices added, and what to be notified of."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from wordgames.lib.http import AuthedRequest

from . import keys
from .forms import PushChoicesForm, SubscriptionForm, device_label
from .models import PushChoices, Subscription


@login_required
def push_settings(request: AuthedRequest) -> HttpResponse:
    choices, _created = PushChoices.objects.get_or_create(user=request.user)
    form = PushChoicesForm(request.POST if "save_choices" in request.POST else None, choices=choices)
    if request.method == "POST":
        if "save_choices" in request.POST and form.is_valid():
            form.save()
            messages.success(request, _("Your notification settings are saved."))
            return redirect("push_settings")
        if "remove" in request.POST:
            removed, _rows = Subscription.objects.filter(user=request.user, pk=request.POST.get("remove", "")).delete()
            if removed:
                messages.success(request, _("The device is removed: it gets no more notifications."))
            else:
                messages.error(request, _("That device was already removed."))
            return redirect("push_settings")
    context = {
        "form": form,
        "devices": Subscription.objects.filter(user=request.user).order_by("-created"),
        "server_key": keys.application_server_key(),
    }
    return render(request, "push/settings.html", context)


@login_required
@require_POST
def subscribe(request: AuthedRequest) -> JsonResponse:
    """This device, as the browser's ``PushSubscription.toJSON()`` (JSON), is added to the player's devices."""
    try:
        data = json.loads(request.body or b"{}")
        fields = {"endpoint": data.get("endpoint"), **(data.get("keys") or {})}
    except (ValueError, AttributeError, TypeError):
        return JsonResponse({"error": _("The browser sent something that is not a subscription.")}, status=400)
    form = SubscriptionForm(fields)
    if not form.is_valid():
        first = next(iter(form.errors.values()))[0]
        return JsonResponse({"error": first}, status=400)
    with transaction.atomic():
        mine = Subscription.objects.select_for_update().filter(user=request.user)
        known = mine.filter(endpoint=form.cleaned_data["endpoint"]).exists()
        if not known and len(mine) >= settings.PUSH_DEVICES_PER_PLAYER:
            return JsonResponse({"error": _("You have as many devices as you may: remove one first.")}, status=400)
        # The same endpoint again (a browser subscribed under another account before) now belongs to this player.
        Subscription.objects.update_or_create(
            endpoint=form.cleaned_data["endpoint"],
            defaults={
                "user": request.user,
                "p256dh": form.cleaned_data["p256dh"],
                "auth": form.cleaned_data["auth"],
                "label": device_label(request.headers.get("User-Agent", "")),
            },
        )
    return JsonResponse({"ok": True, "message": _("Notifications are on for this device.")})


@login_required
@require_POST
def unsubscribe(request: AuthedRequest) -> JsonResponse:
    """This device (its endpoint, JSON) is removed from the player's devices."""
    try:
        endpoint = str(json.loads(request.body or b"{}").get("endpoint", ""))
    except (ValueError, AttributeError):
        endpoint = ""
    Subscription.objects.filter(user=request.user, endpoint=endpoint).delete()
    return JsonResponse({"ok": True, "message": _("Notifications are off for this device.")})
