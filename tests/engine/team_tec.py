"""FIDE TEC's 14-team crosstable (Exercises in Tie-Breaking, 2023, the team part) as a team event.

Each team's round: (opponent, game points scored, what happened).  Four boards, 2/1/0 match points, and
the exercise book's values for unplayed matches (a bye from the pairing and a half-point bye 1 MP / 2 GP,
a zero-point bye and a lost forfeit 0 / 0, a won forfeit 2 MP / 4 GP).  The boards of a played match
are spread as wins first, then draws, then losses (only the game points of a match enter the exercises),
except Koalas v Narwhals in round 3, whose boards the book gives (1, ½, ½, 0 against 0, ½, ½, 1).
"""
from __future__ import annotations

from fractions import Fraction

from engine.core.model import Player
from engine.teams.model import Board, Match, Team, TeamEvent, make_team_event

NAMES = ["Antelopes", "Bonobos", "Cougars", "Deer", "Elephants", "Falcons", "Giraffes", "Hippopotami",
         "Iguanas", "Jackals", "Koalas", "Lynxes", "Moose", "Narwhals"]

G, PAB, HPB, ZPB, FW, FL = "G", "PAB", "HPB", "ZPB", "FW", "FL"
RAW: dict[int, list[tuple[int | None, float, str]]] = {
    1: [(8, 2.5, G), (4, 1.5, G), (7, 3, G), (2, 2.5, G), (5, 1.5, G), (6, 4, FW), (3, 2.5, G)],
    2: [(9, 3, G), (3, 4, G), (5, 0, G), (1, 1.5, G), (13, 3, G), (4, 2.5, G), (10, 3, G)],
    3: [(10, 2.5, G), (2, 0, G), (9, 3, G), (6, 2.5, G), (4, 3, G), (5, 3.5, G), (1, 1.5, G)],
    4: [(11, 3, G), (1, 2.5, G), (13, 3, G), (5, 3.5, G), (3, 1, G), (2, 1.5, G), (9, 2.5, G)],
    5: [(12, 4, G), (6, 3, G), (2, 4, G), (4, 0.5, G), (1, 2.5, G), (3, 0.5, G), (13, 3.5, G)],
    6: [(13, 2, G), (5, 1, G), (8, 3, G), (3, 1.5, G), (11, 2.5, G), (1, 0, FL), (12, 2.5, G)],
    7: [(14, 2, G), (8, 2, G), (1, 1, G), (10, 2.5, G), (9, 2, G), (13, 2, G), (None, 0, ZPB)],
    8: [(1, 1.5, G), (7, 2, G), (6, 1, G), (12, 3.5, G), (10, 2, G), (9, 2, G), (11, 3, G)],
    9: [(2, 1, G), (12, 4, G), (3, 1, G), (14, 3, G), (7, 2, G), (8, 2, G), (4, 1.5, G)],
    10: [(3, 1.5, G), (11, 1.5, G), (12, 2.5, G), (7, 1.5, G), (8, 2, G), (14, 3, G), (2, 1, G)],
    11: [(4, 1, G), (10, 2.5, G), (14, 2, G), (13, 1.5, G), (6, 1.5, G), (12, 2, G), (8, 1, G)],
    12: [(5, 0, G), (9, 0, G), (10, 1.5, G), (8, 0.5, G), (None, 2, PAB), (11, 2, G), (6, 1.5, G)],
    13: [(6, 2, G), (14, 2.5, G), (4, 1, G), (11, 2.5, G), (2, 1, G), (7, 2, G), (5, 0.5, G)],
    14: [(7, 2, G), (13, 1.5, G), (11, 2, G), (9, 1, G), (None, 2, HPB), (10, 1, G), (None, 2, PAB)],
}
#: (MP, GP) of every team in the book's crosstable
TOTALS = {1: (10, 17.5), 2: (10, 17), 3: (10, 16), 4: (10, 17), 5: (10, 18), 6: (7, 12.5), 7: (6, 11.5),
          8: (7, 15), 9: (6, 14.5), 10: (5, 13), 11: (4, 11.5), 12: (2, 7.5), 13: (6, 11.5), 14: (4, 11.5)}
KOALAS_NARWHALS = ((1, 0), (0.5, 0.5), (0.5, 0.5), (0, 1))


def spread(gp: Fraction) -> list[Fraction]:
    """Four boards adding up to ``gp``: wins first, then a draw, then losses."""
    out = []
    left = gp
    for _ in range(4):
        v = min(Fraction(1), left)
        v = Fraction(1) if v >= 1 else (Fraction(1, 2) if v >= Fraction(1, 2) else Fraction(0))
        out.append(v)
        left -= v
    return out


def player(team: int, board: int) -> int:
    return (team - 1) * 4 + board


def tec_event() -> TeamEvent:
    teams = [Team(t, NAMES[t - 1], NAMES[t - 1][:3].upper(), tuple(player(t, b) for b in range(1, 5)))
             for t in range(1, 15)]
    players = [Player(player(t, b), f"{NAMES[t - 1]} {b}") for t in range(1, 15) for b in range(1, 5)]
    matches = []
    byes = {}
    for t, rows in RAW.items():
        for rnd, (opp, gp, kind) in enumerate(rows, 1):
            if kind in (PAB, HPB, ZPB):
                byes[(rnd, t)] = kind
            elif opp is not None and t < opp:
                if kind == FW:
                    matches.append(Match(rnd, t, opp, forfeit="+-"))
                elif kind == FL:
                    matches.append(Match(rnd, t, opp, forfeit="-+"))
                else:
                    if (t, opp, rnd) == (11, 14, 3):
                        pts = [(Fraction(a), Fraction(b)) for a, b in KOALAS_NARWHALS]
                    else:
                        mine = spread(Fraction(gp))
                        pts = [(a, 1 - a) for a in mine]
                        # keep it a proper game: a half against a half
                    boards = tuple(Board(b, (player(t, b), player(opp, b)), "W" if b % 2 else "B", pts[b - 1])
                                   for b in range(1, 5))
                    matches.append(Match(rnd, t, opp, boards))
    return make_team_event("TEC team exercises", teams, players, matches, rounds=7, boards=4, byes=byes)
