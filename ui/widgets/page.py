"""What many pages do the same way as they open: show the message an action left for this run, stop with a
plain sentence when the event cannot give the page what it needs, and show an error in plain words.

One helper for each, so the same situation reads the same on every page, and user text (an event's or a
player's name inside a message) is always shown as text, never as Markdown or HTML.
"""
from __future__ import annotations

from typing import NoReturn

import streamlit as st

from i18n.catalog import N_
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t

#: what a page says when the event has too few players for it, by how many it needs
TOO_FEW_PLAYERS = {
    1: N_("The event has no players yet: add some on the Build event page."),
    2: N_("The event needs at least two players: add some on the Build event page."),
}


def show_notice() -> None:
    """The message the last action left for this run of the page (``state.notice``), once, as text."""
    shown = state.take_notice()
    if shown is not None:
        kind, text = shown
        show = {"success": st.success, "warning": st.warning, "error": st.error}.get(kind, st.info)
        show(md_escape(text))


def problem(text: object) -> None:
    """A plain-words error; user text inside it is shown literally, never as Markdown or HTML."""
    st.error(md_escape(str(text)), icon=":material/warning:")


def stop(text: str, kind: str = "info") -> NoReturn:
    """Say why the page shows nothing more (``text`` is the program's own sentence), and stop the page."""
    {"info": st.info, "warning": st.warning, "error": st.error}[kind](text)
    st.stop()


def need_players(count: int, least: int) -> None:
    """Stop the page with the sentence of :data:`TOO_FEW_PLAYERS` when the event has fewer than ``least``."""
    if count < least:
        stop(t(TOO_FEW_PLAYERS[least]))
