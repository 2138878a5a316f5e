"""Chances: the one model of a game's result from the players' ratings, and the one interval for a sampled share.

Random events, the app's "fill random results", the simulation lab and the forecast before the last round
all draw or weigh results; they must agree on how likely a win, a draw and a loss are, or the forecast
would disagree with the events it is tested against.  A sampled proportion (a simulation's "right
player first", a forecast's chance) is always reported with the same Wilson interval.
"""
from __future__ import annotations

import math
import random

__all__ = ["UNRATED_STRENGTH", "Z95", "elo_chances", "draw_result", "expected_score", "wilson"]

#: the strength an unrated player plays at when results are drawn or weighed
UNRATED_STRENGTH = 1500
#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def elo_chances(white_strength: float, black_strength: float, draw_rate: float) -> tuple[float, float, float]:
    """(White wins, draw, Black wins) of one game, so that White's expected score is the Elo expectation
    ``E = 1 / (1 + 10^((Rb - Rw) / 400))``: the one result model of random events, the app's random
    results and the forecast.

    Draws are likeliest between equals and vanish as the gap grows (``draw_rate * (1 - |2E - 1|)``);
    the win probability is ``E - draws / 2`` (kept inside 0..1 - draws) so that wins plus half the draws
    still average to ``E``.
    """
    e = 1.0 / (1.0 + 10.0 ** ((black_strength - white_strength) / 400.0))
    d = draw_rate * (1.0 - abs(2.0 * e - 1.0))
    w = min(max(e - d / 2.0, 0.0), 1.0 - d)
    return w, d, max(0.0, 1.0 - w - d)


def draw_result(rng: random.Random, chances: tuple[float, float, float]) -> int:
    """One result drawn from (White wins, draw, Black wins): White's half-points, 2, 1 or 0."""
    w, d, _ = chances
    u = rng.random()
    return 2 if u < w else 1 if u < w + d else 0


def expected_score(white_rating: int | None, black_rating: int | None) -> float:
    """White's Elo expectation (unrated players count as :data:`UNRATED_STRENGTH`)."""
    w, d, _ = elo_chances(white_rating or UNRATED_STRENGTH, black_rating or UNRATED_STRENGTH, 0.0)
    return w + d / 2


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default); (0, 1) when ``n`` is 0.

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)      # exact at the ends, not 1 - 1e-16
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return low, high
