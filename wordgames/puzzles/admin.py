from django.contrib import admin

from .models import DailyPuzzle, Puzzle


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("id", "engine", "played", "points", "best", "best_points", "created")
    list_filter = ("engine",)
    raw_id_fields = ("move",)


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ("day", "engine", "puzzle")
    list_filter = ("engine",)
    raw_id_fields = ("puzzle",)
