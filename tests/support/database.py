"""The database as a failover leaves it for a while: answering, but refusing every write."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection


@contextmanager
def read_only() -> Iterator[None]:
    """Writes refused on this thread's connection until the block ends (PostgreSQL: read-only transactions, as
    on a standby; SQLite: ``query_only``). Needs a test whose requests run their own transactions."""
    on, off = (
        ("SET default_transaction_read_only = on", "SET default_transaction_read_only = off")
        if connection.vendor == "postgresql"
        else ("PRAGMA query_only = ON", "PRAGMA query_only = OFF")
    )
    with connection.cursor() as cursor:
        cursor.execute(on)
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(off)
