"""Why one team is above another, in plain words: the first criterion that separates them, and what decided it.

For a score it is the score; for Buchholz-like sums the rounds whose values differ; for a Sonneborn-Berger
the opponents whose products made the difference (an opponent's own result moves it); for the direct
encounter the match between them and, when boards decided, the board.
"""
from __future__ import annotations

from engine.core.trace import Result
from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext
from engine.teams.standings import TeamStandings, team_standings
from engine.teams.text import nice
from engine.teams.tiebreaks import compute


def _score_words(which: str) -> str:
    return "match points" if which == "MP" else "game points"


def why_above(ctx: TeamContext, criteria: list[TeamCriterion], a: int, b: int,
              st: TeamStandings | None = None) -> list[str]:
    """Sentences answering "why is team A above (or below) team B?"."""
    ev = ctx.event
    for t in (a, b):
        ev.team(t)
    st = st or team_standings(ctx, criteria)
    rows = {r.tpn: r for r in st.rows}
    ra, rb = rows[a], rows[b]
    who_a, who_b = ctx.who(a), ctx.who(b)
    if ra.rank == rb.rank:
        return [f"{who_a} and {who_b} share place {ra.rank}: they are level on every criterion of the order "
                f"({', '.join(str(c) for c in criteria) or 'the primary score only'})."]
    top, low = (a, b) if ra.rank < rb.rank else (b, a)
    out = [f"{ctx.who(top)} is {rows[top].rank}{_th(rows[top].rank)}, {ctx.who(low)} "
           f"{rows[low].rank}{_th(rows[low].rank)}."]
    for r in ev.team_rounds(top):
        if r.opponent == low:
            how = (f"{ctx.who(top)} won {nice(r.gp)}-{nice(r.opponent_gp)}" if r.gp > r.opponent_gp else
                   f"{ctx.who(low)} won {nice(r.opponent_gp)}-{nice(r.gp)}" if r.gp < r.opponent_gp else
                   f"they drew {nice(r.gp)}-{nice(r.opponent_gp)}") if r.played else \
                {"FW": f"{ctx.who(top)} won by forfeit", "FL": f"{ctx.who(low)} won by forfeit"}.get(
                    r.kind, "both teams forfeited the match")
            out.append(f"They met in round {r.round}: {how}.")
    primary = ev.scoring.primary
    pt, pl = ev.score(top, primary), ev.score(low, primary)
    if pt != pl:
        out.append(f"{ctx.who(top)} has more {_score_words(primary)}: {nice(pt)} against {nice(pl)}. The primary "
                   f"score decides before any tie-break.")
        return out
    out.append(f"Both have {nice(pt)} {_score_words(primary)}, so the tie-breaks decide, in order.")
    for crit in criteria:
        key = crit.given or str(crit)
        vt, vl = rows[top].values.get(key), rows[low].values.get(key)
        if crit.info.group_dependent:
            split = next((s for s in st.splits.get(key, []) if any(top in p for p in s.parts)
                          and any(low in p for p in s.parts)), None)
            if split is None or split.place(top) == split.place(low):
                out.append(f"{crit.info.name} ({crit}): no difference between them.")
                continue
            out.append(f"{crit.info.name} ({crit}) decides. Their matches among the tied teams:")
            out += ["  " + s for s in split.steps]
            return out
        if vt == vl:
            out.append(f"{crit.info.name} ({crit}): both {nice(vt)}, no difference.")
            continue
        out.append(f"{crit.info.name} ({crit}) decides: {nice(vt)} against {nice(vl)}"
                   f"{' (lower is better)' if not crit.higher_is_better else ''}.")
        out += _differences(ctx, crit, top, low)
        return out
    return out


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


def _th(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _differences(ctx: TeamContext, crit: TeamCriterion, top: int, low: int) -> list[str]:
    rt: Result = compute(ctx, crit, top)
    rl: Result = compute(ctx, crit, low)
    lines = []
    if crit.code in ("EMMSB", "EMGSB", "EGMSB", "EGGSB", "OSB"):
        for who, res in ((top, rt), (low, rl)):
            parts = []
            for r in res.trace.rows:
                if r.value is None:
                    continue
                against = f"#{r.opponent} {ctx.name(r.opponent)}" if r.opponent and r.kind == "G" else "a dummy team"
                parts.append(f"round {r.round} against {against} {nice(r.value)}" + (" (left out)" if r.dropped else ""))
            lines.append(f"  {_possessive(ctx.who(who))} products: " + "; ".join(parts) + ".")
            for r in res.trace.rows:
                if r.dropped:
                    lines.append(f"  {ctx.who(who)} leaves out round {r.round}: {r.drop_reason}.")
        opponents = sorted({r.opponent for res in (rt, rl) for r in res.trace.rows
                            if r.opponent and r.kind == "G" and not r.dropped})
        lines.append("  Each product grows with that opponent's own final score, so the results of "
                     + ", ".join(f"#{o} {ctx.name(o)}" for o in opponents[:8])
                     + (" and others" if len(opponents) > 8 else "")
                     + " in their other matches moved these values.")
        return lines
    by_round_t = {r.round: r for r in rt.trace.rows}
    by_round_l = {r.round: r for r in rl.trace.rows}
    for rnd in sorted(set(by_round_t) & set(by_round_l)):
        x, y = by_round_t[rnd], by_round_l[rnd]
        if x.value != y.value or x.dropped != y.dropped:
            lines.append(f"  Round {rnd}: {ctx.who(top)} {nice(x.value)}{' (left out)' if x.dropped else ''} "
                         f"({x.note}); {ctx.who(low)} {nice(y.value)}{' (left out)' if y.dropped else ''} ({y.note}).")
    return lines[:8]
