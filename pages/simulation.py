"""Simulation lab: which tie-break really ranks the stronger of two tied players first?"""

import streamlit as st

from engine.core.codes import CODES
from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.events.simulate import EXPERIMENTS, PAIRINGS, SimParams, reading, to_csv
from ui.render.text import md_escape
from ui.session import state
from ui.simulation import (
    DEFAULT,
    INTERVALS,
    KEYS,
    OWN_EXPERIMENT,
    PAIRING_LABELS,
    PERCENT_COLUMNS,
    cached_run,
    diff_chart,
    display_table,
    fill,
    metrics_frame,
    on_experiment,
    share_chart,
    size_problem,
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

st.title("Simulation lab")
st.caption("Thousands of simulated Swiss events whose players' true strengths are known (their ratings; "
           "results drawn from the Elo model). Among players tied on points, how often does each tie-break "
           "put the stronger one higher? A coin gets 50 %.")

st.selectbox("Ready-made experiment", [OWN_EXPERIMENT, *EXPERIMENTS], key="sim.experiment", on_change=on_experiment,
             help="Fills in the criteria and orderings below; press Run to see the answer.")

with st.form("sim.form"):
    a, b, c, d = st.columns(4)
    a.number_input("Players", 4, 400, key=KEYS["players"])
    b.number_input("Rounds", 1, 15, key=KEYS["rounds"])
    c.number_input("Events to simulate", 1, 20_000, step=100, key=KEYS["events"],
                   help="200 events of 40 players take a few seconds; 10,000 of 100 players take minutes.")
    d.number_input("Seed", 0, 10**9, key=KEYS["seed"], help="The same seed and parameters give the same numbers.")
    a.number_input("Rating spread (standard deviation)", 0, 800, step=50, key=KEYS["rating_sd"])
    b.slider("Draw rate between equals", 0.0, 0.9, step=0.05, key=KEYS["draw_rate"])
    c.slider("Half-point byes (per player and round)", 0.0, 0.2, step=0.01, key=KEYS["bye_rate"])
    d.slider("Forfeits (per game)", 0.0, 0.2, step=0.01, key=KEYS["forfeit_rate"])
    st.radio("Pairing", list(PAIRINGS), key=KEYS["pairing"], horizontal=True,
             format_func=lambda p: PAIRING_LABELS.get(p, p),
             help="The fast pairing is the generator's own; the Dutch system is exact but takes seconds per "
                  "round (about 30 s to a few minutes per 100-player event): keep the events few.")
    left, mid, right = st.columns([2, 2, 1])
    left.multiselect("Single criteria (points, then this one)", [c for c in CODES if c not in ("PTS", "H2H")],
                     key=KEYS["criteria"], wrap=True, help="LOTS is the coin: the baseline every real tie-break should beat.")
    mid.multiselect("Preset orderings (each under its own rule set)", list(PRESETS), key=KEYS["presets"],
                    format_func=preset_label, wrap=True)
    right.selectbox("Rule set for single criteria", list(RULE_SETS), key=KEYS["rules"])
    extra = st.checkbox("Also measure one extra bye and one extra forfeit per event (triples the run)",
                        key="sim.extra")
    submitted = st.form_submit_button("Run simulation", type="primary")

if submitted:
    values = {f: st.session_state[k] for f, k in KEYS.items()}
    values = {f: tuple(v) if isinstance(v, list) else v for f, v in values.items()}
    try:
        st.session_state["sim.params"] = SimParams(**values, extra_byes=1.0 if extra else 0.0,
                                                   extra_forfeits=1.0 if extra else 0.0)
    except EventError as exc:
        st.error(f"These parameters cannot be simulated: {md_escape(exc)}")
        st.stop()

params: SimParams | None = st.session_state.get("sim.params")
if params is None:
    st.info("Choose an experiment or your own parameters, then press **Run simulation**.")
    st.stop()

limits = jobs.limits()
too_big = size_problem(params, limits)
if too_big:
    st.error(too_big)
    st.stop()
try:
    result = cached_run(params, workers=limits.sim_workers, limit=limits.job_seconds)
except EventError as exc:
    st.error(f"No result: {exc}.")
    st.stop()
df = metrics_frame(result)
st.header("What the simulation says")
st.caption(f"{params.events:,} events of {params.players} players × {params.rounds} rounds, "
           f"pairing: {result.pairing_note}. Ran in {result.seconds:.1f} s on {result.workers} worker processes "
           "(the same parameters again are instant)."
           + (f" {result.dutch_fallback_rounds} rounds the Dutch engine could not pair were paired the fast way."
              if result.dutch_fallback_rounds else ""))
for line in reading(result):
    st.markdown(f"- {line}")

interval = st.radio("Interval", list(INTERVALS), horizontal=True, key="sim.interval",
                    help="By event: each event counts as one sample (honest, since pairs of one event are linked). "
                         "Wilson: every pair counted as independent (narrower, too optimistic).")
shares = share_chart(df, interval)
show_chart(shares, share_alt(df), key="sim.shares", width="stretch",
           height=shares.height + 190)   # + title, axis and legend (their lines)
for metric, words in (("tau_b", tau_alt(df)), ("share_unbroken", left_tied_alt(df))):
    taus = tau_chart(df, metric)
    show_chart(taus, words, key=f"sim.{metric}", width="stretch", height=taus.height + 150)
if result.diffs:
    diffs = diff_chart(result.diffs, order=list(df["label"]))
    show_chart(diffs, diff_alt(result.diffs), key="sim.diffs", width="stretch", height=diffs.height + 150)
    st.caption("The same seeds rerun with the bye or forfeit rate raised by one per event on average. A bye "
               "changes every later pairing, so the events differ: read a change only when its interval "
               "excludes zero.")

st.header("The numbers")
numbers = display_table(df)
# every column as wide as its texts (a preset's criteria whole), the ordering pinned while the grid scrolls
widths = fitted_columns(numbers, pin=("Ordering",))
st.dataframe(numbers, hide_index=True, width="stretch",
             column_config=widths | {c: st.column_config.NumberColumn(c, format="%.1f", width=widths[c]["width"])
                                     for c in PERCENT_COLUMNS})
st.download_button("Download the metrics (CSV)", to_csv(result), "tiebreak_simulation.csv", "text/csv",
                   on_click="ignore")
with st.expander("What exactly is measured"):
    st.markdown(
        "- **Tied pairs**: every two players on the same points whose ratings (true strengths) differ.\n"
        "- **Correct**: the stronger is ranked higher; **wrong**: the weaker is; **left tied**: a shared place.\n"
        "- **% correct of separated** leaves shared places out; **% if ties then drawn by lot** counts each "
        "of them as half right, which is what a final drawing of lots would give.\n"
        "- **Kendall tau-b**: rank against strength inside each tied group, averaged over the groups "
        "(weighted by their pairs); 1 = perfect, 0 = no better than chance, a group left tied counts 0.\n"
        "- Rating criteria (ARO, TPR, RTNG…) use the very ratings that are the true strength here: "
        "RTNG is right by construction.")
