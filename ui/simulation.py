"""The Simulation lab's table, charts and cached run: :mod:`engine.events.simulate` made visible.

The charts put one row per ordering (a criterion after points, or a preset), a point for its share of
correctly ordered tied pairs and a bar for its 95 % interval, with the coin's 50 % drawn as a rule, so
"how far above a coin, and is the gap bigger than the noise?" is read off directly.  Colours are
Okabe-Ito and every kind also has its own shape, so colour is never the only cue.
"""
from __future__ import annotations

from dataclasses import asdict

import altair as alt
import pandas as pd
import streamlit as st

from engine.core.presets import PRESETS
from engine.events.simulate import EXPERIMENTS, Difference, SimParams, SimResult, experiment, run
from ui.render.charts import FONT_SIZE, OKABE_ITO, centred_label_offset, label_lines, most_lines, wrapped_label_expr
from ui.render.text import ordering_name
from ui.work.jobs import Limits, run_on_page

KINDS = ["single criterion", "preset ordering", "coin (lots)"]
KIND_COLOURS = [OKABE_ITO[0], OKABE_ITO[1], "#000000"]
KIND_SHAPES = ["circle", "diamond", "square"]
INTERVALS = {"by event": ("broken_cluster_low", "broken_cluster_high"),
             "Wilson": ("broken_low", "broken_high")}


def size_problem(params: SimParams, limits: Limits) -> str | None:
    """Why ``params`` is too big for this server (a sentence stating the limit), or None when it fits."""
    work = params.events * params.players * params.rounds * len(params.variants)
    dutch = params.pairing == "dutch"
    cap = limits.sim_dutch_player_rounds if dutch else limits.sim_player_rounds
    if cap is None or work <= cap:
        return None
    pairing = "the FIDE Dutch pairing" if dutch else "the fast pairing"
    extra = f" × {len(params.variants)} with the extra bye and forfeit" if len(params.variants) > 1 else ""
    return (f"On this shared server one simulation with {pairing} may cover at most {cap:,} player-rounds "
            f"(events × players × rounds{extra}); this one has {work:,}. Simulate fewer events, players or "
            f"rounds, or run Tiebreak Lab on your own computer for bigger experiments.")


@st.cache_data(max_entries=32, show_spinner=False)
def cached_run(params: SimParams, workers: int = 2, limit: float = 1800.0) -> SimResult:
    """:func:`engine.events.simulate.run` in a separate process (:mod:`ui.work.jobs`), cached on every parameter.

    The same experiment twice is instant.  The run stops after ``limit`` seconds, or when the page is left.
    The progress bar is created inside, as Streamlit's cache requires (it replays the elements a
    cached function made; it cannot replay calls on a block made outside).
    """
    bar = st.progress(0.0, text="Starting the worker processes…")

    def tick(done: int, total: int) -> None:
        bar.progress(done / total if total else 1.0, text=f"Simulated {done:,} of {total:,} events")

    result = run_on_page(run, params, workers=workers, seconds=limit, what="The simulation", on_progress=tick)
    bar.empty()
    return result


def metrics_frame(result: SimResult, variant: str = "base") -> pd.DataFrame:
    """One row per ordering of one variant, with a readable ``kind`` and the codes it ranks by."""
    df = pd.DataFrame([r for r in result.records() if r["variant"] == variant])
    if df.empty:
        return df
    df["kind"] = [KINDS[2] if c == "LOTS" else KINDS[0] if k == "criterion" else KINDS[1]
                  for c, k in zip(df["codes"], df["kind"])]
    return df


#: a chart title is wrapped at about this many characters: on a phone's 358 pixels Vega would end a longer
#: line in "…" (and its legend or axis title, which it never cuts, would run past the chart's edge)
TITLE_CHARS = 34


def _title(text: str) -> list[str]:
    """The chart's title as lines of whole words (Vega draws a list as one line per item)."""
    return label_lines(text, TITLE_CHARS)


#: a row's name is wrapped at about this many characters (the ordering's code and its words on a phone's width)
ROW_CHARS = 24
#: the height of one line of a row's name, in pixels
ROW_LINE_PX = FONT_SIZE + 3


def with_rows(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with a ``row`` column: each ordering's code beside its words (:func:`named`), the name the charts
    show for its row, so that no row reads "BH" or "MM" alone."""
    return df.assign(row=[named(x) for x in df["label"]])


def row_axis(rows: list[str], title: str | None = None) -> alt.Axis:
    """The vertical axis of the rows: each name on lines of whole words, centred on its row, never cut."""
    return alt.Axis(labelFontSize=FONT_SIZE, labelLimit=0, labelExpr=wrapped_label_expr(rows, ROW_CHARS),
                    labelLineHeight=ROW_LINE_PX, labelOffset=centred_label_offset(rows, ROW_LINE_PX, ROW_CHARS),
                    title=title)


def row_px(rows: list[str], at_least: int) -> int:
    """The height of one row: ``at_least``, or more for a name on several lines."""
    return max(at_least, ROW_LINE_PX * most_lines(rows, ROW_CHARS) + 10)


def _kind_encodings() -> tuple[alt.Color, alt.Shape]:
    # the three kinds one under the other: side by side they need some 420 pixels, more than a phone has
    colour = alt.Color("kind:N", title=None, scale=alt.Scale(domain=KINDS, range=KIND_COLOURS),
                       legend=alt.Legend(orient="bottom", direction="vertical", labelFontSize=FONT_SIZE - 1,
                                         labelLimit=0))
    shape = alt.Shape("kind:N", title=None, scale=alt.Scale(domain=KINDS, range=KIND_SHAPES))
    return colour, shape


def share_chart(df: pd.DataFrame, interval: str = "by event", width: int = 640) -> alt.LayerChart:
    """Share of correctly ordered tied pairs (among those the ordering separates), with its interval."""
    low, high = INTERVALS[interval]
    data = with_rows(df).assign(low=df[low], high=df[high])
    order = list(data.sort_values("share_correct_broken", ascending=False)["row"])
    y = alt.Y("row:N", sort=order, title=None, axis=row_axis(order))
    scale = alt.Scale(domain=[min(0.45, float(data["low"].min()) - 0.02), min(1.0, float(data["high"].max()) + 0.02)],
                      nice=False)
    title = ["Stronger player ranked higher", "(share of separated tied pairs)"]
    x = alt.X("share_correct_broken:Q", title=title, scale=scale,
              axis=alt.Axis(format="%", labelFontSize=FONT_SIZE - 1, titleFontSize=FONT_SIZE))
    colour, shape = _kind_encodings()
    tooltip = [alt.Tooltip("row:N", title="Ordering"), alt.Tooltip("codes:N", title="Criteria after points"),
               alt.Tooltip("share_correct_broken:Q", title="Correct", format=".1%"),
               alt.Tooltip("low:Q", title="95 % from", format=".1%"), alt.Tooltip("high:Q", title="95 % to", format=".1%"),
               alt.Tooltip("share_unbroken:Q", title="Left tied", format=".1%"),
               alt.Tooltip("pairs:Q", title="Tied pairs", format=",")]
    base = alt.Chart(data).encode(y=y)
    bars = base.mark_errorbar(thickness=2, ticks=True).encode(
        x=alt.X("low:Q", scale=scale, title=title), x2="high:Q", color=colour)
    points = base.mark_point(filled=True, size=140).encode(x=x, color=colour, shape=shape, tooltip=tooltip)
    coin = alt.Chart(pd.DataFrame({"coin": [0.5]})).mark_rule(strokeDash=[6, 4], color="#6b6b6b").encode(
        x=alt.X("coin:Q", scale=scale))
    return (alt.layer(coin, bars, points)
            .properties(width=width, height=row_px(order, 44) * len(data) + 20,
                        title=_title(f"How often the stronger of two tied players is ranked higher ({interval} 95 % "
                                     "interval; dashed: a coin)"))
            .configure_title(fontSize=FONT_SIZE + 1, anchor="start")
            .configure_view(stroke=None))


#: the two measures of :func:`tau_chart`, each drawn as a chart of its own
TAU_METRICS = {"tau_b": "Kendall's tau-b in tied groups", "share_unbroken": "Share of tied pairs left tied"}
#: what each measure's axis reads, in words (the chart's own title names the measure)
TAU_AXES = {"tau_b": ["1 = tied players always in strength order,", "0 = no better than chance"],
            "share_unbroken": ["Tied pairs left sharing a place", "(lower is better)"]}


def tau_chart(df: pd.DataFrame, metric: str = "tau_b", width: int = 640) -> alt.Chart:
    """One of :data:`TAU_METRICS` per ordering: Kendall's tau-b between rank and strength inside the tied
    groups, or the share of tied pairs left tied.  One chart each, not two panels side by side: panels
    keep a fixed width, and on a phone the second would lie off the screen; a single chart fits its
    container at any width."""
    order = list(with_rows(df).sort_values("share_correct_broken", ascending=False)["row"])
    colour, shape = _kind_encodings()
    data = with_rows(df)[["row", "kind", metric]].rename(columns={metric: "value"})
    share = "%" if metric == "share_unbroken" else ""          # a share reads as a percentage, tau-b as a number
    return (alt.Chart(data).mark_point(filled=True, size=120).encode(
        x=alt.X("value:Q", title=TAU_AXES[metric],        # lines of at most 42 characters: whole on a phone
                axis=alt.Axis(labelFontSize=FONT_SIZE - 1, format=share or alt.Undefined, titleFontSize=FONT_SIZE)),
        y=alt.Y("row:N", sort=order, title="Ordering", axis=row_axis(order, "Ordering")),
        color=colour, shape=shape,
        tooltip=[alt.Tooltip("row:N", title="Ordering"), alt.Tooltip("value:Q", title=TAU_METRICS[metric],
                                                                       format=".1%" if share else ".3f")])
        # room at the left for the vertical axis title, which the automatic sizing leaves a pixel or two short
        .properties(width=width, height=row_px(order, 36) * len(df), title=_title(TAU_METRICS[metric]),
                    padding={"left": 8, "top": 5, "right": 5, "bottom": 5})
        .configure_title(fontSize=FONT_SIZE + 1, anchor="start"))


def diff_chart(diffs: list[Difference], order: list[str] | None = None, width: int = 640) -> alt.LayerChart:
    """What one extra bye or forfeit per event does to the share correct: the change with its interval."""
    data = with_rows(pd.DataFrame([d.__dict__ for d in diffs]))
    rows = [named(x) for x in order] if order else sorted(set(data["row"]))
    y = alt.Y("row:N", sort=rows, title=None, axis=row_axis(rows))
    colour = alt.Color("variant:N", title=None, scale=alt.Scale(domain=["+bye", "+forfeit"], range=OKABE_ITO[2:4]),
                       legend=alt.Legend(orient="bottom", labelFontSize=FONT_SIZE - 1))
    offset = alt.YOffset("variant:N")
    title = "Change in the share correct"
    x = alt.X("share_correct_broken:Q", title=title,
              axis=alt.Axis(format="+.1%", labelFontSize=FONT_SIZE - 1))
    base = alt.Chart(data).encode(y=y, yOffset=offset, color=colour)
    zero = alt.Chart(pd.DataFrame({"zero": [0.0]})).mark_rule(color="#6b6b6b").encode(x="zero:Q")
    return (alt.layer(zero, base.mark_errorbar(ticks=True).encode(x=alt.X("low:Q", title=title), x2="high:Q"),
                      base.mark_point(filled=True, size=110).encode(
                          x=x, tooltip=[alt.Tooltip("row:N", title="Ordering"), "variant",
                                        alt.Tooltip("share_correct_broken:Q", format="+.2%")]))
            .properties(width=width, height=row_px(rows, 50) * data["row"].nunique() + 20,
                        title=_title("One extra bye or forfeit per event: change in the share correct"))
            .configure_title(fontSize=FONT_SIZE + 1, anchor="start"))


PERCENT_COLUMNS = ("% correct of separated", "% correct of all", "% left tied", "% if ties then drawn by lot")


def named(label: str) -> str:
    """An ordering's row name with its words (:func:`ui.render.text.ordering_name`)."""
    return ordering_name(label)


def criteria_words(codes: str) -> str:
    """``MM BH`` -> ``MM · Modified Median; BH · Buchholz (Solkoff)``: each code beside its name."""
    return "; ".join(named(c) if c not in PRESETS else c for c in codes.split()) or "none"


def display_table(df: pd.DataFrame) -> pd.DataFrame:
    """The metrics as percentages for the screen (the CSV keeps the raw numbers and codes)."""
    pct = lambda s: (100 * s).round(1)  # noqa: E731
    return pd.DataFrame({
        # the ordering's short name stays pinned on a phone; its words beside it, in a column of their own
        "Ordering": df["label"], "What it is": [named(x).partition(" · ")[2] for x in df["label"]],
        "Criteria after points": [criteria_words(c) for c in df["codes"]], "Rules": df["rules"],
        "Tied pairs": df["pairs"], "Correct": df["correct"], "Wrong": df["wrong"], "Left tied": df["unbroken"],
        "% correct of separated": pct(df["share_correct_broken"]),
        "95 % by event": [f"{100 * a:.1f}–{100 * b:.1f}" for a, b in zip(df["broken_cluster_low"], df["broken_cluster_high"])],
        "95 % Wilson": [f"{100 * a:.1f}–{100 * b:.1f}" for a, b in zip(df["broken_low"], df["broken_high"])],
        "% correct of all": pct(df["share_correct_all"]), "% left tied": pct(df["share_unbroken"]),
        "% if ties then drawn by lot": pct(df["coin_completed"]), "Kendall tau-b": df["tau_b"].round(3),
    })


#: the form's first values: 200 events of 40 players x 7 rounds, fast pairing (a few seconds)
DEFAULT = SimParams()
#: the first choice of the experiments' list: the criteria and orderings are the user's own
OWN_EXPERIMENT = "Your own choice"
PAIRING_LABELS = {"fast": "Fast Swiss pairing (the generator's own)", "dutch": "FIDE Dutch system (exact, slow)"}
#: each parameter's widget in the form, by its name in :class:`SimParams`
KEYS = {"players": "sim.players", "rounds": "sim.rounds", "events": "sim.events", "rating_sd": "sim.sd",
        "draw_rate": "sim.draw", "bye_rate": "sim.bye", "forfeit_rate": "sim.forfeit", "pairing": "sim.pairing",
        "criteria": "sim.criteria", "presets": "sim.presets", "rules": "sim.rules", "seed": "sim.seed"}


def fill(params: SimParams) -> None:
    """Put a parameter set into the form's widgets (they are drawn after this, so they show it)."""
    values = asdict(params)
    for field, key in KEYS.items():
        st.session_state[key] = list(values[field]) if isinstance(values[field], tuple) else values[field]


def on_experiment() -> None:
    """A ready-made experiment sets what is compared (criteria, presets, rule set); the sizes stay yours."""
    name = st.session_state["sim.experiment"]
    if name in EXPERIMENTS:
        chosen = experiment(name, DEFAULT)
        for field in ("criteria", "presets", "rules"):
            st.session_state[KEYS[field]] = list(getattr(chosen, field)) if field != "rules" else chosen.rules
