"""Start: what tie-breaks are for, where to go next (every task by name), and the current event's standings."""
import streamlit as st

from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.core.words import progress_text
from ui.session import state, workspace
from ui.session.memory import event_ordering
from ui.widgets.layout import fitted_columns
from ui.widgets.ordering import code_label
from ui.work.cached import preview_for

state.ensure_state()
event, settings = state.current_event(), state.settings()

st.title("♟️ Tiebreak Lab")
st.markdown(
    "When players finish on the same score, **tie-breaks** decide their order. That order always decides "
    "what cannot be split: a trophy, a title, a qualifying place. **Cash** depends on the event's rules: US "
    "Chess shares it equally among the tied players (rule 32B), while many FIDE events pay it in tie-break "
    "order or by the Hort system (half shared, half in tie-break order); the Prizes page does all three. "
    "This lab shows how each tie-break system orders an event, and explains every number step by step."
)

# every task by name, the parent's question first, in the page itself: on a phone the sidebar is closed
st.header("What do you want to do?")
tasks, more = st.columns(2)
with tasks:
    state.page_link("pages/why.py", "", label="Why is my child below another player on the same points?")
    state.page_link("pages/forecast.py", "what each player needs in the last round")
    state.page_link("pages/standings.py", "rank the event by any tie-break order")
    state.page_link("pages/explain.py", "see how one player's tie-break is worked out")
    state.page_link("pages/prizes.py", "share the prize money, class prizes included")
    state.page_link("pages/build.py", "type results, pair rounds, open a file")
with more:
    state.page_link("pages/check.py", "is a published table right, and why not")
    state.page_link("pages/announcement.py", "the sheet to post before round 1")
    state.page_link("pages/compare.py", "how the systems disagree on this event")
    state.page_link("pages/lessons.py", "short stories, one system each")
    state.page_link("pages/training.py", "practise working the numbers out")
    state.page_link("pages/glossary.py", "every name, code and rule set in plain words")
    state.page_link("pages/simulation.py", "how often each system leaves a tie")
st.caption(f"{workspace.where_saved()} Reopen, rename or delete saved events on the Build event page.")

table = preview_for(event_ordering())
st.header("Standings of the current event")
st.text(f"{state.event_name()}: {len(event.players)} players, "
        f"{progress_text(event.last_result_round(), event.rounds)}")
named = f" — {PRESETS[settings.preset].label} —" if settings.preset in PRESETS else ","
order_words = "; ".join(code_label(c) for c in settings.codes) or "nothing else"       # each code with its name
rules_words = RULE_SETS[settings.rules].heading if settings.rules in RULE_SETS else settings.rules
st.caption(f"Ordered by points, then {order_words}{named} under the rule set {rules_words}. This is the event's "
           "own order: change it on the Standings page and every page follows.")
if note := state.pending_note(event):
    st.info(note)
if table.empty:
    st.info("This event has no rounds yet. Add players and results on the Build event page.")
else:
    st.text(f"Leader: {table.iloc[0]['Name']} with {table.iloc[0]['Points']} points")
    st.dataframe(table, hide_index=True, width="stretch", height=min(35 * (len(table) + 1) + 3, 740),
                 column_config=fitted_columns(table),
                 key="start_standings")
