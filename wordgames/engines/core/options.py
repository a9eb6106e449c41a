"""Reading game options: each ``Option`` says its kind, default and bounds; ``coerce`` turns what a form,
an email or a record gives into that kind, or raises ``InvalidOptions`` with a sentence naming the option."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.text import quote

from .engine import Option
from .errors import InvalidOptions
from .refusals import Refusal


def coerce(option: Option, value: Any) -> Any:
    name = option.name
    if option.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return value.strip().lower() in ("true", "yes", "on", "1")
        raise InvalidOptions(Refusal.OPTION_NOT_BOOLEAN, option=name, value=quote(value))
    if option.kind == "int":
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise InvalidOptions(Refusal.OPTION_NOT_WHOLE, option=name, value=quote(value)) from None
        if isinstance(value, bool) or (isinstance(value, float) and value != number):
            raise InvalidOptions(Refusal.OPTION_NOT_WHOLE, option=name, value=quote(value))
        if not (option.minimum or 0) <= number <= (option.maximum or number):
            raise InvalidOptions(
                Refusal.OPTION_OUT_OF_RANGE,
                option=name,
                least=str(option.minimum),
                most=str(option.maximum),
                value=number,
            )
        return number
    if option.kind == "choice":
        for choice in option.choices:
            if str(choice) == str(value).strip().lower():
                return choice
        allowed = ", ".join(str(c) for c in option.choices)
        raise InvalidOptions(Refusal.OPTION_NOT_A_CHOICE, option=name, choices=allowed, value=quote(value))
    if not isinstance(value, str) or (not value.strip() and option.default != ""):
        raise InvalidOptions(Refusal.OPTION_NOT_A_NAME, option=name, value=quote(value))
    return value.strip()


def validate(title: str, options: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of a game without presets: defaults filled in, values coerced, unknown names refused."""
    by_name = {option.name: option for option in options}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise InvalidOptions(Refusal.OPTION_UNKNOWN, title=title, option=quote(unknown[0]), options=", ".join(by_name))
    merged = {option.name: option.default for option in options}
    for name, value in given.items():
        if value is not None:
            merged[name] = coerce(by_name[name], value)
    if "dictionary" in merged:
        check_dictionary(merged["dictionary"])
    return merged


def check_dictionary(name: str) -> None:
    """A known word list, or several joined by ``+`` (a word of any of them counts)."""
    from .lexicon import dictionary_parts, lexicon_names

    parts = dictionary_parts(name)
    if not parts:
        raise InvalidOptions(Refusal.DICTIONARY_MISSING)
    for part in parts:
        if part not in lexicon_names():
            raise InvalidOptions(Refusal.DICTIONARY_UNKNOWN, name=quote(part), known=", ".join(lexicon_names()))
