"""Build a team event by hand on Build event: a new one from its teams (players in board order) and scoring, then
each match typed board by board in a small grid that adds itself up and is checked before it is kept."""
from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Callable

import pandas as pd
import streamlit as st

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.teams.model import TeamEvent
from i18n.catalog import Translator
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tn, tr
from ui.teams.entry import RESULTS, blank_team_event, match_total, parse_rosters, with_bye, with_match
from ui.teams.state import open_team
from ui.widgets.ordering import error_text
from ui.widgets.page import problem

ROSTERS = ("Ashford: Harper, Osei, Lindqvist, Moreau, Novak\nBrookside: Quinn, Ibarra, Sato, Kowal\n"
           "Castleton: Reyes, Brandt, Okafor, Varga\nDunmore: Fischer, Aziz, Holm, Mensah\n")
EMPTY = "(empty board)"



# a widget's format_func takes the translator the page was drawn with (AppTest also calls it outside the run)
def _primary_name(tr: Translator, score: str) -> str:
    return tr.t("match points") if score == "MP" else tr.t("game points")


def _bye_name(tr: Translator, worth: str) -> str:
    return tr.t("a drawn match") if worth == "draw" else tr.t("a won match")

def new_team_event_form() -> None:
    """A new team event: its name, size, scoring and teams; no match yet."""
    with st.form("team.new"):
        a, b, c = st.columns([2, 1, 1])
        name = a.text_input(t("Name"), value=t("New team event"), key="team.new_name")
        rounds = b.number_input(t("Rounds"), min_value=1, max_value=15, value=3, step=1, key="team.new_rounds")
        boards = c.number_input(t("Boards"), min_value=1, max_value=10, value=4, step=1, key="team.new_boards")
        d, e, f = st.columns(3)
        win = d.selectbox(t("Match points for a won, drawn, lost match"), ["2/1/0", "3/1/0"], key="team.new_mp")
        primary = e.selectbox(t("Primary score"), ["MP", "GP"], key="team.new_primary",
                              format_func=partial(_primary_name, tr()))
        bye = f.selectbox(t("A bye from the pairing is worth"), ["draw", "win"], key="team.new_bye",
                          format_func=partial(_bye_name, tr()))
        rosters = st.text_area(t("Teams, one a line: the name, a colon, then the players in board order (reserves "
                                 "last), separated by commas"), value=ROSTERS, key="team.new_rosters", height=140)
        create = st.form_submit_button(t("Create the team event"))
    if create:
        try:
            ev = blank_team_event(name.strip() or "Team event", parse_rosters(rosters, int(boards)), int(rounds),
                                  int(boards), Fraction(int(win[0])), "GP" if primary == "GP" else "MP",
                                  "win" if bye == "win" else "draw")
        except EventError as exc:
            problem(error_text(exc))
            return
        open_team(ev, ev.name)
        state.notice(tn("Created {name}: {teams} team. Enter its matches below.",
                        "Created {name}: {teams} teams. Enter its matches below.", len(ev.teams), name=ev.name,
                        teams=len(ev.teams)))
        st.rerun()


def _label(ev: TeamEvent, tpn: int | None) -> str:
    return EMPTY if tpn is None else f"{ev.player_name(tpn)} (#{tpn})"


def _grid(ev: TeamEvent, rnd: int, home: int, away: int) -> pd.DataFrame:
    """The match as it stands (or the two rosters in board order, no results yet)."""
    old = next((m for m in ev.matches if m.round == rnd and {m.home, m.away} == {home, away}), None)
    rows = []
    for k in range(1, ev.boards + 1):
        if old is not None and old.home == home and k <= len(old.boards):
            bd = old.boards[k - 1]
            key = next(r for r, v in RESULTS.items() if v == (bd.points[0], bd.points[1], bd.played))
            rows.append({"Board": k, "Home": _label(ev, bd.players[0]), "Result": key,
                         "Away": _label(ev, bd.players[1])})
            continue
        ha, aw = ev.team(home).players, ev.team(away).players
        rows.append({"Board": k, "Home": _label(ev, ha[k - 1] if k <= len(ha) else None), "Result": None,
                     "Away": _label(ev, aw[k - 1] if k <= len(aw) else None)})
    return pd.DataFrame(rows)


def _tpn(label: object) -> int | None:
    text = str(label or "")
    return int(text.rsplit("#", 1)[1].rstrip(")")) if "#" in text else None


def match_entry(team: TeamEvent) -> None:
    """Choose a round and two teams, type the boards, keep the match (or give a team a bye)."""
    st.markdown(t("**Enter a match** (or change one): each board's players and result, seen from the first team."))
    a, b, c = st.columns([1, 2, 2])
    rnd = a.selectbox(t("Round"), list(range(1, team.rounds + 1)), key="team.entry_round")
    home = b.selectbox(t("First team (White on board 1)"), team.tpns, format_func=team.name_of, key="team.entry_home")
    away = c.selectbox(t("Second team"), team.tpns, index=min(1, len(team.tpns) - 1), format_func=team.name_of,
                       key="team.entry_away")
    if home == away:
        st.info(t("Choose two different teams."))
        return
    options = [EMPTY] + [_label(team, p) for p in team.team(home).players + team.team(away).players]
    edited = st.data_editor(_grid(team, rnd, home, away), hide_index=True, width="stretch", disabled=["Board"],
                            key=f"team.grid.{rnd}.{home}.{away}.{state.event_version()}", column_config={
                                "Home": st.column_config.SelectboxColumn(team.name_of(home), options=options),
                                "Result": st.column_config.SelectboxColumn(t("Result"), options=list(RESULTS)),
                                "Away": st.column_config.SelectboxColumn(team.name_of(away), options=options)})
    rows = [(_tpn(r["Home"]), str(r["Result"] or ""), _tpn(r["Away"])) for r in edited.to_dict("records")]
    gh, ga = match_total(rows)
    missing = sum(1 for _, r, _ in rows if r not in RESULTS)
    st.caption(t("Total so far: {home} {gh}–{ga} {away}; boards without a result: {missing}.",
                 home=md_escape(team.name_of(home)), gh=nice(gh), ga=nice(ga), away=md_escape(team.name_of(away)),
                 missing=missing))
    keep, bye = st.columns(2)
    if keep.button(t("Keep this match"), key="team.entry_keep", type="primary"):
        _apply(lambda: with_match(team, rnd, home, away, rows),
               t("Round {round}: {home} {gh}–{ga} {away} kept.", round=rnd, home=team.name_of(home), gh=nice(gh),
                 ga=nice(ga), away=team.name_of(away)))
    if bye.button(t("Give the first team a bye from the pairing this round"), key="team.entry_bye"):
        _apply(lambda: with_bye(team, rnd, home), t("Round {round}: a bye for {team}.", round=rnd,
                                                     team=team.name_of(home)))


def _apply(change: Callable[[], TeamEvent], message: str) -> None:
    try:
        changed = change()
    except EventError as exc:
        problem(t("Not kept; the event is unchanged. {reason}", reason=error_text(exc)))
        return
    open_team(changed, state.event_name(), new=False)
    state.notice(message)
    st.rerun()
