"""Reading the tables other programs publish, cell by cell: HTML pages, pasted or exported text, Excel; the
column heads in the languages those programs print; a round cell in each program's notation.

What :mod:`engine.formats.published` (chess-results, Vega, Papi, grids) and :mod:`engine.formats.swisschess`
(a ranking with its pairing lists) share.  Everything is text: a cell is never interpreted as markup.
"""
from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from html.parser import HTMLParser
from typing import Iterable, Sequence

from engine.core.errors import EventError
from engine.core.limits import MAX_PLAYERS, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, check_count
from engine.core.model import HALF, ONE, ZERO, Kind
from engine.core.said import Count, said
from engine.ranking.second_opinion import read_legend


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
    """Every table row of an HTML page as cells (text only), and the page's text lines (for legends).

    A table inside a cell is one of two things.  In a cell with text of its own it is a detail of that cell
    (the FFE's Papi grid puts each player's games in a box inside his name cell): neither rows of the page's
    table nor part of the cell's text.  In a cell with nothing else it is the page's layout (the FFE's site
    sets the whole grid inside a one-cell page table): its rows are the page's rows."""

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
        #: the enclosing cells of the tables open inside a cell, outermost first: (row, cell, buffer, classes,
        #: where the inner table's rows and lines began)
        self._outer: list[tuple[Row | None, Cell, list[str], list[tuple[str, str]], int, int]] = []
        #: where the rows and lines of the current cell's inner tables began (None: no inner table yet)
        self._inner_from: tuple[int, int] | None = None
        self._layout: set[int] = set()     # ids of the cells that only hold a table

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
            return
        if tag == "table" and self._cell is not None:
            self._flush_line()
            start = self._inner_from or (len(self.rows), len(self.lines))
            self._outer.append((self._row, self._cell, self._buffer, self._classes, *start))
            self._row, self._cell, self._buffer, self._classes = None, None, [], []
            self._inner_from = None
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
        if tag == "table" and self._outer:
            self._close_cell()
            self._flush_line()
            self._row, self._cell, self._buffer, self._classes, rows_from, lines_from = self._outer.pop()
            self._inner_from = (rows_from, lines_from)
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
            if self._inner_from is not None:
                if self._cell.text:
                    # a detail inside a cell with text of its own: not rows of the page
                    del self.rows[self._inner_from[0]:]
                    del self.lines[self._inner_from[1]:]
                    self._text_line = []
                else:
                    self._layout.add(id(self._cell))
            self._row.cells.append(self._cell)
            self.cells += 1
            _check_row(len(self._row.cells), self.cells, self._row.line)
        self._cell = None
        self._classes = []
        self._inner_from = None

    def _flush_line(self) -> None:
        text = " ".join("".join(self._text_line).split())
        if text:
            self.lines.append((text, self.getpos()[0]))
        self._text_line = []

    def close(self) -> None:
        super().close()
        while self._outer:
            self.handle_endtag("table")
        self._close_cell()
        self._flush_line()

    def page_rows(self) -> list[Row]:
        """The rows with cells, without the page's layout rows (rows whose cells only hold tables)."""
        return [r for r in self.rows if r.cells and not all(id(c) in self._layout for c in r.cells)]


def html_tables(text: str) -> tuple[list[Row], list[tuple[str, int]]]:
    parser = _Tables()
    parser.feed(text)
    parser.close()
    return parser.page_rows(), parser.lines


def _check_row(width: int, cells: int, line: int) -> None:
    """Stop at once at a row wider, or a table larger, than any table (the same limits as a workbook's)."""
    if width > MAX_TABLE_COLUMNS:
        raise EventError(said("this row has more than {most} cells; no table this "
                              "program reads has so many columns", most=MAX_TABLE_COLUMNS), line=line)
    if cells > MAX_TABLE_CELLS:
        raise EventError(said("the table has more than {most} cells by this row; no table "
                              "this program reads has so many", most=Count(MAX_TABLE_CELLS)), line=line)


# -- text tables -------------------------------------------------------------------------------------------

def _uncomment(line: str) -> str:
    """A line a person commented out (``#   3;;Wüest Andrin;...``) read as what it says."""
    return re.sub(r"^\s*#+\s?", "", line)


def text_rows(text: str) -> tuple[list[Row], list[tuple[str, int]]]:
    """The rows of a pasted or exported table: the separator is the one the header line uses most."""
    lines = [(_uncomment(line).rstrip("\r\n"), no) for no, line in enumerate(_without_front_matter(text), 1)]
    header = next((line for line, _ in lines if _is_header([c.strip() for c in _split(line, _sep_of(line))])), None)
    sep = _sep_of(header) if header is not None else None
    if sep == "\t":
        lines = _join_boxed_cells(lines)
    rows, cells = [], 0
    for line, no in lines:
        if line.strip() and not (sep == "|" and _MARKDOWN_RULE.fullmatch(line.strip())):
            parts = _split(line, sep)
            cells += len(parts)
            _check_row(len(parts), cells, no)
            rows.append(Row([Cell(c.strip()) for c in parts], no))
    return rows, [(line.strip(), no) for line, no in lines if line.strip()]


def _join_boxed_cells(lines: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A browser's copy of the FFE's Papi grid breaks each player's row around his name, which the page sets
    in a box of its own: ``1\t \t`` / ``LEMAIRE Augustin`` / ``1674 F\tPouM\t...``.  Such three lines (a row
    ending in a tab, a line without one, a line with them) are one row again."""
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(lines):
        line, no = lines[i]
        if (line.endswith("\t") and i + 2 < len(lines) and lines[i + 1][0].strip()
                and "\t" not in lines[i + 1][0] and "\t" in lines[i + 2][0]):
            out.append((f"{line}{lines[i + 1][0].strip()}\t{lines[i + 2][0]}", no))
            i += 3
            continue
        out.append((line, no))
        i += 1
    return out


def _without_front_matter(text: str) -> list[str]:
    """The lines of a text, those of a Markdown page's front matter (the ``---`` block at its top that holds
    the page's settings, as a club's website keeps its pages) left blank so that every line keeps its number;
    only the page's title stays, as the line it is ("Paarungen Runde 1" may be all that names the round)."""
    lines = text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or lines[first].strip() != "---":
        return lines
    end = next((i for i in range(first + 1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        return lines
    kept = [m.group(1).strip().strip("\"'") if (m := re.match(r"\s*title\s*:(.*)$", line)) else ""
            for line in lines[:end + 1]]
    return kept + lines[end + 1:]


#: the rule under a Markdown table's head row: ``|------|:---:|``
_MARKDOWN_RULE = re.compile(r"\|?(\s*:?-{3,}:?\s*\|)+\s*:?(-{3,}:?)?\s*")


def _sep_of(line: str) -> str | None:
    bare = re.sub(r'"[^"]*"', '""', line)       # a separator inside a quoted field does not count
    counts = {s: bare.count(s) for s in (";", "\t", ",")}
    best = max(counts, key=lambda s: counts[s])
    if line.strip().startswith("|") and line.count("|") >= 3 and line.count("|") > counts[best]:
        return "|"      # a Markdown table, as a club's website or a forum post writes one
    return best if counts[best] >= 2 else None


def _split(line: str, sep: str | None) -> list[str]:
    """The fields of one line: a quoted field may hold the separator and doubled quotes (RFC 4180), as an
    export writes "Smith, John" or a club's name with a comma; a Markdown row's outer bars are no fields."""
    if sep is None:
        return re.split(r"\s{2,}", line.strip())
    if sep == "|":
        return line.strip().removeprefix("|").removesuffix("|").split("|")
    if '"' not in line:
        return line.split(sep)
    return next(csv.reader([line], delimiter=sep, quotechar='"'), [])


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


_RANK = {"rk", "rank", "pl", "pos", "place", "platz", "rg", "#", "no", "rang"}
_SNO = {"sno", "snr", "startno", "sn", "nr", "id", "start", "tnr"}
# chess-results prints its column names in the reader's language: Finnish pages say "Nimi" and "p."
_NAME = {"name", "player", "spieler", "nom", "joueur", "players", "nimi", "teilnehmer"}
# Swiss-Chess heads the rating "TWZ" (or "DWZ"); a Papi grid "Elo", "Rapide" or "Blitz" by the rate of play
_RATING = {"rtg", "elo", "rating", "ratg", "fideelo", "elofide", "twz", "dwz", "rapide", "blitz"}
_PTS = {"pts", "points", "pkt", "punkte", "score", "pt", "total", "p"}
_ROUND = re.compile(r"^(\d{1,6})rd$|^rd(\d{1,6})$|^r(\d{1,6})$|^(\d{1,6})$|^runde(\d{1,6})$|^round(\d{1,6})$|"
                    r"^(\d{1,6})runde$|^(\d{1,6})rde$")
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
# the word for a tie-break in French, Spanish and Russian rule texts too ("Départage 1:", "Desempate 1:",
# "Тай-брейк 1:")
_LEGEND = re.compile(r"(?:tie\s*-?\s*break|tb|wertung|feinwertung|vertailu|d[ée]partage|desempate|тай\s*-?\s*брейк)"
                     r"\s*(\d{1,2})\s*[:=]\s*(.+)", re.I)
_VEGA_LEGEND = re.compile(r"^\s*([A-Za-z]{2,5}(?:[/-][A-Za-z]\d*)*)\s+:\s+(.+?)\s*$")


def legends(lines: Iterable[tuple[str, int]]) -> dict[str, str]:
    """``{"TB1": "Buchholz Tie-Breaks (variabel with parameter)"}`` from the legend lines, wherever they are."""
    out: dict[str, str] = {}
    for text, _ in lines:
        for m in _LEGEND.finditer(text):
            words = re.split(r"\s*(?:tie\s*-?\s*break|tb|vertailu|d[ée]partage|desempate|тай\s*-?\s*брейк)\s*\d{1,2}\s*:",
                             m.group(2), flags=re.I)[0]
            out.setdefault(f"TB{int(m.group(1))}", words.strip(" ,;"))
    return out


# -- cells -------------------------------------------------------------------------------------------------

#: a game cell: the opponent, the colour (``s`` schwarz: Black), the result; Swiss-Chess's progress table puts a
#: slash before the result (``3w/1``, ``8/+`` a forfeit win)
_GAME = re.compile(r"^(\d{1,6})\s*([wbsWBS]?)\s*/?\s*(1|0|½|=|\+|-|0[.,]5|1/2)?$")


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
    """``168w1`` ``12b½`` ``32b+`` ``7w-`` ``4w`` ``3w/1`` ``8/+`` ``-1`` ``-½`` ``0`` ``+`` ``-``; None when not a
    round cell.

    >>> parse_round_cell("12b½")
    RawCell(opponent=12, colour='B', points=Fraction(1, 2), forfeit=False, bye=None)
    >>> parse_round_cell("-1").bye, parse_round_cell("0").bye, parse_round_cell("32b+").forfeit
    (<Kind.PAB: 'PAB'>, <Kind.ABS: 'ABS'>, True)
    """
    t = text.strip().replace(" ", "").replace("\u00a0", "")
    papi = _papi_cell(t)
    if papi is not None:
        return papi
    if t in ("", "0", "-0", "-", "–", "--") or t.upper() in ("F", "FOR", "ABS"):
        return RawCell(None, None, ZERO, bye=Kind.ABS)
    if t.upper() in ("EXE", "SPF", "SPIELFREI", "FREILOS"):
        return RawCell(None, None, ONE, bye=Kind.PAB)
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


#: a Papi grid cell: the result first (+ won, = drawn, - lost, > won by forfeit, < lost by forfeit), the
#: opponent's place, the colour (B white, N black): ``+53B``, ``=7N``, ``>12``
_PAPI = re.compile(r"^([+=<>-])(\d{1,6})([BNbn])?$")


def _papi_cell(t: str) -> RawCell | None:
    """A Papi cell, or None.  ``-1`` and ``-0`` without a colour stay chess-results' byes."""
    m = _PAPI.match(t)
    if not m or (m.group(1) == "-" and not m.group(3) and m.group(2) in ("0", "1")):
        return None
    sign, opp = m.group(1), int(m.group(2))
    colour = {"B": "W", "N": "B"}.get(m.group(3).upper()) if m.group(3) else None
    if sign in "<>":
        return RawCell(opp, colour, ONE if sign == ">" else ZERO, forfeit=True)
    return RawCell(opp, colour, {"+": ONE, "=": HALF, "-": ZERO}[sign])


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
    #: the rating is printed as an estimate (Papi's ``799 E``)
    estimated: bool = False


def _int(text: str) -> int | None:
    t = text.strip().rstrip(".")
    return int(t) if t.isdigit() and len(t) < 7 else None


def _rating(text: str) -> int | None:
    """A rating as printed: ``1842``, or Papi's ``1842 F`` (F FIDE, N national, E estimated)."""
    m = re.match(r"^\s*(\d{1,5})(?:\s*[A-Za-z])?\s*$", text)
    r = int(m.group(1)) if m else None
    return r if r else None


def _estimated(text: str) -> bool:
    """Papi's mark of an estimated rating: ``799 E`` (``F`` is FIDE's, ``N`` the national federation's)."""
    return bool(re.match(r"^\s*\d{1,5}\s*E\s*$", text))


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
            raise EventError(said("the rank {text}… is too large to be a row of a table", text=text[:12]),
                                  file=source, line=row.line)
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
                           [get(i) for i in lay.rounds], {label: get(i) for i, label in lay.tiebreaks},
                           _estimated(get(lay.rating))))
        check_count(said("the number of players"), len(out), MAX_PLAYERS, file=source, line=row.line)
    return out


def _looks_like_player(cells: list[str], lay: Layout) -> bool:
    """A row without a rank that is still a player: a name, and round cells we can read (not a footer)."""
    name = cells[lay.name].strip() if lay.name is not None and lay.name < len(cells) else ""
    rounds = [cells[i] for i in lay.rounds if i < len(cells)]
    return bool(name) and bool(rounds) and all(parse_round_cell(c) is not None for c in rounds)


def _title(lines: Sequence[tuple[str, int]], table: range, fallback: str) -> str:
    """The event's name: the line a Papi grid prints above its "Grille américaine après la ronde 6" (a saved FFE
    page begins with the site's own title and menu), else the first line outside the table that is not the
    program's own words or the legend."""
    for (above, _), (text, _) in zip(lines, lines[1:]):
        if re.match(r"\s*grille\s+am[ée]ricaine", text, re.I) and not _program_words(above):
            return " ".join(above.strip(" ,;\t").split())[:200]
    for text, no in lines:
        t = text.strip(" ,;\t")
        if no in table or not t or _program_words(t):
            continue
        return " ".join(t.split())[:200]
    return fallback


def _program_words(line: str) -> bool:
    """A line in the publishing program's own words (its name, the table's title, the legend), not the event's."""
    return not line.strip(" ,;\t") or bool(re.search(
        r"chess-results|tournament-database|ranking|last update|^rk|annotation|tie\s*break|legend|crosstable|"
        r"grille\s+am|rangliste|paarung", line, re.I))


def _name_key(name: str) -> str:
    t = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return " ".join(sorted(re.findall(r"[a-z0-9]+", t)))
