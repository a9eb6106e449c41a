"""Profiles in the admin. Suspensions go through the games service, so each one is logged with its reason."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest

from wordgames.games import actions
from wordgames.games.admin import with_reason

from .models import Profile

User = get_user_model()


@with_reason("Suspend these players", permission="suspend")
def suspend(modeladmin: Any, request: HttpRequest, profile: Profile, data: dict) -> None:
    actions.set_suspended(profile.user, request.user, data["reason"])


@with_reason("Lift the suspension", permission="suspend")
def unsuspend(modeladmin: Any, request: HttpRequest, profile: Profile, data: dict) -> None:
    actions.set_suspended(profile.user, request.user, data["reason"], suspended=False)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "time_zone", "suspended")
    list_filter = ("suspended",)
    search_fields = ("user__username", "user__email", "display_name")
    fields = ("user", "display_name", "time_zone", "suspended", "suspended_reason")
    readonly_fields = ("user", "suspended", "suspended_reason")
    actions = [suspend, unsuspend]

    def has_suspend_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.suspend_players")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    fields = ("display_name", "time_zone", "suspended", "suspended_reason")
    readonly_fields = ("suspended", "suspended_reason")


class UserWithProfileAdmin(UserAdmin):
    def get_inlines(self, request: HttpRequest, obj: Any = None) -> list:
        # A new user's profile comes from the post_save signal; an inline on the add form would make a second.
        return [ProfileInline] if obj is not None else []


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, UserWithProfileAdmin)
