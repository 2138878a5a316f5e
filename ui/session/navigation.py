"""The app's pages in one list: their files, titles, addresses and icons.

The entrypoint builds the sidebar from it and the Start page links to pages with the same titles and
icons, so a page is named once.  A page's file is named as its address (``pages/why.py`` is ``/why``):
Streamlit still looks in ``pages/`` by file name when a browser's very first request is a deep link, and
shows "Page not found" over the right page when the two differ.  Icons are Streamlit's Material Symbols
(``:material/name:``): a font that ships with Streamlit, so they draw the same on every system, where emoji
often show as empty boxes.
"""
from __future__ import annotations

from dataclasses import dataclass

from i18n.catalog import N_


@dataclass(frozen=True)
class PageInfo:
    """One page: its script, its title in the sidebar (in English: shown through ``t``), its address
    (``""`` for the start page, the same in every language) and icon."""

    path: str
    title: str
    url_path: str
    icon: str


PAGES: tuple[PageInfo, ...] = (
    PageInfo("pages/start.py", N_("Start"), "", ":material/home:"),
    PageInfo("pages/build.py", N_("Build event"), "build", ":material/edit_note:"),
    PageInfo("pages/standings.py", N_("Standings"), "standings", ":material/leaderboard:"),
    PageInfo("pages/explain.py", N_("Explain"), "explain", ":material/calculate:"),
    PageInfo("pages/compare.py", N_("Compare orderings"), "compare", ":material/compare_arrows:"),
    PageInfo("pages/why.py", N_("Why is A above B?"), "why", ":material/help:"),
    PageInfo("pages/check.py", N_("Check published standings"), "check", ":material/fact_check:"),
    PageInfo("pages/prizes.py", N_("Prizes"), "prizes", ":material/payments:"),
    PageInfo("pages/forecast.py", N_("Before the last round"), "forecast", ":material/insights:"),
    PageInfo("pages/announcement.py", N_("TD announcement"), "announcement", ":material/campaign:"),
    PageInfo("pages/lessons.py", N_("Lessons"), "lessons", ":material/school:"),
    PageInfo("pages/training.py", N_("Training"), "training", ":material/fitness_center:"),
    PageInfo("pages/glossary.py", N_("Glossary"), "glossary", ":material/menu_book:"),
    PageInfo("pages/simulation.py", N_("Simulation lab"), "simulation", ":material/casino:"),
)


def page_info(path: str) -> PageInfo:
    """The page whose script is ``path`` (e.g. ``pages/standings.py``)."""
    for p in PAGES:
        if p.path == path:
            return p
    raise KeyError(path)


#: Build event's tabs, the first open on arrival.  Only the open one is drawn (a switch reruns the page);
#: ``st.session_state[BUILD_TAB]`` holds the open tab's name.
BUILD_TABS: tuple[str, ...] = ("Players and results", "Pair next round", "New event", "Random event",
                               "Upload / download", "Saved events")
BUILD_TAB = "build.tab"
#: the tab to open on the next run, set by an action (a new event goes on in the players grid); the page moves
#: it into ``BUILD_TAB`` before the tabs are drawn
GO_TO_TAB = "build.go_to_tab"
