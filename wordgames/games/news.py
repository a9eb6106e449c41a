"""A line of news for a game's players (a team-mate joins, an undo is asked, a player is away), kept as its
English sentence and its values until each reader's email is written, so every player reads it in their own
language: the write that makes the news owes a task, and the task composes one email per reader.

``news(gettext_noop("%(name)s is back."), name="ann")`` marks the sentence for the catalogue without translating
it; ``words(item)`` translates it in the active language. A value may itself be news (translated with it), a
moment (``moment(dt)``), written in the reader's language and time zone, or an email command (``command("accept")``),
written as the reader writes it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.template.defaultfilters import date as date_filter
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, pgettext

from .commandwords import Words
from .refusals import spoken

News = dict[str, Any]


def news(text: str, **values: Any) -> News:
    """A sentence (marked with ``gettext_noop``) and its values, as JSON an owed task can carry."""
    return {"news": text, "values": values}


def command(english: str) -> dict[str, str]:
    """An email command among the values of news, written as each reader writes it (``accepter`` in French)."""
    return {"command": english}


def said(data: Any, english: str, whole: bool = False) -> dict[str, Any]:
    """An engine's sentence about a move or a refusal (``core.sentences`` data, and its English for older moves)
    among the values of news, worded for each reader, without its final full stop unless ``whole``."""
    return {"said": data, "english": english, "whole": whole}


def moment(when: datetime) -> dict[str, str]:
    """A date and time among the values of news, written out for each reader."""
    return {"moment": when.isoformat()}


def words(item: News | str | Any) -> str:
    """The news in the active language (a plain string, as queued before there were languages, stays as it is)."""
    if isinstance(item, dict) and "news" in item:
        values = {name: words(value) for name, value in item.get("values", {}).items()}
        return gettext(item["news"]) % values if values else gettext(item["news"])
    if isinstance(item, dict) and "command" in item:
        return Words(translation.get_language() or "").written(item["command"])
    if isinstance(item, dict) and "said" in item:
        text = spoken(item["said"], item.get("english", ""))
        return text if item.get("whole") else text.rstrip(".。")
    if isinstance(item, dict) and "moment" in item:
        when = parse_datetime(item["moment"])
        if when is None:
            return item["moment"]
        return date_filter(timezone.localtime(when), pgettext("date format in a line of news", "D j M Y"))
    return str(item)
