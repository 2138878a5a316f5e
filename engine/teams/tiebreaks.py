"""The team tie-breaks that give each team a number of its own, each with its working (FIDE C.07 arts. 11-13).

Buchholz on match or game points, the four extended Sonneborn-Berger systems, board count, the score and
schedule strength combination, the match and game points themselves, matches won, the progressive score,
the Koya system, and two orders of real events (the Olympiad's Sonneborn-Berger, the Berlin tie-break).
The group tie-breaks (direct encounter and its board follow-ups) are in :mod:`engine.teams.encounter`.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable

from engine.core.exact import round_half_up
from engine.core.model import ZERO, KindCode
from engine.core.said import Joined, Said, dec, num, nums, said, said_n
from engine.core.trace import Result, Row, Trace
from engine.teams.codes import TeamCriterion
from engine.teams.context import Contribution, TeamContext
from engine.teams.model import KIND_WORDS, TeamRound
from engine.teams.text import nice
from engine.tiebreaks.cuts import Item, fide_cut

TeamCalculator = Callable[[TeamContext, TeamCriterion, int], Result]
CALCULATORS: dict[str, TeamCalculator] = {}


def calculates(*codes: str) -> Callable[[TeamCalculator], TeamCalculator]:
    def file(fn: TeamCalculator) -> TeamCalculator:
        for c in codes:
            CALCULATORS[c] = fn
        return fn
    return file


def kind_code(row: TeamRound) -> KindCode:
    return {"FF": "FL"}.get(row.kind, row.kind)  # type: ignore[return-value]


def result_text(row: TeamRound) -> str:
    if row.kind == "G" or row.opponent is not None:
        return f"{nice(row.gp)}-{nice(row.opponent_gp)}"
    return nice(row.gp)


def new_trace(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Trace:
    t = Trace(str(crit), crit.label, tpn, ctx.rules, citation=crit.info.citation)
    t.steps.append(said("Rules: {rules}.", rules=said(ctx.rules_words)))
    return t


def reference_score(ctx: TeamContext, crit: TeamCriterion) -> str:
    return crit.score or ctx.event.scoring.primary


def mark_and_sum(trace: Trace, dropped: dict[int, str]) -> Fraction:
    for row in trace.rows:
        if row.round in dropped:
            row.dropped = True
            row.drop_reason = dropped[row.round]
            trace.steps.append(said("Round {round}: {value} left out, {reason}.", round=row.round, value=num(row.value),
                                    reason=row.drop_reason))
    kept = [Fraction(r.value) for r in trace.kept() if r.value is not None]
    total = sum(kept, ZERO)
    trace.steps.append(said("Sum of the kept values: {values} = {total}.", values=nums(kept), total=num(total))
                       if kept else said("Nothing is left to add: 0."))
    return total


# -- primary and secondary scores ------------------------------------------------------------------

@calculates("MPTS", "GPTS", "PTS", "MPVGP")
def points(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    primary = ctx.event.scoring.primary
    which = {"MPTS": "MP", "GPTS": "GP", "PTS": primary, "MPVGP": ctx.event.scoring.secondary}[crit.code]
    trace = new_trace(ctx, crit, tpn)
    for r in ctx.event.team_rounds(tpn):
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), ctx.round_value(r, which),
                              note=r.words()))
    total = ctx.total(tpn, which)
    if crit.code == "MPVGP":
        trace.steps.append(said("The primary score is match points, so this is the other one, game points.")
                           if primary == "MP" else
                           said("The primary score is game points, so this is the other one, match points."))
    trace.steps.append(said("Match points over all rounds: {total}.", total=num(total)) if which == "MP" else
                       said("Game points over all rounds: {total}.", total=num(total)))
    return Result(total, trace)


# -- Buchholz --------------------------------------------------------------------------------------

def counted(ctx: TeamContext, c: Contribution) -> bool:
    """A round robin's rounds without a match are not counted at all (FIDE C.07 art. 15): no cut falls on them."""
    return c.as_match or not ctx.event.round_robin


def _contribution_rows(trace: Trace, rows: list[Contribution], values: list[Fraction]) -> None:
    for c, v in zip(rows, values):
        trace.rows.append(Row(c.round, c.row.opponent, kind_code(c.row), result_text(c.row), v, note=c.note))


@calculates("BH", "FB")
def buchholz(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    which = reference_score(ctx, crit)
    trace = new_trace(ctx, crit, tpn)
    rows = ctx.contributions(tpn, which, crit.forfeits_played, fore=crit.code == "FB")
    values = [c.score for c in rows]
    if crit.code == "FB":
        trace.steps.append(said("Fore Buchholz: every match of the last round counts as drawn, for every team."))
    _contribution_rows(trace, rows, values)
    trace.steps.append(said("Each opponent's final {score} (a dummy team for the rounds without a match).", score=which))
    items = [Item(c.round, v, v, c.vur, c.as_match) for c, v in zip(rows, values) if counted(ctx, c)]
    dropped = fide_cut(items, crit.cut + crit.median, crit.median, vur_preference=True, by_score=False,
                       rounds=len(items)) if crit.cut or crit.median else {}
    return Result(mark_and_sum(trace, dropped), trace)


@calculates("AOB")
def average_of_buchholz(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """The mean of the Buchholz (or Fore Buchholz with ``/F``) of every team met in a played match (FIDE C.07
    art. 8.2 applied to teams), rounded as FIDE's checker rounds it for the number of rounds."""
    from engine.core.exact import round_fraction
    from engine.core.printing import aob_places
    which = reference_score(ctx, crit)
    inner = TeamCriterion("FB" if crit.fore else "BH", which)
    trace = new_trace(ctx, crit, tpn)
    found: list[Fraction] = []
    for r in ctx.event.team_rounds(tpn)[: ctx.counted_rounds]:
        if r.played and r.opponent is not None:
            v = Fraction(compute(ctx, inner, r.opponent).value or 0)
            found.append(v)
            trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), v,
                                  note=said("{code} of {team}", code=str(inner), team=ctx.who(r.opponent))))
        else:
            trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), None,
                                  note=said("{round}: left out (no match played)", round=r.words())))
    if not found:
        trace.steps.append(said("No match played: no average."))
        return Result(None, trace)
    mean = sum(found, ZERO) / len(found)
    places = aob_places(ctx.n)
    value = round_fraction(mean, places)
    trace.steps.append(said_n("Average of {n} opponents' {code}: {total} / {n} = {mean}, to {places} decimals {value}.",
                              "Average of {n} opponents' {code}: {total} / {n} = {mean}, to {places} decimals {value}.",
                              len(found), code=str(inner), total=num(sum(found, ZERO)), mean=dec(mean), places=places,
                              value=dec(value, places)))
    return Result(value, trace)


# -- extended Sonneborn-Berger ---------------------------------------------------------------------

ESB_FACTORS = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}


@calculates("EMMSB", "EMGSB", "EGMSB", "EGGSB")
def extended_sb(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """Σ opponent's score × own score in the match; the cut drops the lowest-scored opponent, not the
    smallest product (FIDE C.07 art. 14.1 as applied to teams)."""
    opp_which, own_which = ESB_FACTORS[crit.code]
    trace = new_trace(ctx, crit, tpn)
    rows = ctx.contributions(tpn, opp_which, crit.forfeits_played)
    values = []
    for c in rows:
        own = ctx.round_value(c.row, own_which)
        v = c.score * own
        values.append(v)
        c_note = said("{note}; {score} x {own} (match points taken) = {value}", note=c.note, score=num(c.score),
                      own=num(own), value=num(v)) if own_which == "MP" else \
            said("{note}; {score} x {own} (game points taken) = {value}", note=c.note, score=num(c.score), own=num(own),
                 value=num(v))
        trace.rows.append(Row(c.round, c.row.opponent, kind_code(c.row), result_text(c.row), v, note=c_note))
    trace.steps.append(said("Each product: the opponent's final {score} times the {own} this team scored against it.",
                            score=opp_which, own=own_which))
    dropped: dict[int, str] = {}
    if crit.cut:
        items = [Item(c.round, v, c.score, c.vur, c.as_match) for c, v in zip(rows, values) if counted(ctx, c)]
        dropped = fide_cut(items, crit.cut, 0, vur_preference=True, by_score=True, rounds=len(items))
        smallest = min((v for c, v in zip(rows, values) if counted(ctx, c)), default=ZERO)
        for rnd, why in list(dropped.items()):
            c = next(x for x in rows if x.round == rnd)
            v = values[rows.index(c)]
            if "lowest-scored" not in why:
                dropped[rnd] = why
                continue
            text = said("the opponent with the fewest {score} ({value})", score=opp_which, value=num(c.score))
            if sum(1 for x in rows if x.score == c.score and counted(ctx, x)) > 1:
                text = said("{reason}, and of the opponents on that score the smallest product", reason=text)
            if v != smallest:
                text = said("{reason}; the cut goes by the opponent's score, not by the product: {value} is not the "
                            "smallest ({smallest})", reason=text, value=num(v), smallest=num(smallest))
            dropped[rnd] = text
    return Result(mark_and_sum(trace, dropped), trace)


# -- board count and the Berlin tie-break -------------------------------------------------------------

def bye_board_points(ctx: TeamContext, kind: str) -> Fraction:
    """What each board of a round without a played match counts in the board tie-breaks: a win for a bye from
    the pairing, a full-point bye and a match won by forfeit, a draw for a half-point bye, nothing otherwise."""
    s = ctx.event.scoring
    if kind in ("PAB", "FW", "FPB"):
        return s.game_win
    return s.game_draw if kind == "HPB" else ZERO


@calculates("BC")
def board_count(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """Σ board number × points on that board over all matches played (lower is better); a forfeited board
    counts as a win or loss; a bye from the pairing as every board won, a half-point bye as every board
    drawn (FIDE C.07 art. 12)."""
    trace = new_trace(ctx, crit, tpn)
    total = ZERO
    for r in ctx.event.team_rounds(tpn):
        if r.boards:
            parts = [(b.number, b.points) for b in r.boards]
        else:
            parts = [(k, bye_board_points(ctx, r.kind)) for k in range(1, ctx.event.boards + 1)]
        v = sum((Fraction(k) * p for k, p in parts), ZERO)
        total += v
        sums = Joined([Joined((k, num(p)), "x") for k, p in parts if p] or ["0"], " + ")
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), v,
                              note=said("{round}: {sums}", round=r.words(), sums=sums)))
    trace.steps.append(said("Board number times points on it, over every round: {total} (lower is better).",
                            total=num(total)))
    return Result(total, trace)


@calculates("BERLIN")
def berlin(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """n boards: a win on board 1 is worth n, on board k n-k+1; a draw half of it (higher is better)."""
    trace = new_trace(ctx, crit, tpn)
    n = ctx.event.boards
    total = ZERO
    for r in ctx.event.team_rounds(tpn):
        v = sum((Fraction(n - b.number + 1) * b.points / ctx.event.scoring.game_win for b in r.boards), ZERO)
        total += v
        parts = [said("{points} on board {board} x {weight}", points=num(b.points), board=b.number,
                      weight=n - b.number + 1) for b in r.boards if b.points]
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), v,
                              note=said("{round}: {sums}", round=r.words(), sums=Joined(parts, " + ")) if parts else
                              said("{round}: nothing", round=r.words())))
    trace.steps.append(said("Board weights {n} for board 1 down to 1 for board {n}; sum {total}.", n=n, total=num(total)))
    return Result(total, trace)


# -- SSSC -------------------------------------------------------------------------------------------

@calculates("SSSC")
def sssc(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """The secondary score + Buchholz (primary) / F, F = ⌊highest primary score / highest secondary score of
    one match⌋ unless the regulations set it (``/K``); ``/F`` uses Fore Buchholz (FIDE C.07 art. 13.4)."""
    s = ctx.event.scoring
    primary, secondary = s.primary, s.secondary
    inner = TeamCriterion("FB" if crit.fore else "BH", primary, forfeits_played=crit.forfeits_played)
    bh = buchholz(ctx, inner, tpn)
    trace = new_trace(ctx, crit, tpn)
    trace.rows = bh.trace.rows
    rounds = ctx.n if ctx.options.sssc_rounds == "scheduled" else ctx.counted_rounds
    boards = ctx.event.boards
    if crit.factor is not None:
        f = Fraction(crit.factor)
        trace.steps.append(said("The regulations set the factor: {factor}.", factor=crit.factor))
    elif primary == "MP":
        top, one = s.win * rounds, s.game_win * boards
        f = Fraction(math.floor(top / one)) if one else Fraction(1)
        trace.steps.append(said("Factor: highest match points {win} x {rounds} rounds = {top}, over the most game points "
                                "of one match {one}, rounded down: {factor}.", win=num(s.win), rounds=rounds, top=num(top),
                                one=num(one), factor=num(f)))
    else:
        top, one = s.game_win * boards * rounds, s.win
        f = Fraction(math.floor(top / one)) if one else Fraction(1)
        trace.steps.append(said("Factor: highest game points {top}, over the most match points of one match {one}, "
                                "rounded down: {factor}.", top=num(top), one=num(one), factor=num(f)))
    f = f or Fraction(1)
    second = ctx.total(tpn, secondary)
    value = second + Fraction(bh.value or 0) / f
    shown = Fraction(round_half_up(value, 2))
    trace.steps.append(said("{score} {second} + Buchholz {buchholz} / {factor} = {value}, to two decimals {shown}.",
                            score=secondary, second=num(second), buchholz=num(bh.value), factor=num(f), value=dec(value),
                            shown=dec(shown, 2)))
    return Result(shown, trace)


# -- counts, progressive, Koya -----------------------------------------------------------------------

@calculates("WIN", "WON")
def wins(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    trace = new_trace(ctx, crit, tpn)
    total = 0
    for r in ctx.event.team_rounds(tpn):
        counted = r.kind == "G" and r.gp > r.opponent_gp or (crit.code == "WIN" and r.kind in ("FW", "FPB"))
        total += counted
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), Fraction(int(counted)),
                              note=r.words()))
    trace.steps.append(said("Matches won over the board: {n}.", n=total) if crit.code == "WON" else
                       said("Matches won: {n}.", n=total))
    return Result(Fraction(total), trace)


@calculates("PS")
def progressive(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    which = reference_score(ctx, crit)
    trace = new_trace(ctx, crit, tpn)
    running = ZERO
    for r in ctx.event.team_rounds(tpn)[: ctx.counted_rounds]:
        running += ctx.round_value(r, which)
        row = Row(r.round, r.opponent, kind_code(r), result_text(r), running, note=r.words(), running=running)
        row.dropped = r.round <= crit.cut
        if row.dropped:
            row.drop_reason = said("the first rounds are left out (cut)")
        trace.rows.append(row)
    total = sum((Fraction(r.value) for r in trace.kept() if r.value is not None), ZERO)
    trace.steps.append(said("Running {score} after each round, added up: {total}.", score=which, total=num(total)))
    return Result(total, trace)


@calculates("KS")
def koya(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    which = reference_score(ctx, crit)
    trace = new_trace(ctx, crit, tpn)
    s = ctx.event.scoring
    best = (s.win if which == "MP" else s.game_win * ctx.event.boards) * ctx.n
    limit = best / 2
    total = ZERO
    for r in ctx.event.team_rounds(tpn):
        v = None
        note: Said = r.words()
        if r.opponent is not None:             # a forfeited match counts too, as in the individual Koya
            opp = ctx.total(r.opponent, which)
            if opp >= limit:
                v = ctx.round_value(r, which)
                total += v
            note = said("{note}; the opponent scored {value} (at least half, {limit})", note=note, value=num(opp),
                        limit=num(limit)) if opp >= limit else \
                said("{note}; the opponent scored {value} (under half, {limit})", note=note, value=num(opp),
                     limit=num(limit))
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), v, note=note))
    trace.steps.append(said("{score} scored against teams on at least {limit}: {total}.", score=which, limit=num(limit),
                            total=num(total)))
    return Result(total, trace)


# -- the Olympiad's Sonneborn-Berger --------------------------------------------------------------------

def _olympiad_opponent(ctx: TeamContext, tpn: int, r: TeamRound, rows: tuple[TeamRound, ...]) -> tuple[Fraction, str]:
    """An opponent's final match points, or the Olympiad's virtual team for a round without a match."""
    s = ctx.event.scoring
    if r.played and r.opponent is not None:
        opp = ctx.event.mp(r.opponent)
        return opp, said("{team} scored {value} {score}", team=ctx.who(r.opponent), value=num(opp), score="MP")
    before = sum((x.mp for x in rows[: r.round - 1]), ZERO)
    added = min(r.mp, s.draw)
    later = s.draw * (ctx.counted_rounds - r.round)
    opp = before + added + later
    return opp, said("{kind}: a virtual team with this team's {before} MP before round {round}, + {added} for this "
                     "round, + {later} for drawing every later round = {value}", kind=said(KIND_WORDS[r.kind]),
                     before=num(before), round=r.round, added=num(added), later=num(later), value=num(opp))


@calculates("OMP")
def olympiad_opponents(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """The Olympiad's third criterion: the opponents' match points without the lowest, a round without a match
    counting the Olympiad's virtual team."""
    trace = new_trace(ctx, crit, tpn)
    trace.steps[0] = said("Rules: Chess Olympiad regulations, {edition} edition.", edition=ctx.options.olympiad)
    rows = ctx.event.team_rounds(tpn)[: ctx.counted_rounds]
    items = []
    for r in rows:
        opp, note = _olympiad_opponent(ctx, tpn, r, rows)
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), opp, note=note))
        items.append((r.round, opp))
    dropped: dict[int, str] = {}
    if items:
        low = min(items, key=lambda i: i[1])
        dropped[low[0]] = said("the opponent with the fewest match points ({value})", value=num(low[1]))
    return Result(mark_and_sum(trace, dropped), trace)


@calculates("OSB")
def olympiad_sb(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """Σ opponent's match points × game points scored against it, without the lowest opponent.

    The Olympiad's own rule for an unplayed round (it sets art. 16 aside): a virtual opponent that starts
    the round with the team's own match points, then adds 1 for a match won by forfeit or a bye, 0 for a
    match lost by forfeit, and 1 for every later round; the team's game points of that round multiply
    it.  The 2016 regulations cut the lowest opponent; the 2026 ones cut the bye round first when there
    is one.
    """
    ev = ctx.event
    trace = new_trace(ctx, crit, tpn)
    trace.steps[0] = said("Rules: Chess Olympiad regulations, {edition} edition.", edition=ctx.options.olympiad)
    rows = ev.team_rounds(tpn)[: ctx.counted_rounds]
    items = []
    for r in rows:
        opp, note = _olympiad_opponent(ctx, tpn, r, rows)
        unplayed = not r.played
        v = opp * r.gp
        trace.rows.append(Row(r.round, r.opponent, kind_code(r), result_text(r), v,
                              note=said("{note}; {score} x {points} game points = {value}", note=note, score=num(opp),
                                        points=num(r.gp), value=num(v))))
        items.append((r, opp, v, unplayed))
    dropped: dict[int, str] = {}
    if items:
        byes = [i for i in items if i[0].kind == "PAB"]
        if ctx.options.olympiad == "2026" and byes:
            pick = byes[0]
            dropped[pick[0].round] = said("cut: the bye round goes first (Olympiad 2026)")
        else:
            pick = min(items, key=lambda i: (i[1], i[2]))
            dropped[pick[0].round] = said("cut: the opponent with the fewest match points ({value})", value=num(pick[1]))
    return Result(mark_and_sum(trace, dropped), trace)


def compute(ctx: TeamContext, crit: TeamCriterion, tpn: int) -> Result:
    """The value and working of ``crit`` for team ``tpn`` (cached per context)."""
    key = ("tb", str(crit), tpn)
    return ctx.memo(key, lambda: CALCULATORS[crit.code](ctx, crit, tpn))  # type: ignore[no-any-return]
