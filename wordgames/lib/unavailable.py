"""A database that does not answer (restarting, connections cut, failing over) is a 503 saying that nothing
was saved, never a bare 500: every write is one transaction, so a failed request changed nothing and may be
sent again (moves carry an idempotency key, so a repeat is played once).

A database that answers but refuses writes (read-only during a failover: the old primary demoted, or the
standby not yet promoted) is the same fault: its error is raised as ``ReadOnlyDatabase``, an
``OperationalError``, so the pages, the inbound mail and the tasks all treat it as "try again in a minute".

The page is rendered without the request's context processors: they would ask the database again."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.signals import got_request_exception
from django.db import DatabaseError, InterfaceError, OperationalError, connections
from django.db.backends.signals import connection_created
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _
from django.views.defaults import server_error

TRANSIENT = (OperationalError, InterfaceError)
READ_ONLY_SQLSTATE = "25006"  # PostgreSQL's read_only_sql_transaction (an InternalError to psycopg and Django)
SENTENCE = _(
    "The game database did not answer, so nothing was saved: if you were making a move, it was not "
    "played. Please send it again in a minute."
)
RETRY_AFTER = "30"


def unavailable(request: HttpRequest) -> HttpResponse:
    accept = request.headers.get("Accept", "")
    if "application/json" in accept or request.path.endswith(".json"):
        response: HttpResponse = JsonResponse({"error": str(SENTENCE), "played": False}, status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {"site_name": settings.SITE_NAME}), status=503)
    response["Retry-After"] = RETRY_AFTER
    return response


def _note(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """Sent by Django, inside its ``except``, for an error raised anywhere in the request (a view, or another
    middleware loading the session or the user): remember that it was the database's."""
    if request is not None and isinstance(sys.exc_info()[1], TRANSIENT):
        request.database_unavailable = True  # type: ignore[attr-defined]


got_request_exception.connect(_note, dispatch_uid="wordgames.lib.unavailable")


class DatabaseUnavailableMiddleware:
    """Turns a transient database error into the 503 page: raised by a view (``process_exception``), or by a
    middleware inside this one (the 500 Django made of it is replaced, in DEBUG too). Listed near the top."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "database_unavailable", False):
            return unavailable(request)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return unavailable(request) if isinstance(exception, TRANSIENT) else None


def server_error_or_unavailable(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """``handler500``: the 503 page when the error escaping the middleware was the database's."""
    if isinstance(sys.exc_info()[1], TRANSIENT):
        return unavailable(request)
    return server_error(request, template_name)


class ReadOnlyDatabase(OperationalError):
    """A write refused because the database is read-only for now: transient, like a lost connection."""


def read_only_is_transient(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
    """A query wrapper on every connection: PostgreSQL's read-only refusal becomes ``ReadOnlyDatabase``."""
    try:
        return execute(sql, params, many, context)
    except DatabaseError as e:
        if getattr(e.__cause__, "sqlstate", None) == READ_ONLY_SQLSTATE:
            raise ReadOnlyDatabase(str(e)) from e
        raise


def _wrap(connection: Any) -> None:
    if read_only_is_transient not in connection.execute_wrappers:
        connection.execute_wrappers.append(read_only_is_transient)


def watch_read_only() -> None:
    """Wrap every connection's queries, now and as they are made (called once, from the games app's ready)."""
    connection_created.connect(
        lambda sender, connection, **kwargs: _wrap(connection),
        weak=False,
        dispatch_uid="wordgames.lib.unavailable.read_only",
    )
    for connection in connections.all(initialized_only=True):
        _wrap(connection)
