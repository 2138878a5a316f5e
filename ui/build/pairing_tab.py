"""Build event's pairing tab: the type of event, the pairing method, who sits out, the pairing of the next
round (before the page when there is no job to watch) and the results drawn from the ratings."""
from __future__ import annotations

from dataclasses import replace

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event, EventType
from engine.events.settings import EventSettings
from engine.pairing.methods import pairings_for
from engine.pairing.next_round import (
    METHODS,
    Method,
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


def fill_random_results() -> None:
    """Draw every game still waiting for its result from the ratings (the seed box's seed plus the round)."""
    filled = state.current_event()
    for prnd, boards in scheduled_boards(filled).items():
        filled = random_results(filled, prnd, boards, seed=int(st.session_state["results_seed"]) + prnd)
    state.set_event(filled)
    state.notice("Results drawn from the ratings (Elo expectation).")


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
    finished = next_round(event) is None
    if finished:
        st.info(f"Every round of this round robin is paired ({event.rounds} rounds): there is no next round "
                "to pair.")
    names = {p.tpn: f"{p.tpn} {p.name}" for p in event.players}
    absent = [] if finished else \
        st.multiselect("Leave out this round (withdrawn or absent)", list(names), format_func=lambda t: names[t],
                       default=withdrawn(event, rnd), key=f"absent_{state.event_version()}")
    cap, limit = jobs.limits().dutch_players, jobs.limits().job_seconds
    playing = len(pairable(event, rnd, absent))
    if method == "dutch" and cap is not None and playing > cap:
        st.info(f"On this shared server the FIDE Dutch pairing takes at most {cap} players per round, so that "
                f"one big pairing cannot slow down everybody else's pages. Round {rnd} has {playing} to pair: "
                "use the fast pairing here, or the Dutch one when Tiebreak Lab runs on your own computer.")
    in_server = method == "dutch" and playing <= jobs.DUTCH_IN_SERVER     # small: no separate process
    if in_server and not finished:
        jobs.load_dutch()
    quick = method != "dutch" or in_server      # no job to watch: paired before the page runs
    clicked = not finished and st.button(f"Pair round {rnd}", type="primary", disabled=bool(pending),
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
