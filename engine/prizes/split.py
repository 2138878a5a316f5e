"""Prize splitting (US Chess rule 32B; FIDE leaves it to the regulations): who gets how much of the cash,
and who takes each trophy.

Money is counted in whole **cents** and every share is an exact :class:`~fractions.Fraction` of a cent
until the last step, where it is rounded *down* to the payout unit (a cent, or a whole currency unit)
and the cents left over are recorded, so the sheet always adds up to the prize fund.

Four ways to share cash among tied players:

* ``uscf`` — US Chess rule 32B as TDs apply it, step by step: one cash prize per player (32B1),
  tied players pool the best prizes they bring in and share equally (32B2), and players eligible for
  a class prize take that class's prizes alone when that pays them more (32B3, alternative (b)).
  ``alternative=True`` applies the minority "alternative reading" of case P5 (a player is capped at the
  largest prize they are themselves eligible for; the excess goes to the others), for teaching only.
  ``eligible_only=True`` is another reading some organisers announce: a class prize is shared only among
  players eligible for it, at every step (never pooled with players who could not win it); those players
  take it, or leave it to lower scores when the place prizes pay them more, and the others pool the place
  prizes.  Rule 32B3 itself pools a class prize with the whole tie when that pays the eligible player more.
* ``equal`` — FIDE-style equal split: the prizes of the places a score group occupies, shared equally.
* ``order`` — the prizes follow the final tie-break ranking (only exact shared places share).
* ``hort`` — the Hort system: half of each tied place's prize by tie-break place, half pooled.

Indivisible prizes (trophies, titles, qualifying spots) always go by tie-break order, whatever the
method: cash is never decided by tie-breaks under 32B2, and a trophy cannot be cut in pieces.

Each :class:`Distribution` carries its working as plain sentences, so a TD can read out *why*.

>>> groups = [[1], [2, 3, 4]]
>>> players = [Player(t, n) for t, n in [(1, "A"), (2, "B"), (3, "C"), (4, "D")]]
>>> prizes = [Prize("1st", 30000, place=1), Prize("2nd", 20000, place=2), Prize("3rd", 10000, place=3),
...           Prize("4th", 6000, place=4)]
>>> d = distribute(groups, players, prizes, "uscf")
>>> from engine.prizes.money import money
>>> [money(d.paid(t)) for t in (1, 2, 3, 4)]
['$300.00', '$120.00', '$120.00', '$120.00']
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from engine.core.errors import EventError
from engine.core.model import Event, Player
from engine.core.said import Joined, Ordinal, said, said_n, term
from engine.prizes.by_places import share_by_places
from engine.prizes.finishes import Award, Distribution, Finish, Ranked, Working, finishes
from engine.prizes.money import ROUNDING
from engine.prizes.prize_list import Prize, prize_list
from engine.prizes.us_chess import share_us_chess

#: the sharing methods: code -> label shown in the app and on the announcement sheet
METHODS: Mapping[str, str] = {
    "uscf": "US Chess rule 32B: pooled, shared equally",
    "equal": "Equal split of the tied places' prizes",
    "order": "By tie-break order",
    "hort": "Hort system: half by place, half shared",
}

#: the name of the ``eligible_only`` reading of US Chess rule 32B3, as the app and the working show it
ELIGIBLE_ONLY_LABEL = "class prizes shared only among eligible players"


def distribute(standings_or_groups: Ranked | Iterable[Sequence[int]],
               players: Event | Iterable[Player] | Mapping[int, Player],
               prizes: Iterable[Prize], method: str = "uscf", *, alternative: bool = False,
               eligible_only: bool = False, rounding: str = "cent", currency: str = "$", teams: bool = False,
               score_word: str = "point") -> Distribution:
    """Share the prizes among the finishers.

    ``standings_or_groups``: a :class:`~engine.ranking.standings.Standings` (score groups from PTS, tie-break
    order from its rows) or score groups as lists of pairing numbers from the top, in tie-break order.
    ``players``: an event, players, or a mapping tpn -> player (ratings and ages decide eligibility).
    ``method``: a key of :data:`METHODS`.  ``alternative`` (``uscf`` only): the teaching alternative
    reading of case P5 (:mod:`engine.prizes.cases`).  ``eligible_only`` (``uscf`` only): class prizes shared
    only among the players eligible for them (:data:`ELIGIBLE_ONLY_LABEL`).  ``rounding``: ``cent`` or
    ``whole`` (payouts rounded down to that unit).  ``teams``: the finishers are a team event's teams (the
    working names teams; US Chess rule 32B, written for players, is not offered); ``score_word``: what the score
    counts, as the working names it ("match point").
    """
    if method not in METHODS:
        raise EventError(said("unknown prize method {method}; choose one of {known}", method=repr(method),
                              known=", ".join(METHODS)))
    if rounding not in ROUNDING:
        raise EventError(said("unknown rounding {rounding}; choose cent or whole", rounding=repr(rounding)))
    if alternative and eligible_only:
        raise EventError(said("choose one reading of rule 32B3: the alternative reading of case P5 or class prizes "
                              "shared only among eligible players, not both"))
    if teams and method == "uscf":
        raise EventError(said("US Chess rule 32B shares prizes among players: for teams choose the equal split, the "
                              "tie-break order or the Hort system"))
    eligible_only = eligible_only and method == "uscf"
    roster = _roster(players)
    fin = finishes(standings_or_groups)
    for f in fin:
        if f.tpn not in roster:
            raise EventError(said("there is no player with pairing number {tpn}", tpn=f.tpn))
    plist = prize_list(prizes)
    named = term("prize method", METHODS[method])
    label = (Joined((named, said("alternative reading (teaching only)")), " — ") if alternative and method == "uscf"
             else Joined((named, said("class prizes shared only among eligible players")), " — ") if eligible_only else named)
    work = Working(roster, currency, teams, score_word)
    awards = {f.tpn: Award(f.tpn, roster[f.tpn].name, f.position, f.score) for f in fin}
    cash = [p for p in plist if p.cash]
    if method == "uscf":
        work.say(said("Method: {method}. A player wins at most one cash prize (32B1); tied players share cash "
                      "equally and tie-breaks decide nothing about money (32B2).", method=label))
        if eligible_only:
            work.say(said("This reading is not rule 32B3 itself: a class prize is shared only among the tied "
                          "players eligible for it, at every step; the others pool the place prizes."))
        unawarded = share_us_chess(fin, cash, work, awards, alternative, eligible_only)
    else:
        work.say(said("Method: {method}. One cash prize per team: place prizes first, then each class prize "
                      "among the eligible teams that have no cash prize yet.", method=label) if teams else
                 said("Method: {method}. One cash prize per player: place prizes first, then each class prize "
                      "among the eligible players who have no cash prize yet.", method=label))
        unawarded = share_by_places(fin, cash, work, awards, method)
    unit = ROUNDING[rounding]
    remainder = _round(work, awards, unit, currency)
    _trophies(fin, [p for p in plist if not p.cash], work, awards)
    if unawarded:
        left = ", ".join(unawarded)
        work.say(said("Not awarded (no eligible team left): {prizes}.", prizes=left) if teams else
                 said("Not awarded (no eligible player left): {prizes}.", prizes=left))
    return Distribution(method, label, [awards[f.tpn] for f in fin], work.steps, remainder, unawarded,
                        sum(p.value for p in cash), currency, alternative and method == "uscf", unit,
                        eligible_only)


def _roster(players: Event | Iterable[Player] | Mapping[int, Player]) -> dict[int, Player]:
    if isinstance(players, Event):
        return {p.tpn: p for p in players.players}
    if isinstance(players, Mapping):
        return dict(players)
    return {p.tpn: p for p in players}


# -- rounding and trophies -------------------------------------------------------------------------

def _round(work: Working, awards: dict[int, Award], unit: int, currency: str) -> int:
    """Round every share down to the unit; record the cents left over."""
    remainder = Fraction(0)
    inexact = []
    for a in awards.values():
        paid = int(a.exact // unit) * unit
        if paid != a.exact:
            inexact.append(a)
        remainder += a.exact - paid
        a.paid = paid
    if inexact:
        fields = {"shares": Joined((Joined((work.who([a.tpn]), Joined((work.m(a.exact), work.m(a.paid)), " → ")),
                                           " ") for a in inexact), "; "),
                  "left": work.m(remainder)}
        work.say(said_n("Rounding: each share is rounded down to the cent; {shares}. Left over: {left} ({n} cent), "
                        "which the organiser keeps or adds to a prize as announced.",
                        "Rounding: each share is rounded down to the cent; {shares}. Left over: {left} ({n} cents), "
                        "which the organiser keeps or adds to a prize as announced.", int(remainder), **fields)
                 if unit == 1 else
                 said_n("Rounding: each share is rounded down to the whole unit; {shares}. Left over: {left} ({n} "
                        "cent), which the organiser keeps or adds to a prize as announced.",
                        "Rounding: each share is rounded down to the whole unit; {shares}. Left over: {left} ({n} "
                        "cents), which the organiser keeps or adds to a prize as announced.", int(remainder),
                        **fields))
    else:
        work.say(said("Rounding: every share is an exact cent amount; nothing is left over.") if unit == 1 else
                 said("Rounding: every share is an exact whole unit amount; nothing is left over."))
    return int(remainder)




def _trophies(fin: Sequence[Finish], indivisible: Sequence[Prize], work: Working,
              awards: dict[int, Award]) -> None:
    """Trophies and other indivisible prizes by tie-break order: place trophies to the player at that
    position, class trophies to the best-placed eligible player who has no trophy yet."""
    if not indivisible:
        return
    work.say(said("Indivisible prizes (trophies, titles, qualifying spots) go by tie-break order; they are never "
                  "shared, and a team takes at most one of them.") if work.teams else
             said("Indivisible prizes (trophies, titles, qualifying spots) go by tie-break order; they are never "
                  "shared, and a player takes at most one of them."))
    holders: set[int] = set()
    by_pos = {f.position: f for f in fin}
    ordered = sorted(indivisible, key=lambda p: (p.kind != "place", p.place or 0))
    for p in ordered:
        if p.kind == "place":
            f = by_pos.get(p.place or 0)
            if f is None:
                work.say(said("{prize}: nobody finished {place}.", prize=p.describe(work.currency),
                              place=Ordinal(p.place or 0)))
                continue
        else:
            f = next((x for x in fin if x.tpn not in holders and p.eligible(work.roster[x.tpn])), None)
            if f is None:
                work.say(said("{prize}: no eligible team without a trophy.", prize=p.describe(work.currency))
                         if work.teams else
                         said("{prize}: no eligible player without a trophy.", prize=p.describe(work.currency)))
                continue
        holders.add(f.tpn)
        awards[f.tpn].trophies.append(p.name)
        shared = sum(1 for x in fin if x.rank == f.rank and x.score == f.score) > 1
        fields = {"prize": p.describe(work.currency), "who": work.who([f.tpn]), "place": Ordinal(f.position)}
        if not shared:
            work.say(said("{prize} → {who}, {place} in tie-break order.", **fields))
        elif work.teams:
            work.say(said("{prize} → {who}, {place} in tie-break order (a shared place: the tie-breaks could not "
                          "separate the teams, so lots should decide).", **fields))
        else:
            work.say(said("{prize} → {who}, {place} in tie-break order (a shared place: the tie-breaks could not "
                          "separate the players, so lots should decide).", **fields))
