"""Standings and traces as pandas tables for the screen: display strings, tied groups, strike-through.

Pure functions (no Streamlit): the pages only hand the result to ``st.dataframe`` / ``st.table``, and
the tests read the same frames.  Every number is written the way a person writes it on paper
(``10½``, via :func:`engine.core.exact.nice`), so the screen agrees with the command line and the rules
text.  Player names stay plain text in the cells; :func:`md_escape` is for the few places where a name
goes into Markdown.
"""
from __future__ import annotations

import functools
import threading
from fractions import Fraction
from typing import Any, Sequence

import pandas as pd
from pandas.io.formats.style import Styler

from engine.core.codes import CODES, parse_code
from engine.core.errors import EventError
from engine.core.exact import Number, nice
from engine.core.model import Event
from engine.core.render import KIND_WORDS
from engine.core.trace import Result
from engine.core.words import written_name
from engine.ranking.compare_orderings import OrderingsComparison
from engine.ranking.standings import Standings
from engine.teaching.scenarios import Moved
from i18n.catalog import Translator, translator
from i18n.numbers import localised_decimals
from i18n.said import render as render_said
from ui.render.text import md_escape

#: the source language's translator: what a table is written in when no language is asked for
ENGLISH = translator("en")

#: Okabe-Ito sky blue and orange, lightened so black text stays readable on a projector; the "Tied
#: group" column says the same thing in text, so colour is never the only cue
GROUP_TINTS = ("#cfe8f7", "#fbe3b3")
#: the theme's text colour (``textColor`` in .streamlit/config.toml), which a shaded standings cell names again
TEXT_COLOUR = "#111111"
DROPPED_CSS = "text-decoration: line-through; text-decoration-thickness: 2px; color: #6b6b6b; background-color: #ececec;"

SEPARATED = "Separated from the next by"
TIED = "Tied group"




def player_label(tpn: int, name: str) -> str:
    """``#4 David``: the pairing number first, so players with the same name stay distinct; a comma a file left
    dangling after a name is left out (``#16 SRIHARI L``, not ``#16 SRIHARI L,``)."""
    return f"#{tpn} {written_name(name)}".strip()


def value_text(code: str, value: Number | None) -> str:
    """One criterion value as shown: ``10½`` (a group position is its plain number); none as ``–``."""
    if value is None:
        return "–"
    return nice(value)


# -- standings -------------------------------------------------------------------------------------

def tied_groups(st: Standings) -> dict[int, int]:
    """tpn -> tied-group number (1, 2, ...) for players who share their points with somebody.

    A tied group is a score group of two or more: the players the tie-breaks had to separate.
    Players alone on their score are left out.
    """
    by_points: dict[Number | None, list[int]] = {}
    for r in st.rows:
        by_points.setdefault(r.values["PTS"], []).append(r.tpn)
    out: dict[int, int] = {}
    number = 0
    for r in st.rows:
        members = by_points[r.values["PTS"]]
        if len(members) > 1 and r.tpn not in out:
            number += 1
            for t in members:
                out[t] = number
    return out


def rank_text(st: Standings) -> dict[int, str]:
    """tpn -> ``3`` or, for a shared place, ``4–5`` (the places the players share)."""
    counts: dict[int, int] = {}
    for r in st.rows:
        counts[r.rank] = counts.get(r.rank, 0) + 1
    return {r.tpn: str(r.rank) if counts[r.rank] == 1 else f"{r.rank}–{r.rank + counts[r.rank] - 1}"
            for r in st.rows}


def _separation_words(criterion: str, a: Number | None, b: Number | None, tr: Translator = ENGLISH) -> str:
    """Why one player stands over the next: ``MM 12½ vs 11``, ``points 4 vs 3½``, with both values (in the
    language of ``tr``, its decimals as that language writes them)."""
    above = localised_decimals(value_text(criterion, a), tr.lang)
    below = localised_decimals(value_text(criterion, b), tr.lang)
    if criterion == "PTS":
        return tr.t("points {above} vs {below}", above=above, below=below)
    if CODES[parse_code(criterion).code].group_dependent:
        return tr.t("{code} (place {above} vs {below} in the tie)", code=criterion, above=above, below=below)
    return tr.t("{code} {above} vs {below}", code=criterion, above=above, below=below)


def standings_frame(st: Standings, tr: Translator = ENGLISH) -> pd.DataFrame:
    """One row per player in final order: Rank, #, Name, PTS and every criterion, the separation from
    the next player and the tied-group number (empty when alone on his score).  All cells are text, in the
    language of ``tr`` (the column keys stay English: the code reads them; the page translates the headings)."""
    ranks = rank_text(st)
    groups = tied_groups(st)
    codes = [str(c) for c in st.criteria]
    text = _ValueTexts()
    row_of = {r.tpn: r for r in st.rows}
    seps = {s.above: tr.t("shared place (equal on everything)") if s.criterion is None else
            _separation_words(s.criterion, row_of[s.above].values.get(s.criterion),
                              row_of[s.below].values.get(s.criterion), tr)
            for s in st.separated_by}
    columns: dict[str, list[str]] = {"Rank": [ranks[r.tpn] for r in st.rows], "#": [str(r.tpn) for r in st.rows],
                                     "Name": [r.name for r in st.rows]}
    for code in codes:
        columns[code] = [text(r.values.get(code)) for r in st.rows]
        if tr.lang != "en":               # "13,60" where the language writes a decimal comma; "3½" as it is
            columns[code] = [localised_decimals(v, tr.lang) for v in columns[code]]
    columns[SEPARATED] = [seps.get(r.tpn, "") for r in st.rows]
    columns[TIED] = [str(groups[r.tpn]) if r.tpn in groups else "" for r in st.rows]
    return pd.DataFrame(columns, columns=["Rank", "#", "Name", *codes, SEPARATED, TIED])


def preview_frame(st: Standings, limit: int | None = None) -> pd.DataFrame:
    """A compact standings table for the Start and Build pages: Rank, No., Name, Points and every criterion of
    the order (the caption above the preview names them all)."""
    shown = [str(c) for c in st.criteria[1:]]
    rows = st.rows[:limit] if limit else st.rows
    text = _ValueTexts()
    data: dict[str, Any] = {
        "Rank": [r.rank for r in rows],
        "No.": [r.tpn for r in rows],
        "Name": pd.Series([r.name for r in rows], dtype="string"),
        "Points": [text(r.values["PTS"]) for r in rows],
    }
    for code in shown:
        data[code] = [text(r.values.get(code)) for r in rows]
    return pd.DataFrame(data)


class _ValueTexts:
    """:func:`value_text`, written once per value object: a field repeats few distinct values (shared
    objects), and writing a Fraction on paper is the costly part of building a large table."""

    def __init__(self) -> None:
        self._by_id: dict[int, str] = {}
        self._keep: list[Number | None] = []     # keeps each object alive, so its id stays its own

    def __call__(self, value: Number | None) -> str:
        text = self._by_id.get(id(value))
        if text is None:
            text = self._by_id[id(value)] = value_text("", value)
            self._keep.append(value)
        return text


def worked_once(styler: Styler) -> Styler:
    """The same Styler, made to work out its cells' CSS and text once, however often the page draws it.

    Streamlit draws a Styler by running pandas' own two steps, ``_compute`` (every ``apply``) and ``_translate``
    (a dict of every cell's id, text and CSS), on every run of the page: for the 500-row standings that is
    some 0.1 s of the server's time on each rerun, for a table the cache already holds unchanged.  Kept in
    the cache (:func:`ui.work.cached.standings_styled_for`, :func:`ui.work.cached.kept_table`), this one answers each
    later call from what the first worked out.  It must be finished (every ``apply``, ``hide``...) before it
    is first drawn.  The two steps are replaced on the object itself, not in a subclass: Streamlit
    recognises a Styler by its class's name.
    """
    compute, translate = styler._compute, styler._translate
    translated: dict[tuple[Any, ...], Any] = {}
    computed: list[bool] = []
    working = threading.Lock()          # two sessions may draw the same cached table at once

    def _compute() -> Styler:
        with working:
            if not computed:
                compute()
                computed.append(True)
        return styler

    def _translate(*args: Any, **kwargs: Any) -> Any:
        key = (args, tuple(sorted(kwargs.items())))
        with working:
            if key not in translated:
                translated[key] = translate(*args, **kwargs)
            return translated[key]

    object.__setattr__(styler, "_compute", _compute)
    object.__setattr__(styler, "_translate", _translate)
    return styler


def style_standings(df: pd.DataFrame) -> Styler | pd.DataFrame:
    """Shade each tied group (alternating two colour-blind-safe tints) so the eye finds the ties.

    A table larger than pandas' styler allows (``styler.render.max_elements``, 262,144 cells: about 26,000
    players of ten columns) is returned plain: the Tie column still numbers the groups, and styling that
    many cells would cost the server seconds for a tint nobody scrolls to.
    """
    if df.size > pd.get_option("styler.render.max_elements"):
        return df
    # The CSS of every cell at once (one call for the table, not one per row: 500 rows must restyle fast).
    # The browser looks each drawn cell's colours up in the table's CSS, by searching that text from its
    # start (Streamlit 1.67's grid), for the text colour, the background and the weight in turn.  Three
    # things keep that search short, and none changes a colour on screen:
    # - the group's number, a property nothing reads, gives each tied group a rule of its own (pandas
    #   merges equal rules into one with every cell's name), so the search stops at the group's own rule;
    # - the text colour is named (the theme's own), so that search ends there too, not at the text's end;
    # - the table's short name ("s"; Streamlit's default is a 19-digit hash) keeps every cell's name short.
    row_css = [f"background-color: {GROUP_TINTS[(int(group) - 1) % 2]}; color: {TEXT_COLOUR}; --tied-group: {group}"
               if group else "" for group in df[TIED]]
    css = pd.DataFrame({col: row_css for col in df.columns}, index=df.index, columns=df.columns)
    return df.style.apply(lambda _: css, axis=None).set_uuid("s")


# -- traces ----------------------------------------------------------------------------------------

TRACE_COLUMNS = ["Round", "Opponent", "Result", "Value", "Why", "Dropped because"]
#: the working's sentences: last in the table, after every number, so a phone can put them under the numbers
TRACE_TEXT_COLUMNS = ("Why", "Dropped because")
#: the mark of an empty sentence cell (see :func:`style_trace`)
EMPTY_SENTENCE_CSS = "--working-empty: none;"


def _opponent_text(event: Event | None, opponent: int | None, kind: str, tr: Translator | None = None) -> str:
    tr = tr or translator("en")
    if opponent is None:
        return render_said(tr, KIND_WORDS.get(kind, kind))
    name = ""
    if event is not None:
        try:
            name = event.player(opponent).name
        except EventError:  # cannot happen in a validated event; show the number alone
            name = ""
    text = player_label(opponent, name)
    if kind != "G":
        text += f" ({render_said(tr, KIND_WORDS.get(kind, kind))})"
    return text


def trace_frame(res: Result, event: Event | None = None, compact: bool = False,
                tr: Translator | None = None) -> pd.DataFrame:
    """The working of one value, one row per round, as a person would write it.

    Columns: Round, Opponent (name, or the kind of unplayed round), Result, Value (what the round
    contributes); "Running total" for the cumulative systems and "Sum so far" (kept values added up round
    by round) for the sum and count systems; then the sentences, last: Why, Dropped because (empty when
    kept).  A column empty in every row (no value dropped, no reason given) is left out: on a phone it
    would only take room from the explanation.  ``compact`` (two players side by side in half a screen
    each) leaves out Result and folds the drop reason into Why; use :func:`dropped_rows` for the
    strike-through then (it does not need the "Dropped because" column).  The sentences are written in the
    language of ``tr`` (English without one), from the engine's records.
    """
    tr = tr or translator("en")
    t = res.trace
    code = parse_code(t.code).code if t.code else ""
    info = CODES.get(code)
    # the cumulative systems' value *is* the running total; a separate column only when they differ
    cumulative = any(r.running is not None and r.running != r.value for r in t.rows)
    adds_up = info is not None and info.kind in ("sum", "count") and any(r.value is not None for r in t.rows)
    records = []
    total: Fraction = Fraction(0)
    for r in t.rows:
        rec = {"Round": str(r.round), "Opponent": _opponent_text(event, r.opponent, r.kind, tr),
               "Result": r.result or "–", "Value": value_text(t.code, r.value), "Why": render_said(tr, r.note),
               "Dropped because": (render_said(tr, r.drop_reason) or tr.t("dropped")) if r.dropped else ""}
        if cumulative:
            rec["Running total"] = value_text(t.code, r.running)
        if adds_up:
            if not r.dropped and r.value is not None:
                total += Fraction(r.value)
            rec["Sum so far"] = nice(total)
        records.append(rec)
    numbers = [c for c in TRACE_COLUMNS if c not in TRACE_TEXT_COLUMNS]
    columns = numbers + (["Running total"] if cumulative else []) + (["Sum so far"] if adds_up else []) + list(
        TRACE_TEXT_COLUMNS)
    df = pd.DataFrame.from_records(records, columns=columns)
    if compact:
        # a reason that says it was dropped or cut is joined as it is, another after "dropped:" (decided on the
        # engine's English reason, the same in every language)
        said_dropped = [not r.dropped or not r.drop_reason or r.drop_reason.lower().startswith(("dropped", "cut"))
                        for r in t.rows]
        why = [w if not d else tr.t("{why} — {reason}", why=w, reason=d) if plain else
               tr.t("{why} — dropped: {reason}", why=w, reason=d)
               for w, d, plain in zip(df["Why"], df["Dropped because"], said_dropped)]
        df = df.drop(columns=["Result", "Dropped because"]).assign(Why=why)
    empty = [c for c in TRACE_TEXT_COLUMNS if c in df.columns and len(df) and not any(str(v).strip() for v in df[c])]
    return df.drop(columns=empty)


def dropped_rows(res: Result) -> list[bool]:
    """Which trace rows a cut, median or modified median removed (one flag per row of the trace)."""
    return [bool(r.dropped) for r in res.trace.rows]


def markdown_cells(df: pd.DataFrame, struck: list[bool] | None = None, column: str = "Value") -> pd.DataFrame:
    """The frame ready for ``st.table``, which renders every cell as Markdown (Streamlit 1.67).

    Every cell, header and index label is escaped with :func:`md_escape` (names are user text: a name
    like ``[x](http://...)`` must not become a link); then the ``column`` cell of each ``struck`` row is
    wrapped in ``~~ ~~``, which the browser draws as ``<del>``.  Only our own number text is wrapped.
    """
    out = df.map(md_escape)
    out.columns = [md_escape(c) for c in df.columns]
    if not isinstance(df.index, pd.RangeIndex):
        out.index = [md_escape(i) for i in df.index]
    if struck:
        col = md_escape(column)
        out[col] = [f"~~{v}~~" if hit and v else v for v, hit in zip(out[col], struck)]
    return out


def style_trace(df: pd.DataFrame, dropped: list[bool] | None = None, headings: dict[str, str] | None = None) -> Styler:
    """The working as ``st.table`` shows it: Markdown-safe cells, each dropped value struck through.

    The strike is the Markdown ``~~value~~`` (a real ``<del>``: Streamlit wraps cell text in an
    inline-block, which a CSS text-decoration on the cell does not reach) plus a grey colour on the
    cell, so it also reads without colour.  ``dropped`` defaults to the rows with a "Dropped because" text.
    An empty sentence cell (a round kept: no reason to drop it) carries ``--working-empty: none``, which
    nothing reads on a laptop; on a phone, where each sentence gets a line of its own under the numbers,
    the rules of :mod:`ui.widgets.layout` hide the cell through it instead of showing an empty line.
    ``headings`` (English column -> the heading to show) translates the headings.
    """
    reasons = df["Dropped because"] if "Dropped because" in df.columns else [""] * len(df)
    flags = dropped if dropped is not None else [bool(x) for x in reasons]
    cells = markdown_cells(df, flags)
    if headings:                          # the headings shown, in the reader's language (the keys stay English)
        cells.columns = [md_escape(headings.get(c, c)) for c in df.columns]
    value_col = cells.columns[list(df.columns).index("Value")]

    text_cols = {cells.columns[i] for i, c in enumerate(df.columns) if c in TRACE_TEXT_COLUMNS}

    def grey(row: pd.Series) -> list[str]:
        i = cells.index.get_loc(row.name)
        hit = flags[i]
        return [DROPPED_CSS if hit and col == value_col
                else EMPTY_SENTENCE_CSS if col in text_cols and not str(df.iat[i, j]).strip() else ""
                for j, col in enumerate(row.index)]
    return cells.style.apply(grey, axis=1).hide(axis="index")


def rule_sets_agree(values: dict[str, dict[str, Number | None]], tr: Translator = ENGLISH) -> str | None:
    """One sentence when every rule set gives each player the same value (then no table is needed), else None.

    ``values``: player label -> rule set -> value.
    """
    per_player = {who: set(per_rules.values()) for who, per_rules in values.items()}
    if not per_player or any(len(v) != 1 for v in per_player.values()):
        return None
    count = max(len(per_rules) for per_rules in values.values())
    many = {6: tr.t("six")}.get(count, str(count))
    shown = [(who, localised_decimals(value_text("", next(iter(v))), tr.lang)) for who, v in per_player.items()]
    if len(shown) == 1:
        return tr.t("All {count} rule sets give the same value: {value}.", count=many, value=shown[0][1] or tr.t("none"))
    return tr.t("All {count} rule sets give the same values: {values}.", count=many,
                values=", ".join(f"{w} {v or tr.t('none')}" for w, v in shown))


def rule_sets_heading(values: dict[str, dict[str, Number | None]], tr: Translator = ENGLISH) -> str:
    """The line above the table of values under each rule set: it says what the table shows, never that the
    values are the same (:func:`rule_sets_agree` says that, and then there is no table).

    ``values``: player label -> rule set -> value.
    """
    differ = [who for who, per_rules in values.items() if len(set(per_rules.values())) > 1]
    if not differ:
        return tr.t("**Under each rule set**: the same value")
    return tr.t("**Under each rule set**: the values differ, because the rule sets count byes, forfeits and "
                "absences differently")


def rule_set_frame(values: dict[str, dict[str, Number | None]], labels: dict[str, str],
                   tr: Translator = ENGLISH) -> pd.DataFrame:
    """The same criterion under every rule set: rows = rule sets, one value column per player.

    ``values``: player label -> rule set -> value; ``labels``: rule set -> its description.
    """
    rule_sets = list(labels)
    data: dict[str, list[str]] = {tr.t("Rule set"): rule_sets, tr.t("Model"): [labels[r] for r in rule_sets]}
    for who, per_rules in values.items():
        data[who] = [localised_decimals(value_text("", per_rules.get(r)), tr.lang) for r in rule_sets]
    return pd.DataFrame(data)


# -- compare ---------------------------------------------------------------------------------------

def moves_frame(comparison: OrderingsComparison) -> pd.DataFrame:
    """'Who moves and why': a row per player whose rank changes, his ranks across the orderings, and for
    each ordering the words that say what placed him there."""
    labels = [o.label for o in comparison.orderings]
    records = []
    for m in comparison.moves:
        rec = {"Player": player_label(m.tpn, m.name), "Ranks": " → ".join(str(m.ranks[lab]) for lab in labels)}
        for lab in labels:
            p = m.placements[lab]
            rec[lab] = f"{p.rank}: {p.words}"
        records.append(rec)
    return pd.DataFrame.from_records(records, columns=["Player", "Ranks", *labels])


def moves_long_frame(comparison: OrderingsComparison, players: dict[int, str] | None = None,
                     tr: Translator | None = None) -> pd.DataFrame:
    """'Who moves and why', one row per (player, ordering), narrow enough for a phone: the player's label
    on his first row only, the ordering, his rank under it, and the words that say what placed him there.

    Only players whose rank changes are listed, biggest movers first; ``players`` (tpn -> name) limits
    the list to the players a chart shows.
    """
    labels = [o.label for o in comparison.orderings]
    records = []
    for m in comparison.moves:
        if players is not None and m.tpn not in players:
            continue
        for i, lab in enumerate(labels):
            p = m.placements[lab]
            records.append({"Player": player_label(m.tpn, m.name) if i == 0 else "", "Ordering": lab,
                            "Rank": str(p.rank), "What placed them there": render_said(tr or translator("en"), p.words)})
    return pd.DataFrame.from_records(records, columns=["Player", "Ordering", "Rank", "What placed them there"])


def moves_headings(tr: Translator) -> dict[str, str]:
    """The headings of :func:`moves_long_frame` in the language of ``tr`` (the frame's own keys stay English)."""
    return {"Player": tr.t("Player"), "Ordering": tr.t("Ordering"), "Rank": tr.t("Rank"),
            "What placed them there": tr.t("What placed them there")}


# -- lessons ---------------------------------------------------------------------------------------

def moved_frame(moved: Sequence[Moved], keys: Sequence[str], tr: Translator | None = None) -> pd.DataFrame:
    """A lesson's "try this" table: a row per player whose rank or values changed, the rank then each of
    ``keys`` (points first), written ``9 → 8½`` where it changed and as the one value where it did not.

    The caption under the table says an arrow marks what changed, so an unchanged rank must not read
    ``5 → 5``: the one thing the reader looks for, what moved, would be lost among rows of arrows.  The
    headings and numbers are written in the language of ``tr`` (English without one); the codes stay codes.
    """
    tr = tr or translator("en")
    player, rank = tr.t("Player"), tr.t("Rank")

    def shown(v: Number | None) -> str:
        return localised_decimals(nice(v), tr.lang) if v is not None else tr.t("none")

    def cell(before: Number | None, after: Number | None) -> str:
        return shown(before) if before == after else f"{shown(before)} → {shown(after)}"

    return pd.DataFrame.from_records(
        [{player: player_label(m.tpn, m.name), rank: cell(m.rank_before, m.rank_after),
          **{k: cell(m.before.get(k), m.after.get(k)) for k in keys}} for m in moved],
        columns=[player, rank, *keys])


@functools.lru_cache(maxsize=65_536)
def text_px(text: str, size: int = 14) -> float:
    """About how wide ``text`` is in the grid's font (Source Sans at ``size`` px), in pixels.

    A rough per-character estimate, on the generous side: capitals, digits and fractions are wide,
    lower-case letters narrower, spaces and punctuation narrow.  The browser tests measure the real
    widths and fail if a cell is still cut.
    """
    width = 0.0
    for ch in str(text):
        if ch in " .,:;'|!ilIjft()[]-":
            width += 0.33
        elif ch.isupper() or ch.isdigit() or ch in "½¼¾–—→#mwMW%":
            width += 0.62
        else:
            width += 0.52
    return width * size


#: what an editable column's header draws before its words: the editing mark and the gap after it (pixels)
EDIT_MARK_PX = 12


def header_px(label: str, *, editable: bool = False, minimum: int = 36) -> int:
    """A grid column wide enough for its whole header, in any language: the words (plus the grid's 8 px padding
    each side) and, in an editor's editable column, the editing mark drawn before them."""
    return max(minimum, int(text_px(label) + 16 + 6 + (EDIT_MARK_PX if editable else 0)))


def column_px(frame: pd.DataFrame, column: str, *, header: str | None = None, minimum: int = 36) -> int:
    """A grid column wide enough for its header and every cell (plus the grid's 8 px padding each side)."""
    head = column if header is None else header
    texts = {head, *frame[column].astype(str).tolist()} if column in frame else {head}   # each text once
    return max(minimum, int(max(text_px(t) for t in texts) + 16 + 6))


def fitted_widths(frame: pd.DataFrame) -> dict[str, int]:
    """Every column's :func:`column_px`: pass as ``st.column_config.Column(width=...)`` so no cell is cut."""
    return {str(c): column_px(frame, c) for c in frame.columns}
