"""Build event's pairing tab: the type of event, the pairing method, who sits out, the pairing of the next
round (before the page when there is no job to watch) and the results drawn from the ratings."""
from __future__ import annotations

from dataclasses import replace
from functools import partial

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event, EventType
from engine.core.said import said
from engine.events.editing import add_round
from engine.events.settings import EventSettings
from engine.pairing.methods import pairings_for
from engine.pairing.next_round import (
    Method,
    next_round,
    pair_next_round,
    pairable,
    random_results,
    round_to_pair,
    scheduled_boards,
    withdrawn,
)
from i18n.numbers import number
from ui.build.words import all_paired, join_list, method_name, pairing_headings, seconds_words, type_name
from ui.render.grid import pairings_frame
from ui.session import state
from ui.session.language import current, t, tn, tr
from ui.session.memory import kept
from ui.widgets.page import problem
from ui.work import jobs

# The quick actions run as their widget's callback, before the page: the page then runs once, on the new event,
# instead of drawing the old event's grids (500 rows each) only to run again at once.  What has to show its
# progress on the page (a hosted upload's or a Dutch pairing's job) still runs in the page.

#: set by a callback that paired the round, so the page's own pairing does not run on the same click
_PAIRED_NOW = "build.paired_now"


def paired_text(rnd: int, boards: int) -> str:
    """The message after a pairing."""
    return tn("Round {round} paired ({n} board). Enter the results in the grid, or draw them at random.",
              "Round {round} paired ({n} boards). Enter the results in the grid, or draw them at random.", boards,
              round=rnd)


def pair_now(event: Event, method: Method, absent: list[int], cap: int | None) -> None:
    """Pair the next round of ``event`` before the page.  When it fails nothing changes, and the page, seeing
    its button pressed, pairs again in the open, where it says why."""
    try:
        paired, rp = pair_next_round(event, method, absent, max_dutch=cap)
    except EventError:
        return
    state.set_event(paired)
    state.notice(paired_text(rp.round, len(rp.boards)))
    st.session_state[_PAIRED_NOW] = True


def add_extra_round() -> None:
    """One round more than the event was planned with, on purpose (the pairing never adds one by itself)."""
    longer = add_round(state.current_event())
    state.set_event(longer)
    state.notice(t("Round {round} added: the event now has {round} rounds, and round {round} can be paired.",
                   round=longer.rounds))


def leave_out(key: str, players: list[int]) -> None:
    """Put the players suggested (not paired last round) in the "Leave out this round" box."""
    st.session_state[key] = players


def fill_random_results() -> None:
    """Draw every game still waiting for its result from the ratings (the seed box's seed plus the round)."""
    filled = state.current_event()
    for prnd, boards in scheduled_boards(filled).items():
        filled = random_results(filled, prnd, boards, seed=int(st.session_state["results_seed"]) + prnd)
    state.set_event(filled)
    state.notice(t("Results drawn from the ratings (Elo expectation)."))


def _where_the_event_stands(event: Event, rnd: int, playing_round: int | None, finished: bool) -> None:
    """Why no pairing is offered now: a round still being played, or every declared round paired (then the
    deliberate way to add one more)."""
    if playing_round is not None:
        if finished:
            st.info(t("Round {round} is still being played: it is the event's last round.", round=playing_round))
        else:
            st.info(t("Round {playing} is still being played: round {round} can be paired once its results are in.",
                      playing=playing_round, round=rnd))
    elif finished:
        if event.is_round_robin:
            st.info(t("{all_paired}: there is no next round to pair.", all_paired=all_paired(event)))
        else:
            st.info(t("{all_paired}: there is no next round to pair. If the event is to have one round more than "
                      "planned, add it first: the event then has {rounds} rounds.", all_paired=all_paired(event),
                      rounds=event.rounds + 1))
            st.button(t("Add round {round} to the event", round=event.rounds + 1), on_click=add_extra_round,
                      help=t("Makes this a {round}-round event, so that round {round} can be paired; Remove last "
                             "round, on the Players and results tab, takes it away again", round=event.rounds + 1))


def _left_out(event: Event, rnd: int) -> list[int]:
    """The players left out of round ``rnd``: chosen afresh each round; last round's absentees are suggested
    with the reason, never carried over in silence."""
    names = {p.tpn: f"{p.tpn} {p.name}" for p in event.players}
    absent_key = f"absent_{state.event_version()}"
    absent: list[int] = st.multiselect(t("Leave out this round (withdrawn or absent)"), list(names),
                                       format_func=lambda t: names[t], key=absent_key)
    away = [t for t in withdrawn(event, rnd) if t not in absent]
    if away:
        who = join_list([names[n] for n in away])
        st.caption(tn("Not paired in round {last}: {names}. Leave this player out of round {round} too only if "
                      "still away.", "Not paired in round {last}: {names}. Leave them out of round {round} too only "
                      "if still away.", len(away), last=rnd - 1, names=who, round=rnd))
        st.button(tn("Leave this player out of round {round} too", "Leave them out of round {round} too", len(away),
                     round=rnd),
                  on_click=leave_out, args=(absent_key, absent + away))
    return absent


def pairing_tab(event: Event, settings: EventSettings, pending: dict[int, list[tuple[int, int]]]) -> None:
    """Pair the next round of ``event``; ``pending``: its boards still waiting for a result, by round."""
    rnd = round_to_pair(event)
    type_col, method_col = st.columns([1, 3])
    new_type = type_col.selectbox(t("Type of event"), [EventType.SWISS, EventType.ROUND_ROBIN],
                                  index=1 if event.is_round_robin else 0, key=f"event_type_{state.event_version()}",
                                  format_func=partial(type_name, tr()))
    if new_type is not event.event_type:
        retyped = replace(event, event_type=new_type)
        state.set_event(retyped, settings=settings.retyped(event, retyped))
        state.notice(t("The event is now a round robin.") if retyped.is_round_robin else t("The event is now a Swiss."))
        st.rerun()
    with method_col:
        method = kept(st.radio, t("How to pair"), list(pairings_for(event)), name="pairing.method",
                      default=settings.pairing, format_func=partial(method_name, tr()), horizontal=True)
    playing_round = min(pending) if pending else None
    finished = next_round(event) is None
    offered = not finished and playing_round is None       # a pairing is offered only between rounds
    _where_the_event_stands(event, rnd, playing_round, finished)
    absent = _left_out(event, rnd) if offered else []
    cap, limit = jobs.limits().dutch_players, jobs.limits().job_seconds
    playing = len(pairable(event, rnd, absent)) if offered else 0
    if offered and method == "dutch" and cap is not None and playing > cap:
        st.info(t("On this shared server the FIDE Dutch pairing takes at most {cap} players per round, so that one "
                  "big pairing cannot slow down everybody else's pages. Round {round} has {playing} to pair: use the "
                  "fast pairing here, or the Dutch one when Tiebreak Lab runs on your own computer.", cap=cap,
                  round=rnd, playing=playing))
    in_server = method == "dutch" and playing <= jobs.DUTCH_IN_SERVER     # small: no separate process
    if in_server and offered:
        jobs.load_dutch()
    quick = method != "dutch" or in_server      # no job to watch: paired before the page runs
    clicked = offered and st.button(t("Pair round {round}", round=rnd), type="primary",
                                    on_click=pair_now if quick else None,
                                    args=(event, method, absent, cap) if quick else None)
    if clicked and not st.session_state.pop(_PAIRED_NOW, False):
        with st.status(t("Pairing round {round}…", round=rnd), expanded=True) as status:
            clock = st.empty()
            try:
                paired, rp = pair_next_round(
                    event, method, absent, progress=status.write, max_dutch=cap,
                    run_dutch=None if in_server else lambda fn, *args: jobs.run_bounded(
                        fn, *args, seconds=limit, what=said("The FIDE Dutch pairing"),
                        on_tick=lambda s: clock.text(t("{seconds} s so far (stopped after {limit})",
                                                       seconds=round(s), limit=seconds_words(limit)))))
            except EventError as exc:
                status.update(label=t("Pairing failed"), state="error", expanded=True)
                problem(exc)
            else:
                status.update(label=t("Round {round} paired in {seconds} s", round=rnd,
                                       seconds=number(rp.seconds, current(), 1)), state="complete")
                state.set_event(paired)
                state.notice(paired_text(rnd, len(rp.boards)))
                st.rerun()
    if pending:
        st.caption(t("Results still to be entered. Type them in the results grid (a bare +, = or - in a player's "
                     "empty cell is enough), or draw them from the ratings."))
    for prnd, boards in sorted(pending.items()):
        frame = pairings_frame(event, prnd, boards)
        st.dataframe(frame.rename(columns=pairing_headings(list(frame.columns))), hide_index=True,
                     width="stretch", key=f"pairs_{prnd}")
    seed_col, fill_col, _ = st.columns([1, 2, 3], vertical_alignment="bottom")
    seed_col.number_input(t("Random seed"), min_value=0, value=1, step=1, key="results_seed")
    fill_col.button(t("Fill random results from ratings"), disabled=not pending, on_click=fill_random_results)
