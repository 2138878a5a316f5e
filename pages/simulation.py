"""Simulation lab: which tie-break really ranks the stronger of two tied players first?"""

from functools import partial

import streamlit as st

from engine.core.codes import CODES
from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.events.simulate import EXPERIMENTS, PAIRINGS, SimParams, to_csv
from i18n.said import error_text
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t, tr
from ui.simulation import (
    DEFAULT,
    INTERVALS,
    KEYS,
    OWN_EXPERIMENT,
    cached_run,
    diff_chart,
    display_table,
    experiment_name,
    fill,
    interval_name,
    metrics_frame,
    on_experiment,
    pairing_name,
    reading_lines,
    run_caption,
    share_chart,
    size_problem,
    table_columns,
    tau_chart,
)
from ui.teams.state import players_only_note
from ui.widgets.chart_text import diff_alt, left_tied_alt, share_alt, show_chart, tau_alt
from ui.widgets.layout import fitted_columns
from ui.widgets.ordering import preset_label
from ui.work import jobs

state.ensure_state()
players_only_note()

if "sim.players" not in st.session_state:
    fill(DEFAULT)

st.title(t("Simulation lab"))
st.caption(t("Thousands of simulated Swiss events whose players' true strengths are known (their ratings; "
             "results drawn from the Elo model). Among players tied on points, how often does each tie-break "
             "put the stronger one higher? A coin gets 50 %."))

st.selectbox(t("Ready-made experiment"), [OWN_EXPERIMENT, *EXPERIMENTS], key="sim.experiment", on_change=on_experiment,
             format_func=partial(experiment_name, tr()),
             help=t("Fills in the criteria and orderings below; press Run to see the answer."))

with st.form("sim.form"):
    a, b, c, d = st.columns(4)
    a.number_input(t("Players"), 4, 400, key=KEYS["players"])
    b.number_input(t("Rounds"), 1, 15, key=KEYS["rounds"])
    c.number_input(t("Events to simulate"), 1, 20_000, step=100, key=KEYS["events"],
                   help=t("200 events of 40 players take a few seconds; 10,000 of 100 players take minutes."))
    d.number_input(t("Seed"), 0, 10**9, key=KEYS["seed"], help=t("The same seed and parameters give the same numbers."))
    a.number_input(t("Rating spread (standard deviation)"), 0, 800, step=50, key=KEYS["rating_sd"])
    b.slider(t("Draw rate between equals"), 0.0, 0.9, step=0.05, key=KEYS["draw_rate"])
    c.slider(t("Half-point byes (per player and round)"), 0.0, 0.2, step=0.01, key=KEYS["bye_rate"])
    d.slider(t("Forfeits (per game)"), 0.0, 0.2, step=0.01, key=KEYS["forfeit_rate"])
    st.radio(t("Pairing"), list(PAIRINGS), key=KEYS["pairing"], horizontal=True,
             format_func=partial(pairing_name, tr()),
             help=t("The fast pairing is the generator's own; the Dutch system is exact but takes seconds per "
                    "round (about 30 s to a few minutes per 100-player event): keep the events few."))
    left, mid, right = st.columns([2, 2, 1])
    left.multiselect(t("Single criteria (points, then this one)"), [c for c in CODES if c not in ("PTS", "H2H")],
                     key=KEYS["criteria"], wrap=True,
                     help=t("LOTS is the coin: the baseline every real tie-break should beat."))
    mid.multiselect(t("Preset orderings (each under its own rule set)"), list(PRESETS), key=KEYS["presets"],
                    format_func=preset_label, wrap=True)
    right.selectbox(t("Rule set for single criteria"), list(RULE_SETS), key=KEYS["rules"])
    extra = st.checkbox(t("Also measure one extra bye and one extra forfeit per event (triples the run)"),
                        key="sim.extra")
    submitted = st.form_submit_button(t("Run simulation"), type="primary")

if submitted:
    values = {f: st.session_state[k] for f, k in KEYS.items()}
    values = {f: tuple(v) if isinstance(v, list) else v for f, v in values.items()}
    try:
        st.session_state["sim.params"] = SimParams(**values, extra_byes=1.0 if extra else 0.0,
                                                   extra_forfeits=1.0 if extra else 0.0)
    except EventError as exc:
        st.error(t("These parameters cannot be simulated: {problem}", problem=md_escape(error_text(tr(), exc))))
        st.stop()

params: SimParams | None = st.session_state.get("sim.params")
if params is None:
    st.info(t("Choose an experiment or your own parameters, then press **Run simulation**."))
    st.stop()

limits = jobs.limits()
too_big = size_problem(params, limits)
if too_big:
    st.error(too_big)
    st.stop()
try:
    result = cached_run(params, workers=limits.sim_workers, limit=limits.job_seconds)
except EventError as exc:
    st.error(t("No result: {problem}.", problem=md_escape(error_text(tr(), exc))))
    st.stop()
df = metrics_frame(result)
st.header(t("What the simulation says"))
st.caption(run_caption(params, result))
for line in reading_lines(result):
    st.markdown(f"- {line}")

interval = st.radio(t("Interval"), list(INTERVALS), horizontal=True, key="sim.interval",
                    format_func=partial(interval_name, tr()),
                    help=t("By event: each event counts as one sample (honest, since pairs of one event are linked). "
                           "Wilson: every pair counted as independent (narrower, too optimistic)."))
shares = share_chart(df, interval)
show_chart(shares, share_alt(df), key="sim.shares", width="stretch",
           height=shares.height + 190)   # + title, axis and legend (their lines)
for metric, words in (("tau_b", tau_alt(df)), ("share_unbroken", left_tied_alt(df))):
    taus = tau_chart(df, metric)
    show_chart(taus, words, key=f"sim.{metric}", width="stretch", height=taus.height + 150)
if result.diffs:
    diffs = diff_chart(result.diffs, order=list(df["label"]))
    show_chart(diffs, diff_alt(result.diffs), key="sim.diffs", width="stretch", height=diffs.height + 150)
    st.caption(t("The same seeds rerun with the bye or forfeit rate raised by one per event on average. A bye "
                 "changes every later pairing, so the events differ: read a change only when its interval "
                 "excludes zero."))

st.header(t("The numbers"))
numbers = display_table(df)
# every column as wide as its texts (a preset's criteria whole), the ordering pinned while the grid scrolls
widths = fitted_columns(numbers, pin=("Ordering",))
st.dataframe(numbers, hide_index=True, width="stretch", column_config=table_columns(numbers, widths))
st.download_button(t("Download the metrics (CSV)"), to_csv(result), "tiebreak_simulation.csv", "text/csv",
                   on_click="ignore")
with st.expander(t("What exactly is measured")):
    st.markdown(t(
        "- **Tied pairs**: every two players on the same points whose ratings (true strengths) differ.\n"
        "- **Correct**: the stronger is ranked higher; **wrong**: the weaker is; **left tied**: a shared place.\n"
        "- **% correct of separated** leaves shared places out; **% if ties then drawn by lot** counts each "
        "of them as half right, which is what a final drawing of lots would give.\n"
        "- **Kendall tau-b**: rank against strength inside each tied group, averaged over the groups "
        "(weighted by their pairs); 1 = perfect, 0 = no better than chance, a group left tied counts 0.\n"
        "- Rating criteria (ARO, TPR, RTNG…) use the very ratings that are the true strength here: "
        "RTNG is right by construction."))
