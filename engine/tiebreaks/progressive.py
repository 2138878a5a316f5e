"""Running-score systems: FIDE progressive score (PS), US Chess Cumulative (CUM), and the
cumulative of opposition (OCUM).  FIDE C.07 art. 7.5 (progressive score, no adjustment); US Chess rule 34E
(cumulative, with the points of unplayed wins and half-point byes taken off).

Cumulative rewards early points: the sum of the running totals, so a round-1 win is counted in every
later total.  US Chess then takes back what unplayed points gave for free (−1 for a full-point bye,
pairing bye or forfeit win, −½ for a half-point bye) — only once, so an early bye still helps.
"""
from __future__ import annotations

from fractions import Fraction

from engine.core.codes import Criterion
from engine.core.model import HALF, ZERO, Kind
from engine.core.said import Joined, num, nums, said
from engine.core.trace import Result, Row, Trace, result_text
from engine.tiebreaks.context import Context, calculates

CITATIONS = {
    "PS": said("Progressive score: FIDE C.07 art. 7.5"),
    "CUM": said("Cumulative: US Chess 34E"),
    "OCUM": said("Cumulative of opposition: US Chess 34E"),
}


def _running_rows(ctx: Context, tpn: int, trace: Trace, skip: int = 0) -> Fraction:
    total = ZERO
    running = ZERO
    for r, e in enumerate(ctx.entries(tpn), 1):
        running += e.points
        row = Row(r, e.opponent, e.kind.code, result_text(e.points), running, running=running,
                  note=said("{round_words}: running total {running}", round_words=e.words(), running=num(running)))
        if r <= skip:
            row.dropped = True
            row.drop_reason = said("cut: the first {rounds} rounds are left out", rounds=skip) if skip > 1 else \
                said("cut: the first round is left out")
        else:
            total += running
        trace.rows.append(row)
    return total


@calculates("PS")
def progressive(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["PS"])
    total = _running_rows(ctx, tpn, trace, skip=min(crit.cut, ctx.n))
    kept = [r.value for r in trace.kept()]
    trace.steps.append(said("Running totals after each round: {values}.",
                            values=nums((r.running for r in trace.rows), ", ")))
    if crit.cut:
        trace.steps.append(said("Cut {n}: the totals of the first {n} rounds are left out.", n=crit.cut)
                           if crit.cut > 1 else said("Cut 1: the total of the first round is left out."))
    trace.steps.append(said("Sum: {values} = {total}. FIDE makes no adjustment for unplayed rounds.",
                            values=nums(kept) if kept else "0", total=num(total)))
    return Result(total, trace)


def deduction(kind: Kind, points: Fraction, mode: str) -> Fraction:
    """What US Chess takes back for one unplayed round (mode "us"; "one": −1 only; "none")."""
    if mode == "none":
        return ZERO
    if kind in (Kind.PAB, Kind.FPB, Kind.FW):
        return points
    if kind is Kind.HPB and mode == "us":
        return HALF
    return ZERO


@calculates("CUM")
def cumulative(ctx: Context, crit: Criterion, tpn: int) -> Result:
    mode = ctx.options.cumulative
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["CUM"])
    entries = ctx.entries(tpn)
    if mode == "strict":
        running = ZERO
        total = ZERO
        for r, e in enumerate(entries, 1):
            running += e.points if e.played else ZERO
            total += running
            note = said("{round_words}: unplayed points left out of every total; running total {running}",
                        round_words=e.words(), running=num(running)) if e.unplayed and e.points else \
                said("{round_words}; running total {running}", round_words=e.words(), running=num(running))
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), running, running=running,
                                  note=note))
        trace.steps.append(said("Strict (teaching option): unplayed points are removed from every running total."))
        trace.steps.append(said("Sum of the running totals: {values} = {total}.",
                                values=nums(r.running for r in trace.rows), total=num(total)))
        return Result(total, trace)
    total = _running_rows(ctx, tpn, trace)
    raw = total
    trace.steps.append(said("Running totals: {values}; their sum is {total}.",
                            values=nums((r.running for r in trace.rows), ", "), total=num(raw)))
    for row, e in zip(trace.rows, entries):
        d = deduction(e.kind, e.points, mode)
        if d:
            total -= d
            row.note = Joined((row.note, said("− {points} because these points were not won over the board",
                                              points=num(d))), "; ")
            trace.steps.append(said("Round {round} {kind}: subtract {points} (only once, although the point sits in "
                                    "every later total).", round=row.round, kind=e.kind.description, points=num(d)))
    if total != raw:
        trace.steps.append(said("Cumulative = {raw} − {deducted} = {total}.", raw=num(raw), deducted=num(raw - total),
                                total=num(total)))
    elif mode == "none":
        trace.steps.append(said("No deduction for unplayed rounds (option)."))
    return Result(total, trace)


@calculates("OCUM")
def opposition_cumulative(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["OCUM"])
    cum = Criterion("CUM")
    total = ZERO
    parts = []
    for r, e in enumerate(ctx.entries(tpn), 1):
        counts = e.played or (ctx.options.ocum_forfeits and e.kind.has_opponent)
        if counts and e.opponent is not None:
            v = ctx.result(cum, e.opponent).value
            assert v is not None        # a Cumulative always has a value
            total += v
            parts.append(v)
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), v,
                                  note=said("Cumulative of #{opponent} {name}", opponent=e.opponent,
                                            name=ctx.name(e.opponent))))
        else:
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), None,
                                  note=said("{kind}: no opponent played over the board, adds 0",
                                            kind=e.kind.description)))
    trace.steps.append(said("Sum of the Cumulative values of the opponents played: {values} = {total}.",
                            values=nums(parts) if parts else "0", total=num(total)))
    return Result(total, trace)
