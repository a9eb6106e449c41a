from django.contrib import admin

from .models import Seek, SeekMail, SeekSeat


class SeekSeatInline(admin.TabularInline):
    model = SeekSeat
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Seek)
class SeekAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "creator", "players", "rated", "move_time", "band", "rating", "state", "created",
                    "expires_at", "game")  # fmt: skip
    list_filter = ("state", "kind", "rated", "players")
    search_fields = ("creator__username",)
    raw_id_fields = ("creator", "game")
    inlines = [SeekSeatInline]


@admin.register(SeekMail)
class SeekMailAdmin(admin.ModelAdmin):
    list_display = ("user", "next_due", "since")
    raw_id_fields = ("user",)
    search_fields = ("user__username",)
