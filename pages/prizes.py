"""Prizes: a prize list, a sharing method, and who receives what — with the working, step by step."""
import streamlit as st

from engine.core.errors import EventError
from engine.prizes.cases import CASES
from engine.prizes.split import METHODS, distribute
from i18n.said import render as render_said
from i18n.terms import PRIZE_METHOD_TEXTS, PRIZE_METHODS
from ui.render.tables import fitted_widths
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tn, tp, tr
from ui.session.memory import kept
from ui.teams.prizes_view import if_team_event
from ui.widgets import prizes as ui_prizes
from ui.widgets.ordering import error_text, ordering_chooser
from ui.widgets.page import show_notice
from ui.work.cached import standings_for

state.ensure_state()
if_team_event()

st.title(t("Prizes"))
st.caption(t("Event: {name}", name=md_escape(state.shown_event_name())))
lang = current()
show_notice()

with st.container(border=True):
    st.markdown(t("**Worked examples** (US Chess rule 32B and the Hort system): each loads a small event and its "
                  "prize list."))
    left, right, _ = st.columns([3, 1.4, 2], vertical_alignment="bottom")
    case = left.selectbox(t("Example"), list(CASES), format_func=lambda n: render_said(tr(), CASES[n].title),
                          key="prizes.case")
    if right.button(t("Load example"), key="prizes.load"):
        ui_prizes.load_case(CASES[case])
        st.rerun()

chosen = ordering_chooser()

st.header(t("Prize list"))
if ui_prizes.prizes_are_example():
    st.info(t("These are **example prizes** from the rules, not a real prize fund. Replace them with your own "
              "event's prizes and press Apply prize list."))
elif not ui_prizes.current_prizes():
    st.info(t("This event has no prize list yet. Add its prize fund below, one row per prize (1st, 2nd, class "
              "prizes…), then press Apply prize list."))
st.caption(t("Amount empty = a trophy only. Place prizes need their place; class prizes need an eligibility rule "
             "(ratings and ages are inclusive: under 1800 is rating max 1799). Tick Trophy for anything that "
             "cannot be divided. Nothing changes until you press Apply prize list."))
with st.form("prize_list", border=False):
    edited = st.data_editor(
        ui_prizes.prizes_frame(ui_prizes.current_prizes()), key=ui_prizes.editor_key(), num_rows="dynamic",
        hide_index=True, width="stretch",
        column_config=ui_prizes.prize_columns())   # each column as wide as its heading, in every language
    apply_prizes = st.form_submit_button(t("Apply prize list"), type="primary")
if apply_prizes:
    try:
        applied = ui_prizes.prizes_from_frame(edited, current())
    except EventError as exc:
        st.error(t("Not applied; the prize list used below is unchanged. {reason}", reason=md_escape(error_text(exc))))
    else:
        ui_prizes.set_prizes(applied)
        state.notice(tn("Prize list applied and saved with the event ({n} prize).",
                        "Prize list applied and saved with the event ({n} prizes).", len(applied)))
        st.rerun()

st.header(t("How cash is shared"))
method_col, option_col = st.columns([3, 2], gap="large")
with method_col:
    method = kept(st.radio, t("Method"), list(METHODS), name="prizes.method", default="uscf",
                  format_func=lambda m: tp("prize method", PRIZE_METHODS[m]))
    st.caption(tp("prize method", PRIZE_METHOD_TEXTS[method]))
with option_col:
    reading = "rule"
    if method == "uscf":
        reading = kept(st.radio, t("Reading of rule 32B3 (ties for different prizes)"), list(ui_prizes.READINGS),
                       name="prizes.reading", default="rule", format_func=lambda r: t(ui_prizes.READINGS[r]))
        st.caption(t(ui_prizes.READING_NOTE))
    alternative, eligible_only = reading == "alternative", reading == "eligible_only"
    a, b = st.columns(2)
    rounding = kept(a.radio, t("Round shares down to"), ["cent", "whole"], name="prizes.rounding", default="cent",
                    format_func={"cent": t("the cent"), "whole": t("whole units")}.get)
    currency = kept(b.selectbox, t("Currency"), ui_prizes.CURRENCIES, name="prizes.currency", default="$",
                    format_func=lambda c: c or t("(none)"))

prizes = list(ui_prizes.current_prizes())
if not prizes:
    st.header(t("Who receives what"))
    st.info(t("Add the prize fund above to see who receives what."))
    st.stop()
try:
    table = standings_for(chosen)
    dist = distribute(table, state.current_event(), prizes, method, alternative=alternative,
                      eligible_only=eligible_only, rounding=rounding, currency=currency)
except EventError as exc:
    st.error(t("The prizes cannot be shared: {reason}", reason=md_escape(error_text(exc))))
    st.stop()

st.header(t("Who receives what"))
prize_event = state.current_event()
paid = sorted((a for a in dist.awards if a.paid > 0), key=lambda a: -a.paid)
if (unfinished := ui_prizes.if_ended_now_line(prize_event, paid, currency, lang)) is not None:
    st.info(md_escape(unfinished))
st.caption(t("Under US Chess rule 32B and the equal split the tied players share the cash, so tie-breaks decide only "
             "the trophies; under the tie-break-order and Hort methods they decide cash too. The order below is the "
             "tie-break order of the ordering above ({ordering}).", ordering=chosen.label))
#: the awards table's headings as shown (its keys stay English)
HEADINGS = {"Place": t("Place"), "#": "#", "Name": t("Name"), "Points": tp("game", "Points"),
            "Receives": t("Receives"), "Exact share": t("Exact share"), "Trophy": t("Trophy"),
            "Prizes in the pool shared": t("Prizes in the pool shared"), "How": t("How")}
awards = ui_prizes.awards_frame(dist, lang=lang)
widths = fitted_widths(awards)                      # every column as wide as its longest text: nothing cut
st.dataframe(awards, hide_index=True, width="stretch",
             column_config={**{c: st.column_config.Column(HEADINGS.get(c, c), width=w) for c, w in widths.items()},
                            "Receives": st.column_config.TextColumn(HEADINGS["Receives"],
                                                                    help=t("Rounded down to the unit"),
                                                                    width=widths["Receives"])})
st.text(t("Paid out {paid} of {cash} cash; left over by rounding: {left}.",
          paid=ui_prizes.money_text(dist.total_paid, currency, lang),
          cash=ui_prizes.money_text(dist.total_cash, currency, lang),
          left=ui_prizes.money_text(dist.remainder, currency, lang)))
if dist.unawarded:
    st.warning(t("Not awarded (no eligible player): {prizes}", prizes=md_escape(", ".join(dist.unawarded))))
with st.expander(t("Every player")):
    everyone = ui_prizes.awards_frame(dist, everyone=True, lang=lang)
    st.dataframe(everyone, hide_index=True, width="stretch",
                 column_config={c: st.column_config.Column(HEADINGS.get(c, c), width=w)
                                for c, w in fitted_widths(everyone).items()})

st.header(t("The working, step by step"))
st.markdown(ui_prizes.working_markdown(dist, lang))
