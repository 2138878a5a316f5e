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
from engine.core.exact import nice
from engine.core.model import HALF, ZERO, Kind
from engine.core.trace import Result, Row, Trace, result_text
from engine.tiebreaks.context import Context, calculates

CITATIONS = {
    "PS": "Progressive score: FIDE C.07 art. 7.5",
    "CUM": "Cumulative: US Chess 34E",
    "OCUM": "Cumulative of opposition: US Chess 34E",
}


def _running_rows(ctx: Context, tpn: int, trace: Trace, skip: int = 0) -> Fraction:
    total = ZERO
    running = ZERO
    for r, e in enumerate(ctx.entries(tpn), 1):
        running += e.points
        row = Row(r, e.opponent, e.kind.code, result_text(e.points), running, running=running,
                  note=f"{e.words()}: running total {nice(running)}")
        if r <= skip:
            row.dropped = True
            row.drop_reason = f"cut: the first {skip} rounds are left out" if skip > 1 else \
                "cut: the first round is left out"
        else:
            total += running
        trace.rows.append(row)
    return total


@calculates("PS")
def progressive(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["PS"])
    total = _running_rows(ctx, tpn, trace, skip=min(crit.cut, ctx.n))
    kept = [r.value for r in trace.kept()]
    trace.steps.append("Running totals after each round: " + ", ".join(nice(r.running) for r in trace.rows) + ".")
    if crit.cut:
        trace.steps.append(f"Cut {crit.cut}: the totals of the first {crit.cut} rounds are left out." if crit.cut > 1
                           else "Cut 1: the total of the first round is left out.")
    trace.steps.append("Sum: " + (" + ".join(nice(v) for v in kept) or "0") + f" = {nice(total)}. "
                       "FIDE makes no adjustment for unplayed rounds.")
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
            note = e.words() + (": unplayed points left out of every total" if e.unplayed and e.points else "")
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), running, running=running,
                                  note=note + f"; running total {nice(running)}"))
        trace.steps.append("Strict (teaching option): unplayed points are removed from every running total.")
        trace.steps.append("Sum of the running totals: " + " + ".join(nice(r.running) for r in trace.rows)
                           + f" = {nice(total)}.")
        return Result(total, trace)
    total = _running_rows(ctx, tpn, trace)
    raw = total
    trace.steps.append("Running totals: " + ", ".join(nice(r.running) for r in trace.rows)
                       + f"; their sum is {nice(raw)}.")
    for row, e in zip(trace.rows, entries):
        d = deduction(e.kind, e.points, mode)
        if d:
            total -= d
            row.note += f"; − {nice(d)} because these points were not won over the board"
            trace.steps.append(f"Round {row.round} {e.kind.description}: subtract {nice(d)} (only once, although "
                               f"the point sits in every later total).")
    if total != raw:
        trace.steps.append(f"Cumulative = {nice(raw)} − {nice(raw - total)} = {nice(total)}.")
    elif mode == "none":
        trace.steps.append("No deduction for unplayed rounds (option).")
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
                                  note=f"Cumulative of #{e.opponent} {ctx.name(e.opponent)}"))
        else:
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), None,
                                  note=f"{e.kind.description}: no opponent played over the board, adds 0"))
    trace.steps.append("Sum of the Cumulative values of the opponents played: "
                       + (" + ".join(nice(v) for v in parts) or "0") + f" = {nice(total)}.")
    return Result(total, trace)
