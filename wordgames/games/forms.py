from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django import forms
from django.core.validators import MaxLengthValidator
from django.http import Http404
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from wordgames.engines import get_engine
from wordgames.engines.core.engine import MOVE_MAX, Engine, Option
from wordgames.engines.core.lexicon import lexicon_names

from .engine_texts import engine_text, shown_value

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

DEFAULT = ""  # "use the preset's value"

# Free text is bounded where it comes in, with the limit in the message: a word list is sent with every page.
TEXT_OPTION_MAX = 50_000
HOUSE_WORDS_MAX = 2_000


def _too_long(message: StrOrPromise) -> dict[str, StrOrPromise]:
    """Django's "too long" error, as a whole sentence: it fills in ``limit_value`` and ``show_value``."""
    return {"max_length": message}


def _option_too_long(label: str) -> dict[str, StrOrPromise]:
    sentence = gettext("%(option)s (an option) has at most %(limit_value)d characters (this one has %(show_value)d).")
    return _too_long(sentence.replace("%(option)s", label.replace("%", "%%")))


def _at_most_words(value: str) -> None:
    count = len(value.replace(",", " ").split())
    if count > HOUSE_WORDS_MAX:
        raise forms.ValidationError(
            gettext("At most %(most)s house words (this list has %(count)s).")
            % {
                "most": number_format(HOUSE_WORDS_MAX, force_grouping=True),
                "count": number_format(count, force_grouping=True),
            }
        )


def _option_field(option: Option, has_presets: bool) -> forms.Field:
    help_text = engine_text(option.help)
    label = engine_text(option.label)
    default = (
        gettext("as the preset says")
        if has_presets
        else gettext("default (%(value)s)") % {"value": shown_value(option.default)}
    )
    if option.kind == "bool":
        choices = [(DEFAULT, default), ("true", gettext("yes")), ("false", gettext("no"))]
        return forms.ChoiceField(label=label, choices=choices, required=False, help_text=help_text)
    if option.name == "dictionary":  # the word lists this server has, by name (docs/dictionaries.md)
        if len(lexicon_names()) > 1:  # tick one, or several to play in several languages at once
            return forms.MultipleChoiceField(
                label=label,
                choices=[(name, name) for name in lexicon_names()],
                required=False,
                widget=forms.CheckboxSelectMultiple,
                help_text=gettext("%(help)s None ticked: %(default)s.") % {"help": help_text, "default": default},
            )
        names = [(DEFAULT, default)] + [(name, name) for name in lexicon_names()]
        return forms.ChoiceField(label=label, choices=names, required=False, help_text=help_text)
    if option.kind == "choice":
        choices = [(DEFAULT, default)] + [(str(c), str(c)) for c in option.choices]
        return forms.ChoiceField(label=label, choices=choices, required=False, help_text=help_text)
    if option.kind == "int":
        return forms.IntegerField(
            label=label,
            required=False,
            min_value=option.minimum,
            max_value=option.maximum,
            help_text=help_text,
            widget=forms.NumberInput(attrs={"placeholder": default}),
        )
    return forms.CharField(
        label=label,
        required=False,
        help_text=help_text,
        widget=forms.TextInput(attrs={"placeholder": default}),
        max_length=TEXT_OPTION_MAX,
        error_messages=_option_too_long(label),
        validators=[_at_most_words] if option.name == "house_words" else [],
    )


# Time per move: (label, move time, reminder after; None = at 80 %). pbmserv's defaults are one choice.
class ClockTimes(TypedDict):
    move_time: timedelta
    reminder_after: timedelta | None


CLOCKS: dict[str, tuple[StrOrPromise, timedelta, timedelta | None]] = {
    "1h": (_("1 hour"), timedelta(hours=1), None),
    "12h": (_("12 hours"), timedelta(hours=12), None),
    "1d": (_("1 day"), timedelta(days=1), None),
    "3d": (_("3 days"), timedelta(days=3), None),
    "7d": (_("7 days (reminder after 5 days 14 hours)"), timedelta(days=7), None),
    "14d": (_("14 days"), timedelta(days=14), None),
    "pbmserv": (_("pbmserv: reminder after 7 days, forfeit after 21"), timedelta(days=21), timedelta(days=7)),
    "30d": (_("30 days"), timedelta(days=30), None),
}


class NewGameForm(forms.Form):
    """Players, then every option of the chosen game; options left at "default" follow the preset."""

    players = forms.TypedChoiceField(label=_("Players"), coerce=int, choices=[])
    partners = forms.CharField(
        label=_("Team-mates sharing your seat"),
        required=False,
        max_length=300,
        error_messages=_too_long(_("This field has at most %(limit_value)d characters (this one has %(show_value)d).")),
        help_text=_(
            "Team play: e.g. 1: dan. Each is asked and shares your seat (sees what it sees, may move for "
            "it) once they accept. The other players invite their own team-mates from the game page."
        ),
    )
    clock = forms.ChoiceField(
        label=_("Time per move"),
        initial="7d",
        required=False,
        choices=[(k, v[0]) for k, v in CLOCKS.items()],
        help_text=_("When it runs out the rules move for the player (or they forfeit). Days away stop the clock."),
    )
    private = forms.BooleanField(
        label=_("Private game"),
        required=False,
        help_text=_("Not listed in the lobby; only its players (and the site's moderators) can open its page."),
    )
    chat_public = forms.BooleanField(
        label=_("Public chat"),
        required=False,
        help_text=_("Spectators may read the players' chat too (otherwise only the players read it)."),
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        help_text=_("The result changes the players' ratings in this game. Not for practice games (hints on)."),
    )

    def __init__(self, engine: Engine, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        counts = range(engine.min_players, engine.max_players + 1)
        cast(forms.TypedChoiceField, self.fields["players"]).choices = [(n, str(n)) for n in counts]
        self.fields["players"].initial = engine.min_players
        # Translators: “computer” is typed as it is, in English, whatever the language of the page.
        hint = gettext("a username, an email address, “computer”, or empty for an open seat")
        too_long = _too_long(gettext("A seat has at most %(limit_value)d characters (this one has %(show_value)d)."))
        for n in range(2, engine.max_players + 1):  # one field a seat, up to the game's most players
            self.fields[f"seat_{n}"] = forms.CharField(
                label=gettext("Seat %(number)d") % {"number": n},
                required=False,
                max_length=254,
                error_messages=too_long,
                widget=forms.TextInput(attrs={"placeholder": hint}),
            )
        if engine.presets:
            told = engine_text(next((o.help for o in engine.options if o.name == "preset"), ""))
            self.fields["preset"] = forms.ChoiceField(
                label=gettext("Preset"),
                choices=[(p, p) for p in engine.presets],
                help_text=gettext("%(help)s A preset sets the options below; an option you set yourself wins over it.")
                % {"help": told},
            )
        for option in engine.options:
            if option.name != "preset":
                self.fields[f"opt_{option.name}"] = _option_field(option, bool(engine.presets))

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("opt_") or name == "preset"]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def chosen_options(self) -> dict[str, Any]:
        data = self.cleaned_data
        options: dict[str, Any] = {}
        if "preset" in data:
            options["preset"] = data["preset"]
        for option in self.engine.options:
            value = data.get(f"opt_{option.name}")
            if isinstance(value, list):  # several dictionaries at once: enable+fr
                value = "+".join(value)
            if value in (None, DEFAULT):
                continue
            if option.kind == "bool":
                value = value == "true"
            elif option.kind == "choice":
                value = next(c for c in option.choices if str(c) == value)
            options[option.name] = value
        return options

    def clean_partners(self) -> dict[int, list[str]]:
        """``1: dan, 2: eve fay``: seat number, colon, the usernames sharing that seat."""
        text = self.cleaned_data.get("partners", "").strip()
        shared: dict[int, list[str]] = {}
        for part in filter(None, (p.strip() for p in text.replace(";", ",").split(","))):
            seat, _, names = part.partition(":")
            if not seat.strip().isdigit() or not names.split():
                raise forms.ValidationError(gettext("Write a seat number, a colon and usernames, e.g. 1: dan, 2: eve."))
            shared.setdefault(int(seat) - 1, []).extend(names.split())
        return shared

    def clock_times(self) -> ClockTimes:
        _, move_time, reminder_after = CLOCKS[self.cleaned_data.get("clock") or "7d"]
        return {"move_time": move_time, "reminder_after": reminder_after}

    def invitees(self) -> list[str]:
        """Each other seat, for ``create_game``: "computer", "quick computer" or "computer strong" (any order,
        any case) asks for a computer player (strong unless quick is said)."""
        count = self.cleaned_data["players"]
        return [_computer_or(self.cleaned_data.get(f"seat_{n}", "")) for n in range(2, count + 1)]


def _computer_or(entry: str) -> str:
    words = entry.lower().split()
    if "computer" not in words or "@" in entry:
        return entry
    rest = [w for w in words if w != "computer"]
    level = rest[0] if len(rest) == 1 else "strong" if not rest else " ".join(rest)
    return f"computer:{level}"


def move_limit(game: Any) -> int:
    """The longest move the game's rules allow, in characters (Lexicon Crossing's ``grid`` spells a whole
    crossword)."""
    return get_engine(game.engine).move_limit(game.state) if game.state else MOVE_MAX


BROKEN_FORM = _(
    "The form came without the board's version, or with a damaged one, so your move was not played: "
    "reload the page and play it again."
)


class MoveForm(forms.Form):
    move = forms.CharField(
        max_length=MOVE_MAX,
        error_messages=_too_long(_("A move has at most %(limit_value)d characters (this one has %(show_value)d).")),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    # The version of the board the move was made on: required, so a move is never applied to a later position
    # than the one its player saw (another player's move in between makes it stale).
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    key = forms.CharField(max_length=64, widget=forms.HiddenInput)

    def refusal(self) -> str:
        """What to tell the player about an invalid form: the move itself, or the hidden fields of the page."""
        errors = self.errors.as_data()
        if "move" in errors:
            too_long = any(e.code == "max_length" for e in errors["move"])
            return str(self.errors["move"][0]) if too_long else gettext("Type a move in the box first.")
        return str(BROKEN_FORM)

    def __init__(self, *args: Any, max_length: int = MOVE_MAX, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast(forms.CharField, self.fields["move"])
        if max_length != MOVE_MAX:
            field.max_length = max_length
            field.validators = [v for v in field.validators if not isinstance(v, MaxLengthValidator)]
            field.validators.append(MaxLengthValidator(max_length))
            field.widget.attrs["maxlength"] = str(max_length)


def engine_or_404(name: str) -> Engine:
    try:
        return get_engine(name)
    except KeyError:
        raise Http404("No such game") from None
