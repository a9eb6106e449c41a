"""Moderators' lists of events, entries and tables: to look, not to write (events are created on their page and
change only through their doors)."""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import Entry, Event, EventGame


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnly):
    list_display = ["name", "kind", "format", "status", "starts_at", "max_players"]
    list_filter = ["status", "format", "kind"]
    search_fields = ["name"]
    raw_id_fields = ["created_by"]


@admin.register(Entry)
class EntryAdmin(ReadOnly):
    list_display = ["event", "user", "withdrawn", "created"]
    raw_id_fields = ["event", "user"]


@admin.register(EventGame)
class EventGameAdmin(ReadOnly):
    list_display = ["event", "round", "table", "game"]
    raw_id_fields = ["event", "game"]
