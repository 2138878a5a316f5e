"""Why is team A above team B? The short answer, the engine's full working, the same two teams under each order
people use, and the smallest changes of one board that would have put them the other way round."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from engine.teams.model import TeamEvent
from engine.teams.presets import TEAM_PRESETS
from engine.teams.reverse import board_reversals
from engine.teams.standings import TeamStandings
from engine.teams.why import why_above
from i18n.said import render
from ui.render.grid import download_name
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tr
from ui.teams.answer import answer_card, short_answer
from ui.teams.cached import standings_in, team_context
from ui.teams.keys import WHY_A, WHY_B
from ui.teams.order import TeamOrder, team_order_chooser
from ui.teams.share import team_share_box
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page
from ui.teams.tables import reversals_frame

TEAM_A = WHY_A
TEAM_B = WHY_B
#: up to this many teams, the slower parts (every order, every board change) are worked at once
SMALL = 40


def _default_pair(table: TeamStandings, primary: str) -> tuple[int, int]:
    """The first two neighbours level on the primary score (the pair people ask about), else the top two."""
    ev_rows = table.rows
    for x, y in zip(ev_rows, ev_rows[1:]):
        if (x.mp, x.gp)[primary == "GP"] == (y.mp, y.gp)[primary == "GP"]:
            return x.tpn, y.tpn
    return ev_rows[0].tpn, ev_rows[min(1, len(ev_rows) - 1)].tpn


def _pick(order: TeamOrder, table: TeamStandings) -> tuple[int, int]:
    ev = order.event
    tpns = ev.tpns
    a0, b0 = _default_pair(table, ev.scoring.primary)
    if st.session_state.get(TEAM_A) not in tpns or st.session_state.get(TEAM_B) not in tpns:
        st.session_state[TEAM_A], st.session_state[TEAM_B] = a0, b0
    left, right = st.columns(2)
    a = left.selectbox(t("Team A"), tpns, format_func=ev.name_of, key=TEAM_A)
    b = right.selectbox(t("Team B"), tpns, format_func=ev.name_of, key=TEAM_B)
    return a, b


def _other_orders(base: TeamEvent, order: TeamOrder, a: int, b: int) -> pd.DataFrame:
    """The two teams' places under each preset (the same event and rules' edition)."""
    rows = []
    for preset in TEAM_PRESETS.values():
        event = preset.apply(order.event)
        table = standings_in(team_context(base, event, preset.rules or order.context.rules, preset.options),
                             preset.criteria)
        ranks = {r.tpn: r.rank for r in table.rows}
        above = order.event.name_of(a) if ranks[a] < ranks[b] else order.event.name_of(b) if ranks[b] < ranks[a] \
            else t("shared place")
        rows.append({t("Above"): above, t("Order"): t(preset.name), order.event.name_of(a): str(ranks[a]),
                     order.event.name_of(b): str(ranks[b]), t("Codes"): preset.codes})
    return pd.DataFrame(rows)


def team_why_view(ev: TeamEvent) -> None:
    """The whole Why page for a team event."""
    team_heading(ev, t("Why is team A above team B?"))
    answer_box = st.container()
    st.header(t("This event's order"))
    order = team_order_chooser(ev)
    table = standings_in(order.context, order.criteria)
    with answer_box:
        a, b = _pick(order, table)
        if a == b:
            st.info(t("Choose two different teams."))
            return
        sentences = short_answer(order, table, a, b)
        st.markdown(" ".join(md_escape(s) for s in sentences))
        card = answer_card(order, sentences, a, b, state.event_name())
        st.download_button(t("Download the answer as a card (text)"), card.encode("utf-8"),
                           file_name=download_name(f"why {ev.name_of(a)} {ev.name_of(b)}", "txt"), mime="text/plain",
                           key="team.why_card", on_click="ignore")
        with st.expander(t("The full working")):
            st.text("\n".join(render(tr(), line) for line in why_above(order.context, order.criteria, a, b, table)))
        if st.toggle(t("The same two teams under each order people use"), value=len(ev.teams) <= SMALL,
                     key="team.why_orders"):
            st.dataframe(_other_orders(ev, order, a, b), hide_index=True, width="stretch")
        _reversals(order, table, a, b)
    team_share_box("why", teams=(a, b))


def _reversals(order: TeamOrder, table: TeamStandings, a: int, b: int) -> None:
    """On request, every single board result that would have put the two teams the other way round."""
    ranks = {r.tpn: r.rank for r in table.rows}
    if ranks[a] == ranks[b]:
        return
    top, low = (a, b) if ranks[a] < ranks[b] else (b, a)
    ev = order.event
    if not st.button(t("What one board's result would have put {low} above {top}?", low=md_escape(ev.name_of(low)),
                       top=md_escape(ev.name_of(top))), key="team.why_reverse"):
        return
    limit = None if len(ev.teams) <= SMALL else 40
    changes = board_reversals(order.context, order.criteria, top, low, limit)
    if limit is not None:
        st.caption(t("A large event: only the first {n} changes on the two teams' own matches are tried.", n=limit))
    if not changes:
        st.info(t("No single board's result would have changed their order."))
        return
    st.markdown(t("Each row changes one board and nothing else; the places are {low}'s and {top}'s after it. "
                  "Their own match comes first.", low=md_escape(ev.name_of(low)), top=md_escape(ev.name_of(top))))
    st.dataframe(reversals_frame(ev, changes), hide_index=True, width="stretch")


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_why_view)
