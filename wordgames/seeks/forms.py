"""The seek form (the new-game form's game options and clock, without named seats) and the list's filters."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.engine import Engine
from wordgames.games.engine_texts import engine_text
from wordgames.games.forms import CLOCKS, NewGameForm

from .queries import TIMES, Filters

BANDS = [("", gettext_lazy("anyone")), ("100", "±100"), ("200", "±200"), ("300", "±300"), ("500", "±500")]
ANY = pgettext_lazy("a filter left open", "any")
# A seek has a time per move and nothing else on its clock (the reminder comes at 80 %).
SEEK_CLOCKS = [(key, label) for key, (label, _, reminder) in CLOCKS.items() if reminder is None]
# Not for strangers: seats and team-mates are whoever takes them; a practice game's hints.
_NOT_IN_SEEKS = ("partners", "private", "chat_public", "opt_hints")


class SeekForm(NewGameForm):
    rated = forms.BooleanField(
        label=gettext_lazy("Rated"),
        required=False,
        initial=True,
        help_text=gettext_lazy("The result changes the players' ratings in this game."),
    )
    band = forms.TypedChoiceField(
        label=gettext_lazy("Ratings"),
        choices=BANDS,
        required=False,
        coerce=int,
        empty_value=None,
        help_text=gettext_lazy("Only players whose rating is this close to yours may take a seat."),
    )

    def __init__(self, engine: Engine, *args: Any, **kwargs: Any) -> None:
        super().__init__(engine, *args, **kwargs)
        for name in [n for n in self.fields if n.startswith("seat_") or n in _NOT_IN_SEEKS]:
            del self.fields[name]
        self.fields["players"].label = gettext_lazy("Players, you included")
        clock = cast(forms.ChoiceField, self.fields["clock"])
        clock.choices, clock.initial = SEEK_CLOCKS, "3d"

    def invitees(self) -> list[str]:
        return []


class FilterForm(forms.Form):
    """The list's filters (a GET form): game, players, rated, time per move, and, once a game is chosen, its
    options that take a few values (a preset, a board...)."""

    game = forms.ChoiceField(required=False, label=gettext_lazy("Game"))
    players = forms.TypedChoiceField(
        required=False,
        label=gettext_lazy("Players"),
        coerce=int,
        empty_value=None,
        choices=[("", ANY)] + [(n, str(n)) for n in range(2, 11)],
    )
    rated = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Rated"),
        choices=[("", ANY), ("yes", pgettext_lazy("games", "rated")), ("no", pgettext_lazy("games", "not rated"))],
    )
    time = forms.ChoiceField(
        required=False, label=gettext_lazy("Time per move"), choices=[("", ANY)] + [(k, v[0]) for k, v in TIMES.items()]
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = engine_names()
        cast(forms.ChoiceField, self.fields["game"]).choices = [("", ANY)] + [(n, get_engine(n).title) for n in names]
        chosen = (self.data.get("game") or "") if self.is_bound else ""
        self.engine = get_engine(chosen) if chosen in names else None
        for option in self.engine.options if self.engine else ():
            choices: list[tuple[str, Any]]
            if option.kind == "bool" and option.name != "hints":
                choices = [("", ANY), ("true", gettext_lazy("yes")), ("false", gettext_lazy("no"))]
            elif option.kind == "choice":
                choices = [("", ANY)] + [(str(c), str(c)) for c in option.choices]
            else:
                continue
            self.fields[f"opt_{option.name}"] = forms.ChoiceField(
                required=False, label=engine_text(option.label), choices=choices
            )

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("opt_")]

    def filters(self) -> Filters:
        if not self.is_valid():
            return Filters()
        data = self.cleaned_data
        options: dict[str, Any] = {}
        for option in self.engine.options if self.engine else ():
            value = data.get(f"opt_{option.name}")
            if value:
                options[option.name] = (
                    value == "true" if option.kind == "bool" else next(c for c in option.choices if str(c) == value)
                )
        rated = {"yes": True, "no": False}.get(data.get("rated") or "")
        return Filters(
            kind=data.get("game") or "",
            players=data.get("players"),
            rated=rated,
            time=data.get("time") or "",
            options=options,
        )
