"""The short answer to "why is team A above team B?": at most three plain sentences, naming the score, the
tie-break and the match (or board, or opponent) that decided it; the engine's full working goes below it."""
from __future__ import annotations

from engine.core.exact import nice
from engine.core.trace import Row
from engine.teams.context import TeamContext
from engine.teams.model import TeamEvent
from engine.teams.standings import TeamStandings
from engine.teams.tiebreaks import compute
from i18n.catalog import N_
from i18n.said import render
from ui.session.language import t, tr
from ui.teams.order import TeamOrder

SB_CODES = ("EMMSB", "EMGSB", "EGMSB", "EGGSB", "OSB")


def _their_match(ev: TeamEvent, a: int, b: int) -> str | None:
    for r in ev.team_rounds(a):
        if r.opponent == b and r.played:
            result = f"{nice(r.gp)}–{nice(r.opponent_gp)}"
            return t("{a} and {b} met in round {round}: {result}.", a=ev.name_of(a), b=ev.name_of(b),
                     round=r.round, result=result)
    return None


def _product_words(ctx: TeamContext, tpn: int, row: Row) -> str:
    ev = ctx.event
    if row.opponent is not None and row.kind == "G":
        return t("{team}'s {result} against {opp}, who finished on {score}: {value}", team=ev.name_of(tpn),
                 result=row.result.replace("-", "–"), opp=ev.name_of(row.opponent),
                 score=nice(ev.mp(row.opponent)) + " MP", value=nice(row.value))
    return t("{team}'s round {round} without a match: {value}", team=ev.name_of(tpn), round=row.round,
             value=nice(row.value))


def _sb_sentence(order: TeamOrder, code: str, top: int, low: int) -> str:
    crit = next(c for c in order.criteria if (c.given or str(c)) == code)
    kept_top = [r for r in compute(order.context, crit, top).trace.rows if not r.dropped and r.value is not None]
    kept_low = [r for r in compute(order.context, crit, low).trace.rows if not r.dropped and r.value is not None]
    best = max(kept_top, key=lambda r: r.value)                      # type: ignore[arg-type, return-value]
    worst = min(kept_low, key=lambda r: r.value)                     # type: ignore[arg-type, return-value]
    return t("Each product is an opponent's final score times the points taken from it: the largest, "
             "{best}; the smallest that counts for the other, {worst}.",
             best=_product_words(order.context, top, best), worst=_product_words(order.context, low, worst))


def short_answer(order: TeamOrder, table: TeamStandings, a: int, b: int) -> list[str]:
    """Up to three sentences: who is above, what decided it, and the match or products behind it."""
    ev = order.event
    rows = {r.tpn: r for r in table.rows}
    if rows[a].rank == rows[b].rank:
        return [t("{a} and {b} share place {rank}: they are level on every criterion of this order.",
                  a=ev.name_of(a), b=ev.name_of(b), rank=rows[a].rank)]
    top, low = (a, b) if rows[a].rank < rows[b].rank else (b, a)
    primary = ev.scoring.primary
    pt, pl = ev.score(top, primary), ev.score(low, primary)
    if pt != pl:
        above = N_("{top} is above {low} on match points: {pt} against {pl}.") if primary == "MP" else \
            N_("{top} is above {low} on game points: {pt} against {pl}.")
        return [t(above, top=ev.name_of(top), low=ev.name_of(low), pt=nice(pt), pl=nice(pl)),
                t("The primary score decides before any tie-break.")]
    level = N_("{top} and {low} both have {points} match points, so the tie-breaks decide, in order.") \
        if primary == "MP" else N_("{top} and {low} both have {points} game points, so the tie-breaks decide, in order.")
    out = [t(level, top=ev.name_of(top), low=ev.name_of(low), points=nice(pt))]
    for crit in table.criteria:
        key = crit.given or str(crit)
        vt, vl = rows[top].values.get(key), rows[low].values.get(key)
        if crit.info.group_dependent:
            split = next((s for s in table.splits.get(key, []) if any(top in p for p in s.parts)), None)
            if split is None or low not in [x for p in split.parts for x in p] or split.place(top) == split.place(low):
                continue
            out.append(t("{name} ({code}) decides: among the tied teams' own matches, {top} comes before {low}.",
                         name=t(crit.info.name), code=key, top=ev.name_of(top), low=ev.name_of(low)))
            board = next((s for s in split.steps if "goes ahead" in s), None)      # the English of the step's record
            out.append(render(tr(), board) if board is not None else
                       _their_match(ev, top, low) or render(tr(), split.steps[-1]))
            return out
        if vt == vl:
            continue
        message = N_("{name} ({code}) decides: {vt} against {vl}.") if crit.higher_is_better else \
            N_("{name} ({code}) decides: {vt} against {vl} (lower is better).")
        out.append(t(message, name=t(crit.info.name), code=key, vt=nice(vt), vl=nice(vl)))
        if crit.code in SB_CODES:
            out.append(_sb_sentence(order, key, top, low))
        return out
    return out


def answer_card(order: TeamOrder, sentences: list[str], a: int, b: int, event_name: str) -> str:
    """The answer as a card to print or send: the question, the event, the sentences, the order and rules."""
    ev = order.event
    return "\n".join([t("{a} and {b}: which is above, and why", a=ev.name_of(a), b=ev.name_of(b)), event_name, "",
                      *sentences, "",
                      t("Order: {codes}. Rules: {rules}.", rules=t(order.context.rules_words),
                        codes=", ".join(str(c) for c in order.criteria))]) + "\n"
