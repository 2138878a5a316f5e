"""Team standings: the primary score, then each tie-break in order, splitting only teams still level.

A tie-break that gives every team a number (Buchholz, Sonneborn-Berger, board count ...) orders a tied
group by it; a group tie-break (direct encounter, top board results ...) orders the group it is given.
Teams level on everything share a rank and are listed by pairing number.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.core.exact import Number
from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext
from engine.teams.encounter import GroupSplit, split_group
from engine.teams.tiebreaks import compute


@dataclass
class TeamRow:
    rank: int
    tpn: int
    name: str
    mp: Fraction
    gp: Fraction
    values: dict[str, Number | None] = field(default_factory=dict)


@dataclass
class TeamStandings:
    rows: list[TeamRow]
    criteria: list[TeamCriterion]
    #: for each group criterion, the tied groups it was given and how it split them
    splits: dict[str, list[GroupSplit]] = field(default_factory=dict)


def value_of(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Number | None:
    return compute(ctx, crit, tpn).value


def _board_count_applies(ctx: TeamContext, crit: TeamCriterion, group: list[int]) -> bool:
    """Board count splits a group only when its teams are equal on the score the reading names."""
    if crit.code != "BC":
        return True
    which = ctx.options.board_count_needs
    return len({ctx.event.score(t, which) for t in group}) == 1


def team_standings(ctx: TeamContext, criteria: list[TeamCriterion]) -> TeamStandings:
    ev = ctx.event
    primary = ev.scoring.primary
    groups: list[list[int]] = []
    for tpn in sorted(ev.tpns, key=lambda t: (-ev.score(t, primary), t)):
        if groups and ev.score(groups[-1][0], primary) == ev.score(tpn, primary):
            groups[-1].append(tpn)
        else:
            groups.append([tpn])
    values: dict[int, dict[str, Number | None]] = {t: {} for t in ev.tpns}
    splits: dict[str, list[GroupSplit]] = {}
    for crit in criteria:
        key = crit.given or str(crit)
        new: list[list[int]] = []
        for g in groups:
            if crit.info.group_dependent:
                if len(g) == 1:
                    values[g[0]][key] = 1
                    new.append(g)
                    continue
                sp = split_group(ctx, crit, g)
                splits.setdefault(key, []).append(sp)
                for t in g:
                    values[t][key] = sp.place(t)
                new += [sorted(p) for p in sp.parts]
                continue
            vals = {t: value_of(ctx, crit, t) for t in g}
            for t in g:
                values[t][key] = vals[t]
            if len(g) == 1 or not _board_count_applies(ctx, crit, g):
                new.append(g)
                continue
            sign = -1 if crit.higher_is_better else 1
            ordered = sorted(set(Fraction(v or 0) for v in vals.values()), key=lambda v: sign * v)
            new += [sorted(t for t in g if Fraction(vals[t] or 0) == v) for v in ordered]
        groups = new
    # teams never reached by a criterion (alone early) still get its value, for the table
    for crit in criteria:
        key = crit.given or str(crit)
        if not crit.info.group_dependent:
            for t in ev.tpns:
                if key not in values[t]:
                    values[t][key] = value_of(ctx, crit, t)
    rows = []
    rank = 1
    for g in groups:
        for t in g:
            rows.append(TeamRow(rank, t, ev.name_of(t), ev.mp(t), ev.gp(t), values[t]))
        rank += len(g)
    return TeamStandings(rows, criteria, splits)
