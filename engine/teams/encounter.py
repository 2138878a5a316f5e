"""Tie-breaks decided inside a tied group: the extended direct encounter and the board tie-breaks.

Extended direct encounter (FIDE C.07 art. 13.3): the tied teams' matches against each other make a small
crosstable, ranked on the primary score; teams still level are ranked on the other score.  In a Swiss
event, where the tied teams have not all met, a team is placed first only if it would be first whatever
the results of the missing matches, and so on down.  Forfeited matches are left out in a Swiss (``/P``
counts them) and count in a round robin.

Which score a newly formed tied subgroup starts from differs: FIDE TEC's exercise book stays on the score
in use ("still within the same application", its exercise 45); the 2026 wording of art. 13.3.3 restarts
from the primary score.  Both are offered (:attr:`engine.teams.context.TeamOptions.ede_subgroup`).

If exactly two teams are still level on both scores, the regulations may name board tie-breaks on their
own match (art. 13.3.2): board count, then top board results or bottom board elimination (``EDEC``,
``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB``).  On their own, board count, top board results and bottom board
elimination (art. 12) read every match the teams played.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.core.model import ZERO
from engine.core.said import Joined, Said, num, nums, said, said_n
from engine.core.trace import Result, Trace
from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext
from engine.teams.model import TeamBoard
from engine.teams.text import nice
from engine.teams.tiebreaks import bye_board_points

#: the board follow-ups of each EDE code: C board count, T top board results, B bottom board elimination
FOLLOW_UPS = {"EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB", "DE": ""}
FOLLOW_WORDS = {"C": "board count", "T": "top board results", "B": "bottom board elimination"}


@dataclass
class GroupSplit:
    """A tied group put in order: the parts (teams still level share a part) and the working."""

    parts: list[list[int]]
    steps: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def place(self, tpn: int) -> int:
        """1 for the teams of the first part, then counting the teams above (1, 2, 2, 4 ...)."""
        above = 0
        for part in self.parts:
            if tpn in part:
                return above + 1
            above += len(part)
        raise KeyError(tpn)


def _counted(ctx: TeamContext, forfeits_played: bool, tpn: int, group: set[int]) -> list:  # type: ignore[type-arg]
    out = []
    for r in ctx.event.team_rounds(tpn)[: ctx.counted_rounds]:
        if r.opponent in group and (r.played or forfeits_played or ctx.event.round_robin):
            out.append(r)
    return out


def mini_table(ctx: TeamContext, group: list[int], forfeits_played: bool) -> dict[str, Any]:
    """The tied teams' results against each other: per pair the game points, per team MP and GP."""
    gs = set(group)
    cells: dict[str, str] = {}
    totals = {}
    for t in group:
        mp = gp = ZERO
        for r in _counted(ctx, forfeits_played, t, gs):
            cells[f"{t}-{r.opponent}"] = (cells.get(f"{t}-{r.opponent}", "") + " " +
                                          f"{nice(r.gp)}-{nice(r.opponent_gp)}").strip()
            mp += r.mp
            gp += r.gp
        totals[t] = {"MP": mp, "GP": gp}
    return {"teams": list(group), "cells": cells, "totals": {t: {k: nice(v) for k, v in d.items()}
                                                             for t, d in totals.items()}}


def _one_pass(ctx: TeamContext, group: list[int], which: str, forfeits_played: bool,
              steps: list[str]) -> list[list[int]]:
    """Order ``group`` on ``which`` in its own small crosstable; parts of teams still level."""
    s = ctx.event.scoring
    best = s.win if which == "MP" else s.game_win * ctx.event.boards
    remaining = list(group)
    order: list[list[int]] = []
    while len(remaining) > 1:
        gs = set(remaining)
        score = {t: sum((ctx.round_value(r, which) for r in _counted(ctx, forfeits_played, t, gs)), ZERO)
                 for t in remaining}
        met = {t: {r.opponent for r in _counted(ctx, forfeits_played, t, gs)} for t in remaining}
        missing = {t: len(gs - met[t] - {t}) for t in remaining}
        listing = Joined([Joined((ctx.who(t), num(score[t])), " ") for t in remaining], ", ")
        if not any(missing.values()):
            steps.append(said("Among {teams}, every match was played: {score} {listing}.", teams=_names(ctx, remaining),
                              score=which, listing=listing))
            values = sorted(set(score.values()), reverse=True)
            order += [[t for t in remaining if score[t] == v] for v in values]
            return order
        top = [t for t in remaining
               if all(score[t] > score[o] + missing[o] * best for o in remaining if o != t)]
        gaps = Joined([_missing(ctx.who(t), missing[t]) for t in remaining if missing[t]], "; ")
        if not top:
            steps.append(said("Among {teams} not every match was played ({gaps}): {score} {listing}; no team is first "
                              "whatever the missing matches, so they stay level on {score}.",
                              teams=_names(ctx, remaining), gaps=gaps, score=which, listing=listing))
            break
        t = top[0]
        steps.append(said("Among {teams} not every match was played ({gaps}): {score} {listing}; {team} is first "
                          "whatever the missing matches (each missing match is worth at most {best}).",
                          teams=_names(ctx, remaining), gaps=gaps, score=which, listing=listing, team=ctx.who(t),
                          best=num(best)))
        order.append([t])
        remaining.remove(t)
    if remaining:
        order.append(remaining)
    return order


def _missing(team: str, count: int) -> Said:
    """How many of a team's matches inside the group were not played."""
    return said_n("{team} {n} missing", "{team} {n} missing", count, team=team)


def _names(ctx: TeamContext, group: list[int]) -> Joined:
    return Joined((ctx.who(t) for t in group), ", ")


def _own_boards(ctx: TeamContext, a: int, b: int, forfeits_played: bool) -> list[TeamBoard]:
    return [bd for r in _counted(ctx, forfeits_played, a, {b}) for bd in r.boards]


def _board_key(ctx: TeamContext, boards: list[TeamBoard], how: str, step: int) -> Fraction:
    n = ctx.event.boards
    by = {k: sum((bd.points for bd in boards if bd.number == k), ZERO) for k in range(1, n + 1)}
    if how == "C":
        return -sum((k * v for k, v in by.items()), ZERO)
    if how == "T":
        return by[step]
    return sum((by[k] for k in range(1, n - step + 1)), ZERO)


def _follow_up(ctx: TeamContext, pair: list[int], ups: str, forfeits_played: bool,
               steps: list[str]) -> list[list[int]] | None:
    a, b = pair
    boards = {a: _own_boards(ctx, a, b, forfeits_played), b: _own_boards(ctx, b, a, forfeits_played)}
    if not boards[a]:
        steps.append(said("{a} and {b} have no match of their own to look at board by board.", a=ctx.who(a),
                          b=ctx.who(b)))
        return None
    n = ctx.event.boards
    for how in ups:
        rounds = [1] if how == "C" else list(range(1, n + 1)) if how == "T" else list(range(1, n))
        for step in rounds:
            ka, kb = _board_key(ctx, boards[a], how, step), _board_key(ctx, boards[b], how, step)
            win = (a if ka > kb else b) if ka != kb else None
            steps.append(_follow_step(how, step, n, ka, kb, None if win is None else ctx.who(win)))
            if win is not None:
                return [[win], [b if win == a else a]]
    return None


def _follow_step(how: str, step: int, n: int, ka: Fraction, kb: Fraction, ahead: str | None) -> Said:
    """One step of a follow-up on the two teams' own match: the board count (``C``), one board from the top
    (``T``), or the boards left after dropping the bottom ones (``B``); who goes ahead, or still level."""
    if how == "C":
        if ahead is None:
            return said("Board count, board count of their match: {a} against {b} (lower is better): still level.",
                        a=num(-ka), b=num(-kb))
        return said("Board count, board count of their match: {a} against {b} (lower is better): {team} goes ahead.",
                    a=num(-ka), b=num(-kb), team=ahead)
    if how == "T":
        if ahead is None:
            return said("Top board results, board {board} of their match: {a} against {b}: still level.", board=step,
                        a=num(ka), b=num(kb))
        return said("Top board results, board {board} of their match: {a} against {b}: {team} goes ahead.",
                    board=step, a=num(ka), b=num(kb), team=ahead)
    if ahead is None:
        return said("Bottom board elimination, boards 1-{last} of their match: {a} against {b}: still level.",
                    last=n - step, a=num(ka), b=num(kb))
    return said("Bottom board elimination, boards 1-{last} of their match: {a} against {b}: {team} goes ahead.",
                last=n - step, a=num(ka), b=num(kb), team=ahead)


def ede_split(ctx: TeamContext, crit: TeamCriterion, group: list[int]) -> GroupSplit:
    """Order a tied group by extended direct encounter (and its board follow-ups, or plain DE on one score)."""
    primary, secondary = ctx.event.scoring.primary, ctx.event.scoring.secondary
    fp = crit.forfeits_played
    ups = FOLLOW_UPS[crit.code]
    steps: list[str] = []
    if crit.code == "DE":
        seq0 = [crit.score or primary]
    else:
        seq0 = [primary, secondary]

    def split(g: list[int], seq: list[str]) -> list[list[int]]:
        for which in seq:
            parts = _one_pass(ctx, g, which, fp, steps)
            if len(parts) > 1:
                out: list[list[int]] = []
                for part in parts:
                    if len(part) > 1:
                        if crit.code == "DE" or ctx.ede_subgroup == "restart":
                            nxt = seq0
                        else:
                            nxt = [which] + [w for w in seq0 if w != which]
                        steps.append(said("{teams} are still level: again from the primary score.",
                                          teams=_names(ctx, part))
                                     if nxt[0] == primary and which != primary or ctx.ede_subgroup == "restart" else
                                     said("{teams} are still level: again on {score}.", teams=_names(ctx, part),
                                          score=nxt[0]))
                        out += split(part, nxt)
                    else:
                        out.append(part)
                return out
        if len(g) == 2 and ups:
            done = _follow_up(ctx, g, ups, fp, steps)
            if done:
                return done
        return [g]

    parts = split(list(group), seq0)
    return GroupSplit(parts, steps, {"mini_table": mini_table(ctx, list(group), fp)})


def board_split(ctx: TeamContext, crit: TeamCriterion, group: list[int]) -> GroupSplit:
    """Top board results or bottom board elimination over all the teams' matches (FIDE C.07 art. 12)."""
    n = ctx.event.boards
    steps: list[str] = []

    def per_board(t: int) -> dict[int, Fraction]:
        by = {k: ZERO for k in range(1, n + 1)}
        for r in ctx.event.team_rounds(t)[: ctx.counted_rounds]:
            for bd in r.boards:
                by[bd.number] = by.get(bd.number, ZERO) + bd.points
            if not r.boards:
                for k in by:
                    by[k] += bye_board_points(ctx, r.kind)
        return by

    boards = {t: per_board(t) for t in group}
    if crit.code == "TBR":
        keys = {t: tuple(boards[t][k] for k in range(1, n + 1)) for t in group}
        for t in group:
            steps.append(said("{team}: points on boards 1 to {n}: {values}.", team=ctx.who(t), n=n,
                              values=nums(keys[t], ", ")))
    else:
        keys = {t: tuple(sum((boards[t][k] for k in range(1, n - s + 1)), ZERO) for s in range(1, n))
                for t in group}
        for t in group:
            steps.append(said("{team}: without the last board, the last two, ...: {values}.", team=ctx.who(t),
                              values=nums(keys[t], ", ")))
    values = sorted(set(keys.values()), reverse=True)
    return GroupSplit([[t for t in group if keys[t] == v] for v in values], steps)


def split_group(ctx: TeamContext, crit: TeamCriterion, group: list[int]) -> GroupSplit:
    key = ("split", str(crit), tuple(sorted(group)))
    if crit.code in ("TBR", "BBE"):
        return ctx.memo(key, lambda: board_split(ctx, crit, group))  # type: ignore[no-any-return]
    return ctx.memo(key, lambda: ede_split(ctx, crit, group))  # type: ignore[no-any-return]


def group_result(ctx: TeamContext, crit: TeamCriterion, group: list[int], tpn: int) -> Result:
    """A group tie-break as a value and a trace like every other: the team's place in the group, the steps,
    and the tied teams' small crosstable in ``trace.extra``."""
    sp = split_group(ctx, crit, group)
    trace = Trace(str(crit), crit.label, tpn, ctx.rules, citation=crit.info.citation)
    trace.steps = [said("Rules: {rules}.", rules=said(ctx.rules_words)),
                   said("Tied group: {teams}.", teams=_names(ctx, group))] + sp.steps
    trace.steps.append(said("Place of {team} in the group: {place} of {n}.", team=ctx.who(tpn), place=sp.place(tpn),
                            n=len(group)))
    trace.extra = {"group": list(group), "parts": sp.parts, **sp.extra}
    return Result(Fraction(sp.place(tpn)), trace)
