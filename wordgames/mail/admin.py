from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .models import EmailOptOut, LocalEmail


@admin.register(LocalEmail)
class LocalEmailAdmin(admin.ModelAdmin):
    """Read-only: the local mail is a record of what was sent. Deleting old messages is allowed."""

    list_display = ("created", "to", "subject")
    search_fields = ("to", "subject", "message_id")
    date_hierarchy = "created"
    fields = ("created", "from_email", "to", "subject", "message_id", "body", "html", "raw")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(EmailOptOut)
class EmailOptOutAdmin(admin.ModelAdmin):
    """Addresses without an account that unsubscribed: nothing is sent to them. Deleting a row (at the
    person's request) lets invitations reach them again."""

    list_display = ("address", "created")
    search_fields = ("address",)
    readonly_fields = ("address", "created")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
