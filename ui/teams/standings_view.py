"""Standings for a team event: match points, game points and every tie-break of the chosen order, one row per
team; a team's players and their own points one click below, with the note when they do not add up to the
team's game points."""
from __future__ import annotations

import streamlit as st
from babel.lists import format_list

from engine.core.exact import nice
from engine.teams.model import TeamEvent
from engine.teams.standings import TeamStandings
from i18n.catalog import N_
from i18n.said import render
from ui.render.tables import column_px
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tr
from ui.teams.cached import standings_in
from ui.teams.order import TeamOrder, team_order_chooser
from ui.teams.share import team_share_box
from ui.teams.state import team_page
from ui.teams.tables import crosstable_frame, player_games_frame, players_frame, points_gap, standings_frame
from ui.teams.words import team_label
from ui.widgets.layout import opened_box

PLAYERS_OF = "team.players_of"


def team_heading(ev: TeamEvent, page: str) -> None:
    """The page title and a line saying what the event is."""
    st.title(page)
    st.caption(t("Team event: {name} — {teams} teams, {boards} boards, {rounds} rounds",
                 name=md_escape(state.shown_event_name()), teams=len(ev.teams), boards=ev.boards, rounds=ev.rounds))


def team_standings_view(ev: TeamEvent) -> None:
    """The whole Standings page for a team event."""
    team_heading(ev, t("Team standings"))
    order = team_order_chooser(ev)
    table = standings_in(order.context, order.criteria)
    primary = order.event.scoring.primary
    ranked = (N_("Ranked by match points, then {codes} ({source}). Rules: {rules}.") if primary == "MP" else
              N_("Ranked by game points, then {codes} ({source}). Rules: {rules}."))
    st.caption(t(ranked,
                 codes=", ".join(str(c) for c in order.criteria), source=md_escape(order.source),
                 rules=t(order.context.rules_words)))
    frame = standings_frame(table)
    st.dataframe(frame, hide_index=True, width="stretch", column_config={
        "Rank": st.column_config.TextColumn(t("Rank"), pinned=True, width=column_px(frame, "Rank", header=t("Rank"))),
        "Team": st.column_config.TextColumn(t("Team"), pinned=True, width=column_px(frame, "Team", header=t("Team"))),
        "MP": st.column_config.TextColumn("MP", help=t("Match points: for each match won, drawn or lost"),
                                          width=column_px(frame, "MP")),
        "GP": st.column_config.TextColumn("GP", help=t("Game points: every board's result added up"),
                                          width=column_px(frame, "GP")),
        **{c.given or str(c): st.column_config.TextColumn(c.given or str(c), help=team_label(c),
                                                          width=column_px(frame, c.given or str(c)))
           for c in table.criteria},
    })
    st.markdown("  \n".join(f"**{md_escape(c.given or str(c))}**: {team_label(c)} — {t(c.info.sentence)}"
                            for c in table.criteria))
    _group_notes(order, table)
    # drawn only while open: an Olympiad's crosstable is 187 columns by 187 rows, sent and drawn on every run
    if (box := opened_box(t("The team crosstable"), key="team.crosstable_open")) is not None:
        box.dataframe(crosstable_frame(order.event), hide_index=True, width="stretch")
    team_players(order.event)
    team_share_box("standings")


def _group_notes(order: TeamOrder, table: TeamStandings) -> None:
    """How each tied group was split by a group tie-break (direct encounter, top boards ...), in words."""
    for key, splits in table.splits.items():
        for split in splits:
            with st.expander(t("{code}: how the teams {names} were split", code=key, names=format_list(
                    [md_escape(order.event.name_of(tpn)) for part in split.parts for tpn in part], locale=current()))):
                st.markdown("\n".join(f"- {md_escape(render(tr(), step))}" for step in split.steps))


def team_players(ev: TeamEvent) -> None:
    """A team's players in board order with their own points, and why they may not add up to the team's."""
    st.header(t("A team's players"))
    tpns = ev.tpns
    if st.session_state.get(PLAYERS_OF) not in tpns:
        st.session_state[PLAYERS_OF] = tpns[0]
    tpn = st.selectbox(t("Team"), tpns, format_func=ev.name_of, key=PLAYERS_OF)
    st.dataframe(players_frame(ev, tpn), hide_index=True, width="stretch")
    with st.expander(t("{team}'s games, board by board", team=md_escape(ev.name_of(tpn)))):
        games = player_games_frame(ev, tpn, tr())
        st.dataframe(games, hide_index=True, width="stretch", column_config={
            c: st.column_config.TextColumn(label, width=column_px(games, c, header=label))
            for c, label in (("Round", t("Round")), ("Board", t("Board")), ("Player", t("Player")),
                             ("Result", t("Result")), ("Opponent", t("Opponent")))})
    gp, players, reasons = points_gap(ev, tpn, tr())
    if gp != players:
        st.info(t("The team's game points are not its players' points: {team} has {gp} game points, its players "
                  "{players} points between them. A bye from the pairing or a requested bye gives game points to "
                  "the team but no points to any player: {reasons}.", team=md_escape(ev.name_of(tpn)), gp=nice(gp),
                  players=nice(players), reasons="; ".join(reasons) or t("an arbiter's award")))
    else:
        st.caption(t("The team's {gp} game points are its players' points added up.", gp=nice(gp)))


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_standings_view)
