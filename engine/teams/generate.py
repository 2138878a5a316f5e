"""Random team events for tests and benchmarks: byes, requested byes, forfeited matches and boards, empty boards,
reserves sitting out.  Deterministic for a seed; the pairings are random (no repeat where one can be avoided),
not a team Swiss, which the tie-breaks do not need.
"""
from __future__ import annotations

import random
from fractions import Fraction

from engine.core.model import HALF, ONE, ZERO, Player
from engine.teams.model import Board, Match, Team, TeamEvent, make_team_event

RESULTS = ((ONE, ZERO), (HALF, HALF), (ZERO, ONE))


def generate_team_event(teams: int = 12, rounds: int = 7, boards: int = 4, seed: int = 1, *, reserves: int = 2,
                        forfeit_board: float = 0.03, empty_board: float = 0.02, forfeit_match: float = 0.03,
                        requested_bye: float = 0.03, date: str = "2025/05/01") -> TeamEvent:
    rng = random.Random(seed)
    size = boards + reserves
    team_list = [Team(t, f"Team {t}", f"T{t}", tuple((t - 1) * size + k for k in range(1, size + 1)))
                 for t in range(1, teams + 1)]
    players = [Player((t - 1) * size + k, f"Player {t}.{k}", 1500 + rng.randrange(900))
               for t in range(1, teams + 1) for k in range(1, size + 1)]
    met: set[frozenset[int]] = set()
    had_pab: set[int] = set()
    matches: list[Match] = []
    byes: dict[tuple[int, int], str] = {}
    for rnd in range(1, rounds + 1):
        here = []
        for t in range(1, teams + 1):
            if rng.random() < requested_bye:
                byes[(rnd, t)] = rng.choice(("HPB", "ZPB"))
            else:
                here.append(t)
        if len(here) % 2:
            pick = rng.choice([t for t in here if t not in had_pab] or here)
            had_pab.add(pick)
            byes[(rnd, pick)] = "PAB"
            here.remove(pick)
        pairs: list[tuple[int, int]] = []
        for _ in range(20):
            rng.shuffle(here)
            pairs = [(here[i], here[i + 1]) for i in range(0, len(here), 2)]
            if not any(frozenset(p) in met for p in pairs):
                break
        for a, b in pairs:
            met.add(frozenset((a, b)))
            if rng.random() < forfeit_match:
                matches.append(Match(rnd, a, b, forfeit=rng.choice(("+-", "-+", "+-", "-+", "--"))))
                continue
            seats = []
            for t in (a, b):
                roster = team_list[t - 1].players
                chosen = sorted(rng.sample(range(size), boards))
                seats.append([roster[i] for i in chosen])
            bl = []
            for k in range(1, boards + 1):
                pa, pb = seats[0][k - 1], seats[1][k - 1]
                colour = "W" if k % 2 else "B"
                r = rng.random()
                if r < empty_board:
                    if rng.random() < 0.5:
                        bl.append(Board(k, (None, pb), colour, (ZERO, ONE), False))
                    else:
                        bl.append(Board(k, (pa, None), colour, (ONE, ZERO), False))
                elif r < empty_board + forfeit_board:
                    pts = rng.choice(((ONE, ZERO), (ZERO, ONE)))
                    bl.append(Board(k, (pa, pb), colour, pts, False))
                else:
                    w = rng.random()
                    pts = RESULTS[0] if w < 0.38 else RESULTS[1] if w < 0.62 else RESULTS[2]
                    bl.append(Board(k, (pa, pb), colour, pts, True))
            matches.append(Match(rnd, a, b, tuple(bl)))
    return make_team_event(f"Generated team event {seed}", team_list, players, matches, rounds=rounds,
                           boards=boards, byes=byes, date=date, colours=("WB" * boards)[:boards])


def game_fraction(x: float) -> Fraction:
    return Fraction(x).limit_denominator(4)
