"""Every grid column's heading is readable whole, in every language: a column is at least as wide as its heading
needs (the words in the grid's font, its padding, and in an editor's editable column the editing mark before the
words).  The widths set once for the English words cut the French "Classement min" to "Classement…" and the
Spanish "Puesto" on the Start page to "Pu…"."""
from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from i18n.languages import SUPPORTED
from tests.pages import build_tab, open_page
from ui.render.tables import header_px


def columns(grid) -> dict[str, dict]:
    return json.loads(grid.proto.columns)


def too_narrow(grid, editor: bool) -> list[str]:
    """The headings of ``grid`` whose column is narrower than the heading needs (in an editor, a column not
    disabled draws the editing mark before its heading)."""
    out = []
    for c in columns(grid).values():
        if c.get("label") and c.get("width"):
            need = header_px(c["label"], editable=editor and not c.get("disabled"))
            if c["width"] < need:
                out.append(f"{c['label']} ({c['width']} px < {need})")
    return out


def in_language(title: str, lang: str) -> AppTest:
    at = open_page(title, timeout=60)
    at.query_params["lang"] = lang
    return at.run()


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_prize_list_editor_shows_every_heading_whole(lang: str) -> None:
    at = in_language("Prizes", lang)
    assert not at.exception
    editor = next(e for e in at.data_editor if e.key.startswith("prizes_editor_"))
    assert {"Prize", "Amount", "Rating min", "Rating max", "Only for", "Trophy"} <= set(columns(editor))
    assert too_narrow(editor, editor=True) == []


#: the page's main column at a laptop's 1280 pixels, and an editor's row-marker column (measured in Chromium: the
#: German editor's columns, 799 pixels together, made the grid 831 pixels wide in a frame of 818)
LAPTOP_FRAME_PX, ROW_MARKER_PX = 818, 32


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_prize_list_editor_fits_a_laptop_s_page_in_every_language(lang: str) -> None:
    """Nine columns, each as wide as its heading: together they must not push the last one (Trophy) out of sight."""
    at = in_language("Prizes", lang)
    editor = next(e for e in at.data_editor if e.key.startswith("prizes_editor_"))
    widths = [c["width"] for c in columns(editor).values() if c.get("label")]
    assert len(widths) == 9
    assert sum(widths) + ROW_MARKER_PX <= LAPTOP_FRAME_PX, (lang, sum(widths))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_start_page_standings_show_every_heading_whole(lang: str) -> None:
    at = in_language("Start", lang)
    assert not at.exception
    grid = next(d for d in at.dataframe if "Points" in columns(d))         # the event's standings
    assert too_narrow(grid, editor=False) == []


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_build_grids_and_preview_show_every_heading_whole(lang: str) -> None:
    at = in_language("Build event", lang)
    at = build_tab(at, "Players and results")
    assert not at.exception
    players, results = (next(e for e in at.data_editor if e.key.startswith(f"{k}_grid_")) for k in ("players", "results"))
    assert too_narrow(players, editor=True) == []
    assert too_narrow(results, editor=True) == []
    # a grid of many rounds scrolls them sideways: whose row it is stays in view
    assert [c for c, v in columns(results).items() if v.get("pinned")] == ["tpn", "name"]
    preview = next(d for d in at.dataframe if "Rank" in columns(d))        # the standings preview under them
    assert too_narrow(preview, editor=False) == []
