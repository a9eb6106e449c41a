from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

from wordgames.accounts import links, models
from wordgames.lib import typed

register = template.Library()


@register.filter(needs_autoescape=True)
def isolate(text: Any, autoescape: bool = True) -> SafeString | str:
    """``{{ name|isolate }}``, ``{{ message|isolate|linebreaksbr }}``: what a person typed, unable to reorder
    the text around it. On a page, in ``<bdi>``, its invisible characters written out (``[U+202E]``); in a
    plain-text email (autoescape off), all written out."""
    return typed.isolated(text) if autoescape else typed.plain(text)


@register.filter(needs_autoescape=True)
def display_name(user: Any, autoescape: bool = True) -> SafeString | str:
    """``{{ seat.user|display_name }}``: the player's display name, or their username, isolated (``isolate``)."""
    return isolate(models.display_name(user), autoescape)


@register.simple_tag(takes_context=True)
def player(context: template.Context, user: Any) -> SafeString | str:
    """``{% player seat.user %}``: a person's display name, isolated (as ``isolate`` does), linked to their
    public profile; in a plain-text email (autoescape off) the name alone, written out. Nothing for no one (an
    open seat). Load the users with their profiles, or each name costs a query."""
    if not context.autoescape:
        return typed.plain(models.display_name(user))
    return links.player_link(user)


@register.simple_tag
def separator() -> str:
    """What stands between the items of a list in the reader's language (", "; Japanese "、")."""
    return pgettext("between the items of a list, before the last", ", ")


@register.filter
def grouped(value: Any) -> str:
    """A number as the reader's language writes it, thousands grouped ("1,234"; French "1 234"; German
    "1.234"). Only for numbers shown to read, never in an address or a form's value."""
    if value is None or value == "":
        return ""
    return number_format(value, force_grouping=True)
