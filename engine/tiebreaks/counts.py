"""Counting systems over the player's own results: wins, blacks, rounds elected to play, Koya,
Kashdan, time of first loss, tardiness, rating and pairing number.  FIDE C.07 art. 7 and 9.2; US Chess
rule 34E (Kashdan, most blacks).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from engine.core.codes import Criterion
from engine.core.exact import nice
from engine.core.model import HALF, ONE, ZERO, Entry, Kind
from engine.core.trace import Result, Row, Trace, result_text
from engine.core.words import word_for
from engine.tiebreaks.context import Context, calculates

CITATIONS = {
    "PTS": "Points: 1 for a win, ½ for a draw, 0 for a loss, byes and forfeits at their value",
    "WIN": "Number of wins, played or not: FIDE C.07 art. 7.1",
    "WON": "Games won over the board: FIDE C.07 art. 7.2",
    "BPG": "Games played with Black: FIDE C.07 art. 7.3",
    "BWG": "Games won with Black: FIDE C.07 art. 7.4",
    "REP": "Rounds one elected to play: FIDE C.07 art. 7.6",
    "VUR": "Voluntarily unplayed rounds: FIDE C.07 art. 16.2",
    "KS": "Koya: FIDE C.07 art. 9.2",
    "KASH": "Kashdan: US Chess 34E",
    "TFL": "Time of first loss: the later first loss ranks higher, no loss highest",
    "LATE": "Tardiness: a player on time for round 1 ranks above a late one",
    "RTNG": "Rating: FIDE C.07 2026 / Washington scholastic",
    "TPN": "Pairing number: FIDE C.07 2026",
}


def _count(ctx: Context, crit: Criterion, tpn: int, test: Callable[[Entry, int], tuple[bool, str]],
           explain: str) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS[crit.code])
    total = 0
    for r, e in enumerate(ctx.entries(tpn), 1):
        yes, why = test(e, r)
        total += yes
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), 1 if yes else 0, note=why))
    trace.steps.append(explain)
    trace.steps.append(f"Count: {total}.")
    return Result(total, trace)


@calculates("PTS")
def points(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace("PTS", "Points", tpn, ctx.rules.name, citation=CITATIONS["PTS"])
    for r, e in enumerate(ctx.entries(tpn), 1):
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), e.points,
                              note=e.kind.description))
    total = ctx.score(tpn)
    trace.steps.append("Points of every round, byes and forfeits included: "
                       + " + ".join(nice(r.value) for r in trace.rows) + f" = {nice(total)}.")
    return Result(total, trace)


@calculates("WIN", "WON", "BPG", "BWG", "REP", "VUR")
def counts(ctx: Context, crit: Criterion, tpn: int) -> Result:
    code = crit.code
    rr = ctx.event.is_round_robin
    if code == "WIN":
        return _count(ctx, crit, tpn, lambda e, r: (e.is_win, "a win's points" + (
            "" if e.played else f" ({e.kind.description} counts)") if e.is_win else "not a win"),
            "Rounds that gave a win's points, played or not (pairing byes, full-point byes and forfeit wins count).")
    if code == "WON":
        def won(e: Entry, r: int) -> tuple[bool, str]:
            if e.played and e.is_win:
                return True, "won over the board"
            if rr and e.kind is Kind.FW:
                return True, "forfeit win in a round robin counts as a game won (FIDE art. 15)"
            return False, "not won over the board" if e.played or not e.is_win else f"{e.kind.description}: not played"
        return _count(ctx, crit, tpn, won, "Games won over the board only.")
    if code == "BPG":
        us = ctx.options.us_forfeits
        return _count(ctx, crit, tpn, lambda e, r: (
            (e.played or (us and e.kind.has_opponent)) and e.colour == "B",
            "played with Black" if e.played and e.colour == "B" else
            "not played over the board" if e.unplayed else "played with White"),
            "Games played over the board with Black (unplayed rounds count as neither colour).")
    if code == "BWG":
        return _count(ctx, crit, tpn, lambda e, r: (
            ((e.played and e.is_win) or (rr and e.kind is Kind.FW)) and e.colour == "B",
            "won with Black" if e.played and e.is_win and e.colour == "B" else "—"),
            "Games won over the board with Black.")
    if code == "REP":
        return _count(ctx, crit, tpn, lambda e, r: (
            not e.is_vur, "elected to play" if not e.is_vur else f"{e.kind.description}: not elected to play"),
            "Rounds minus half-point byes, zero-point byes, absences and forfeit losses.")
    if code == "VUR":
        return _count(ctx, crit, tpn, lambda e, r: (
            e.is_vur, f"{e.kind.description}: voluntarily unplayed" if e.is_vur else ""),
            "Requested byes, absences and forfeit losses (fewer is better).")
    raise KeyError(code)


@calculates("KS")
def koya(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """Points against opponents whose final score is at least the limit (50 % of the maximum)."""
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["KS"])
    limit, how = koya_limit(ctx, crit)
    total = ZERO
    for r, e in enumerate(ctx.entries(tpn), 1):
        if e.kind.has_opponent and e.opponent is not None:
            os = ctx.score(e.opponent)
            ok = os >= limit
            if ok:
                total += e.points
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), e.points if ok else None,
                                  dropped=not ok, drop_reason="" if ok else "opponent below the limit",
                                  note=f"#{e.opponent} scored {nice(os)}: " + ("at or over" if ok else "below")
                                  + f" the limit {nice(limit)}"))
        else:
            trace.rows.append(Row(r, None, e.kind.code, result_text(e.points), None,
                                  note=f"{e.kind.description}: no opponent, never counts"))
    trace.steps.append(how)
    trace.steps.append(f"Points against those opponents: {nice(total)}.")
    return Result(total, trace)


def koya_limit(ctx: Context, crit: Criterion) -> tuple[Fraction, str]:
    n = ctx.n
    maxgames = n
    note = ""
    if ctx.event.is_round_robin:
        players = len(ctx.event.players)
        if players and n % players == 0:
            maxgames -= n // players
            note = " (odd round robin: one bye round fewer)"
        never = sum(1 for t in ctx.tpns if not any(e.kind.has_opponent for e in ctx.entries(t)))
        maxgames -= never
    pct = Fraction(crit.limit_pct if crit.limit_pct is not None else 50, 100)
    limit = pct * maxgames + HALF * crit.limit_shift
    return limit, (f"Limit: {nice(pct * 100)} % of the maximum {maxgames}{note}"
                   + (f" {crit.limit_shift:+d} {word_for(abs(crit.limit_shift), 'half-point')}"
                      if crit.limit_shift else "") + f" = {nice(limit)}.")


@calculates("KASH")
def kashdan(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["KASH"])
    unplayed = ctx.options.kashdan_unplayed
    us = ctx.options.us_forfeits
    total = 0
    for r, e in enumerate(ctx.entries(tpn), 1):
        if e.played or (us and e.kind in (Kind.FW, Kind.FL)):
            v = 4 if e.points == ONE else 2 if e.points == HALF else 1
            word = {4: "win", 2: "draw", 1: "loss"}[v]
            note = f"{word}: {v}"
        else:
            v = unplayed
            note = f"{e.kind.description}: unplayed, {v}"
        total += v
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), v, note=note))
    trace.steps.append(f"4 per win, 2 per draw, 1 per loss over the board; an unplayed round {unplayed}.")
    trace.steps.append(" + ".join(str(r.value) for r in trace.rows) + f" = {total}.")
    return Result(total, trace)


@calculates("TFL")
def first_loss(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["TFL"])
    first = None
    for r, e in enumerate(ctx.entries(tpn), 1):
        loss = (e.played and e.points == ZERO) or e.kind is Kind.FL or (
            ctx.options.tfl_byes and e.kind in (Kind.ZPB, Kind.ABS))
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), None,
                              note=("loss" if loss else e.kind.description)))
        if loss and first is None:
            first = r
    value = first if first is not None else ctx.n + 1
    trace.steps.append(f"First loss in round {first}." if first else
                       f"No loss: value {ctx.n + 1} (later is better).")
    return Result(value, trace)


@calculates("LATE", "RTNG", "TPN")
def player_facts(ctx: Context, crit: Criterion, tpn: int) -> Result:
    p = ctx.event.player(tpn)
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS[crit.code])
    if crit.code == "LATE":
        trace.steps.append("On time for round 1." if p.on_time else "Arrived late: ranks after on-time players.")
        return Result(1 if p.on_time else 0, trace)
    if crit.code == "TPN":
        trace.steps.append(f"Pairing number {tpn} (lower first).")
        return Result(tpn, trace)
    rating = p.rating
    if rating is None and isinstance(ctx.options.unrated, int):
        rating = ctx.options.unrated
        trace.steps.append(f"Unrated: the substitute rating {rating} is used.")
    trace.steps.append(f"Rating {rating} (higher first)." if rating is not None else "Unrated: sorts last.")
    return Result(rating, trace)
