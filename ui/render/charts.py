"""Altair charts for the Compare page, and their offline PNG/SVG export.

Pure builders: data in (plain dicts from :mod:`engine.ranking.compare_orderings`), an ``alt.Chart`` out, so the tests
can read the spec and the data without a browser.  Colours are set explicitly from the Okabe-Ito
palette (safe for the common colour-vision deficiencies); players who do not move are drawn in grey
so the eye goes to the ones who do; every line ends at a name on the right axis and starts at a rank on
the left one, so colour is never the only way to tell players apart.  Fonts are large enough for a projector.
"""
from __future__ import annotations

import functools
import json
import re
import textwrap
from typing import Any, TypeVar

import altair as alt
import pandas as pd
import vl_convert

from i18n.catalog import Translator, translator
from i18n.render import code_name, criterion_name
from ui.render.tables import player_label

#: Okabe & Ito (2008), most distinct first.  Their yellow (#F0E442) is left out: too faint on white
#: for a label on a projector; after these seven, dashes tell the lines apart.
OKABE_ITO = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#000000"]
STEADY = "#c4c4c4"
#: labels of the steady (grey) players: dark enough for 4.5:1 contrast on white
STEADY_TEXT = "#6b6b6b"
STEADY_LABEL = "same rank everywhere"
FONT_SIZE = 14
#: the name of the data transformer Streamlit turns on while it converts a chart for the page
STREAMLIT_DATA = "to_arrow_dataset"

ChartT = TypeVar("ChartT", bound=alt.TopLevelMixin)


def unchecked(chart: ChartT) -> ChartT:
    """The same chart, turned into Vega-Lite without Altair's JSON-schema check when nothing asks for it.

    Streamlit calls ``chart.to_dict()`` on every rerun, and the check costs more than building the chart
    (a quarter of a second for each chart of the Compare page on a loaded machine).  The builders here are
    checked against the schema by the unit tests, which call ``to_dict()`` on charts not passed through
    this; an explicit ``to_dict(validate=True)`` (or ``to_json()``, for the downloads) still checks.
    Streamlit's own call is answered from its first answer after that: the chart is cached and never
    changed, and the conversion itself was a good part of the Compare page's rerun.
    """
    convert = chart.to_dict
    drawn: list[dict[str, Any]] = []

    @functools.wraps(convert)
    def to_dict(*args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("validate", False)
        if args or kwargs != {"validate": False} or alt.data_transformers.active != STREAMLIT_DATA:
            return convert(*args, **kwargs)
        # Streamlit's own call (its data transformer active, under its lock): the chart never changes, so the
        # first answer serves every later run.  Streamlit adds the chart's data to the very dict it is given
        # (its "datasets"), so that dict is kept and each later run gets a copy of it, data included.  Streamlit
        # only ever sets or removes top-level keys of that dict and of its "datasets" (streamlit/elements/
        # vega_charts.py: it works on a copy otherwise), so those two levels are copied, not the whole spec: a
        # deep copy of the Compare page's charts of a 20,000-player event was 1-2 s of the server's CPU per run
        if not drawn:
            drawn.append(convert(*args, **kwargs))
            return drawn[0]
        return _top_levels(drawn[0])

    object.__setattr__(chart, "to_dict", to_dict)
    return chart


def _top_levels(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with its own top-level dict and its own "datasets" dict; everything deeper shared (never changed)."""
    fresh = dict(spec)
    if isinstance(fresh.get("datasets"), dict):
        fresh["datasets"] = dict(fresh["datasets"])
    return fresh


def label_lines(label: str, chars: int = 18, hyphens: bool = False) -> list[str]:
    """A long axis label as lines of whole words, about ``chars`` characters each (a longer word keeps its
    own line, whole): Vega-Lite would otherwise cut it at its label limit and end it with "…".  With
    ``hyphens`` a line may also end after a hyphen of a compound name ("Anna-" / "Katharina")."""
    return textwrap.wrap(label, chars, break_long_words=False, break_on_hyphens=hyphens) or [label]


def wrapped_label_expr(labels: list[str], chars: int = 18, hyphens: bool = False) -> str:
    """A ``labelExpr`` that draws each of ``labels`` on the lines of :func:`label_lines` (Vega draws an
    array as one line per item); a label not in the list is drawn as it is."""
    lines = {label: label_lines(label, chars, hyphens) for label in labels}
    return f"{json.dumps(lines, ensure_ascii=False)}[datum.value] || datum.value"


def centred_label_offset(labels: list[str], line_px: int, chars: int = 18) -> dict[str, str]:
    """A ``labelOffset`` that centres each wrapped label of a band axis on its band: Vega draws the first
    line of a label where a single line would be, and the others under it."""
    shift = {label: -line_px * (len(label_lines(label, chars)) - 1) / 2 for label in labels}
    return {"expr": f"{json.dumps(shift, ensure_ascii=False)}[datum.value] || 0"}


def most_lines(labels: list[str], chars: int = 18, hyphens: bool = False) -> int:
    """How many lines the tallest of ``labels`` takes (for the height of its row)."""
    return max((len(label_lines(label, chars, hyphens)) for label in labels), default=1)


def bump_data(ranks: dict[str, dict[int, int]], names: dict[int, str]) -> pd.DataFrame:
    """Long form for the bump chart: one row per (ordering, player) with his rank.

    ``ranks``: ordering label -> tpn -> rank (in the order the orderings were given); ``names``: tpn ->
    name, in the order players should be listed (the first ordering's standings).
    """
    labels = list(ranks)
    movers = [t for t in names if len({ranks[lab][t] for lab in labels}) > 1]
    colour_key = {t: player_label(t, names[t]) if t in movers else STEADY_LABEL for t in names}
    rows = []
    for step, lab in enumerate(labels):
        for t in names:
            rows.append({"ordering": lab, "step": step, "tpn": t, "player": player_label(t, names[t]),
                         "rank": ranks[lab][t], "moves": t in movers, "colour": colour_key[t],
                         "first": step == 0, "last": step == len(labels) - 1})
    return pd.DataFrame(rows)


def rank_windows(n: int, size: int = 20) -> list[tuple[int, int]]:
    """Places 1–20, 21–40, ...: the slices of a big field the chart shows one at a time."""
    return [(first, min(first + size - 1, n)) for first in range(1, n + 1, size)]


def players_in_places(ranks: dict[str, dict[int, int]], names: dict[int, str], first: int, last: int
                      ) -> dict[int, str]:
    """The players (in ``names``' order) placed ``first``..``last`` under the first ordering."""
    reference = ranks[next(iter(ranks))]
    return {t: name for t, name in names.items() if first <= reference[t] <= last}


def _names_at(ranks_of: dict[int, int], names: dict[int, str]) -> dict[str, str]:
    """rank (as text) -> the players at that rank, for an axis label (tied players share one)."""
    out: dict[str, list[str]] = {}
    for t, name in names.items():
        out.setdefault(str(ranks_of[t]), []).append(player_label(t, name))
    return {rank: ", ".join(who) for rank, who in out.items()}


#: a chart's title is wrapped at about this many characters, so that a phone's width (some 358 pixels for the
#: chart) shows it whole: Vega ends a longer line in "…"
TITLE_CHARS = 34


def chart_title(text: str, chars: int = TITLE_CHARS) -> str | list[str]:
    """A chart's title: as it is when it fits one line, else lines of whole words (Vega draws a list as one line
    per item)."""
    lines = label_lines(text, chars)
    return lines[0] if len(lines) == 1 else lines


def bump_chart(ranks: dict[str, dict[int, int]], names: dict[int, str], width: int = 760,
               tr: Translator | None = None) -> alt.LayerChart:
    """Each player's rank across the orderings: a slope chart when there are two, a bump chart beyond.

    Rank 1 is at the top; movers get a colour (and a dash pattern once the 7 colours are used up),
    steady players are grey.  The names are axis labels, not text marks, so the chart's layout leaves
    room for them at any width and they never overlap the rank numbers: the ranks on the left axis, the
    players under the last ordering on the right axis (tied players share a label).  ``names`` may be a
    slice of the field (see :func:`players_in_places`): the rank axis then covers only their ranks.  The title,
    axis title and tooltips are in the language of ``tr`` (English without one).
    """
    tr = tr or translator("en")
    df = bump_data(ranks, names)
    labels = list(ranks)
    movers = list(dict.fromkeys(df.loc[df["moves"], "player"]))
    domain = movers + [STEADY_LABEL]
    palette = [OKABE_ITO[i % len(OKABE_ITO)] for i in range(len(movers))] + [STEADY]
    dashes = [[1, 0] if i < len(OKABE_ITO) else [6, 3] for i in range(len(movers))] + [[1, 0]]
    low, high = int(df["rank"].min()), int(df["rank"].max())
    rows = high - low + 1
    y_scale = alt.Scale(reverse=True, domain=[low - 0.5, high + 0.5], nice=False, zero=False)
    x = alt.X("ordering:N", sort=labels, title=None, scale=alt.Scale(type="point", padding=0.3),
              # slanted, so every ordering keeps its label even when a phone squeezes the columns together
              axis=alt.Axis(orient="top", labelAngle=-40, labelAlign="left", labelFontSize=FONT_SIZE - 1,
                            labelLimit=140, labelOverlap=False, domain=False, ticks=False))
    y = alt.Y("rank:Q", title=tr.t("Rank"), scale=y_scale,
              axis=alt.Axis(values=list(range(low, high + 1)), labelFontSize=FONT_SIZE, titleFontSize=FONT_SIZE,
                            grid=True, gridOpacity=0.4))
    last_names = _names_at(ranks[labels[-1]], names)
    right = alt.Y("rank:Q", title=None, scale=y_scale,
                  axis=alt.Axis(orient="right", values=sorted(int(r) for r in last_names), grid=False,
                                labelFontSize=FONT_SIZE - 1, labelLimit=170, domain=False, ticks=False,
                                labelExpr=f"{json.dumps(last_names)}['' + datum.value] || ''"))
    colour = alt.Color("colour:N", scale=alt.Scale(domain=domain, range=palette), legend=None)
    dash = alt.StrokeDash("colour:N", scale=alt.Scale(domain=domain, range=dashes), legend=None)
    tooltip = [alt.Tooltip("player:N", title=tr.t("Player")), alt.Tooltip("ordering:N", title=tr.t("Ordering")),
               alt.Tooltip("rank:Q", title=tr.t("Rank"))]
    base = alt.Chart(df)
    steady = base.transform_filter("!datum.moves").mark_line(strokeWidth=2, opacity=0.7, point=True).encode(
        x=x, y=y, color=colour, detail="player:N", tooltip=tooltip)
    moving = base.transform_filter("datum.moves").mark_line(strokeWidth=4, point=alt.OverlayMarkDef(size=80)).encode(
        x=x, y=y.axis(None), color=colour, strokeDash=dash, detail="player:N", tooltip=tooltip)
    named = base.transform_filter("datum.last").mark_point(opacity=0).encode(x=x, y=right)
    return (alt.layer(steady, moving, named)
            .resolve_axis(y="independent")
            .properties(width=width, height=max(200, 26 * rows), title=chart_title(tr.t("Rank under each ordering")))
            .configure_title(fontSize=FONT_SIZE + 4, anchor="start")
            .configure_view(stroke=None))


def heatmap_data(ranks: dict[str, dict[int, int]], names: dict[int, str]) -> pd.DataFrame:
    """Long form for the heat map: one row per (criterion, player) with his rank under it."""
    rows = []
    for order, t in enumerate(names):
        for code, per in ranks.items():
            rows.append({"criterion": code, "tpn": t, "player": player_label(t, names[t]), "order": order,
                         "rank": per[t]})
    return pd.DataFrame(rows)


def rank_heatmap(ranks: dict[str, dict[int, int]], names: dict[int, str], cell: int = 56,
                 field: int | None = None, points_first: bool = True, tr: Translator | None = None
                 ) -> alt.LayerChart:
    """Rank of every player in ``names`` (rows) under each single criterion (columns); darker = lower place.

    Colour is the reversed viridis scale (colour-blind safe, and ordered in lightness, so it also
    reads in greyscale); each cell also prints the rank.  ``field`` is the number of players in the
    event when ``names`` is a slice of it (the places the page shows): the colours stay those of the
    whole field, so a rank has the same colour in every slice.  ``points_first``: each column ranks by points
    and then the criterion (else by the criterion alone), as its title says, in the language of ``tr``.
    """
    tr = tr or translator("en")
    df = heatmap_data(ranks, names)
    n = field or len(names)
    players = [player_label(t, names[t]) for t in names]
    codes = list(ranks)
    # upright labels: a phone shrinks the chart until a column is ~20 px, and level labels would then overlap and
    # be dropped (every other column unnamed); upright, each column keeps its code
    x = alt.X("criterion:N", sort=codes, title=None,
              axis=alt.Axis(orient="top", labelAngle=-90, labelAlign="left", labelBaseline="middle",
                            labelOverlap=False, labelFontSize=FONT_SIZE, labelLimit=120, domain=False, ticks=False))
    y = alt.Y("player:N", sort=players, title=None, axis=alt.Axis(labelFontSize=FONT_SIZE, labelLimit=200))
    base = alt.Chart(df).encode(x=x, y=y)
    rects = base.mark_rect(stroke="white", strokeWidth=1).encode(
        color=alt.Color("rank:Q", title=tr.t("Rank"), scale=alt.Scale(scheme="viridis", reverse=True, domain=[1, max(n, 2)]),
                        legend=alt.Legend(titleFontSize=FONT_SIZE, labelFontSize=FONT_SIZE - 2)),
        tooltip=[alt.Tooltip("player:N", title=tr.t("Player")), alt.Tooltip("criterion:N", title=tr.t("Criterion")),
                 alt.Tooltip("rank:Q", title=tr.t("Rank"))])
    # the ranks stay apart however narrow a phone makes the columns: the digits shrink with the column (a column
    # is the plot's width over the criteria; a digit takes about 0.6 of the font size)
    digits = len(str(max(n, 1)))
    size = alt.ExprRef(f"min({FONT_SIZE - 1}, width / {max(len(codes), 1)} / {0.6 * digits + 0.3:.1f})")
    text = base.mark_text(fontSize=size).encode(
        text="rank:Q",
        color=alt.condition(f"datum.rank > {n / 2}", alt.value("white"), alt.value("black")))
    return (alt.layer(rects, text)
            .properties(width=max(cell * len(codes), 200), height=28 * len(names),
                        title=chart_title(tr.t("Rank by points, then one criterion alone") if points_first
                                          else tr.t("Rank by one criterion alone")))
            .configure_title(fontSize=FONT_SIZE + 4, anchor="start")
            .configure_view(stroke=None))


def chart_png(chart: alt.TopLevelMixin, scale: float = 2) -> bytes:
    """The chart as PNG bytes, rendered offline by vl-convert (no CDN, no browser)."""
    return vl_convert.vegalite_to_png(chart.to_json(), scale=scale)


def chart_svg(chart: alt.TopLevelMixin) -> str:
    """The chart as SVG text, rendered offline by vl-convert."""
    return vl_convert.vegalite_to_svg(chart.to_json())


# -- the decision ladder (Why is A above B?) -----------------------------------------------------------

#: what each cell of a rung shows, and its colour (colour-blind safe; the last column says it in words)
LADDER_OUTCOMES = {"equal": ("equal", "#d9d9d9"), "higher": ("ahead", "#6cc5a9"),
                   "lower": ("behind", "#f3c36b"), "not used": ("not used", "#f2f2f2"),
                   "not reached": ("not needed", "#f7f7f7")}


def rung_name(rung: Any, tr: Translator | None = None) -> str:
    """A rung's criterion as the ladder names it, capitalised: the engine's everyday English name, or the
    tie-break's name in the language of ``tr``."""
    if tr is None or tr.lang == "en":
        name = rung.name
    else:
        name = code_name(tr, "PTS") if rung.code == "PTS" else criterion_name(tr, rung.code)
    return name[:1].upper() + name[1:]


def ladder_words(tr: Translator | None = None) -> tuple[str, dict[str, str]]:
    """The ladder's last column's heading and what it says for each outcome, in the language of ``tr``."""
    tr = tr or translator("en")
    return tr.t("Outcome"), {"equal": tr.t("equal"), "decided": tr.t("decides"), "not used": tr.t("not used"),
                             "not reached": tr.t("not needed")}


def ladder_data(rungs, name_a: str, name_b: str, above: str | None, tr: Translator | None = None) -> pd.DataFrame:
    """One row per (criterion, column): the step label in the event's order, the text shown and its outcome.

    The columns are both players' values and, last, the outcome in words (so colour is never the only
    sign).  ``rungs`` are :class:`engine.ranking.why_answer.Rung`; ``above`` is the name of the player above (None: tied).
    """
    records = []
    outcome_column, words = ladder_words(tr)
    for r in rungs:
        label = f"{r.position + 1}. {rung_name(r, tr)}"
        for who, text in ((name_a, r.text_a), (name_b, r.text_b)):
            outcome = r.outcome
            if outcome == "decided":
                outcome = "higher" if who == above else "lower"
            records.append({"step": label, "column": who, "text": text or "–",
                            "outcome": LADDER_OUTCOMES[outcome][0]})
        records.append({"step": label, "column": outcome_column, "text": words[r.outcome],
                        "outcome": "words"})
    return pd.DataFrame.from_records(records, columns=["step", "column", "text", "outcome"])


#: the ladder's cell size in pixels: three columns and the labels fit a phone's 390 pixels
COLUMN_STEP = 70
ROW_STEP = 30
#: a step's name is wrapped at about this many characters; a line of the labels is this many pixels high,
#: and a bold character of a column's name at most some CHAR_PX wide
STEP_CHARS = 22
LINE_PX = 14
CHAR_PX = 8
#: the last column of the ladder, and what it says for each outcome
OUTCOME_COLUMN = "Outcome"
LADDER_WORDS = {"equal": "equal", "decided": "decides", "not used": "not used", "not reached": "not needed"}


def ladder_chart(rungs, name_a: str, name_b: str, above: str | None, width: int = 300,
                 tr: Translator | None = None) -> alt.LayerChart:
    """The decision ladder: the criteria top to bottom in the event's order, both players' values side by
    side, grey where they were equal and coloured where it was decided, and the outcome in words (in the
    language of ``tr``)."""
    return ladder_layers(rungs, name_a, name_b, above, width, tr).configure_view(stroke=None)


def ladder_layers(rungs, name_a: str, name_b: str, above: str | None, width: int = 300,
                  tr: Translator | None = None) -> alt.LayerChart:
    """:func:`ladder_chart` without the top-level configuration, to be placed inside a larger picture."""
    data = ladder_data(rungs, name_a, name_b, above, tr)
    steps = list(dict.fromkeys(data["step"]))
    columns = [name_a, name_b, ladder_words(tr)[0]]
    labels = [v[0] for v in LADDER_OUTCOMES.values()] + ["words"]
    colours = [v[1] for v in LADDER_OUTCOMES.values()] + ["#ffffff"]
    # whole words everywhere (Vega would cut a label at its limit and end it with "…"): the step names on
    # lines of some STEP_CHARS characters, each player's name on lines as wide as a column (a compound name
    # may break after its hyphen), and a column made wider when one word of a name needs it
    longest_word = max((len(w) for c in columns for w in re.split(r"(?<=-)|\s+", c)), default=1)
    column_step = max(COLUMN_STEP, CHAR_PX * longest_word + 8)
    name_chars = max(column_step // CHAR_PX - 1, 1)
    row_step = max(ROW_STEP, LINE_PX * most_lines(steps, STEP_CHARS) + 6)
    base = alt.Chart(data).encode(
        y=alt.Y("step:N", sort=steps, title=None,
                axis=alt.Axis(labelFontSize=FONT_SIZE - 2, labelLimit=0, ticks=False, domain=False,
                              labelExpr=wrapped_label_expr(steps, STEP_CHARS), labelLineHeight=LINE_PX,
                              labelOffset=centred_label_offset(steps, LINE_PX, STEP_CHARS))),
        x=alt.X("column:N", sort=columns, title=None,
                axis=alt.Axis(orient="top", labelFontSize=FONT_SIZE - 2, labelAngle=0, ticks=False, domain=False,
                              labelLimit=0, labelFontWeight="bold", labelLineHeight=LINE_PX,
                              # Vega grows a label of several lines downwards, into the cells: lift them
                              labelPadding=4 + LINE_PX * (most_lines(columns, name_chars, True) - 1),
                              labelExpr=wrapped_label_expr(columns, name_chars, hyphens=True))))
    cells = base.mark_rect(stroke="white", strokeWidth=2).encode(
        color=alt.Color("outcome:N", scale=alt.Scale(domain=labels, range=colours), legend=None),
        tooltip=[alt.Tooltip("step:N", title=(tr or translator("en")).t("Step")),
                 alt.Tooltip("column:N", title=(tr or translator("en")).t("Column")),
                 alt.Tooltip("text:N", title=(tr or translator("en")).t("Value"))])
    text = base.mark_text(fontSize=FONT_SIZE - 1, color="black").encode(text="text:N")
    del width   # each column is a fixed step wide, so the picture keeps its shape on a phone
    return alt.LayerChart(layer=[cells, text]).properties(width=alt.Step(column_step), height=alt.Step(row_step))
