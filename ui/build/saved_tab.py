"""Build event's saved-events tab: open, delete or rename the events of this workspace."""
from __future__ import annotations

import zlib

import streamlit as st

from engine.core.errors import EventError
from ui.build.problems import problem_text
from ui.build.words import saved_when
from ui.session import state, store, workspace
from ui.session.language import t, tn
from ui.widgets.page import problem


def saved_tab() -> None:
    """The saved events of this workspace, and the open event's name."""
    st.caption(workspace.where_saved())
    try:
        entries = state.saved_events()
    except EventError as exc:
        problem(exc)
        entries = []
    labels = {s.id: tn("{name} ({n} player, {rounds} rounds, saved {when})",
                       "{name} ({n} players, {rounds} rounds, saved {when})", s.players, name=s.name,
                       rounds=s.rounds, when=saved_when(s.updated_at)) for s in entries}
    listing = zlib.crc32(repr(sorted(labels.items())).encode())     # a new list (a rename) redraws the box
    chosen: int | None = st.selectbox(
        t("Saved events"), list(labels), format_func=lambda i: labels[i], key=f"saved_pick_{listing}",
        index=list(labels).index(state.event_id()) if state.event_id() in labels else 0)
    buttons = st.container(horizontal=True)      # side by side, each as wide as its label in any language
    if chosen is not None and buttons.button(t("Open"), disabled=chosen == state.event_id()):
        try:
            state.open_saved(chosen)
        except EventError as exc:
            problem(t("That saved event cannot be opened; your event is unchanged. {problem}", problem=problem_text(exc)))
        else:
            st.rerun()
    if chosen is not None and buttons.button(t("Delete"), disabled=chosen == state.event_id(),
                 help=t("The open event cannot be deleted; open another one first")):
        try:
            state.delete_saved(chosen)
        except EventError as exc:
            problem(exc)
        else:
            st.rerun()
    new_name = st.text_input(t("Rename the open event"), value=state.event_name(), key=f"rename_{state.event_id()}")
    if st.button(t("Rename")):
        try:
            state.rename_current(new_name)
        except store.StaleSave:
            st.rerun()                       # the page then explains and offers reload or copy
        except EventError as exc:
            problem(exc)
        else:
            st.rerun()
