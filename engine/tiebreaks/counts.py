"""Counting systems over the player's own results: wins, blacks, rounds elected to play, Koya,
Kashdan, time of first loss, tardiness, rating and pairing number.  FIDE C.07 art. 7 and 9.2; US Chess
rule 34E (Kashdan, most blacks).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from engine.core.codes import Criterion
from engine.core.model import HALF, ONE, ZERO, Entry, Kind
from engine.core.said import Joined, num, nums, said, said_n
from engine.core.trace import Result, Row, Trace, result_text
from engine.tiebreaks.context import Context, calculates

CITATIONS = {
    "PTS": said("Points: 1 for a win, ½ for a draw, 0 for a loss, byes and forfeits at their value"),
    "WIN": said("Number of wins, played or not: FIDE C.07 art. 7.1"),
    "WON": said("Games won over the board: FIDE C.07 art. 7.2"),
    "BPG": said("Games played with Black: FIDE C.07 art. 7.3"),
    "BWG": said("Games won with Black: FIDE C.07 art. 7.4"),
    "REP": said("Rounds one elected to play: FIDE C.07 art. 7.6"),
    "VUR": said("Voluntarily unplayed rounds: FIDE C.07 art. 16.2"),
    "KS": said("Koya: FIDE C.07 art. 9.2"),
    "KASH": said("Kashdan: US Chess 34E"),
    "TFL": said("Time of first loss: the later first loss ranks higher, no loss highest"),
    "LATE": said("Tardiness: a player on time for round 1 ranks above a late one"),
    "RTNG": said("Rating: FIDE C.07 2026 / Washington scholastic"),
    "TPN": said("Pairing number: FIDE C.07 2026"),
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
    trace.steps.append(said("Count: {n}.", n=total))
    return Result(total, trace)


@calculates("PTS")
def points(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace("PTS", "Points", tpn, ctx.rules.name, citation=CITATIONS["PTS"])
    for r, e in enumerate(ctx.entries(tpn), 1):
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), e.points,
                              note=e.kind.description))
    total = ctx.score(tpn)
    trace.steps.append(said("Points of every round, byes and forfeits included: {values} = {total}.",
                            values=nums(r.value for r in trace.rows), total=num(total)))
    return Result(total, trace)


@calculates("WIN", "WON", "BPG", "BWG", "REP", "VUR")
def counts(ctx: Context, crit: Criterion, tpn: int) -> Result:
    code = crit.code
    rr = ctx.event.is_round_robin
    if code == "WIN":
        return _count(ctx, crit, tpn, lambda e, r: (e.is_win, (
            said("a win's points") if e.played else said("a win's points ({kind} counts)", kind=e.kind.description))
            if e.is_win else said("not a win")),
            said("Rounds that gave a win's points, played or not (pairing byes, full-point byes and forfeit wins "
                 "count)."))
    if code == "WON":
        def won(e: Entry, r: int) -> tuple[bool, str]:
            if e.played and e.is_win:
                return True, said("won over the board")
            if rr and e.kind is Kind.FW:
                return True, said("forfeit win in a round robin counts as a game won (FIDE art. 15)")
            return False, said("not won over the board") if e.played or not e.is_win else \
                said("{kind}: not played", kind=e.kind.description)
        return _count(ctx, crit, tpn, won, said("Games won over the board only."))
    if code == "BPG":
        us = ctx.options.us_forfeits
        return _count(ctx, crit, tpn, lambda e, r: (
            (e.played or (us and e.kind.has_opponent)) and e.colour == "B",
            said("played with Black") if e.played and e.colour == "B" else
            said("not played over the board") if e.unplayed else said("played with White")),
            said("Games played over the board with Black (unplayed rounds count as neither colour)."))
    if code == "BWG":
        return _count(ctx, crit, tpn, lambda e, r: (
            ((e.played and e.is_win) or (rr and e.kind is Kind.FW)) and e.colour == "B",
            said("won with Black") if e.played and e.is_win and e.colour == "B" else "—"),
            said("Games won over the board with Black."))
    if code == "REP":
        return _count(ctx, crit, tpn, lambda e, r: (
            not e.is_vur, said("elected to play") if not e.is_vur else
            said("{kind}: not elected to play", kind=e.kind.description)),
            said("Rounds minus half-point byes, zero-point byes, absences and forfeit losses."))
    if code == "VUR":
        return _count(ctx, crit, tpn, lambda e, r: (
            e.is_vur, said("{kind}: voluntarily unplayed", kind=e.kind.description) if e.is_vur else ""),
            said("Requested byes, absences and forfeit losses (fewer is better)."))
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
                                  dropped=not ok, drop_reason="" if ok else said("opponent below the limit"),
                                  note=said("#{opponent} scored {score}: at or over the limit {limit}",
                                            opponent=e.opponent, score=num(os), limit=num(limit)) if ok else
                                  said("#{opponent} scored {score}: below the limit {limit}", opponent=e.opponent,
                                       score=num(os), limit=num(limit))))
        else:
            trace.rows.append(Row(r, None, e.kind.code, result_text(e.points), None,
                                  note=said("{kind}: no opponent, never counts", kind=e.kind.description)))
    trace.steps.append(how)
    trace.steps.append(said("Points against those opponents: {total}.", total=num(total)))
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
    fields = dict(percent=num(pct * 100), maximum=maxgames, limit=num(limit))
    if not crit.limit_shift:
        return limit, (said("Limit: {percent} % of the maximum {maximum} (odd round robin: one bye round fewer) = "
                            "{limit}.", **fields) if note else
                       said("Limit: {percent} % of the maximum {maximum} = {limit}.", **fields))
    shift = abs(crit.limit_shift)
    sign = "+" if crit.limit_shift > 0 else "-"
    if note:
        return limit, said_n("Limit: {percent} % of the maximum {maximum} (odd round robin: one bye round fewer) "
                             "{sign}{n} half-point = {limit}.",
                             "Limit: {percent} % of the maximum {maximum} (odd round robin: one bye round fewer) "
                             "{sign}{n} half-points = {limit}.", shift, sign=sign, **fields)
    return limit, said_n("Limit: {percent} % of the maximum {maximum} {sign}{n} half-point = {limit}.",
                         "Limit: {percent} % of the maximum {maximum} {sign}{n} half-points = {limit}.", shift,
                         sign=sign, **fields)


@calculates("KASH")
def kashdan(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["KASH"])
    unplayed = ctx.options.kashdan_unplayed
    us = ctx.options.us_forfeits
    total = 0
    for r, e in enumerate(ctx.entries(tpn), 1):
        if e.played or (us and e.kind in (Kind.FW, Kind.FL)):
            v = 4 if e.points == ONE else 2 if e.points == HALF else 1
            note = {4: said("win: 4"), 2: said("draw: 2"), 1: said("loss: 1")}[v]
        else:
            v = unplayed
            note = said("{kind}: unplayed, {value}", kind=e.kind.description, value=v)
        total += v
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), v, note=note))
    trace.steps.append(said("4 per win, 2 per draw, 1 per loss over the board; an unplayed round {value}.",
                            value=unplayed))
    trace.steps.append(said("{values} = {total}.", values=Joined((str(r.value) for r in trace.rows), " + "),
                            total=total))
    return Result(total, trace)


@calculates("TFL")
def first_loss(ctx: Context, crit: Criterion, tpn: int) -> Result:
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS["TFL"])
    first = None
    for r, e in enumerate(ctx.entries(tpn), 1):
        loss = (e.played and e.points == ZERO) or e.kind is Kind.FL or (
            ctx.options.tfl_byes and e.kind in (Kind.ZPB, Kind.ABS))
        trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), None,
                              note=(said("loss") if loss else e.kind.description)))
        if loss and first is None:
            first = r
    value = first if first is not None else ctx.n + 1
    trace.steps.append(said("First loss in round {round}.", round=first) if first else
                       said("No loss: value {value} (later is better).", value=ctx.n + 1))
    return Result(value, trace)


@calculates("LATE", "RTNG", "TPN")
def player_facts(ctx: Context, crit: Criterion, tpn: int) -> Result:
    p = ctx.event.player(tpn)
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS[crit.code])
    if crit.code == "LATE":
        trace.steps.append(said("On time for round 1.") if p.on_time else
                           said("Arrived late: ranks after on-time players."))
        return Result(1 if p.on_time else 0, trace)
    if crit.code == "TPN":
        trace.steps.append(said("Pairing number {tpn} (lower first).", tpn=tpn))
        return Result(tpn, trace)
    rating = p.rating
    if rating is None and isinstance(ctx.options.unrated, int):
        rating = ctx.options.unrated
        trace.steps.append(said("Unrated: the substitute rating {rating} is used.", rating=rating))
    trace.steps.append(said("Rating {rating} (higher first).", rating=rating) if rating is not None else
                       said("Unrated: sorts last."))
    return Result(rating, trace)
