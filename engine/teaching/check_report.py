"""A second opinion on published standings, as text for the command line and the app's summary.

The summary comes first ("TB1: 176 of 179 reproduced as Buchholz, with the lowest score cut, under FIDE's
2023/2024 rules for unplayed games; 3 differ"), then every difference with its likely cause, then what we
found about the order itself.  The words are the engine's (:mod:`engine.ranking.second_opinion`); nothing
here is written per event.
"""
from __future__ import annotations

import os
from typing import Sequence

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.said import said
from engine.core.words import counted
from engine.formats.published import read_published
from engine.formats.source import read_limited
from engine.ranking.second_opinion import Check, Published, check_published, counted_rounds


def read_files(paths: Sequence[str | os.PathLike[str]], games: Event | None = None) -> Published:
    """Read the published table from files (Vega: its two pages) into what :func:`check_published` takes."""
    if not paths:
        raise EventError(said("give the published table: a chess-results export or copy, Vega's two pages, a Papi "
                              "grid, or a Swiss-Chess ranking with its pairing lists"))
    return read_published([(str(p), read_limited(p)) for p in paths], games)


def check_files(paths: Sequence[str | os.PathLike[str]], games: Event | None = None) -> Check:
    return check_published(read_files(paths, games))


def read_as(program: str) -> str:
    """How the table was read, in words: "a chess-results table", "a round-robin grid", "a plain table"."""
    if program == "table":
        return "a plain table"
    if program.endswith(("table", "grid")):
        return f"a {program}"
    return f"a {program} table"


def report_text(check: Check) -> str:
    """The whole report as plain text."""
    pub = check.published
    ev = pub.event
    n = counted_rounds(ev)
    lines = [f"{ev.name}: {len(ev.players)} players, {counted(n, 'round')} counted "
             f"(read as {read_as(pub.program)})"]
    lines += [f"  note: {n}" for n in pub.notes]
    lines.append("")
    lines += check.summary_lines()
    patterns = [c.pattern for c in check.columns if c.pattern]
    if patterns:
        lines += ["", "What the differences of a column share:"] + [f"- {p}" for p in patterns]
    diffs = check.differences()
    lines.append("")
    if diffs:
        lines.append(f"{counted(len(diffs), 'published value')} {'differs' if len(diffs) == 1 else 'differ'} "
                     "from ours:")
        for v in diffs:
            lines.append(f"- row {v.rank}, {v.name}, {v.column}: {v.why}")
    else:
        lines.append("Every published value is reproduced.")
    lines.append("")
    if check.order_consistent:
        lines.append("The order is consistent with the table's own points and tie-break numbers.")
    else:
        lines.append("The order disagrees with the table's own numbers:")
        lines += [f"- {n}" for n in check.order_notes]
    return "\n".join(lines)
