"""Before the last round of a team event: each team's places over the results the last round's matches can have.

The event is taken as it stood before its last round: that round's matches are paired, their results open.  Each
match can end on any score in half points (0–4, ½–3½, ... 4–0 with four boards); every combination of scores is
ranked under the chosen order (a sample of them, drawn with a fixed seed, when there are too many), and each
team's places are counted.  The counts treat every score as equally likely: they say what is possible and how
often, not how strong the teams are.  Inside a match the boards are won from the top board down, which only the
board tie-breaks notice.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product

from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.model import Board, Match, TeamEvent
from engine.teams.standings import team_standings


@dataclass
class TeamForecast:
    """The last round's places: how often each team takes each place, and, for each score of its own match, the
    best and worst place the other matches leave it."""

    round: int
    matches: list[Match]
    outcomes: int
    sampled: bool
    places: dict[int, Counter[int]] = field(default_factory=dict)
    by_own: dict[int, dict[Fraction, tuple[int, int]]] = field(default_factory=dict)


def with_score(ev: TeamEvent, m: Match, home: Fraction) -> Match:
    """Match ``m`` ending ``home`` to the rest, the home team winning its boards from the top down."""
    s = ev.scoring
    wins, half = int(home), home - int(home) > 0
    boards = []
    for k, old in enumerate(m.boards, 1):
        if k <= wins:
            pts = (s.game_win, s.game_loss)
        elif k == wins + 1 and half:
            pts = (s.game_draw, s.game_draw)
        else:
            pts = (s.game_loss, s.game_win)
        boards.append(Board(old.number, old.players, old.colour, pts, True))
    return Match(m.round, m.home, m.away, tuple(boards))


def last_round_forecast(ev: TeamEvent, criteria: list[TeamCriterion], rules: str = "fide",
                        options: TeamOptions | None = None, limit: int = 400, seed: int = 1) -> TeamForecast:
    """Every combination of the last round's match scores (or ``limit`` of them drawn with ``seed``), ranked."""
    rnd = ev.played_rounds
    open_matches = [m for m in ev.matches if m.round == rnd and not m.forfeit and m.boards]
    kept = [m for m in ev.matches if m not in open_matches]
    scores = [Fraction(k, 2) for k in range(0, 2 * ev.boards + 1)]
    total = len(scores) ** len(open_matches)
    sampled = total > limit
    rng = random.Random(seed)
    combos = (tuple(rng.choice(scores) for _ in open_matches) for _ in range(limit)) if sampled \
        else product(scores, repeat=len(open_matches))
    out = TeamForecast(rnd, open_matches, 0, sampled, {t: Counter() for t in ev.tpns})
    own: dict[int, dict[Fraction, list[int]]] = {t: {} for t in ev.tpns}
    for combo in combos:
        played = [with_score(ev, m, s) for m, s in zip(open_matches, combo)]
        event = replace(ev, matches=tuple(kept + played))
        table = team_standings(TeamContext(event, rules, options), criteria)
        out.outcomes += 1
        for row in table.rows:
            out.places[row.tpn][row.rank] += 1
        for m, s in zip(open_matches, combo):
            for team, gp in ((m.home, s), (m.away, ev.boards * ev.scoring.game_win - s)):
                rank = next(r.rank for r in table.rows if r.tpn == team)
                seen = own[team].setdefault(gp, [rank, rank])
                seen[0], seen[1] = min(seen[0], rank), max(seen[1], rank)
    out.by_own = {t: {gp: (lo, hi) for gp, (lo, hi) in sorted(d.items())} for t, d in own.items() if d}
    return out
