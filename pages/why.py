"""Why is A above B? The plain answer with their game, the decision ladder, the card to hand over, what would
really have changed it, and the technical detail for those who open it."""
import streamlit as st

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.core.trace import Result
from engine.ranking.flips import FlipSearch
from engine.ranking.why_above import sentence
from i18n.said import render as render_said
from i18n.said import render_all
from i18n.why import answer_text
from ui.render.tables import dropped_rows, player_label, style_trace, trace_frame
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tn, tr
from ui.session.memory import kept
from ui.teams.share import apply_team_link
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

#: changes listed at once in each group (the rest of the points-keeping ones fold away)
SHOWN = 5

state.ensure_state()
apply_team_link()
apply_shared_link()
if_team_event()
event = state.current_event()
labels = {p.tpn: player_label(p.tpn, p.name) for p in event.players}

st.title(t("Why is A above B?"))
st.caption(t("Event: {name} · the event's order of tie-breaks is set further down.", name=md_escape(state.shown_event_name())))
if note := state.pending_note(event):
    st.info(note)
show_points_column_note(event)
# the answer comes first on screen; the order it depends on is chosen below it
pick_box, answer_box = st.container(), st.container()
st.header(t("This event's order"))
chosen = ordering_chooser()
need_players(len(labels), 2)
try:
    table = standings_for(chosen)
except EventError as exc:
    st.error(t("These standings cannot be computed: {reason}", reason=md_escape(error_text(exc))))
    st.stop()

first, second = why_parts.default_pair(table)
left, right = pick_box.columns(2)
a = kept(left.selectbox, t("Player A"), list(labels), format_func=labels.get, name="why.a", default=first,
         help=t("Default: the two neighbours on the same points whose order was decided latest in the ordering."))
b = kept(right.selectbox, t("Player B"), list(labels), format_func=labels.get, name="why.b", default=second)
if a == b:
    pick_box.warning(t("Choose two different players."))
    st.stop()

answer = why_for(a, b, chosen)
cmp = answer.comparison
try:
    flips, flips_problem = flip_search(a, b, chosen), ""
except EventError as exc:           # a big event's search past its time limit: the rest of the page stands
    flips, flips_problem = FlipSearch(keeping=[], own=[], complete=False), str(exc)
with answer_box:
    st.info(md_escape(answer_text(tr(), answer)))
    if cmp.tied or cmp.above is None or cmp.below is None:
        st.caption(t("Both are placed {rank}.", rank=cmp.ranks[a]))
    else:
        st.caption(why_parts.places_line(event, cmp))
    st.markdown(t("**How the order was decided**"))
    la, lb, above = ladder_names(answer)
    show_chart(chart(f"ladder {order_key(chosen)} {a} {b} {tr().lang}", lambda: ladder_for(answer, tr=tr())),
               ladder_alt(answer.ladder, la, lb, above, tr()), ladder_table(answer.ladder, la, lb, tr()),
               key="why.ladder", width="content", theme=None)
    if not flips_problem:                # the card tells what would have changed it: only with an answer
        why_parts.card_downloads(answer, flips, state.event_name())

st.header(t("What would really have changed it"))
if flips_problem:
    st.warning(t("No search for such changes: {problem}.", problem=md_escape(flips_problem)))
else:
    names = t("{a} and {b}", a=cmp.name(a), b=cmp.name(b))
    st.markdown(t("**Changes that keep the points of {names} as they are**", names=md_escape(names)))
    st.caption(t("Another player's result, a bye recorded as another kind, a forfeit recorded as a game (or a game as "
                 "a forfeit): the scores stay, only a tie-break moves. Smallest first: fewest entries of the event "
                 "changed."))
    if flips.keeping:
        st.markdown(why_parts.flip_lines(flips.keeping[:SHOWN]))
        if len(flips.keeping) > SHOWN:
            with st.expander(tn("{n} more change of this kind", "{n} more changes of this kind",
                                len(flips.keeping) - SHOWN)):
                st.markdown(why_parts.flip_lines(flips.keeping[SHOWN:], start=SHOWN + 1))
    else:
        st.markdown(why_parts.no_keeping_change(cmp, flips))
        if flips.pair is not None and cmp.decided_by != "PTS":
            st.markdown(why_parts.flip_lines([flips.pair]))

    st.markdown(t("**Changes to the points of {names} themselves**", names=md_escape(names)))
    st.caption(t("These change a score, not a tie-break, so they do not explain the tie-break; shown for completeness."))
    if flips.own:
        st.markdown(why_parts.flip_lines(flips.own[:SHOWN]))
    else:
        st.markdown(t("None of one game or one bye reverses them."))

# drawn only while open: ten tables of working are the costliest part of the page, and most people never look
detail = opened_box(t("Technical detail: the ordering rule by rule, with codes and both players' working"),
                    key="why.detail")
if detail is not None:
    with detail:
        st.markdown(md_escape(sentence(cmp)))
        steps = why_parts.steps_frame(cmp)
        st.dataframe(steps, hide_index=True, width="stretch", column_config=fitted_columns(steps, pin=()))
        for step_no, step in enumerate(cmp.steps):
            st.markdown(why_parts.step_line(cmp, step, labels[a], labels[b]))
            if step.group_dependent:
                st.markdown(md_escape(t("Players tied when this rule is reached: {players}",
                                        players=", ".join(labels[p] for p in step.group))))
                if step.table is not None:
                    st.caption(t("Their games against each other (row player's result against the column player; "
                                 "+F / −F a forfeit won / lost):"))
                    st.dataframe(why_parts.mini_table_frame(event, step), hide_index=True)
                st.markdown("\n".join(f"- {md_escape(s)}" for s in render_all(tr(), step.trace_a.steps)))
                continue
            cols = st.columns(2)
            for column, who, trace, value in ((cols[0], a, step.trace_a, step.value_a),
                                              (cols[1], b, step.trace_b, step.value_b)):
                with column:
                    st.markdown(f"*{md_escape(labels[who])}: {nice(value) if value is not None else t('none')}*")
                    if trace.rows:
                        res = Result(value, trace)
                        working_table(style_trace(trace_frame(res, event, compact=True, tr=tr()), dropped_rows(res)),
                                      key=f"why-{step_no}-{who}")
                    st.markdown("\n".join(f"- {md_escape(s)}" for s in render_all(tr(), trace.steps)))
            if step.trace_a.citation:
                st.caption(t("Rule: {rule}", rule=md_escape(render_said(tr(), step.trace_a.citation))))

share_box("why", chosen, players=(a, b))
