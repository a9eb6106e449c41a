"""Request types for the type checker, and the site's compression of responses."""

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponseBase
from django.middleware import gzip


class AuthedRequest(HttpRequest):
    """The request of a view behind ``login_required`` (or an admin action): its user is an account."""

    user: User


class GZipMiddleware(gzip.GZipMiddleware):
    """Django's, except for event streams: a compressor holds small writes back, so an event would wait in it
    instead of reaching the page (and an event says too little to gain from compression)."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
