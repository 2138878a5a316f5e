"""Turn a Chess Olympiad PGN (one game per board, with team and board tags) into a TRF-16 team file.

Why: the real team events we hold as test data were small (15 teams at most), and the accessibility audit
and the speed checks need one of Olympiad size.  The only public board-by-board record of such an event
that we found is a PGN of every game, so this script rebuilds the event from it.  It is kept so that anyone
can redo the conversion from the same PGN and check each step; see ``tests/data/teams/README.md``.

What it reads from each game's headers (the moves are not used): ``Round`` as ``round.match`` (``"8.65"``
is round 8, match 65), ``Board``, ``White``, ``Black``, ``Result``, ``WhiteTeam``, ``BlackTeam``,
``WhiteElo``, ``BlackElo``, ``WhiteTitle``, ``BlackTitle``, ``WhiteFideId``, ``BlackFideId`` and ``Date``.

What it writes, and the choices it makes (each is said in the README too):

* teams are numbered in alphabetical order of their names (the PGN has no starting rank);
* each team's roster is ordered so that every line-up it fielded is in roster order (a player who sat on a
  higher board than a team-mate in some round comes first); ties go by the average board, then the name;
* players are numbered team by team, in roster order;
* a game whose result is ``0-0`` and that has no moves is a double forfeit (``-`` for both players);
* a round in which a team has no game at all is a zero-point bye (``240 Z``): the team was not paired;
* a match with fewer games than boards gets a ``300`` line-up for each team, with ``0000`` on the board
  the PGN has no game for; nobody scores on that board;
* names longer than the 33 columns TRF gives them are cut to 33 characters.

Run: ``python tools/olympiad_pgn_to_trf.py GAMES.pgn OUT.trf --name "..." --city "..." --federation IND``.
"""
from __future__ import annotations

import argparse
import io
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import chess.pgn

BOARDS = 4
_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "="), "0-0": ("-", "-")}


@dataclass
class Game:
    """One board of one match, as the PGN headers give it."""

    rnd: int
    match: int
    board: int
    white: tuple[str, str]          # (team, player name)
    black: tuple[str, str]
    result: str


@dataclass
class Person:
    """A player as first seen in the PGN, with the boards they sat on."""

    team: str
    name: str
    rating: int
    title: str
    fide_id: str
    boards: dict[int, int] = field(default_factory=dict)       # round -> board


def read_games(pgn_text: str) -> tuple[list[Game], dict[tuple[str, str], Person], tuple[str, str]]:
    """Every game's headers, the players met, and the first and last dates played."""
    games: list[Game] = []
    people: dict[tuple[str, str], Person] = {}
    dates: list[str] = []
    stream = io.StringIO(pgn_text)
    while (h := chess.pgn.read_headers(stream)) is not None:
        rnd_text, match_text = h["Round"].split(".")
        rnd, board = int(rnd_text), int(h["Board"])
        sides = []
        for colour in ("White", "Black"):
            key = (h[f"{colour}Team"], h[colour])
            elo = h.get(f"{colour}Elo", "0")
            title = h.get(f"{colour}Title", "-")
            person = people.setdefault(key, Person(key[0], key[1], int(elo) if elo.isdigit() else 0,
                                                   "" if title == "-" else title, h.get(f"{colour}FideId", "")))
            if rnd in person.boards:
                raise ValueError(f"{key[1]} ({key[0]}) has two games in round {rnd}")
            person.boards[rnd] = board
            sides.append(key)
        games.append(Game(rnd, int(match_text), board, sides[0], sides[1], h["Result"]))
        dates.append(h.get("Date", ""))
    return games, people, (min(dates), max(dates))


def roster_order(members: list[Person]) -> list[Person]:
    """The team's players in an order that keeps every line-up in order (a topological sort of "sat above")."""
    above: dict[str, set[str]] = {p.name: set() for p in members}
    for p in members:
        for q in members:
            if any(r in q.boards and p.boards[r] < q.boards[r] for r in p.boards):
                above[q.name].add(p.name)
    by_name = {p.name: p for p in members}
    order: list[Person] = []
    left = set(above)
    while left:
        ready = [n for n in left if not above[n] & left]
        if not ready:
            raise ValueError(f"team {members[0].team}: no roster order keeps every line-up in order")
        first = min(ready, key=lambda n: (sum(by_name[n].boards.values()) / len(by_name[n].boards), n))
        order.append(by_name[first])
        left.remove(first)
    return order


@dataclass
class Event:
    """The event laid out for TRF: team numbers, player numbers, each player's round blocks."""

    teams: list[str]
    rosters: dict[str, list[Person]]
    number: dict[tuple[str, str], int]
    blocks: dict[int, dict[int, tuple[int, str, str]]]         # player -> round -> (opponent, colour, code)
    short: list[tuple[int, str, str, list[tuple[str, str] | None]]]   # matches short of boards
    absent: dict[int, list[int]]                                # round -> teams with no game
    rounds: int


def lay_out(games: list[Game], people: dict[tuple[str, str], Person]) -> Event:
    """Number teams and players and turn each game into the two players' round blocks."""
    teams = sorted({p.team for p in people.values()})
    rosters = {t: roster_order([p for p in people.values() if p.team == t]) for t in teams}
    number: dict[tuple[str, str], int] = {}
    for t in teams:
        for p in rosters[t]:
            number[(t, p.name)] = len(number) + 1
    blocks: dict[int, dict[int, tuple[int, str, str]]] = defaultdict(dict)
    matches: dict[tuple[int, int], list[Game]] = defaultdict(list)
    for g in games:
        w, b = number[g.white], number[g.black]
        cw, cb = _CODES[g.result]
        blocks[w][g.rnd] = (b, "w", cw)
        blocks[b][g.rnd] = (w, "b", cb)
        matches[(g.rnd, g.match)].append(g)
    rounds = max(g.rnd for g in games)
    short = []
    for (rnd, _), boards in sorted(matches.items()):
        if len(boards) < BOARDS:
            first = boards[0].white[0] if boards[0].board % 2 else boards[0].black[0]
            second = boards[0].black[0] if first == boards[0].white[0] else boards[0].white[0]
            for team, other in ((first, second), (second, first)):
                seats: list[tuple[str, str] | None] = [None] * BOARDS
                for g in boards:
                    seats[g.board - 1] = g.white if g.white[0] == team else g.black
                short.append((rnd, team, other, seats))
    played = {(g.rnd, side[0]) for g in games for side in (g.white, g.black)}
    absent = {r: [teams.index(t) + 1 for t in teams if (r, t) not in played] for r in range(1, rounds + 1)}
    return Event(teams, rosters, number, blocks, short, absent, rounds)


def _points(code: str) -> Fraction:
    return {"1": Fraction(1), "=": Fraction(1, 2)}.get(code, Fraction(0))


def player_line(ev: Event, tpn: int, p: Person) -> str:
    """One ``001`` line: number, title, name, rating, FIDE id, points, then a block per round."""
    games = ev.blocks[tpn]
    points = sum((_points(games[r][2]) for r in games), Fraction(0))
    head = (f"001 {tpn:4d}  {p.title[:3]:>3} {p.name[:33]:<33} {p.rating:4d} {'':3} {p.fide_id[:11]:>11} "
            f"{'':10} {float(points):4.1f} {'':4}")
    body = ""
    for r in range(1, ev.rounds + 1):
        if r in games:
            opp, colour, code = games[r]
            body += f"  {opp:4d} {colour} {code}"
        else:
            body += "  0000 - -"
    return head + body


def write_trf(ev: Event, name: str, city: str, federation: str, dates: tuple[str, str]) -> str:
    """The whole TRF-16 text: header, players, ``013`` teams, ``240`` byes and ``300`` line-ups."""
    lines = [f"012 {name}", f"022 {city}", f"032 {federation}", f"042 {dates[0].replace('.', '/')}",
             f"052 {dates[1].replace('.', '/')}", f"062 {len(ev.number)}", f"082 {len(ev.teams)}",
             "092 Team Swiss System", f"142 {ev.rounds}", "192 FIDE_TEAM_MP_GP", "352 WBWB",
             "362 TW 2.0   TD 1.0   TL 0.0"]
    for t in ev.teams:
        for p in ev.rosters[t]:
            lines.append(player_line(ev, ev.number[(t, p.name)], p))
    for t in ev.teams:
        members = " ".join(f"{ev.number[(t, p.name)]:4d}" for p in ev.rosters[t])
        lines.append(f"013 {t[:32]:<32}{members}")
    for r, absent in ev.absent.items():
        if absent:
            lines.append(f"240 Z {r:3d}" + "".join(f" {t:4d}" for t in absent))
    for rnd, team, other, seats in ev.short:
        numbers = "".join(f" {ev.number[s] if s else 0:4d}" for s in seats)
        lines.append(f"300 {rnd:3d} {ev.teams.index(team) + 1:3d} {ev.teams.index(other) + 1:3d}{numbers}")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", type=Path)
    ap.add_argument("out", type=Path)
    ap.add_argument("--name", required=True)
    ap.add_argument("--city", default="")
    ap.add_argument("--federation", default="")
    a = ap.parse_args()
    games, people, dates = read_games(a.pgn.read_text(encoding="utf-8"))
    ev = lay_out(games, people)
    a.out.write_text(write_trf(ev, a.name, a.city, a.federation, dates), encoding="utf-8", newline="\n")
    print(f"{len(ev.teams)} teams, {len(ev.number)} players, {len(games)} games, {ev.rounds} rounds; "
          f"{sum(map(len, ev.absent.values()))} team rounds without a game; {len(ev.short) // 2} matches short "
          f"of boards -> {a.out}")


if __name__ == "__main__":
    main()
