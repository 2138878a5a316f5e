"""Open one page of the app in Streamlit's AppTest by the name it has in the navigation ("Standings").

Tests name pages as a user does, so a page file can be renamed or moved without touching them; the
navigation table (:data:`ui.session.navigation.PAGES`) is the one place that knows which file shows which page.
"""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.paths import REPO_ROOT
from ui.session.navigation import PAGES

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


def open_more_options(at: AppTest) -> AppTest:
    """Open the tie-break chooser's "More options" box, as a click on it does (its widgets are drawn only
    while it is open), and run the page again."""
    from ui.widgets.ordering import OPTIONS_BOX
    at.session_state[OPTIONS_BOX] = True
    return at.run()


def build_tab(at: AppTest, name: str) -> AppTest:
    """Open Build event's tab called ``name``, as a click on it does (only the open tab is drawn), and run
    the page again."""
    from ui.session.navigation import BUILD_TAB, BUILD_TABS
    assert name in BUILD_TABS, f"Build event has no tab {name!r}"
    at.session_state[BUILD_TAB] = name
    return at.run()


def every_tab_of(at: AppTest, title: str):
    """The page as it is, then, on Build event (which draws only its open tab), with each other tab open in
    turn: a check of everything a page shows runs on each of these."""
    yield at
    if title == "Build event":
        from ui.session.navigation import BUILD_TABS
        for name in BUILD_TABS[1:]:
            yield build_tab(at, name)
