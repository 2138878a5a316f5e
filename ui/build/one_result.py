"""The results grid's accessible twin on Build event: the results as a plain table, and a form for one result.

The results grid is drawn on a canvas; a screen reader reads little of it and a keyboard user has to learn
its own keys.  Here the same results are a static HTML table (a screen reader reads it row by row, cell by
cell with its column's name), and one result is entered with ordinary form fields: choose the player
and the round, type the result in the grid's notation, press Enter.  It goes through the grid's own checks
(:func:`ui.render.grid.with_one_result`), so the messages and the mirroring onto the opponent are the same.
"""
from __future__ import annotations

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event
from ui.build.problems import problem_text
from ui.build.words import help_tokens
from ui.render.grid import round_column, with_one_result
from ui.render.tables import markdown_cells
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tp
from ui.widgets.layout import opened_box
from ui.work.cached import grids_for

PLAYER, ROUND, TEXT = "one_result.player", "one_result.round", "one_result.text"
#: the round count and first waiting round the form's round was last set from
START = "one_result.start"
#: the keys of the two expanders (each written only while open: :func:`ui.widgets.layout.opened_box`)
FORM_OPEN, TABLE_OPEN = "one_result.open", "one_result.table"


def _enter(event: Event) -> None:
    """The form's submit: apply the one result, or say why not (shown at the top of the page after the rerun)."""
    tpn, rnd, text = st.session_state[PLAYER], st.session_state[ROUND], st.session_state[TEXT]
    who = t("#{number} {name}, round {round}", number=tpn, name=event.player(tpn).name, round=rnd)
    try:
        changed = with_one_result(event, tpn, rnd, text)
    except EventError as exc:
        state.notice(t("Not entered, nothing changed ({who}): {problem}", who=who, problem=problem_text(exc)),
                     "error")
        return
    if changed != event:
        state.set_event(changed)
        state.notice(t("Entered {result} for {who}.", result=text.strip(), who=who) if text.strip() else
                     t("Entered an empty cell (absent) for {who}.", who=who))
    st.session_state[TEXT] = ""


def default_round(event: Event) -> int:
    """The round a TD most likely enters next: the first one waiting for results, else the last round."""
    waiting = sorted(r for r, _w, _b in event.pending_games())
    return waiting[0] if waiting else max(event.rounds, 1)


def one_result_form(event: Event) -> None:
    """Choose a player and a round, see the cell as it stands, type its new result."""
    if not event.players or event.rounds == 0:
        return
    # written only while open: folded, its 500-name player list would still be sent and drawn on every run
    box = opened_box(t("Enter one result with a form (keyboard and screen reader)"), key=FORM_OPEN)
    if box is None:
        return
    with box:
        names = {p.tpn: f"#{p.tpn} {p.name}" for p in sorted(event.players, key=lambda p: p.tpn)}
        rounds = list(range(1, event.rounds + 1))
        if st.session_state.get(PLAYER) not in names:
            st.session_state.pop(PLAYER, None)
        # a round just paired (or an event just opened) moves the form to the round that waits for results
        start = (event.rounds, default_round(event))
        if st.session_state.get(ROUND) not in rounds or st.session_state.get(START) != start:
            st.session_state[ROUND], st.session_state[START] = start[1], start
        left, right = st.columns(2)
        tpn: int = left.selectbox(t("Player"), list(names), format_func=lambda t: names[t], key=PLAYER)
        rnd = right.selectbox(t("Round"), rounds, key=ROUND)
        grid = grids_for()[1].set_index("tpn")
        now = str(grid.loc[tpn, round_column(rnd)] or "")
        if now:
            st.caption(t("{player} in round {round} now: {result}. Grid edits not yet applied are dropped when a "
                         "result is entered here.", player=md_escape(names[tpn]), round=rnd, result=md_escape(now)))
        else:
            st.caption(t("{player} in round {round} now: empty (no result yet). Grid edits not yet applied are "
                         "dropped when a result is entered here.", player=md_escape(names[tpn]), round=rnd))
        with st.form("one_result", border=False, enter_to_submit=True):
            st.text_input(t("Result"), key=TEXT, placeholder=t("e.g. +W9, =B13, -W4, PAB"),
                          help=t("The grid's notation: {tokens}. In a round already paired a bare +, = or - is "
                                 "enough. Typing one side of a game fills in the opponent's.", tokens=help_tokens()))
            st.form_submit_button(t("Enter this result"), type="primary", on_click=_enter, args=(event,))


def results_table(event: Event) -> None:
    """The results grid as a static table: the player, their points and their result in each round."""
    if not event.players:
        return
    box = opened_box(t("The results as a table (for screen readers)"), key=TABLE_OPEN)   # 500 static rows
    if box is None:
        return
    with box:
        grid = grids_for()[1]
        grid["Player"] = [f"#{n} {name}" for n, name in zip(grid["tpn"], grid["name"])]
        rounds = [c for c in grid.columns if c.startswith("R") and c[1:].isdigit()]
        shown = grid.rename(columns={"pts": "Points"})[["Player", "Points", *rounds]].fillna("").replace("", "–")
        shown = shown.rename(columns={"Player": t("Player"), "Points": tp("game", "Points"),
                                      **{c: t("R{round}", round=int(c[1:])) for c in rounds}})
        # no index column: its blank header cell would be an empty table header to a screen reader
        st.table(markdown_cells(shown), hide_index=True)
