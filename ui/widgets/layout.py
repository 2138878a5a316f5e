"""Small style rules that make Streamlit's own widgets fit a phone as well as a laptop.

Streamlit cuts some texts instead of wrapping them: the chips of a multiselect end in "…", a page link
is cut at its column's edge, a row of tabs runs off the right side, and a static table with a long word
is wider than the screen.  These rules let them wrap instead.  They are our own constant CSS (never user
text), added once per run by the entrypoint; the browser tests in tests/e2e measure that nothing is cut.
"""
from __future__ import annotations

from typing import Any, Collection

import pandas as pd
import streamlit as st
from pandas.io.formats.style import Styler
from streamlit.delta_generator import DeltaGenerator

from ui.render.tables import TRACE_TEXT_COLUMNS, fitted_widths, header_px

#: the container key of a working table starts with this and the number of its number columns
#: (``working-n5-...``): the phone rules below need the count to lay the numbers out in a grid
WORKING_KEY = "working-n"


def _working_css(most: int = 8) -> str:
    """Phone rules for the working tables (see :func:`working_table`): the numbers of a round in one row
    of a grid, its sentences (Why, Dropped because) under them across the whole width; their headers,
    which would take a row each, are left out (the sentences say what they are), and so is a sentence
    cell left empty (marked by :func:`ui.render.tables.style_trace`)."""
    rules = [f'[class*="st-key-{WORKING_KEY}"] table {{ display: grid; width: 100%; }}',
             f'[class*="st-key-{WORKING_KEY}"] :is(thead, tbody, tr) {{ display: contents; }}']
    for n in range(1, most + 1):
        box = f'[class*="st-key-{WORKING_KEY}{n}-"]'
        rules += [f"{box} table {{ grid-template-columns: repeat({n}, auto); }}",
                  f"{box} :is(th, td):nth-child(n+{n + 1}) {{ grid-column: 1 / -1; }}",
                  f"{box} th:nth-child(n+{n + 1}) {{ display: none; }}",
                  f"{box} td:nth-child(n+{n + 1}) {{ display: var(--working-empty, block); }}"]
    return "@media (max-width: 640px) {\n  " + "\n  ".join(rules) + "\n}"

FIT_CSS = """
<style>
/* multiselect chips: the whole label, on as many lines as it needs */
[data-baseweb="tag"] { max-width: 100%; height: auto; }
[data-baseweb="tag"] span { white-space: normal; overflow: visible; text-overflow: clip; max-width: none; }
/* page links wrap instead of ending in an ellipsis */
[data-testid="stPageLink-NavLink"] p, [data-testid="stPageLink-NavLink"] span { white-space: normal;
  overflow: visible; text-overflow: clip; }
/* a row of tabs wraps onto a second line on a narrow screen */
[data-testid="stTabs"] [role="tablist"] { flex-wrap: wrap !important; }
/* static tables: a long word in a cell breaks rather than widening the table past the screen (headers stay whole) */
[data-testid="stTable"] th, [data-testid="stTable"] td { white-space: normal; }
[data-testid="stTable"] td, [data-testid="stTable"] td * { overflow-wrap: anywhere !important; }
/* the movers' sentences break between words, never inside one ("Buchholz" whole): their columns are words */
.st-key-movers [data-testid="stTable"] td, .st-key-movers [data-testid="stTable"] td * {
  overflow-wrap: normal !important; word-break: normal !important; hyphens: manual; }
/* on a phone, static tables use less padding so a six-column working fits the screen */
@media (max-width: 640px) {
  /* a data grid's toolbar (search, download, full screen) sits above its top edge: room for it, so that it
     never covers the end of the heading or line above the table */
  [data-testid="stElementContainer"]:has(> [data-testid="stFullScreenFrame"] > [data-testid="stDataFrame"]) {
    padding-top: 2.5rem; height: auto !important; }   /* the room added to the grid's height, not taken from it:
     a grid sized to show every row otherwise ran 40 px past its box, under the buttons that follow it */
  [data-testid="stTable"] th, [data-testid="stTable"] td { padding: 0.25rem 0.3rem !important; }
  [data-testid="stTable"] th *, [data-testid="stTable"] td * { font-size: 0.85rem !important; }
  /* the page's title a size smaller: at a laptop's size a long word ("Mannschaftsturniers") is wider than a
     phone's line, and the browser broke it anywhere */
  [data-testid="stMain"] h1 { font-size: 2.25rem !important; }
}
/* the working of a value: on a phone the explanation goes under each round's numbers (see _working_css) */
WORKING_CSS
/* a heading's "Link to heading" anchor shows only on hover with a mouse, yet was a keyboard stop at every heading:
   out of the page (the help icon beside a heading stays) */
[data-testid="stHeaderActionElements"] a[href^="#"] { display: none !important; }
/* button labels wrap rather than being cut */
[data-testid="stBaseButton-secondary"] p, [data-testid="stBaseButton-primary"] p { white-space: normal; }
</style>
"""


FIT_CSS = FIT_CSS.replace("WORKING_CSS", _working_css())


def working_table(styled: Styler, key: str, text_columns: Collection[str] = TRACE_TEXT_COLUMNS) -> None:
    """A value's working (:func:`ui.render.tables.trace_frame` through :func:`ui.render.tables.style_trace`) as a static
    table that fits a phone.

    On a laptop it is an ordinary table, the sentences in its last columns.  On a phone six columns
    leave the explanation a few letters wide (a word a line), so the rules of :func:`_working_css` put
    each round's numbers in a row and its sentences under them, across the whole width.  ``key`` makes
    the container unique on the page; ``text_columns`` are the sentences' headings as shown (translated).
    """
    numbers = sum(1 for c in styled.data.columns if c not in text_columns)
    with st.container(key=f"{WORKING_KEY}{numbers}-{key}"):
        st.table(styled)


def opened_box(label: str, *, key: str) -> DeltaGenerator | None:
    """A folded box (an expander) whose content is written only while it is open, or None while it is shut.

    Streamlit sends and the browser draws whatever a folded box holds on every run of the page: a 500-row
    table or fifteen widgets that most visitors never open is a good part of a page's time.  Such a box
    runs the page again when it is opened or shut (``on_change="rerun"``), and ``key`` is where the session
    keeps whether it is open (``st.session_state[key] = True`` opens it, as a click does)."""
    box = st.expander(label, key=key, on_change="rerun")
    return box if box.open else None


def fit_the_screen() -> None:
    """Add :data:`FIT_CSS` to the page (it takes no space)."""
    st.html(FIT_CSS)


def fitted_columns(frame: pd.DataFrame, pin: tuple[str, ...] = ("Rank", "Name"),
                   widths: dict[str, int] | None = None, labels: dict[str, str] | None = None) -> dict[str, Any]:
    """A ``column_config`` for ``st.dataframe``: every column :func:`fitted_widths` wide (or as ``widths``, those
    already worked out), and the ``pin`` columns pinned, so a phone that scrolls the table sideways still shows
    whose row it is.  ``labels``: headings shown instead of the column's own key (a translation); each column is
    then wide enough for its heading too, so no language's heading is cut to "Pu…"."""
    widths = fitted_widths(frame) if widths is None else widths
    labels = labels or {}
    return {c: st.column_config.Column(labels.get(c, c), width=max(w, header_px(labels[c])) if c in labels else w,
                                       pinned=c in pin)
            for c, w in widths.items()}
