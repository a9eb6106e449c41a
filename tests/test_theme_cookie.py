"""The theme chosen in the footer reaches the page from the server; any other cookie value is ignored."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("cookie", "shown"),
    [("dark", ' data-theme="dark"'), ("light", ' data-theme="light"'), ('"><script>', ""), ("", "")],
)
def test_the_theme_cookie_sets_the_pages_theme_only_when_it_is_a_theme(client: Any, cookie: str, shown: str) -> None:
    client.cookies["theme"] = cookie
    page = client.get("/accounts/login/").content.decode()
    html = page[page.index("<html") : page.index(">", page.index("<html")) + 1]
    assert html.endswith(f'dir="ltr"{shown}>')
    assert "<script>" not in html
