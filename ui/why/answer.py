"""Helpers for the "Why is A above B?" page and the way to it from the standings table.

The tables are pure functions of the engine's :class:`~engine.ranking.why_above.PairComparison` and
:class:`~engine.ranking.flips.Flip` (tested without Streamlit); the rest draws small widgets.  The answer and
the flip search are computed once per question in :mod:`ui.work.cached`.
"""
from __future__ import annotations

import weakref
from typing import Sequence

import pandas as pd
import streamlit as st
from streamlit.errors import StreamlitAPIException

from engine.core.model import Event
from engine.core.words import ordinal, spoken_name
from engine.ranking.flips import Flip, FlipSearch
from engine.ranking.standings import Standings
from engine.ranking.why_above import PairComparison, Step, closest_pair
from engine.ranking.why_answer import Answer
from i18n.said import render as render_said
from ui.render.tables import player_label, value_text
from ui.render.text import md_escape
from ui.session import memory
from ui.session.language import current, t, tr
from ui.why.card import card_pdf_file, card_png_file, file_stem

WHY_PAGE = "pages/why.py"
#: up to this many pairs the standings' pair picker is a list of them all; beyond, a table of them whose rows
#: are drawn only where in view (a list of 450 pairs took the browser seconds to draw, on every visit)
PICKER_LIST_MAX = 40
#: the key of the table of pairs that replaces the list beyond :data:`PICKER_LIST_MAX`
PAIRS_TABLE = "standings.why_pairs"


# -- pure tables -------------------------------------------------------------------------------------

def step_verdict(cmp: PairComparison, step: Step) -> str:
    """``equal``, ``separates: Stephan above`` or ``not used (unrated players)``."""
    if step.skipped:
        return "not used (unrated players)"
    if step.separates and cmp.above is not None:
        return f"separates: {cmp.name(cmp.above)} above"
    return "still tied" if step.group_dependent else "equal"


def short_name(name: str) -> str:
    """A name's first word (at most 16 letters): with the pairing number, enough to tell players apart."""
    return (name.split() or [""])[0].rstrip(",")[:16]


def step_value(step: Step, value) -> str:
    if step.group_dependent:
        return "–" if value is None else f"place {value} in the tie"
    return value_text(step.code, value)


def steps_frame(cmp: PairComparison) -> pd.DataFrame:
    """One row per criterion walked: its code and name, both values, and what it did.

    The two value columns are headed by number and first name only, so the table fits a phone; the page
    names both players in full just above it."""
    la, lb = (player_label(t, short_name(cmp.event.player(t).name)) for t in (cmp.a, cmp.b))
    rows = [{"Criterion": step.code, "Name": step.single, la: step_value(step, step.value_a),
             lb: step_value(step, step.value_b), "Outcome": step_verdict(cmp, step)} for step in cmp.steps]
    return pd.DataFrame.from_records(rows, columns=["Criterion", "Name", la, lb, "Outcome"])


def mini_table_frame(event: Event, step: Step) -> pd.DataFrame:
    """The tied players' games against each other: row player's results against the column player."""
    table = step.table or {}
    labels = {t: player_label(t, event.player(t).name) for t in step.group}
    records = []
    for a in step.group:
        rec = {"Player": labels[a]}
        for b in step.group:
            rec[labels[b]] = "×" if a == b else table.get(a, {}).get(b, "")
        records.append(rec)
    return pd.DataFrame.from_records(records, columns=["Player", *[labels[t] for t in step.group]])


def flip_lines(flips: Sequence[Flip], start: int = 1) -> str:
    """The flips as one numbered Markdown list, each change once (names escaped), in the session's language."""
    return "\n".join(f"{i}. {md_escape(render_said(tr(), f.sentence))}" for i, f in enumerate(flips, start))


def neighbour_pairs(table: Standings) -> list[tuple[int, int, str | None]]:
    """Neighbours in the standings who are on the same points: (above, below, separating criterion)."""
    return [(s.above, s.below, s.criterion) for s in table.separated_by if s.criterion != "PTS"]


def default_pair(table: Standings) -> tuple[int, int]:
    pair = closest_pair(table)
    if pair is None:
        tpns = [r.tpn for r in table.rows]
        return (tpns[0], tpns[-1]) if tpns else (0, 0)
    return pair


# -- the card to hand over ----------------------------------------------------------------------------

def card_downloads(answer: Answer, flips: FlipSearch, event_name: str) -> None:
    """Two buttons: the card as a PDF to print and as a PNG for a phone, each made only when its button is
    pressed (a PDF and a picture cost more than the rest of the page)."""
    stem = file_stem(answer)
    left, right = st.columns(2)
    words = tr()                          # the session's language, taken now: the files are made on a later click
    left.download_button(t("Card to print (PDF)"), lambda: card_pdf_file(answer, event_name, flips, words),
                         file_name=f"{stem}.pdf", mime="application/pdf", key="why.card_pdf", on_click="ignore",
                         width="stretch")
    right.download_button(t("Card for a phone (PNG)"), lambda: card_png_file(answer, event_name, flips, words),
                          file_name=f"{stem}.png", mime="image/png", key="why.card_png", on_click="ignore",
                          width="stretch")


# -- from the standings table -------------------------------------------------------------------------

def pair_choice(a: int, b: int, criterion: str | None, names: dict[int, str]) -> str:
    """One choice of the standings' pair picker, with the players' whole names: ``#1 Ava above #3 Cara · by
    BH``, or, when nothing separates them, ``#1 Ava and #3 Cara share a place``."""
    # a radio button's option is read as Markdown: the names are the user's text, shown as typed, never a link
    first, second = player_label(a, md_escape(names[a])), player_label(b, md_escape(names[b]))
    if criterion is None:
        return t("{a} and {b} share a place", a=first, b=second)
    return t("{a} above {b} · by {criterion}", a=first, b=second, criterion=criterion)


def pairs_frame(pairs: Sequence[tuple[int, int, str | None]], names: dict[int, str]) -> pd.DataFrame:
    """The pair picker as a table, one row per pair of neighbours: who is above, who below, and the criterion
    that separated them ("shared place" when nothing did)."""
    shared = t("shared place")
    return pd.DataFrame({t("Above"): [player_label(a, names[a]) for a, _b, _c in pairs],
                         t("Below"): [player_label(b, names[b]) for _a, b, _c in pairs],
                         t("Separated by"): [c or shared for _a, _b, c in pairs]})


#: the table of pairs of a standings (20,000 players: 20,000 rows, over a second to write), kept for as long as
#: that standings lives (the pages' cache shares it), per language
_PAIR_TABLES: dict[tuple[int, str], pd.DataFrame] = {}


def _pairs_table(table: Standings, pairs: Sequence[tuple[int, int, str | None]]) -> pd.DataFrame:
    key = (id(table), current())
    if key not in _PAIR_TABLES:
        _PAIR_TABLES[key] = pairs_frame(pairs, {r.tpn: r.name for r in table.rows})
        weakref.finalize(table, _PAIR_TABLES.pop, key, None)
    return _PAIR_TABLES[key]


def why_pair_picker(table: Standings) -> None:
    """On the standings page: pick two neighbours on the same points and open "Why is A above B?"."""
    pairs = neighbour_pairs(table)
    if not pairs:
        return
    first = default_pair(table)
    default = next((i for i, (a, b, _) in enumerate(pairs) if (a, b) == first), 0)
    question = t("Why is one player above the next? Pick two neighbours on the same points")
    with st.container(border=True):
        if len(pairs) <= PICKER_LIST_MAX:
            names = {r.tpn: r.name for r in table.rows}
            labels = {i: pair_choice(a, b, c, names) for i, (a, b, c) in enumerate(pairs)}
            # a list, not a drop-down: whole names wrap on a phone, where a drop-down's one line would cut them
            with st.container(height=min(60 + 36 * len(labels), 300), border=False):
                choice = memory.kept(st.radio, question, list(labels), format_func=labels.get,
                                     name="standings.why_pair", default=default)
        else:
            # hundreds of pairs: a list draws its every line (seconds in the browser at 500 players); a table
            # draws the rows in view, finds a typed name with its search, and scrolls a long name sideways on a
            # phone where a drop-down would cut it
            st.markdown(question)
            picked = st.dataframe(_pairs_table(table, pairs), key=PAIRS_TABLE, on_select="rerun",
                                  selection_mode="single-row", selection_default={"selection": {"rows": [default]}},
                                  hide_index=True, width="stretch", height=300)
            rows = picked.selection.rows
            choice = rows[0] if rows else default
        if st.button(t("Why is A above B? ↗"), key="standings.why_go"):
            a, b, _ = pairs[choice if 0 <= choice < len(pairs) else default]
            memory.set_value("why.a", a)
            memory.set_value("why.b", b)
            try:
                st.switch_page(WHY_PAGE)
            except StreamlitAPIException:      # run without the navigation (AppTest)
                st.info(t('Open the "Why is A above B?" page: the pair is chosen there.'))


def no_keeping_change(cmp: PairComparison, flips: FlipSearch) -> str:
    """What the page says when no change that keeps both scores is listed: why, in one sentence (followed by the
    smallest pair of changes, when one was found)."""
    if cmp.decided_by == "PTS":
        return t("Their points differ, so no change that keeps both scores can reverse them; only the changes "
                 "to their own points below can.")
    if flips.pair is not None:
        return t("No single change of this kind reverses them. The smallest pair of such changes that does:")
    if flips.pairs_tried:
        return t("No single change of this kind reverses them, and no pair of the changes that came closest "
                 "does either.")
    return t("No single change of this kind reverses them.")


def step_line(cmp: PairComparison, step: Step, label_a: str, label_b: str) -> str:
    """One rule of the technical detail as Markdown: its code and name, both players' values and the verdict."""
    return t("**{code} · {name}**: {value_a} for {a}, {value_b} for {b} — {verdict}",
             code=md_escape(step.code), name=md_escape(step.single),
             value_a=md_escape(step_value(step, step.value_a)), a=md_escape(label_a),
             value_b=md_escape(step_value(step, step.value_b)), b=md_escape(label_b),
             verdict=md_escape(step_verdict(cmp, step)))


def named(event: Event, tpn: int) -> str:
    """``John Courtney (#34)``: a player as a sentence names him, the name first."""
    return f"{spoken_name(event.player(tpn).name)} (#{tpn})"


def placed(event: Event, tpn: int, rank: int) -> str:
    """``John Courtney (#34) 5th``: a place as a sentence says it, the name first."""
    return f"{named(event, tpn)} {ordinal(rank)}"


def places_line(event: Event, cmp: PairComparison) -> str:
    """Both players' places under the answer (Markdown-safe): English names a place by its ordinal ("5th"),
    the other languages by its number."""
    above, below = cmp.above, cmp.below
    assert above is not None and below is not None
    english = current() == "en"
    return t("Places: {above} {above_rank}, {below} {below_rank}. Each rule is looked at only for players still "
             "equal on everything before it, points first.",
             above=md_escape(named(event, above)), below=md_escape(named(event, below)),
             above_rank=ordinal(cmp.ranks[above]) if english else cmp.ranks[above],
             below_rank=ordinal(cmp.ranks[below]) if english else cmp.ranks[below])
