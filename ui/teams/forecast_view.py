"""Before the last round for a team event: the last round's matches open, each team's chances of each place over
every score those matches can have, and what each team needs from its own match."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import streamlit as st

from engine.core.exact import nice
from engine.core.words import ordinal
from engine.teams.forecast import TeamForecast, last_round_forecast
from engine.teams.model import TeamEvent
from ui.render.tables import column_px
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t
from ui.teams.order import team_order_chooser
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page

_MEMO = "team.forecast_memo"


def _places(lo: int, hi: int) -> str:
    return ordinal(lo) if lo == hi else t("{a} to {b}", a=ordinal(lo), b=ordinal(hi))


def needs_lines(ev: TeamEvent, fc: TeamForecast) -> list[str]:
    """For each team playing: its own match's scores grouped by the places they leave it (best to worst)."""
    out = []
    full = ev.boards * ev.scoring.game_win
    for m in fc.matches:
        for team, other in ((m.home, m.away), (m.away, m.home)):
            groups: list[tuple[list[Fraction], tuple[int, int]]] = []
            for gp, span in sorted(fc.by_own.get(team, {}).items(), reverse=True):
                if groups and groups[-1][1] == span:
                    groups[-1][0].append(gp)
                else:
                    groups.append(([gp], span))
            parts = []
            for gps, (lo, hi) in groups:
                best, worst = gps[0], gps[-1]
                score = f"{nice(best)}–{nice(full - best)}" if best == worst else \
                    f"{nice(worst)}–{nice(full - worst)} … {nice(best)}–{nice(full - best)}"
                parts.append(t("{score}: {places}", score=score, places=_places(lo, hi)))
            out.append(t("{team} against {other}: {parts}.", team=md_escape(ev.name_of(team)),
                         other=md_escape(ev.name_of(other)), parts="; ".join(parts)))
    return out


#: the places shown one by one; the places below are added up in one column (forty columns do not fit a page)
SHOWN_PLACES = 8


def _place_cells(chances: dict[int, float], teams: int) -> dict[str, str]:
    """A team's chance of each place, the places below :data:`SHOWN_PLACES` added up in one cell."""
    cells = {ordinal(p): _percent(chances.get(p, 0.0)) for p in range(1, min(teams, SHOWN_PLACES) + 1)}
    if teams > SHOWN_PLACES:
        lower = sum(c for p, c in chances.items() if p > SHOWN_PLACES)
        cells[t("{place} or lower", place=ordinal(SHOWN_PLACES + 1))] = _percent(lower)
    return cells


def _percent(chance: float) -> str:
    """A chance as the table shows it: blank when it cannot happen, "<1%" when it can but rarely."""
    if chance <= 0:
        return ""
    return "<1%" if chance < 0.005 else f"{100 * chance:.0f}%"


def match_lines(ev: TeamEvent, fc: TeamForecast) -> list[str]:
    """Each open match's chances of a win for either team and of a draw, from its boards' chances."""
    out = []
    half = ev.boards * ev.scoring.game_win / 2
    for m, chances in zip(fc.matches, fc.chances):
        home = sum(p for score, p in chances.items() if score > half)
        away = sum(p for score, p in chances.items() if score < half)
        out.append(t("{home}–{away}: {home} wins {h}, a drawn match {d}, {away} wins {a}.",
                     home=md_escape(ev.name_of(m.home)), away=md_escape(ev.name_of(m.away)),
                     h=_percent(home) or "0%", d=_percent(1 - home - away) or "0%", a=_percent(away) or "0%"))
    return out


def team_forecast_view(ev: TeamEvent) -> None:
    """The whole Before the last round page for a team event."""
    team_heading(ev, t("Before the last round (teams)"))
    order = team_order_chooser(ev)
    key = (state.event_id(), state.event_version(), tuple(str(c) for c in order.criteria), order.context.rules)
    memo = st.session_state.get(_MEMO)
    if not memo or memo[0] != key:
        # a large event is ranked fewer times (each ranking of 190 teams takes a fifth of a second)
        limit = 400 if len(ev.teams) <= 20 else 60 if len(ev.teams) <= 60 else 15
        fc = last_round_forecast(order.event, order.criteria, order.context.rules, order.context.options, limit)
        st.session_state[_MEMO] = memo = (key, fc)
    fc = memo[1]
    if not fc.matches:
        st.info(t("The last round has no match to leave open."))
        return
    matches = ", ".join(md_escape(f"{ev.name_of(m.home)}–{ev.name_of(m.away)}") for m in fc.matches)
    if fc.sampled:
        st.markdown(t("Round {round} is taken as still to play: {matches}. A sample of {n} combinations of the "
                      "matches' scores is drawn, each score as often as its chance.", round=fc.round, n=fc.outcomes,
                      matches=matches))
    else:
        st.markdown(t("Round {round} is taken as still to play: {matches}. Every score of each match, in half points, "
                      "is tried: {n} combinations, each weighed by its chance.", round=fc.round, n=fc.outcomes,
                      matches=matches))
    st.caption(t("How the chances are weighed: each board's result by the two players' ratings, as for single "
                 "events (the stronger player is likelier to win, and a draw is likeliest between equals); a "
                 "match's score is its boards added up, so its chances follow from its boards' chances."))
    st.markdown("\n".join(f"- {line}" for line in match_lines(ev, fc)))
    rows = [{"Team": ev.name_of(tpn), **_place_cells(fc.places[tpn], len(ev.tpns))}
            for tpn in sorted(ev.tpns, key=lambda x: min(fc.places[x]))]
    chances = pd.DataFrame(rows)
    # the team's column as wide as its longest name (never cut), and in view when a phone scrolls the places
    st.dataframe(chances, hide_index=True, width="stretch", column_config={
        "Team": st.column_config.TextColumn(t("Team"), pinned=True, width=column_px(chances, "Team", header=t("Team")))})
    st.header(t("What each team needs from its own match"))
    st.markdown("\n".join(f"- {line}" for line in needs_lines(ev, fc)))
    st.caption(t("Inside a match the boards are taken as won from the top board down; only the board tie-breaks "
                 "notice which boards."))


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_forecast_view)
