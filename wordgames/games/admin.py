"""Moderators work here. Every action asks why, goes through a service, is logged and told to the players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.db.models import Case, F, QuerySet, TextField, When
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from wordgames.accounts.admin import ProfileAdmin
from wordgames.accounts.models import Profile
from wordgames.lib.http import AuthedRequest
from wordgames.lib.typed import isolated

from . import actions
from .actions.records import privacy_changes
from .models import (
    SECRET_MOVES,
    ChatMessage,
    Game,
    GreenLightRequest,
    ModerationAction,
    Move,
    Notice,
    Notification,
    OwedTask,
    Seat,
    UndoRequest,
    Vacation,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

User = get_user_model()


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}), help_text=_("The players are told.")
    )


class ReplaceForm(ReasonForm):
    user = forms.ModelChoiceField(queryset=User.objects.order_by("username"), label=_("New player"), required=False)
    computer = forms.ChoiceField(
        label=_("Or a computer player"),
        required=False,
        choices=[("", "—"), ("quick", _("Computer, quick")), ("strong", _("Computer, strong"))],
        help_text=_("For a player who left: the computer takes over the seat's tiles and score, and plays on."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if bool(data.get("user")) == bool(data.get("computer")):
            raise forms.ValidationError(gettext("Choose a new player or a computer player (one of them)."))
        return data


def with_reason(title: StrOrPromise, form_class: type[ReasonForm] = ReasonForm, permission: str = "moderate"):
    """Turn ``fn(modeladmin, request, obj, form)`` into an admin action that first asks for a reason.

    The action is offered, and run, only when the model admin's ``has_<permission>_permission`` says yes."""

    def decorate(fn):
        def action(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
            form = form_class(request.POST if "confirm" in request.POST else None)
            if form.is_valid():
                done = 0
                for obj in queryset:
                    try:
                        fn(modeladmin, request, obj, form.cleaned_data)
                        done += 1
                    except actions.Refused as e:
                        modeladmin.message_user(
                            request, gettext("%(object)s: %(refusal)s") % {"object": obj, "refusal": e}, messages.ERROR
                        )
                if done:
                    modeladmin.message_user(
                        request,
                        gettext("%(action)s: done for %(count)d.") % {"action": title, "count": done},
                        messages.SUCCESS,
                    )
                return None
            context = {
                **modeladmin.admin_site.each_context(request),
                "title": title,
                "objects": queryset,
                "form": form,
                "action": fn.__name__,
                "opts": modeladmin.model._meta,
            }
            return render(request, "admin/wordgames_reason.html", context)

        action.__name__ = fn.__name__
        return admin.action(description=title, permissions=[permission])(action)

    return decorate


@with_reason(_("Take back the last move"))
def take_back(modeladmin: Any, request: AuthedRequest, game: Game, data: dict) -> None:
    actions.take_back_last_move(game.pk, request.user, data["reason"])


@with_reason(_("End the game (score as it stands)"))
def end_game(modeladmin: Any, request: AuthedRequest, game: Game, data: dict) -> None:
    actions.end_game(game.pk, request.user, data["reason"])


@with_reason(_("Abandon the game (no result)"))
def abandon_game(modeladmin: Any, request: AuthedRequest, game: Game, data: dict) -> None:
    actions.end_game(game.pk, request.user, data["reason"], abandon=True)


@with_reason(_("Hide the message"))
def hide_chat(modeladmin: Any, request: AuthedRequest, message: ChatMessage, data: dict) -> None:
    actions.hide_message(message.pk, request.user, data["reason"])


@with_reason(_("Put another player in this seat"), ReplaceForm)
def replace_player(modeladmin: Any, request: AuthedRequest, seat: Seat, data: dict) -> None:
    user = data["user"] or actions.player_for(seat.game, data["computer"])
    actions.replace_player(seat.game_id, seat.position, user, request.user, data["reason"])


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "user", "invited_user", "invited_email", "declined", "joined", "due_at", "reminded")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SecretMoves:
    """A private move's letters (a crossword's grid names the tiles a player holds) are not shown while its
    game runs, to moderators and view-only staff alike: the move column gives the public summary instead."""

    @admin.display(description=_("move"))
    def move(self, move: Move) -> str:
        return move.shown_text

    @admin.display(description=_("summary"))
    def told_summary(self, move: Move) -> str:
        """The engine's sentence about the move in the staff member's language (an old row: its stored English)."""
        return move.told

    @admin.display(description=_("outcome"))
    def shown_outcome(self, move: Move) -> Any:
        return gettext("hidden until the game is over (a private move)") if move.is_secret else move.outcome


class MoveInline(SecretMoves, admin.TabularInline):
    model = Move
    extra = 0
    fields = ("seq", "seat", "user", "move", "score", "told_summary", "comment", "source", "taken_back", "created")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Move]:
        return super().get_queryset(request).select_related("game")


class Moderated(admin.ModelAdmin):
    """Rows moderators act on through the actions (offered with "moderate games"), never added or deleted."""

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("games.moderate_games")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(Moderated):
    list_display = ("__str__", "status", "players", "version", "created", "turn_started")
    list_filter = ("status", "engine")
    search_fields = ("seats__user__username", "=id")
    readonly_fields = (
        "engine",
        "options",
        "version",
        "status",
        "result",
        "created_by",
        "created",
        "started",
        "finished",
        "turn_started",
        "draws",
    )
    # The state holds hidden tiles and the bag, the seed and secret decide every draw: never shown while the
    # game runs. Moderators act through the actions.
    exclude = ("state", "seed", "secret", "bag")
    inlines = [SeatInline, MoveInline]
    actions = [take_back, end_game, abandon_game]

    def save_model(self, request: HttpRequest, obj: Game, form: Any, change: bool) -> None:
        if change and "private" in form.changed_data:  # a finished game leaves its players' records or returns
            privacy_changes(obj)
        super().save_model(request, obj, form, change)

    @admin.display(description=_("secret and first tiles"))
    def draws(self, game: Game) -> str:
        if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED):
            return gettext("hidden until the game is over (they would tell the bag)")
        if game.bag:
            return gettext("%(secret)s, first tiles %(tiles)s") % {"secret": game.deal_seed, "tiles": game.bag}
        return f"{game.deal_seed}"

    @admin.display(description=_("players"))
    def players(self, game: Game) -> SafeString:
        return format_html_join(
            ", ", "{}", ((isolated(s.user.username) if s.user else gettext("(open)"),) for s in game.seats.all())
        )


@admin.register(Seat)
class SeatAdmin(Moderated):
    list_display = ("__str__", "user", "invited_user", "invited_email", "declined")
    list_select_related = ("game", "user", "invited_user")
    search_fields = ("user__username", "invited_email", "=game__id")
    # Team-mates come and go through their own doors (asked, accepted, told to the table, counted in the
    # players' records), never by editing the seat: shown, not editable.
    readonly_fields = ("game", "position", "user", "invited_user", "invited_email", "declined", "joined", "partners")
    actions = [replace_player]


@admin.register(Move)
class MoveAdmin(SecretMoves, admin.ModelAdmin):
    list_display = ("game", "seq", "seat", "user", "move", "score", "source", "taken_back", "created")
    list_filter = ("source", "taken_back")
    # Searching the text of a secret move would tell its letters one guess at a time: the search reads the
    # text as the list shows it.
    search_fields = ("=game__id", "user__username", "public_text")
    readonly_fields = tuple(
        {"text": "move", "outcome": "shown_outcome", "summary": "told_summary"}.get(f.name, f.name)
        for f in Move._meta.fields
    )
    fields = readonly_fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Move]:
        public_text = Case(When(SECRET_MOVES, then=F("summary")), default=F("text"), output_field=TextField())
        return super().get_queryset(request).select_related("game").annotate(public_text=public_text)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ModerationAction)
class ModerationActionAdmin(admin.ModelAdmin):
    list_display = ("created", "moderator", "kind", "game", "subject", "reason")
    list_filter = ("kind",)
    readonly_fields = tuple("worded_detail" if f.name == "detail" else f.name for f in ModerationAction._meta.fields)
    fields = readonly_fields

    @admin.display(description=_("detail"))
    def worded_detail(self, action: ModerationAction) -> str:
        """The detail in the staff member's language (logged in English; ``ModerationAction.shown_detail``)."""
        return action.shown_detail

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """Every email the site sent or is sending: "sent" empty means claimed and not (yet) accepted."""

    list_display = ("created", "recipient", "subject", "sent")
    list_filter = (("sent", admin.EmptyFieldListFilter),)
    search_fields = ("recipient", "subject")
    readonly_fields = ("key", "recipient", "subject", "created", "claimed", "sent")


@admin.register(OwedTask)
class OwedTaskAdmin(admin.ModelAdmin):
    """Side effects a write owes that the broker has not taken yet (it was down): the minute's sweep hands
    them over. A row that stays here long, with many attempts, means the broker or a task is broken."""

    list_display = ("created", "task", "args", "attempts")
    readonly_fields = ("task", "args", "kwargs", "created", "attempts")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    """Changes whose players are still to be told (by email), sent a batch at a time. A row that stays here
    with an error is a change whose emails could not be made (a bug, logged): the players see the game on
    the site; fix the bug, then clear the error to have it sent."""

    list_display = ("created", "game", "version", "event", "taken", "error")
    list_filter = ("event",)
    readonly_fields = ("game", "version", "event", "actors_before", "mover", "move", "created", "taken", "taken_by")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "starts", "ends")
    search_fields = ("user__username",)


@admin.register(UndoRequest)
class UndoRequestAdmin(admin.ModelAdmin):
    list_display = ("game", "seat", "move", "status", "created")
    list_filter = ("status",)
    readonly_fields = ("game", "move", "seat", "answers", "status", "created")


@admin.register(GreenLightRequest)
class GreenLightRequestAdmin(admin.ModelAdmin):
    """Lexicon Crossing's green lights: which are waiting and since when, when each will fire, and what became
    of it (for a moderator answering "my green light never came"). Read-only: the protocol owns them."""

    list_display = ("game", "seat", "status", "created", "fire_at", "shown_detail")
    list_select_related = ("game",)
    list_filter = ("status",)
    search_fields = ("game__id",)
    readonly_fields = ("game", "seat", "created", "fire_at", "status", "shown_detail", "move")

    @admin.display(description=_("detail"))
    def shown_detail(self, green: GreenLightRequest) -> str:
        # A refusal lists what is wrong with the crossword: the tiles held, the words on it.
        if green.status == GreenLightRequest.Status.REFUSED and green.game.is_running:
            return gettext("hidden until the game is over (it tells the player's tiles)")
        return green.detail

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# Suspensions are moderation: they are logged and told like the rest, so the games app adds them to the
# profiles' admin (accounts knows nothing of games).
@with_reason(_("Suspend these players"), permission="suspend")
def suspend(modeladmin: Any, request: AuthedRequest, profile: Profile, data: dict) -> None:
    actions.set_suspended(profile.user, request.user, data["reason"])


@with_reason(_("Lift the suspension"), permission="suspend")
def unsuspend(modeladmin: Any, request: AuthedRequest, profile: Profile, data: dict) -> None:
    actions.set_suspended(profile.user, request.user, data["reason"], suspended=False)


class ModeratedProfileAdmin(ProfileAdmin):
    actions = [suspend, unsuspend]


admin.site.unregister(Profile)
admin.site.register(Profile, ModeratedProfileAdmin)


@admin.register(ChatMessage)
class ChatMessageAdmin(Moderated):
    """What players wrote at their tables. A moderator hides a message with a reason (logged, players told)."""

    list_display = ("created", "game", "user", "message", "hidden")
    list_filter = ("hidden",)
    search_fields = ("user__username", "text", "=game__id")
    readonly_fields = ("game", "user", "seat", "message", "source", "created", "hidden")
    actions = [hide_chat]

    @admin.display(description=_("text"))
    def message(self, message: ChatMessage) -> SafeString:
        return isolated(message.text)
