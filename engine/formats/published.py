"""Reading standings that another program published, into our event plus the printed columns.

What people have in front of them is not a TRF file but a table on a web page or its export:

- a chess-results.com (Swiss-Manager) ranking crosstable: the Excel/CSV export (``;``- or ``,``-separated),
  the saved HTML page, or the text a person copies from the page in a browser (tab-separated); cells such
  as ``168w1``, ``12b½``, ``32b+`` (forfeit win), ``7w-`` (forfeit loss), ``-1`` / ``-½`` (byes), ``0``
  (not paired), ``4w`` (paired, result still to come); opponents given by final rank or by starting
  number (we find out which); the "Annotation / Tie Break1: ..." legend; decimal comma or point;
  header and footer lines in any order, also lines a person commented out with ``#``;
- Vega's published pages: the standings (tie-break columns and a legend such as ``BH/C1 : Buchholz Cut 1``)
  and the crosstable, given as two files;
- a round-robin crosstable grid (a column per opponent, ``*`` on the diagonal; no rounds or colours);
- any table of final standings (rank, name, points, tie-break columns) together with the event's games
  from a file we already read, players matched by starting number or by name.

Everything is text to us: a cell is never interpreted as markup.  A table that cannot be read raises one
:class:`EventError` naming the file and line.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from html.parser import HTMLParser
from typing import Iterable, Sequence

from engine.core.errors import EventError
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, check_count
from engine.core.model import HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, make_event
from engine.formats.source import decode_text
from engine.ranking.second_opinion import Published, PublishedColumn, read_legend


@dataclass(slots=True)
class Cell:
    """One table cell: its text, and the text of its parts that carry a class (Vega marks its cells so)."""

    text: str
    parts: dict[str, str] = field(default_factory=dict)


@dataclass
class Row:
    cells: list[Cell]
    line: int

    def texts(self) -> list[str]:
        return [c.text for c in self.cells]


# -- HTML tables -------------------------------------------------------------------------------------------

class _Tables(HTMLParser):
    """Every table row of an HTML page as cells (text only), and the page's text lines (for legends)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.rows: list[Row] = []
        self.lines: list[tuple[str, int]] = []
        self._row: Row | None = None
        self._cell: Cell | None = None
        self._classes: list[tuple[str, str]] = []    # (tag, class) open inside the cell
        self._buffer: list[str] = []
        self._text_line: list[str] = []
        self._skip = 0
        self.cells = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
            return
        if tag == "tr":
            self._close_cell()
            self._row = Row([], self.getpos()[0])
            self.rows.append(self._row)
        elif tag in ("td", "th"):
            self._close_cell()
            if self._row is None:
                self._row = Row([], self.getpos()[0])
                self.rows.append(self._row)
            self._cell = Cell("")
            self._buffer = []
        elif self._cell is not None:
            cls = dict(attrs).get("class") or ""
            self._classes.append((tag, cls))
        if tag in ("br", "p", "div", "tr", "li", "h1", "h2", "h3", "h4"):
            self._flush_line()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)
            return
        if tag in ("td", "th"):
            self._close_cell()
        elif tag == "tr":
            self._close_cell()
            self._row = None
        elif self._cell is not None:
            for i in range(len(self._classes) - 1, -1, -1):
                if self._classes[i][0] == tag:
                    del self._classes[i:]
                    break
        if tag in ("p", "div", "tr", "li", "h1", "h2", "h3", "h4", "table"):
            self._flush_line()

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        self._text_line.append(data)
        if self._cell is not None:
            self._buffer.append(data)
            for _, cls in self._classes:
                for c in cls.split():
                    self._cell.parts[c] = (self._cell.parts.get(c, "") + data)

    def _close_cell(self) -> None:
        if self._cell is not None and self._row is not None:
            self._cell.text = " ".join("".join(self._buffer).split())
            self._cell.parts = {k: " ".join(v.split()) for k, v in self._cell.parts.items()}
            self._row.cells.append(self._cell)
            self.cells += 1
            _check_row(len(self._row.cells), self.cells, self._row.line)
        self._cell = None
        self._classes = []

    def _flush_line(self) -> None:
        text = " ".join("".join(self._text_line).split())
        if text:
            self.lines.append((text, self.getpos()[0]))
        self._text_line = []

    def close(self) -> None:
        super().close()
        self._close_cell()
        self._flush_line()


def html_tables(text: str) -> tuple[list[Row], list[tuple[str, int]]]:
    parser = _Tables()
    parser.feed(text)
    parser.close()
    return [r for r in parser.rows if r.cells], parser.lines


def _check_row(width: int, cells: int, line: int) -> None:
    """Stop at once at a row wider, or a table larger, than any table (the same limits as a workbook's)."""
    if width > MAX_TABLE_COLUMNS:
        raise EventError(f"this row has more than {MAX_TABLE_COLUMNS} cells; no table this program reads has so "
                         f"many columns", line=line)
    if cells > MAX_TABLE_CELLS:
        raise EventError(f"the table has more than {MAX_TABLE_CELLS:,} cells by this row; no table this program "
                         f"reads has so many", line=line)


# -- text tables -------------------------------------------------------------------------------------------

def _uncomment(line: str) -> str:
    """A line a person commented out (``#   3;;Wüest Andrin;...``) read as what it says."""
    return re.sub(r"^\s*#+\s?", "", line)


def text_rows(text: str) -> tuple[list[Row], list[tuple[str, int]]]:
    """The rows of a pasted or exported table: the separator is the one the header line uses most."""
    lines = [(_uncomment(line).rstrip("\r\n"), no) for no, line in enumerate(text.splitlines(), 1)]
    header = next((line for line, _ in lines if _is_header([c.strip() for c in _split(line, _sep_of(line))])), None)
    sep = _sep_of(header) if header is not None else None
    rows, cells = [], 0
    for line, no in lines:
        if line.strip():
            parts = _split(line, sep)
            cells += len(parts)
            _check_row(len(parts), cells, no)
            rows.append(Row([Cell(c.strip()) for c in parts], no))
    return rows, [(line.strip(), no) for line, no in lines if line.strip()]


def _sep_of(line: str) -> str | None:
    counts = {s: line.count(s) for s in (";", "\t", ",")}
    best = max(counts, key=lambda s: counts[s])
    return best if counts[best] >= 2 else None


def _split(line: str, sep: str | None) -> list[str]:
    if sep is None:
        return re.split(r"\s{2,}", line.strip())
    return line.split(sep)


def excel_rows(data: bytes, source: str) -> tuple[list[Row], list[tuple[str, int]]]:
    """The rows of the first sheet of an Excel workbook (chess-results' Excel export), each cell as text.

    The workbook is bounded before any work (:mod:`engine.formats.workbook`): its stated size ignored, every row,
    the rows and the cells held to a table's limits, zip bombs and document type declarations refused."""
    from engine.formats.workbook import sheet_values
    rows: list[Row] = []
    lines: list[tuple[str, int]] = []
    no_parts: dict[str, str] = {}       # a sheet's cells have no marked parts: one empty dict for all, not millions
    for no, values in sheet_values(data, source):
        cells = [Cell(_excel_text(v), no_parts) for v in values]
        rows.append(Row(cells, no))
        text = " ".join(c.text for c in cells if c.text)
        if text:
            lines.append((text, no))
    return rows, lines


def _excel_text(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return str(int(v)) if v.is_integer() else repr(v)
    return str(v).strip()


# -- columns -----------------------------------------------------------------------------------------------

def _norm(h: str) -> str:
    return re.sub(r"[\s.]+", "", h.strip().lower())


_RANK = {"rk", "rank", "pl", "pos", "place", "platz", "rg", "#", "no"}
_SNO = {"sno", "snr", "startno", "sn", "nr", "id", "start"}
# chess-results prints its column names in the reader's language: Finnish pages say "Nimi" and "p."
_NAME = {"name", "player", "spieler", "nom", "joueur", "players", "nimi"}
_RATING = {"rtg", "elo", "rating", "ratg", "fideelo", "elofide"}
_PTS = {"pts", "points", "pkt", "punkte", "score", "pt", "total", "p"}
_ROUND = re.compile(r"^(\d{1,6})rd$|^rd(\d{1,6})$|^r(\d{1,6})$|^(\d{1,6})$|^runde(\d{1,6})$|^round(\d{1,6})$")
_TB = re.compile(r"^(tb|wtg|wertung|tie-?break)\s*(\d{1,2})$")


def _is_header(cells: Sequence[str]) -> bool:
    normed = {_norm(c) for c in cells}
    return bool(normed & _NAME) and bool(normed & (_PTS | {"1rd", "rd1", "1", "r1"}) or
                                         any(_TB.match(c) for c in normed))


@dataclass
class Layout:
    """Which column holds what."""

    rank: int | None = None
    sno: int | None = None
    name: int | None = None
    rating: int | None = None
    points: int | None = None
    rounds: list[int] = field(default_factory=list)
    #: (column index, label)
    tiebreaks: list[tuple[int, str]] = field(default_factory=list)


#: labels that are a rank only when no other column is: chess-results' "starting rank crosstable" heads its
#: first column "No." (the starting number) and prints the final place in a later "Rk." column
_RANK_OR_SNO = {"no", "#"}


def _layout(header: Sequence[str]) -> Layout:
    lay = Layout()
    explicit_rank = any(_norm(h) in _RANK - _RANK_OR_SNO for h in header)
    for i, h in enumerate(header):
        n = _norm(h)
        if not n:
            continue
        if n in _RANK_OR_SNO and explicit_rank and lay.sno is None:
            lay.sno = i
        elif n in _RANK and lay.rank is None:
            lay.rank = i
        elif n in _SNO and lay.sno is None:
            lay.sno = i
        elif n in _NAME and lay.name is None:
            lay.name = i
        elif n in _RATING and lay.rating is None:
            lay.rating = i
        elif n in _PTS and lay.points is None:
            lay.points = i
        elif _ROUND.match(n):
            lay.rounds.append(i)
        elif _TB.match(h.strip().lower()) or read_legend(h.strip()) is not None:
            lay.tiebreaks.append((i, h.strip()))
    return lay


# "Tie Break1:" in English, "Wertung 1:" in German, "Vertailu 1:" on a Finnish page
_LEGEND = re.compile(r"(?:tie\s*-?\s*break|tb|wertung|feinwertung|vertailu)\s*(\d{1,2})\s*[:=]\s*(.+)", re.I)
_VEGA_LEGEND = re.compile(r"^\s*([A-Za-z]{2,5}(?:[/-][A-Za-z]\d*)*)\s+:\s+(.+?)\s*$")


def legends(lines: Iterable[tuple[str, int]]) -> dict[str, str]:
    """``{"TB1": "Buchholz Tie-Breaks (variabel with parameter)"}`` from the legend lines, wherever they are."""
    out: dict[str, str] = {}
    for text, _ in lines:
        for m in _LEGEND.finditer(text):
            words = re.split(r"\s*(?:tie\s*-?\s*break|tb|vertailu)\s*\d{1,2}\s*:", m.group(2), flags=re.I)[0]
            out.setdefault(f"TB{int(m.group(1))}", words.strip(" ,;"))
    return out


# -- cells -------------------------------------------------------------------------------------------------

_GAME = re.compile(r"^(\d{1,6})\s*([wbsWBS]?)\s*(1|0|½|=|\+|-|0[.,]5|1/2)?$")


@dataclass(frozen=True)
class RawCell:
    """A round cell as written: an opponent number (None for a bye), colour, the player's points (None:
    no result yet), and whether it was a forfeit or which bye."""

    opponent: int | None
    colour: str | None
    points: Fraction | None
    forfeit: bool = False
    bye: Kind | None = None


def parse_round_cell(text: str) -> RawCell | None:
    """``168w1`` ``12b½`` ``32b+`` ``7w-`` ``4w`` ``-1`` ``-½`` ``0`` ``+`` ``-``; None when not a round cell.

    >>> parse_round_cell("12b½")
    RawCell(opponent=12, colour='B', points=Fraction(1, 2), forfeit=False, bye=None)
    >>> parse_round_cell("-1").bye, parse_round_cell("0").bye, parse_round_cell("32b+").forfeit
    (<Kind.PAB: 'PAB'>, <Kind.ABS: 'ABS'>, True)
    """
    t = text.strip().replace(" ", "")
    if t in ("", "0", "-0", "-", "–", "--"):
        return RawCell(None, None, ZERO, bye=Kind.ABS)
    if t in ("-1", "+", "1", "-+"):
        return RawCell(None, None, ONE, bye=Kind.PAB)
    if t in ("-½", "½", "-=", "=", "-0,5", "-0.5"):
        return RawCell(None, None, HALF, bye=Kind.HPB)
    m = _GAME.match(t)
    if not m:
        return None
    opp = int(m.group(1))
    colour = {"w": "W", "b": "B", "s": "B"}.get(m.group(2).lower()) if m.group(2) else None
    res = m.group(3)
    if res is None:
        return RawCell(opp, colour, None)
    if res == "+":
        return RawCell(opp, colour, ONE, forfeit=True)
    if res == "-":
        return RawCell(opp, colour, ZERO, forfeit=True)
    points = {"1": ONE, "0": ZERO}.get(res, HALF)
    return RawCell(opp, colour, points)


# -- building the event ------------------------------------------------------------------------------------

@dataclass
class _Player:
    line: int
    rank: int
    sno: int | None
    name: str
    rating: int | None
    points: str
    cells: list[str]
    tiebreaks: dict[str, str]


def _int(text: str) -> int | None:
    t = text.strip().rstrip(".")
    return int(t) if t.isdigit() and len(t) < 7 else None


def _rating(text: str) -> int | None:
    r = _int(text)
    return r if r else None


def _players(rows: list[Row], start: int, lay: Layout, source: str) -> list[_Player]:
    out: list[_Player] = []
    for row in rows[start:]:
        cells = row.texts()
        key = lay.rank if lay.rank is not None else lay.sno
        if key is None or key >= len(cells):
            if out:
                break
            continue
        text = cells[key].strip()
        shared = re.match(r"^(\d{1,6})\s*[-–]\s*\d{1,6}\.?$", text)       # a shared place: "12-13"
        rank = int(shared.group(1)) if shared else _int(text)
        if rank is None and text.isdigit():
            raise EventError(f"the rank {text[:12]}… is too large to be a row of a table", file=source, line=row.line)
        if rank is None and not text and out and lay.rank is not None and _looks_like_player(cells, lay):
            rank = out[-1].rank       # no rank printed: the same place as the row above
        if rank is None:
            if out and any(c.strip() for c in cells):
                break           # the footer begins
            continue
        rank = rank if lay.rank is not None else len(out) + 1
        name = cells[lay.name].strip() if lay.name is not None and lay.name < len(cells) else f"Player {rank}"

        def get(i: int | None, cells: list[str] = cells) -> str:
            return cells[i] if i is not None and i < len(cells) else ""
        out.append(_Player(row.line, rank, _int(get(lay.sno)) if lay.sno is not None else None,
                           name or f"Player {rank}", _rating(get(lay.rating)), get(lay.points).strip(),
                           [get(i) for i in lay.rounds], {label: get(i) for i, label in lay.tiebreaks}))
        check_count("the number of players", len(out), MAX_PLAYERS, file=source, line=row.line)
    return out


def _looks_like_player(cells: list[str], lay: Layout) -> bool:
    """A row without a rank that is still a player: a name, and round cells we can read (not a footer)."""
    name = cells[lay.name].strip() if lay.name is not None and lay.name < len(cells) else ""
    rounds = [cells[i] for i in lay.rounds if i < len(cells)]
    return bool(name) and bool(rounds) and all(parse_round_cell(c) is not None for c in rounds)


def _consistency(players: list[_Player], parsed: list[list[RawCell]], ref: dict[int, int]) -> int:
    """How many game cells point back at the player from the opponent's cell, under one reading of the numbers."""
    ok = 0
    for i, cells in enumerate(parsed):
        for r, c in enumerate(cells):
            if c.opponent is None:
                continue
            j = ref.get(c.opponent)
            if j is None or j == i or r >= len(parsed[j]):
                ok -= 1
                continue
            back = parsed[j][r]
            ok += 1 if back.opponent is not None and ref.get(back.opponent) == i else -1
    return ok


def _swiss_event(players: list[_Player], name: str, source: str) -> tuple[Event, list[str]]:
    notes: list[str] = []
    parsed: list[list[RawCell]] = []
    for p in players:
        row: list[RawCell] = []
        for r, text in enumerate(p.cells, 1):
            cell = parse_round_cell(text)
            if cell is None:
                raise EventError(f"round {r} of {p.name} reads {text.strip()!r}, which is not a result we know "
                                 f"(cells look like 12w1, 7b½, 32b+, -1, -½, 0)", file=source, line=p.line)
            row.append(cell)
        parsed.append(row)
    check_count("the number of rounds", len(players[0].cells) if players else 0, MAX_ROUNDS, file=source)
    by_rank = {p.rank: i for i, p in enumerate(players)}
    by_pos = {i + 1: i for i in range(len(players))}
    by_sno = {p.sno: i for i, p in enumerate(players) if p.sno is not None}
    readings = [("final rank", by_rank if len(by_rank) == len(players) else by_pos)]
    if len(by_sno) == len(players):
        readings.append(("starting number", by_sno))
    scored = sorted(readings, key=lambda x: -_consistency(players, parsed, x[1]))
    how, ref = scored[0]
    if len(readings) > 1:
        notes.append(f"opponents are given by {how}")
    tpn_of = [p.sno if p.sno is not None and len(by_sno) == len(players) else i + 1 for i, p in enumerate(players)]
    entries: dict[int, list[Entry]] = {}
    pab_seen = False
    for i, p in enumerate(players):
        row_entries: list[Entry] = []
        for r, c in enumerate(parsed[i], 1):
            if c.opponent is None:
                kind = c.bye or Kind.ABS
                pab_seen = pab_seen or kind is Kind.PAB
                row_entries.append(Entry.bye(kind))
                continue
            j = ref.get(c.opponent)
            if j is None:
                raise EventError(f"round {r} of {p.name} names opponent {c.opponent}, who is not in the table",
                                 file=source, line=p.line)
            opp = tpn_of[j]
            if c.points is None:
                row_entries.append(Entry.scheduled(opp, c.colour))
            elif c.forfeit:
                back = parsed[j][r - 1] if r - 1 < len(parsed[j]) else None
                if c.points == 1:
                    row_entries.append(Entry(Kind.FW, opp, c.colour, ONE))
                else:
                    row_entries.append(Entry(Kind.FL, opp, c.colour, ZERO))
                del back
            else:
                row_entries.append(Entry.game(opp, c.colour, c.points))
        entries[tpn_of[i]] = row_entries
    if pab_seen:
        notes.append("a cell -1 (a one-point round without an opponent) is read as a bye from the pairing")
    plist = [Player(tpn_of[i], p.name, p.rating) for i, p in enumerate(players)]
    rounds = max((len(p.cells) for p in players), default=0)
    try:
        event = make_event(name, plist, entries, rounds=rounds, source=source)
    except EventError as e:
        line = next((p.line for i, p in enumerate(players) if tpn_of[i] == e.player), None)
        raise EventError(e.message, file=source, line=line) from None
    return event, notes


def _round_robin_event(players: list[_Player], name: str, source: str) -> tuple[Event, list[str]]:
    """A grid ``1 2 3 ...`` with ``*`` on the diagonal: the games are placed in the rounds of a Berger table."""
    n = len(players)
    grid: list[list[Fraction | None]] = []
    for i, p in enumerate(players):
        row: list[Fraction | None] = []
        for j, text in enumerate(p.cells):
            t = text.strip().replace(" ", "")
            if j == i:
                row.append(None)
                continue
            if t in ("", "*", "x", "X"):
                row.append(None)
                continue
            num = {"1": ONE, "0": ZERO, "½": HALF, "=": HALF, "+": ONE, "-": ZERO,
                   "0,5": HALF, "0.5": HALF, "1/2": HALF}.get(t.rstrip("FfKk"))
            if num is None:
                raise EventError(f"{p.name}'s result against player {j + 1} reads {t!r}; a grid cell is 1, ½, 0, "
                                 f"+ or -", file=source, line=p.line)
            row.append(num)
        grid.append(row)
    size = n if n % 2 == 0 else n + 1
    rounds = size - 1
    entries: dict[int, list[Entry]] = {i + 1: [Entry.bye(Kind.ABS)] * rounds for i in range(n)}
    seats = list(range(size))
    for r in range(rounds):
        for k in range(size // 2):
            a, b = seats[k], seats[size - 1 - k]
            if a >= n or b >= n:
                continue
            pa, pb = grid[a][b] if b < len(grid[a]) else None, grid[b][a] if a < len(grid[b]) else None
            if pa is None and pb is None:
                continue
            forfeit = False
            if pa is None or pb is None or pa + pb != 1:
                if pa is not None and pb is not None and pa == pb == 0:
                    forfeit = True
                elif pa is None or pb is None:
                    pa = pa if pa is not None else ONE - (pb or ZERO)
                    pb = ONE - pa
                else:
                    raise EventError(f"the grid gives {players[a].name} {pa} and {players[b].name} {pb} for their "
                                     f"game", file=source, line=players[a].line)
            ea: Entry
            eb: Entry
            if forfeit:
                ea, eb = Entry(Kind.FL, b + 1, None, ZERO), Entry(Kind.FL, a + 1, None, ZERO)
            elif players[a].cells[b].strip() in ("+", "-") or players[b].cells[a].strip() in ("+", "-"):
                win_a = pa == 1
                ea = Entry(Kind.FW if win_a else Kind.FL, b + 1, None, ONE if win_a else ZERO)
                eb = Entry(Kind.FL if win_a else Kind.FW, a + 1, None, ZERO if win_a else ONE)
            else:
                assert pa is not None and pb is not None
                ea, eb = Entry.game(b + 1, None, pa), Entry.game(a + 1, None, pb)
            entries[a + 1][r] = ea
            entries[b + 1][r] = eb
        seats = [seats[0], seats[-1]] + seats[1:-1]
    plist = [Player(i + 1, p.name, p.rating) for i, p in enumerate(players)]
    event = make_event(name, plist, entries, rounds=rounds, event_type=EventType.ROUND_ROBIN, source=source)
    return event, ["a round-robin grid gives no rounds: the games are placed in the rounds of a Berger table, "
                   "which changes nothing but progressive scores"]


def _is_grid(lay: Layout, players: list[_Player]) -> bool:
    """Round columns numbered 1..n for n players, and a ``*`` (or empty) diagonal."""
    if not players or len(lay.rounds) != len(players):
        return False
    return all(i < len(p.cells) and p.cells[i].strip() in ("*", "", "x", "X") for i, p in enumerate(players))


def _title(lines: Sequence[tuple[str, int]], table: range, fallback: str) -> str:
    """The event's name: the first line outside the table that is not the program's own words or the legend."""
    for text, no in lines:
        t = text.strip(" ,;\t")
        if no in table or not t or re.search(r"chess-results|tournament-database|ranking|last update|^rk|"
                                             r"annotation|tie\s*break|legend|crosstable", t, re.I):
            continue
        return " ".join(t.split())[:200]
    return fallback


def _from_rows(rows: list[Row], lines: list[tuple[str, int]], source: str, program: str,
               games: Event | None) -> Published:
    start = next((i for i, r in enumerate(rows) if _is_header(r.texts())), None)
    if start is None:
        raise EventError("no header row: expected a line with the column names (Rk., Name, Pts., TB1 ...)",
                         file=source, line=1)
    header = rows[start].texts()
    lay = _layout(header)
    check_count("the number of rounds", len(lay.rounds), max(MAX_ROUNDS, MAX_PLAYERS), file=source,
                line=rows[start].line)
    if lay.name is None and lay.sno is None:
        raise EventError("the header names no player column (Name)", file=source, line=rows[start].line)
    legend = legends(lines)
    notes: list[str] = []
    points_tb = _points_column(lay, legend)
    if points_tb is not None:
        index, label = points_tb
        lay.points = index
        lay.tiebreaks.remove(points_tb)
        notes.append(f"{label} holds the points (its legend says \"{legend[label.upper().replace(' ', '')]}\"): "
                     "it is checked as the points")
    players = _players(rows, start + 1, lay, source)
    if not players:
        raise EventError("the table has a header but no player rows", file=source, line=rows[start].line)
    name = _title(lines, range(rows[start].line, players[-1].line + 1), "Published standings")
    if games is not None:
        event, order = _match(players, games, source)
        notes.append("players matched to the games file by " + ("starting number" if lay.sno is not None else "name"))
        program = "standings table"
    elif _is_grid(lay, players):
        event, more = _round_robin_event(players, name, source)
        notes += more
        order = [i + 1 for i in range(len(players))]
        program = "round-robin grid"
    elif lay.rounds:
        check_count("the number of rounds", len(lay.rounds), MAX_ROUNDS, file=source, line=rows[start].line)
        event, more = _swiss_event(players, name, source)
        notes += more
        tpns = event.tpns
        order = tpns
    else:
        raise EventError("the table has no round columns: give the event's games too (a TRF or other event file)",
                         file=source, line=rows[start].line)
    columns = tuple(PublishedColumn(label, legend.get(label.upper().replace(" ", "")),
                                    {order[i]: p.tiebreaks.get(label, "") for i, p in enumerate(players)})
                    for _, label in lay.tiebreaks)
    ranks = {order[i]: p.rank for i, p in enumerate(players)}
    declared = list(order)
    if _by_starting_number(players, lay):
        # chess-results' "crosstable by starting rank" lists players by starting number and prints the final
        # place in a column of its own: the order to check is the one that column declares
        declared.sort(key=lambda t: ranks[t])
        notes.append("the table lists players by starting number; the order checked is that of its rank column")
    return Published(event, program, tuple(declared), ranks,
                     {order[i]: p.points for i, p in enumerate(players)} if lay.points is not None else {},
                     columns, tuple(notes))


#: a legend that says the column is the score itself: "points (game-points)", "Punkte", "game points"
_POINTS_LEGEND = re.compile(r"^\s*(?:game[- ]?)?points?\b[\s()a-z-]*$|^\s*punkte\b", re.I)


def _points_column(lay: Layout, legend: dict[str, str]) -> tuple[int, str] | None:
    """The tie-break column that is really the points, on a page printed without a "Pts." column.

    Swiss-Manager lets an organiser put the score itself first in the tie-break list and leave the points
    column out; chess-results then prints the score as TB1 with the legend "points (game-points)".
    """
    if lay.points is not None:
        return None
    for index, label in lay.tiebreaks:
        words = legend.get(label.upper().replace(" ", ""))
        if words and _POINTS_LEGEND.match(words) and read_legend(words) is None:
            return index, label
    return None


def _by_starting_number(players: list[_Player], lay: Layout) -> bool:
    """Rows in starting-number order while a rank column says otherwise (the table is not a ranking)."""
    if lay.sno is None or lay.rank is None:
        return False
    snos = [p.sno for p in players if p.sno is not None]
    ranks = [p.rank for p in players]
    return (len(snos) == len(players) and all(a < b for a, b in zip(snos, snos[1:]))
            and any(a > b for a, b in zip(ranks, ranks[1:])))


def _name_key(name: str) -> str:
    t = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return " ".join(sorted(re.findall(r"[a-z0-9]+", t)))


def _match(players: list[_Player], games: Event, source: str) -> tuple[Event, list[int]]:
    by_name = {_name_key(p.name): p.tpn for p in games.players}
    order: list[int] = []
    for p in players:
        if p.sno is not None and p.sno in games.entries:
            order.append(p.sno)
            continue
        tpn = by_name.get(_name_key(p.name))
        if tpn is None:
            raise EventError(f"{p.name} is not a player of the games file", file=source, line=p.line)
        order.append(tpn)
    if len(set(order)) != len(order):
        raise EventError("two rows name the same player", file=source)
    return games, order


# -- Vega --------------------------------------------------------------------------------------------------

def _vega_number(cell: Cell) -> int | None:
    """The starting number in a Vega player cell: its ``sort-num`` or ``idn`` part (two page templates)."""
    for key in ("sort-num", "idn"):
        if key in cell.parts:
            return _int(cell.parts[key])
    return None


def _vega_name(cell: Cell) -> str:
    """The player's name in a Vega player cell: its name box, else the text without number and title."""
    if cell.parts.get("player-name-box2"):
        return cell.parts["player-name-box2"]
    text = cell.text
    for key in ("idn", "sort-num", "title", "notitle", "rating"):
        part = cell.parts.get(key, "")
        if part and part in text:
            text = text.replace(part, " ", 1)
    return " ".join(text.split())


def _vega_standings(rows: list[Row], lines: list[tuple[str, int]], source: str
                    ) -> tuple[list[tuple[int, int, str, str, dict[str, str]]], list[str], dict[str, str]]:
    header_i = next((i for i, r in enumerate(rows) if {"pos", "pts"} <= {_norm(t) for t in r.texts()}), None)
    if header_i is None:
        raise EventError("no standings table (a header with Pos and Pts)", file=source, line=1)
    header = rows[header_i].texts()
    pts_i = next(i for i, t in enumerate(header) if _norm(t) == "pts")
    player_i = next((i for i, t in enumerate(header) if _norm(t) == "player"), 1)
    tb = [(i, header[i].strip()) for i in range(pts_i + 1, len(header)) if header[i].strip()]
    out = []
    for row in rows[header_i + 1:]:
        cells = row.cells
        rank = _int(cells[0].text) if cells else None
        if rank is None or len(cells) <= pts_i:
            continue
        player = cells[player_i] if player_i < len(cells) else Cell("")
        sno = _vega_number(player)
        if sno is None:
            raise EventError("a standings row without the player's number", file=source, line=row.line)
        vals = {label: cells[i].text if i < len(cells) else "" for i, label in tb}
        out.append((rank, sno, _vega_name(player), cells[pts_i].text, vals))
    legend: dict[str, str] = {}
    seen = False
    for text, _ in lines:
        if "legend" in text.lower():
            seen = True
            text = text.split(":", 1)[1] if ":" in text else ""
        if seen:
            m = _VEGA_LEGEND.match(text)
            if m:
                legend[m.group(1).upper()] = text.strip()
    return out, [label for _, label in tb], legend


def _vega_crosstable(rows: list[Row], source: str) -> tuple[list[Player], dict[int, list[Entry]], int]:
    players: list[Player] = []
    entries: dict[int, list[Entry]] = {}
    header = next((r for r in rows if "player" in {_norm(t) for t in r.texts()}), None)
    if header is None:
        raise EventError("no crosstable (a header with #, Player, Pts and the rounds)", file=source, line=1)
    texts = [_norm(t) for t in header.texts()]
    first_round = next(i for i, t in enumerate(texts) if t == "1")
    rounds = len(texts) - first_round
    check_count("the number of rounds", rounds, MAX_ROUNDS, file=source, line=header.line)
    player_i = texts.index("player")
    rating_i = next((i for i, t in enumerate(texts) if t in _RATING), None)
    for row in rows[rows.index(header) + 1:]:
        cells = row.cells
        if len(cells) <= player_i:
            continue
        player = cells[player_i]
        sno = _vega_number(player) if player_i == 0 else (_int(cells[0].text) or _vega_number(player))
        if sno is None:
            continue
        name = _vega_name(player)
        rating = player.parts.get("rating", "") or (cells[rating_i].text if rating_i is not None and
                                                     rating_i < len(cells) else "")
        players.append(Player(sno, name, _rating(rating)))
        check_count("the number of players", len(players), MAX_PLAYERS, file=source, line=row.line)
        row_entries: list[Entry] = []
        for r in range(rounds):
            i = first_round + r
            cell = cells[i] if i < len(cells) else Cell("")
            res = cell.parts.get("res", "").strip()
            if not res:
                row_entries.append(Entry.bye(Kind.ABS))
                continue
            pts = {"1": ONE, "0": ZERO, "½": HALF}.get(res)
            if pts is None:
                raise EventError(f"round {r + 1} of {name} has the result {res!r}", file=source, line=row.line)
            if "cf" in cell.parts:
                opp_text = cell.parts["cf"].strip()
                if opp_text.upper() == "BYE":
                    row_entries.append(Entry.bye(Kind.HPB if pts == HALF else Kind.PAB if pts == 1 else Kind.ZPB))
                    continue
                opp = _int(opp_text)
                if opp is None:
                    raise EventError(f"round {r + 1} of {name} names {opp_text!r}", file=source, line=row.line)
                row_entries.append(Entry(Kind.FW if pts == 1 else Kind.FL, opp, None, pts))
                continue
            colour = "W" if "cw" in cell.parts else "B" if "cb" in cell.parts else None
            opp = _int(cell.parts.get("cw", cell.parts.get("cb", "")))
            if opp is None:
                raise EventError(f"round {r + 1} of {name} names no opponent", file=source, line=row.line)
            row_entries.append(Entry.game(opp, colour, pts))
        entries[sno] = row_entries
    return players, entries, rounds


def _read_vega(standings: tuple[str, str], crosstable: tuple[str, str]) -> Published:
    try:
        s_rows, s_lines = html_tables(standings[1])
    except EventError as exc:
        raise exc.located(file=standings[0]) from None
    try:
        c_rows, c_lines = html_tables(crosstable[1])
    except EventError as exc:
        raise exc.located(file=crosstable[0]) from None
    table, labels, legend = _vega_standings(s_rows, s_lines, standings[0])
    players, entries, rounds = _vega_crosstable(c_rows, crosstable[0])
    title = next((t for t, _ in c_lines if t and "cross" not in t.lower()), "Vega event")
    event = make_event(_vega_title(crosstable[1]) or title, players, entries, rounds=rounds, source=crosstable[0])
    order = [sno for _, sno, _, _, _ in table]
    missing = [sno for sno in order if sno not in event.entries]
    if missing:
        raise EventError(f"the standings list player {missing[0]}, who is not in the crosstable", file=standings[0])
    columns = tuple(PublishedColumn(label, legend.get(label.upper()), {sno: vals[label] for _, sno, _, _, vals in table})
                    for label in labels)
    return Published(event, "Vega", tuple(order), {sno: rank for rank, sno, _, _, _ in table},
                     {sno: pts for _, sno, _, pts, _ in table}, columns,
                     ("a bye worth 1 point is read as a bye from the pairing",))


def _vega_title(text: str) -> str:
    m = re.search(r"<title>(.*?)</title>", text, re.S | re.I)
    return " ".join(m.group(1).split())[:200] if m else ""


#: what marks a copied table as chess-results': its name, its legend ("Tie Break1:", on a Finnish page
#: "Vertailu 1:"), or its round columns "1.Rd", "2.Rd" (in every language)
_CHESS_RESULTS = r"chess-results|tie\s*break\s*\d|vertailu\s*\d|(?:^|[\s>])1\.Rd(?:[\s<]|$)"


def _is_vega(text: str) -> bool:
    return "vegachess" in text.lower() or 'class="res"' in text


# -- the entry point ---------------------------------------------------------------------------------------

def read_published(files: Sequence[tuple[str, str | bytes]], games: Event | None = None) -> Published:
    """Read one published table (or Vega's two pages), optionally with the event's games from another file.

    ``files`` are ``(name, content)`` pairs; the name only names the file in messages.
    """
    if not files:
        raise EventError("nothing to read: give the published table")
    if len(files) == 1 and isinstance(files[0][1], (bytes, bytearray)) and bytes(files[0][1][:4]) == b"PK\x03\x04":
        name, data = files[0]
        assert isinstance(data, (bytes, bytearray))
        rows, lines = excel_rows(bytes(data), name)
        text = "\n".join(t for t, _ in lines)
        program = "chess-results" if re.search(_CHESS_RESULTS, text, re.I | re.M) else "table"
        return _from_rows(rows, lines, name, program, games)
    texts = [(name, decode_text(data, name)) for name, data in files]
    for name, text in texts:
        if not text.strip():
            raise EventError("the file is empty", file=name, line=1)
    vega = [t for t in texts if _is_vega(t[1])]
    if vega:
        if len(vega) != 2:
            raise EventError("Vega publishes the standings and the crosstable on two pages: give both files",
                             file=vega[0][0])
        cross = [t for t in vega if 'class="res"' in t[1]]
        if len(cross) != 1:
            raise EventError("of the two Vega pages, exactly one must be the crosstable", file=vega[0][0])
        stand = [t for t in vega if t is not cross[0]][0]
        return _read_vega(stand, cross[0])
    if len(texts) > 1:
        raise EventError("give one published table (two files only for Vega's standings and crosstable)",
                         file=texts[1][0])
    name, text = texts[0]
    if re.search(r"<\s*table", text, re.I):
        try:
            rows, lines = html_tables(text)
        except EventError as exc:
            raise exc.located(file=name) from None
        program = "chess-results" if re.search(_CHESS_RESULTS, text, re.I | re.M) else "web page"
    else:
        try:
            rows, lines = text_rows(text)
        except EventError as exc:
            raise exc.located(file=name) from None
        program = "chess-results" if re.search(_CHESS_RESULTS, text, re.I | re.M) else "table"
    return _from_rows(rows, lines, name, program, games)
