"""The question a PGN import leaves open: what happened in the rounds where a player has no game?

PGN records games only, so a bye or an absence is simply not there.  The reader makes those rounds
absences and remembers them (:func:`engine.formats.pgn.missing_rounds`); this form lists them, one row per
player and round with a choice of PAB / HPB / ZPB / FPB / ABS, and applies the answers in one go
(:func:`engine.formats.pgn.resolve_missing`).  It shows nothing for any other event.
"""
from __future__ import annotations

from functools import partial

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Kind
from engine.formats.pgn import MISSING_CHOICES, missing_rounds, resolve_missing
from i18n.numbers import number
from ui.build.words import kind_name
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tn, tr
from ui.widgets.ordering import error_text

#: rows of the form, one widget each; a 414 KB PGN made a form of 980,000 rows (339 s, the browser tab crashed), so
#: the rest are settled by one choice for them all
MAX_FORM_ROWS = 40


def missing_rounds_form() -> None:
    """The form for the current event's unsettled PGN rounds (nothing when there are none)."""
    event = state.current_event()
    missing = missing_rounds(event)
    if not missing:
        return
    names = {p.tpn: p.name for p in event.players}
    label = partial(kind_name, tr())
    st.warning(tn("The PGN has no game for {n} player-round. PGN cannot record byes or absences, so they are "
                  "absent (ABS) for now. Say what happened and press Apply.",
                  "The PGN has no game for {n} player-rounds. PGN cannot record byes or absences, so they are "
                  "absent (ABS) for now. Say what happened and press Apply.", len(missing)))
    with st.form(f"missing_rounds_{state.event_version()}"):
        choices: dict[tuple[int, int], Kind] = {}
        shown, rest = missing[:MAX_FORM_ROWS], missing[MAX_FORM_ROWS:]
        for tpn, rnd in shown:
            who, pick = st.columns([2, 2], vertical_alignment="center")
            # st.text: a name is never markup
            who.text(t("#{number} {name}, round {round}", number=tpn, name=names.get(tpn, ""), round=rnd))
            choices[(tpn, rnd)] = pick.selectbox(
                t("Round {round} of #{number}", round=rnd, number=tpn), MISSING_CHOICES, index=MISSING_CHOICES.index(Kind.ABS),
                format_func=label, key=f"missing_{tpn}_{rnd}", label_visibility="collapsed")
        if rest:
            more = number(len(rest), current())
            st.caption(t("{more} more player-rounds have no game: the form lists the first {shown} (a longer "
                         "form would stall the page). Choose one answer for all the others.", more=more,
                         shown=MAX_FORM_ROWS))
            others = st.selectbox(t("All the other {more} player-rounds", more=more), MISSING_CHOICES,
                                  index=MISSING_CHOICES.index(Kind.ABS), format_func=label, key="missing_rest")
        apply = st.form_submit_button(t("Apply"), type="primary")
    if apply:
        if rest:
            choices.update(dict.fromkeys(rest, others))
        try:
            settled = resolve_missing(event, choices)
        except EventError as exc:
            st.error(t("Not applied: {problem}", problem=md_escape(error_text(exc))))
        else:
            state.set_event(settled)
            state.notice(tn("Settled {n} missing round.", "Settled {n} missing rounds.", len(choices)))
            st.rerun()
