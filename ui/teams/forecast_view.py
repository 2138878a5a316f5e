"""Before the last round for a team event: the last round's matches open, each team's chances of each place over
every score those matches can have, and what each team needs from its own match."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from engine.teams.forecast import last_round_forecast, sample_size
from engine.teams.forecast_words import match_lines, needs_lines, place_cells, place_heads, round_line, teams_by_chance
from engine.teams.model import TeamEvent
from i18n.said import render, render_all
from ui.render.tables import column_px
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tr
from ui.teams.order import team_order_chooser
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page

_MEMO = "team.forecast_memo"


def team_forecast_view(ev: TeamEvent) -> None:
    """The whole Before the last round page for a team event."""
    team_heading(ev, t("Before the last round (teams)"))
    order = team_order_chooser(ev)
    key = (state.event_id(), state.event_version(), tuple(str(c) for c in order.criteria), order.context.rules)
    memo = st.session_state.get(_MEMO)
    if not memo or memo[0] != key:
        fc = last_round_forecast(order.event, order.criteria, order.context.rules, order.context.options,
                                 sample_size(len(ev.teams)))
        st.session_state[_MEMO] = memo = (key, fc)
    fc = memo[1]
    if not fc.matches:
        st.info(t("The last round has no match to leave open."))
        return
    st.markdown(render(tr(), round_line(ev, fc, md_escape)))
    st.caption(t("How the chances are weighed: each board's result by the two players' ratings, as for single "
                 "events (the stronger player is likelier to win, and a draw is likeliest between equals); a "
                 "match's score is its boards added up, so its chances follow from its boards' chances."))
    st.markdown("\n".join(f"- {line}" for line in render_all(tr(), match_lines(ev, fc, md_escape))))
    heads = render_all(tr(), place_heads(len(ev.tpns)))
    rows = [{"Team": ev.name_of(tpn), **dict(zip(heads, place_cells(fc.places[tpn], len(ev.tpns))))}
            for tpn in teams_by_chance(ev, fc)]
    chances = pd.DataFrame(rows)
    # the team's column as wide as its longest name (never cut), and in view when a phone scrolls the places
    st.dataframe(chances, hide_index=True, width="stretch", column_config={
        "Team": st.column_config.TextColumn(t("Team"), pinned=True, width=column_px(chances, "Team", header=t("Team")))})
    st.header(t("What each team needs from its own match"))
    st.markdown("\n".join(f"- {line}" for line in render_all(tr(), needs_lines(ev, fc, md_escape))))
    st.caption(t("Inside a match the boards are taken as won from the top board down; only the board tie-breaks "
                 "notice which boards."))


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_forecast_view)
