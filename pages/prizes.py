"""Prizes: a prize list, a sharing method, and who receives what — with the working, step by step."""
import streamlit as st

from engine.core.errors import EventError
from engine.core.words import counted, if_ended_now_text
from engine.prizes.cases import CASES
from engine.prizes.money import money
from engine.prizes.split import METHODS, distribute
from engine.teaching.explanations import PRIZE_METHODS_TEXT
from ui import prizes as ui_prizes
from ui.render.tables import fitted_widths
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current
from ui.session.memory import kept
from ui.teams.state import players_only_note
from ui.widgets.ordering import error_text, ordering_chooser
from ui.widgets.page import show_notice
from ui.work.cached import standings_for

state.ensure_state()
players_only_note()

st.title("Prizes")
st.caption(f"Event: {md_escape(state.event_name())}")
show_notice()

with st.container(border=True):
    st.markdown("**Worked examples** (US Chess rule 32B and the Hort system): each loads a small event and its "
                "prize list.")
    left, right, _ = st.columns([3, 1.4, 2], vertical_alignment="bottom")
    case = left.selectbox("Example", list(CASES), format_func=lambda n: CASES[n].title, key="prizes.case")
    if right.button("Load example", key="prizes.load"):
        ui_prizes.load_case(CASES[case])
        st.rerun()

chosen = ordering_chooser()

st.header("Prize list")
if ui_prizes.prizes_are_example():
    st.info("These are **example prizes** from the rules, not a real prize fund. Replace them with your own "
            "event's prizes and press Apply prize list.")
elif not ui_prizes.current_prizes():
    st.info("This event has no prize list yet. Add its prize fund below, one row per prize (1st, 2nd, class "
            "prizes…), then press Apply prize list.")
st.caption("Amount empty = a trophy only. Place prizes need their place; class prizes need an eligibility rule "
           "(ratings and ages are inclusive: under 1800 is rating max 1799). Tick Trophy for anything that cannot "
           "be divided. Nothing changes until you press Apply prize list.")
with st.form("prize_list", border=False):
    edited = st.data_editor(
        ui_prizes.prizes_frame(ui_prizes.current_prizes()), key=ui_prizes.editor_key(), num_rows="dynamic",
        hide_index=True, width="stretch",
        column_config={
            # each column as wide as its header (the words and the editing mark), so no header is cut
            "Prize": st.column_config.TextColumn("Prize", required=True, width=100),
            "Amount": st.column_config.NumberColumn("Amount", min_value=0.0, step=0.01, format="%.2f", width=86),
            "Type": st.column_config.SelectboxColumn("Type", width=68, options=["place", "class"], default="place"),
            **{col: st.column_config.TextColumn(col, width=w, validate=r"^\s*[0-9]*\s*$",
                                                help=f"{col}: a whole number, or blank")
               for col, w in (("Place", 70), ("Rating min", 100), ("Rating max", 102), ("Age max", 84))},
            "Only for": st.column_config.SelectboxColumn("Only for", width=86,
                                                         options=ui_prizes.predicate_options()),
            "Trophy": st.column_config.CheckboxColumn("Trophy", width=76,
                                                      help="Indivisible: goes by tie-break order"),
        })
    apply_prizes = st.form_submit_button("Apply prize list", type="primary")
if apply_prizes:
    try:
        applied = ui_prizes.prizes_from_frame(edited, current())
    except EventError as exc:
        st.error(f"Not applied; the prize list used below is unchanged. {md_escape(exc)}")
    else:
        ui_prizes.set_prizes(applied)
        state.notice(f"Prize list applied and saved with the event ({counted(len(applied), 'prize')}).")
        st.rerun()

st.header("How cash is shared")
method_col, option_col = st.columns([3, 2], gap="large")
with method_col:
    method = kept(st.radio, "Method", list(METHODS), name="prizes.method", default="uscf",
                  format_func=METHODS.get)
    st.caption(PRIZE_METHODS_TEXT[method])
with option_col:
    reading = "rule"
    if method == "uscf":
        reading = kept(st.radio, "Reading of rule 32B3 (ties for different prizes)", list(ui_prizes.READINGS),
                       name="prizes.reading", default="rule", format_func=ui_prizes.READINGS.get)
        st.caption(ui_prizes.READING_NOTE)
    alternative, eligible_only = reading == "alternative", reading == "eligible_only"
    a, b = st.columns(2)
    rounding = kept(a.radio, "Round shares down to", ["cent", "whole"], name="prizes.rounding", default="cent",
                    format_func={"cent": "the cent", "whole": "whole units"}.get)
    currency = kept(b.selectbox, "Currency", ui_prizes.CURRENCIES, name="prizes.currency", default="$",
                    format_func=lambda c: c or "(none)")

prizes = list(ui_prizes.current_prizes())
if not prizes:
    st.header("Who receives what")
    st.info("Add the prize fund above to see who receives what.")
    st.stop()
try:
    table = standings_for(chosen)
    dist = distribute(table, state.current_event(), prizes, method, alternative=alternative,
                      eligible_only=eligible_only, rounding=rounding, currency=currency)
except EventError as exc:
    st.error(f"The prizes cannot be shared: {md_escape(error_text(exc))}")
    st.stop()

st.header("Who receives what")
prize_event = state.current_event()
paid = sorted((a for a in dist.awards if a.paid > 0), key=lambda a: -a.paid)
if (unfinished := if_ended_now_text(prize_event.last_result_round(), prize_event.rounds,
                                    prize_event.first_pending_round(),
                                    [(a.name, money(a.paid, currency)) for a in paid])) is not None:
    st.info(md_escape(unfinished))
st.caption("Under US Chess rule 32B and the equal split the tied players share the cash, so tie-breaks decide only "
           "the trophies; under the tie-break-order and Hort methods they decide cash too. The order below is the "
           f"tie-break order of the ordering above ({chosen.label}).")
awards = ui_prizes.awards_frame(dist)
widths = fitted_widths(awards)                      # every column as wide as its longest text: nothing cut
st.dataframe(awards, hide_index=True, width="stretch",
             column_config={**{c: st.column_config.Column(c, width=w) for c, w in widths.items()},
                            "Receives": st.column_config.TextColumn("Receives", help="Rounded down to the unit",
                                                                    width=widths["Receives"])})
st.text(f"Paid out {money(dist.total_paid, currency)} of {money(dist.total_cash, currency)} cash; "
        f"left over by rounding: {money(dist.remainder, currency)}.")
if dist.unawarded:
    st.warning("Not awarded (no eligible player): " + md_escape(", ".join(dist.unawarded)))
with st.expander("Every player"):
    everyone = ui_prizes.awards_frame(dist, everyone=True)
    st.dataframe(everyone, hide_index=True, width="stretch",
                 column_config={c: st.column_config.Column(c, width=w) for c, w in fitted_widths(everyone).items()})

st.header("The working, step by step")
lines = []
for i, step in enumerate(dist.steps, start=1):
    sub = step.startswith(" ")
    lines.append(f"{i}. {'↳ ' if sub else ''}{md_escape(step.strip())}")
st.markdown("\n".join(lines))
