"""Standings: the event ranked by points and a chosen ordering, ties shaded, each separation named."""
import streamlit as st

from engine.core.errors import EventError
from engine.core.words import standings_heading
from engine.ranking.compare_orderings import criterion_name
from ui.render.tables import SEPARATED, TIED, column_px
from ui.render.text import md_escape
from ui.session import state
from ui.why.answer import why_pair_picker
from ui.widgets.exports import standings_downloads
from ui.widgets.ordering import error_text, ordering_chooser
from ui.widgets.reader_warnings import show_points_column_note
from ui.widgets.share import apply_shared_link
from ui.work.cached import standings_for, standings_frame_for, standings_styled_for

state.ensure_state()
apply_shared_link()

st.title("Standings")
st.caption(f"Event: {md_escape(state.event_name())}")
if note := state.pending_note(state.current_event()):
    st.info(note)
show_points_column_note(state.current_event())

chosen = ordering_chooser()
try:
    table = standings_for(chosen)
except EventError as exc:
    st.error(f"These standings cannot be computed: {md_escape(error_text(exc))}")
    st.stop()

for warning in table.warnings:
    st.warning(md_escape(warning))

st.header(standings_heading(table.round, state.current_event().rounds))
frame = standings_frame_for(chosen)
codes = [str(c) for c in table.criteria]
st.dataframe(
    standings_styled_for(chosen),
    hide_index=True,
    width="stretch",
    height=min(38 + 35 * len(frame), 900),
    column_config={
        # each column as wide as its longest text, so no name or value is cut; the pinned rank and name
        # stay on screen when a phone scrolls the criteria sideways
        "Rank": st.column_config.TextColumn("Rank", help="Shared places show the places they share, e.g. 4–5",
                                            pinned=True, width=column_px(frame, "Rank")),
        "#": st.column_config.TextColumn("#", help="Pairing number", width=column_px(frame, "#")),
        "Name": st.column_config.TextColumn("Name", pinned=True, width=column_px(frame, "Name")),
        **{code: st.column_config.TextColumn(code, help=criterion_name(code), width=column_px(frame, code))
           for code in ["PTS", *codes]},
        SEPARATED: st.column_config.TextColumn("Separated by", width=column_px(frame, SEPARATED, header="Separated by"),
                                               help="The first criterion on which this player and the next "
                                                    "differ: it decided their order."),
        TIED: st.column_config.TextColumn("Tie", width=column_px(frame, TIED, header="Tie"),
                                          help="Tied group: players on the same points, whom the tie-breaks "
                                               "had to separate"),
    },
)

why_pair_picker(table)
standings_downloads(table, state.event_name(), state.current_event().rounds)
st.caption("Shaded rows: players tied on points (the tied group number says which); the tie-breaks are applied "
           "only inside each group, in the order above. A shared place means equal on every criterion.")
st.markdown("  \n".join(f"**{code}**: {criterion_name(code)}" for code in codes))
