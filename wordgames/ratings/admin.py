"""Moderators read ratings and every change a game made; they change them only through games (a take-back of
the last move of a game reopens it and undoes its rating, an abandoned game is not rated)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ["user", "kind", "value", "games", "mu", "sigma", "last_played"]
    list_filter = ["kind"]
    search_fields = ["user__username"]
    list_select_related = ["user"]
    ordering = ["kind", "-value"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnly):
    list_display = ["game", "user", "kind", "value_before", "value_after", "games", "created"]
    list_filter = ["kind"]
    search_fields = ["user__username"]
    list_select_related = ["user", "game"]
    raw_id_fields = ["game", "user"]
