"""Prizes for a team event: a team prize list (places, amounts, categories by the team's average rating), shared
by the event's ranking (tie-breaks deciding) or among the teams level on points, with the working."""
from __future__ import annotations

import streamlit as st

from engine.core.errors import EventError
from engine.prizes.finishes import Distribution
from engine.prizes.teams import TEAM_METHODS, distribute_teams
from engine.teams.model import TeamEvent
from i18n.catalog import N_
from i18n.terms import PRIZE_METHODS
from ui.render.tables import fitted_widths
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tn, tp
from ui.session.memory import kept
from ui.teams.cached import standings_in
from ui.teams.order import team_order_chooser
from ui.teams.standings_view import team_heading
from ui.teams.state import team_page
from ui.widgets import prizes as ui_prizes
from ui.widgets.ordering import error_text
from ui.widgets.page import show_notice

#: each team method in the page's words (the keys are the engine's)
METHOD_WORDS = {
    "order": N_("By the ranking: tie-breaks decide (FIDE and most team events)"),
    "equal": N_("Shared among the teams level on points (as US Chess splits prizes)"),
}
METHOD_NOTES = {
    "order": N_("Each place's prize goes to the team in that place after the tie-breaks. Only teams level on "
                "every criterion share their places' prizes."),
    "equal": N_("Teams level on the primary score add up the prizes of the places they occupy and share them "
                "equally: the tie-breaks decide only the trophies."),
    "hort": N_("Teams level on the primary score keep half the prize of their own place after the tie-breaks; "
               "the other halves are pooled and shared equally."),
}


def _prize_editor() -> None:
    """The team prize list: places and amounts, and categories by the team's average rating."""
    st.header(t("Team prize list"))
    if not ui_prizes.current_prizes():
        st.info(t("This team event has no prize list yet. Add its prizes below, one row per prize (1st, 2nd, best "
                  "team under a rating…), then press Apply prize list."))
    st.caption(t("Amount empty = a trophy only. Place prizes need their place; a category prize needs a rating "
                 "bound, read on the team's rating: the average rating of the players on its boards. Tick Trophy "
                 "for anything that cannot be divided."))
    with st.form("team_prize_list", border=False):
        frame = ui_prizes.prizes_frame(ui_prizes.current_prizes()).drop(columns=["Age max", "Only for"])
        edited = st.data_editor(frame, key="team_" + ui_prizes.editor_key(), num_rows="dynamic", hide_index=True,
                                width="stretch", column_config={
            "Prize": st.column_config.TextColumn(t("Prize"), required=True, width=100),
            "Amount": st.column_config.NumberColumn(t("Amount"), min_value=0.0, step=0.01, format="%.2f", width=86),
            "Type": st.column_config.SelectboxColumn(t("Type"), width=68, options=["place", "class"], default="place",
                                                     format_func=lambda k: tp("prize type", str(k))),
            **{col: st.column_config.TextColumn(label, width=w, validate=r"^\s*[0-9]*\s*$",
                                                help=t("{column}: a whole number, or blank", column=label))
               for col, label, w in (("Place", t("Place"), 70), ("Rating min", t("Rating min"), 100),
                                     ("Rating max", t("Rating max"), 102))},
            "Trophy": st.column_config.CheckboxColumn(t("Trophy"), width=76,
                                                      help=t("Indivisible: goes by tie-break order")),
        })
        apply = st.form_submit_button(t("Apply prize list"), type="primary")
    if apply:
        try:
            applied = ui_prizes.prizes_from_frame(edited, current())
        except EventError as exc:
            st.error(t("Not applied; the prize list used below is unchanged. {reason}", reason=md_escape(error_text(exc))))
        else:
            ui_prizes.set_prizes(applied)
            state.notice(tn("Prize list applied and saved with the event ({n} prize).",
                            "Prize list applied and saved with the event ({n} prizes).", len(applied)))
            st.rerun()


def team_prizes_view(ev: TeamEvent) -> None:
    """The whole Prizes page for a team event."""
    team_heading(ev, t("Team prizes"))
    show_notice()
    order = team_order_chooser(ev)
    _prize_editor()
    st.header(t("How cash is shared"))
    left, right = st.columns([3, 2], gap="large")
    with left:
        method = kept(st.radio, t("Method"), list(TEAM_METHODS), name="team.prizes.method", default="order",
                      format_func=lambda m: t(METHOD_WORDS[m]) if m in METHOD_WORDS else
                      tp("prize method", PRIZE_METHODS[m]))
        st.caption(t(METHOD_NOTES[method]))
    with right:
        rounding = kept(st.radio, t("Round shares down to"), ["cent", "whole"], name="team.prizes.rounding",
                        default="cent", format_func={"cent": t("the cent"), "whole": t("whole units")}.get)
        currency = kept(st.selectbox, t("Currency"), ui_prizes.CURRENCIES, name="team.prizes.currency",
                        default="$", format_func=lambda c: c or t("(none)"))
    st.header(t("Which team receives what"))
    prizes = list(ui_prizes.current_prizes())
    if not prizes:
        st.info(t("Add the prize fund above to see which team receives what."))
        return
    try:
        dist = distribute_teams(standings_in(order.context, order.criteria), order.event, prizes, method,
                                rounding=rounding, currency=currency)
    except EventError as exc:
        st.error(t("The prizes cannot be shared: {reason}", reason=md_escape(error_text(exc))))
        return
    _awards(dist, order.event.scoring.primary)


def _awards(dist: Distribution, primary: str) -> None:
    """The awards table (the score is the primary one), the totals and the working, in the session's language."""
    lang = current()
    score = t("Match points") if primary == "MP" else t("Game points")
    headings = {"Place": t("Place"), "#": "#", "Name": t("Team"), "Points": score, "Receives": t("Receives"),
                "Exact share": t("Exact share"), "Trophy": t("Trophy"),
                "Prizes in the pool shared": t("Prizes in the pool shared"), "How": t("How")}
    awards = ui_prizes.awards_frame(dist, lang=lang)
    st.dataframe(awards, hide_index=True, width="stretch",
                 column_config={c: st.column_config.Column(headings.get(c, c), width=w)
                                for c, w in fitted_widths(awards).items()})
    st.text(t("Paid out {paid} of {cash} cash; left over by rounding: {left}.",
              paid=ui_prizes.money_text(dist.total_paid, dist.currency, lang),
              cash=ui_prizes.money_text(dist.total_cash, dist.currency, lang),
              left=ui_prizes.money_text(dist.remainder, dist.currency, lang)))
    if dist.unawarded:
        st.warning(t("Not awarded (no eligible team): {prizes}", prizes=md_escape(", ".join(dist.unawarded))))
    st.header(t("The working, step by step"))
    st.markdown(ui_prizes.working_markdown(dist, lang))


def if_team_event() -> None:
    """The page's team version, when the event on screen is a team event (then the page stops there)."""
    team_page(team_prizes_view)
