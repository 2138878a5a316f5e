"""Why one team is above another, in plain words: the first criterion that separates them, and what decided it.

For a score it is the score; for Buchholz-like sums the rounds whose values differ; for a Sonneborn-Berger
the opponents whose products made the difference (an opponent's own result moves it); for the direct
encounter the match between them and, when boards decided, the board.
"""
from __future__ import annotations

from engine.core.said import Joined, Num, Place, Said, num, said
from engine.core.trace import Result, Row
from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext
from engine.teams.model import TeamRound
from engine.teams.standings import TeamStandings, team_standings
from engine.teams.text import nice
from engine.teams.tiebreaks import compute


def _indented(line: str) -> Joined:
    """A line of detail under the sentence it explains, indented by two spaces."""
    return Joined(("  ", line), "")


def _met(ctx: TeamContext, r: TeamRound, top: int, low: int) -> Said:
    """How the two teams' own match ended."""
    if r.played:
        ours, theirs = f"{nice(r.gp)}-{nice(r.opponent_gp)}", f"{nice(r.opponent_gp)}-{nice(r.gp)}"
        how = said("{team} won {result}", team=ctx.who(top), result=ours) if r.gp > r.opponent_gp else \
            said("{team} won {result}", team=ctx.who(low), result=theirs) if r.gp < r.opponent_gp else \
            said("they drew {result}", result=ours)
    else:
        how = said("{team} won by forfeit", team=ctx.who(top)) if r.kind == "FW" else \
            said("{team} won by forfeit", team=ctx.who(low)) if r.kind == "FL" else \
            said("both teams forfeited the match")
    return said("They met in round {round}: {how}.", round=r.round, how=how)


def why_above(ctx: TeamContext, criteria: list[TeamCriterion], a: int, b: int,
              st: TeamStandings | None = None) -> list[str]:
    """Sentences answering "why is team A above (or below) team B?", each a record the reader's language writes
    again."""
    ev = ctx.event
    for t in (a, b):
        ev.team(t)
    st = st or team_standings(ctx, criteria)
    rows = {r.tpn: r for r in st.rows}
    ra, rb = rows[a], rows[b]
    who_a, who_b = ctx.who(a), ctx.who(b)
    if ra.rank == rb.rank:
        order = Joined((str(c) for c in criteria), ", ") if criteria else said("the primary score only")
        return [said("{a} and {b} share place {place}: they are level on every criterion of the order ({order}).",
                     a=who_a, b=who_b, place=ra.rank, order=order)]
    top, low = (a, b) if ra.rank < rb.rank else (b, a)
    out: list[str] = [said("{top} is {top_place}, {low} {low_place}.", top=ctx.who(top), top_place=Place(rows[top].rank),
                           low=ctx.who(low), low_place=Place(rows[low].rank))]
    out += [_met(ctx, r, top, low) for r in ev.team_rounds(top) if r.opponent == low]
    primary = ev.scoring.primary
    pt, pl = ev.score(top, primary), ev.score(low, primary)
    if pt != pl:
        out.append(said("{team} has more match points: {a} against {b}. The primary score decides before any "
                        "tie-break.", team=ctx.who(top), a=num(pt), b=num(pl)) if primary == "MP" else
                   said("{team} has more game points: {a} against {b}. The primary score decides before any "
                        "tie-break.", team=ctx.who(top), a=num(pt), b=num(pl)))
        return out
    out.append(said("Both have {value} match points, so the tie-breaks decide, in order.", value=num(pt))
               if primary == "MP" else
               said("Both have {value} game points, so the tie-breaks decide, in order.", value=num(pt)))
    for crit in criteria:
        key = crit.given or str(crit)
        vt, vl = rows[top].values.get(key), rows[low].values.get(key)
        name = said(crit.info.name)
        if crit.info.group_dependent:
            split = next((s for s in st.splits.get(key, []) if any(top in p for p in s.parts)
                          and any(low in p for p in s.parts)), None)
            if split is None or split.place(top) == split.place(low):
                out.append(said("{name} ({code}): no difference between them.", name=name, code=str(crit)))
                continue
            out.append(said("{name} ({code}) decides. Their matches among the tied teams:", name=name, code=str(crit)))
            out += [_indented(s) for s in split.steps]
            return out
        if vt == vl:
            out.append(said("{name} ({code}): both {value}, no difference.", name=name, code=str(crit), value=num(vt)))
            continue
        out.append(said("{name} ({code}) decides: {a} against {b}.", name=name, code=str(crit), a=num(vt), b=num(vl))
                   if crit.higher_is_better else
                   said("{name} ({code}) decides: {a} against {b} (lower is better).", name=name, code=str(crit),
                        a=num(vt), b=num(vl)))
        out += _differences(ctx, crit, top, low)
        return out
    return out


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _products(ctx: TeamContext, who: int, res: Result) -> list[str]:
    """One team's Sonneborn-Berger products round by round, then each round its cut leaves out."""
    parts = []
    for r in res.trace.rows:
        if r.value is None:
            continue
        against = ctx.who(r.opponent) if r.opponent and r.kind == "G" else said("a dummy team")
        parts.append(said("round {round} against {against} {value} (left out)", round=r.round, against=against,
                          value=num(r.value)) if r.dropped else
                     said("round {round} against {against} {value}", round=r.round, against=against,
                          value=num(r.value)))
    listed = Joined(parts, "; ")
    record = said("{team}'s products: {products}.", team=ctx.who(who), products=listed)
    english = f"{_possessive(ctx.who(who))} products: {listed}."      # English's possessive: "Bonobos' products"
    lines: list[str] = [_indented(Said(english, record.template, record.fields))]
    lines += [_indented(said("{team} leaves out round {round}: {reason}.", team=ctx.who(who), round=r.round,
                             reason=r.drop_reason)) for r in res.trace.rows if r.dropped]
    return lines


def _differences(ctx: TeamContext, crit: TeamCriterion, top: int, low: int) -> list[str]:
    rt: Result = compute(ctx, crit, top)
    rl: Result = compute(ctx, crit, low)
    lines: list[str] = []
    if crit.code in ("EMMSB", "EMGSB", "EGMSB", "EGGSB", "OSB"):
        for who, res in ((top, rt), (low, rl)):
            lines += _products(ctx, who, res)
        opponents = sorted({r.opponent for res in (rt, rl) for r in res.trace.rows
                            if r.opponent and r.kind == "G" and not r.dropped})
        teams = Joined((ctx.who(o) for o in opponents[:8]), ", ")
        lines.append(_indented(
            said("Each product grows with that opponent's own final score, so the results of {teams} and others in "
                 "their other matches moved these values.", teams=teams) if len(opponents) > 8 else
            said("Each product grows with that opponent's own final score, so the results of {teams} in their other "
                 "matches moved these values.", teams=teams)))
        return lines
    by_round_t = {r.round: r for r in rt.trace.rows}
    by_round_l = {r.round: r for r in rl.trace.rows}
    for rnd in sorted(set(by_round_t) & set(by_round_l)):
        x, y = by_round_t[rnd], by_round_l[rnd]
        if x.value != y.value or x.dropped != y.dropped:
            lines.append(_indented(said("Round {round}: {top} {top_value} ({top_note}); {low} {low_value} ({low_note}).",
                                        round=rnd, top=ctx.who(top), top_value=_kept(x), top_note=x.note,
                                        low=ctx.who(low), low_value=_kept(y), low_note=y.note)))
    return lines[:8]


def _kept(row: Row) -> Said | Num | str:
    """A round's value, marked when the cut leaves it out."""
    return said("{value} (left out)", value=num(row.value)) if row.dropped else num(row.value)
