"""Profiles in the admin. The games app adds the suspension actions (``games.admin``): a suspension is logged
with its reason and told to the player like every moderation."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpRequest
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy

from wordgames.lib.typed import isolated

from .models import Profile

User = get_user_model()


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "time_zone", "suspended")
    list_filter = ("suspended",)
    search_fields = ("user__username", "user__email", "display_name")
    fields = ("user", "display_name", "time_zone", "suspended", "suspended_reason")
    readonly_fields = ("user", "suspended", "suspended_reason")

    @admin.display(description=gettext_lazy("display name"), ordering="display_name")
    def name(self, profile: Profile) -> SafeString:
        return isolated(profile.display_name)

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
