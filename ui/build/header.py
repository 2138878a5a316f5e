"""The top of Build event: the event's name, kind and progress, the way back to the example, the message an
action left, the notice that another tab changed the event, a file reader's repairs and repeated games."""
from __future__ import annotations

import streamlit as st

from engine.core.model import Event
from engine.events.settings import EventSettings
from engine.pairing.next_round import scheduled_boards
from engine.pairing.repeats import describe, repeated_games
from ui.build.words import event_kind, event_line
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t
from ui.session.stale import stale_box
from ui.widgets.page import show_notice
from ui.widgets.reader_warnings import show_reader_warnings


def event_header() -> tuple[Event, EventSettings, dict[int, list[tuple[int, int]]]]:
    """Draw the top of the page; the event, its settings and its boards still waiting for a result, by round."""
    event, settings = state.current_event(), state.settings()
    pending = scheduled_boards(event)
    st.title(t("Build event"))
    stale, refused = state.stale(), state.not_saved()
    line = event_line(state.shown_event_name(), event_kind(event), len(event.players), event.last_result_round(),
                      event.rounds)
    saved = t("(changed elsewhere: not saved from this tab)") if stale else \
        t("(not saved: {reason})", reason=t(refused)) if refused else \
        t("(saved as soon as you change it)") if state.unsaved_example() else t("(saved automatically)")
    st.text(f"{line} {saved}")
    if state.event_name() != state.EXAMPLE_NAME and \
            st.button(t("Back to the built-in example"), icon=":material/undo:", key="open_example",
                      help=t("Opens the example event the app starts with; your events stay saved (Saved events "
                             "tab)")):
        state.open_example()
        state.notice(t("Opened the built-in example. Your other events are in the Saved events tab."))
        st.rerun()
    show_notice()
    stale_box()
    show_reader_warnings(state.take_reader_warnings())
    if not event.is_round_robin and (repeats := repeated_games(event)):
        games = [t("{players} in rounds {first} and {again}", players=describe(event, a, b), first=first,
                   again=again) for a, b, first, again in repeats]
        st.warning(t("Games that repeat an earlier pairing (a Swiss pairs two players only once): {games}. "
                     "Check the results grid.", games=md_escape("; ".join(games))))
    return event, settings, pending
