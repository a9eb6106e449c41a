from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict:
    return {"site_name": settings.SITE_NAME, "outbox_visible": settings.OUTBOX_VISIBLE}
