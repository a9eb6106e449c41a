"""A rating's history as a small SVG line, drawn on the server: no script, no library, readable by a screen
reader (its label says where the line starts and ends and how far it ranges)."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import ngettext

WIDTH, HEIGHT, PAD = 240, 60, 4
MIN_SPAN = 40  # rating points: a flat history stays a flat line, not noise stretched to the full height


def rating_plot(values: list[int]) -> SafeString | str:
    """The line through ``values`` (oldest first); nothing for fewer than two."""
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    middle, span = (low + high) / 2, max(high - low, MIN_SPAN)
    top = middle + span / 2
    step = (WIDTH - 2 * PAD) / (len(values) - 1)
    points = [(PAD + i * step, PAD + (top - value) / span * (HEIGHT - 2 * PAD)) for i, value in enumerate(values)]
    games = len(values) - 1
    label = ngettext(
        "Rating over the last %(games)s rated game: from %(first)s to %(last)s (lowest %(low)s, highest %(high)s).",
        "Rating over the last %(games)s rated games: from %(first)s to %(last)s (lowest %(low)s, highest %(high)s).",
        games,
    ) % {
        "games": number_format(games),
        "first": number_format(values[0]),
        "last": number_format(values[-1]),
        "low": number_format(low),
        "high": number_format(high),
    }
    last_x, last_y = points[-1]
    return format_html(
        '<svg class="rating-plot" viewBox="0 0 {} {}" width="{}" height="{}" role="img" aria-label="{}">'
        '<title>{}</title><polyline fill="none" stroke="currentColor" stroke-width="1.5" points="{}"/>'
        '<circle cx="{}" cy="{}" r="2.5" fill="currentColor"/></svg>',
        WIDTH,
        HEIGHT,
        WIDTH,
        HEIGHT,
        label,
        label,
        " ".join(f"{x:.1f},{y:.1f}" for x, y in points),
        f"{last_x:.1f}",
        f"{last_y:.1f}",
    )
