"""Start: what tie-breaks are for, the current event's standings, and where to go next."""
import streamlit as st

from engine.core.model import progress_text
from engine.core.presets import PRESETS
from ui import state, workspace
from ui.grid import standings_frame
from ui.layout import fitted_columns
from ui.tables import fitted_widths

state.ensure_state()
event, settings = state.current_event(), state.settings()

st.title("♟️ Tiebreak Lab")
st.markdown(
    "When players finish on the same score, **tie-breaks** decide their order. That order matters for "
    "prizes that cannot be split: a trophy, a title, a qualifying place. **Cash prizes are shared** "
    "equally among the tied players instead; tie-breaks do not decide money. This lab shows how each "
    "tie-break system orders an event, and explains every number step by step."
)

table = standings_frame(event, codes=settings.codes, rules=settings.rules, options=settings.options)
# beside the links only when the table fits three fifths of a laptop's page (about 450 px); else below them
beside = sum(fitted_widths(table).values()) <= 450
left, right = st.columns([3, 2], gap="large") if beside else (st.container(), st.container())
with left:
    st.header("Standings of the current event")
    st.text(f"{state.event_name()}: {len(event.players)} players, "
            f"{progress_text(event.last_result_round(), event.rounds)}")
    named = f" — {PRESETS[settings.preset].label} —" if settings.preset in PRESETS else ","
    st.caption(f"Ordered by points, then {', '.join(settings.codes) or 'nothing else'}{named} under rule set "
               f"{settings.rules}. This is the event's own order: change it on the Standings page and every page "
               "follows.")
    if note := state.pending_note(event):
        st.info(note)
    if table.empty:
        st.info("This event has no rounds yet. Add players and results on the Build event page.")
    else:
        st.text(f"Leader: {table.iloc[0]['Name']} with {table.iloc[0]['Points']} points")
        st.dataframe(table, hide_index=True, width="stretch", height=min(35 * (len(table) + 1) + 3, 740),
                     column_config=fitted_columns(table),
                     key="start_standings")

with right:
    st.header("What you can do")
    state.page_link("pages/build_event.py", "type results, pair rounds, upload a file")
    state.page_link("pages/standings.py", "rank the event by any tie-break order")
    state.page_link("pages/explain.py", "see how one player's tie-break is computed")
    state.page_link("pages/compare_orderings.py", "how the systems disagree")
    state.page_link("pages/glossary.py", "every code, rule set and option in plain words")
    state.page_link("pages/before_last_round.py", "everyone's chances, and what one player needs")
    st.info(f"{workspace.where_saved()} Reopen, rename or delete saved events on the Build event page.")
