"""Build event's pairing tab: the type of event, the pairing method, who sits out, the pairing of the next
round (before the page when there is no job to watch) and the results drawn from the ratings."""
from __future__ import annotations

from dataclasses import replace

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event, EventType
from engine.core.words import join_names
from engine.events.editing import add_round
from engine.events.settings import EventSettings
from engine.pairing.methods import pairings_for
from engine.pairing.next_round import (
    METHODS,
    Method,
    all_paired_text,
    next_round,
    pair_next_round,
    pairable,
    random_results,
    round_to_pair,
    scheduled_boards,
    withdrawn,
)
from ui.render.grid import pairings_frame
from ui.session import state
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
    return f"Round {rnd} paired ({boards} boards). Enter the results in the grid, or draw them at random."


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
    state.notice(f"Round {longer.rounds} added: the event now has {longer.rounds} rounds, and round "
                 f"{longer.rounds} can be paired.")


def leave_out(key: str, players: list[int]) -> None:
    """Put the players suggested (not paired last round) in the "Leave out this round" box."""
    st.session_state[key] = players


def fill_random_results() -> None:
    """Draw every game still waiting for its result from the ratings (the seed box's seed plus the round)."""
    filled = state.current_event()
    for prnd, boards in scheduled_boards(filled).items():
        filled = random_results(filled, prnd, boards, seed=int(st.session_state["results_seed"]) + prnd)
    state.set_event(filled)
    state.notice("Results drawn from the ratings (Elo expectation).")


def _where_the_event_stands(event: Event, rnd: int, playing_round: int | None, finished: bool) -> None:
    """Why no pairing is offered now: a round still being played, or every declared round paired (then the
    deliberate way to add one more)."""
    if playing_round is not None:
        if finished:
            st.info(f"Round {playing_round} is still being played: it is the event's last round.")
        else:
            st.info(f"Round {playing_round} is still being played: round {rnd} can be paired once its results "
                    "are in.")
    elif finished:
        if event.is_round_robin:
            st.info(f"{all_paired_text(event)}: there is no next round to pair.")
        else:
            st.info(f"{all_paired_text(event)}: there is no next round to pair. If the event is to have one "
                    f"round more than planned, add it first: the event then has {event.rounds + 1} rounds.")
            st.button(f"Add round {event.rounds + 1} to the event", on_click=add_extra_round,
                      help=f"Makes this a {event.rounds + 1}-round event, so that round {event.rounds + 1} can "
                           "be paired; Remove last round, on the Players and results tab, takes it away again")


def _left_out(event: Event, rnd: int) -> list[int]:
    """The players left out of round ``rnd``: chosen afresh each round; last round's absentees are suggested
    with the reason, never carried over in silence."""
    names = {p.tpn: f"{p.tpn} {p.name}" for p in event.players}
    absent_key = f"absent_{state.event_version()}"
    absent: list[int] = st.multiselect("Leave out this round (withdrawn or absent)", list(names),
                                       format_func=lambda t: names[t], key=absent_key)
    away = [t for t in withdrawn(event, rnd) if t not in absent]
    if away:
        st.caption(f"Not paired in round {rnd - 1}: {join_names([names[t] for t in away])}. Leave "
                   f"{'this player' if len(away) == 1 else 'them'} out of round {rnd} too only if still away.")
        st.button(f"Leave {'this player' if len(away) == 1 else 'them'} out of round {rnd} too",
                  on_click=leave_out, args=(absent_key, absent + away))
    return absent


def pairing_tab(event: Event, settings: EventSettings, pending: dict[int, list[tuple[int, int]]]) -> None:
    """Pair the next round of ``event``; ``pending``: its boards still waiting for a result, by round."""
    rnd = round_to_pair(event)
    type_col, method_col = st.columns([1, 3])
    new_type = type_col.selectbox("Type of event", [EventType.SWISS, EventType.ROUND_ROBIN],
                                  index=1 if event.is_round_robin else 0, key=f"event_type_{state.event_version()}",
                                  format_func=lambda t: "Round robin" if t is EventType.ROUND_ROBIN else "Swiss")
    if new_type is not event.event_type:
        retyped = replace(event, event_type=new_type)
        state.set_event(retyped, settings=settings.retyped(event, retyped))
        state.notice(f"The event is now a {'round robin' if retyped.is_round_robin else 'Swiss'}.")
        st.rerun()
    with method_col:
        method = kept(st.radio, "How to pair", list(pairings_for(event)), name="pairing.method",
                      default=settings.pairing, format_func=METHODS.get, horizontal=True)
    playing_round = min(pending) if pending else None
    finished = next_round(event) is None
    offered = not finished and playing_round is None       # a pairing is offered only between rounds
    _where_the_event_stands(event, rnd, playing_round, finished)
    absent = _left_out(event, rnd) if offered else []
    cap, limit = jobs.limits().dutch_players, jobs.limits().job_seconds
    playing = len(pairable(event, rnd, absent)) if offered else 0
    if offered and method == "dutch" and cap is not None and playing > cap:
        st.info(f"On this shared server the FIDE Dutch pairing takes at most {cap} players per round, so that "
                f"one big pairing cannot slow down everybody else's pages. Round {rnd} has {playing} to pair: "
                "use the fast pairing here, or the Dutch one when Tiebreak Lab runs on your own computer.")
    in_server = method == "dutch" and playing <= jobs.DUTCH_IN_SERVER     # small: no separate process
    if in_server and offered:
        jobs.load_dutch()
    quick = method != "dutch" or in_server      # no job to watch: paired before the page runs
    clicked = offered and st.button(f"Pair round {rnd}", type="primary",
                                    on_click=pair_now if quick else None,
                                    args=(event, method, absent, cap) if quick else None)
    if clicked and not st.session_state.pop(_PAIRED_NOW, False):
        with st.status(f"Pairing round {rnd}…", expanded=True) as status:
            clock = st.empty()
            try:
                paired, rp = pair_next_round(
                    event, method, absent, progress=status.write, max_dutch=cap,
                    run_dutch=None if in_server else lambda fn, *args: jobs.run_bounded(
                        fn, *args, seconds=limit, what="The FIDE Dutch pairing",
                        on_tick=lambda s: clock.text(f"{s:.0f} s so far (stopped after {jobs.seconds_words(limit)})")))
            except EventError as exc:
                status.update(label="Pairing failed", state="error", expanded=True)
                problem(exc)
            else:
                status.update(label=f"Round {rnd} paired in {rp.seconds:.1f} s", state="complete")
                state.set_event(paired)
                state.notice(paired_text(rnd, len(rp.boards)))
                st.rerun()
    if pending:
        st.caption("Results still to be entered. Type them in the results grid (a bare +, = or - in a player's "
                   "empty cell is enough), or draw them from the ratings.")
    for prnd, boards in sorted(pending.items()):
        st.dataframe(pairings_frame(event, prnd, boards), hide_index=True, width="stretch", key=f"pairs_{prnd}")
    seed_col, fill_col, _ = st.columns([1, 2, 3], vertical_alignment="bottom")
    seed_col.number_input("Random seed", min_value=0, value=1, step=1, key="results_seed")
    fill_col.button("Fill random results from ratings", disabled=not pending, on_click=fill_random_results)
