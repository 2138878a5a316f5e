"""Explain: one player's value on one criterion, worked as on paper; every rule set; a second player."""
import streamlit as st

from engine.core.codes import parse_code
from engine.core.errors import EventError
from engine.core.exact import nice
from engine.core.ordering import ordering_of
from engine.core.rules import RULE_SETS
from i18n import render
from i18n.numbers import localised_decimals
from i18n.said import render as render_said
from i18n.said import render_all
from ui.render.tables import (
    dropped_rows,
    player_label,
    rule_set_frame,
    rule_sets_agree,
    rule_sets_heading,
    style_trace,
    trace_frame,
)
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tr
from ui.session.memory import kept
from ui.teams.explain_view import if_team_event
from ui.teams.share import apply_team_link
from ui.widgets.layout import fitted_columns, working_table
from ui.widgets.ordering import code_label, code_labels, code_options, error_text, ordering_chooser
from ui.widgets.page import need_players
from ui.widgets.share import apply_shared_link, share_box
from ui.work.cached import explain_for, kept_table, order_key

state.ensure_state()
apply_team_link()
apply_shared_link()
if_team_event()
event = state.current_event()
labels = {p.tpn: player_label(p.tpn, p.name) for p in event.players}

st.title(t("Explain a tie-break value"))
st.caption(t("Event: {name}", name=md_escape(state.shown_event_name())))

chosen = ordering_chooser()
need_players(len(labels), 1)

left, middle, right = st.columns(3)
tpn = kept(left.selectbox, t("Player"), list(labels), format_func=labels.get, name="explain.player",
           default=min(labels, key=lambda t: (t != 4, t)))
offered = code_options(chosen.codes)
offered_labels = code_labels(offered)
code = kept(middle.selectbox, t("Criterion"), offered, format_func=lambda c: offered_labels.get(c, c),
            name="explain.code", default=(chosen.codes or ("BH",))[0])
other = kept(right.selectbox, t("Second player, side by side"), [0] + list(labels),
             format_func=lambda t: "—" if t == 0 else labels[t], name="explain.other", default=0)
if tpn not in labels:          # the event changed under a remembered choice
    tpn = next(iter(labels))
players = [tpn] + ([other] if other in labels and other != tpn else [])


#: the working's column headings in the session's language (the table keeps its English keys, which the
#: layout reads; only the headings shown are translated)
TRACE_HEADINGS = {"Round": t("Round"), "Opponent": t("Opponent"), "Result": t("Result"), "Value": t("Value"),
                  "Why": t("Why"), "Dropped because": t("Dropped because"), "Running total": t("Running total"),
                  "Sum so far": t("Sum so far")}


def working(who: int, rules: str):
    """The value and its working, or None (with the reason shown) when it cannot be computed."""
    try:
        return explain_for(who, code, ordering_of(chosen, rules))
    except EventError as exc:
        st.error(md_escape(f"{labels[who]}: {error_text(exc)}"))
        return None


st.header(t("{criterion}, rule set {rules}", criterion=code_label(code), rules=chosen.rules.name))
if parse_code(code).info.group_dependent:
    st.caption(t("This criterion looks only at the players still tied when it is reached in the ordering above."))

per_rules = {labels[who]: {r: getattr(working(who, r), "value", None) for r in RULE_SETS} for who in players}
same = rule_sets_agree(per_rules, tr())
if same is not None:
    st.markdown(md_escape(same))
else:
    st.markdown(rule_sets_heading(per_rules, tr()))
    # the rule sets' short names keep the values in view on a phone; the chooser's help has the long ones
    by_rules = rule_set_frame(per_rules, {r: render.rules_short(tr(), r) for r in RULE_SETS}, tr())
    st.dataframe(by_rules, hide_index=True, width="stretch", column_config=fitted_columns(by_rules, pin=()))

for column, who in zip(st.columns(len(players)), players):
    with column:
        res = working(who, chosen.rules.name)
        if res is None:
            continue
        value = localised_decimals(nice(res.value), current()) if res.value is not None else t("none")
        st.markdown(f"### {md_escape(labels[who])}: {code} = {value}")
        if res.trace.rows:
            compact = len(players) > 1
            working_table(kept_table(f"working {order_key(chosen)} {who} {code} {compact} {current()}",
                                     lambda: style_trace(trace_frame(res, event, compact=compact, tr=tr()), dropped_rows(res),
                                                         TRACE_HEADINGS)),
                          key=f"explain-{who}", text_columns={TRACE_HEADINGS["Why"], TRACE_HEADINGS["Dropped because"]})
        st.markdown("\n".join(f"- {md_escape(step)}" for step in render_all(tr(), res.trace.steps)))
        if res.trace.citation:
            st.caption(t("Rule: {rule}", rule=md_escape(render_said(tr(), res.trace.citation))))

share_box("explain", chosen, players=players, code=code)
