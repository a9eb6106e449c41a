"""The new-event form: the event's own fields, and the chosen game's options as the new-game form offers them
(``games.forms.NewGameForm``'s option fields, reused, not copied)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from wordgames.engines import engine_names, get_engine
from wordgames.games.forms import CLOCKS, NewGameForm

from .models import Event

DATE = forms.DateTimeInput(attrs={"type": "datetime-local"})


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    kind = forms.ChoiceField(label=_("Game"), choices=[(n, get_engine(n).title) for n in engine_names()])
    format = forms.ChoiceField(label=_("Format"), choices=Event.Format.choices)
    table_size = forms.IntegerField(label=_("Players at each game"), min_value=2, max_value=10, initial=2)
    rounds = forms.IntegerField(
        label=_("Rounds (Swiss) or seasons (league)"),
        min_value=1,
        max_value=100,
        required=False,
        help_text=_("A league without a number of seasons plays season after season."),
    )
    division_size = forms.IntegerField(
        label=_("Players in a division (league)"), min_value=3, max_value=50, required=False, initial=8
    )
    promoted = forms.IntegerField(
        label=_("Promoted and relegated (league)"),
        min_value=1,
        max_value=24,
        required=False,
        initial=2,
        help_text=_("How many of each division go up one, and how many go down one, at a season's end."),
    )
    reach = forms.IntegerField(
        label=_("Challenge reach (ladder)"),
        min_value=1,
        max_value=20,
        required=False,
        initial=3,
        help_text=_("A player may challenge anyone up to this many places above them."),
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    clock = forms.ChoiceField(label=_("Time per move"), initial="3d", choices=[(k, v[0]) for k, v in CLOCKS.items()])
    days_away_limit = forms.IntegerField(
        label=_("Days away a game may take"),
        min_value=0,
        max_value=365,
        required=False,
        help_text=_(
            "Once a game has had this many days away, days away no longer stop its clock. Empty: no "
            "limit but the players' own."
        ),
    )
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=10_000, initial=16)
    signup_deadline = forms.DateTimeField(label=_("Sign-up closes"), widget=DATE)
    starts_at = forms.DateTimeField(label=_("Starts"), widget=DATE)

    def __init__(self, *args: Any, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["kind"].initial = kind
        # The chosen game's options, as the new-game form has them; only its option fields are kept.
        self.game = NewGameForm(get_engine(kind), *args, **kwargs)
        for name in list(self.game.fields):
            if not (name.startswith("opt_") or name == "preset"):
                del self.game.fields[name]
        preset = self.game.fields.get("preset")
        if isinstance(preset, forms.ChoiceField):  # left empty: the game's own default preset
            preset.required = False
            engine = get_engine(kind)
            preset.choices = [("", _("the game's default")), *((p, p) for p in engine.presets)]

    def option_fields(self) -> list[forms.BoundField]:
        return self.game.option_fields()

    def is_valid(self) -> bool:
        return all([super().is_valid(), self.game.is_valid()])

    def chosen_options(self) -> dict[str, Any]:
        options = self.game.chosen_options()
        if not options.get("preset"):
            options.pop("preset", None)
        return options
