"""A second opinion on published standings, as text for the command line and the app's summary.

The summary comes first ("TB1: 176 of 179 reproduced as Buchholz, with the lowest score cut, under FIDE's
2023/2024 rules for unplayed games; 3 differ"), then every difference with its likely cause, then what we
found about the order itself.  The words are the engine's (:mod:`engine.ranking.second_opinion`); nothing
here is written per event.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Sequence

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.said import said, said_n
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


#: how a table was read, by the program the reader recognised (the app's words for them are the same)
_READ_AS: dict[str, str] = {
    "chess-results": said("a chess-results table"), "Vega": said("a Vega table"),
    "round-robin grid": said("a round-robin grid"), "standings table": said("a standings table"),
    "table": said("a plain table"), "web page": said("a web page table"), "Papi": said("a Papi table"),
    "Swiss-Chess": said("a Swiss-Chess table"),
}


def read_as(program: str) -> str:
    """How the table was read, in words: "a chess-results table", "a round-robin grid", "a plain table"."""
    if program in _READ_AS:
        return _READ_AS[program]
    if program.endswith(("table", "grid")):
        return f"a {program}"
    return f"a {program} table"


def report_text(check: Check, say: Callable[[Any], str] = str) -> str:
    """The whole report as plain text, each sentence written by ``say`` (a record in the reader's language;
    ``str``, the default, is the English)."""
    pub = check.published
    ev = pub.event
    n = counted_rounds(ev)
    lines = [say(said_n("{event}: {players} players, {n} round counted (read as {program})",
                        "{event}: {players} players, {n} rounds counted (read as {program})", n,
                        event=ev.name, players=len(ev.players), program=read_as(pub.program)))]
    lines += ["  " + say(said("note: {note}", note=note)) for note in pub.notes]
    lines.append("")
    lines += [say(line) for line in check.summary_lines()]
    patterns = [c.pattern for c in check.columns if c.pattern]
    if patterns:
        lines += ["", say(said("What the differences of a column share:"))] + [f"- {say(p)}" for p in patterns]
    diffs = check.differences()
    lines.append("")
    if diffs:
        lines.append(say(said_n("{n} published value differs from ours:", "{n} published values differ from ours:",
                                len(diffs))))
        for v in diffs:
            lines.append("- " + say(said("row {rank}, {name}, {column}: {why}", rank=v.rank, name=v.name,
                                         column=v.column, why=v.why)))
    else:
        lines.append(say(said("Every published value is reproduced.")))
    lines.append("")
    if check.order_consistent:
        lines.append(say(said("The order is consistent with the table's own points and tie-break numbers.")))
    else:
        lines.append(say(said("The order disagrees with the table's own numbers:")))
        lines += [f"- {say(note)}" for note in check.order_notes]
    return "\n".join(lines)
