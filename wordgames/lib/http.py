"""Request types for the type checker."""

from django.contrib.auth.models import User
from django.http import HttpRequest


class AuthedRequest(HttpRequest):
    """The request of a view behind ``login_required`` (or an admin action): its user is an account."""

    user: User
