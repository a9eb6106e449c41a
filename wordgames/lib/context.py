from django.conf import settings
from django.http import HttpRequest

THEMES = ("light", "dark")  # and "" for the system's own (prefers-color-scheme)


def site(request: HttpRequest) -> dict:
    theme = request.COOKIES.get("theme", "")  # set by static/js/theme.js, the footer's switch
    return {
        "site_name": settings.SITE_NAME,
        "local_mail_visible": settings.LOCAL_MAIL_VISIBLE,
        "theme": theme if theme in THEMES else "",
    }
