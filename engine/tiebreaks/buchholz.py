"""Buchholz = Solkoff and its relatives: cuts, medians, Modified Median, Fore Buchholz, AOB.

All of them sum (part of) the same per-round contributions (:mod:`engine.tiebreaks.context`); they differ only
in which rows they drop.  FIDE C.07 art. 8 and 14 (Buchholz, its cuts, Fore Buchholz, AOB); US Chess rule
34E (Solkoff, Median, Modified Median).
"""
from __future__ import annotations

from fractions import Fraction

from engine.core.codes import Criterion
from engine.core.exact import round_fraction
from engine.core.model import ZERO
from engine.core.printing import aob_places
from engine.core.said import dec, num, nums, said, term
from engine.core.trace import Result, Row, Trace, result_text
from engine.tiebreaks.context import Context, Contribution, calculates
from engine.tiebreaks.cuts import Item, fide_cut, median_cut, median_ends, median_k

CITATIONS = {
    "BH": said("Buchholz / Solkoff: FIDE C.07 art. 8.1 and 14; US Chess 34E"),
    "FB": said("Fore Buchholz: FIDE C.07 art. 8.3"),
    "MED": said("Median (Harkness): US Chess 34E"),
    "MM": said("Modified Median: US Chess 34E"),
    "AOB": said("Average of opponents' Buchholz: FIDE C.07 art. 8.2"),
    "OBH": said("Sum of opponents' Buchholz: not in FIDE C.07; Swiss-Chess's \"Buchholz-Summe\" (BuSumm), the total "
           "of the Buchholz scores of the opponents met over the board"),
}


def contribution_rows(ctx: Context, rows: list[Contribution], values: list[Fraction | None]) -> list[Row]:
    out = []
    for c, v in zip(rows, values):
        out.append(Row(c.round, c.entry.opponent, c.entry.kind.code, result_text(c.entry.points), v,
                       note=c.note))
    return out


def is_counted(ctx: Context, c: Contribution) -> bool:
    """Byes in a FIDE round robin are not counted at all (art. 15)."""
    return not (ctx.round_robin and not c.entry.kind.has_opponent)


@calculates("BH", "FB")
def buchholz(ctx: Context, crit: Criterion, tpn: int) -> Result:
    fore = crit.code == "FB"
    table = ctx.table(fore=fore, forfeits_played=crit.forfeits_played)
    rows = table.rows[tpn]
    counted = [c for c in rows if is_counted(ctx, c)]
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS[crit.code])
    trace.rows = contribution_rows(ctx, rows, [c.score if is_counted(ctx, c) else None for c in rows])
    steps = trace.steps
    steps.append(said("Rule set: {rules}.", rules=term("rule set", ctx.rules.label)))
    if fore:
        steps.append(said("Fore Buchholz: every game of the last round is scored as a draw, for everybody."))
    items = [Item(c.round, c.score, c.score, c.vur, c.as_game) for c in counted]
    low = crit.cut + crit.median
    high = crit.median
    if low or high:
        dropped = fide_cut(items, low, high, vur_preference=ctx.rules.vur_cut_preference and not crit.plain,
                           by_score=False, rounds=ctx.n)
        mark_dropped(trace, dropped)
    total = kept_sum(trace)
    sum_step(trace, total)
    return Result(total, trace)


@calculates("MED", "MM")
def median(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """US Chess Median (MED) and Modified Median (MM), over the rule set's contributions."""
    table = ctx.table(forfeits_played=crit.forfeits_played)
    rows = table.rows[tpn]
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS[crit.code])
    trace.rows = contribution_rows(ctx, rows, [c.score if is_counted(ctx, c) else None for c in rows])
    items = [Item(c.round, c.score, c.score, c.vur, c.as_game) for c in rows if is_counted(ctx, c)]
    k = median_k(ctx.n)
    steps = trace.steps
    steps.append(said("Rule set: {rules}.", rules=term("rule set", ctx.rules.label)))
    rule9 = said("{rounds} rounds: drop {k} (9 or more rounds: two)", rounds=ctx.n, k=k) if k == 2 else \
        said("{rounds} rounds: drop {k} (fewer than 9 rounds: one)", rounds=ctx.n, k=k)
    if crit.code == "MED":
        low, high = k, k
        steps.append(said("Median: {rule} at each end.", rule=rule9))
    else:
        own = ctx.score(tpn)
        half = Fraction(ctx.n, 2)
        low, high = median_ends(crit.code, ctx.n, (own > half) - (own < half))
        if own > half:
            steps.append(said("Score {score} is above half of {rounds} ({half}), a plus score: drop only the two "
                              "lowest. {rule}.", score=num(own), rounds=ctx.n, half=num(half), rule=rule9) if k == 2
                         else said("Score {score} is above half of {rounds} ({half}), a plus score: drop only the "
                                   "lowest. {rule}.", score=num(own), rounds=ctx.n, half=num(half), rule=rule9))
        elif own == half:
            steps.append(said("Score {score} is exactly half of {rounds}, an even score: drop the two lowest and "
                              "highest. {rule}.", score=num(own), rounds=ctx.n, rule=rule9) if k == 2
                         else said("Score {score} is exactly half of {rounds}, an even score: drop the one lowest and "
                                   "highest. {rule}.", score=num(own), rounds=ctx.n, rule=rule9))
        else:
            steps.append(said("Score {score} is below half of {rounds} ({half}), a minus score: drop only the two "
                              "highest. {rule}.", score=num(own), rounds=ctx.n, half=num(half), rule=rule9) if k == 2
                         else said("Score {score} is below half of {rounds} ({half}), a minus score: drop only the "
                                   "highest. {rule}.", score=num(own), rounds=ctx.n, half=num(half), rule=rule9))
    values = sorted((i.value for i in items))
    steps.append(said("Values sorted: {values}.", values=nums(values, ", ")))
    dropped = median_cut(items, low, high, prefer_played_low=ctx.options.mm_forum and crit.code == "MM")
    if ctx.options.mm_forum and crit.code == "MM":
        steps.append(said("Non-standard 'forum proposal': the low cut takes the lowest opponent actually played."))
    mark_dropped(trace, dropped)
    total = kept_sum(trace)
    sum_step(trace, total)
    return Result(total, trace)


def _opponents_values(ctx: Context, inner: Criterion, tpn: int, trace: Trace) -> list[Fraction]:
    """``inner`` (a Buchholz) of every opponent met over the board, one trace row a round: what the average and
    the sum of opponents' Buchholz both add up (a forfeit or a bye has no opponent whose strength was tested)."""
    values: list[Fraction] = []
    for r, e in enumerate(ctx.entries(tpn), 1):
        if e.played and e.opponent is not None:
            v = ctx.result(inner, e.opponent).value
            assert v is not None        # a Buchholz always has a value
            values.append(Fraction(v))
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), v,
                                  note=said("{code} of #{opponent} {name}", code=inner.code, opponent=e.opponent,
                                            name=ctx.name(e.opponent))))
        else:
            note = said("{kind}: left out (a forfeit is not a game over the board)", kind=e.kind.description) \
                if e.kind.has_opponent else said("{kind}: left out (no opponent)", kind=e.kind.description)
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), None, note=note))
    return values


@calculates("AOB")
def aob(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """The mean of the full Buchholz (or Fore Buchholz with /F) of every opponent met over the board."""
    from engine.core.codes import Criterion as C
    inner = C("FB") if crit.fore else C("BH")
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["AOB"])
    values = _opponents_values(ctx, inner, tpn, trace)
    if not values:
        trace.steps.append(said("No game over the board: no average."))
        return Result(None, trace)
    mean = sum(values, ZERO) / len(values)
    places = aob_places(ctx.n)
    value = round_fraction(mean, places) if mean else ZERO
    trace.steps.append(said("Average of {count} opponents' {code}: {values} = {total}; / {count} = {mean}, rounded to "
                            "{places} decimals: {value}.", count=len(values), code=inner.code, values=nums(values),
                            total=num(sum(values, ZERO)), mean=dec(mean), places=places, value=dec(value, places)))
    return Result(value, trace)


@calculates("OBH")
def obh(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """The total of the full Buchholz of every opponent met over the board (Swiss-Chess's "BuSumm").

    Why only games over the board: a forfeit or a bye has no opponent whose strength was tested, as for the
    average of opponents' Buchholz (FIDE C.07 art. 8.2); each opponent's own Buchholz follows the rule set.
    """
    from engine.core.codes import Criterion as C
    inner = C("BH")
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["OBH"])
    values = _opponents_values(ctx, inner, tpn, trace)
    total = sum(values, ZERO)
    if values:
        trace.steps.append(said("Sum of {count} opponents' BH: {values} = {total}.", count=len(values),
                                values=nums(values), total=num(total)))
    else:
        trace.steps.append(said("No game over the board: nothing to add, 0."))
    return Result(total, trace)


def mark_dropped(trace: Trace, dropped: dict[int, str]) -> None:
    for row in trace.rows:
        if row.round in dropped:
            row.dropped = True
            row.drop_reason = dropped[row.round]
    for row in trace.rows:
        if row.dropped:
            trace.steps.append(said("Round {round}: {value} {reason}.", round=row.round, value=num(row.value),
                                    reason=row.drop_reason))


def kept_sum(trace: Trace) -> Fraction:
    """The sum of the values a cut kept."""
    return sum((Fraction(r.value) for r in trace.kept() if r.value is not None), ZERO)


def sum_step(trace: Trace, total: Fraction) -> None:
    kept = [r.value for r in trace.kept()]
    trace.steps.append(said("Sum of the kept values: {values} = {total}.", values=nums(kept), total=num(total))
                       if kept else said("Nothing is left to add: 0."))
