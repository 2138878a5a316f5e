"""The two choices offered when this tab's copy of the event or of its settings is older than the saved one.

Another tab or window saved the event (its results) or its settings (order, prizes, notes) after this tab
opened it, so this tab's changes are not saved over them (:func:`ui.session.state.stale`).  Every page that changes
either shows the same box: reload the saved event (this tab's changes are dropped), or keep this tab's
version as a copy next to it.
"""
from __future__ import annotations

import streamlit as st

from engine.core.errors import EventError
from i18n.said import error_text
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tr


def stale_box(key: str = "stale") -> bool:
    """Show the box when this tab is stale; True when it was shown."""
    if not state.stale():
        return False
    with st.container(border=True):
        st.warning(t("This event or its settings (order, prizes, notes) were changed in another tab or window after "
                     "you opened it here, so changes made in this tab are not saved over them. Reload the saved event "
                     "(this tab's changes are dropped), or keep this tab's version as a copy next to it."), icon="🔄")
        buttons = st.container(horizontal=True)      # side by side, each as wide as its label in any language
        if buttons.button(t("Reload the saved event"), key=f"{key}_reload"):
            try:
                state.reload_saved()
            except EventError as exc:
                st.error(md_escape(t("The saved event cannot be reloaded: {problem}. Keep yours as a copy instead.",
                                     problem=error_text(tr(), exc))))
            else:
                state.notice(t("Reloaded the saved event."))
                st.rerun()
        if buttons.button(t("Save mine as a copy"), key=f"{key}_copy"):
            state.save_as_copy()
            state.notice(t("Saved this tab's version as \"{name}\".", name=state.event_name()))
            st.rerun()
    return True
