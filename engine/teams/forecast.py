"""Before the last round of a team event: each team's places over the results the last round's matches can have.

The event is taken as it stood before its last round: that round's matches are paired, their results open.  Each
match can end on any score in half points (0–4, ½–3½, ... 4–0 with four boards); every combination of scores is
ranked under the chosen order (a sample of them, drawn with a fixed seed, when there are too many), and each
team's chance of each place is added up.

How likely a match score is follows from its boards: each board's result is weighed by the two players' ratings
with the model of the single-event forecast (:func:`engine.core.chances.elo_chances`: the Elo expectation, draws
likeliest between equals), and a match's score is the sum of its boards, so its chances are the boards' chances
combined (:func:`match_score_chances`).  A combination of match scores weighs the product of its matches'
chances; a sample draws each match's score by those chances.  ``model="uniform"`` weighs every score the same
(what can happen, not how likely it is).  Inside a match the boards are won from the top board down, which only
the board tie-breaks notice.

>>> chances = match_score_chances([(0.5, 0.2, 0.3), (0.4, 0.4, 0.2)])
>>> {str(k): round(v, 2) for k, v in chances.items()}
{'0': 0.06, '1/2': 0.16, '1': 0.3, '3/2': 0.28, '2': 0.2}
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from math import prod
from typing import Iterable

from engine.core.chances import UNRATED_STRENGTH, elo_chances
from engine.core.errors import EventError
from engine.core.said import said
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
    #: each team's chance of each place (its chances add up to 1)
    places: dict[int, dict[int, float]] = field(default_factory=dict)
    by_own: dict[int, dict[Fraction, tuple[int, int]]] = field(default_factory=dict)
    #: how scores were weighed: "elo" (from the boards' ratings) or "uniform" (every score alike)
    model: str = "elo"
    #: each open match's chance of each home score
    chances: list[dict[Fraction, float]] = field(default_factory=list)


#: the draw rate between equals, as in the single-event forecast
DRAW_RATE = 0.3
MODELS = ("elo", "uniform")


def board_chances(ratings: dict[int, int | None], board: Board, draw_rate: float = DRAW_RATE
                  ) -> tuple[float, float, float]:
    """(home wins, draw, home loses) of one board from its two players' ratings (an unrated player, or a seat
    left empty, plays at :data:`~engine.core.chances.UNRATED_STRENGTH`); the model has no colour advantage."""
    home, away = (ratings.get(p) if p is not None else None for p in board.players)
    return elo_chances(home or UNRATED_STRENGTH, away or UNRATED_STRENGTH, draw_rate)


def match_score_chances(boards: list[tuple[float, float, float]], win: Fraction = Fraction(1),
                        draw: Fraction = Fraction(1, 2)) -> dict[Fraction, float]:
    """The chance of each home score of a match, its boards' chances (home wins, draw, loses) combined: a
    score is a sum of board results, so its chance is the sum, over the ways of making it, of the product of
    the boards' chances."""
    out: dict[Fraction, float] = {Fraction(0): 1.0}
    for w, d, lose in boards:
        nxt: dict[Fraction, float] = {}
        for score, p in out.items():
            for add, q in ((win, w), (draw, d), (Fraction(0), lose)):
                if q:
                    nxt[score + add] = nxt.get(score + add, 0.0) + p * q
        out = nxt
    return dict(sorted(out.items()))


def _chances(ev: TeamEvent, matches: list[Match], model: str, draw_rate: float = DRAW_RATE
             ) -> list[dict[Fraction, float]]:
    """Each match's chance of each home score, by the model."""
    scores = [Fraction(k, 2) for k in range(0, 2 * ev.boards + 1)]
    if model == "uniform":
        return [{sc: 1 / len(scores) for sc in scores} for _ in matches]
    ratings = {p.tpn: p.rating for p in ev.players}
    s = ev.scoring
    return [match_score_chances([board_chances(ratings, b, draw_rate) for b in m.boards], s.game_win, s.game_draw)
            for m in matches]


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


def sample_size(teams: int) -> int:
    """How many combinations of the last round's scores are ranked when there are more: fewer for a larger event
    (each ranking of 190 teams takes a fifth of a second), so the page answers within seconds."""
    return 400 if teams <= 20 else 60 if teams <= 60 else 15


def last_round_forecast(ev: TeamEvent, criteria: list[TeamCriterion], rules: str = "fide",
                        options: TeamOptions | None = None, limit: int = 400, seed: int = 1,
                        model: str = "elo", draw_rate: float = DRAW_RATE) -> TeamForecast:
    """Every combination of the last round's match scores (or ``limit`` of them drawn with ``seed`` by their
    chances), ranked, each weighed by its chance under ``model`` (``elo``, with ``draw_rate`` the share of draws
    between equal players, or ``uniform``)."""
    if model not in MODELS:
        raise EventError(said("unknown outcome model {model}; choose elo or uniform", model=repr(model)))
    rnd = ev.played_rounds
    open_matches = [m for m in ev.matches if m.round == rnd and not m.forfeit and m.boards]
    kept = [m for m in ev.matches if m not in open_matches]
    chances = _chances(ev, open_matches, model, draw_rate)
    total = 1
    for c in chances:
        total *= len(c)
    sampled = total > limit
    rng = random.Random(seed)
    combos: Iterable[tuple[tuple[Fraction, ...], float]]
    if sampled:
        combos = ((tuple(rng.choices(list(c), weights=list(c.values()))[0] for c in chances), 1 / limit)
                  for _ in range(limit))
    else:
        combos = ((combo, prod(c[sc] for c, sc in zip(chances, combo)))
                  for combo in product(*(list(c) for c in chances)))
    out = TeamForecast(rnd, open_matches, 0, sampled, {t: {} for t in ev.tpns}, model=model, chances=chances)
    own: dict[int, dict[Fraction, list[int]]] = {t: {} for t in ev.tpns}
    full = ev.boards * ev.scoring.game_win
    for combo, weight in combos:
        played = [with_score(ev, m, sc) for m, sc in zip(open_matches, combo)]
        table = team_standings(TeamContext(replace(ev, matches=tuple(kept + played)), rules, options), criteria)
        out.outcomes += 1
        ranks = {row.tpn: row.rank for row in table.rows}
        for tpn, rank in ranks.items():
            out.places[tpn][rank] = out.places[tpn].get(rank, 0.0) + weight
        for m, sc in zip(open_matches, combo):
            for team, gp in ((m.home, sc), (m.away, full - sc)):
                seen = own[team].setdefault(gp, [ranks[team], ranks[team]])
                seen[0], seen[1] = min(seen[0], ranks[team]), max(seen[1], ranks[team])
    out.by_own = {t: {gp: (lo, hi) for gp, (lo, hi) in sorted(d.items())} for t, d in own.items() if d}
    return out
