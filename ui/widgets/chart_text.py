"""Every chart said in words and given as a table, for readers who cannot see it (WCAG 1.1.1).

A chart is drawn on a canvas: a screen reader finds nothing in it.  For each chart this module writes a
text alternative that says what the chart shows (the decision ladder: "Modified Median decides: 12½ against
10½"; the bump chart: who moves and by how much) and the table of its numbers, which the page shows one
click away under the chart.  Pure functions, data in and text or a DataFrame out, so the tests can read
them without a browser; :func:`show_chart` is the one place that puts the three on the page.
"""
from __future__ import annotations

from typing import Any, Callable

import altair as alt
import pandas as pd
import streamlit as st

from engine.core.codes import parse_code
from engine.core.errors import EventError
from i18n.catalog import N_, Translator, translator
from i18n.render import criterion_name
from ui.render.charts import ladder_words, rung_name
from ui.render.tables import player_label
from ui.render.text import md_escape, ordering_name
from ui.widgets.layout import opened_box

TABLE_LABEL = N_("The chart's numbers as a table")


def _named(label: str) -> str:
    """An ordering's row name with its words in the session's language (:func:`ui.render.text.ordering_name`)."""
    from ui.session.language import tr
    return ordering_name(label, tr())


# -- the decision ladder ---------------------------------------------------------------------------------

def ladder_sentence(rungs, name_a: str, name_b: str, above: str | None, tr: Translator | None = None) -> str:
    """The ladder's verdict: ``Solkoff decides: 12 against 10½ (Stephan above David).``, or that nothing
    separated the two, in the language of ``tr``.  ``rungs`` are :class:`engine.ranking.why_answer.Rung` in the
    event's order."""
    tr = tr or translator("en")
    for r in rungs:
        if r.outcome == "decided" and above is not None:
            first, second = (r.text_a, r.text_b) if above == name_a else (r.text_b, r.text_a)
            below = name_b if above == name_a else name_a
            return tr.t("{name} decides: {first} against {second} ({above} above {below}).",
                        name=rung_name(r, tr), first=first, second=second, above=above, below=below)
    return tr.t("Nothing separates {a} and {b}: they share the place.", a=name_a, b=name_b)


def _rung_step(r, name_a: str, name_b: str, tr: Translator) -> str:
    """One criterion of the ladder in words, with both values (English names it as the engine does)."""
    name = r.name if tr.lang == "en" else rung_name(r, tr)
    if r.outcome == "equal":
        return (tr.t("{name}: equal, {value} each", name=name, value=r.text_a) if r.text_a == r.text_b
                else tr.t("{name}: equal ({a} and {b})", name=name, a=r.text_a, b=r.text_b))
    if r.outcome == "decided":
        return tr.t("{name}: {player_a} {a}, {player_b} {b}, decides", name=name, player_a=name_a, a=r.text_a,
                    player_b=name_b, b=r.text_b)
    if r.outcome == "not used":
        return tr.t("{name}: not used", name=name)
    return tr.t("{name}: not needed", name=name)


def ladder_alt(rungs, name_a: str, name_b: str, above: str | None, tr: Translator | None = None) -> str:
    """The ladder in words, in the language of ``tr``: the verdict first, then each criterion in order with
    both values."""
    tr = tr or translator("en")
    return tr.t("Decision ladder for {a} and {b}. {verdict} Step by step, in the event's order: {steps}.",
                a=name_a, b=name_b, verdict=ladder_sentence(rungs, name_a, name_b, above, tr),
                steps="; ".join(_rung_step(r, name_a, name_b, tr) for r in rungs))


def ladder_table(rungs, name_a: str, name_b: str, tr: Translator | None = None) -> pd.DataFrame:
    """The ladder's cells as a table: one row per criterion, both values and the outcome in words (in the
    language of ``tr``)."""
    outcome, words = ladder_words(tr)
    step = (tr or translator("en")).t("Step")
    a_col, b_col = (name_a, name_b) if name_a != name_b else (f"{name_a} (A)", f"{name_b} (B)")
    return pd.DataFrame([{step: f"{r.position + 1}. {rung_name(r, tr)}", a_col: r.text_a or "–",
                          b_col: r.text_b or "–", outcome: words[r.outcome]} for r in rungs],
                        columns=[step, a_col, b_col, outcome]).astype("string")


# -- the bump chart and the heat map (Compare orderings) -------------------------------------------------

def bump_alt(ranks: dict[str, dict[int, int]], names: dict[int, str], tr: Translator | None = None) -> str:
    """Who moves between the orderings and by how much, biggest moves first; how many keep their rank (in the
    language of ``tr``, English without one)."""
    tr = tr or translator("en")
    labels = list(ranks)
    spread = {tpn: max(ranks[lab][tpn] for lab in labels) - min(ranks[lab][tpn] for lab in labels) for tpn in names}
    movers = sorted((tpn for tpn in names if spread[tpn]), key=lambda tpn: (-spread[tpn], ranks[labels[0]][tpn]))
    head = tr.t("Chart of each player's rank under {count} orderings ({orderings}), {players} players.",
                count=len(labels), orderings=", ".join(labels), players=len(names))
    if not movers:
        return tr.t("{head} Every player has the same rank under every ordering.", head=head)
    moves = [tr.tn("{player} by {n} place ({ranks})", "{player} by {n} places ({ranks})", spread[tpn],
                   player=player_label(tpn, names[tpn]), ranks=", ".join(str(ranks[lab][tpn]) for lab in labels))
             for tpn in movers]
    steady = len(names) - len(movers)
    body = tr.tn("{head} {n} moves; their ranks in that order of orderings: {moves}.",
                 "{head} {n} move; their ranks in that order of orderings: {moves}.", len(movers), head=head,
                 moves="; ".join(moves))
    if not steady:
        return body
    return tr.tn("{text} The other {n} keeps the same rank.", "{text} The other {n} keep the same rank.", steady,
                 text=body)


def bump_table(ranks: dict[str, dict[int, int]], names: dict[int, str], tr: Translator | None = None
               ) -> pd.DataFrame:
    """One row per player, one column per ordering: his rank, and how many places he moves (the headings in the
    language of ``tr``)."""
    tr = tr or translator("en")
    labels = list(ranks)
    player, moved = tr.t("Player"), tr.t("Moves by")
    rows = []
    for tpn, name in names.items():
        row: dict[str, object] = {player: player_label(tpn, name)}
        row |= {lab: ranks[lab][tpn] for lab in labels}
        row[moved] = max(ranks[lab][tpn] for lab in labels) - min(ranks[lab][tpn] for lab in labels)
        rows.append(row)
    return pd.DataFrame(rows, columns=[player, *labels, moved])


def heatmap_alt(ranks: dict[str, dict[int, int]], names: dict[int, str], points_first: bool = True,
                tr: Translator | None = None) -> str:
    """What the heat map shows, and the players whose rank depends most on the criterion chosen (in the language
    of ``tr``)."""
    tr = tr or translator("en")
    codes = list(ranks)
    if points_first:
        head = tr.t("Heat map of the rank of {count} players under points and then each criterion alone ({key}); "
                    "each cell prints the rank, darker cells are lower places.", count=len(names),
                    key=code_key(codes, tr))
    else:
        head = tr.t("Heat map of the rank of {count} players under each criterion alone ({key}); each cell prints "
                    "the rank, darker cells are lower places.", count=len(names), key=code_key(codes, tr))
    spread = {tpn: max(ranks[c][tpn] for c in codes) - min(ranks[c][tpn] for c in codes) for tpn in names}
    most = sorted((tpn for tpn in names if spread[tpn]), key=lambda tpn: (-spread[tpn], min(ranks[c][tpn] for c in codes)))[:5]
    if not most:
        return tr.t("{head} Every player has the same rank under every criterion.", head=head)
    words = []
    for tpn in most:
        best = min(codes, key=lambda c: ranks[c][tpn])
        worst = max(codes, key=lambda c: ranks[c][tpn])
        words.append(tr.t("{player} from {best} ({best_code}) to {worst} ({worst_code})",
                          player=player_label(tpn, names[tpn]), best=ranks[best][tpn], best_code=best,
                          worst=ranks[worst][tpn], worst_code=worst))
    return tr.t("{head} Most affected: {players}.", head=head, players="; ".join(words))


def code_key(codes: list[str], tr: Translator | None = None) -> str:
    """Each code with its name, for a chart whose columns are codes: ``MM · Modified Median; BH · Buchholz``
    (the names in the language of ``tr``, English without one)."""
    named = []
    for code in codes:
        try:
            label = parse_code(code).label
        except EventError:
            named.append(code)
            continue
        named.append(f"{code} · {label if tr is None or tr.lang == 'en' else criterion_name(tr, code)}")
    return "; ".join(named)


def heatmap_table(ranks: dict[str, dict[int, int]], names: dict[int, str], tr: Translator | None = None
                  ) -> pd.DataFrame:
    """One row per player, one column per criterion: his rank under it (the heading in the language of ``tr``)."""
    player = (tr or translator("en")).t("Player")
    codes = list(ranks)
    return pd.DataFrame([{player: player_label(tpn, name), **{c: ranks[c][tpn] for c in codes}}
                         for tpn, name in names.items()], columns=[player, *codes])


# -- on the page ------------------------------------------------------------------------------------------

Drawable = alt.Chart | alt.LayerChart | alt.VConcatChart | alt.HConcatChart | alt.FacetChart


def show_chart(chart: Drawable, words: str, table: pd.DataFrame | Callable[[], pd.DataFrame] | None = None, *,
               key: str, **chart_args: Any) -> None:
    """The chart with ``words`` as its text alternative and, when given, ``table`` one click away under it.

    ``table`` given as a function is made only while its box is open (:func:`ui.widgets.layout.opened_box`).
    """
    st.altair_chart(chart, alt=words, **chart_args)
    if table is None:
        return
    box_key = f"{key}.table"
    from ui.session.language import t
    label = t(TABLE_LABEL)
    box = opened_box(label, key=box_key) if callable(table) else st.expander(label, key=box_key)
    if box is None:
        return
    with box:
        st.caption(md_escape(words))          # player names are user text: never Markdown
        st.dataframe(table() if callable(table) else table, hide_index=True, width="stretch",
                     key=f"{key}.table.grid")


# -- charts whose numbers are already in a table on the same page ----------------------------------------

def chances_alt(data: pd.DataFrame, tr: Translator | None = None) -> str:
    """The forecast's bars in words: who can finish first and how likely (``data``: player, place, order,
    chance in %, as :func:`ui.forecast.chart_data` gives it); the table above the chart has every number (in the
    language of ``tr``, English without one)."""
    tr = tr or translator("en")
    head = tr.t("Bar chart of each player's chance of each final place (the table above gives every number).")
    if data.empty:
        return head
    first = data[data["order"] == data["order"].min()].sort_values("chance", ascending=False)
    first = first[first["chance"] > 0]
    place = first["place"].iloc[0] if len(first) else ""
    if tr.lang == "en":
        best = [f"{row.player} {row.chance:g} %" for row in first.head(5).itertuples()]
    else:
        from i18n.numbers import number
        best = [tr.t("{player} {chance} %", player=row.player, chance=number(row.chance, tr.lang))
                for row in first.head(5).itertuples()]
    return tr.t("{head} Chance of {place}: {players}.", head=head, place=place, players=", ".join(best)) if best \
        else head


def _pct(x: float, signed: bool = False) -> str:
    """A share as a percentage with one decimal, as the session's language writes it (``12.3 %``, ``12,3 %``)."""
    from i18n.numbers import number
    from ui.session.language import current, t
    lang = current()
    if lang == "en":
        return f"{100 * x:+.1f} %" if signed else f"{100 * x:.1f} %"
    value = number(round(100 * x, 1), lang, 1)
    return t("{value} %", value=("+" + value if signed and x >= 0 else value))


def share_alt(df: pd.DataFrame) -> str:
    """The simulation's main chart in words: each ordering's share of tied pairs it orders correctly."""
    from ui.session.language import t
    rows = df.sort_values("share_correct_broken", ascending=False)
    words = [f"{_named(r.label)} {_pct(r.share_correct_broken)}" for r in rows.itertuples()]
    return t("Chart of how often each ordering ranks the stronger of two tied players higher, with a 95 % interval "
             "(a coin would give 50 %): {values}. The table under \"The numbers\" gives every figure.",
             values="; ".join(words))


def tau_alt(df: pd.DataFrame) -> str:
    """Kendall's tau-b and the share left tied, per ordering."""
    from i18n.numbers import number
    from ui.session.language import current, t
    lang = current()

    def tau(value: float) -> str:
        return format(value, ".3f") if lang == "en" else number(round(value, 3), lang, 3)
    words = [t("{label}: tau-b {tau}, {share} left tied", label=_named(r.label), share=_pct(r.share_unbroken), tau=tau(r.tau_b))
             for r in df.itertuples()]
    return t("Chart of Kendall's tau-b in the tied groups and the share of tied pairs left tied: {values}.",
             values="; ".join(words))


def left_tied_alt(df: pd.DataFrame) -> str:
    """The share of tied pairs each ordering leaves tied (the second of the two charts under the first)."""
    from ui.session.language import t
    words = [f"{_named(r.label)} {_pct(r.share_unbroken)}" for r in df.itertuples()]
    return t("Chart of the share of tied pairs each ordering leaves tied (a shared place): {values}.",
             values="; ".join(words))


def diff_alt(diffs) -> str:
    """What one extra bye or forfeit per event changes (``diffs``: :class:`engine.events.simulate.Difference`)."""
    from ui.session.language import t
    words = [(t("{label} with bye: {change} (interval {low} to {high})", label=_named(d.label),
                change=_pct(d.share_correct_broken, signed=True), low=_pct(d.low, signed=True),
                high=_pct(d.high, signed=True)) if d.variant == "+bye" else
              t("{label} with forfeit: {change} (interval {low} to {high})", label=_named(d.label),
                change=_pct(d.share_correct_broken, signed=True), low=_pct(d.low, signed=True),
                high=_pct(d.high, signed=True)) if d.variant == "+forfeit" else
              f"{_named(d.label)} with {d.variant[1:]}: {_pct(d.share_correct_broken, signed=True)} "
              f"(interval {_pct(d.low, signed=True)} to {_pct(d.high, signed=True)})") for d in diffs]
    return t("Chart of the change in the share correct with one extra bye or forfeit per event: {values}.",
             values="; ".join(words))
