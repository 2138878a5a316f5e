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
    PageInfo("pages/1_Start.py", "Start", "", ":material/home:"),
    PageInfo("pages/2_build.py", "Build event", "build", ":material/edit_note:"),
    PageInfo("pages/3_standings.py", "Standings", "standings", ":material/leaderboard:"),
    PageInfo("pages/4_explain.py", "Explain", "explain", ":material/calculate:"),
    PageInfo("pages/5_compare.py", "Compare orderings", "compare", ":material/compare_arrows:"),
    PageInfo("pages/6_why.py", "Why is A above B?", "why", ":material/help:"),
    PageInfo("pages/14_check.py", "Check published standings", "check", ":material/fact_check:"),
    PageInfo("pages/7_prizes.py", "Prizes", "prizes", ":material/payments:"),
    PageInfo("pages/13_forecast.py", "Before the last round", "forecast", ":material/insights:"),
    PageInfo("pages/8_announcement.py", "TD announcement", "announcement", ":material/campaign:"),
    PageInfo("pages/9_lessons.py", "Lessons", "lessons", ":material/school:"),
    PageInfo("pages/10_training.py", "Training", "training", ":material/fitness_center:"),
    PageInfo("pages/11_glossary.py", "Glossary", "glossary", ":material/menu_book:"),
    PageInfo("pages/12_simulation.py", "Simulation lab", "simulation", ":material/casino:"),
)


def page_info(path: str) -> PageInfo:
    """The page whose script is ``path`` (e.g. ``pages/3_standings.py``)."""
    for p in PAGES:
        if p.path == path:
            return p
    raise KeyError(path)
