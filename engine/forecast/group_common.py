"""What the count tie by tie (:mod:`engine.forecast.groups`) and its two ways of counting inside a tie
(:mod:`engine.forecast.group_states`, :mod:`engine.forecast.group_arrays`) share: the shapes of a game still to
be played and of a player's sort keys, the limits of work past which sampling is quicker, and a player's
values summed over his other games.

The limits count work, not time, so the same event gets the same kind of answer on any machine.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Sequence, TypeAlias

from engine.core.codes import Criterion
from engine.core.exact import Number
from engine.core.model import HALF, ONE, ZERO, Entry, Event, PendingGame

#: one game's three weights (White wins, draw, Black wins): chances, or 1, 1, 1 when all are equally likely
Weights: TypeAlias = tuple[float, float, float] | tuple[int, int, int]
#: a player's sort keys, criterion by criterion (None where a group-dependent criterion stands)
Key: TypeAlias = tuple[tuple[int, Number] | None, ...]

#: steps of the count inside the tied groups (about a microsecond each), beyond which sampling is quicker
MAX_STEPS = 2_500_000
#: the count by arrays (no group-dependent criterion): each player multiplied in costs some 60 µs of numpy
#: calls, and every 300 numbers of the array about one step more
ARRAY_STEP = 20
ARRAY_ELEMENTS_PER_STEP = 300
#: the most numbers one player's array may hold (16 MB): a tie sharing more open games than that allows
#: is quicker to sample
MAX_ARRAY = 2_000_000


class TooLarge(Exception):
    """The grouped enumeration would take too long here; the caller samples instead."""


@dataclass(frozen=True)
class Setup:
    """What every part of the computation reads."""

    crits: list[Criterion]               #: the criteria after points, in key order (skipped ones left out)
    prefix: int                          #: key positions before the first group-dependent criterion
    games: list[PendingGame]
    weights: list[Weights]
    seed: int
    own_only: frozenset[str]             #: codes of the criteria read from a player's own rounds alone


class Dist:
    """One player's values given some results, summed over his other games: per rank of the values before
    the first group-dependent criterion (smaller is better), the weight, and the whole keys behind it."""

    __slots__ = ("ranks", "below", "weight", "keys", "total")

    def __init__(self, by_rank: dict[int, list[tuple[int, float | int]]]) -> None:
        self.ranks = sorted(by_rank)
        self.weight = {r: sum(w for _, w in by_rank[r]) for r in self.ranks}
        running: float | int = 0
        self.below: list[float | int] = []       #: weight of the ranks before each rank of self.ranks
        for r in self.ranks:
            self.below.append(running)
            running += self.weight[r]
        self.total = running
        self.keys = by_rank

    def better_than(self, rank: int) -> float | int:
        """The weight of the values better than ``rank`` (before it)."""
        i = bisect_left(self.ranks, rank)
        return self.below[i] if i < len(self.ranks) else self.total


def prefix_order(p: Key) -> tuple[tuple[int, Number], ...]:
    return tuple(key_order(k) for k in p)


#: a state of the count: players above her so far, and those level with her (player, number of his key)
State: TypeAlias = tuple[int, tuple[tuple[int, int], ...]]


def weight_of(weights: Sequence[Weights], games: list[int], results: Sequence[int]) -> float | int:
    w: float | int = 1
    for g, o in zip(games, results):
        w *= weights[g][o]
    return w


def shared_games(members: Sequence[int], reads: dict[int, list[int]], direct: set[int]
            ) -> tuple[dict[int, int], dict[int, list[int]]]:
    """The games (not the leaders') that a tie's values depend on, with how many of its players read each;
    and per player, those he shares with another of them."""
    count: dict[int, int] = {}
    for t in members:
        for g in reads[t]:
            if g not in direct:
                count[g] = count.get(g, 0) + 1
    shared = {g for g, k in count.items() if k > 1}
    return count, {t: [g for g in reads[t] if g in shared] for t in members}


def elimination_order(x: int, others: list[int], games_of: dict[int, list[int]]) -> list[int]:
    """The others in an order that keeps few shared games open at once: each time, the player whose games
    leave the fewest open (a greedy choice; any order gives the same sum)."""
    open_games = set(games_of[x])
    left = list(others)
    order: list[int] = []
    while left:
        def cost(y: int) -> tuple[int, int]:
            rest = {g for z in left if z != y for g in games_of[z]}
            after = (open_games | set(games_of[y])) & rest
            return (len(after), y)
        y = min(left, key=cost)
        left.remove(y)
        order.append(y)
        open_games = (open_games | set(games_of[y])) & {g for z in left for g in games_of[z]}
    return order


def key_order(k: tuple[int, Number] | None) -> tuple[int, Number]:
    return (2, 0) if k is None else k


def played_out(event: Event, games: Sequence[PendingGame], outcome: Sequence[int]) -> Event:
    """``event`` with these games given their results (0 White wins, 1 draw, 2 Black wins)."""
    entries = {t: list(row) for t, row in event.entries.items()}
    for (r, w, b), o in zip(games, outcome):
        wp = (ONE, HALF, ZERO)[o]
        entries[w][r - 1] = Entry.game(b, event.entry(w, r).colour, wp)
        entries[b][r - 1] = Entry.game(w, event.entry(b, r).colour, ONE - wp)
    return event.with_entries(entries, rounds=event.rounds)
