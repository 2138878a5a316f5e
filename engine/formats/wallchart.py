"""CSV wallcharts: the quickest way to type an event, one row per player, one cell per round.

::

    tpn,name,rating,R1,R2,R3
    1,Alyx,2200,+W3,=B2,HPB
    2,Bruno,,-W4,=W1,
    3,Chloe,1900,,+F4,PAB
    4,David,1800,+B2,,-F1

Columns: ``tpn`` (also ``starting number``, as our downloads write it, ``no``, ``#``), ``name``, ``rating`` and
optionally ``federation`` and ``on_time``, then ``R1`` .. ``Rn`` (header names are case-insensitive; the number
may be left out, then rows are numbered from 1).  Cells use the
compact notation of :func:`engine.core.notation.parse_notation`: ``+W9`` ``=B13`` ``-9`` ``+F14`` ``-F11``
``PAB`` ``HPB`` ``FPB`` ``ZPB`` ``ABS``; an empty cell is an absence.

Typing one side of a game is enough: when a cell names an opponent whose cell in that round is empty, the
opponent's cell is filled with the other side (``+W3`` on player 1's row gives player 3 ``-B1``).  When both
cells are filled and disagree, the error names both cells (line and column).  Comma, semicolon and tab
separated files are read (spreadsheets in many countries save with semicolons).  Leading ``# key: value``
lines carry the event's name, date, type, PAB value and tie-breaks.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Iterator

from engine.core.codes import parse_code
from engine.core.errors import EventError, Location, reading
from engine.core.exact import fmt, parse_number
from engine.core.limits import MAX_DIGITS, MAX_PLAYERS, MAX_ROUNDS, check_count
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, complement, make_event, sides_agree
from engine.core.notation import full_notation, parse_notation
from engine.core.said import Count, said, said_n
from engine.formats.source import decode_text, one_line

if TYPE_CHECKING:
    from _csv import Reader as CsvReader  # what csv.reader returns (the csv module itself does not name it)

_ROUND = re.compile(r"^r(?:ound)?\s*([0-9]+)$", re.IGNORECASE)
_FIXED = {"tpn": "tpn", "no": "tpn", "no.": "tpn", "#": "tpn", "starting number": "tpn", "start no": "tpn",
          "start no.": "tpn", "name": "name", "player": "name",
          "rating": "rating", "elo": "rating", "federation": "federation", "fed": "federation",
          "on_time": "on_time", "on time": "on_time", "ontime": "on_time"}
_TRUE = {"", "1", "true", "yes", "y", "x"}
_FALSE = {"0", "false", "no", "n", "late"}
#: first characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass
class _Cell:
    """One round cell as typed: its entry and where it is (for messages that name both cells)."""

    entry: Entry
    text: str
    line: int
    column: int
    typed: bool     # False when filled in from the opponent's cell


def read_wallchart(data: str | bytes, source: str = "<csv>") -> Event:
    """Parse a CSV wallchart into a validated :class:`Event`; only :class:`EventError` escapes."""
    with reading(source, known=(csv.Error,), what=said("the CSV")):
        return _read(data, source)


def _read(data: str | bytes, source: str) -> Event:
    text = decode_text(data, source)
    lines = text.splitlines(keepends=True)
    meta: dict[str, tuple[str, int]] = {}
    skip = 0
    for no, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if stripped.startswith("#"):
            key, sep, value = stripped.lstrip("#").partition(":")
            if sep:
                meta[key.strip().lower()] = (value.strip(), no)
            skip = no
        elif not stripped:
            skip = no
        else:
            break
    body = "".join(lines[skip:])
    if not body.strip():
        raise EventError(said("no header row: expected a line like tpn,name,rating,R1,R2,..."), file=source,
                         line=max(len(lines), 1))
    delimiter = _delimiter(lines[skip])
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=delimiter, skipinitialspace=True)
    records = _records(reader, skip, source)
    header = next(records)
    header_line = skip + reader.line_num
    _check_swallowed(header, header_line, skip + 1, source)
    check_count(said("the number of header columns"), len(header), MAX_ROUNDS + len(_FIXED), file=source,
                line=header_line)
    columns, rounds = _columns(header, header_line, source)
    pab = _pab(meta, source)
    players: list[Player] = []
    cells: dict[int, dict[int, _Cell]] = {}
    rows: dict[int, int] = {}
    first_line = header_line + 1
    for record in records:
        no = skip + reader.line_num
        start, first_line = first_line, no + 1
        _check_swallowed(record, no, start, source)
        if not any(c.strip() for c in record) or record[0].strip().startswith("#"):
            continue
        if len(record) > len(header) and any(c.strip() for c in record[len(header):]):
            raise EventError(said("this row has {cells} cells but the header has {columns} columns", cells=len(record),
                                  columns=len(header)), file=source, line=no, column=len(header) + 1)
        if len(record) <= columns["name"]:
            raise EventError(said("this row has {cells} cell(s) but the header has {columns} columns, the name in "
                                  "column {column}: is a separator missing?", cells=len(record), columns=len(header),
                                  column=columns["name"] + 1), file=source, line=no)
        check_count(said("the number of player rows"), len(players) + 1, MAX_PLAYERS, file=source, line=no)
        record = record + [""] * (len(header) - len(record))
        player = _player(record, columns, len(players) + 1, no, source)
        if player.tpn in rows:
            raise EventError(said("pairing number {number} is used twice (lines {first} and {second})",
                                  number=player.tpn, first=rows[player.tpn], second=no),
                             file=source, line=no, column=columns["tpn"] + 1 if "tpn" in columns else None)
        rows[player.tpn] = no
        players.append(player)
        cells[player.tpn] = {}
        for rnd, col in rounds.items():
            token = record[col].strip()
            try:
                entry = parse_notation(token, source, player.tpn, rnd, pab_points=pab, line=no)
            except EventError as exc:
                raise EventError(exc.said or exc.message, file=source, line=no, column=col + 1, player=player.tpn,
                                 round=rnd) from None
            if token:
                cells[player.tpn][rnd] = _Cell(entry, token, no, col + 1, True)
    if not players:
        raise EventError(said("no player rows under the header"), file=source, line=header_line)
    _complete(cells, rows, rounds, source)
    entries = {tpn: [cells[tpn][r].entry if r in cells[tpn] else ABSENT for r in sorted(rounds)]
               for tpn in cells}
    name, date, event_type, tiebreaks = _meta(meta, source)
    try:
        return make_event(name, players, entries, rounds=len(rounds), event_type=event_type, date=date,
                          pab_points=pab, file_tiebreaks=tiebreaks, source=source)
    except EventError as exc:
        line = rows.get(exc.player) if exc.player is not None else None
        column = rounds.get(exc.round, -1) + 1 if exc.round else None
        raise EventError(exc.said or exc.message, file=source, line=line or exc.line, column=column or exc.column,
                         player=exc.player, round=exc.round) from None


def _records(reader: CsvReader, skip: int, source: str) -> Iterator[list[str]]:
    """The rows of ``reader``, with the csv module's own errors turned into located ones in our words."""
    while True:
        start = skip + reader.line_num + 1         # where the next row starts
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            if "field larger than field limit" in str(exc):
                raise EventError(said("a cell of the row starting here is longer than {most} characters: a quote is "
                                      "probably not closed", most=Count(csv.field_size_limit())), file=source,
                                 line=start) from None
            raise EventError(said("cannot read the CSV row starting here: {reason}", reason=str(exc)), file=source,
                             line=start) from None
        yield record


def _check_swallowed(record: list[str], end_line: int, start_line: int, source: str) -> None:
    """Refuse a cell that runs over a line break: a quote opened and never closed swallows the lines after it.

    A wallchart cell is a name, a number or a result, never several lines; the csv module reads on to the
    next quote (or the end of the file), so one stray ``"`` turns the rest of the file into one name.
    """
    for i, cell in enumerate(record):
        if "\n" in cell or "\r" in cell:
            lines = end_line - start_line + 1
            raise EventError(said_n("the quote that opens cell {cell} here is not closed: the cell runs over {count} "
                                    "line (to line {last}), starting \"{start}\"; remove the stray \" or close it",
                                    "the quote that opens cell {cell} here is not closed: the cell runs over {count} "
                                    "lines (to line {last}), starting \"{start}\"; remove the stray \" or close it",
                                    lines, cell=i + 1, count=Count(lines), last=Count(end_line),
                                    start=_start_of(cell)), file=source, line=start_line, column=i + 1)


def _start_of(cell: str, length: int = 30) -> str:
    """The first line of a swallowing cell, cut to ``length`` characters: what the reader found after the quote."""
    first = cell.splitlines()[0] if cell.splitlines() else ""
    return first[:length] + ("…" if len(first) > length or len(cell) > len(first) else "")


def _delimiter(header: str) -> str:
    """Comma unless the header row clearly uses semicolons or tabs."""
    counts = {d: header.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > 0 else ","


def _columns(header: list[str], line: int, source: str) -> tuple[dict[str, int], dict[int, int]]:
    """Fixed column name -> index, and round number -> index; unknown or repeated names are errors."""
    columns: dict[str, int] = {}
    rounds: dict[int, int] = {}
    for i, raw in enumerate(header):
        name = raw.strip().lower()
        m = _ROUND.match(name)
        where = Location(file=source, line=line, column=i + 1)
        if m:
            if len(m.group(1)) > MAX_DIGITS or int(m.group(1)) > MAX_ROUNDS:
                raise EventError(said("round column {text} is past round {most}, the most an event may have",
                                      text=repr(raw.strip()[:20]), most=MAX_ROUNDS), **where)
            rnd = int(m.group(1))
            if rnd < 1 or rnd in rounds:
                raise EventError(said("round column {text} is repeated or not a round number", text=repr(raw.strip())),
                                 **where)
            rounds[rnd] = i
        elif name in _FIXED:
            key = _FIXED[name]
            if key in columns:
                raise EventError(said("column {text} appears twice", text=repr(key)), **where)
            columns[key] = i
        elif name or i < len(header) - 1:
            raise EventError(said("unknown column {text}; expected tpn, name, rating, federation, on_time and R1, R2, "
                                  "...", text=repr(raw.strip())), **where)
    if "name" not in columns:
        raise EventError(said("the header has no 'name' column (expected tpn,name,rating,R1,R2,...)"), file=source,
                         line=line)
    if sorted(rounds) != list(range(1, len(rounds) + 1)):
        missing = next(r for r in range(1, len(rounds) + 1) if r not in rounds)
        raise EventError(said("round columns must be R1, R2, ... without gaps; R{round} is missing", round=missing),
                         file=source, line=line)
    return columns, rounds


def _player(record: list[str], columns: dict[str, int], index: int, no: int, source: str) -> Player:
    def cell(key: str) -> str:
        return record[columns[key]].strip() if key in columns else ""

    def err(message: str, key: str) -> EventError:
        return EventError(message, file=source, line=no, column=columns[key] + 1)

    tpn = index
    if "tpn" in columns:
        text = cell("tpn")
        if not re.fullmatch(r"[0-9]{1,15}", text, re.ASCII) or int(text) < 1:
            raise err(f"pairing number must be a positive whole number, not {text!r}", "tpn")
        tpn = int(text)
    name = _unquote(record[columns["name"]].strip())
    if not name:
        raise err(f"player {tpn} has no name", "name")
    rating: int | None = None
    text = cell("rating")
    if text:
        if not re.fullmatch(r"[0-9]{1,15}(?:\.0*)?", text, re.ASCII):
            raise err(f"rating must be a whole number or empty, not {text!r}", "rating")
        rating = int(text.split(".")[0]) or None
    on_time = True
    text = cell("on_time").lower()
    if text in _FALSE:
        on_time = False
    elif text not in _TRUE:
        raise err(f"on_time must be yes/no (or true/false, 1/0), not {text!r}", "on_time")
    return Player(tpn=tpn, name=name, rating=rating, federation=cell("federation"), on_time=on_time)


def _unquote(name: str) -> str:
    """Undo the apostrophe the writer puts before a name a spreadsheet would take for a formula."""
    return name[1:] if name.startswith("'") and name[1:].startswith(FORMULA_START + ("'",)) else name


def _complete(cells: dict[int, dict[int, _Cell]], rows: dict[int, int], rounds: dict[int, int],
              source: str) -> None:
    """Fill the empty cell of each one-sided game; refuse two cells that tell different stories."""
    for tpn in list(cells):
        for rnd in sorted(cells[tpn]):
            c = cells[tpn][rnd]
            if not c.typed or not c.entry.kind.has_opponent:
                continue
            opp = c.entry.opponent
            where = Location(file=source, line=c.line, column=c.column, player=tpn, round=rnd)
            if opp == tpn:
                raise EventError(said("player {player} is paired against themselves ({text})", player=tpn, text=c.text),
                                 **where)
            if opp not in cells:
                raise EventError(said("R{round} of player {player} says {text}, but there is no player {opponent}",
                                      round=rnd, player=tpn, text=c.text, opponent=opp), **where)
            other = cells[opp].get(rnd)
            if other is None:
                text = full_notation(complement(c.entry, tpn))
                cells[opp][rnd] = _Cell(complement(c.entry, tpn), text, rows[opp], rounds[rnd] + 1, False)
                continue
            if not sides_agree(c.entry, tpn, other.entry, opp):
                fields = {"line": c.line, "column": c.column, "player": tpn, "round": rnd, "text": c.text,
                          "other_line": other.line, "other_column": other.column, "opponent": opp,
                          "other_text": other.text}
                if other.typed:
                    raise EventError(said("the cells disagree: line {line}, column {column} (player {player}, R{round}) "
                                          "says {text}, but line {other_line}, column {other_column} (player "
                                          "{opponent}, R{round}) says {other_text}", **fields), **where)
                raise EventError(said("the cells disagree: line {line}, column {column} (player {player}, R{round}) says "
                                      "{text}, but line {other_line}, column {other_column} (player {opponent}, "
                                      "R{round}) says {other_text} (filled in from another cell)", **fields), **where)


def _pab(meta: dict[str, tuple[str, int]], source: str) -> Fraction:
    if "pab_points" not in meta:
        return ONE
    text, no = meta["pab_points"]
    try:
        value = parse_number(text)
    except (ValueError, ZeroDivisionError, EventError):
        value = None
    if value not in (ZERO, HALF, ONE):
        raise EventError(said("pab_points must be 1, 0.5 or 0, not {text}", text=repr(text)), file=source, line=no)
    return value


def _meta(meta: dict[str, tuple[str, int]], source: str) -> tuple[str, str, EventType, list[str]]:
    name = meta.get("event", meta.get("name", ("", 0)))[0]
    date = meta.get("date", ("", 0))[0]
    kind_text, no = meta.get("type", ("swiss", 0))
    kind = kind_text.lower().replace(" ", "").replace("-", "")
    if kind in ("swiss", ""):
        event_type = EventType.SWISS
    elif kind in ("rr", "roundrobin"):
        event_type = EventType.ROUND_ROBIN
    else:
        raise EventError(said("type must be swiss or rr, not {text}", text=repr(kind_text)), file=source, line=no)
    tiebreaks: list[str] = []
    text, no = meta.get("tiebreaks", ("", 0))
    for item in re.split(r"[,\s]+", text):
        if item and item.upper() != "PTS":
            try:
                tiebreaks.append(str(parse_code(item)))
            except EventError as exc:
                raise EventError(exc.said or exc.message, file=source, line=no) from None
    return name, date, event_type, tiebreaks


# -- writing ----------------------------------------------------------------------------------------

def write_wallchart(event: Event) -> str:
    """The CSV wallchart of ``event``: metadata lines, a header, one row per player in TPN order.

    Federation and on_time columns appear only when some player needs them; absences are empty cells.
    """
    out = io.StringIO()
    if event.name:
        out.write(f"# event: {one_line(event.name).strip()}\n")
    if event.date:
        out.write(f"# date: {one_line(event.date).strip()}\n")
    if event.is_round_robin:
        out.write("# type: rr\n")
    if event.pab_points != ONE:
        out.write(f"# pab_points: {fmt(event.pab_points)}\n")
    if event.file_tiebreaks:
        out.write(f"# tiebreaks: {','.join(event.file_tiebreaks)}\n")
    with_fed = any(p.federation for p in event.players)
    with_late = any(not p.on_time for p in event.players)
    header = ["starting number", "name", "rating"] + (["federation"] if with_fed else []) + (["on_time"] if with_late else [])
    header += [f"R{r}" for r in range(1, event.rounds + 1)]
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    for p in sorted(event.players, key=lambda p: p.tpn):
        name = one_line(p.name).strip()
        if name.startswith(FORMULA_START + ("'",)):
            name = "'" + name
        row = [str(p.tpn), name, str(p.rating or "")]
        if with_fed:
            row.append(one_line(p.federation).strip())
        if with_late:
            row.append("yes" if p.on_time else "no")
        row += ["" if e.kind is Kind.ABS else full_notation(e) for e in event.entries[p.tpn]]
        w.writerow(row)
    return out.getvalue()


__all__ = ["read_wallchart", "write_wallchart", "FORMULA_START"]
