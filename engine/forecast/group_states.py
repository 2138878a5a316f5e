"""Counting a player's place inside a tied group state by state: the others multiplied in one at a time,
each state the number of players above her so far and those still level with her on every criterion before a
group-dependent one (direct encounter, head-to-head, lots), which is then applied to exactly the players still
tied, as the standings do.  A shared game is summed out as soon as nobody left reads it (variable elimination).

:class:`StateCount` also holds what both counts read: the players' tables of values, their merged states
(:mod:`engine.forecast.merge`) and the distributions of their values; the count on whole arrays
(:mod:`engine.forecast.group_arrays`) builds on it.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import product
from typing import cast

from engine.core.model import Event
from engine.core.rules import Options, RuleSet
from engine.forecast.group_common import (
    MAX_STEPS,
    Dist,
    Key,
    Setup,
    State,
    TooLarge,
    elimination_order,
    key_order,
    played_out,
    prefix_order,
    shared_games,
    weight_of,
)
from engine.forecast.merge import Merged
from engine.tiebreaks.context import Context


class StateCount:
    """The places inside tied groups, computed once per group, start and results that matter to it, state by
    state (:meth:`_member`)."""

    def __init__(self, setup: Setup, tables: dict[int, dict[tuple[int, ...], Key]], reads: dict[int, list[int]],
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
        prefixes = sorted({k[:L] for k in self.key_of}, key=prefix_order)
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
        self._dists: dict[tuple[object, ...], Dist] = {}
        #: one object per distinct distribution, so equal chances are recognised by identity
        self._same: dict[tuple[tuple[tuple[int, int], float | int], ...], Dist] = {}
        self._splits: dict[tuple[object, ...], list[list[int]]] = {}
        #: per merged player, per number of his key (:meth:`Merged.numbered_dist`): its rank and number here
        self._ranked: dict[int, list[tuple[int, int]]] = {}

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
        """Every member's places in her group, counted state by state, and how many games the count covers."""
        count, games_of = shared_games(members, self.reads, self.direct)
        mass: float | int = 3 ** len(count) if isinstance(self.setup.weights[0][0], int) else 1.0
        out = {x: self._member(x, members, games_of, start, places, outcome, mass) for x in members}
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

        Kept as one function: the table, its states and the games still open change together at every
        player multiplied in; cut in parts, each part would take and give back all three.
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
        for y in elimination_order(x, others, games_of):
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
        start_state: State = (ahead, ())
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
        table: dict[tuple[int, ...], dict[int, dict[State, float | int]]] = {}
        for res in product(range(3), repeat=len(frontier)):
            w = weight_of(weights, frontier, res)
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
            nxt: dict[tuple[int, ...], dict[int, dict[State, float | int]]] = {}
            for res, entries in table.items():
                known = dict(zip(frontier, res))
                # the results of his new games that leave the same chances for him and the same games
                # open are one case, their weights added (his values are often the same whatever the
                # result of a game between two of his own opponents)
                cases: dict[tuple[tuple[int, ...], int], tuple[Dist, float | int]] = {}
                for more in product(range(3), repeat=len(fresh)):
                    w = weight_of(weights, fresh, more)
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

    def _ranked_keys(self, y: int) -> list[tuple[int, int]]:
        """Per number of a merged player's key (``Merged.key_list``): the rank of its values and its number
        here, for every key numbered so far."""
        m = self.merged[y]
        ranked = self._ranked.setdefault(y, [])
        if len(ranked) < len(m.key_list):
            L = self.setup.prefix
            ranked.extend((self.rank[k[:L]], self.ids[k]) for k in m.key_list[len(ranked):])
        return ranked

    def _possible(self, t: int, outcome: dict[int, int]) -> set[int]:
        """The ranks player ``t``'s values can take given the leaders' games."""
        part = tuple(outcome[g] for g in self.reads[t] if g in self.direct)
        return self._ranks[t][part]

    def _dist(self, t: int, outcome: dict[int, int], shared: dict[int, int]) -> Dist:
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
            got = self._same[content] = Dist(by_rank)
        self._dists[key] = got
        return got

    def _merged_dist(self, t: int, results: tuple[int | None, ...]) -> Dist:
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
            got = self._same[content] = Dist(by_rank)
        return got

    def _offset(self, x: int, keys: dict[int, Key], j: int, outcome: dict[int, int]) -> int:
        """How many of the players in ``keys`` (all level before position ``j``) finish above ``x``, as the
        standings order them from criterion ``j`` on; players still tied at the end share a place."""
        above = 0
        while len(keys) > 1 and j < len(keys[x]):
            if keys[x][j] is None:
                classes = self._split(sorted(keys), j, outcome)
            else:
                values = sorted({k[j] for k in keys.values()}, key=key_order)
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


