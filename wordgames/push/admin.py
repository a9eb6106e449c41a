from django.contrib import admin

from .models import Subscription


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "label", "created", "last_push")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    readonly_fields = ("endpoint", "p256dh", "auth", "created", "last_push")
