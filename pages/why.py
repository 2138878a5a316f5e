"""Why is A above B? The plain answer with their game, the decision ladder, the card to hand over, what would
really have changed it, and the technical detail for those who open it."""
import streamlit as st

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.core.trace import Result
from engine.core.words import ordinal, spoken_name
from engine.ranking.flips import FlipSearch
from engine.ranking.why_above import sentence
from ui.render.tables import dropped_rows, player_label, style_trace, trace_frame
from ui.render.text import md_escape
from ui.session import state
from ui.session.memory import kept
from ui.teams.why_view import if_team_event
from ui.why import answer as why_parts
from ui.why.card import ladder_for, ladder_names
from ui.widgets.chart_text import ladder_alt, ladder_table, show_chart
from ui.widgets.layout import fitted_columns, opened_box, working_table
from ui.widgets.ordering import error_text, ordering_chooser
from ui.widgets.page import need_players
from ui.widgets.reader_warnings import show_points_column_note
from ui.widgets.share import apply_shared_link, share_box
from ui.work.cached import chart, flip_search, order_key, standings_for, why_for


def placed(tpn: int, rank: int) -> str:
    """``John Courtney (#34) 5th``: a place as a sentence says it, the name first."""
    return f"{spoken_name(event.player(tpn).name)} (#{tpn}) {ordinal(rank)}"


#: changes listed at once in each group (the rest of the points-keeping ones fold away)
SHOWN = 5

state.ensure_state()
apply_shared_link()
if_team_event()
event = state.current_event()
labels = {p.tpn: player_label(p.tpn, p.name) for p in event.players}

st.title("Why is A above B?")
st.caption(f"Event: {md_escape(state.event_name())} · the event's order of tie-breaks is set further down.")
if note := state.pending_note(event):
    st.info(note)
show_points_column_note(event)
# the answer comes first on screen; the order it depends on is chosen below it
pick_box, answer_box = st.container(), st.container()
st.header("This event's order")
chosen = ordering_chooser()
need_players(len(labels), 2)
try:
    table = standings_for(chosen)
except EventError as exc:
    st.error(f"These standings cannot be computed: {md_escape(error_text(exc))}")
    st.stop()

first, second = why_parts.default_pair(table)
left, right = pick_box.columns(2)
a = kept(left.selectbox, "Player A", list(labels), format_func=labels.get, name="why.a", default=first,
         help="Default: the two neighbours on the same points whose order was decided latest in the ordering.")
b = kept(right.selectbox, "Player B", list(labels), format_func=labels.get, name="why.b", default=second)
if a == b:
    pick_box.warning("Choose two different players.")
    st.stop()

answer = why_for(a, b, chosen)
cmp = answer.comparison
try:
    flips, flips_problem = flip_search(a, b, chosen), ""
except EventError as exc:           # a big event's search past its time limit: the rest of the page stands
    flips, flips_problem = FlipSearch(keeping=[], own=[], complete=False), str(exc)
with answer_box:
    st.info(md_escape(answer.text))
    if cmp.tied or cmp.above is None or cmp.below is None:
        st.caption(f"Both are placed {cmp.ranks[a]}.")
    else:
        st.caption(f"Places: {md_escape(placed(cmp.above, cmp.ranks[cmp.above]))}, "
                   f"{md_escape(placed(cmp.below, cmp.ranks[cmp.below]))}. Each rule is looked at only for players "
                   "still equal on everything before it, points first.")
    st.markdown("**How the order was decided**")
    la, lb, above = ladder_names(answer)
    show_chart(chart(f"ladder {order_key(chosen)} {a} {b}", lambda: ladder_for(answer)),
               ladder_alt(answer.ladder, la, lb, above), ladder_table(answer.ladder, la, lb),
               key="why.ladder", width="content", theme=None)
    if not flips_problem:                # the card tells what would have changed it: only with an answer
        why_parts.card_downloads(answer, flips, state.event_name())

st.header("What would really have changed it")
if flips_problem:
    st.warning(f"No search for such changes: {md_escape(flips_problem)}.")
else:
    names = f"{cmp.name(a)} and {cmp.name(b)}"
    st.markdown(f"**Changes that keep the points of {md_escape(names)} as they are**")
    st.caption("Another player's result, a bye recorded as another kind, a forfeit recorded as a game (or a game as a "
               "forfeit): the scores stay, only a tie-break moves. Smallest first: fewest entries of the event changed.")
    if flips.keeping:
        st.markdown(why_parts.flip_lines(flips.keeping[:SHOWN]))
        if len(flips.keeping) > SHOWN:
            with st.expander(f"{len(flips.keeping) - SHOWN} more changes of this kind"):
                st.markdown(why_parts.flip_lines(flips.keeping[SHOWN:], start=SHOWN + 1))
    elif cmp.decided_by == "PTS":
        st.markdown("Their points differ, so no change that keeps both scores can reverse them; only the changes to "
                    "their own points below can.")
    elif flips.pair is not None:
        st.markdown("No single change of this kind reverses them. The smallest pair of such changes that does:")
        st.markdown(why_parts.flip_lines([flips.pair]))
    else:
        st.markdown("No single change of this kind reverses them"
                    + (", and no pair of the changes that came closest does either." if flips.pairs_tried else "."))

    st.markdown(f"**Changes to the points of {md_escape(names)} themselves**")
    st.caption("These change a score, not a tie-break, so they do not explain the tie-break; shown for completeness.")
    if flips.own:
        st.markdown(why_parts.flip_lines(flips.own[:SHOWN]))
    else:
        st.markdown("None of one game or one bye reverses them.")

# drawn only while open: ten tables of working are the costliest part of the page, and most people never look
detail = opened_box("Technical detail: the ordering rule by rule, with codes and both players' working",
                    key="why.detail")
if detail is not None:
    with detail:
        st.markdown(md_escape(sentence(cmp)))
        steps = why_parts.steps_frame(cmp)
        st.dataframe(steps, hide_index=True, width="stretch", column_config=fitted_columns(steps, pin=()))
        for step_no, step in enumerate(cmp.steps):
            st.markdown(f"**{md_escape(step.code)} · {md_escape(step.single)}**: "
                        f"{md_escape(why_parts.step_value(step, step.value_a))} for {md_escape(labels[a])}, "
                        f"{md_escape(why_parts.step_value(step, step.value_b))} for {md_escape(labels[b])} — "
                        f"{md_escape(why_parts.step_verdict(cmp, step))}")
            if step.group_dependent:
                st.markdown(md_escape("Players tied when this rule is reached: "
                                      + ", ".join(labels[t] for t in step.group)))
                if step.table is not None:
                    st.caption("Their games against each other (row player's result against the column player; "
                               "+F / −F a forfeit won / lost):")
                    st.dataframe(why_parts.mini_table_frame(event, step), hide_index=True)
                st.markdown("\n".join(f"- {md_escape(s)}" for s in step.trace_a.steps))
                continue
            cols = st.columns(2)
            for column, who, trace, value in ((cols[0], a, step.trace_a, step.value_a),
                                              (cols[1], b, step.trace_b, step.value_b)):
                with column:
                    st.markdown(f"*{md_escape(labels[who])}: {nice(value) if value is not None else 'none'}*")
                    if trace.rows:
                        res = Result(value, trace)
                        working_table(style_trace(trace_frame(res, event, compact=True), dropped_rows(res)),
                                      key=f"why-{step_no}-{who}")
                    st.markdown("\n".join(f"- {md_escape(s)}" for s in trace.steps))
            if step.trace_a.citation:
                st.caption(f"Rule: {md_escape(step.trace_a.citation)}")

share_box("why", chosen, players=(a, b))
