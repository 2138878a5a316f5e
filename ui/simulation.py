"""The Simulation lab's table, charts and cached run: :mod:`engine.events.simulate` made visible.

The charts put one row per ordering (a criterion after points, or a preset), a point for its share of
correctly ordered tied pairs and a bar for its 95 % interval, with the coin's 50 % drawn as a rule, so
"how far above a coin, and is the gap bigger than the noise?" is read off directly.  Colours are
Okabe-Ito and every kind also has its own shape, so colour is never the only cue.
"""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st
from babel.lists import format_list

from engine.core.presets import PRESETS
from engine.core.said import said
from engine.events.simulate import (
    EXPERIMENTS,
    PAIRINGS,
    Difference,
    SimParams,
    SimResult,
    experiment,
    reading,
    reading_steps,
    run,
)
from i18n import render
from i18n.catalog import N_, Translator
from i18n.numbers import number
from ui.render.charts import FONT_SIZE, OKABE_ITO, centred_label_offset, label_lines, most_lines, wrapped_label_expr
from ui.render.tables import column_px
from ui.render.text import ordering_name
from ui.session.language import current, t, tn, tr
from ui.work.jobs import Limits, run_on_page

KINDS = [N_("single criterion"), N_("preset ordering"), N_("coin (lots)")]
KIND_COLOURS = [OKABE_ITO[0], OKABE_ITO[1], "#000000"]
KIND_SHAPES = ["circle", "diamond", "square"]
INTERVALS = {"by event": ("broken_cluster_low", "broken_cluster_high"),
             "Wilson": ("broken_low", "broken_high")}
#: each interval's name as shown (the options stay the English keys)
INTERVAL_NAMES = {"by event": N_("by event"), "Wilson": N_("Wilson")}


def size_problem(params: SimParams, limits: Limits) -> str | None:
    """Why ``params`` is too big for this server (a sentence stating the limit), or None when it fits."""
    work = params.events * params.players * params.rounds * len(params.variants)
    dutch = params.pairing == "dutch"
    cap = limits.sim_dutch_player_rounds if dutch else limits.sim_player_rounds
    if cap is None or work <= cap:
        return None
    lang = current()
    values = {"cap": number(cap, lang), "work": number(work, lang), "variants": len(params.variants)}
    if len(params.variants) > 1:
        message = t("On this shared server one simulation with the FIDE Dutch pairing may cover at most {cap} "
                    "player-rounds (events × players × rounds × {variants} with the extra bye and forfeit); this one "
                    "has {work}. Simulate fewer events, players or rounds, or run Tiebreak Lab on your own computer "
                    "for bigger experiments.", **values) if dutch else \
            t("On this shared server one simulation with the fast pairing may cover at most {cap} player-rounds "
              "(events × players × rounds × {variants} with the extra bye and forfeit); this one has {work}. "
              "Simulate fewer events, players or rounds, or run Tiebreak Lab on your own computer for bigger "
              "experiments.", **values)
        return message
    return t("On this shared server one simulation with the FIDE Dutch pairing may cover at most {cap} player-rounds "
             "(events × players × rounds); this one has {work}. Simulate fewer events, players or rounds, or run "
             "Tiebreak Lab on your own computer for bigger experiments.", **values) if dutch else \
        t("On this shared server one simulation with the fast pairing may cover at most {cap} player-rounds (events "
          "× players × rounds); this one has {work}. Simulate fewer events, players or rounds, or run Tiebreak Lab "
          "on your own computer for bigger experiments.", **values)


@st.cache_data(max_entries=32, show_spinner=False)
def cached_run(params: SimParams, workers: int = 2, limit: float = 1800.0) -> SimResult:
    """:func:`engine.events.simulate.run` in a separate process (:mod:`ui.work.jobs`), cached on every parameter.

    The same experiment twice is instant.  The run stops after ``limit`` seconds, or when the page is left.
    The progress bar is created inside, as Streamlit's cache requires (it replays the elements a
    cached function made; it cannot replay calls on a block made outside).
    """
    bar = st.progress(0.0, text=t("Starting the worker processes…"))
    lang = current()

    def tick(done: int, total: int) -> None:
        bar.progress(done / total if total else 1.0, text=t("Simulated {done} of {total} events",
                                                            done=number(done, lang), total=number(total, lang)))

    result = run_on_page(run, params, workers=workers, seconds=limit, what=said("The simulation"), on_progress=tick)
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


#: an axis title's lines are wrapped at about this many characters: an axis title is centred on the plot, which
#: on a phone is only some 240 pixels wide beside the rows' names
AXIS_CHARS = 26
#: a legend's entry is wrapped at about this many characters: the legend starts where the plot does, beside the
#: rows' names, and on a phone a long entry would otherwise run past the chart's right edge
LEGEND_CHARS = 14


def _axis_title(lines: list[str]) -> list[str]:
    """An axis title given as lines (each already in the session's language), each wrapped again on whole words
    so that none is wider than a phone's plot."""
    return [part for line in lines for part in label_lines(line, AXIS_CHARS)]


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
    kinds = [t(k) for k in KINDS]
    colour = alt.Color("kind:N", title=None, scale=alt.Scale(domain=kinds, range=KIND_COLOURS),
                       legend=alt.Legend(orient="bottom", direction="vertical", labelFontSize=FONT_SIZE - 1,
                                         labelLimit=0, labelExpr=wrapped_label_expr(kinds, LEGEND_CHARS)))
    shape = alt.Shape("kind:N", title=None, scale=alt.Scale(domain=kinds, range=KIND_SHAPES))
    return colour, shape


def share_chart(df: pd.DataFrame, interval: str = "by event", width: int = 640) -> alt.LayerChart:
    """Share of correctly ordered tied pairs (among those the ordering separates), with its interval."""
    low, high = INTERVALS[interval]
    data = with_rows(df).assign(low=df[low], high=df[high], kind=[t(k) for k in df["kind"]])
    order = list(data.sort_values("share_correct_broken", ascending=False)["row"])
    y = alt.Y("row:N", sort=order, title=None, axis=row_axis(order))
    scale = alt.Scale(domain=[min(0.45, float(data["low"].min()) - 0.02), min(1.0, float(data["high"].max()) + 0.02)],
                      nice=False)
    title = _axis_title([t("Stronger player ranked higher"), t("(share of separated tied pairs)")])
    x = alt.X("share_correct_broken:Q", title=title, scale=scale,
              axis=alt.Axis(format="%", labelFontSize=FONT_SIZE - 1, titleFontSize=FONT_SIZE, titleAnchor="end"))
    colour, shape = _kind_encodings()
    tooltip = [alt.Tooltip("row:N", title=t("Ordering")), alt.Tooltip("codes:N", title=t("Criteria after points")),
               alt.Tooltip("share_correct_broken:Q", title=t("Correct"), format=".1%"),
               alt.Tooltip("low:Q", title=t("95 % from"), format=".1%"),
               alt.Tooltip("high:Q", title=t("95 % to"), format=".1%"),
               alt.Tooltip("share_unbroken:Q", title=t("Left tied"), format=".1%"),
               alt.Tooltip("pairs:Q", title=t("Tied pairs"), format=",")]
    base = alt.Chart(data).encode(y=y)
    bars = base.mark_errorbar(thickness=2, ticks=True).encode(
        x=alt.X("low:Q", scale=scale, title=title), x2="high:Q", color=colour)
    points = base.mark_point(filled=True, size=140).encode(x=x, color=colour, shape=shape, tooltip=tooltip)
    coin = alt.Chart(pd.DataFrame({"coin": [0.5]})).mark_rule(strokeDash=[6, 4], color="#6b6b6b").encode(
        x=alt.X("coin:Q", scale=scale))
    return (alt.layer(coin, bars, points)
            .properties(width=width, height=row_px(order, 44) * len(data) + 20,
                        title=_title(t("How often the stronger of two tied players is ranked higher ({interval} 95 % "
                                       "interval; dashed: a coin)", interval=t(INTERVAL_NAMES[interval]))))
            .configure_title(fontSize=FONT_SIZE + 1, anchor="start")

            .configure_view(stroke=None))


#: the two measures of :func:`tau_chart`, each drawn as a chart of its own
TAU_METRICS = {"tau_b": N_("Kendall's tau-b in tied groups"), "share_unbroken": N_("Share of tied pairs left tied")}
#: what each measure's axis reads, in words (the chart's own title names the measure)
TAU_AXES = {"tau_b": [N_("1 = tied players always in strength order,"), N_("0 = no better than chance")],
            "share_unbroken": [N_("Tied pairs left sharing a place"), N_("(lower is better)")]}


def tau_chart(df: pd.DataFrame, metric: str = "tau_b", width: int = 640) -> alt.Chart:
    """One of :data:`TAU_METRICS` per ordering: Kendall's tau-b between rank and strength inside the tied
    groups, or the share of tied pairs left tied.  One chart each, not two panels side by side: panels
    keep a fixed width, and on a phone the second would lie off the screen; a single chart fits its
    container at any width."""
    order = list(with_rows(df).sort_values("share_correct_broken", ascending=False)["row"])
    colour, shape = _kind_encodings()
    data = with_rows(df)[["row", "kind", metric]].rename(columns={metric: "value"})
    data["kind"] = [t(k) for k in data["kind"]]
    share = "%" if metric == "share_unbroken" else ""          # a share reads as a percentage, tau-b as a number
    return (alt.Chart(data).mark_point(filled=True, size=120).encode(
        x=alt.X("value:Q", title=_axis_title([t(line) for line in TAU_AXES[metric]]),          # whole on a phone
                axis=alt.Axis(labelFontSize=FONT_SIZE - 1, format=share or alt.Undefined, titleFontSize=FONT_SIZE,
                              titleAnchor="end")),
        y=alt.Y("row:N", sort=order, title=t("Ordering"), axis=row_axis(order, t("Ordering"))),
        color=colour, shape=shape,
        tooltip=[alt.Tooltip("row:N", title=t("Ordering")), alt.Tooltip("value:Q", title=t(TAU_METRICS[metric]),
                                                                     format=".1%" if share else ".3f")])
        # room at the left for the vertical axis title, which the automatic sizing leaves a pixel or two short
        .properties(width=width, height=row_px(order, 36) * len(df), title=_title(t(TAU_METRICS[metric])),
                    padding={"left": 8, "top": 5, "right": 5, "bottom": 5})
        .configure_title(fontSize=FONT_SIZE + 1, anchor="start")
        )


def diff_chart(diffs: list[Difference], order: list[str] | None = None, width: int = 640) -> alt.LayerChart:
    """What one extra bye or forfeit per event does to the share correct: the change with its interval."""
    data = with_rows(pd.DataFrame([d.__dict__ for d in diffs]))
    variants = {"+bye": t("+bye"), "+forfeit": t("+forfeit")}
    data["variant"] = [variants.get(v, v) for v in data["variant"]]
    rows = [named(x) for x in order] if order else sorted(set(data["row"]))
    y = alt.Y("row:N", sort=rows, title=None, axis=row_axis(rows))
    colour = alt.Color("variant:N", title=None, scale=alt.Scale(domain=list(variants.values()), range=OKABE_ITO[2:4]),
                       legend=alt.Legend(orient="bottom", labelFontSize=FONT_SIZE - 1))
    offset = alt.YOffset("variant:N")
    title = _axis_title([t("Change in the share correct")])
    x = alt.X("share_correct_broken:Q", title=title,
              axis=alt.Axis(format="+.1%", labelFontSize=FONT_SIZE - 1, titleAnchor="end"))
    base = alt.Chart(data).encode(y=y, yOffset=offset, color=colour)
    zero = alt.Chart(pd.DataFrame({"zero": [0.0]})).mark_rule(color="#6b6b6b").encode(x="zero:Q")
    return (alt.layer(zero, base.mark_errorbar(ticks=True).encode(x=alt.X("low:Q", title=title), x2="high:Q"),
                      base.mark_point(filled=True, size=110).encode(
                          x=x, tooltip=[alt.Tooltip("row:N", title=t("Ordering")), "variant",
                                        alt.Tooltip("share_correct_broken:Q", format="+.2%")]))
            .properties(width=width, height=row_px(rows, 50) * data["row"].nunique() + 20,
                        title=_title(t("One extra bye or forfeit per event: change in the share correct")))
            .configure_title(fontSize=FONT_SIZE + 1, anchor="start")
)


PERCENT_COLUMNS = ("% correct of separated", "% correct of all", "% left tied", "% if ties then drawn by lot")
#: the table's columns (English keys, which the code and the CSV read) as the page heads them
TABLE_HEADINGS: dict[str, str] = {
    "Ordering": N_("Ordering"), "What it is": N_("What it is"), "Criteria after points": N_("Criteria after points"),
    "Rules": N_("Rules"), "Tied pairs": N_("Tied pairs"), "Correct": N_("Correct"), "Wrong": N_("Wrong"),
    "Left tied": N_("Left tied"), "% correct of separated": N_("% correct of separated"),
    "95 % by event": N_("95 % by event"), "95 % Wilson": N_("95 % Wilson"), "% correct of all": N_("% correct of all"),
    "% left tied": N_("% left tied"), "% if ties then drawn by lot": N_("% if ties then drawn by lot"),
    "Kendall tau-b": N_("Kendall tau-b"),
}


def named(label: str) -> str:
    """An ordering's row name with its words in the session's language (:func:`ui.render.text.ordering_name`):
    ``uscf · US Chess recommended (individual Swiss)``; anything else as it is (the coin, the user's own)."""
    return ordering_name(label, tr())


def criteria_words(codes: str) -> str:
    """``MM BH`` -> ``MM · Modified Median; BH · Buchholz (Solkoff)``: each code beside its name."""
    return "; ".join(named(c) if c not in PRESETS else c for c in codes.split()) or t("none")


def display_table(df: pd.DataFrame) -> pd.DataFrame:
    """The metrics as percentages for the screen (the CSV keeps the raw numbers and codes)."""
    pct = lambda s: (100 * s).round(1)  # noqa: E731
    lang = current()

    def one(x: float) -> str:
        return f"{x:.1f}" if lang == "en" else number(round(x, 1), lang, 1)

    return pd.DataFrame({
        # the ordering's short name stays pinned on a phone; its words beside it, in a column of their own
        "Ordering": df["label"], "What it is": [named(x).partition(" · ")[2] for x in df["label"]],
        "Criteria after points": [criteria_words(c) for c in df["codes"]],
        "Rules": [render.rules_label(tr(), r) if lang != "en" else r for r in df["rules"]],
        "Tied pairs": df["pairs"], "Correct": df["correct"], "Wrong": df["wrong"], "Left tied": df["unbroken"],
        "% correct of separated": pct(df["share_correct_broken"]),
        "95 % by event": [f"{one(100 * a)}–{one(100 * b)}" for a, b in zip(df["broken_cluster_low"],
                                                                             df["broken_cluster_high"])],
        "95 % Wilson": [f"{one(100 * a)}–{one(100 * b)}" for a, b in zip(df["broken_low"], df["broken_high"])],
        "% correct of all": pct(df["share_correct_all"]), "% left tied": pct(df["share_unbroken"]),
        "% if ties then drawn by lot": pct(df["coin_completed"]), "Kendall tau-b": df["tau_b"].round(3),
    })


#: the form's first values: 200 events of 40 players x 7 rounds, fast pairing (a few seconds)
DEFAULT = SimParams()
#: the first choice of the experiments' list: the criteria and orderings are the user's own
OWN_EXPERIMENT = "Your own choice"
PAIRING_LABELS = {"fast": N_("Fast Swiss pairing (the generator's own)"), "dutch": N_("FIDE Dutch system (exact, slow)")}
#: the ready-made experiments' names (``engine.events.simulate.EXPERIMENTS``) and the first choice, as shown
EXPERIMENT_NAMES: dict[str, str] = {
    OWN_EXPERIMENT: N_("Your own choice"),
    "Buchholz vs Median vs Modified Median": N_("Buchholz vs Median vs Modified Median"),
    "US Chess order vs FIDE order": N_("US Chess order vs FIDE order"),
    "Does Cumulative really reward tougher schedules?": N_("Does Cumulative really reward tougher schedules?"),
    "Is breaking a tie better than a coin?": N_("Is breaking a tie better than a coin?"),
}
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


#: the pairing notes the run reports (``engine.events.simulate.PAIRINGS``), as shown
PAIRING_NOTES: dict[str, str] = {
    "fast": N_("the generator's fast Swiss pairing (score groups, top half v bottom half, no rematches)"),
    "dutch": N_("the FIDE Dutch system (C.04.3) through caissify-pairings: exact, but seconds per round"),
}

#: each kind of reading sentence (``engine.events.simulate.READING_TEXTS``), as shown
READING_TEXTS: dict[str, str] = {
    "nothing": N_("No pair of players was tied on points with different strengths: nothing to measure."),
    "best": N_("**{label}** ranks the stronger player first most often: in {share} of the tied pairs it separates "
               "(95 % interval {low}–{high})."),
    "overlaps": N_("Its interval overlaps those of {labels}: with this many events that difference may be chance; "
                   "run more events to tell them apart."),
    "clear_lead": N_("Its interval overlaps no other: the lead is not chance."),
    "all_beat_coin": N_("Every real tie-break here beats a coin (50 %) by between {least} and {most} percentage "
                        "points."),
    "not_all_beat_coin": N_("Not every tie-break is clearly better than a coin: {label} gets {share} (interval "
                            "{low}–{high})."),
    "coin": N_("The coin ({label}, a drawing of lots) gets {share}, as it should (≈ 50 %)."),
    "left_tied": N_("Left tied after the whole ordering: {items} of the tied pairs (shared places; a prize would be "
                    "split or lots drawn)."),
}


def experiment_name(tr: Translator, name: str) -> str:
    """A ready-made experiment's name in ``tr``'s language (a widget's format_func: the translator is bound
    when the page is drawn)."""
    return tr.t(EXPERIMENT_NAMES[name]) if name in EXPERIMENT_NAMES else name


def pairing_name(tr: Translator, pairing: str) -> str:
    """The simulation's pairing choice in ``tr``'s language."""
    return tr.t(PAIRING_LABELS[pairing]) if pairing in PAIRING_LABELS else pairing


def interval_name(tr: Translator, interval: str) -> str:
    """An interval's name in ``tr``'s language."""
    return tr.t(INTERVAL_NAMES[interval]) if interval in INTERVAL_NAMES else interval


def _decimal(x: float, lang: str) -> str:
    """``x`` with one decimal, as the language writes it (English exactly as ``f"{x:.1f}"``)."""
    return f"{x:.1f}" if lang == "en" else number(round(x, 1), lang, 1)


def _share(x: float, lang: str) -> str:
    """A share as a percentage with one decimal: ``12.3 %``, ``12,3 %``."""
    return t("{value} %", value=_decimal(100 * x, lang))


def run_caption(params: SimParams, result: SimResult) -> str:
    """What was simulated, how it was paired and how long it took."""
    lang = current()
    note = result.pairing_note
    note = t(PAIRING_NOTES[params.pairing]) if params.pairing in PAIRING_NOTES and note == PAIRINGS.get(
        params.pairing) else note
    text = t("{events} events of {players} players × {rounds} rounds, pairing: {pairing}. Ran in {seconds} s on "
             "{workers} worker processes (the same parameters again are instant).", events=number(params.events, lang),
             players=params.players, rounds=params.rounds, pairing=note, seconds=_decimal(result.seconds, lang),
             workers=result.workers)
    if result.dutch_fallback_rounds:
        text += " " + tn("{n} round the Dutch engine could not pair was paired the fast way.",
                         "{n} rounds the Dutch engine could not pair were paired the fast way.",
                         result.dutch_fallback_rounds)
    return text


def reading_lines(result: SimResult) -> list[str]:
    """The simulation's few plain sentences (:func:`engine.events.simulate.reading_steps`) in the session's
    language; the orderings' names are the app's own codes, shown as they are."""
    lang = current()
    if lang == "en":
        return reading(result)
    lines = []
    for kind, values in reading_steps(result):
        shown = {k: _share(v, lang) if k in ("share", "low", "high") else _decimal(v, lang) if k in ("least", "most")
                 else v for k, v in values.items()}
        if "labels" in values:
            shown["labels"] = format_list(values["labels"], locale=lang)
        if "items" in values:
            shown["items"] = format_list([f"{label} {_share(share, lang)}" for label, share in values["items"]],
                                         locale=lang)
        lines.append(t(READING_TEXTS[kind], **shown))
    return lines


def table_columns(numbers: pd.DataFrame, widths: dict[str, Any]) -> dict[str, Any]:
    """The table's columns: each as wide as its texts and its heading in the session's language, the
    percentages with one decimal."""
    columns = dict(widths)
    for column in numbers.columns:
        label = t(TABLE_HEADINGS[column]) if column in TABLE_HEADINGS else column
        width = max(widths[column]["width"], column_px(numbers, column, header=label))
        columns[column] = st.column_config.NumberColumn(label, format="%.1f", width=width) \
            if column in PERCENT_COLUMNS else st.column_config.Column(label, width=width,
                                                                      pinned=widths[column].get("pinned"))
    return columns
