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
- a Papi grid ("grille américaine", the French federation's program: ``+53B``, ``=7N``, ``>12``, ``EXE``),
  copied or saved from the FFE's pages, and a Swiss-Chess progress table (``12s1``: ``s`` for Black);
- a Swiss-Chess ranking with its pairing lists (:mod:`engine.formats.swisschess`);
- a round-robin crosstable grid (a column per opponent, ``*`` or ``X`` on the diagonal; no rounds or colours);
- any table of final standings (rank, name, points, tie-break columns) together with the event's games
  from a file we already read, players matched by starting number or by name.

Everything is text to us: a cell is never interpreted as markup.  A table that cannot be read raises one
:class:`EventError` naming the file and line.
"""
from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import Sequence

from engine.core.errors import EventError
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS, check_count
from engine.core.model import HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, make_event
from engine.core.said import Joined, said
from engine.formats.source import decode_text
from engine.formats.swisschess import is_swiss_chess, read_swiss_chess
from engine.formats.tables import (  # noqa: F401  (parse_round_cell, RawCell: read here by the tests too)
    _RATING,
    _VEGA_LEGEND,
    Cell,
    Layout,
    RawCell,
    Row,
    _int,
    _is_header,
    _layout,
    _name_key,
    _norm,
    _Player,
    _players,
    _rating,
    _title,
    excel_rows,
    html_tables,
    legends,
    parse_round_cell,
    text_rows,
)
from engine.ranking.second_opinion import Published, PublishedColumn, read_legend


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
                raise EventError(said("round {round} of {name} reads {text}, which is not a result we know (cells "
                                      "look like 12w1, 7b½, 32b+, -1, -½, 0)", round=r, name=p.name,
                                      text=repr(text.strip())), file=source, line=p.line)
            row.append(cell)
        parsed.append(row)
    check_count(said("the number of rounds"), len(players[0].cells) if players else 0, MAX_ROUNDS, file=source)
    by_rank = {p.rank: i for i, p in enumerate(players)}
    by_pos = {i + 1: i for i in range(len(players))}
    by_sno = {p.sno: i for i, p in enumerate(players) if p.sno is not None}
    readings = [("final rank", by_rank if len(by_rank) == len(players) else by_pos)]
    if len(by_sno) == len(players):
        readings.append(("starting number", by_sno))
    scored = sorted(readings, key=lambda x: -_consistency(players, parsed, x[1]))
    how, ref = scored[0]
    if len(readings) > 1:
        notes.append(said("opponents are given by final rank") if how == "final rank" else
                     said("opponents are given by starting number"))
    tpn_of = [p.sno if p.sno is not None and len(by_sno) == len(players) else i + 1 for i, p in enumerate(players)]
    entries: dict[int, list[Entry]] = {}
    pab_cells: dict[str, None] = {}         # the texts of the one-point rounds without an opponent, as printed
    for i, p in enumerate(players):
        row_entries: list[Entry] = []
        for r, c in enumerate(parsed[i], 1):
            if c.opponent is None:
                kind = c.bye or Kind.ABS
                if kind is Kind.PAB:
                    pab_cells[" ".join(p.cells[r - 1].split())] = None
                row_entries.append(Entry.bye(kind))
                continue
            j = ref.get(c.opponent)
            if j is None:
                raise EventError(said("round {round} of {name} names opponent {opponent}, who is not in the table",
                                      round=r, name=p.name, opponent=c.opponent), file=source, line=p.line)
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
    if pab_cells:
        cells: str = next(iter(pab_cells))
        for later in list(pab_cells)[1:]:
            cells = said("{earlier} or {later}", earlier=cells, later=later)
        notes.append(said("a cell {cells} (a one-point round without an opponent) is read as a bye from the pairing",
                          cells=cells))
    plist = [Player(tpn_of[i], p.name, p.rating, estimated=p.estimated) for i, p in enumerate(players)]
    rounds = max((len(p.cells) for p in players), default=0)
    try:
        event = make_event(name, plist, entries, rounds=rounds, source=source)
    except EventError as e:
        line = next((p.line for i, p in enumerate(players) if tpn_of[i] == e.player), None)
        raise EventError(e.said or e.message, file=source, line=line) from None
    return event, notes


#: one game's result in a grid cell, and whether the cell marks it as forfeited
_GRID_RESULT = {"1": (ONE, False), "0": (ZERO, False), "½": (HALF, False), "=": (HALF, False),
                "+": (ONE, True), "-": (ZERO, True), "0,5": (HALF, False), "0.5": (HALF, False),
                "1/2": (HALF, False)}

#: the results Swiss-Chess writes side by side in one cell of a double round robin (``10``, ``1½``, ``+0``)
_GRID_PAIR = re.compile(r"[10½=+\-]{2}")

_GridCell = tuple[tuple[Fraction, bool], ...]


def _grid_cells(players: list[_Player], source: str) -> tuple[list[list[_GridCell | None]], int]:
    """Each cell of the grid as the results it holds: one game, or two where the grid is a double round robin
    (Swiss-Chess prints both cycles' results side by side, ``10`` or ``1½``).  Every cell must hold as many
    games as the others: a grid is played in whole cycles."""
    grid: list[list[_GridCell | None]] = []
    for i, p in enumerate(players):
        row: list[_GridCell | None] = []
        for j, text in enumerate(p.cells):
            t = text.strip().replace(" ", "")
            if j == i or t in _DIAGONAL:
                row.append(None)
                continue
            one = _GRID_RESULT.get(t.rstrip("FfKk"))
            if one is not None:
                row.append((one,))
            elif _GRID_PAIR.fullmatch(t):
                row.append(tuple(_GRID_RESULT[ch] for ch in t))
            else:
                raise EventError(said("{name}'s result against player {number} reads {text}; a grid cell is 1, ½, 0, "
                                      "+ or - (or two of them side by side in a double round robin)",
                                      name=p.name, number=j + 1, text=repr(t)), file=source, line=p.line)
        grid.append(row)
    sizes = {len(c) for row in grid for c in row if c is not None}
    if len(sizes) > 1:
        raise EventError(said("the grid mixes cells of one game and cells of two: a round robin is played in whole "
                              "cycles"), file=source)
    return grid, max(sizes, default=1)


def _grid_game(grid: list[list[_GridCell | None]], players: list[_Player], a: int, b: int, cycle: int,
               source: str) -> tuple[Entry, Entry] | None:
    """The entries of ``a`` and ``b`` for their game of one cycle, or None where the grid gives no game."""
    ca = grid[a][b] if b < len(grid[a]) else None
    cb = grid[b][a] if a < len(grid[b]) else None
    ga, gb = (ca[cycle] if ca else None), (cb[cycle] if cb else None)
    if ga is None and gb is None:
        return None
    pa, pb = (ga[0] if ga else None), (gb[0] if gb else None)
    forfeit_mark = bool(ga and ga[1]) or bool(gb and gb[1])
    if pa is not None and pb is not None and pa == pb == 0:
        return Entry(Kind.FL, b + 1, None, ZERO), Entry(Kind.FL, a + 1, None, ZERO)
    if pa is None or pb is None:
        pa = pa if pa is not None else ONE - (pb or ZERO)
        pb = ONE - pa
    elif pa + pb != 1:
        raise EventError(said("the grid gives {first} {first_points} and {second} {second_points} for their game",
                              first=players[a].name, first_points=pa, second=players[b].name, second_points=pb),
                         file=source, line=players[a].line)
    if forfeit_mark:
        win_a = pa == 1
        return (Entry(Kind.FW if win_a else Kind.FL, b + 1, None, ONE if win_a else ZERO),
                Entry(Kind.FL if win_a else Kind.FW, a + 1, None, ZERO if win_a else ONE))
    return Entry.game(b + 1, None, pa), Entry.game(a + 1, None, pb)


def _round_robin_event(players: list[_Player], name: str, source: str) -> tuple[Event, list[str]]:
    """A grid ``1 2 3 ...`` with ``*`` on the diagonal: the games are placed in the rounds of a Berger table,
    cycle after cycle where each cell holds two games."""
    n = len(players)
    grid, cycles = _grid_cells(players, source)
    size = n if n % 2 == 0 else n + 1
    per_cycle = size - 1
    rounds = per_cycle * cycles
    entries: dict[int, list[Entry]] = {i + 1: [Entry.bye(Kind.ABS)] * rounds for i in range(n)}
    for cycle in range(cycles):
        seats = list(range(size))
        for r in range(per_cycle):
            for k in range(size // 2):
                a, b = seats[k], seats[size - 1 - k]
                if a >= n or b >= n:
                    continue
                pair = _grid_game(grid, players, a, b, cycle, source)
                if pair is not None:
                    entries[a + 1][cycle * per_cycle + r], entries[b + 1][cycle * per_cycle + r] = pair
            seats = [seats[0], seats[-1]] + seats[1:-1]
    plist = [Player(i + 1, p.name, p.rating, estimated=p.estimated) for i, p in enumerate(players)]
    event = make_event(name, plist, entries, rounds=rounds, event_type=EventType.ROUND_ROBIN, source=source)
    notes: list[str] = [said("a round-robin grid gives no rounds: the games are placed in the rounds of a Berger "
                             "table, which changes nothing but progressive scores")]
    if cycles > 1:
        notes.append(said("each cell holds {n} games side by side: a round robin of {n} cycles", n=cycles))
    return event, notes


def _is_grid(lay: Layout, players: list[_Player]) -> bool:
    """Round columns numbered 1..n for n players, and a ``*`` (or empty) diagonal."""
    if not players or len(lay.rounds) != len(players):
        return False
    return all(i < len(p.cells) and p.cells[i].strip() in _DIAGONAL for i, p in enumerate(players))


#: what a grid prints where a player meets himself: chess-results "*", Swiss-Chess "X" or "**", or nothing
_DIAGONAL = ("*", "**", "", "x", "X", "xx", "XX", "×")


def _from_rows(rows: list[Row], lines: list[tuple[str, int]], source: str, program: str,
               games: Event | None) -> Published:
    start = next((i for i, r in enumerate(rows) if _is_header(r.texts())), None)
    if start is None:
        raise EventError(said("no header row: expected a line with the column names (Rk., Name, Pts., TB1 ...)"),
                         file=source, line=1)
    header = rows[start].texts()
    lay = _layout(header)
    check_count(said("the number of rounds"), len(lay.rounds), max(MAX_ROUNDS, MAX_PLAYERS), file=source,
                line=rows[start].line)
    if lay.name is None and lay.sno is None:
        raise EventError(said("the header names no player column (Name)"), file=source, line=rows[start].line)
    legend = legends(lines)
    notes: list[str] = []
    points_tb = _points_column(lay, legend)
    if points_tb is not None:
        index, label = points_tb
        lay.points = index
        lay.tiebreaks.remove(points_tb)
        notes.append(said("{label} holds the points (its legend says \"{legend}\"): it is checked as the points",
                          label=label, legend=legend[label.upper().replace(' ', '')]))
    notes += _unnamed_columns(rows, start, lay)
    players = _players(rows, start + 1, lay, source)
    if not players:
        raise EventError(said("the table has a header but no player rows"), file=source, line=rows[start].line)
    name = _title(lines, range(rows[start].line, players[-1].line + 1), "Published standings")
    if games is not None:
        event, order = _match(players, games, source)
        notes.append(said("players matched to the games file by starting number") if lay.sno is not None else
                     said("players matched to the games file by name"))
        program = "standings table"
    elif _is_grid(lay, players):
        event, more = _round_robin_event(players, name, source)
        notes += more
        order = [i + 1 for i in range(len(players))]
        program = "round-robin grid"
    elif lay.rounds:
        check_count(said("the number of rounds"), len(lay.rounds), MAX_ROUNDS, file=source, line=rows[start].line)
        event, more = _swiss_event(players, name, source)
        notes += more
        tpns = event.tpns
        order = tpns
    else:
        raise EventError(said("the table has no round columns: give the event's games too (a TRF or other event "
                              "file)"),
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
        notes.append(said("the table lists players by starting number; the order checked is that of its rank column"))
    return Published(event, program, tuple(declared), ranks,
                     {order[i]: p.points for i, p in enumerate(players)} if lay.points is not None else {},
                     columns, tuple(notes))


def _unnamed_columns(rows: list[Row], start: int, lay: Layout) -> list[str]:
    """Numeric columns after the points that no head names as a tie-break ("Rp", "K", an empty head): each
    becomes a column to check against every system we know, and a note says so.  Why: a column dropped in
    silence may be the real first tie-break, and the order check would then read the table without it."""
    if lay.points is None:
        return []
    used = {lay.rank, lay.sno, lay.name, lay.rating, lay.points, *lay.rounds, *(i for i, _ in lay.tiebreaks)}
    header = rows[start].texts()
    body = [r.texts() for r in rows[start + 1:start + 61]]
    width = max([len(header), *map(len, body)])
    added: list[tuple[int, str]] = []
    notes: list[str] = []
    for i in range(lay.points + 1, width):
        if i in used:
            continue
        cells = [c[i].strip() for c in body if i < len(c) and c[i].strip()]
        if not cells or sum(_number(c) for c in cells) * 4 < len(cells) * 3:
            continue        # text (a club, a federation), or nothing
        head = header[i].strip() if i < len(header) else ""
        label = head or said("column {n}", n=i + 1)
        if _norm(head) in _RATING_CHANGE:
            notes.append(said("{label}: the rating change the event brings (or its factor), not a tie-break: not "
                              "checked", label=label))
            continue
        added.append((i, label))
        notes.append(said("{label}: a numeric column the table does not name as a tie-break; it is checked against "
                          "every system we know", label=label))
    if added:
        lay.tiebreaks = sorted(lay.tiebreaks + added)
    return notes


#: heads of the rating-change columns an export may print after the points (K factor, rating change,
#: games counted for the rating, expected score): numbers, but no tie-break
_RATING_CHANGE = {"k", "rtg+/-", "+/-", "w-we", "we", "n", "dwz+/-", "elo+/-", "k*(w-we)", "ratingchange", "rpw"}


def _number(text: str) -> bool:
    return re.fullmatch(r"[+-]?\d+(?:[.,]\d+)?½?|½", text.replace(" ", "")) is not None


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


def _match(players: list[_Player], games: Event, source: str) -> tuple[Event, list[int]]:
    by_name = {_name_key(p.name): p.tpn for p in games.players}
    order: list[int] = []
    for p in players:
        if p.sno is not None and p.sno in games.entries:
            order.append(p.sno)
            continue
        tpn = by_name.get(_name_key(p.name))
        if tpn is None:
            raise EventError(said("{name} is not a player of the games file", name=p.name), file=source, line=p.line)
        order.append(tpn)
    if len(set(order)) != len(order):
        raise EventError(said("two rows name the same player"), file=source)
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
        raise EventError(said("no standings table (a header with Pos and Pts)"), file=source, line=1)
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
            raise EventError(said("a standings row without the player's number"), file=source, line=row.line)
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
        raise EventError(said("no crosstable (a header with #, Player, Pts and the rounds)"), file=source, line=1)
    texts = [_norm(t) for t in header.texts()]
    first_round = next(i for i, t in enumerate(texts) if t == "1")
    rounds = len(texts) - first_round
    check_count(said("the number of rounds"), rounds, MAX_ROUNDS, file=source, line=header.line)
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
        check_count(said("the number of players"), len(players), MAX_PLAYERS, file=source, line=row.line)
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
                raise EventError(said("round {round} of {name} has the result {text}", round=r + 1, name=name,
                                      text=repr(res)), file=source, line=row.line)
            if "cf" in cell.parts:
                opp_text = cell.parts["cf"].strip()
                if opp_text.upper() == "BYE":
                    row_entries.append(Entry.bye(Kind.HPB if pts == HALF else Kind.PAB if pts == 1 else Kind.ZPB))
                    continue
                opp = _int(opp_text)
                if opp is None:
                    raise EventError(said("round {round} of {name} names {text}", round=r + 1, name=name,
                                          text=repr(opp_text)), file=source, line=row.line)
                row_entries.append(Entry(Kind.FW if pts == 1 else Kind.FL, opp, None, pts))
                continue
            colour = "W" if "cw" in cell.parts else "B" if "cb" in cell.parts else None
            opp = _int(cell.parts.get("cw", cell.parts.get("cb", "")))
            if opp is None:
                raise EventError(said("round {round} of {name} names no opponent", round=r + 1, name=name), file=source,
                                 line=row.line)
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
        raise EventError(said("the standings list player {number}, who is not in the crosstable", number=missing[0]),
                         file=standings[0])
    # the crosstable cuts long names (at 20 characters on Vega's older pages): the standings give them whole,
    # with Vega's "(W)" after the name of a player who withdrew, a mark rather than part of the name
    whole = {sno: _vega_withdrawn(name) for _, sno, name, _, _ in table}
    withdrawn = tuple(sno for sno in order if whole[sno][1])
    event = event.with_players(tuple(replace(p, name=whole[p.tpn][0]) if whole.get(p.tpn, ("", False))[0] else p
                                     for p in event.players))
    columns = tuple(PublishedColumn(label, legend.get(label.upper()), {sno: vals[label] for _, sno, _, _, vals in table})
                    for label in labels)
    notes: list[str] = []
    if any(e.kind is Kind.PAB for row in event.entries.values() for e in row):
        notes.append(said("a bye worth 1 point is read as a bye from the pairing"))
    if withdrawn:
        names = [whole[sno][0] for sno in withdrawn]
        notes.append(said("the standings mark {player} with (W): a player who withdrew", player=names[0])
                     if len(names) == 1 else
                     said("the standings mark {players} with (W): players who withdrew",
                          players=said("{earlier} and {last}", earlier=Joined(names[:-1], "; "), last=names[-1])))
    return Published(event, "Vega", tuple(order), {sno: rank for rank, sno, _, _, _ in table},
                     {sno: pts for _, sno, _, pts, _ in table}, columns, tuple(notes), withdrawn)


def _vega_withdrawn(name: str) -> tuple[str, bool]:
    """A standings name without Vega's withdrawal mark "(W)", and whether it had one."""
    m = re.match(r"^(.*?)\s*\(W\)\s*$", name)
    return (" ".join(m.group(1).split()), True) if m else (name, False)


def _vega_title(text: str) -> str:
    m = re.search(r"<title>(.*?)</title>", text, re.S | re.I)
    return " ".join(m.group(1).split())[:200] if m else ""


#: what marks a copied table as chess-results': its name, its legend ("Tie Break1:", on a Finnish page
#: "Vertailu 1:"), or its round columns "1.Rd", "2.Rd" (in every language)
_CHESS_RESULTS = r"chess-results|tie\s*break\s*\d|vertailu\s*\d|(?:^|[\s>])1\.Rd(?:[\s<]|$)"


#: what marks a table as Papi's (the French federation's program): its classes on the FFE's pages, the
#: "grille américaine" title, or its column heads Tr., Bu., Cu. beside "Nom"
_PAPI_TEXT = r"papi_|grille\s+am[ée]ricaine|\bpapi\b|(?:^|\t|>)(?:Tr|Bu|Cu)\.(?:\t|<|$)"
#: what marks one as Swiss-Chess's: its name, its lists' titles, its column heads
_SWISS_CHESS_TEXT = r"swiss-chess|fortschrittstabelle|\bbuchh\b|\bsoberg\b|\bbusumm\b|\bTNr\b|\bTeilnehmer\b"


def _program(text: str, fallback: str) -> str:
    """The program behind a table, from the words on it: its own name or legend first, then its column heads
    (chess-results' "1.Rd" round heads are the weakest sign: Swiss-Chess may print them too)."""
    if re.search(r"chess-results|tie\s*break\s*\d|vertailu\s*\d", text, re.I):
        return "chess-results"
    if re.search(_PAPI_TEXT, text, re.I | re.M):
        return "Papi"
    if re.search(_SWISS_CHESS_TEXT, text, re.I | re.M):
        return "Swiss-Chess"
    if re.search(_CHESS_RESULTS, text, re.I | re.M):
        return "chess-results"
    return fallback


def _is_vega(text: str) -> bool:
    return "vegachess" in text.lower() or 'class="res"' in text


# -- the entry point ---------------------------------------------------------------------------------------

def read_published(files: Sequence[tuple[str, str | bytes]], games: Event | None = None) -> Published:
    """Read one published table (or Vega's two pages), optionally with the event's games from another file.

    ``files`` are ``(name, content)`` pairs; the name only names the file in messages.
    """
    if not files:
        raise EventError(said("nothing to read: give the published table"))
    if len(files) == 1 and isinstance(files[0][1], (bytes, bytearray)) and bytes(files[0][1][:4]) == b"PK\x03\x04":
        name, data = files[0]
        assert isinstance(data, (bytes, bytearray))
        rows, lines = excel_rows(bytes(data), name)
        text = "\n".join(t for t, _ in lines)
        program = _program(text, "table")
        return _from_rows(rows, lines, name, program, games)
    texts = [(name, decode_text(data, name)) for name, data in files]
    for name, text in texts:
        if not text.strip():
            raise EventError(said("the file is empty"), file=name, line=1)
    vega = [page for page in texts if _is_vega(page[1])]
    if vega:
        if len(vega) != 2:
            raise EventError(said("Vega publishes the standings and the crosstable on two pages: give both files"),
                             file=vega[0][0])
        cross = [page for page in vega if 'class="res"' in page[1]]
        if len(cross) != 1:
            raise EventError(said("of the two Vega pages, exactly one must be the crosstable"), file=vega[0][0])
        stand = [page for page in vega if page is not cross[0]][0]
        return _read_vega(stand, cross[0])
    if is_swiss_chess(texts):
        return read_swiss_chess(texts)
    if len(texts) > 1:
        raise EventError(said("give one published table (two files only for Vega's standings and crosstable, or a "
                              "Swiss-Chess ranking with its pairing lists)"), file=texts[1][0])
    name, text = texts[0]
    if re.search(r"<\s*table", text, re.I):
        try:
            rows, lines = html_tables(text)
        except EventError as exc:
            raise exc.located(file=name) from None
        program = _program(text, "web page")
    else:
        try:
            rows, lines = text_rows(text)
        except EventError as exc:
            raise exc.located(file=name) from None
        program = _program(text, "table")
    return _from_rows(rows, lines, name, program, games)
