"""A team event typed by hand: its teams and players in board order, its scoring, and each match entered board by
board; every step checked by the engine's own builder, so a mistake is refused with the board it is on and the
event on screen is never half-changed."""
from __future__ import annotations

from fractions import Fraction
from typing import Literal, Sequence

from engine.core.errors import EventError
from engine.core.model import Player
from engine.core.said import said, said_n
from engine.teams.model import Board, Match, Team, TeamEvent, TeamScoring, make_team_event

ONE, HALF, ZERO = Fraction(1), Fraction(1, 2), Fraction(0)
#: a board's result as typed, seen from the home team: its points, the away team's, played over the board
RESULTS: dict[str, tuple[Fraction, Fraction, bool]] = {
    "1–0": (ONE, ZERO, True), "½–½": (HALF, HALF, True), "0–1": (ZERO, ONE, True),
    "1–0 forfeit": (ONE, ZERO, False), "0–1 forfeit": (ZERO, ONE, False), "0–0 both forfeit": (ZERO, ZERO, False),
}


def parse_rosters(text: str, boards: int) -> list[tuple[str, list[str]]]:
    """One team a line, ``Name: first board, second board, ...`` (reserves after the boards)."""
    teams = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        name, _, rest = line.partition(":")
        players = [p.strip() for p in rest.split(",") if p.strip()]
        if not name.strip():
            raise EventError(said("line {line}: the team has no name (write the name, a colon, then its players)",
                                   line=no))
        if len(players) < boards:
            raise EventError(said_n("line {line}: {name} has {n} players for {boards} boards",
                                     "line {line}: {name} has {n} players for {boards} boards", len(players), line=no,
                                     name=name.strip(), boards=boards))
        teams.append((name.strip(), players))
    if len(teams) < 2:
        raise EventError(said("a team event needs at least two teams, one a line"))
    return teams


def blank_team_event(name: str, teams: Sequence[tuple[str, Sequence[str]]], rounds: int, boards: int,
                     win: Fraction = Fraction(2), primary: Literal["MP", "GP"] = "MP",
                     bye: Literal["draw", "win"] = "draw") -> TeamEvent:
    """A team event with its teams and players and no match yet."""
    team_list: list[Team] = []
    players: list[Player] = []
    for t, (team_name, names) in enumerate(teams, 1):
        ids = tuple(len(players) + k for k in range(1, len(names) + 1))
        players += [Player(i, n) for i, n in zip(ids, names)]
        team_list.append(Team(t, team_name, "", ids))
    scoring = TeamScoring(win=win, primary=primary)
    if bye == "win":
        scoring = scoring.with_value("PAB", win, Fraction(boards))
    return make_team_event(name, team_list, players, [], rounds=rounds, boards=boards, scoring=scoring,
                           colours=("WB" * boards)[:boards])


def _rebuilt(ev: TeamEvent, matches: Sequence[Match], byes: dict[tuple[int, int], str]) -> TeamEvent:
    return make_team_event(ev.name, ev.teams, ev.players, matches, rounds=ev.rounds, boards=ev.boards, byes=byes,
                           scoring=ev.scoring, date=ev.date, colours=ev.colours, file_tiebreaks=ev.file_tiebreaks)


def with_match(ev: TeamEvent, rnd: int, home: int, away: int,
               rows: Sequence[tuple[int | None, str, int | None]]) -> TeamEvent:
    """``ev`` with the match of ``home`` against ``away`` in round ``rnd`` (it replaces their match or byes of that
    round).  ``rows``: each board's home player, result (a key of :data:`RESULTS`) and away player."""
    if len(rows) != ev.boards:
        raise EventError(said_n("the match needs {n} boards, not {given}", "the match needs {n} boards, not {given}", ev.boards,
                                given=len(rows)))
    boards = []
    for k, (a, result, b) in enumerate(rows, 1):
        if result not in RESULTS:
            raise EventError(said("board {board}: choose a result", board=k))
        pa, pb, played = RESULTS[result]
        if played and (a is None or b is None):
            raise EventError(said("board {board}: a game played over the board needs a player on each side", board=k))
        boards.append(Board(k, (a, b), "W" if k % 2 else "B", (pa, pb), played))
    for side, team in ((0, home), (1, away)):
        seated = [b.players[side] for b in boards if b.players[side] is not None]
        twice = next((p for p in seated if seated.count(p) > 1), None)
        if twice is not None:
            raise EventError(said("{name} sits at two boards of this match", name=ev.player_name(twice)))
    matches = [m for m in ev.matches if not (m.round == rnd and {m.home, m.away} & {home, away})]
    byes = {k: v for k, v in ev.byes.items() if not (k[0] == rnd and k[1] in (home, away))}
    return _rebuilt(ev, matches + [Match(rnd, home, away, tuple(boards))], byes)


def with_bye(ev: TeamEvent, rnd: int, team: int, kind: str = "PAB") -> TeamEvent:
    """``ev`` with a bye for ``team`` in round ``rnd`` (replacing its match or bye of that round)."""
    matches = [m for m in ev.matches if not (m.round == rnd and team in (m.home, m.away))]
    byes = {k: v for k, v in ev.byes.items() if k != (rnd, team)}
    byes[(rnd, team)] = kind
    return _rebuilt(ev, matches, byes)


def match_total(rows: Sequence[tuple[int | None, str, int | None]]) -> tuple[Fraction, Fraction]:
    """The game points of each side from the boards typed so far (boards without a result count nothing)."""
    home = sum((RESULTS[r][0] for _, r, _ in rows if r in RESULTS), ZERO)
    away = sum((RESULTS[r][1] for _, r, _ in rows if r in RESULTS), ZERO)
    return home, away

