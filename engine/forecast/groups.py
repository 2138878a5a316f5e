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
approximated.  ``tests/engine/test_forecast_groups.py`` checks the chances equal the plain enumeration's on
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

This module is the driver and its give-up rules; the count inside a tie is
:mod:`engine.forecast.group_states` (state by state) and :mod:`engine.forecast.group_arrays` (on arrays), with
what the three share in :mod:`engine.forecast.group_common`.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Callable, Sequence, TypeAlias

from engine.core.codes import Criterion
from engine.core.exact import Number
from engine.core.model import Event, PendingGame
from engine.core.rules import Options, RuleSet
from engine.core.words import number_word, ordinal, plural
from engine.forecast.group_arrays import TieCount
from engine.forecast.group_common import (
    MAX_ARRAY,
    Key,
    Setup,
    TooLarge,
    Weights,
    elimination_order,
    shared_games,
    weight_of,
)
from engine.forecast.merge import Merged, NotMergeable, TooManyValues, mergeable
from engine.ranking.standings import sort_key
from engine.tiebreaks.fast import Columns, FastValues, scored_in_play

__all__ = ["grouped_places", "MAX_DIRECT_GAMES", "MAX_TABLE_GAMES"]

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
#: the whole count tie by tie may cost at most this much work (in about microseconds: some 5 s): what a
#: table value, a merged value and a step of the count inside a tie cost, measured on 80- to 110-player
#: events; beyond it, when the values alone take more than 60 % of it, or when the steps done so far
#: project beyond twice it, sampling is quicker
MAX_WORK = 5_000_000
EVALUATION_COST = 100
MERGED_EVALUATION_COST = 150
STEP_COST = 3

def grouped_places(template: Event, criteria: Sequence[Criterion], rules: RuleSet, options: Options,
                   universe: Sequence[int], places: int, games: Sequence[PendingGame], weights: Sequence[Weights],
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
    setup = Setup(crits, prefix, list(games), list(weights), options.seed if options.seed is not None else 0,
                  frozenset(own_only))
    direct = [i for i, (_, w, b) in enumerate(games) if w in in_u or b in in_u]
    if len(direct) > MAX_DIRECT_GAMES:
        raise TooLarge(f"the players who can still reach these places play {len(direct)} games, too many to "
                       "try in every combination")
    base = FastValues(template, rules, options, n=template.last_result_round())
    slices, reads = _reach(base, U, games, steps, facts)
    direct_set = set(direct)
    cols = base.cols
    points_of = _Points(games, {t: cols.score[cols.index[t]] for t in U}, cols.scale, cols.scale // 2)
    cases, needed = _cases(U, direct, weights, points_of, places, reads)
    if prefix == len(crits) + options.played_score_first:
        _give_up_on_wide_ties(cases, places, reads, direct_set)
    tables, merged, spent = _values(base, setup, U, slices, reads, direct_set, needed, steps, options)
    counter = TieCount(setup, tables, reads, template, rules, options, direct, merged)
    acc = _count(counter, cases, U, places, len(games) - len(direct), 3 if exact_fractions else 1.0, spent,
                 progress)
    out: dict[int, dict[int, Fraction | float]] = {}
    denominator = 3 ** len(games)
    for t in U:
        if exact_fractions:
            out[t] = {k: Fraction(int(v), denominator) for k, v in sorted(acc[t].items()) if v}
        else:       # a sum of many products may overshoot 1 by a rounding error: a chance stays a chance
            out[t] = {k: min(float(v), 1.0) for k, v in sorted(acc[t].items()) if v}
    return out


#: every result of the leaders' games that can happen: its weight, the results, the score groups
Case: TypeAlias = tuple[float | int, dict[int, int], list[tuple[int, list[int]]]]


def _reach(base: FastValues, U: list[int], games: Sequence[PendingGame], steps: int, facts: int
           ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
    """Per player, the slice of the field his values are worked out on (him first, then everybody up to
    ``max(1, steps, facts)`` opponents away), and the games his values depend on (indexes into ``games``)."""
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
    return slices, reads


def _cases(U: list[int], direct: list[int], weights: Sequence[Weights], points_of: _Points, places: int,
           reads: dict[int, list[int]]) -> tuple[list[Case], dict[int, set[tuple[int, ...]]]]:
    """Every result of the leaders' games that can happen, with its score groups; and per player, which of
    those results put him in a tie that decides a place asked about: only those rows of his table are read."""
    direct_set = set(direct)
    needed: dict[int, set[tuple[int, ...]]] = {t: set() for t in U}
    cases: list[Case] = []
    for d in product(range(3), repeat=len(direct)):
        wd = weight_of(weights, direct, d)
        if not wd:
            continue
        outcome = dict(zip(direct, d))
        grouped = _score_groups(U, points_of(outcome))
        cases.append((wd, outcome, grouped))
        for start, members in grouped:
            if start < places and len(members) > 1:
                for t in members:
                    needed[t].add(tuple(outcome[g] for g in reads[t] if g in direct_set))
    return cases, needed


def _values(base: FastValues, setup: Setup, U: list[int], slices: dict[int, list[int]], reads: dict[int, list[int]],
            direct_set: set[int], needed: dict[int, set[tuple[int, ...]]], steps: int, options: Options
            ) -> tuple[dict[int, dict[tuple[int, ...], Key]], dict[int, Merged], int]:
    """The values of every player who can tie for a place asked about: merged states for those whose
    values depend on many games (when their criteria allow it), a table for the others; and the work this
    cost, in about microseconds.  Raises :class:`TooLarge` as soon as a limit of work is passed."""
    games, weights = setup.games, setup.weights
    evaluations = 0
    merge = steps <= 1 and mergeable(setup.crits, setup.own_only, options)
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
    return tables, merged, spent


def _count(counter: TieCount, cases: list[Case], U: list[int], places: int, others: int, mass: float | int,
           spent: int, progress: Callable[[int, int], None] | None) -> dict[int, dict[int, float | int]]:
    """Per player, the weight of each place, added up over every case (``places + 1``: that place or lower);
    ``others`` games are not the leaders', each adding ``mass`` where the count of a tie did not sum it."""
    acc: dict[int, dict[int, float | int]] = {t: {} for t in U}
    lumped = places + 1
    count = len(cases)
    step = max(1, count // 50)
    for n_done, (wd, outcome, grouped) in enumerate(cases):
        for start, members in grouped:
            if start >= places or len(members) == 1:
                place = min(start + 1, lumped)
                for t in members:
                    acc[t][place] = acc[t].get(place, 0) + wd * mass ** others
            else:
                shares, summed = counter.places(tuple(members), start, places, outcome)
                pad = wd * mass ** (others - summed)
                for t, dist in shares.items():
                    mine = acc[t]
                    for place, share in dist.items():
                        mine[place] = mine.get(place, 0) + share * pad
        # the steps so far, spread over the cases still to come: when that projects beyond the budget the
        # count gives up early (sampling is quicker) instead of at the budget itself
        if n_done + 1 >= count // 10 and spent + counter.steps * STEP_COST * count // (n_done + 1) > 2 * MAX_WORK:
            raise TooLarge("counting the ties one by one would take longer than sampling")
        if spent + counter.steps * STEP_COST > MAX_WORK:
            raise TooLarge("counting the ties one by one would take longer than sampling")
        if progress and n_done % step == 0:
            progress(n_done + 1, count)
    if progress:
        progress(count, count)
    return acc


class _Points:
    """The points of the players in reach for a result of the leaders' games (in ``S`` units)."""

    def __init__(self, games: Sequence[PendingGame], drawn: dict[int, int], unit: int, half: int) -> None:
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
        if not ring:
            break               # everybody in reach (a value that reads the whole field asks for any depth)
        seen |= ring
    return seen


def _tabulate(base: FastValues, setup: Setup, keep: list[int], games: list[PendingGame], leaders: list[bool],
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


def _give_up_on_wide_ties(cases: list[tuple[float | int, dict[int, int], list[tuple[int, list[int]]]]],
                          places: int, reads: dict[int, list[int]], direct: set[int]) -> None:
    """Raise :class:`TooLarge` at once, before any value is worked out, when a tie for the places asked about
    shares so many open games that counting one of its players on arrays, all the others multiplied in,
    would hold more than :data:`MAX_ARRAY` numbers even if her values took a single slot (one axis of three
    per game still open, in the order :func:`elimination_order` takes).  Working out the values first
    would take seconds (1.4 s on the Women's Rapid) only to give up then."""
    seen: set[tuple[int, ...]] = set()
    for _, _, grouped in cases:
        for start, members in grouped:
            key = tuple(members)
            if start >= places or len(members) < 2 or key in seen:
                continue
            seen.add(key)
            _, games_of = shared_games(members, reads, direct)
            smallest = MAX_ARRAY // (places - start)        # the count of those above her: places - start
            shared = {g for t in members for g in games_of[t]}
            if 3 ** len(shared) <= smallest:
                continue            # not even all its games open at once would be too many
            for x in members:
                open_games = set(games_of[x])
                order = elimination_order(x, [y for y in members if y != x], games_of)
                for n, y in enumerate(order):
                    open_games |= set(games_of[y])
                    if 3 ** len(open_games) > smallest:
                        raise TooLarge(f"{number_word(len(members))} players can finish level on points for "
                                       f"{ordinal(start + 1)} place, and their tie-breaks depend on the results "
                                       f"of {plural(len(shared), 'other game')} still to be played: too many "
                                       "combinations to count one by one")
                    open_games &= {g for z in order[n + 1:] for g in games_of[z]}
