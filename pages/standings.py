"""Standings: the event ranked by points and a chosen ordering, ties shaded, each separation named."""
import streamlit as st

from engine.core.errors import EventError
from i18n import render
from ui.render.tables import SEPARATED, TIED, column_px
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tr
from ui.teams.share import apply_team_link
from ui.teams.standings_view import if_team_event
from ui.why.answer import why_pair_picker
from ui.widgets.exports import standings_downloads
from ui.widgets.ordering import error_text, ordering_chooser
from ui.widgets.reader_warnings import show_points_column_note
from ui.widgets.share import apply_shared_link
from ui.work.cached import standings_for, standings_frame_for, standings_styled_for

state.ensure_state()
apply_team_link()
apply_shared_link()
if_team_event()

st.title(t("Standings"))
st.caption(t("Event: {name}", name=md_escape(state.shown_event_name())))
if note := state.pending_note(state.current_event()):
    st.info(note)
show_points_column_note(state.current_event())

chosen = ordering_chooser()
try:
    table = standings_for(chosen)
except EventError as exc:
    st.error(t("These standings cannot be computed: {reason}", reason=md_escape(error_text(exc))))
    st.stop()

for warning in table.warnings:
    st.warning(md_escape(warning))

st.header(render.standings_heading(tr(), table.round, state.current_event().rounds))
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
        "Rank": st.column_config.TextColumn(t("Rank"), help=t("Shared places show the places they share, e.g. 4–5"),
                                            pinned=True, width=column_px(frame, "Rank", header=t("Rank"))),
        "#": st.column_config.TextColumn("#", help=t("Pairing number"), width=column_px(frame, "#")),
        "Name": st.column_config.TextColumn(t("Name"), pinned=True, width=column_px(frame, "Name", header=t("Name"))),
        **{code: st.column_config.TextColumn(code, help=render.criterion_name(tr(), code), width=column_px(frame, code))
           for code in ["PTS", *codes]},
        SEPARATED: st.column_config.TextColumn(t("Separated by"),
                                               width=column_px(frame, SEPARATED, header=t("Separated by")),
                                               help=t("The first criterion on which this player and the next "
                                                      "differ: it decided their order.")),
        TIED: st.column_config.TextColumn(t("Tie"), width=column_px(frame, TIED, header=t("Tie")),
                                          help=t("Tied group: players on the same points, whom the tie-breaks "
                                                 "had to separate")),
    },
)

why_pair_picker(table)
standings_downloads(table, state.event_name(), state.current_event().rounds)
st.caption(t("Shaded rows: players tied on points (the tied group number says which); the tie-breaks are applied "
             "only inside each group, in the order above. A shared place means equal on every criterion."))
st.markdown("  \n".join(f"**{code}**: {render.criterion_name(tr(), code)}" for code in codes))
