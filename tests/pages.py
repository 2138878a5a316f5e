"""Open one page of the app in Streamlit's AppTest by the name it has in the navigation ("Standings").

Tests name pages as a user does, so a page file can be renamed or moved without touching them; the
navigation table (:data:`ui.navigation.PAGES`) is the one place that knows which file shows which page.
"""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.paths import REPO_ROOT
from ui.navigation import PAGES

TITLES = {p.title: p.path for p in PAGES}


def page_file(title: str) -> str:
    """The script of the page called ``title`` in the navigation (a KeyError names the known titles)."""
    try:
        return str(REPO_ROOT / TITLES[title])
    except KeyError:
        raise KeyError(f"no page is called {title!r}; the navigation has {', '.join(TITLES)}") from None


def open_page(title: str, timeout: float = 60) -> AppTest:
    """An AppTest of the page called ``title``, not yet run (call ``.run()``, after setting query params)."""
    return AppTest.from_file(page_file(title), default_timeout=timeout)
