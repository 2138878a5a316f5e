"""Why is A above B? Two players, the ordering walked criterion by criterion, what would have flipped it, a link."""
import streamlit as st

from engine.ranking.dispute import compare_players, sentence
from engine.core.errors import EventError
from engine.core.exact import nice
from engine.core.trace import Result
from ui import dispute, state
from ui.ordering import kept, ordering_chooser, standings_for
from ui.share import apply_shared_link, share_box
from ui.tables import dropped_rows, md_escape, player_label, style_trace, trace_frame

state.ensure_state()
apply_shared_link()
event = state.current_event()
labels = {p.tpn: player_label(p.tpn, p.name) for p in event.players}

st.title("Why is A above B?")
st.caption(f"Event: {state.event_name()}")

chosen = ordering_chooser()
if len(labels) < 2:
    st.info("The event needs at least two players: add some on the Build event page.")
    st.stop()
try:
    table = standings_for(chosen)
except EventError as exc:
    st.error(f"These standings cannot be computed: {exc}")
    st.stop()

first, second = dispute.default_pair(table)
left, right = st.columns(2)
a = kept(left.selectbox, "Player A", list(labels), format_func=labels.get, name="why.a", default=first,
         help="Default: the two neighbours on the same points whose order was decided latest in the ordering.")
b = kept(right.selectbox, "Player B", list(labels), format_func=labels.get, name="why.b", default=second)
if a == b:
    st.warning("Choose two different players.")
    st.stop()

cmp = compare_players(event, a, b, chosen.criteria, chosen.rules, chosen.options, table=table)
st.info(md_escape(sentence(cmp)))
if cmp.tied:
    st.caption("Equal on everything: a shared place (RULES.md §0.2). The drawing of lots is seeded so it can be "
               "replayed (§2.23); a play-off's times and colour choice are set by the regulations (§2.22, §8.20).")
else:
    st.caption(f"Ranks: {labels[cmp.above]} {cmp.ranks[cmp.above]}, {labels[cmp.below]} {cmp.ranks[cmp.below]}. "
               "Each criterion only separates players still equal on everything before it, points first.")

st.subheader("Criterion by criterion")
st.dataframe(dispute.steps_frame(cmp), hide_index=True, width="stretch")

for step in cmp.steps:
    head = (f"{step.code} · {step.single}: {dispute.step_value(step, step.value_a)} for {labels[a]}, "
            f"{dispute.step_value(step, step.value_b)} for {labels[b]} — {dispute.step_verdict(cmp, step)}")
    with st.expander(md_escape(head), expanded=step.separates):
        if step.group_dependent:
            st.markdown(md_escape("Players tied when this criterion is reached: "
                                  + ", ".join(labels[t] for t in step.group)))
            if step.table is not None:
                st.caption("Their games against each other (row player's result against the column player; "
                           "+F / −F a forfeit):")
                st.dataframe(dispute.mini_table_frame(event, step), hide_index=True)
            st.markdown("\n".join(f"- {md_escape(s)}" for s in step.trace_a.steps))
            continue
        cols = st.columns(2)
        for column, who, trace, value in ((cols[0], a, step.trace_a, step.value_a),
                                          (cols[1], b, step.trace_b, step.value_b)):
            with column:
                st.markdown(f"**{md_escape(labels[who])}: {nice(value) if value is not None else 'none'}**")
                if trace.rows:
                    res = Result(value, trace)
                    st.table(style_trace(trace_frame(res, event, compact=True), dropped_rows(res)))
                st.markdown("\n".join(f"- {md_escape(s)}" for s in trace.steps))
        if step.trace_a.citation:
            st.caption(f"Rule: {step.trace_a.citation}")

st.subheader("What would have flipped it")
st.caption("Single changes to the event — one game result, a bye recorded as another kind, a forfeit recorded as "
           "a game (or the reverse), a withdrawal — that reverse the two players, smallest first: fewest round "
           "entries changed (a game result changes two), then the fewest points moved.")
codes = chosen.codes
if st.button("Find the smallest changes that reverse them", key="why.find_flips"):
    with st.spinner("Recomputing the order of the two players for every change that can matter…"):
        try:
            dispute.run_flip_search(a, b, codes, chosen.rules, chosen.options)
        except EventError as exc:
            st.error(f"No answer: {exc}.")
flips = dispute.kept_flips(a, b, codes, chosen.rules, chosen.options)
if flips is not None:
    if not flips:
        st.info("No single change of these kinds reverses them.")
    else:
        st.dataframe(dispute.flips_frame(event, a, b, flips), hide_index=True, width="stretch",
                     column_config={"#": st.column_config.TextColumn(width=35),
                                    "Change": st.column_config.TextColumn(width=380),
                                    "Entries": st.column_config.TextColumn(width=65, help="Round entries changed"),
                                    "Points": st.column_config.TextColumn(width=60, help="Points moved, added up"),
                                    "Decided by": st.column_config.TextColumn(
                                        width=80, help="The criterion that would then separate them")})
        st.markdown("\n".join(f"{i}. {md_escape(f.sentence)}" for i, f in enumerate(flips, 1)))

share_box("why", codes, chosen.rules, chosen.options, players=(a, b), preset=chosen.preset)
