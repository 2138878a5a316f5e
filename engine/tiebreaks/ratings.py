"""Rating-based tie-breaks: ARO (and its cuts), TPR, PTP, linear PERF, APRO, APPO, OPERF, LPERF, PPR.

FIDE C.07 art. 10 with the FIDE B.02 conversion tables; the linear performance as US directors use it;
lichess's Swiss performance; the performance Papi (the French federation's program) prints.

Every criterion here looks only at games played *over the board* (``Kind.G``) that are *rated*
(``entry.rated``): a forfeit or a bye says nothing about the strength of an opponent met, and a game
that lasted less than one move is not rated (TRF's W / D / L results; FIDE C.07 art. 15.2).  Only the opponents'
ratings matter; the player's own rating never enters (nor does its absence), except in Papi's performance (PPR),
which holds each opponent's rating within 400 of the player's own and, as Papi, counts every game over the board.

Unrated players (FIDE C.07 art. 10; US Chess has no rule, so US presets exclude them) follow ``ctx.options.unrated``:

* ``"off"`` – FIDE: no substitute rating is published, so when any participant is unrated every
  rating criterion has no value (the FIDE reference calculator does the same);
* ``"exclude"`` – unrated opponents are left out of the averages (and out of TPR / PTP / PERF, with
  the points scored against them);
* an ``int`` – that rating is used for every unrated player.

PPR follows Papi instead whenever rating criteria are not off: a missing rating, or one printed as an estimate
(``Player.estimated``), is replaced by Papi's estimate for the player's score.

FIDE figures (ARO, TPR, PTP, APRO, APPO) are integers rounded half up; the others (PERF, OPERF,
LPERF) are exact fractions, because no rule rounds them and ranking must never depend on a rounding.  PPR is
the whole number Papi prints, worked out in Papi's floating point (see :func:`papi_table_value`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import floor
from typing import Callable

from engine.core.codes import Criterion
from engine.core.errors import EventError
from engine.core.exact import fmt, round_fraction
from engine.core.model import ZERO, Entry, Kind
from engine.core.said import Capitalised, Joined, Num, Said, dec, num, said, said_n
from engine.core.trace import Result, Row, Trace, result_text
from engine.tiebreaks.context import Calculator, Context, calculates

# -- FIDE B.02 tables (as FIDE's reference calculator copies them; they must stay exactly these numbers) ---

#: p (in hundredths, 50..100) -> dp.  Below 0.50, dp(p) = -dp(1 - p).
DP_TABLE: dict[int, int] = dict(zip(range(50, 101), [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
]))

#: (largest |D| of the range, expected score of the higher-rated player in hundredths); over 735: 1.00
_EXPECTED_RANGES: tuple[tuple[int, int], ...] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54),
    (39, 55), (46, 56), (53, 57), (61, 58), (68, 59),
    (76, 60), (83, 61), (91, 62), (98, 63), (106, 64),
    (113, 65), (121, 66), (129, 67), (137, 68), (145, 69),
    (153, 70), (162, 71), (170, 72), (179, 73), (188, 74),
    (197, 75), (206, 76), (215, 77), (225, 78), (235, 79),
    (245, 80), (256, 81), (267, 82), (278, 83), (290, 84),
    (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94),
    (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)

#: |D| (0..800) -> expected score of the higher-rated player, in hundredths (expanded once)
EXPECTED_HIGHER: tuple[int, ...] = tuple(
    next((v for hi, v in _EXPECTED_RANGES if d <= hi), 100) for d in range(801))

#: the FIDE rule capping rating differences in the expected-score table
DIFF_CAP = 800

CITATIONS: dict[str, str] = {
    "ARO": said("FIDE C.07 art. 10.1"),
    "TPR": said("FIDE C.07 art. 10.2, FIDE B.02 table p → dp"),
    "PTP": said("FIDE C.07 art. 10.3, FIDE B.02 table of expected scores"),
    "PERF": said("linear (Harkness) performance"),
    "APRO": said("FIDE C.07 art. 10.4"),
    "APPO": said("FIDE C.07 art. 10.5"),
    "OPERF": said("opposition's performance, linear formula"),
    "LPERF": said("lichess Swiss performance (lichess's Swiss scoring)"),
    "PPR": said("Papi's performance (the FFE's tournament program), FIDE B.02 table p → dp"),
}


def dp(p100: int) -> int:
    """FIDE B.02 rating difference for a score fraction given in hundredths (0..100)."""
    if not 0 <= p100 <= 100:
        raise ValueError(f"score fraction {p100}/100 is outside 0..1")
    return DP_TABLE[p100] if p100 >= 50 else -DP_TABLE[100 - p100]


def expected(own: int, opp: int) -> int:
    """FIDE expected score (hundredths) of a player rated ``own`` against ``opp``; |D| capped at 800."""
    d = max(-DIFF_CAP, min(DIFF_CAP, own - opp))
    e = EXPECTED_HIGHER[abs(d)]
    return e if d >= 0 else 100 - e


def half_up(x: Fraction) -> int:
    """Round to an integer, .5 up (FIDE art. 10; ratings are positive so "up" is unambiguous)."""
    return int(round_fraction(x, 0))


def _hundredths(h: int) -> str:
    """Expected scores the way FIDE's table prints them: 79 -> '.79', 350 -> '3.50'."""
    return f"{h // 100 if h >= 100 else ''}.{h % 100:02d}"


def _div(total: Fraction | int, n: int) -> str:
    """'7550 / 4 = 1887.5', or '5950 / 3 ≈ 1983.3333' when the quotient does not terminate."""
    t = Fraction(total)
    shown = dec(t) if Fraction(fmt(t)) == t else f"{t.numerator}/{t.denominator}"
    q = t / n
    text = fmt(q)
    return Joined((shown, "/", n, "=" if Fraction(text) == q else "≈", dec(q)), " ")


def _inexact(q: Fraction) -> bool:
    """Whether a value does not terminate in decimals: the working then says it is kept as a fraction (ranking
    never uses the rounded text)."""
    return Fraction(fmt(q)) != q


def _fraction(q: Fraction) -> str:
    """A value kept exact: ``5950/3``."""
    return f"{q.numerator}/{q.denominator}"


def _signed(base: int, delta: int) -> str:
    return f"{base} {'+' if delta >= 0 else '−'} {abs(delta)}"


# -- the games a rating criterion looks at ------------------------------------------------------------------

@dataclass(frozen=True)
class RatedGame:
    """One rated game over the board whose opponent's rating counts."""

    round: int
    opponent: int
    rating: int
    points: Fraction


@dataclass(frozen=True)
class Basis:
    """A player's rounds as the rating criteria see them (built once per player, then shared).

    ``otb`` are all rated games over the board (APRO / APPO / OPERF average over these opponents, whose
    *performance* counts, not their rating); ``games`` the subset whose opponent's rating counts.
    ``rows`` has one row per round with the opponent's rating as value (None when it does not count).
    """

    games: tuple[RatedGame, ...]
    otb: tuple[tuple[int, int, Fraction], ...]   # (round, opponent, points)
    rows: tuple[Row, ...]
    #: why no rating criterion has a value in this event (unrated=off and somebody is unrated), else None
    off: str | None


def _off_reason(ctx: Context) -> str | None:
    """FIDE art. 10: with an unrated participant and no published substitute, rating tie-breaks are void."""
    def make() -> str | None:
        if ctx.options.unrated != "off":
            return None
        unrated = [p for p in ctx.event.players if p.rating is None]
        if not unrated:
            return None
        who = ", ".join(f"#{p.tpn} {p.name}" for p in unrated[:5]) + (" …" if len(unrated) > 5 else "")
        return said_n("{n} participant is unrated ({players}) and no substitute rating is set: FIDE gives no value for "
                      "any rating-based tie-break then, because the regulations publish no rating for them (FIDE "
                      "C.07 art. 10)",
                      "{n} participants are unrated ({players}) and no substitute rating is set: FIDE gives no value "
                      "for any rating-based tie-break then, because the regulations publish no rating for them (FIDE "
                      "C.07 art. 10)", len(unrated), players=who)
    return ctx.memo(("ratings", "off"), make)


def _round_note(ctx: Context, e: Entry) -> str | None:
    """Why a round does not count for a rating criterion, or None when it is a rated game over the board."""
    if e.kind in (Kind.FW, Kind.FL):
        return said("forfeit: not a game over the board, so excluded (FIDE art. 15.2)")
    if e.kind is Kind.ABS:
        return said("absent: no opponent")
    if not e.kind.has_opponent:
        return said("bye: no opponent")
    if not e.rated:
        return said("game of less than one move: played but not rated, so left out of rating criteria")
    return None


def basis(ctx: Context, tpn: int) -> Basis:
    """The memoised :class:`Basis` of ``tpn``: which rounds count and which rating each one counts."""
    return ctx.memo(("ratings", "basis", tpn), lambda: _make_basis(ctx, tpn))


def _make_basis(ctx: Context, tpn: int) -> Basis:
    unrated = ctx.options.unrated
    games: list[RatedGame] = []
    otb: list[tuple[int, int, Fraction]] = []
    rows: list[Row] = []
    for r in range(1, ctx.n + 1):
        e = ctx.entry(tpn, r)
        row = Row(r, e.opponent, e.kind.code, result_text(e.points), None)
        why = _round_note(ctx, e)
        if why is not None:
            row.note = why
            rows.append(row)
            continue
        opp = e.opponent
        assert opp is not None
        otb.append((r, opp, e.points))
        rating = ctx.event.player(opp).rating
        if rating is None:
            if isinstance(unrated, int) and not isinstance(unrated, bool):
                rating = unrated
                row.note = said("#{opponent} {name} is unrated: counted at the substitute rating {rating}",
                                opponent=opp, name=ctx.name(opp), rating=unrated)
            else:
                row.note = said("unrated opponent: left out")
                rows.append(row)
                continue
        else:
            row.note = said("#{opponent} {name}, rated {rating}", opponent=opp, name=ctx.name(opp), rating=rating)
        row.value = rating
        games.append(RatedGame(r, opp, rating, e.points))
        rows.append(row)
    return Basis(tuple(games), tuple(otb), tuple(rows), _off_reason(ctx))


def _trace(ctx: Context, crit: Criterion, tpn: int, rows: tuple[Row, ...] | list[Row]) -> Trace:
    # rows are copied: the basis is shared between criteria and must not see one criterion's drops
    return Trace(str(crit), crit.label, tpn, ctx.rules.name, [replace(r) for r in rows],
                 citation=CITATIONS[crit.code])


def _void(ctx: Context, crit: Criterion, tpn: int, why: str) -> Result:
    trace = _trace(ctx, crit, tpn, basis(ctx, tpn).rows)
    for row in trace.rows:
        if row.value is not None:
            row.note = said("not counted: rating criteria are off in this event (an unrated participant)")
        row.value = None
    trace.steps.append(said("{reason}.", reason=Capitalised(why)))
    return Result(None, trace)


def _rated(code: str) -> Callable[[Calculator], Calculator]:
    """File a rating calculator as ``code``'s, giving no value when rating criteria are off in the event."""
    def file(fn: Calculator) -> Calculator:
        @calculates(code)
        def calculator(ctx: Context, crit: Criterion, tpn: int) -> Result:
            off = _off_reason(ctx)
            return fn(ctx, crit, tpn) if off is None else _void(ctx, crit, tpn, off)
        return fn
    return file


def _cut(games: list[RatedGame], low: int, high: int) -> tuple[list[RatedGame], dict[int, str]]:
    """Drop the ``low`` lowest and ``high`` highest ratings (ARO/Cn, ARO/Mn).

    As FIDE's reference calculator: among equal ratings the earliest round goes first from the bottom
    and the latest from the top; asking for more cuts than there are games leaves nothing.
    """
    left = sorted(games, key=lambda g: (g.rating, g.round))
    dropped: dict[int, str] = {}
    for _ in range(low):
        if not left:
            break
        g = left.pop(0)
        dropped[g.round] = said("lowest rating ({rating}), cut", rating=g.rating)
    for _ in range(high):
        if not left:
            break
        g = left.pop()
        dropped[g.round] = said("highest rating ({rating}), cut", rating=g.rating)
    kept = [g for g in games if g.round not in dropped]
    return kept, dropped


# -- ARO, TPR, PTP, PERF, LPERF: the player's own opponents ---------------------------------------------------

def _aro_value(games: list[RatedGame]) -> tuple[int | None, str]:
    if not games:
        return None, said("No rating counts, so the average rating of opponents does not exist.")
    total = sum(g.rating for g in games)
    value = half_up(Fraction(total, len(games)))
    return value, said_n("Average of {n} rating: {division}, rounded to {value}.",
                         "Average of {n} ratings: {division}, rounded to {value}.", len(games),
                         division=_div(total, len(games)), value=value)


@_rated("ARO")
def _aro(ctx: Context, crit: Criterion, tpn: int) -> Result:
    b = basis(ctx, tpn)
    trace = _trace(ctx, crit, tpn, b.rows)
    games = list(b.games)
    low, high = crit.cut + crit.median, crit.median
    if low or high:
        games, dropped = _cut(games, low, high)
        for row in trace.rows:
            if row.round in dropped:
                row.dropped, row.drop_reason = True, dropped[row.round]
        rounds = Joined((said("round {round}", round=r) for r in sorted(dropped)), ", ") if dropped else said("none")
        fields = dict(code=str(crit), low=low, high=high, count=len(b.games), rounds=rounds)
        if high:
            trace.steps.append(said("{code}: drop the {low} lowest and the {high} highest ratings of the {count} that "
                                    "count ({rounds}).", **fields))
        else:
            trace.steps.append(said_n("{code}: drop the {n} lowest rating of the {count} that count ({rounds}).",
                                      "{code}: drop the {n} lowest ratings of the {count} that count ({rounds}).",
                                      low, **{k: v for k, v in fields.items() if k not in ("low", "high")}))
    value, step = _aro_value(games)
    if value is None and b.games:
        step = said("Every rating was cut away, so the value does not exist (it ranks below any number).")
    trace.steps.append(step)
    return Result(value, trace)


@_rated("TPR")
def _tpr(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """TPR = ARO + dp(p): ARO already rounded (as FIDE's reference), p rounded to hundredths, .005 up."""
    b = basis(ctx, tpn)
    trace = _trace(ctx, crit, tpn, b.rows)
    games = list(b.games)
    aro, step = _aro_value(games)
    trace.steps.append(step)
    if aro is None:
        trace.steps[-1] = said("No rated game over the board counts, so there is no performance.")
        return Result(None, trace)
    pts = sum((g.points for g in games), ZERO)
    p = round_fraction(pts / len(games), 2)
    d = dp(int(p * 100))
    value = aro + d
    trace.steps.append(said("p = {points}/{games} = {p} → dp = {dp} (FIDE table B.02).", points=num(pts),
                            games=len(games), p=dec(p, 2), dp=format(d, "+d")))
    trace.steps.append(said("TPR = {sum} = {value}.", sum=_signed(aro, d), value=value))
    return Result(value, trace)


def ptp_value(ratings: list[int], points: Fraction) -> int | None:
    """Lowest integer R with Σ E(R − R_opp) ≥ points; a zero score gives the lowest rating − 800.

    Σ E is non-decreasing in R, so bisection finds the lowest R exactly.  At R = max + 800 every
    expected score is 1.00, which bounds any legal score (a 100 % score lands at max + 736).
    """
    if not ratings:
        return None
    if points <= 0:
        return min(ratings) - DIFF_CAP
    target = points * 100
    if target > 100 * len(ratings):
        raise ValueError("more points than games")

    def enough(r: int) -> bool:
        return sum(expected(r, o) for o in ratings) >= target

    lo, hi = min(ratings) - DIFF_CAP - 1, max(ratings) + DIFF_CAP   # not enough(lo), enough(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if enough(mid):
            hi = mid
        else:
            lo = mid
    return hi


@_rated("PTP")
def _ptp(ctx: Context, crit: Criterion, tpn: int) -> Result:
    b = basis(ctx, tpn)
    trace = _trace(ctx, crit, tpn, b.rows)
    ratings = [g.rating for g in b.games]
    pts = sum((g.points for g in b.games), ZERO)
    value = ptp_value(ratings, pts)
    if value is None:
        trace.steps.append(said("No rated game over the board counts, so there is no performance."))
    elif pts == 0:
        trace.steps.append(said_n("Zero score from {n} game: lowest opponent rating − 800 = {lowest} − 800 = {value}.",
                                  "Zero score from {n} games: lowest opponent rating − 800 = {lowest} − 800 = {value}.",
                                  len(ratings), lowest=min(ratings), value=value))
    else:
        def line(r: int) -> tuple[int, Joined]:
            es = [expected(r, o) for o in ratings]
            return sum(es), Joined((_hundredths(e) for e in es), " + ")
        at, terms = line(value)
        below, _ = line(value - 1)
        trace.steps.append(said_n("Points {points} from {n} rated game against {ratings}; expected scores from the "
                                  "FIDE table, rating differences capped at ±800.",
                                  "Points {points} from {n} rated games against {ratings}; expected scores from the "
                                  "FIDE table, rating differences capped at ±800.", len(ratings), points=num(pts),
                                  ratings=", ".join(map(str, ratings))))
        trace.steps.append(said("At R = {rating}: {terms} = {sum} ≥ {points}.", rating=value, terms=terms,
                                sum=_hundredths(at), points=num(pts)))
        trace.steps.append(said("At R = {rating} the sum is {sum} < {points}, so PTP = {value}.", rating=value - 1,
                                sum=_hundredths(below), points=num(pts), value=value))
    return Result(value, trace)


@_rated("PERF")
def _perf(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """Linear performance: (Σ ratings + 400·(W − L)) / games, exact."""
    b = basis(ctx, tpn)
    trace = _trace(ctx, crit, tpn, b.rows)
    games = b.games
    if not games:
        trace.steps.append(said("No rated game over the board counts, so there is no performance."))
        return Result(None, trace)
    total = sum(g.rating for g in games)
    w = sum(1 for g in games if g.points == 1)
    lost = sum(1 for g in games if g.points == 0)
    num = total + 400 * (w - lost)
    value = Fraction(num, len(games))
    trace.steps.append(said_n("Sum of {n} rating = {total}; wins − losses = {wins} − {losses} = {difference}.",
                              "Sum of {n} ratings = {total}; wins − losses = {wins} − {losses} = {difference}.",
                              len(games), total=total, wins=w, losses=lost, difference=w - lost))
    fields = dict(sum=_signed(total, 400 * (w - lost)), games=len(games), division=_div(num, len(games)))
    trace.steps.append(said("PERF = ({sum}) / {games} = {division}, kept exact as {fraction}.",
                            fraction=_fraction(value), **fields) if _inexact(value) else
                       said("PERF = ({sum}) / {games} = {division}.", **fields))
    return Result(value, trace)


@_rated("LPERF")
def _lperf(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """Lichess: the mean over pairings of (opponent's rating + 500 for a win, − 500 for a loss)."""
    b = basis(ctx, tpn)
    trace = _trace(ctx, crit, tpn, b.rows)
    by_round = {r.round: r for r in trace.rows}
    total = 0
    for g in b.games:
        bonus = 500 if g.points == 1 else -500 if g.points == 0 else 0
        row = by_round[g.round]
        row.value = g.rating + bonus
        fields = dict(rating=g.rating, value=g.rating + bonus)
        word = {500: said("{rating} + 500 for a win = {value}", **fields),
                -500: said("{rating} − 500 for a loss = {value}", **fields),
                0: said("{rating} + 0 for a draw = {value}", **fields)}[bonus]
        row.note = Joined((row.note, word), "; ")
        total += g.rating + bonus
    if not b.games:
        trace.steps.append(said("No rated pairing over the board counts, so there is no performance."))
        return Result(None, trace)
    value = Fraction(total, len(b.games))
    division = _div(total, len(b.games))
    if _inexact(value):
        trace.steps.append(said_n("Mean over {n} pairing: {division}, kept exact as {fraction}.",
                                  "Mean over {n} pairings: {division}, kept exact as {fraction}.", len(b.games),
                                  division=division, fraction=_fraction(value)))
    else:
        trace.steps.append(said_n("Mean over {n} pairing: {division}.", "Mean over {n} pairings: {division}.",
                                  len(b.games), division=division))
    return Result(value, trace)


# -- APRO, APPO, OPERF: the opponents' performances -----------------------------------------------------------

def performance(ctx: Context, code: str, tpn: int) -> Result:
    """The memoised plain TPR / PTP / PERF of ``tpn`` (APRO over a whole field computes each once)."""
    return ctx.result(Criterion(code), tpn)


def _opp_average(ctx: Context, crit: Criterion, tpn: int, inner: str, fide_rounded: bool) -> Result:
    """Mean of the OTB opponents' performances.

    ``unrated=exclude`` leaves unrated opponents out of this average as out of every rating average (an
    unrated opponent's performance rests on no rating of his own).  Opponents whose performance does not
    exist are skipped, as FIDE's reference calculator does.
    """
    b = basis(ctx, tpn)
    trace = _trace(ctx, crit, tpn, b.rows)
    by_round = {r.round: r for r in trace.rows}
    for row in trace.rows:
        row.value = None
    values: list[Fraction | int] = []
    exclude = ctx.options.unrated == "exclude"
    for r, opp, _pts in b.otb:
        row = by_round[r]
        if exclude and ctx.event.player(opp).rating is None:
            row.note = said("#{opponent} {name} is unrated: left out (unrated opponents are excluded)", opponent=opp,
                            name=ctx.name(opp))
            continue
        v = performance(ctx, inner, opp).value
        if v is None:
            row.note = said("#{opponent} {name} has no {code} (no rated game over the board that counts): skipped",
                            opponent=opp, name=ctx.name(opp), code=inner)
            continue
        row.value = v
        row.note = said("#{opponent} {name}'s {code} = {value}", opponent=opp, name=ctx.name(opp), code=inner,
                        value=dec(v))
        values.append(v)
    if not values:
        trace.steps.append(said("No opponent over the board has a {code}, so the average does not exist.", code=inner))
        return Result(None, trace)
    total = sum((Fraction(v) for v in values), ZERO)
    mean = total / len(values)
    fields = dict(code=inner, division=_div(total, len(values)))
    if fide_rounded:
        value: int | Fraction = half_up(mean)
        trace.steps.append(said_n("Average of {n} opponent's {code}: {division}, rounded to {value}.",
                                  "Average of {n} opponents' {code}: {division}, rounded to {value}.", len(values),
                                  value=value, **fields))
    elif _inexact(mean):
        value = mean
        trace.steps.append(said_n("Average of {n} opponent's {code}: {division}, kept exact as {fraction}.",
                                  "Average of {n} opponents' {code}: {division}, kept exact as {fraction}.",
                                  len(values), fraction=_fraction(mean), **fields))
    else:
        value = mean
        trace.steps.append(said_n("Average of {n} opponent's {code}: {division}.",
                                  "Average of {n} opponents' {code}: {division}.", len(values), **fields))
    return Result(value, trace)


@_rated("APRO")
def _apro(ctx: Context, crit: Criterion, tpn: int) -> Result:
    return _opp_average(ctx, crit, tpn, "TPR", fide_rounded=True)


@_rated("APPO")
def _appo(ctx: Context, crit: Criterion, tpn: int) -> Result:
    return _opp_average(ctx, crit, tpn, "PTP", fide_rounded=True)


@_rated("OPERF")
def _operf(ctx: Context, crit: Criterion, tpn: int) -> Result:
    return _opp_average(ctx, crit, tpn, "PERF", fide_rounded=False)


# -- PPR: Papi's performance ------------------------------------------------------------------------------------

#: Papi's table for its performance: FIDE B.02's p -> dp for 50..99 %, with 677 (the 99 % value) also for 100 %
#: and one more 677 to read between 99 and 100 %
PAPI_DP: tuple[int, ...] = tuple(DP_TABLE[p] for p in range(50, 100)) + (677, 677)


def papi_table_value(points: Fraction, games: int) -> float:
    """Papi's table value for ``points`` out of ``games``: the row is the whole part of the distance from 50 %,
    and the value is carried towards the next row by the fraction of the *percentage* (not of the distance),
    as Papi does: 4/6 = 66.67 % reads row 16 (117) and adds 0.67 x (125 - 117) = 122.33; 2/6 = 33.33 % reads
    row 16 too and adds only 0.33 x 8: -119.67.

    Papi works in binary floating point, and a performance that is exactly halfway between two whole numbers
    (1112.1666... - 119.6666... = 992.5) is rounded the way that arithmetic's last digit falls (992.5000000000004,
    up to 993): the same steps in the same order here reproduce the published numbers, so these sums are
    floating point on purpose."""
    percent = 100 * (float(points) / games)
    row = floor(abs(50 - percent))
    value = float(PAPI_DP[row])
    part = percent - floor(percent)
    if part > 0:
        value += part * (PAPI_DP[row + 1] - value)
    return -value if 2 * points < games else value


@dataclass(frozen=True)
class PapiRatings:
    """The rating Papi's performance uses for every player: his own, or for an estimated or missing rating the
    estimate of his score group (``groups``: score -> estimate; ``how``: score -> how it was found)."""

    used: dict[int, int]
    groups: dict[Fraction, int]
    how: dict[Fraction, Said]
    group_of: dict[int, Fraction]


def _papi_score(event_entries: list[Entry]) -> Fraction:
    """The score Papi groups players by: points from games over the board and from byes asked for (not from
    forfeits, nor from the bye the pairing gives)."""
    return sum((e.points for e in event_entries if e.kind in (Kind.G, Kind.HPB, Kind.FPB)), ZERO)


def papi_ratings(ctx: Context) -> PapiRatings:
    """Papi's estimates, memoised for the event.  With no estimated or missing rating every player keeps his
    own.  Otherwise each score (0, ½, 1, ... up to the rounds played) gets the average rating of the rated
    players on it (rounded half to even), and a score without a rated player the estimate of the score above
    it (or, at the top, below it) moved by the difference of their table values."""
    return ctx.memo(("ratings", "papi"), lambda: _papi_ratings(ctx))


def _papi_ratings(ctx: Context) -> PapiRatings:
    players = ctx.event.players
    group_of = {p.tpn: _papi_score(ctx.entries(p.tpn)) for p in players}
    est, how = papi_estimates([group_of[p.tpn] for p in players], [p.rating for p in players],
                              [p.estimated for p in players], ctx.n)
    used = {p.tpn: papi_rating_used(p.rating, p.estimated, group_of[p.tpn], est) for p in players}
    return PapiRatings(used, est, how, group_of)


def papi_rating_used(rating: int | None, estimated: bool, score: Fraction, est: dict[Fraction, int]) -> int:
    """The rating Papi's performance uses for one player: his own, or his score's estimate."""
    if estimated or rating is None:
        return est.get(score, 0)
    return rating


def papi_estimates(scores: list[Fraction], ratings: list[int | None], estimated: list[bool],
                   rounds: int) -> tuple[dict[Fraction, int], dict[Fraction, Said]]:
    """Papi's estimate for each score, and how it was found (empty when every rating is a real one)."""
    if rounds == 0 or not any(e or r is None for r, e in zip(ratings, estimated)):
        return {}, {}
    levels = [Fraction(k, 2) for k in range(2 * rounds + 1)]
    est: dict[Fraction, int] = {}
    how: dict[Fraction, Said] = {}
    for level in levels:
        rated = [r for s, r, e in zip(scores, ratings, estimated) if s == level and not e and r]
        if rated:
            est[level] = round(sum(rated) / len(rated))      # Papi's floating point, rounded half to even
            how[level] = said_n("the average rating of the {n} rated player on {score}: {division}, rounded to "
                                "{estimate}", "the average rating of the {n} rated players on {score}: {division}, "
                                "rounded to {estimate}", len(rated), score=num(level),
                                division=_div(sum(rated), len(rated)), estimate=est[level])

    def bonus(level: Fraction) -> int:
        return round(papi_table_value(level, rounds))
    for order in (levels[::-1], levels):       # down from the top first, then up for the scores left
        known: Fraction | None = None
        for level in order:
            if level in est:
                known = level
            elif known is not None:
                est[level] = est[known] - bonus(known) + bonus(level)
                how[level] = said("no rated player on {score}: the estimate for {known}, {known_estimate}, moved by "
                                  "the difference of the table values {known_value} and {value}: {estimate}",
                                  score=num(level), known=num(known), known_estimate=est[known],
                                  known_value=format(bonus(known), "+d"), value=format(bonus(level), "+d"),
                                  estimate=est[level])
                known = level
    return est, how


def _two(value: float) -> Num:
    """A floating-point figure of Papi's written with two decimals, as the program shows it."""
    return dec(Fraction(f"{value:.2f}"), 2)


def papi_value(own: int, opponents: list[int], points: Fraction) -> tuple[int, list[int], float]:
    """Papi's performance from the ratings it uses: each opponent held within 400 of ``own``, their average
    plus the table value, rounded (in floating point, as Papi: see :func:`papi_table_value`); 0 without a game.
    Also the ratings counted and the unrounded sum."""
    held = [min(own + 400, max(own - 400, r)) for r in opponents]
    if not held:
        return 0, held, 0.0
    exact = sum(held) / len(held) + papi_table_value(points, len(held))
    return round(exact), held, exact


@_rated("PPR")
def _ppr(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """Papi's performance (the FFE's program): the opponents' average rating, each held within 400 of the
    player's own, plus Papi's table value for the score, rounded; estimated ratings replaced by Papi's estimates."""
    pr = papi_ratings(ctx)
    own = pr.used[tpn]
    rows: list[Row] = []
    ratings: list[int] = []
    pts = ZERO
    for r in range(1, ctx.n + 1):
        e = ctx.entry(tpn, r)
        row = Row(r, e.opponent, e.kind.code, result_text(e.points), None)
        rows.append(row)
        if e.kind is not Kind.G:
            row.note = _round_note(ctx, e) or said("not a game over the board")
            continue
        opp = e.opponent
        assert opp is not None
        p = ctx.event.player(opp)
        raw = pr.used[opp]
        rating = min(own + 400, max(own - 400, raw))
        note: str
        if p.estimated or p.rating is None:
            note = said("#{opponent} {name}, rating estimated by Papi: {rating} ({how})", opponent=opp,
                        name=ctx.name(opp), rating=raw, how=pr.how.get(pr.group_of[opp], ""))
        else:
            note = said("#{opponent} {name}, rated {rating}", opponent=opp, name=ctx.name(opp), rating=raw)
        if rating != raw:
            note = Joined((note, said("held within 400 of the player's own {own}: {rating}", own=own,
                                      rating=rating)), "; ")
        row.value, row.note = rating, note
        ratings.append(rating)
        pts += e.points
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, rows, citation=CITATIONS["PPR"])
    me = ctx.event.player(tpn)
    if me.estimated or me.rating is None:
        unknown = said("no estimate")
        trace.steps.append(said("The player's own rating is estimated: Papi uses {rating} ({how}).", rating=own,
                                how=pr.how.get(pr.group_of[tpn], unknown)))
    if not ratings:
        trace.steps.append(said("No game over the board: Papi prints 0."))
        return Result(0, trace)
    value, _, exact = papi_value(own, ratings, pts)   # the ratings are held within 400 already
    total = sum(ratings)
    table = papi_table_value(pts, len(ratings))
    trace.steps.append(said_n("Average of {n} rating: {division}.", "Average of {n} ratings: {division}.",
                              len(ratings), division=_div(total, len(ratings))))
    sign = "+" if table >= 0 else "−"
    trace.steps.append(said("Score {points}/{games} = {percent} %: Papi's table value {sign}{value}.",
                            points=num(pts), games=len(ratings), percent=_two(100 * float(pts) / len(ratings)),
                            sign=sign, value=_two(abs(table))))
    halfway = abs(2 * exact - round(2 * exact)) < 1e-6 and round(2 * exact) % 2 == 1
    fields = dict(average=_two(total / len(ratings)), sign=sign, table=_two(abs(table)), exact=_two(exact),
                  value=value)
    if halfway:
        trace.steps.append(said("Performance = {average} {sign} {table} = {exact}, rounded to {value} (halfway: "
                                "Papi's floating-point arithmetic leaves it at {unrounded}, and {value} is what it "
                                "prints).", unrounded=repr(exact), **fields))
    else:
        trace.steps.append(said("Performance = {average} {sign} {table} = {exact}, rounded to {value}.", **fields))
    return Result(value, trace)


def compute_rating(ctx: Context, crit: Criterion, tpn: int) -> Result:
    """Value and trace of one rating criterion (ARO[/Cn|/Mn], TPR, PTP, PERF, APRO, APPO, OPERF, LPERF)."""
    if not crit.info.rating_based:
        raise EventError(said("{code} is not a rating-based tie-break", code=str(crit)))
    return ctx.result(crit, tpn)
