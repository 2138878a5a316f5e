"""Ranking: apply an ordered list of criteria inside each group still tied (FIDE C.07 and US Chess
rule 34E alike).

Every criterion only separates players tied on everything before it, score first.  Direct encounter,
head-to-head and the drawing of lots look only at the group tied at that point.  The result records,
for each pair of neighbours, the criterion that separated them (or none: a shared place).
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import partial
from itertools import groupby
from typing import Callable, Mapping

from engine.core.codes import Criterion, parse_code
from engine.core.collector import collector_paused
from engine.core.errors import EventError
from engine.core.exact import Number
from engine.core.model import Event
from engine.core.ordering import PTS, Criteria, Ordering, ordering_of  # noqa: F401 (PTS: long imported from here)
from engine.core.rules import UNRATED_REMEDY, Options, RuleSet
from engine.core.said import said
from engine.core.trace import Result
from engine.tiebreaks.context import Context, Split
from engine.tiebreaks.encounter import group_trace

#: how :func:`standings` gets a criterion's values for every player: ``provider(ctx, crit) -> {tpn: value}``
ValuesProvider = Callable[[Context, Criterion], Mapping[int, Number | None]]


def fast_values(ctx: Context, crit: Criterion) -> Mapping[int, Number | None]:
    """The default provider: every player's value at once, without traces (:mod:`engine.tiebreaks.fast`).

    Identical to :func:`traced_values` (``tests/engine/test_fast.py``), and what makes large events instant;
    the traces are built only when somebody asks for one (:func:`explain`, ``ctx.result``).
    """
    from engine.tiebreaks.fast import FastValues
    fast = ctx.memo(("fast",), lambda: FastValues(ctx.event, ctx.rules, ctx.options, n=ctx.n))
    return fast.values(crit)


def shared_fast_values() -> ValuesProvider:
    """A provider like :func:`fast_values` that keeps one :class:`~engine.tiebreaks.fast.FastValues` per rule set,
    options and rounds for every :func:`standings` it serves (all on one event).

    A comparison ranks one event many times (each ordering, then each criterion alone); building the
    columns of a 20,000-player event costs about two seconds of CPU, so building them once per distinct
    rule set and options instead of once per ranking is what keeps a comparison fast.  Use a fresh
    provider per event: the key does not include the event.
    """
    from engine.tiebreaks.fast import Columns, FastValues
    kept: dict[tuple[RuleSet, Options, int], FastValues] = {}
    columns: dict[int, Columns] = {}
    answers: dict[tuple[object, ...], Mapping[int, Number | None]] = {}

    def provider(ctx: Context, crit: Criterion) -> Mapping[int, Number | None]:
        code = str(crit)
        # a criterion that reads no rule set's opponent model (points, counts, cumulative, ratings: the
        # code's ``depends_on_rules``) has the same values under every rule set: worked out once for all
        key: tuple[object, ...] = ((ctx.options, ctx.n, code) if not crit.info.depends_on_rules
                                   else (ctx.rules, ctx.options, ctx.n, code))
        found = answers.get(key)
        if found is None:
            fast_key = (ctx.rules, ctx.options, ctx.n)
            fast = kept.get(fast_key)
            if fast is None:
                # the event as columns is the same under every rule set: made once per round count
                fast = kept[fast_key] = FastValues(ctx.event, ctx.rules, ctx.options, n=ctx.n,
                                                   cols=columns.get(ctx.n))
                columns[ctx.n] = fast.cols
            found = answers[key] = fast.values(crit)
        return found
    return provider


def traced_values(ctx: Context, crit: Criterion) -> Mapping[int, Number | None]:
    """Every player's value through the traced calculators (``ctx.result``), one player at a time."""
    return {t: ctx.result(crit, t).value for t in ctx.tpns}


@dataclass
class StandingsRow:
    rank: int
    tpn: int
    name: str
    values: dict[str, Number | None]


@dataclass
class Separation:
    above: int
    below: int
    criterion: str | None


@dataclass
class Standings:
    rules: RuleSet
    criteria: list[Criterion]         # PTS first
    round: int
    rows: list[StandingsRow]
    separated_by: list[Separation]
    seed: int | None = None
    warnings: list[str] = field(default_factory=list)
    #: for each group-dependent criterion: the tied group each player was in at that point
    groups: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    splits: dict[str, dict[int, Split]] = field(default_factory=dict)
    context: Context | None = None

    #: tpn -> position in :attr:`rows`, built on first use (see :meth:`position`)
    _where: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def position(self, tpn: int) -> int:
        """Where ``tpn`` stands in :attr:`rows` (0 first), in constant time.

        Pages ask this once per player (a comparison of orderings, the tied group of the Why answer): a scan
        of the rows each time made those pages quadratic, minutes of server time on a 20,000-player event.
        The index is rebuilt if the rows were changed since it was made (they are filled once by
        :func:`standings`; tests sometimes build a table by hand).
        """
        if len(self._where) != len(self.rows) or (self.rows and self._where.get(self.rows[-1].tpn) != len(self.rows) - 1):
            self._where = {r.tpn: i for i, r in enumerate(self.rows)}
        i = self._where.get(tpn)
        if i is None:
            raise EventError(said("there is no player with pairing number {tpn}", tpn=tpn))
        return i

    def row(self, tpn: int) -> StandingsRow:
        """The row of player ``tpn`` (constant time, see :meth:`position`)."""
        return self.rows[self.position(tpn)]

    @property
    def order(self) -> list[int]:
        """The pairing numbers from first to last (a fresh list: callers may change it)."""
        return [r.tpn for r in self.rows]


def skipped_rating(ctx: Context, crit: Criterion) -> bool:
    """FIDE default: rating criteria are off when somebody is unrated and no substitute is given."""
    return crit.info.rating_based and ctx.options.unrated == "off" and not ctx.event.rated_everyone()


def sort_key(value: Number | None, higher_is_better: bool) -> tuple[int, Number]:
    """A value's place in a ranking's sort: better first, no value last."""
    if value is None:
        return (1, 0)
    return (0, -value if higher_is_better else value)


def dense_keys(vals: Mapping[int, Number | None], higher_is_better: bool, players: list[int]) -> list[int]:
    """Each player's place among the distinct values (best first, None last): the order and the ties of
    :func:`sort_key`, as small ints, so a large field is sorted without a Fraction comparison per step."""
    column = list(map(vals.__getitem__, players))
    if set(map(type, column)) <= _OWN_KEYS:
        # whole numbers (counts, rating averages) hash cheaply: the values are their own keys
        distinct = sorted({v for v in column if v is not None}, reverse=higher_is_better)
        by_value: dict[Number | None, int] = dict(zip(distinct, range(len(distinct))))
        by_value[None] = len(distinct)
        return list(map(by_value.__getitem__, column))
    # Fractions: distinct objects first (by id: a provider shares one object per value, and ids hash
    # cheaply), then equal values among them share a place
    objects = dict(zip(map(id, column), column))
    objects.pop(id(None), None)
    place: dict[int, int] = {}
    rank = -1
    previous: Number | None = None
    for v in sorted((v for v in objects.values() if v is not None), reverse=higher_is_better):
        if rank < 0 or v != previous:
            rank += 1
            previous = v
        place[id(v)] = rank
    place[id(None)] = rank + 1
    return list(map(place.__getitem__, map(id, column)))


_OWN_KEYS = {int, type(None)}


class Tied:
    """The players in their current order, and the spans of it still tied, with what made each cut.

    Ranking applies the criteria one after the other inside each group still tied.  Only those groups
    are kept (as spans of :attr:`order`), so a criterion costs work for the players it can still
    separate, not for the whole field: in a large Swiss event a few criteria leave almost everybody
    alone.  Within a span, players stay in pairing-number order until a criterion separates them.
    """

    def __init__(self, tpns: list[int]):
        self.order = list(tpns)
        #: (start, end) in :attr:`order` of each group of two or more players still tied
        self.spans: list[tuple[int, int]] = [(0, len(tpns))] if len(tpns) > 1 else []
        #: position of the upper player of each cut -> the criterion that separated him from the next
        self.cut_by: dict[int, str] = {}

    def apply_value(self, code: str, vals: Mapping[int, Number | None], higher_is_better: bool) -> None:
        """Order each tied group by a criterion that is a plain value, and cut it where the value changes."""
        if not self.spans:
            return
        order = self.order
        tied = [t for start, end in self.spans for t in order[start:end]]
        place = dict(zip(tied, dense_keys(vals, higher_is_better, tied)))
        spans: list[tuple[int, int]] = []
        for start, end in self.spans:
            if end - start == 2:        # two players (most groups after a few criteria): one comparison
                a, b = order[start], order[start + 1]
                if place[a] == place[b]:
                    spans.append((start, end))
                else:
                    if place[b] < place[a]:
                        order[start], order[start + 1] = b, a
                    self.cut_by[start] = code
                continue
            # a stable sort: players with equal values stay in pairing-number order
            order[start:end] = sorted(order[start:end], key=place.__getitem__)
            pos = start
            for _, members in groupby(order[start:end], key=place.__getitem__):
                size = sum(1 for _ in members)
                if pos > start:
                    self.cut_by[pos - 1] = code
                if size > 1:
                    spans.append((pos, pos + size))
                pos += size
        self.spans = spans

    def apply_split(self, code: str, split_of: Callable[[list[int]], Split], result: Standings | None = None
                    ) -> dict[int, Number | None]:
        """Apply a group-dependent criterion to each tied group; each player's value is his position
        in his group's split (none for a player already alone).  ``result`` records each player's group
        and split for the explanations (a forecast, which needs only the order, gives none)."""
        vals: dict[int, Number | None] = {}
        spans: list[tuple[int, int]] = []
        for start, end in self.spans:
            group = self.order[start:end]
            split = split_of(group)
            pos = start
            for i, members in enumerate(split.classes):
                if i:
                    self.cut_by[pos - 1] = code
                for t in members:
                    vals[t] = pos - start + 1
                    if result is not None:
                        result.groups[code][t] = group
                        result.splits[code][t] = split
                self.order[pos:pos + len(members)] = sorted(members)
                if len(members) > 1:
                    spans.append((pos, pos + len(members)))
                pos += len(members)
        self.spans = spans
        return vals

    def ranks(self) -> list[int]:
        """The rank of each position of :attr:`order`: players still tied share the first one's."""
        ranks = list(range(1, len(self.order) + 1))
        for start, end in self.spans:
            ranks[start:end] = [start + 1] * (end - start)
        return ranks


def standings(event: Event, ordering: Ordering | Criteria, rules: RuleSet | str | None = None,
              options: Options | None = None, *, values_provider: ValuesProvider | None = None) -> Standings:
    """Rank the event under an :class:`~engine.core.ordering.Ordering` (or criteria, rule set and options,
    made into one by :func:`~engine.core.ordering.ordering_of`).  Points always come first.

    ``values_provider`` computes the values of the criteria that are not group-dependent (default:
    :func:`fast_values`; :func:`traced_values` gives the same numbers the slow way).
    """
    with collector_paused():        # a large field builds a million objects in no cycle (engine.core.collector)
        return _standings(event, ordering_of(ordering, rules, options), values_provider or fast_values)


def _standings(event: Event, o: Ordering, provider: ValuesProvider) -> Standings:
    options = o.options
    ctx = Context(event, o.rules, options)
    crits = o.ranked
    seed = options.seed
    if any(c.code == "LOTS" for c in crits) and seed is None:
        seed = secrets.randbelow(10 ** 9)
    result = Standings(ctx.rules, crits, ctx.n, [], [], seed=seed, context=ctx)
    tpns = sorted(ctx.tpns)
    values: dict[str, Mapping[int, Number | None]] = {}
    tied = Tied(tpns)
    for crit in crits:
        code = str(crit)
        result.groups[code] = {}
        result.splits[code] = {}
        if skipped_rating(ctx, crit):
            result.warnings.append(f"{code} is skipped: some players are unrated and no substitute rating is set "
                                   f"(FIDE C.07 art. 10; {UNRATED_REMEDY})")
            values[code] = dict.fromkeys(tpns)
        elif not crit.info.group_dependent:
            values[code] = vals = provider(ctx, crit)       # a value for every player
            tied.apply_value(code, vals, crit.higher_is_better)
            if crit is PTS and options.played_score_first:
                tied.apply_value(code, scored_in_play(ctx), True)
        else:
            values[code] = tied.apply_split(code, partial(_split, ctx, crit, seed=seed), result)
    _fill(result, event, tied, values)
    return result


def plain_ranks(event: Event, ordering: Ordering, provider: ValuesProvider | None = None) -> dict[int, int]:
    """tpn -> rank under an ordering of plain values only (no DE, H2H or LOTS, no played-score rule): the
    ranks of :func:`standings` without its rows, groups and separations.

    The heat map of a comparison ranks the event once per criterion; for a large field building every row
    each time cost more than the ranking itself.
    """
    provider = provider or fast_values
    ctx = Context(event, ordering.rules, ordering.options)
    if ordering.options.played_score_first or any(c.info.group_dependent for c in ordering.ranked):
        raise ValueError("plain_ranks takes plain values only; use standings")
    tied = Tied(sorted(ctx.tpns))
    for crit in ordering.ranked:
        if not skipped_rating(ctx, crit):        # a skipped criterion leaves everybody as tied as before
            tied.apply_value(str(crit), provider(ctx, crit), crit.higher_is_better)
    return dict(zip(tied.order, tied.ranks()))


def scored_in_play(ctx: Context) -> dict[int, int]:
    """The local rule "a played score beats an unplayed one": 0 for a player whose whole score came from
    unplayed rounds (byes, forfeit wins), 1 for everybody else (a point over the board, or no point at
    all).  Applied right after points; a separation it makes is reported as a separation on points."""
    out = {}
    for t in ctx.tpns:
        entries = ctx.entries(t)
        played = sum((e.points for e in entries if e.played), Fraction(0))
        out[t] = 0 if played == 0 and ctx.score(t) > 0 else 1
    return out


def _fill(result: Standings, event: Event, tied: Tied, values: Mapping[str, Mapping[int, Number | None]]) -> None:
    """The rows (rank, player, every value) and the separation of each pair of neighbours."""
    order = tied.order
    names = {p.tpn: p.name for p in event.players}
    codes = list(values)
    columns = [list(map(vals.get, order)) for vals in values.values()]
    for rank, t, row in zip(tied.ranks(), order, zip(*columns)):
        result.rows.append(StandingsRow(rank, t, names[t], dict(zip(codes, row))))
    cut_by = tied.cut_by
    result.separated_by = [Separation(a, b, cut_by.get(pos)) for pos, (a, b) in enumerate(zip(order, order[1:]))]


def _split(ctx: Context, crit: Criterion, group: list[int], *, seed: int | None) -> Split:
    return ctx.split(crit, group, seed or 0)


def explain(event: Event, tpn: int, code: str | Criterion, under: Ordering | RuleSet | str | None = None,
            options: Options | None = None, criteria: Criteria | None = None) -> Result:
    """The value and trace of one criterion for one player, ``under`` an ordering (or a rule set, with
    ``options`` and the ``criteria`` before it).

    For DE, H2H and LOTS the ordering decides which players are tied when the criterion is reached
    (by default: points, then the criterion itself).
    """
    crit = parse_code(code) if isinstance(code, str) else code
    o = under if isinstance(under, Ordering) else ordering_of(criteria or [], under, options)
    options = o.options
    if tpn not in event.entries:
        raise EventError(said("there is no player with pairing number {tpn}", tpn=tpn))
    if not crit.info.group_dependent:
        ctx = Context(event, o.rules, options)
        res = ctx.result(crit, tpn)
        if skipped_rating(ctx, crit):
            res.trace.steps.insert(0, "Some participants are unrated and no substitute rating is set: FIDE's "
                                      f"rule leaves rating criteria empty ({UNRATED_REMEDY}).")
            return Result(None, res.trace)
        return res
    if crit not in o.criteria:
        o = replace(o, criteria=(*o.criteria, crit))
    st = standings(event, o)
    tied_ctx = st.context
    assert tied_ctx is not None          # standings always keep their context
    key = str(crit)
    group = st.groups.get(key, {}).get(tpn, [tpn])
    split = st.splits.get(key, {}).get(tpn, Split([[tpn]]))
    position = st.row(tpn).values.get(key)
    trace = group_trace(tied_ctx, crit, tpn, group, split, position if isinstance(position, int) else None,
                        st.seed)
    return Result(position, trace)
