from django.contrib import admin
from django.utils.translation import gettext_lazy

from .models import Seek, SeekMail, SeekSeat
from .queries import clock_text


class SeekSeatInline(admin.TabularInline):
    model = SeekSeat
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Seek)
class SeekAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "creator",
        "players",
        "rated",
        "time_per_move",
        "band",
        "rating",
        "state",
        "created",
        "expires_at",
        "game",
    )
    list_filter = ("state", "kind", "rated", "players")
    search_fields = ("creator__username",)
    raw_id_fields = ("creator", "game")
    inlines = [SeekSeatInline]

    @admin.display(description=gettext_lazy("time per move"), ordering="move_time")
    def time_per_move(self, seek: Seek) -> str:
        return clock_text(seek.move_time)  # "3 days" in the reader's language, not Python's "3 days, 0:00:00"


@admin.register(SeekMail)
class SeekMailAdmin(admin.ModelAdmin):
    list_display = ("user", "next_due", "since")
    raw_id_fields = ("user",)
    search_fields = ("user__username",)
