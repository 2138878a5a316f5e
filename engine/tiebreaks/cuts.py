"""Which values a cut, a median or a modified median drops, and why.

FIDE (art. 14 and 16.5): the *least significant value* is cut first; for Buchholz it is the lowest
contribution, for Sonneborn-Berger the contribution of the lowest-scored opponent (ties: the lower
contribution).  A player's own voluntarily unplayed round (VUR) is cut before it when its
contribution is not lower (the higher of the two goes).  Cuts from the top get no VUR preference.
US Chess medians sort by value only.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.core.said import num, said


@dataclass(frozen=True)
class Item:
    """One value that may be cut: ``value`` is what it adds, ``score`` the opponent's score behind it."""

    round: int
    value: Fraction
    score: Fraction
    vur: bool = False
    played: bool = True


def fide_cut(items: list[Item], low: int, high: int, *, vur_preference: bool, by_score: bool,
             rounds: int) -> dict[int, str]:
    """Rounds dropped by FIDE Cut-n / Median-n, each with its reason.

    ``by_score``: the least significant value is the lowest-scored opponent's (Sonneborn-Berger); for
    Buchholz value and score are the same.  ``rounds`` caps the cut counts as the reference does.
    """
    low = min(low, rounds)
    if low + high > rounds:
        high = rounds - low
    left = list(items)
    dropped: dict[int, str] = {}
    for _ in range(low):
        if not left:
            break
        lsv = min(left, key=lambda i: (i.score, i.value) if by_score else (i.value, i.score))
        vurs = [i for i in left if i.vur]
        pick = lsv
        why = said("cut (lowest): the lowest-scored opponent's contribution") if by_score else \
            said("cut (lowest): the lowest value")
        if vur_preference and vurs:
            vur = min(vurs, key=lambda i: (i.value, i.score))
            if not lsv.value > vur.value:
                pick = vur
                why = said("cut (lowest): a voluntarily unplayed round is cut first (FIDE art. 16.5)")
                if by_score and vur is not lsv and vur.value > lsv.value:
                    why = said("cut (lowest): a voluntarily unplayed round is cut first (FIDE art. 16.5): its {value} "
                               "is not lower than the least significant value {least}", value=num(vur.value),
                               least=num(lsv.value))
        left.remove(pick)
        dropped[pick.round] = why
    for _ in range(high):
        if not left:
            break
        top = max(left, key=lambda i: (i.score, i.value) if by_score else (i.value, i.score))
        # max() keeps the first of equals; the reference sorts descending and takes the first too
        left.remove(top)
        dropped[top.round] = said("cut (highest): the highest value")
    return dropped


def median_k(n: int) -> int:
    """US Chess: drop one value at each end below 9 rounds, two from 9 rounds on."""
    return 2 if n >= 9 else 1


def median_ends(code: str, n: int, side: int) -> tuple[int, int]:
    """How many values the US Chess Median (``MED``) or Modified Median (``MM``) drops at the low and the high
    end in an event of ``n`` rounds: the Median :func:`median_k` at each end; the Modified Median only the
    lowest for a plus score (``side`` > 0: above half of ``n``), only the highest for a minus score
    (``side`` < 0), both for a score of exactly half."""
    k = median_k(n)
    if code == "MED" or side == 0:
        return k, k
    return (k, 0) if side > 0 else (0, k)


def median_cut(items: list[Item], low: int, high: int, *, prefer_played_low: bool = False) -> dict[int, str]:
    """US Chess Median / Modified Median: drop ``low`` lowest and ``high`` highest values by value only.

    Among equal values the player's own unplayed rounds (counted 0) are dropped first at the low end.
    With ``prefer_played_low`` (the "forum proposal" of a US Chess forum thread, non-standard) the low cut
    only takes values of games actually played.
    """
    dropped: dict[int, str] = {}
    if low + high >= len(items):
        for i in items:
            dropped[i.round] = said("every value is dropped: too few rounds for the median")
        return dropped
    pool = [i for i in items if i.played] if prefer_played_low else list(items)
    order = sorted(pool, key=lambda i: (i.value, i.played, i.round))
    for i in order[:low]:
        dropped[i.round] = said("dropped: one of the lowest") if low > 1 else said("dropped: the lowest")
    rest = [i for i in items if i.round not in dropped]
    for i in sorted(rest, key=lambda i: (-i.value, -i.round))[:high]:
        dropped[i.round] = said("dropped: one of the highest") if high > 1 else said("dropped: the highest")
    return dropped

