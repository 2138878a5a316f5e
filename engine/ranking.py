"""Ranking: apply an ordered list of criteria inside each group still tied (RULES.md §0.2).

Every criterion only separates players tied on everything before it, score first.  Direct encounter,
head-to-head and the drawing of lots look only at the group tied at that point.  The result records,
for each pair of neighbours, the criterion that separated them (or none: a shared place).
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Mapping

from .codes import Criterion, parse_code
from .context import Context
from .encounter import Split, direct_encounter, group_trace, head_to_head, lots
from .errors import EventError
from .model import Event
from .numbers import Number
from .rules import Options, RuleSet, rule_set
from .trace import Result

PTS = Criterion("PTS")

#: how :func:`standings` gets a criterion's values for every player: ``provider(ctx, crit) -> {tpn: value}``
ValuesProvider = Callable[[Context, Criterion], Mapping[int, Number | None]]


def fast_values(ctx: Context, crit: Criterion) -> Mapping[int, Number | None]:
    """The default provider: every player's value at once, without traces (:mod:`engine.fast`).

    Identical to :func:`traced_values` (``tests/test_fast.py``), and what makes large events instant;
    the traces are built only when somebody asks for one (:func:`explain`, ``ctx.result``).
    """
    from .fast import FastValues
    fast = ctx.memo(("fast",), lambda: FastValues(ctx.event, ctx.rules, ctx.options, n=ctx.n))
    return fast.values(crit)  # type: ignore[attr-defined]


def traced_values(ctx: Context, crit: Criterion) -> Mapping[int, Number | None]:
    """Every player's value through the traced calculators (``ctx.result``), one player at a time."""
    return {t: ctx.result(crit, t).value for t in ctx.tpns}


@dataclass
class Row:
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
    rows: list[Row]
    separated_by: list[Separation]
    seed: int | None = None
    warnings: list[str] = field(default_factory=list)
    #: for each group-dependent criterion: the tied group each player was in at that point
    groups: dict[str, dict[int, list[int]]] = field(default_factory=dict)
    splits: dict[str, dict[int, Split]] = field(default_factory=dict)
    context: Context | None = None

    def row(self, tpn: int) -> Row:
        for r in self.rows:
            if r.tpn == tpn:
                return r
        raise EventError(f"there is no player with pairing number {tpn}")

    @property
    def order(self) -> list[int]:
        return [r.tpn for r in self.rows]


def skipped_rating(ctx: Context, crit: Criterion) -> bool:
    """FIDE default: rating criteria are off when somebody is unrated and no substitute is given."""
    return crit.info.rating_based and ctx.options.unrated == "off" and not ctx.event.rated_everyone()


def _key(value: Number | None, higher_is_better: bool) -> tuple:
    if value is None:
        return (1, 0)
    return (0, -value if higher_is_better else value)


def _dense_keys(vals: Mapping[int, Number | None], higher_is_better: bool) -> dict[int, int]:
    """Each player's place among the distinct values (best first, None last): the order and the ties of
    :func:`_key`, as small ints, so a large field is sorted without a Fraction comparison per step."""
    # distinct objects first (by id: a provider shares one object per value, and ids hash cheaply), then
    # equal values among them share a place
    objects = {id(v): v for v in vals.values() if v is not None}
    place: dict[int, int] = {}
    rank = -1
    previous: Number | None = None
    for v in sorted(objects.values(), reverse=higher_is_better):
        if rank < 0 or v != previous:
            rank += 1
            previous = v
        place[id(v)] = rank
    last = rank + 1
    return {t: last if v is None else place[id(v)] for t, v in vals.items()}


def standings(event: Event, criteria: list[Criterion] | str, rules: RuleSet | str = "fide",
              options: Options | None = None, *, values_provider: ValuesProvider | None = None) -> Standings:
    """Rank the event.  ``criteria`` may omit PTS (it always comes first).

    ``values_provider`` computes the values of the criteria that are not group-dependent (default:
    :func:`fast_values`; :func:`traced_values` gives the same numbers the slow way).
    """
    provider = values_provider or fast_values
    if isinstance(criteria, str):
        from .codes import parse_codes
        criteria = parse_codes(criteria)
    options = options or Options()
    ctx = Context(event, rule_set(rules) if isinstance(rules, str) else rules, options)
    crits = [PTS] + [c for c in criteria if c.code != "PTS"]
    seed = options.seed
    if any(c.code == "LOTS" for c in crits) and seed is None:
        seed = secrets.randbelow(10 ** 9)
    result = Standings(ctx.rules, crits, ctx.n, [], [], seed=seed, context=ctx)
    tpns = sorted(ctx.tpns)
    values: dict[str, dict[int, Number | None]] = {}
    path: dict[int, list[int]] = {t: [] for t in tpns}
    groups: list[list[int]] = [tpns]
    for crit in crits:
        code = str(crit)
        vals: dict[int, Number | None] = dict.fromkeys(tpns)
        skip = skipped_rating(ctx, crit)
        if skip:
            result.warnings.append(f"{code} is skipped: some players are unrated and no substitute rating is set "
                                   "(FIDE C.07 art. 10; use --unrated exclude or a rating)")
        elif not crit.info.group_dependent:
            vals = dict(provider(ctx, crit))       # a value for every player
        new_groups: list[list[int]] = []
        dense: dict[int, int] | None = None
        result.groups[code] = {}
        result.splits[code] = {}
        for g in groups:
            if len(g) == 1:          # already alone: nothing to split (most groups, after a few criteria)
                path[g[0]].append(0)
                new_groups.append(g)
                continue
            if skip:
                classes = [g]
            elif crit.info.group_dependent:
                split = _split(ctx, crit, g, seed)
                classes = split.classes
                pos = 1
                for c in classes:
                    for t in c:
                        vals[t] = pos
                        result.groups[code][t] = g
                        result.splits[code][t] = split
                    pos += len(c)
            else:
                if dense is None:
                    dense = _dense_keys(vals, crit.higher_is_better)
                order = sorted(g, key=lambda t: (dense[t], t))
                classes = []
                for t in order:
                    if classes and dense[classes[-1][-1]] == dense[t]:
                        classes[-1].append(t)
                    else:
                        classes.append([t])
            for i, c in enumerate(classes):
                for t in c:
                    path[t].append(i)
                new_groups.append(sorted(c))
        groups = new_groups
        values[code] = vals
    rank_of: dict[int, int] = {}
    position = 1
    for g in groups:
        for t in g:
            rank_of[t] = position
        position += len(g)
    order = [t for g in groups for t in g]
    names = {p.tpn: p.name for p in event.players}
    codes = [str(c) for c in crits]
    for t in order:
        result.rows.append(Row(rank_of[t], t, names[t], {code: values[code][t] for code in codes}))
    for a, b in zip(order, order[1:]):
        sep = None
        pa, pb = path[a], path[b]
        for i, code in enumerate(codes):
            if pa[i] != pb[i]:
                sep = code
                break
        result.separated_by.append(Separation(a, b, sep))
    return result


def _split(ctx: Context, crit: Criterion, group: list[int], seed: int | None) -> Split:
    if crit.code == "DE":
        return direct_encounter(ctx, crit, group)
    if crit.code == "H2H":
        return head_to_head(ctx, crit, group)
    return lots(seed or 0, group)


def explain(event: Event, tpn: int, code: str | Criterion, rules: RuleSet | str = "fide",
            options: Options | None = None, ordering: list[Criterion] | None = None) -> Result:
    """The value and trace of one criterion for one player.

    For DE, H2H and LOTS the ordering decides which players are tied when the criterion is reached
    (by default: points, then the criterion itself).
    """
    crit = parse_code(code) if isinstance(code, str) else code
    options = options or Options()
    if tpn not in event.entries:
        raise EventError(f"there is no player with pairing number {tpn}")
    if not crit.info.group_dependent:
        ctx = Context(event, rule_set(rules) if isinstance(rules, str) else rules, options)
        res = ctx.result(crit, tpn)
        if skipped_rating(ctx, crit):
            res.trace.steps.insert(0, "Some participants are unrated and no substitute rating is set: FIDE's "
                                      "rule leaves rating criteria empty (use --unrated exclude or a rating).")
            return Result(None, res.trace)
        return res
    order = list(ordering or [])
    if not any(str(c) == str(crit) for c in order):
        order.append(crit)
    st = standings(event, order, rules, options)
    ctx = st.context
    assert ctx is not None
    key = str(crit)
    group = st.groups.get(key, {}).get(tpn, [tpn])
    split = st.splits.get(key, {}).get(tpn, Split([[tpn]]))
    position = st.row(tpn).values.get(key)
    trace = group_trace(ctx, crit, tpn, group, split, position if isinstance(position, int) else None, st.seed)
    return Result(position, trace)
