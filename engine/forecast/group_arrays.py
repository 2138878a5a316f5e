"""Counting a player's place inside a tied group on whole arrays (numpy), when no group-dependent criterion
follows the plain values: one axis per shared game still open, one for her values and one for how many are
above her, each other player multiplying in his chances given the games he reads.  The same sums as the count
state by state (:mod:`engine.forecast.group_states`), done by numpy; ``tests/engine/test_forecast_groups.py``
checks the two give the same chances on a real event.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from engine.core.model import Event
from engine.core.rules import Options, RuleSet
from engine.forecast.group_common import (
    ARRAY_ELEMENTS_PER_STEP,
    ARRAY_STEP,
    MAX_ARRAY,
    MAX_STEPS,
    Dist,
    Key,
    Setup,
    TooLarge,
    elimination_order,
    shared_games,
    weight_of,
)
from engine.forecast.group_states import StateCount
from engine.forecast.merge import Merged


@dataclass(frozen=True)
class Chances:
    """One player's chances inside a tied group, for every result of the shared games he reads."""

    games: list[int]            #: the shared games he reads, in the order of ``index``'s axes
    index: np.ndarray           #: per result of those games, the number of his distribution
    values: np.ndarray          #: the ranks his values can take, best first
    weight: np.ndarray          #: per distribution, the weight of each of ``values``
    better: np.ndarray          #: per distribution, the weight of ``values[:j]`` (j = 0 .. len(values))
    total: np.ndarray           #: per distribution, the weight of all his values
    constant: float | int | None    #: that weight when it is the same for every distribution


def _constant(total: np.ndarray) -> float | int | None:
    """The weight every distribution has, when it is the same for all: whole numbers exactly; chances
    (which add up to 1 in any order of adding, up to rounding) within 1e-12, and then exactly 1 when they
    are that close to it."""
    first = total[0].item()
    if isinstance(first, float):
        if np.all(np.abs(total - 1.0) <= 1e-12):
            return 1.0
        return first if np.all(np.abs(total - first) <= 1e-12) else None
    return first if (total == first).all() else None


def _dtype(mass: float | int) -> np.dtype | type:
    """The numbers of the arrays: whole numbers while every result is equally likely (no sum exceeds
    ``mass``, the weight of all the group's games; Python's own beyond 64 bits), else floats."""
    if isinstance(mass, int):
        return np.dtype(np.int64) if mass < 2 ** 62 else object
    return np.dtype(np.float64)


class TieCount(StateCount):
    """The places inside tied groups: on whole arrays where no group-dependent criterion follows the plain
    values, state by state (:class:`~engine.forecast.group_states.StateCount`) where one does."""

    def __init__(self, setup: Setup, tables: dict[int, dict[tuple[int, ...], Key]], reads: dict[int, list[int]],
                 template: Event, rules: RuleSet, options: Options, direct: list[int],
                 merged: dict[int, Merged] | None = None) -> None:
        super().__init__(setup, tables, reads, template, rules, options, direct, merged)
        #: every result equally likely (weights 1, 1, 1): the arrays need no weights multiplied in
        self.uniform = all(w == (1, 1, 1) for w in self.setup.weights)
        #: per (player, shared games he reads, the leaders' results he reads): his distributions laid out
        self._laid: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._chances_memo: dict[tuple[object, ...], Chances] = {}
        self._along: dict[tuple[object, ...], np.ndarray] = {}
        #: per merged player, per number of his key: the rank of its values (:meth:`_key_ranks`)
        self._rank_arrays: dict[int, np.ndarray] = {}
        #: per (player, group): the order in which the others are multiplied in (it depends on the group alone)
        self._orders: dict[tuple[int, tuple[int, ...]], list[int]] = {}

    def _compute(self, members: tuple[int, ...], start: int, places: int, outcome: dict[int, int]
                 ) -> tuple[dict[int, dict[int, float | int]], int]:
        """Every member's places in her group, and how many games the count covers: on arrays when nobody
        level with her needs to be kept by name, else state by state."""
        if self.track:
            return super()._compute(members, start, places, outcome)
        count, games_of = shared_games(members, self.reads, self.direct)
        mass: float | int = 3 ** len(count) if isinstance(self.setup.weights[0][0], int) else 1.0
        dtype = _dtype(mass)
        chances = {y: self._chances(y, games_of[y], outcome, dtype) for y in members}
        out = {x: self._member_by_arrays(x, members, games_of, start, places, outcome, mass, chances)
               for x in members}
        return out, len(count)

    def _chances(self, y: int, games: list[int], outcome: dict[int, int], dtype: np.dtype | type) -> Chances:
        """Player ``y``'s chances for every result of ``games`` (the shared ones he reads), each distinct
        distribution of his values worked out once, in whatever tie he is."""
        part = tuple(outcome[g] for g in self.reads[y] if g in self.direct)
        key = (y, tuple(games), part, dtype)
        got = self._chances_memo.get(key)
        if got is not None:
            return got
        index, values, found = self._laid_out(y, games, outcome, part)
        weight = found.astype(dtype)
        better = np.zeros((len(found), len(values) + 1), dtype=dtype)
        np.cumsum(weight, axis=1, out=better[:, 1:])
        total = better[:, -1]
        got = self._chances_memo[key] = Chances(games, index, values, weight, better, total, _constant(total))
        return got

    def _laid_out(self, y: int, games: list[int], outcome: dict[int, int], part: tuple[int, ...]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Player ``y``'s distinct distributions given the results of ``games``: per result, the number of
        its distribution; the ranks his values take; per distribution, the weight of each of those ranks."""
        key = (y, tuple(games), part)
        got = self._laid.get(key)
        if got is None:
            got = self._laid[key] = (self._merged_laid_out(y, games, part) if y in self.merged
                                     else self._tabulated_laid_out(y, games, outcome))
        return got

    def _merged_laid_out(self, y: int, games: list[int], part: tuple[int, ...]
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`_laid_out` for a player counted by merged states, on whole arrays: his key for every result
        of his games (:meth:`Merged.table`), the games of ``games`` brought to the front, and the weights of
        his ranks added up per result of those by one count (``np.bincount``)."""
        m = self.merged[y]
        before = m.work
        free, numbers = m.table(part)
        reads = self.reads[y]
        ranks = self._key_ranks(y)[numbers]
        # his games of ``games`` first, in that order; the rest summed over, each result with its weight
        front = [free.index(reads.index(g)) for g in games]
        ranks = np.moveaxis(ranks, front, list(range(len(front)))).reshape(3 ** len(games), -1)
        values, at = np.unique(ranks, return_inverse=True)
        cell = (np.arange(3 ** len(games))[:, None] * len(values) + at.reshape(ranks.shape)).ravel()
        summed = [reads[i] for n, i in enumerate(free) if n not in front]
        if self.uniform:
            counts = np.bincount(cell, minlength=3 ** len(games) * len(values))
        else:
            weight = np.ones((), dtype=np.float64)
            for g in summed:
                weight = weight[..., None] * np.array(self.setup.weights[g], dtype=np.float64)
            weight = np.broadcast_to(weight, (3 ** len(games),) + weight.shape)
            counts = np.bincount(cell, weights=weight.ravel(), minlength=3 ** len(games) * len(values))
        found, index = np.unique(counts.reshape(3 ** len(games), len(values)), axis=0, return_inverse=True)
        self.steps += ARRAY_STEP + numbers.size // ARRAY_ELEMENTS_PER_STEP + m.work - before
        if self.steps > MAX_STEPS:
            raise TooLarge("counting the ties one by one would take longer than sampling")
        return index.reshape((3,) * len(games)), values, found

    def _key_ranks(self, y: int) -> np.ndarray:
        """:meth:`_ranked_keys`' ranks alone, as an array."""
        ranked = self._ranked_keys(y)
        got = self._rank_arrays.get(y)
        if got is None or len(got) < len(ranked):
            got = self._rank_arrays[y] = np.array([r for r, _ in ranked], dtype=np.intp)
        return got

    def _tabulated_laid_out(self, y: int, games: list[int], outcome: dict[int, int]
                            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`_laid_out` for a tabulated player: his distribution for each result of ``games``."""
        distinct: dict[int, int] = {}
        found: list[Dist] = []
        index = np.zeros((3,) * len(games), dtype=np.intp)
        reads = self.reads[y]
        row = [outcome.get(g) for g in reads]           # the key :meth:`_dist` keeps its answers by
        at = [reads.index(g) for g in games]
        weights = self.setup.weights
        for res in product(range(3), repeat=len(games)):
            if not weight_of(weights, games, res):
                continue            # cannot happen (a draw at a draw rate of 0): its part of the array stays 0
            for at_, o in zip(at, res):
                row[at_] = o
            d = self._dists.get((y, tuple(row))) or self._dist(y, outcome, dict(zip(games, res)))
            number = distinct.get(id(d))
            if number is None:
                number = distinct[id(d)] = len(found)
                found.append(d)
            index[res] = number
        values = sorted({r for d in found for r in d.ranks})
        column = {r: j for j, r in enumerate(values)}
        table: list[list[float | int]] = [[0] * len(values) for _ in found]
        for i, d in enumerate(found):
            for r in d.ranks:
                table[i][column[r]] = d.weight[r]
        return index, np.array(values, dtype=np.intp), np.array(table)

    def _member_by_arrays(self, x: int, members: tuple[int, ...], games_of: dict[int, list[int]], start: int,
                          places: int, outcome: dict[int, int], mass: float | int,
                          chances: dict[int, Chances]) -> dict[int, float | int]:
        """:meth:`_member` when no group-dependent criterion follows the plain values (nobody level with her
        needs to be kept by name), as whole arrays: one axis per shared game still open, one for her values
        (only where they stand among the others' possible values matters) and one for how many are above
        her.  Each other player multiplies the array by his chances of being above her or not, given the
        results of the games he reads, and the games nobody left reads are summed out; the same sums as
        :meth:`_member`, done by numpy instead of state by state.  A player above her whatever happens only
        starts her count a place lower, and one never above her changes nothing: neither is multiplied in.

        Kept as one function, as :meth:`_member` is: the array, its axes and the games still open change
        together at every player multiplied in."""
        weights = self.setup.weights
        uniform = self.uniform
        cap = places - start
        exact = isinstance(mass, int)
        dtype = _dtype(mass)
        order = self._orders.get((x, members))
        if order is None:
            order = self._orders[(x, members)] = elimination_order(x, [y for y in members if y != x], games_of)
        # another player whose values are all better than hers, or none better, is above her or not whatever
        # happens: he moves her down a place or not at all, and the games he alone reads add only their weight
        own = chances[x]
        mine = own.values
        low, high = mine[0], mine[-1]
        ahead = 0
        active: list[int] = []
        aside: float | int = 1     # the weight of the players left aside, and of the games only they read
        for y in order:
            his = chances[y]
            if (his.values[-1] < low or his.values[0] >= high) and his.constant is not None:
                ahead += his.values[-1] < low
                aside *= his.constant
            else:
                active.append(y)
        if ahead >= cap:            # out of the places whatever happens
            return {places + 1: mass}
        read_by_active = set(own.games).union(*(games_of[y] for y in active))
        for g in {g for y in order for g in games_of[y]} - read_by_active:
            aside *= sum(weights[g])
        # the values the others can take, sorted (one two of them can take is there twice: it splits no slot)
        theirs = np.sort(np.concatenate([chances[y].values for y in active])) if active else mine[:0]
        # her values by where they fall among the others' (a slot per gap between two of theirs): values in
        # the same gap are one slot, which the others are above or not alike
        where = np.searchsorted(theirs, mine)
        starts = np.empty(len(mine), dtype=bool)
        starts[0] = True
        np.not_equal(where[1:], where[:-1], out=starts[1:])
        slot = np.cumsum(starts) - 1
        first = mine[starts]                # per slot, its best value
        # a slot where enough of the others are above her whatever happens (all their values better) is out
        # of the places already: it is left out, its weight is what the places asked about leave
        worst = np.array([chances[y].values[-1] for y in active], dtype=first.dtype)
        kept = ahead + (worst[None, :] < first[:, None]).sum(axis=1) < cap
        if not kept.any():
            return {places + 1: mass}
        mine_kept = kept[slot]
        out_of_places = bool(own.weight[:, ~mine_kept].any())
        renumber = np.cumsum(kept) - 1
        first = first[kept]
        slots = len(first)
        into = np.zeros((len(mine), slots), dtype=dtype)
        into[np.nonzero(mine_kept)[0], renumber[slot[mine_kept]]] = 1
        axes: list[int] = list(own.games)
        T = np.zeros((3,) * len(axes) + (slots, cap), dtype=dtype)
        T[..., ahead] = (own.weight @ into)[own.index]
        if not uniform:
            T *= self._weights_along(tuple(axes), tuple(axes), dtype)[..., None, None]
        for n, y in enumerate(active):
            later = {g for z in active[n + 1:] for g in games_of[z]}
            fresh = [g for g in games_of[y] if g not in axes]
            if T.size * 3 ** len(fresh) > MAX_ARRAY:
                raise TooLarge("counting the ties one by one would take longer than sampling")
            if fresh:               # a new axis of one: his chances below spread it over the game's results
                T = T.reshape(T.shape[:-2] + (1,) * len(fresh) + T.shape[-2:])
                axes += fresh
            his = chances[y]
            reads = his.games
            # his chances of being above each of her values, and of all his values, read by his games'
            # results laid along her axes (with the weights of the games new here)
            index = his.index.transpose([reads.index(g) for g in axes if g in reads])
            shape = [3 if g in reads else 1 for g in axes]
            above = his.better[:, np.searchsorted(his.values, first)][index].reshape(shape + [slots, 1])
            total: np.ndarray | float | int = (his.total[index].reshape(shape + [1, 1]) if his.constant is None
                                               else his.constant)
            if not uniform and fresh:
                w = self._weights_along(tuple(axes), tuple(fresh), dtype)
                above = above * w[..., None, None]
                total = total * w[..., None, None]
            # her count stays where he is not above her (total - above) and moves up one where he is
            moved = T * above
            new = (T - moved) if isinstance(total, (int, float)) and total == 1 else T * total - moved
            if cap > 1:
                new[..., 1:] += moved[..., :-1]
            if not out_of_places and np.any(moved[..., -1]):
                out_of_places = True            # some of her chances go below the places asked about
            self.steps += ARRAY_STEP + new.size // ARRAY_ELEMENTS_PER_STEP
            if self.steps > MAX_STEPS:
                raise TooLarge("counting the ties one by one would take longer than sampling")
            gone = tuple(i for i, g in enumerate(axes) if g not in later)
            T = new.sum(axis=gone) if gone else new
            axes = [g for g in axes if g in later]
        totals = T.reshape(-1, cap).sum(axis=0)
        out: dict[int, float | int] = {}
        for a in range(cap):
            share = int(totals[a]) * aside if exact else float(totals[a]) * aside
            if share:
                out[start + 1 + a] = share
        if out_of_places:
            rest_of = mass - sum(out.values())
            out[places + 1] = rest_of if isinstance(rest_of, int) else max(rest_of, 0.0)
        return out

    def _weights_along(self, axes: tuple[int, ...], games: tuple[int, ...], dtype: np.dtype | type) -> np.ndarray:
        """The weights of the results of ``games`` (among ``axes``), each along its axis (1 on the others)."""
        key = (axes, games, dtype)
        got = self._along.get(key)
        if got is None:
            got = np.ones((1,) * len(axes), dtype=dtype)
            for g in games:
                got = got * np.array(self.setup.weights[g], dtype=dtype).reshape(
                    [3 if h == g else 1 for h in axes])
            self._along[key] = got
        return got
