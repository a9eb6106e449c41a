from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import InboundMessage


@admin.register(InboundMessage)
class InboundMessageAdmin(admin.ModelAdmin):
    """Every email that came in and what became of it: read-only, for moderators answering "my move got lost"."""

    list_display = ("received", "sender", "subject", "outcome", "answered", "game", "via")
    list_filter = ("outcome", "answered", "via")
    search_fields = ("sender", "subject", "message_id", "detail")
    date_hierarchy = "received"
    readonly_fields = [f.name for f in InboundMessage._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
