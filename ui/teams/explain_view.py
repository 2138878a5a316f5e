"""Explain for a team event: one team's value on one team tie-break, worked as on paper from the engine's trace
(each round's opponent score with its adjustment and reason, the products and the cut, the tied teams' own
small crosstable, the boards of the two teams' own match, the SSSC factor and sum)."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.teams.codes import TeamCriterion, parse_team_code
from engine.teams.encounter import FOLLOW_UPS, GroupSplit
from engine.teams.model import TeamEvent
from engine.teams.tiebreaks import compute
from i18n.said import render
from ui.render.tables import column_px
from ui.render.text import md_escape
from ui.session.language import t, tr
from ui.teams.cached import standings_in
from ui.teams.keys import EXPLAIN_CODE, EXPLAIN_TEAM
from ui.teams.order import TeamOrder, team_order_chooser
from ui.teams.share import team_share_box
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page
from ui.teams.tables import mini_matches_frame, mini_table_frame, mini_totals_frame, own_match_frame, trace_frame, trace_heads
from ui.teams.words import team_label
from ui.widgets.ordering import error_text

TEAM = EXPLAIN_TEAM
CODE = EXPLAIN_CODE
#: a grid wider than this (pixels, as :func:`column_px` counts them) does not fit a laptop's page (818 px)
PAGE_PX = 800
#: codes offered beside the chosen order's, so any team tie-break can be worked
MORE_CODES = ("BH:MP", "BH:MP/C1", "BH:GP", "BH:GP/C1", "EMMSB/C1", "EMGSB/C1", "EGMSB/C1", "EGGSB/C1", "EDE",
              "EDEC", "BC", "TBR", "BBE", "SSSC", "OSB", "BERLIN", "MPTS", "GPTS", "MPvGP", "WIN")


def _choices(order: TeamOrder, ev: TeamEvent) -> tuple[int, str]:
    tpns = ev.tpns
    if st.session_state.get(TEAM) not in tpns:
        st.session_state[TEAM] = tpns[0]
    codes = list(dict.fromkeys([c.given or str(c) for c in order.criteria] + list(MORE_CODES)))
    if st.session_state.get(CODE) not in codes:
        st.session_state[CODE] = codes[0]
    left, right = st.columns(2)
    tpn = left.selectbox(t("Team"), tpns, format_func=ev.name_of, key=TEAM)
    # the code alone: its words are the heading right below (a code with its words is too long for a phone)
    code = right.selectbox(t("Tie-break"), codes, key=CODE)
    return tpn, code


def team_explain_view(ev: TeamEvent) -> None:
    """The whole Explain page for a team event."""
    team_heading(ev, t("Explain a team tie-break"))
    order = team_order_chooser(ev)
    tpn, code = _choices(order, order.event)
    try:
        crit = parse_team_code(code)
    except EventError as exc:
        st.error(md_escape(error_text(exc)))
        return
    st.header(f"{md_escape(order.event.name_of(tpn))}: {team_label(crit)} ({md_escape(code)})")
    st.caption(t(crit.info.sentence) + " " + t("Rule: {citation}. {rules}.", citation=t(crit.info.citation),
                                               rules=t(order.context.rules_words)))
    if crit.info.group_dependent:
        _group_working(order, crit, tpn)
    else:
        _number_working(order, crit, tpn)
    team_share_box("explain", teams=(tpn,), code=code)


def _number_working(order: TeamOrder, crit: TeamCriterion, tpn: int) -> None:
    result = compute(order.context, crit, tpn)
    st.metric(t("Value"), nice(result.value))
    frame = trace_frame(result, order.event, tr())
    st.dataframe(frame.drop(columns=["How"]).rename(columns=trace_heads(tr())), hide_index=True, width="stretch")
    st.markdown(t("**Round by round:**") + "\n" + "\n".join(
        "- " + t("Round {round}: {how}", round=r, how=md_escape(how)) for r, how in zip(frame["Round"], frame["How"])))
    st.markdown(t("**The steps:**") + "\n" + "\n".join(
        f"{n}. {md_escape(render(tr(), step))}" for n, step in enumerate(result.trace.steps, 1)))
    if any("not by the product" in r.drop_reason for r in result.trace.rows if r.dropped):
        st.info(t("The cut leaves out the opponent with the fewest points, not the smallest product: the "
                  "least significant opponent goes, whatever the team scored against it."))


def _group_working(order: TeamOrder, crit: TeamCriterion, tpn: int) -> None:
    """Direct encounter and the board tie-breaks: the group the team was tied in, its own crosstable and steps."""
    ev = order.event
    in_order = any(str(c) == str(crit) for c in order.criteria)
    table = standings_in(order.context, order.criteria if in_order else [crit])
    key = crit.given or str(crit)
    split = next((s for s in table.splits.get(key, []) if any(tpn in p for p in s.parts)), None)
    if split is None:
        st.info(t("{team} was not level with another team when this tie-break was reached: it had nothing to "
                  "split.", team=md_escape(ev.name_of(tpn))))
        return
    group = [x for part in split.parts for x in part]
    st.markdown(t("Tied group: {teams}. Place of {team} in it: {place} of {size}.",
                  teams=", ".join(md_escape(ev.name_of(x)) for x in group), team=md_escape(ev.name_of(tpn)),
                  place=split.place(tpn), size=len(group)))
    _mini_tables(split, ev)
    st.markdown("\n".join(f"{n}. {md_escape(render(tr(), step))}" for n, step in enumerate(split.steps, 1)))
    if len(group) == 2 and (FOLLOW_UPS.get(crit.code) or crit.code in ("TBR", "BBE")):
        own = own_match_frame(ev, group[0], group[1])
        if own is not None:
            st.markdown(t("**Their own match, board by board:**"))
            st.dataframe(own, hide_index=True, width="stretch")


def _mini_tables(split: GroupSplit, ev: TeamEvent) -> None:
    """The tied teams' crosstable when it fits the page; for a bigger group the matches they played against each
    other, one a row, then their match and game points among them.  The team's column stays in view and every
    column is as wide as its longest text (never cut)."""
    mini = mini_table_frame(split, ev)
    if mini is None:
        return
    st.markdown(t("**Their matches against each other** (game points; match and game points among them):"))
    if sum(column_px(mini, str(c)) for c in mini.columns) <= PAGE_PX:
        _grid(mini)
        return
    for frame in (mini_matches_frame(split, ev), mini_totals_frame(split, ev)):
        if frame is not None:
            _grid(frame.rename(columns={"Team": t("Team"), "Score": t("Result"), "Opponent": t("Opponent")}))


def _grid(frame: pd.DataFrame) -> None:
    """A grid whose first column stays in view when a phone scrolls it, each column as wide as its longest text."""
    first = str(frame.columns[0])
    st.dataframe(frame, hide_index=True, width="stretch", column_config={
        first: st.column_config.TextColumn(first, pinned=True, width=column_px(frame, first)),
        **{str(c): st.column_config.TextColumn(str(c), width=column_px(frame, str(c))) for c in frame.columns[1:]}})


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_explain_view)
