from django.conf import settings
from django.http import HttpRequest

THEMES = ("light", "dark")  # and "" for the system's own (prefers-color-scheme)


def site(request: HttpRequest) -> dict:
    theme = request.COOKIES.get("theme", "")  # set by static/js/theme.js, the footer's switch
    return {"site_name": settings.SITE_NAME, "outbox_visible": settings.OUTBOX_VISIBLE,
            "theme": theme if theme in THEMES else ""}
