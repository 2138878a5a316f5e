"""The exact chances of the top places when too many games matter to try every combination.

In a 100-player Swiss before the last round, some thirty games can change who finishes in the top
three: the leaders' own games, and the games of everybody they have met (their scores feed Buchholz,
the Median, Sonneborn-Berger and the opponents' cumulative).  3^30 combinations cannot be tried one by
one, yet the answer can still be exact, because the games act in separate places:

1. **The leaders' own games decide the points.**  Only the games of the players still in reach of the
   places asked about (a handful) are tried in every combination.  Each combination puts those players
   in score groups; a group that starts after the last place asked about, or a player alone on his
   score, needs no tie-break at all.
2. **Inside a tied group, each player's tie-breaks depend on few games**: his own and his opponents'
   (and their opponents', for a criterion that looks two steps away).  Every player's values are
   tabulated once for every result of those games, on a slice of the field around him
   (:meth:`engine.tiebreaks.fast.FastValues.sliced`).
3. **Given the games that two players of the group share, their values are independent.**  So a
   player's place in the group is counted one other player at a time: how many are above her so far,
   each other player multiplying in his chances given the games he reads, and a shared game summed out
   as soon as nobody left reads it (variable elimination), so the many games a tie shares are never
   tried all together.  Players level with her on every criterion before a group-dependent one (direct
   encounter, head-to-head, lots) are kept by name, and that criterion is applied to exactly the players
   still tied, as the standings do.  Only the rows of a player's table that some tie can read are worked
   out: those for the results of the leaders' games that put him in a tie for a place asked about.

Every step is a sum over the same combinations as the plain enumeration, regrouped; nothing is
approximated.  ``tests/unit/test_forecast_groups.py`` checks the chances equal the plain enumeration's on
many small random events under every preset and rule set.  A player whose values depend on many games
is not tabulated over every combination of them: those that leave the same sums and the same lowest and
highest rows are merged (:mod:`engine.forecast.merge`).  Where no group-dependent criterion follows
the plain values, the count inside a tie is done on whole arrays (numpy), a player at a time, instead of
state by state; another player whose values are all better than hers, or none better, only moves her down
a place or not, and is left out of her count.  When even this would take too long (too many leaders'
games, a tie sharing too many open games to count on arrays, a player whose values depend on too many
games or take too many values, a count beyond a fixed budget of work: some 5 s, what sampling a real
hundred-player round takes, given up early when the work done so far projects beyond it), :class:`TooLarge`
says why and the forecast samples instead.  The limits count work, not time, so the
same event gets the same kind of answer on any machine.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Callable, Sequence, TypeAlias, cast

import numpy as np

from engine.core.codes import Criterion
from engine.core.exact import Number
from engine.core.model import HALF, ONE, ZERO, Entry, Event
from engine.core.rules import Options, RuleSet
from engine.core.words import number_word, ordinal, plural
from engine.forecast.merge import Merged, NotMergeable, TooManyValues, mergeable
from engine.ranking.standings import sort_key
from engine.tiebreaks.context import Context
from engine.tiebreaks.fast import Columns, FastValues, scored_in_play

__all__ = ["TooLarge", "Pending", "Weights", "grouped_places", "played_out", "MAX_DIRECT_GAMES", "MAX_TABLE_GAMES"]

#: a game still to be played: (round, White, Black), pairing numbers
Pending: TypeAlias = tuple[int, int, int]
#: one game's three weights (White wins, draw, Black wins): chances, or 1, 1, 1 when all are equally likely
Weights: TypeAlias = tuple[float, float, float] | tuple[int, int, int]
#: a player's sort keys, criterion by criterion (None where a group-dependent criterion stands)
Key: TypeAlias = tuple[tuple[int, Number] | None, ...]

#: the leaders' own games are tried in every combination up to this many (3^8 = 6,561)
MAX_DIRECT_GAMES = 8
#: a player's values are tabulated over at most this many games besides the leaders' (3^8 = 6,561 results)
MAX_TABLE_GAMES = 8
#: a player whose values depend on more games than this (besides the leaders') is counted by merged states
#: (:mod:`engine.forecast.merge`) when his criteria allow it; fewer are simply tabulated
MERGE_ABOVE = 1
#: a merged player's values may take at most this many different keys for one result of the leaders'
#: games: the count inside a tie grows with the number of values of each player compared
MAX_VALUES = 200
#: values worked out for merged players in all (each some 150 microseconds, on a larger slice): where
#: more would be needed, the count inside the ties has too many values to compare and sampling is quicker
MAX_MERGED_EVALUATIONS = 10_000
#: values worked out in all (each a few tens of microseconds)
MAX_EVALUATIONS = 40_000
#: steps of the count inside the tied groups (about a microsecond each), beyond which sampling is quicker
MAX_STEPS = 2_500_000
#: the whole count tie by tie may cost at most this much work (in about microseconds: some 5 s): what a
#: table value, a merged value and a step of the count inside a tie cost, measured on 80- to 110-player
#: events; beyond it, when the values alone take more than 60 % of it, or when the steps done so far
#: project beyond twice it, sampling is quicker
MAX_WORK = 5_000_000
EVALUATION_COST = 100
MERGED_EVALUATION_COST = 150
STEP_COST = 3
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
class _Setup:
    """What every part of the computation reads."""

    crits: list[Criterion]               #: the criteria after points, in key order (skipped ones left out)
    prefix: int                          #: key positions before the first group-dependent criterion
    games: list[Pending]
    weights: list[Weights]
    seed: int
    own_only: frozenset[str]             #: codes of the criteria read from a player's own rounds alone


def grouped_places(template: Event, criteria: Sequence[Criterion], rules: RuleSet, options: Options,
                   universe: Sequence[int], places: int, games: Sequence[Pending], weights: Sequence[Weights],
                   *, steps: int, own_only: set[str], skipped: set[str], exact_fractions: bool, facts: int = 1,
                   progress: Callable[[int, int], None] | None = None) -> dict[int, dict[int, Fraction | float]]:
    """Each player of ``universe``'s chance of each place 1..``places`` (``places + 1``: that place or
    lower), over every result of ``games`` (those that can change the places asked about; ``weights``
    per game).

    ``template`` is the event with every pending game drawn (its other pending games are fixed there),
    ``criteria`` those after points, ``steps`` how far from a player his criteria look for results (0, 1 or
    2), ``facts`` how far for fixed facts such as ratings (an opponent's performance reads the ratings of
    his opponents),
    ``own_only`` the codes read from a player's own rounds and fixed facts alone (ratings, pairing
    numbers), ``skipped`` the criteria the standings skip.  With ``exact_fractions`` the weights are whole numbers
    (every result equally likely) and the chances exact fractions.
    """
    U = sorted(universe)
    in_u = set(U)
    crits = [c for c in criteria if c.code != "PTS" and str(c) not in skipped]
    prefix = next((i for i, c in enumerate(crits) if c.info.group_dependent), len(crits))
    if options.played_score_first:
        prefix += 1
    setup = _Setup(crits, prefix, list(games), list(weights), options.seed if options.seed is not None else 0,
                   frozenset(own_only))
    direct = [i for i, (_, w, b) in enumerate(games) if w in in_u or b in in_u]
    if len(direct) > MAX_DIRECT_GAMES:
        raise TooLarge(f"the players who can still reach these places play {len(direct)} games, too many to "
                       "try in every combination")
    base = FastValues(template, rules, options, n=template.last_result_round())
    cols = base.cols
    neighbours = _neighbours(cols)
    depth = max(1, steps, facts)          # ratings of opponents are read even by "own" criteria
    reads: dict[int, list[int]] = {}      # player -> indexes of the games his values depend on
    slices: dict[int, list[int]] = {}
    for t in U:
        i = cols.index[t]
        near = _within(neighbours, i, depth)
        slices[t] = [i] + sorted(near - {i})
        touched = {cols.tpns[j] for j in (_within(neighbours, i, steps) if steps else {i})}
        reads[t] = [g for g, (_, w, b) in enumerate(games) if w in touched or b in touched]
    unit = cols.scale
    half = unit // 2
    drawn_score = {t: cols.score[cols.index[t]] for t in U}
    points_of = _Points(games, drawn_score, unit, half)

    # which of the leaders' results put each player in a tie that decides a place asked about: only
    # those rows of his table are ever read
    direct_set = set(direct)
    needed: dict[int, set[tuple[int, ...]]] = {t: set() for t in U}
    #: every result of the leaders' games that can happen: its weight, the results, the score groups
    cases: list[tuple[float | int, dict[int, int], list[tuple[int, list[int]]]]] = []
    for d in product(range(3), repeat=len(direct)):
        wd = _weight(weights, direct, d)
        if not wd:
            continue
        outcome = dict(zip(direct, d))
        grouped = _score_groups(U, points_of(outcome))
        cases.append((wd, outcome, grouped))
        for start, members in grouped:
            if start < places and len(members) > 1:
                for t in members:
                    needed[t].add(tuple(outcome[g] for g in reads[t] if g in direct_set))
    if prefix == len(crits) + options.played_score_first:
        _give_up_on_wide_ties(cases, places, reads, direct_set)
    evaluations = 0
    merge = steps <= 1 and mergeable(crits, setup.own_only, options)
    merged: dict[int, Merged] = {}
    merged_work = 0
    tabulated: list[int] = []
    for t in U:
        if not needed[t]:
            continue
        free = sum(1 for g in reads[t] if g not in direct_set)
        if merge and free > MERGE_ABOVE:
            try:
                m = Merged(base, setup.crits, options, slices[t], [games[g] for g in reads[t]],
                           [g in direct_set for g in reads[t]], needed[t], [weights[g] for g in reads[t]],
                           max_values=MAX_VALUES)
            except NotMergeable:
                pass
            except TooManyValues as exc:
                raise TooLarge(f"the tie-breaks of one of the players who can tie for these places can take "
                               f"{exc.count} different values, too many to compare tie by tie") from None
            else:
                merged[t] = m
                merged_work += m.evaluations
                if merged_work > MAX_MERGED_EVALUATIONS:
                    raise TooLarge("the tie-breaks of the players who can tie for these places can take too many "
                                   "different values to compare them tie by tie")
                continue
        if free > MAX_TABLE_GAMES:
            raise TooLarge(f"the tie-breaks of one of the players who can tie for these places depend on {free} "
                           "other games, too many to try in every combination")
        evaluations += len(needed[t]) * 3 ** free
        tabulated.append(t)
    if evaluations > MAX_EVALUATIONS:
        raise TooLarge(f"{evaluations:,} tie-break values would have to be worked out")
    # the work so far, in about microseconds: what the count inside the ties may still spend
    spent = evaluations * EVALUATION_COST + merged_work * MERGED_EVALUATION_COST
    if spent > 0.6 * MAX_WORK:              # no room left to count the ties
        raise TooLarge("working out the tie-breaks of every player who can tie would take longer than sampling")
    tables = {t: _tabulate(base, setup, slices[t], [games[g] for g in reads[t]],
                           [g in direct_set for g in reads[t]], needed[t], options) for t in tabulated}

    mass: float | int = 3 if exact_fractions else 1.0
    total_games = len(games)
    acc: dict[int, dict[int, float | int]] = {t: {} for t in U}
    lumped = places + 1
    groups = _GroupCache(setup, tables, reads, template, rules, options, direct, merged)
    others = total_games - len(direct)          # the games not among the leaders'
    count = len(cases)
    step = max(1, count // 50)
    for n_done, (wd, outcome, grouped) in enumerate(cases):
        for start, members in grouped:
            if start >= places or len(members) == 1:
                place = min(start + 1, lumped)
                for t in members:
                    acc[t][place] = acc[t].get(place, 0) + wd * mass ** others
            else:
                shares, summed = groups.places(tuple(members), start, places, outcome)
                pad = wd * mass ** (others - summed)
                for t, dist in shares.items():
                    mine = acc[t]
                    for place, share in dist.items():
                        mine[place] = mine.get(place, 0) + share * pad
        # the steps so far, spread over the cases still to come: when that projects beyond the budget the
        # count gives up early (sampling is quicker) instead of at the budget itself
        if n_done + 1 >= count // 10 and spent + groups.steps * STEP_COST * count // (n_done + 1) > 2 * MAX_WORK:
            raise TooLarge("counting the ties one by one would take longer than sampling")
        if spent + groups.steps * STEP_COST > MAX_WORK:
            raise TooLarge("counting the ties one by one would take longer than sampling")
        if progress and n_done % step == 0:
            progress(n_done + 1, count)
    if progress:
        progress(count, count)
    out: dict[int, dict[int, Fraction | float]] = {}
    denominator = 3 ** total_games
    for t in U:
        if exact_fractions:
            out[t] = {k: Fraction(int(v), denominator) for k, v in sorted(acc[t].items()) if v}
        else:       # a sum of many products may overshoot 1 by a rounding error: a chance stays a chance
            out[t] = {k: min(float(v), 1.0) for k, v in sorted(acc[t].items()) if v}
    return out


class _Points:
    """The points of the players in reach for a result of the leaders' games (in ``S`` units)."""

    def __init__(self, games: Sequence[Pending], drawn: dict[int, int], unit: int, half: int) -> None:
        self.games = games
        self.drawn = drawn              #: with every pending game drawn
        self.white = (unit - half, 0, -half)
        self.black = (-half, 0, unit - half)

    def __call__(self, outcome: dict[int, int]) -> dict[int, int]:
        score = dict(self.drawn)
        for g, o in outcome.items():
            _, w, b = self.games[g]
            if w in score:
                score[w] += self.white[o]
            if b in score:
                score[b] += self.black[o]
        return score


def _score_groups(players: list[int], score: dict[int, int]) -> list[tuple[int, list[int]]]:
    """The players by points, best first: (position of the group's first player, 0-based; its players)."""
    by_points: dict[int, list[int]] = {}
    for t in players:
        by_points.setdefault(score[t], []).append(t)
    out: list[tuple[int, list[int]]] = []
    start = 0
    for pts in sorted(by_points, reverse=True):
        out.append((start, by_points[pts]))
        start += len(by_points[pts])
    return out


def _neighbours(cols: Columns) -> list[set[int]]:
    """Each player's opponents (indexes), from the columns."""
    return [{o for o in row if o >= 0} for row in cols.opp]


def _within(neighbours: list[set[int]], i: int, depth: int) -> set[int]:
    """The players at most ``depth`` opponents away from player ``i`` (him included)."""
    seen = {i}
    ring = {i}
    for _ in range(depth):
        ring = {o for j in ring for o in neighbours[j]} - seen
        seen |= ring
    return seen


def _tabulate(base: FastValues, setup: _Setup, keep: list[int], games: list[Pending], leaders: list[bool],
              needed: set[tuple[int, ...]], options: Options) -> dict[tuple[int, ...], Key]:
    """One player's sort keys (he is ``keep[0]``) for every result of the games his values depend on whose
    leaders' part (the games marked in ``leaders``) is in ``needed``."""
    sliced = base.sliced(keep)
    cols = sliced.cols
    unit = cols.scale
    points = ((unit, unit // 2, 0), (0, unit // 2, unit))
    cells = [(cols.index.get(w), cols.index.get(b), r - 1) for r, w, b in games]
    crits = setup.crits
    highers = [c.higher_is_better for c in crits]
    me = cols.tpns[0]
    own_game = next((i for i, (_, w, b) in enumerate(games) if me in (w, b)), None)
    #: the criteria computed from his own rounds alone, worked out once per result of his own game
    own = [i for i, c in enumerate(crits) if c.code in setup.own_only and not c.info.group_dependent]
    own_values: dict[int | None, list[tuple[int, Number]]] = {}
    table: dict[tuple[int, ...], Key] = {}
    fixed_at = [i for i, lead in enumerate(leaders) if lead]
    free_at = [i for i, lead in enumerate(leaders) if not lead]
    outcome = [0] * len(games)
    for part, rest in product(sorted(needed), product(range(3), repeat=len(free_at))):
        for i, o in zip(fixed_at, part):
            outcome[i] = o
        for i, o in zip(free_at, rest):
            outcome[i] = o
        for (iw, ib, r), o in zip(cells, outcome):
            if iw is not None:
                cols.pts[iw][r] = points[0][o]
                cols.score[iw] = sum(cols.pts[iw])
            if ib is not None:
                cols.pts[ib][r] = points[1][o]
                cols.score[ib] = sum(cols.pts[ib])
        fv = sliced.fresh()
        key: list[tuple[int, Number] | None] = []
        if options.played_score_first:
            key.append(sort_key(scored_in_play(cols, 0), True))
        mine = None if own_game is None else outcome[own_game]
        fixed = own_values.get(mine)
        if fixed is None:
            fixed = own_values[mine] = [sort_key(fv.column(crits[i])[0], highers[i]) for i in own]
        known = dict(zip(own, fixed))
        for i, (c, higher) in enumerate(zip(crits, highers)):
            if i in known:
                key.append(known[i])
            else:
                key.append(None if c.info.group_dependent else sort_key(fv.column(c)[0], higher))
        table[tuple(outcome)] = tuple(key)
    return table


class _Dist:
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


class _GroupCache:
    """The places inside tied groups, computed once per group, start and results that matter to it."""

    def __init__(self, setup: _Setup, tables: dict[int, dict[tuple[int, ...], Key]], reads: dict[int, list[int]],
                 template: Event, rules: RuleSet, options: Options, direct: list[int],
                 merged: dict[int, Merged] | None = None) -> None:
        self.setup = setup
        self.reads = reads
        self.template = template
        self.rules = rules
        self.options = options
        self.direct = set(direct)
        #: the players whose values are counted by merged states (:mod:`engine.forecast.merge`)
        self.merged = merged or {}
        L = setup.prefix
        every = [k for table in tables.values() for k in table.values()]
        every += [k for m in self.merged.values() for part in m.parts for k in m.keys(part)]
        # a merged player's key is one object wherever it is met: its values (fractions) are hashed once
        objects = {id(k): k for k in every}
        #: whole keys are needed only where a group-dependent criterion follows the plain values
        self.track = any(len(k) > L for k in objects.values())
        #: every distinct key by a number, and the rank of its values before the group-dependent criterion
        self.key_of: list[Key] = list(dict.fromkeys(objects.values()))
        prefixes = sorted({k[:L] for k in self.key_of}, key=_prefix_order)
        rank = {p: i for i, p in enumerate(prefixes)}
        self.rank = rank
        ids = {k: i for i, k in enumerate(self.key_of)}
        self.ids = ids
        self.rank_of = [rank[k[:L]] for k in self.key_of]
        ranked = {i: (self.rank_of[ids[k]], ids[k]) for i, k in objects.items()}
        #: per player, per result of his games: (the rank of his values, the number of his key)
        self.tables = {t: {o: ranked[id(k)] for o, k in table.items()} for t, table in tables.items()}
        #: per player, per result of the leaders' games he reads: the ranks his values can take
        self._ranks: dict[int, dict[tuple[int, ...], set[int]]] = {}
        for t, rows in self.tables.items():
            at = [i for i, g in enumerate(reads[t]) if g in self.direct]
            by_part = self._ranks[t] = {}
            for o, (r, _) in rows.items():
                by_part.setdefault(tuple(o[i] for i in at), set()).add(r)
        for t, m in self.merged.items():
            self._ranks[t] = {part: {ranked[id(k)][0] for k in m.keys(part)} for part in m.parts}
        self._memo: dict[tuple[object, ...], tuple[dict[int, dict[int, float | int]], int]] = {}
        self.steps = 0              #: one step: one of her values met by one result of another player's games
        self._dists: dict[tuple[object, ...], _Dist] = {}
        #: one object per distinct distribution, so equal chances are recognised by identity
        self._same: dict[tuple[tuple[tuple[int, int], float | int], ...], _Dist] = {}
        self._splits: dict[tuple[object, ...], list[list[int]]] = {}
        #: per merged player, per number of his key (:meth:`Merged.numbered_dist`): its rank and number here
        self._ranked: dict[int, list[tuple[int, int]]] = {}
        #: every result equally likely (weights 1, 1, 1): the arrays need no weights multiplied in
        self.uniform = all(w == (1, 1, 1) for w in setup.weights)
        #: per (player, shared games he reads, the leaders' results he reads): his distributions laid out
        self._laid: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self._chances_memo: dict[tuple[object, ...], _Chances] = {}
        self._along: dict[tuple[object, ...], np.ndarray] = {}
        #: per merged player, per number of his key: the rank of its values (:meth:`_key_ranks`)
        self._rank_arrays: dict[int, np.ndarray] = {}
        #: per (player, group): the order in which the others are multiplied in (it depends on the group alone)
        self._orders: dict[tuple[int, tuple[int, ...]], list[int]] = {}

    def places(self, members: tuple[int, ...], start: int, places: int, outcome: dict[int, int]
               ) -> tuple[dict[int, dict[int, float | int]], int]:
        """Per member, the weight of each final place (``places + 1``: that place or lower), summed over the
        games the group's values depend on beyond the leaders' own; and how many games that sum covers."""
        seen = sorted({g for t in members for g in self.reads[t] if g in self.direct})
        key = (members, start, tuple(outcome[g] for g in seen))
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._compute(members, start, places, outcome)
        return got

    def _compute(self, members: tuple[int, ...], start: int, places: int, outcome: dict[int, int]
                 ) -> tuple[dict[int, dict[int, float | int]], int]:
        count, games_of = _shared(members, self.reads, self.direct)
        mass: float | int = 3 ** len(count) if isinstance(self.setup.weights[0][0], int) else 1.0
        if self.track:
            out = {x: self._member(x, members, games_of, start, places, outcome, mass) for x in members}
        else:
            dtype = _dtype(mass)
            chances = {y: self._chances(y, games_of[y], outcome, dtype) for y in members}
            out = {x: self._member_by_arrays(x, members, games_of, start, places, outcome, mass, chances)
                   for x in members}
        return out, len(count)

    def _member(self, x: int, members: tuple[int, ...], games_of: dict[int, list[int]], start: int, places: int,
                outcome: dict[int, int], mass: float | int) -> dict[int, float | int]:
        """One player's places in her tied group, the shared games summed out one player at a time.

        The table maps (results of the shared games still to come, her values) to the states so far: how
        many players are above her (counted up to the last place asked about) and, when a group-dependent
        criterion follows, who is level with her and with which values.  Each other player multiplies in
        his chances given the games he reads; a shared game is summed out once nobody left reads it, so
        the table stays small even when the group shares many games.  A state with too many players above
        her is dropped at once: "that place or lower" is what is left of ``mass``, the weight of all the
        group's games together.
        """
        weights = self.setup.weights
        cap = places - start                  # with this many players above her she is out of the places
        track = self.track
        others = [y for y in members if y != x]
        # another player whose values are all better than hers is above her whatever happens, and one whose
        # values are all worse is never above her nor level with her: neither is multiplied in (the first
        # starts her count a place lower), and the weight of his other games, and of the games that only
        # such players read, is the same whatever happens
        hers = self._possible(x, outcome)
        low, high = min(hers), max(hers)
        ahead = 0
        aside: float | int = 1
        order: list[int] = []
        for y in _elimination_order(x, others, games_of):
            possible = self._possible(y, outcome)
            if max(possible) < low or min(possible) > high:
                ahead += max(possible) < low
                some = {g: next(r for r in range(3) if weights[g][r]) for g in games_of[y]}
                aside *= self._dist(y, outcome, some).total
            else:
                order.append(y)
        if ahead >= cap:            # out of the places whatever happens
            return {places + 1: mass}
        read = set(games_of[x]).union(*(games_of[y] for y in order))
        for g in {g for y in others for g in games_of[y]} - read:
            aside *= sum(weights[g])
        start_state: _State = (ahead, ())
        # her values matter only through how they compare with the others' possible values: those between
        # the same two values of theirs count as one (numbered -1, -2, ... by the gap), and her whole key
        # is kept only where one of them can be level with her and a group-dependent criterion follows
        theirs = sorted({r for y in order for r in self._possible(y, outcome)})
        level_possible = set(theirs) if track else set()
        gap_rank: dict[int, int] = {}
        # for one of her values, how many of the players from the n-th on are above it whatever happens (all
        # their values better): a state that would reach the last place asked about with them is out at once
        worst = [max(self._possible(y, outcome)) for y in order]
        sure_memo: dict[int, list[int]] = {}

        def sure_above(rank: int) -> list[int]:
            got = sure_memo.get(rank)
            if got is None:
                got = [0] * (len(order) + 1)
                for i in range(len(order) - 1, -1, -1):
                    got[i] = got[i + 1] + (worst[i] < rank)
                sure_memo[rank] = got
            return got

        # her own factor: each result of her shared games, and her values given it
        out_of_places = False
        frontier = list(games_of[x])
        table: dict[tuple[int, ...], dict[int, dict[_State, float | int]]] = {}
        for res in product(range(3), repeat=len(frontier)):
            w = _weight(weights, frontier, res)
            if not w:
                continue
            dist = self._dist(x, outcome, dict(zip(frontier, res)))
            entry = table.setdefault(res, {})
            for rank in dist.ranks:
                if ahead + sure_above(rank)[0] >= cap:      # this value of hers is out of the places
                    out_of_places = True
                    continue
                if rank in level_possible:
                    for kid, wk in dist.keys[rank]:
                        entry[kid] = {start_state: entry.get(kid, {}).get(start_state, 0) + wk * w}
                else:
                    gap = -1 - bisect_left(theirs, rank)
                    gap_rank.setdefault(gap, rank)
                    state = entry.setdefault(gap, {start_state: 0})
                    state[start_state] += dist.weight[rank] * w
        rank_of = self.rank_of
        for n, y in enumerate(order):
            later = {g for z in order[n + 1:] for g in games_of[z]}
            fresh = [g for g in games_of[y] if g not in frontier]
            after = [g for g in frontier + fresh if g in later]
            mine = games_of[y]
            nxt: dict[tuple[int, ...], dict[int, dict[_State, float | int]]] = {}
            for res, entries in table.items():
                known = dict(zip(frontier, res))
                # the results of his new games that leave the same chances for him and the same games
                # open are one case, their weights added (his values are often the same whatever the
                # result of a game between two of his own opponents)
                cases: dict[tuple[tuple[int, ...], int], tuple[_Dist, float | int]] = {}
                for more in product(range(3), repeat=len(fresh)):
                    w = _weight(weights, fresh, more)
                    if not w:
                        continue
                    known.update(zip(fresh, more))
                    d = self._dist(y, outcome, {g: known[g] for g in mine})
                    case = (tuple(known[g] for g in after), id(d))
                    got = cases.get(case)
                    cases[case] = (d, w if got is None else got[1] + w)
                for (open_results, _), (d, w) in cases.items():
                    total = d.total
                    self.steps += len(entries)
                    if self.steps > MAX_STEPS:
                        raise TooLarge("counting the ties one by one would take longer than sampling")
                    into_entries = nxt.setdefault(open_results, {})
                    for xk, states in entries.items():
                        if xk >= 0:
                            rank = rank_of[xk]
                            level = d.keys.get(rank, ())
                            above = d.better_than(rank)
                            rest = total - above - d.weight.get(rank, 0)
                        else:
                            rank = gap_rank[xk]
                            level = ()
                            above = d.better_than(rank)
                            rest = total - above
                        # with this many above her, the players still to come who are surely above her
                        # put her out of the places
                        out_at = cap - sure_above(rank)[n + 1]
                        into = into_entries.get(xk)
                        if into is None:
                            into = {}
                        for (a, tied), p in states.items():
                            p *= w
                            if above:
                                if a + 1 < out_at:
                                    k = (a + 1, tied)
                                    into[k] = into.get(k, 0) + p * above
                                else:
                                    out_of_places = True
                            if a >= out_at:
                                if rest or level:
                                    out_of_places = True
                                continue
                            if rest:
                                into[(a, tied)] = into.get((a, tied), 0) + p * rest
                            for kid, wy in level:
                                k = (a, tied + ((y, kid),))
                                into[k] = into.get(k, 0) + p * wy
                        if into:            # her values that already leave her out of the places go no further
                            into_entries[xk] = into
            table = {res: entries for res, entries in nxt.items() if entries}
            frontier = after
        lumped = places + 1
        out: dict[int, float | int] = {}
        for xk, states in (item for entries in table.values() for item in entries.items()):
            for (a, tied), p in states.items():
                if not p:
                    continue
                extra = 0
                if tied:
                    keys = {x: self.key_of[xk]}
                    keys.update((y, self.key_of[kid]) for y, kid in tied)
                    extra = self._offset(x, keys, self.setup.prefix, outcome)
                place = start + 1 + a + extra
                if place >= lumped:
                    out_of_places = True
                else:
                    out[place] = out.get(place, 0) + p * aside
        if out_of_places:
            rest = mass - sum(out.values())
            out[lumped] = rest if isinstance(rest, int) else max(rest, 0.0)
        return out

    def _chances(self, y: int, games: list[int], outcome: dict[int, int], dtype: np.dtype | type) -> _Chances:
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
        got = self._chances_memo[key] = _Chances(games, index, values, weight, better, total, _constant(total))
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

    def _ranked_keys(self, y: int) -> list[tuple[int, int]]:
        """Per number of a merged player's key (``Merged.key_list``): the rank of its values and its number
        here, for every key numbered so far."""
        m = self.merged[y]
        ranked = self._ranked.setdefault(y, [])
        if len(ranked) < len(m.key_list):
            L = self.setup.prefix
            ranked.extend((self.rank[k[:L]], self.ids[k]) for k in m.key_list[len(ranked):])
        return ranked

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
        found: list[_Dist] = []
        index = np.zeros((3,) * len(games), dtype=np.intp)
        reads = self.reads[y]
        row = [outcome.get(g) for g in reads]           # the key :meth:`_dist` keeps its answers by
        at = [reads.index(g) for g in games]
        weights = self.setup.weights
        for res in product(range(3), repeat=len(games)):
            if not _weight(weights, games, res):
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
                          chances: dict[int, _Chances]) -> dict[int, float | int]:
        """:meth:`_member` when no group-dependent criterion follows the plain values (nobody level with her
        needs to be kept by name), as whole arrays: one axis per shared game still open, one for her values
        (only where they stand among the others' possible values matters) and one for how many are above
        her.  Each other player multiplies the array by his chances of being above her or not, given the
        results of the games he reads, and the games nobody left reads are summed out; the same sums as
        :meth:`_member`, done by numpy instead of state by state.  A player above her whatever happens only
        starts her count a place lower, and one never above her changes nothing: neither is multiplied in."""
        weights = self.setup.weights
        uniform = self.uniform
        cap = places - start
        exact = isinstance(mass, int)
        dtype = _dtype(mass)
        order = self._orders.get((x, members))
        if order is None:
            order = self._orders[(x, members)] = _elimination_order(x, [y for y in members if y != x], games_of)
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

    def _possible(self, t: int, outcome: dict[int, int]) -> set[int]:
        """The ranks player ``t``'s values can take given the leaders' games."""
        part = tuple(outcome[g] for g in self.reads[t] if g in self.direct)
        return self._ranks[t][part]

    def _dist(self, t: int, outcome: dict[int, int], shared: dict[int, int]) -> _Dist:
        """Player ``t``'s values given the leaders' games (``outcome``) and these shared games, summed over
        his other games."""
        reads = self.reads[t]
        key = (t, tuple(shared[g] if g in shared else outcome.get(g) for g in reads))
        got = self._dists.get(key)
        if got is not None:
            return got
        if t in self.merged:
            got = self._merged_dist(t, key[1])
            self._dists[key] = got
            return got
        free = [i for i, v in enumerate(key[1]) if v is None]
        weights = self.setup.weights
        table = self.tables[t]
        results = [0 if v is None else v for v in key[1]]
        merged: dict[tuple[int, int], float | int] = {}
        for choice in product(range(3), repeat=len(free)):
            w: float | int = 1
            for i, o in zip(free, choice):
                results[i] = o
                w *= weights[reads[i]][o]
            if not w:
                continue
            ranked = table[tuple(results)]
            merged[ranked] = merged.get(ranked, 0) + w
        by_rank: dict[int, list[tuple[int, float | int]]] = {}
        for (r, k), share in merged.items():
            by_rank.setdefault(r, []).append((k, share))
        content = tuple(sorted(merged.items()))
        got = self._same.get(content)
        if got is None:
            got = self._same[content] = _Dist(by_rank)
        self._dists[key] = got
        return got

    def _merged_dist(self, t: int, results: tuple[int | None, ...]) -> _Dist:
        """:meth:`_dist` for a player counted by merged states: the results given are the leaders' games
        (his part) and the shared ones; the others are summed out state by state."""
        reads = self.reads[t]
        part = tuple(results[i] for i, g in enumerate(reads) if g in self.direct)
        known = {i: v for i, (g, v) in enumerate(zip(reads, results)) if v is not None and g not in self.direct}
        merged: dict[tuple[int, int], float | int] = {}
        m = self.merged[t]
        before = m.work
        summed = m.numbered_dist(cast(tuple[int, ...], part), known)
        self.steps += m.work - before           # each state carried over a game costs about a step
        if self.steps > MAX_STEPS:
            raise TooLarge("counting the ties one by one would take longer than sampling")
        ranked_of = self._ranked_keys(t)
        for n, w in summed.items():
            ranked = ranked_of[n]
            merged[ranked] = merged.get(ranked, 0) + w
        by_rank: dict[int, list[tuple[int, float | int]]] = {}
        for (r, k_id), share in merged.items():
            by_rank.setdefault(r, []).append((k_id, share))
        content = tuple(sorted(merged.items()))
        got = self._same.get(content)
        if got is None:
            got = self._same[content] = _Dist(by_rank)
        return got

    def _offset(self, x: int, keys: dict[int, Key], j: int, outcome: dict[int, int]) -> int:
        """How many of the players in ``keys`` (all level before position ``j``) finish above ``x``, as the
        standings order them from criterion ``j`` on; players still tied at the end share a place."""
        above = 0
        while len(keys) > 1 and j < len(keys[x]):
            if keys[x][j] is None:
                classes = self._split(sorted(keys), j, outcome)
            else:
                values = sorted({k[j] for k in keys.values()}, key=_order)
                classes = [[t for t in keys if keys[t][j] == v] for v in values]
            for cls in classes:
                if x in cls:
                    break
                above += len(cls)
            keys = {t: keys[t] for t in cls}
            j += 1
        return above

    def _split(self, group: list[int], j: int, outcome: dict[int, int]) -> list[list[int]]:
        """A group-dependent criterion's classes for ``group``: it reads only the games among them, so the
        event needs only those of the leaders' games played out."""
        setup = self.setup
        crit = setup.crits[j - (1 if self.options.played_score_first else 0)]
        inside = set(group)
        among = sorted((g, o) for g, o in outcome.items()
                       if setup.games[g][1] in inside and setup.games[g][2] in inside)
        key = (tuple(group), j, tuple(among))
        got = self._splits.get(key)
        if got is None:
            event = played_out(self.template, [setup.games[g] for g, _ in among], [o for _, o in among])
            ctx = Context(event, self.rules, self.options)
            got = self._splits[key] = [list(c) for c in ctx.split(crit, group, setup.seed).classes]
        return got


@dataclass(frozen=True)
class _Chances:
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


def _prefix_order(p: Key) -> tuple[tuple[int, Number], ...]:
    return tuple(_order(k) for k in p)


#: a state of the count: players above her so far, and those level with her (player, number of his key)
_State: TypeAlias = tuple[int, tuple[tuple[int, int], ...]]


def _weight(weights: Sequence[Weights], games: list[int], results: Sequence[int]) -> float | int:
    w: float | int = 1
    for g, o in zip(games, results):
        w *= weights[g][o]
    return w


def _shared(members: Sequence[int], reads: dict[int, list[int]], direct: set[int]
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


def _give_up_on_wide_ties(cases: list[tuple[float | int, dict[int, int], list[tuple[int, list[int]]]]],
                          places: int, reads: dict[int, list[int]], direct: set[int]) -> None:
    """Raise :class:`TooLarge` at once, before any value is worked out, when a tie for the places asked about
    shares so many open games that counting one of its players on arrays, all the others multiplied in,
    would hold more than :data:`MAX_ARRAY` numbers even if her values took a single slot (one axis of three
    per game still open, in the order :func:`_elimination_order` takes).  Working out the values first
    would take seconds (1.4 s on the Women's Rapid) only to give up then."""
    seen: set[tuple[int, ...]] = set()
    for _, _, grouped in cases:
        for start, members in grouped:
            key = tuple(members)
            if start >= places or len(members) < 2 or key in seen:
                continue
            seen.add(key)
            _, games_of = _shared(members, reads, direct)
            smallest = MAX_ARRAY // (places - start)        # the count of those above her: places - start
            shared = {g for t in members for g in games_of[t]}
            if 3 ** len(shared) <= smallest:
                continue            # not even all its games open at once would be too many
            for x in members:
                open_games = set(games_of[x])
                order = _elimination_order(x, [y for y in members if y != x], games_of)
                for n, y in enumerate(order):
                    open_games |= set(games_of[y])
                    if 3 ** len(open_games) > smallest:
                        raise TooLarge(f"{number_word(len(members))} players can finish level on points for "
                                       f"{ordinal(start + 1)} place, and their tie-breaks depend on the results "
                                       f"of {plural(len(shared), 'other game')} still to be played: too many "
                                       "combinations to count one by one")
                    open_games &= {g for z in order[n + 1:] for g in games_of[z]}


def _elimination_order(x: int, others: list[int], games_of: dict[int, list[int]]) -> list[int]:
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


def _order(k: tuple[int, Number] | None) -> tuple[int, Number]:
    return (2, 0) if k is None else k


def played_out(event: Event, games: Sequence[Pending], outcome: Sequence[int]) -> Event:
    """``event`` with these games given their results (0 White wins, 1 draw, 2 Black wins)."""
    entries = {t: list(row) for t, row in event.entries.items()}
    for (r, w, b), o in zip(games, outcome):
        wp = (ONE, HALF, ZERO)[o]
        entries[w][r - 1] = Entry.game(b, event.entry(w, r).colour, wp)
        entries[b][r - 1] = Entry.game(w, event.entry(b, r).colour, ONE - wp)
    return event.with_entries(entries, rounds=event.rounds)
