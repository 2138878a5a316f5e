"""Small style rules that make Streamlit's own widgets fit a phone as well as a laptop.

Streamlit cuts some texts instead of wrapping them: the chips of a multiselect end in "…", a page link
is cut at its column's edge, a row of tabs runs off the right side, and a static table with a long word
is wider than the screen.  These rules let them wrap instead.  They are our own constant CSS (never user
text), added once per run by the entrypoint; the browser tests in tests/e2e measure that nothing is cut.
"""
from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from ui.tables import fitted_widths

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
/* on a phone, static tables use less padding so a six-column working fits the screen */
@media (max-width: 640px) {
  [data-testid="stTable"] th, [data-testid="stTable"] td { padding: 0.25rem 0.3rem !important; }
  [data-testid="stTable"] th *, [data-testid="stTable"] td * { font-size: 0.85rem !important; }
}
/* button labels wrap rather than being cut */
[data-testid="stBaseButton-secondary"] p, [data-testid="stBaseButton-primary"] p { white-space: normal; }
</style>
"""


def fit_the_screen() -> None:
    """Add :data:`FIT_CSS` to the page (it takes no space)."""
    st.html(FIT_CSS)


def fitted_columns(frame: pd.DataFrame, pin: tuple[str, ...] = ("Rank", "Name")) -> dict[str, Any]:
    """A ``column_config`` for ``st.dataframe``: every column :func:`fitted_widths` wide, and the ``pin``
    columns pinned, so a phone that scrolls the table sideways still shows whose row it is."""
    return {c: st.column_config.Column(c, width=w, pinned=c in pin) for c, w in fitted_widths(frame).items()}
