"""Build event's tabs that start another event: a new blank one, or a random one."""
from __future__ import annotations

from functools import partial

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import EventType
from engine.events.generator import UnplayedRates, blank_event, generate_event, generate_round_robin
from ui.build.problems import problem_text
from ui.build.words import type_name
from ui.session import state
from ui.session.language import t, tn, tr
from ui.session.navigation import BUILD_TABS, GO_TO_TAB
from ui.widgets.page import problem


def new_event_tab() -> None:
    """A blank event with numbered players, saved as a new event."""
    with st.form("new_event"):
        a, b, c, d = st.columns([2, 1, 1, 1])
        new_name = a.text_input(t("Name"), value=t("New event"), key="new_name")
        new_kind = b.selectbox(t("Type"), ["Swiss", "Round robin"], format_func=partial(type_name, tr()), key="new_type")
        new_players = c.number_input(t("Players"), min_value=2, max_value=2000, value=8, step=1, key="new_players")
        new_rounds = d.number_input(t("Rounds (Swiss)"), min_value=1, max_value=30, value=5, step=1, key="new_rounds",
                                    help=t("A round robin has one round fewer than its players (as many if odd)"))
        create = st.form_submit_button(t("Create the event"), type="primary")
    st.caption(t("The players are numbered Player 1, Player 2, …: type their names and ratings in the players "
                 "grid. The event is saved as a new event; your other events stay as they are."))
    if create:
        try:
            blank = blank_event(new_name, int(new_players), int(new_rounds),
                                EventType.ROUND_ROBIN if new_kind == "Round robin" else EventType.SWISS)
        except EventError as exc:
            problem(problem_text(exc))
        else:
            state.set_event(blank, blank.name, new=True)
            state.notice(tn("Created {event}: {n} player, {rounds} rounds. Type the names and ratings in the "
                            "players grid below.", "Created {event}: {n} players, {rounds} rounds. Type the names "
                            "and ratings in the players grid below.", len(blank.players), event=blank.name,
                            rounds=blank.rounds))
            st.session_state[GO_TO_TAB] = BUILD_TABS[0]          # the players grid, where it goes on
            st.rerun()



def random_event_tab() -> None:
    """A random Swiss or round robin, with byes, forfeits and withdrawals at the chosen rates."""
    with st.form("random_event"):
        a, b, c, d = st.columns(4)
        kind = a.selectbox(t("Type"), ["Swiss", "Round robin"], format_func=partial(type_name, tr()), key="rand_type")
        n_players = b.number_input(t("Players"), min_value=2, max_value=2000, value=16, step=1, key="rand_players")
        n_rounds = c.number_input(t("Rounds (Swiss)"), min_value=1, max_value=30, value=5, step=1, key="rand_rounds")
        rand_seed = d.number_input(t("Seed"), min_value=0, value=1, step=1, key="rand_seed")
        e, f, g, h = st.columns(4)
        hpb = e.slider(t("Half-point byes"), 0.0, 0.3, 0.03, 0.01, key="rand_hpb")
        zpb = f.slider(t("Zero-point byes"), 0.0, 0.3, 0.02, 0.01, key="rand_zpb")
        forfeit = g.slider(t("Forfeits"), 0.0, 0.3, 0.02, 0.01, key="rand_forfeit")
        withdraw = h.slider(t("Withdrawals"), 0.0, 0.3, 0.01, 0.01, key="rand_withdraw")
        make = st.form_submit_button(t("Make a random event"), type="primary")
    if make:
        try:
            if kind == "Swiss":
                rates = UnplayedRates(hpb=hpb, zpb=zpb, forfeit=forfeit, withdraw=withdraw)
                made = generate_event(int(n_players), int(n_rounds), seed=int(rand_seed), rates=rates)
            else:
                made = generate_round_robin(int(n_players), seed=int(rand_seed), forfeit_rate=forfeit)
        except EventError as exc:
            problem(problem_text(exc))
        else:
            state.set_event(made, made.name, new=True)
            state.notice(t("Made a random event: {event}.", event=made.name))
            st.rerun()
