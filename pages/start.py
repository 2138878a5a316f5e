"""Start: what tie-breaks are for, where to go next (every task by name), and the current event's standings."""
import streamlit as st

from engine.core.presets import PRESETS
from i18n import render
from i18n.numbers import localised_decimals
from ui.session import state, workspace
from ui.session.language import current, t, tp, tr
from ui.session.memory import event_ordering
from ui.widgets.layout import fitted_columns
from ui.work.cached import preview_for

state.ensure_state()
event, settings = state.current_event(), state.settings()

st.title("♟️ Tiebreak Lab")
st.markdown(t(
    "When players finish on the same score, **tie-breaks** decide their order. That order always decides what "
    "cannot be split: a trophy, a title, a qualifying place. **Cash** depends on the event's rules: US Chess "
    "shares it equally among the tied players (rule 32B), while many FIDE events pay it in tie-break order or by "
    "the Hort system (half shared, half in tie-break order); the Prizes page does all three. This lab shows how "
    "each tie-break system orders an event, and explains every number step by step."
))

# every task by name, the parent's question first, in the page itself: on a phone the sidebar is closed
st.header(t("What do you want to do?"))
tasks, more = st.columns(2)
with tasks:
    state.page_link("pages/why.py", "", label=t("Why is my child below another player on the same points?"))
    state.page_link("pages/forecast.py", t("what each player needs in the last round"))
    state.page_link("pages/standings.py", t("rank the event by any tie-break order"))
    state.page_link("pages/explain.py", t("see how one player's tie-break is worked out"))
    state.page_link("pages/prizes.py", t("share the prize money, class prizes included"))
    state.page_link("pages/build.py", t("type results, pair rounds, open a file"))
with more:
    state.page_link("pages/check.py", t("is a published table right, and why not"))
    state.page_link("pages/announcement.py", t("the sheet to post before round 1"))
    state.page_link("pages/compare.py", t("how the systems disagree on this event"))
    state.page_link("pages/lessons.py", t("short stories, one system each"))
    state.page_link("pages/training.py", t("practise working the numbers out"))
    state.page_link("pages/glossary.py", t("every name, code and rule set in plain words"))
    state.page_link("pages/simulation.py", t("how often each system leaves a tie"))
st.caption(t("{where_saved} Reopen, rename or delete saved events on the Build event page.",
             where_saved=workspace.where_saved()))

table = preview_for(event_ordering())
st.header(t("Standings of the current event"))
st.text(render.event_line(tr(), state.shown_event_name(), len(event.players), event.last_result_round(), event.rounds))
# each code with its name, and the rule set by its name (words beside every code)
codes = "; ".join(f"{c} · {render.criterion_name(tr(), c)}" for c in settings.codes)
rules = render.rules_label(tr(), settings.rules)
if settings.preset in PRESETS and codes:
    ordered = t("Ordered by points, then {codes} — {preset} — under rule set {rules}.", codes=codes,
                preset=render.preset_label(tr(), settings.preset), rules=rules)
elif codes:
    ordered = t("Ordered by points, then {codes}, under rule set {rules}.", codes=codes, rules=rules)
else:
    ordered = t("Ordered by points, then nothing else, under rule set {rules}.", rules=rules)
st.caption(ordered + " " + t("This is the event's own order: change it on the Standings page and every page follows."))
if note := state.pending_note(event):
    st.info(note)
if table.empty:
    st.info(t("This event has no rounds yet. Add players and results on the Build event page."))
else:
    lang = current()
    # a translation phrases the total around its number ("очков: 6½"), so no plural form depends on a half point
    st.text(t("Leader: {name} with {points} points", name=table.iloc[0]["Name"],
              points=localised_decimals(str(table.iloc[0]["Points"]), lang)))
    shown = table if lang == "en" else table.map(lambda v: localised_decimals(v, lang) if isinstance(v, str) else v)
    # the columns keep their English keys (the code reads them); only the headings shown are translated, each
    # column as wide as its translated heading
    columns = fitted_columns(table, labels={"Rank": t("Rank"), "No.": t("No."), "Name": t("Name"),
                                            "Points": tp("game", "Points")})
    st.dataframe(shown, hide_index=True, width="stretch", height=min(35 * (len(table) + 1) + 3, 740),
                 column_config=columns,
                 key="start_standings")
