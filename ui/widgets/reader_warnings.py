"""The repairs a file reader made, listed for the user after an upload.

A file written by another program may be read with repairs: a half-point bye written as a draw with no
opponent, a points column that disagrees with the results, a record this program does not use.  The user
must learn that the file was not quite what it claimed, so every such line is shown, as plain text (it
carries file names and player names).  A few are shown at once; many are collapsed in an expander.
"""
from __future__ import annotations

from typing import Sequence

import streamlit as st

from engine.core.model import Event
from engine.formats.loader import points_disagreements
from ui.render.text import md_escape

#: up to this many warnings are shown open; more are collapsed
SHOWN_OPEN = 3


def warnings_title(count: int) -> str:
    """The heading over the list: how many repairs, and what to do about them."""
    from ui.session.language import tn
    return tn("The file was opened with {n} repair: it was not exactly in the standard form. Check that each one "
              "reads the file as you meant it.",
              "The file was opened with {n} repairs: it was not exactly in the standard form. Check that each one "
              "reads the file as you meant it.", count)


def show_reader_warnings(lines: Sequence[str]) -> None:
    """One bullet per warning under a heading, each in the reader's language (a warning the reader wrote as a
    record; one kept from an earlier session is its English); collapsed in an expander when there are many."""
    if not lines:
        return
    from i18n.said import render
    from ui.session.language import tr
    bullets = "\n".join(f"- {md_escape(render(tr(), line))}" for line in lines)
    if len(lines) <= SHOWN_OPEN:
        st.warning(warnings_title(len(lines)) + "\n\n" + bullets)
        return
    st.warning(warnings_title(len(lines)))
    from ui.session.language import t
    with st.expander(t("Show the {n} repairs", n=len(lines))):
        st.markdown(bullets)


def points_column_note(event: Event) -> str | None:
    """The one line the pages people read (Standings, Why, Before the last round) carry when the file's own points
    column disagreed with its results: the repairs themselves are listed on Build event, where few look."""
    n = points_disagreements(event)
    if not n:
        return None
    from ui.session.language import tn
    return tn("This file's points column differs from its results for {n} player; the results are used: see "
              "Build event.",
              "This file's points column differs from its results for {n} players; the results are used: see "
              "Build event.", n)


def show_points_column_note(event: Event) -> None:
    """:func:`points_column_note` as a warning, when there is one."""
    if (note := points_column_note(event)) is not None:
        st.warning(note, icon=":material/warning:")
