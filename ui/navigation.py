"""The app's pages in one list: their files, titles, addresses and icons.

The entrypoint builds the sidebar from it and the Start page links to pages with the same titles and
icons, so a page is named once.  Icons are Streamlit's Material Symbols (``:material/name:``): a font
that ships with Streamlit, so they draw the same on every system, where emoji often show as empty boxes.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageInfo:
    """One page: its script, its title in the sidebar, its address (``""`` for the start page) and icon."""

    path: str
    title: str
    url_path: str
    icon: str


PAGES: tuple[PageInfo, ...] = (
    PageInfo("pages/start.py", "Start", "", ":material/home:"),
    PageInfo("pages/build_event.py", "Build event", "build", ":material/edit_note:"),
    PageInfo("pages/standings.py", "Standings", "standings", ":material/leaderboard:"),
    PageInfo("pages/explain.py", "Explain", "explain", ":material/calculate:"),
    PageInfo("pages/compare_orderings.py", "Compare orderings", "compare", ":material/compare_arrows:"),
    PageInfo("pages/why_above.py", "Why is A above B?", "why", ":material/help:"),
    PageInfo("pages/check.py", "Check published standings", "check", ":material/fact_check:"),
    PageInfo("pages/prizes.py", "Prizes", "prizes", ":material/payments:"),
    PageInfo("pages/before_last_round.py", "Before the last round", "forecast", ":material/insights:"),
    PageInfo("pages/announcement.py", "TD announcement", "announcement", ":material/campaign:"),
    PageInfo("pages/lessons.py", "Lessons", "lessons", ":material/school:"),
    PageInfo("pages/training.py", "Training", "training", ":material/fitness_center:"),
    PageInfo("pages/glossary.py", "Glossary", "glossary", ":material/menu_book:"),
    PageInfo("pages/simulation_lab.py", "Simulation lab", "simulation", ":material/casino:"),
)


def page_info(path: str) -> PageInfo:
    """The page whose script is ``path`` (e.g. ``pages/standings.py``)."""
    for p in PAGES:
        if p.path == path:
            return p
    raise KeyError(path)
