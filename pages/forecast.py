"""Before the last round: each player's chances of each place and prize, and what one player needs."""
import streamlit as st

from engine.core.errors import EventError
from engine.core.words import number_word
from i18n.said import render
from ui import forecast as fui
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t, tn, tr
from ui.session.memory import kept
from ui.teams.forecast_view import if_team_event
from ui.widgets import prizes as ui_prizes
from ui.widgets.chart_text import chances_alt, show_chart
from ui.widgets.layout import fitted_columns
from ui.widgets.ordering import error_text, ordering_chooser
from ui.widgets.page import show_notice
from ui.widgets.reader_warnings import show_points_column_note

state.ensure_state()
if_team_event()
event = state.current_event()

st.title(t("Before the last round"))
st.caption(t("Event: {name}", name=md_escape(state.shown_event_name())))
show_notice()
show_points_column_note(event)
st.markdown(t("Every parent asks it before the last round: *if my child wins, is the trophy theirs? And after a "
              "draw?* Tie-breaks such as Buchholz count the opponents' final scores, so the answer can depend "
              "on games on other boards. Here every result of the games still to be played is tried."))

games = event.pending_games()
left, right = st.columns([3, 2], vertical_alignment="center")
if not games:
    left.info(t("This event has no games waiting for their results. Pair the next round on the Build event page "
                "(its games wait there as “?”), or open the example."))
right.button(t("Open the example (FIDE's exercise after round 4)"), on_click=fui.load_example, key="forecast.example")
if not games:
    st.stop()
left.text(tn("{n} game still to be played; the tables on the other pages show the standings after round {round}.",
             "{n} games still to be played; the tables on the other pages show the standings after round {round}.",
             len(games), round=event.last_result_round()))
playing = event.first_pending_round() or event.rounds
if playing < event.rounds:      # a round before the last: its places are not the final ones
    later = event.rounds - playing
    # English writes a small count in words ("The four rounds after it"); the other languages write digits
    st.warning(tn("Round {round} of {rounds} is still to be played: the chances below are of each place after round "
                  "{round}, as if the event ended there. The round after it is not paired yet.",
                  "Round {round} of {rounds} is still to be played: the chances below are of each place after round "
                  "{round}, as if the event ended there. The {count} rounds after it are not paired yet.",
                  later, round=playing, rounds=event.rounds,
                  count=number_word(later) if current() == "en" else later))

chosen = ordering_chooser()

with st.container(border=True):
    a, b = st.columns(2)
    with a:
        ask_about = kept(st.radio, t("Ask about"), ["top", "player"], name="forecast.ask", default="top",
                         format_func={"top": t("The top places"), "player": t("One player")}.get, horizontal=True)
        if ask_about == "top":
            places = kept(st.number_input, t("How many places"), name="forecast.places", default=3, min_value=1,
                          max_value=20, step=1)
            player = None
        else:
            names = {p.tpn: f"{p.name} (#{p.tpn})" for p in sorted(event.players, key=lambda p: p.tpn)}
            default = min(names)
            player = kept(st.selectbox, t("Player"), list(names), name="forecast.player", default=default,
                          format_func=names.get)
            if player not in names:
                player = default
            places = None
    with b:
        model = kept(st.radio, t("How likely is each result?"), list(fui.MODELS), name="forecast.model", default="elo",
                     format_func=lambda m: t(fui.MODELS[m]))
        draw_rate = 0.3
        if model == "elo":
            draw_rate = kept(st.slider, t("Draw rate between equal players"), name="forecast.draw_rate", default=0.3,
                             min_value=0.0, max_value=0.8, step=0.05,
                             help=t("The share of draws when both players are rated alike; it shrinks as the "
                                    "rating gap grows. The favourite's expected score stays the Elo expectation."))
        c, d = st.columns(2)
        samples = kept(c.number_input, t("Samples, when there are too many combinations"), name="forecast.samples",
                       default=10_000, min_value=500, max_value=100_000, step=500)
        seed = kept(d.number_input, t("Random seed"), name="forecast.seed", default=1, min_value=0, step=1)

prizes = tuple(ui_prizes.current_prizes())
ask = fui.Ask(state.event_version(), chosen, places, player, model,
              float(draw_rate), int(samples), int(seed), prizes, ui_prizes.method())
found = fui.cached(ask)
if st.button(t("Work out the chances"), type="primary", key="forecast.run"):
    bar = st.progress(0.0, text=t("Starting"))
    try:
        found = fui.run(ask, event, lambda x, text: bar.progress(min(1.0, x), text=render(tr(), text)))
    except EventError as exc:
        bar.empty()
        st.error(md_escape(error_text(exc)))
        st.stop()
    bar.empty()
if found is None:
    st.info(t("Choose the question, then press **Work out the chances**."))
    st.stop()

fc, cond, pc = found
st.header(t("Chances of each final place") if playing == event.rounds else
          t("Chances of each place after round {round}", round=playing))
st.caption(t("{method} Shared places count as the best of them, as in the standings.", method=fui.method_text(fc)))
chances = fui.chances_frame(event, fc)
# every column as wide as its longest text (a long name whole); on a phone the grid scrolls, the number pinned
# (a long name pinned as well would leave the chances no room)
st.dataframe(chances, hide_index=True, width="stretch", key="forecast.table",
             column_config=fitted_columns(chances, pin=(fui.headings()[0],)))
chart = fui.chances_chart(event, fc)
show_chart(chart, chances_alt(fui.chart_data(event, fc), tr()), key="forecast.chart", width="stretch",
           height=fui.chances_height(fc, event))

if cond is not None:
    st.header(t("What {name} needs", name=md_escape(event.player(cond.player).name)))
    for head, text in fui.conditions_lines(cond, fc, event.player(cond.player).name):
        st.markdown(f"**{md_escape(head)}.** {md_escape(text)}")

if pc is not None:
    st.header(t("Prizes"))
    only = (t("Place prizes only ({prizes} not followed: a class prize can go far down the table)",
              prizes=", ".join(md_escape(n) for n in pc.left_out)) if pc.left_out else t("Place prizes only"))
    count = f"{pc.samples:,}"
    how = tn("{count} sample", "{count} samples", pc.samples, count=count) if pc.method == "sampled" else t("exact")
    st.caption(t("The prize list of the Prizes page, cash shared the way chosen there (a share counts as some cash); "
                 "trophies go by tie-break order. {only}; {how}.", only=only, how=how))
    chances_of_prizes = fui.prizes_frame(event, pc, list(prizes), ui_prizes.currency())
    st.dataframe(chances_of_prizes, hide_index=True, width="stretch", key="forecast.prizes",
                 column_config=fitted_columns(chances_of_prizes, pin=(fui.headings()[0],)))
