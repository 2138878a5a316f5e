"""The question a PGN import leaves open: what happened in the rounds where a player has no game?

PGN records games only, so a bye or an absence is simply not there.  The reader makes those rounds
absences and remembers them (:func:`engine.formats.pgn.missing_rounds`); this form lists them, one row per
player and round with a choice of PAB / HPB / ZPB / FPB / ABS, and applies the answers in one go
(:func:`engine.formats.pgn.resolve_missing`).  It shows nothing for any other event.
"""
from __future__ import annotations

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import KIND_DESCRIPTIONS, Kind
from engine.formats.pgn import MISSING_CHOICES, missing_rounds, resolve_missing
from ui.render.text import md_escape
from ui.session import state

#: rows of the form, one widget each; a 414 KB PGN made a form of 980,000 rows (339 s, the browser tab crashed), so
#: the rest are settled by one choice for them all
MAX_FORM_ROWS = 40


def _label(kind: Kind) -> str:
    return f"{kind.value} ({KIND_DESCRIPTIONS[kind]})"


def missing_rounds_form() -> None:
    """The form for the current event's unsettled PGN rounds (nothing when there are none)."""
    event = state.current_event()
    missing = missing_rounds(event)
    if not missing:
        return
    names = {p.tpn: p.name for p in event.players}
    rounds = "1 player-round" if len(missing) == 1 else f"{len(missing)} player-rounds"
    st.warning(f"The PGN has no game for {rounds}. PGN cannot record byes or absences, "
               "so they are absent (ABS) for now. Say what happened and press Apply.")
    with st.form(f"missing_rounds_{state.event_version()}"):
        choices: dict[tuple[int, int], Kind] = {}
        shown, rest = missing[:MAX_FORM_ROWS], missing[MAX_FORM_ROWS:]
        for tpn, rnd in shown:
            who, pick = st.columns([2, 2], vertical_alignment="center")
            who.text(f"#{tpn} {names.get(tpn, '')}, round {rnd}")   # st.text: a name is never markup
            choices[(tpn, rnd)] = pick.selectbox(
                f"Round {rnd} of #{tpn}", MISSING_CHOICES, index=MISSING_CHOICES.index(Kind.ABS),
                format_func=_label, key=f"missing_{tpn}_{rnd}", label_visibility="collapsed")
        if rest:
            st.caption(f"{len(rest):,} more player-rounds have no game: the form lists the first {MAX_FORM_ROWS} "
                       f"(a longer form would stall the page). Choose one answer for all the others.")
            others = st.selectbox(f"All the other {len(rest):,} player-rounds", MISSING_CHOICES,
                                  index=MISSING_CHOICES.index(Kind.ABS), format_func=_label, key="missing_rest")
        apply = st.form_submit_button("Apply", type="primary")
    if apply:
        if rest:
            choices.update(dict.fromkeys(rest, others))
        try:
            settled = resolve_missing(event, choices)
        except EventError as exc:
            st.error(f"Not applied: {md_escape(exc)}")
        else:
            state.set_event(settled)
            state.notice("Settled 1 missing round." if len(choices) == 1 else f"Settled {len(choices)} missing rounds.")
            st.rerun()
