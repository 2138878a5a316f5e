"""Sonneborn-Berger (Neustadtl): each opponent's score times the points scored against him.

FIDE C.07 art. 9.1 and 14; US Chess rule 34E.  The opponent scores come from the rule set's contribution
table; FIDE's Cut-n drops the contribution of the lowest-*scored* opponent (not simply the smallest product).
"""
from __future__ import annotations

from engine.core.codes import Criterion
from engine.core.said import Joined, num, said, term
from engine.core.trace import Result, Row, Trace, result_text
from engine.core.words import spoken_name
from engine.tiebreaks.buchholz import is_counted, kept_sum, mark_dropped, sum_step
from engine.tiebreaks.context import Context, calculates
from engine.tiebreaks.cuts import Item, fide_cut

CITATION = said("Sonneborn-Berger: FIDE C.07 art. 9.1 and 14; US Chess 34E")


@calculates("SB")
def sonneborn_berger(ctx: Context, crit: Criterion, tpn: int) -> Result:
    table = ctx.table(forfeits_played=crit.forfeits_played)
    rows = table.rows[tpn]
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATION)
    trace.steps.append(said("Rule set: {rules}.", rules=term("rule set", ctx.rules.label)))
    name = spoken_name(ctx.name(tpn)) or f"#{tpn}"
    trace.steps.append(said("Each round adds the opponent's score × {name}'s points in that round (a win the whole "
                            "score, a draw half, a loss nothing).", name=name))
    if ctx.rules.own_model == "lichess":
        trace.steps.append(said("Lichess counts a pairing bye as a win against a virtual opponent (the FIDE 2009 "
                                "rule: {name}'s score before the round, a loss for it, then a draw in every later "
                                "round), whatever the bye scored {name}; {name}'s other unplayed rounds add nothing.",
                                name=name))
    items = []
    for c in rows:
        counted = is_counted(ctx, c)
        value = c.score * c.points if counted else None
        note = c.note
        if counted:
            note = Joined((note, said("{score} × {points} = {value}", score=num(c.score), points=num(c.points),
                                      value=num(value))), "; ")
        trace.rows.append(Row(c.round, c.entry.opponent, c.entry.kind.code, result_text(c.entry.points), value,
                              note=note))
        if value is not None:
            items.append(Item(c.round, value, c.score, c.vur, c.as_game))
    low = crit.cut + crit.median
    high = crit.median
    if low or high:
        lichess = ctx.options.sb_cut_lichess
        if not lichess:
            trace.steps.append(said("The least significant value is the contribution of the lowest-scored "
                                    "opponent (ties: the lower contribution)."))
        dropped = fide_cut(items, low, high, vur_preference=ctx.rules.vur_cut_preference and not crit.plain,
                           by_score=not lichess, rounds=ctx.n)
        mark_dropped(trace, dropped)
    total = kept_sum(trace)
    sum_step(trace, total)
    return Result(total, trace)
