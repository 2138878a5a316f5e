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
>>> [money(d.paid(t)) for t in (1, 2, 3, 4)]
['$300.00', '$120.00', '$120.00', '$120.00']
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Callable, Iterable, Mapping, Protocol, Sequence, cast

from engine.core.errors import EventError
from engine.core.exact import nice
from engine.core.limits import MAX_PRIZES, check_count, check_name
from engine.core.model import Event, Player
from engine.core.words import ordinal
from engine.ranking.standings import StandingsRow

KINDS = ("place", "class")

#: the sharing methods: code -> label shown in the app and on the announcement sheet
METHODS: Mapping[str, str] = {
    "uscf": "US Chess rule 32B: pooled, shared equally",
    "equal": "Equal split of the tied places' prizes",
    "order": "By tie-break order",
    "hort": "Hort system: half by place, half shared",
}

#: custom eligibility tests a prize can name (besides rating and age bounds)
PREDICATES: Mapping[str, tuple[str, Callable[[Player], bool]]] = {
    "unrated": ("unrated players", lambda p: p.rating is None),
    "female": ("women and girls", lambda p: p.sex.strip().upper() in ("F", "W")),
}

ROUNDING = {"cent": 1, "whole": 100}

#: the name of the ``eligible_only`` reading of US Chess rule 32B3, as the app and the working show it
ELIGIBLE_ONLY_LABEL = "class prizes shared only among eligible players"


# -- money -----------------------------------------------------------------------------------------

def money(cents: int | Fraction, currency: str = "$") -> str:
    """Cents as money, two decimals, thousands separated; an inexact share is marked ``≈``.

    >>> money(137900), money(Fraction(80000, 3)), money(-5, "€")
    ('$1,379.00', '≈$266.67', '-€0.05')
    """
    exact = Fraction(cents)
    sign = "-" if exact < 0 else ""
    exact = abs(exact)
    approx = "≈" if exact.denominator != 1 else ""
    units, rest = divmod(shown_cents(exact), 100)
    return f"{approx}{sign}{currency}{units:,}.{rest:02d}"


def shown_cents(cents: int | Fraction) -> int:
    """A non-negative amount in whole cents as :func:`money` shows it (half a cent up; display only)."""
    return int(Fraction(cents) * 2 + 1) // 2


def parse_money(text: object) -> int | None:
    """An amount typed by a person, in cents: ``"$1,379"``, ``"162.50"``, ``300``; empty -> None.

    >>> parse_money("$1,379"), parse_money("162.5"), parse_money(""), parse_money(75.25)
    (137900, 16250, None, 7525)
    """
    if text is None:
        return None
    if isinstance(text, float):
        if text != text:           # NaN from an empty grid cell
            return None
        text = repr(text)
    raw = str(text).strip().replace(",", "").replace("_", "")
    for symbol in ("$", "€", "£", "USD", "EUR"):
        raw = raw.replace(symbol, "")
    raw = raw.strip()
    if not raw:
        return None
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise EventError(f"cannot read the amount {text!r}: type a number such as 150 or 162.50") from None
    if value < 0:
        raise EventError(f"a prize cannot be negative ({text!r})")
    cents = value * 100
    if cents != cents.to_integral_value():
        raise EventError(f"{text!r} has more than two decimals")
    return int(cents)


# -- prizes ----------------------------------------------------------------------------------------

#: the key of a prize's class: lowest rating, highest rating, highest age, other condition
Eligibility = tuple[int | None, int | None, int | None, str | None]


@dataclass(frozen=True)
class Prize:
    """One prize of the prize list.

    ``amount`` is in cents; None means a trophy only (no cash).  A place prize has a ``place`` (1 =
    first).  A class prize has at least one eligibility bound: ``rating_max`` and ``rating_min`` are
    inclusive (an "under 1800" prize is ``rating_max=1799``), ``age_max`` is inclusive, ``predicate``
    names a test of :data:`PREDICATES`.  Unrated players and players of unknown age are not eligible
    for a rating- or age-bounded prize.  ``indivisible`` marks trophies, titles and qualifying spots:
    they go by tie-break order and are never shared.
    """

    name: str
    amount: int | None = None
    kind: str = "place"
    place: int | None = None
    rating_max: int | None = None
    rating_min: int | None = None
    age_max: int | None = None
    predicate: str | None = None
    indivisible: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise EventError("every prize needs a name")
        check_name("a prize's name", self.name)
        if self.kind not in KINDS:
            raise EventError(f"prize {self.name!r}: type must be place or class, not {self.kind!r}")
        if self.amount is not None and self.amount < 0:
            raise EventError(f"prize {self.name!r}: the amount cannot be negative")
        if self.amount is None and not self.indivisible:
            object.__setattr__(self, "indivisible", True)     # no cash: a trophy
        if self.kind == "place":
            if self.place is None or self.place < 1:
                raise EventError(f"prize {self.name!r}: a place prize needs its place (1 for first)")
        elif not self.restricted:
            raise EventError(f"prize {self.name!r}: a class prize needs a rating, age or other eligibility rule")
        if self.predicate is not None and self.predicate not in PREDICATES:
            raise EventError(f"prize {self.name!r}: unknown eligibility {self.predicate!r}; "
                             f"known: {', '.join(PREDICATES)}")
        if self.rating_min is not None and self.rating_max is not None and self.rating_min > self.rating_max:
            raise EventError(f"prize {self.name!r}: the minimum rating is above the maximum")

    @property
    def restricted(self) -> bool:
        return any(v is not None for v in (self.rating_max, self.rating_min, self.age_max, self.predicate))

    @property
    def cash(self) -> bool:
        """Cash that can be shared (an indivisible prize is never pooled, whatever its value)."""
        return self.amount is not None and not self.indivisible

    @property
    def value(self) -> int:
        return self.amount or 0

    @property
    def eligibility(self) -> Eligibility:
        """The key of the prize's class: prizes with equal keys form one class (U2400 1st and 2nd)."""
        return (self.rating_min, self.rating_max, self.age_max, self.predicate)

    def eligible(self, player: Player) -> bool:
        """Can ``player`` win this prize?  Place prizes: everyone."""
        if self.rating_max is not None and (player.rating is None or player.rating > self.rating_max):
            return False
        if self.rating_min is not None and (player.rating is None or player.rating < self.rating_min):
            return False
        if self.age_max is not None and (player.age is None or player.age > self.age_max):
            return False
        if self.predicate is not None and not PREDICATES[self.predicate][1](player):
            return False
        return True

    def eligibility_text(self) -> str:
        """``rated 1799 or below``, ``aged 12 or under`` ... (``everyone`` for a place prize)."""
        parts = []
        if self.rating_min is not None and self.rating_max is not None:
            parts.append(f"rated {self.rating_min}–{self.rating_max}")
        elif self.rating_max is not None:
            parts.append(f"rated {self.rating_max} or below")
        elif self.rating_min is not None:
            parts.append(f"rated {self.rating_min} or above")
        if self.age_max is not None:
            parts.append(f"aged {self.age_max} or under")
        if self.predicate is not None:
            parts.append(PREDICATES[self.predicate][0])
        return ", ".join(parts) or "everyone"

    def describe(self, currency: str = "$") -> str:
        what = money(self.amount, currency) if self.amount is not None else "trophy"
        if self.amount is not None and self.indivisible:
            what += ", indivisible"
        return f"{self.name} ({what})"


def prize_list(prizes: Iterable[Prize]) -> tuple[Prize, ...]:
    """Validate a prize list: names unique, one cash prize and one trophy at most per place."""
    out = tuple(prizes)
    check_count("the number of prizes", len(out), MAX_PRIZES)
    names: set[str] = set()
    places: set[tuple[int, bool]] = set()
    for p in out:
        if p.name in names:
            raise EventError(f"two prizes are called {p.name!r}: give each prize its own name")
        names.add(p.name)
        if p.kind == "place":
            key = (p.place or 0, p.indivisible)
            if key in places:
                what = "trophies" if p.indivisible else "cash prizes"
                raise EventError(f"two {what} for {ordinal(p.place or 0)} place: merge them into one prize")
            places.add(key)
    return out


# -- who finished where ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Finish:
    """One player's finish: final position in tie-break order (1, 2, ...), score and final rank
    (players still tied after every tie-break share the rank number of their first place)."""

    tpn: int
    position: int
    score: Fraction
    rank: int


class Ranked(Protocol):
    """Anything with standings rows (:class:`engine.ranking.standings.Standings`, or a forecast's outcome)."""

    @property
    def rows(self) -> Sequence[StandingsRow]: ...


def finishes(standings_or_groups: Ranked | Iterable[Sequence[int]]) -> list[Finish]:
    """Finishes from :class:`engine.ranking.standings.Standings` (or anything with its rows), or from score
    groups given as lists of pairing numbers from the top, each group in tie-break order (then every player
    has their own rank)."""
    rows: Sequence[StandingsRow] | None = getattr(standings_or_groups, "rows", None)
    if rows is not None:
        return [Finish(r.tpn, i, Fraction(r.values["PTS"] or 0), r.rank) for i, r in enumerate(rows, start=1)]
    out: list[Finish] = []
    groups = list(cast(Iterable[Sequence[int]], standings_or_groups))      # no rows: the score groups
    for g, group in enumerate(groups):
        for tpn in group:
            pos = len(out) + 1
            out.append(Finish(int(tpn), pos, Fraction(len(groups) - g), pos))
    return out


def score_groups(fin: Sequence[Finish]) -> list[list[Finish]]:
    """Consecutive players on the same score."""
    out: list[list[Finish]] = []
    for f in fin:
        if out and out[-1][-1].score == f.score:
            out[-1].append(f)
        else:
            out.append([f])
    return out


def rank_groups(fin: Sequence[Finish]) -> list[list[Finish]]:
    """Consecutive players sharing a final rank (the tie-breaks could not separate them)."""
    out: list[list[Finish]] = []
    for f in fin:
        if out and out[-1][-1].rank == f.rank and out[-1][-1].score == f.score:
            out[-1].append(f)
        else:
            out.append([f])
    return out


# -- the result ------------------------------------------------------------------------------------

@dataclass
class Award:
    """What one player receives."""

    tpn: int
    name: str
    position: int
    score: Fraction
    exact: Fraction = Fraction(0)          # cents, before rounding
    paid: int = 0                          # cents, rounded down to the payout unit
    shares_in: tuple[str, ...] = ()        # the cash prizes of the pool the player shares
    trophies: list[str] = field(default_factory=list)
    how: str = ""                          # one line: "(a) pooled", "(b) U1800 alone", "place 3", ...


@dataclass
class Distribution:
    """A whole prize-giving: per-player awards and the working, step by step."""

    method: str
    label: str
    awards: list[Award]
    steps: list[str]
    remainder: int                         # cents not paid out because of rounding down
    unawarded: list[str]
    total_cash: int
    currency: str = "$"
    alternative: bool = False
    unit: int = 1
    eligible_only: bool = False

    def award(self, tpn: int) -> Award:
        for a in self.awards:
            if a.tpn == tpn:
                return a
        raise EventError(f"there is no player with pairing number {tpn}")

    def paid(self, tpn: int) -> int:
        return self.award(tpn).paid

    def exact(self, tpn: int) -> Fraction:
        return self.award(tpn).exact

    @property
    def total_paid(self) -> int:
        return sum(a.paid for a in self.awards)


# -- the engine ------------------------------------------------------------------------------------

def distribute(standings_or_groups: Ranked | Iterable[Sequence[int]],
               players: Event | Iterable[Player] | Mapping[int, Player],
               prizes: Iterable[Prize], method: str = "uscf", *, alternative: bool = False,
               eligible_only: bool = False, rounding: str = "cent", currency: str = "$") -> Distribution:
    """Share the prizes among the finishers.

    ``standings_or_groups``: a :class:`~engine.ranking.standings.Standings` (score groups from PTS, tie-break
    order from its rows) or score groups as lists of pairing numbers from the top, in tie-break order.
    ``players``: an event, players, or a mapping tpn -> player (ratings and ages decide eligibility).
    ``method``: a key of :data:`METHODS`.  ``alternative`` (``uscf`` only): the teaching alternative
    reading of case P5 (:mod:`engine.prizes.cases`).  ``eligible_only`` (``uscf`` only): class prizes shared
    only among the players eligible for them (:data:`ELIGIBLE_ONLY_LABEL`).  ``rounding``: ``cent`` or
    ``whole`` (payouts rounded down to that unit).
    """
    if method not in METHODS:
        raise EventError(f"unknown prize method {method!r}; choose one of {', '.join(METHODS)}")
    if rounding not in ROUNDING:
        raise EventError(f"unknown rounding {rounding!r}; choose cent or whole")
    if alternative and eligible_only:
        raise EventError("choose one reading of rule 32B3: the alternative reading of case P5 or class prizes "
                         "shared only among eligible players, not both")
    eligible_only = eligible_only and method == "uscf"
    roster = _roster(players)
    fin = finishes(standings_or_groups)
    for f in fin:
        if f.tpn not in roster:
            raise EventError(f"there is no player with pairing number {f.tpn}")
    plist = prize_list(prizes)
    label = METHODS[method] + (" — alternative reading (teaching only)" if alternative and method == "uscf" else
                               f" — {ELIGIBLE_ONLY_LABEL}" if eligible_only else "")
    work = _Work(roster, currency)
    awards = {f.tpn: Award(f.tpn, roster[f.tpn].name, f.position, f.score) for f in fin}
    cash = [p for p in plist if p.cash]
    if method == "uscf":
        work.say(f"Method: {label}. A player wins at most one cash prize (32B1); tied players share cash "
                 "equally and tie-breaks decide nothing about money (32B2).")
        if eligible_only:
            work.say("This reading is not rule 32B3 itself: a class prize is shared only among the tied players "
                     "eligible for it, at every step; the others pool the place prizes.")
        unawarded = _uscf(fin, cash, work, awards, alternative, eligible_only)
    else:
        work.say(f"Method: {label}. One cash prize per player: place prizes first, then each class prize "
                 "among the eligible players who have no cash prize yet.")
        unawarded = _fide(fin, cash, work, awards, method)
    unit = ROUNDING[rounding]
    remainder = _round(work, awards, unit, currency)
    _trophies(fin, [p for p in plist if not p.cash], work, awards)
    if unawarded:
        work.say("Not awarded (no eligible player left): " + ", ".join(unawarded) + ".")
    return Distribution(method, label, [awards[f.tpn] for f in fin], work.steps, remainder, unawarded,
                        sum(p.value for p in cash), currency, alternative and method == "uscf", unit,
                        eligible_only)


def _roster(players: Event | Iterable[Player] | Mapping[int, Player]) -> dict[int, Player]:
    if isinstance(players, Event):
        return {p.tpn: p for p in players.players}
    if isinstance(players, Mapping):
        return dict(players)
    return {p.tpn: p for p in players}


class _Work:
    """Collects the working sentences and knows how to name players and prizes in them."""

    def __init__(self, roster: Mapping[int, Player], currency: str) -> None:
        self.roster = roster
        self.currency = currency
        self.steps: list[str] = []

    def say(self, text: str) -> None:
        self.steps.append(text)

    def m(self, cents: int | Fraction) -> str:
        return money(cents, self.currency)

    def who(self, tpns: Iterable[int]) -> str:
        return ", ".join(f"#{t} {self.roster[t].name}" for t in tpns)

    def prizes(self, prizes: Sequence[Prize]) -> str:
        return ", ".join(p.describe(self.currency) for p in prizes) or "none"

    def sum(self, prizes: Sequence[Prize]) -> str:
        """``$1,379.00 + $766.00 = $2,145.00``"""
        total = sum(p.value for p in prizes)
        if len(prizes) == 1:
            return self.m(total)
        return " + ".join(self.m(p.value) for p in prizes) + f" = {self.m(total)}"


def _best_first(prizes: Iterable[Prize]) -> list[Prize]:
    """Biggest first; at equal amounts a place prize before a class prize (32B4), higher places first."""
    return sorted(prizes, key=lambda p: (-p.value, p.kind != "place", p.place or 0))


# -- US Chess 32B ----------------------------------------------------------------------------------

def _matchable(prizes: Sequence[Prize], members: Sequence[int], roster: Mapping[int, Player]) -> bool:
    """Can each prize be brought in by a different member (eligibility respected)?  Augmenting paths."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for t in members:
            if t in seen or not prizes[i].eligible(roster[t]):
                continue
            seen.add(t)
            if t not in owner or place(owner[t], seen):
                owner[t] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(prizes)))


def bring_in(members: Sequence[int], candidates: Iterable[Prize], roster: Mapping[int, Player]) -> list[Prize]:
    """The best prizes a tied group can bring in, at most one per member (US Chess rule 32B3: one prize per
    player, best first).

    Greedy, best prize first, keeping a prize only if the chosen set can still be matched to distinct
    eligible members; sets that can be so matched form a matroid, so greedy gives the best total.
    """
    chosen: list[Prize] = []
    for p in _best_first(candidates):
        if len(chosen) == len(members):
            break
        if p.value and _matchable(chosen + [p], members, roster):
            chosen.append(p)
    return chosen


def _uscf(fin: Sequence[Finish], cash: Sequence[Prize], work: _Work, awards: dict[int, Award],
          alternative: bool, eligible_only: bool = False) -> list[str]:
    available = list(cash)
    roster = work.roster
    for group in score_groups(fin):
        if not available:
            work.say(f"Score {nice(group[0].score)} and below: no cash prizes are left, so they receive nothing.")
            break
        members = [f.tpn for f in group]
        k = len(members)
        first, last = group[0].position, group[-1].position
        places = ordinal(first) if k == 1 else f"{ordinal(first)}–{ordinal(last)}"
        candidates = [p for p in available
                      if p.kind == "place" or any(p.eligible(roster[t]) for t in members)]
        chosen = bring_in(members, candidates, roster)
        head = (f"Score {nice(group[0].score)}: {work.who(members)}"
                + (f" — {k} players tied for {places} place." if k > 1 else f" — alone in {places} place."))
        if not chosen:
            work.say(head + " No prize left can be brought in by them.")
            continue
        passed = [p for p in candidates if p not in chosen]
        if k == 1:
            work.say(head + f" The best prize {work.who(members)} can win: {work.prizes(chosen)}.")
        else:
            work.say(head + f" They bring in the {len(chosen)} best prize{'s' if len(chosen) > 1 else ''} they can "
                     f"win, at most one each: {work.prizes(chosen)}."
                     + (f" Passed down to lower scores: {work.prizes(_best_first(passed))}." if passed else ""))
        if eligible_only:
            shares = _settle_eligible(members, chosen, candidates, work, depth=0)
            used = [p for p in candidates if any(p in prizes_in for _, prizes_in, _ in shares.values())]
            leftover = [p for p in chosen if p not in used]
        else:
            shares, leftover = _settle(members, chosen, work, alternative, depth=0)
            used = [p for p in chosen if p not in leftover]
        for t, (amount, prizes_in, how) in shares.items():
            awards[t].exact = amount
            awards[t].shares_in = tuple(p.name for p in prizes_in)
            awards[t].how = how
        if k > 1 and len({amount for amount, _, _ in shares.values()}) > 1:
            work.say("So, for this group: " + "; ".join(
                f"{work.who(ts)} {work.m(amount)}{' each' if len(ts) > 1 else ''}"
                for amount, ts in _by_amount(shares)) + ".")
        available = [p for p in available if p not in used]
        if leftover:
            work.say(f"Not needed by this group, so passed down: {work.prizes(leftover)}.")
    return [p.name for p in available]


def _settle(members: list[int], chosen: list[Prize], work: _Work, alternative: bool, depth: int
            ) -> tuple[dict[int, tuple[Fraction, list[Prize], str]], list[Prize]]:
    """Split the prizes a tied group brought in: (a) pool, or (b) a class takes its own prizes.

    Returns each member's exact share (cents), the prizes in their pool, a short note; and the prizes
    not used (they pass down).
    """
    roster = work.roster
    k = len(members)
    indent = "  " * depth
    total = sum(p.value for p in chosen)
    a = Fraction(total, k)
    if k == 1:
        work.say(f"{indent}{work.who(members)} receives {work.sum(chosen)}.")
        return {members[0]: (a, chosen, "alone")}, []
    shares_a = _capped(members, chosen, roster, alternative)
    closed = _closed_classes(members, chosen, roster)
    if closed:
        # (a) would put a class prize in a pool with players who cannot win it: a figure to compare with (b)
        work.say(f"{indent}(a) If all {k} shared equally: {work.sum(chosen)}, divided by {k}: {work.m(a)} each.")
    else:
        work.say(f"{indent}(a) Pool: {work.sum(chosen)}, divided by {k}: {work.m(a)} each.")
    if alternative and any(v != a for v in shares_a.values()):
        capped = [t for t in members if shares_a[t] < a]
        work.say(f"{indent}Alternative reading (teaching only): nobody may receive more than the largest prize they "
                 f"are themselves eligible for; {work.who(capped)} "
                 f"{'is' if len(capped) == 1 else 'are'} capped at {work.m(shares_a[capped[0]])} and the excess "
                 f"is shared by the others: {work.m(shares_a[[t for t in members if t not in capped][0]])} each.")
    best: tuple[Fraction, Eligibility, list[int], list[Prize], Fraction] | None = None
    classes: dict[Eligibility, list[Prize]] = {}
    for p in chosen:
        if p.kind == "class":
            classes.setdefault(p.eligibility, []).append(p)
    for key, cprizes in classes.items():
        eligible = [t for t in members if cprizes[0].eligible(roster[t])]
        m = len(eligible)
        label = cprizes[0].eligibility_text()
        if m == k:
            work.say(f"{indent}(b) for the class prize{'s' if len(cprizes) > 1 else ''} ({label}): every tied "
                     "player is eligible, so (b) is the same as (a).")
            continue
        own = _best_first(cprizes)[:m]
        b = Fraction(sum(p.value for p in own), m)
        now = min(shares_a[t] for t in eligible)
        verdict = "more" if b > now else "not more"
        prize_words = f"{'the class prizes' if len(own) > 1 else 'the class prize'} {work.sum(own)}"
        if m == 1:
            what = f"takes {prize_words} alone: {work.m(b)}"
        else:
            what = f"share {prize_words}, divided by {m}: {work.m(b)} each"
        work.say(f"{indent}(b) Only {work.who(eligible)} ({label}) {what} — {verdict} than the "
                 f"{work.m(now)} of (a), so (b) {'wins' if b > now else 'loses'}.")
        if b > now and (best is None or b - now > best[0]):
            best = (b - now, key, eligible, own, b)
    if best is None:
        if closed and not alternative:
            eligible_words = "; ".join(
                f"{work.who(t for t in members if ps[0].eligible(roster[t]))} would get less by taking "
                f"{'it' if len(ps) == 1 else 'them'} alone" for ps in closed.values())
            names = ", ".join(p.name for ps in closed.values() for p in ps)
            work.say(f"{indent}Result: rule 32B3 pools the prizes the tied players bring in, the class "
                     f"prize{'s' if sum(len(ps) for ps in closed.values()) > 1 else ''} ({names}) included, "
                     f"because {eligible_words}: {work.who(members)} receive {work.m(a)} each.")
        else:
            work.say(f"{indent}Result: {work.who(members)} receive "
                     + (f"{work.m(a)} each (pooled)." if not alternative or all(v == a for v in shares_a.values())
                        else "the shares of the alternative reading."))
        if not alternative:
            biggest = max(p.value for p in chosen)
            work.say(f"{indent}Cap check: nobody receives more than {work.m(biggest)}, the largest prize in play.")
        return {t: (shares_a[t], chosen, "(a) pooled") for t in members}, []
    _, key, eligible, own, b = best
    others = [t for t in members if t not in eligible]
    rest = [p for p in chosen if p not in own]
    work.say(f"{indent}So {work.who(eligible)} take{'s' if len(eligible) == 1 else ''} (b): {work.m(b)}"
             f"{' each' if len(eligible) > 1 else ''}. "
             f"The other{'s' if len(others) > 1 else ''} ({work.who(others)}) share again without them.")
    out: dict[int, tuple[Fraction, list[Prize], str]] = {
        t: (b, own, f"(b) class prize ({own[0].eligibility_text()})") for t in eligible}
    brought = bring_in(others, rest, roster)
    leftover = [p for p in rest if p not in brought]
    if not brought:
        work.say(f"{indent}The others can bring in nothing that is left, so they receive nothing here.")
        out.update({t: (Fraction(0), [], "") for t in others})
        return out, leftover
    if len(brought) < len(rest):
        work.say(f"{indent}The {len(others)} other{'s' if len(others) > 1 else ''} bring in "
                 f"{work.prizes(brought)}; left over: {work.prizes(leftover)}.")
    sub, sub_left = _settle(others, brought, work, alternative, depth + 1)
    out.update(sub)
    return out, leftover + sub_left


def _closed_classes(members: Sequence[int], chosen: Sequence[Prize], roster: Mapping[int, Player]
                    ) -> dict[Eligibility, list[Prize]]:
    """The class prizes among ``chosen`` that some tied player cannot win, by class (best prize first):
    pooling them with the whole tie would share them with ineligible players."""
    out: dict[Eligibility, list[Prize]] = {}
    for p in _best_first(chosen):
        if p.kind == "class" and not all(p.eligible(roster[t]) for t in members):
            out.setdefault(p.eligibility, []).append(p)
    return out


def _by_amount(shares: Mapping[int, tuple[Fraction, list[Prize], str]]) -> list[tuple[Fraction, list[int]]]:
    """The members grouped by what they receive, the largest amount first."""
    groups: dict[Fraction, list[int]] = {}
    for t, (amount, _, _) in shares.items():
        groups.setdefault(amount, []).append(t)
    return sorted(groups.items(), key=lambda kv: -kv[0])


def _settle_eligible(members: list[int], chosen: list[Prize], candidates: list[Prize], work: _Work, depth: int
                     ) -> dict[int, tuple[Fraction, list[Prize], str]]:
    """Share the prizes a tied group brought in without ever pooling a prize with a player not eligible for
    it (the ``eligible_only`` reading).

    When every member can win every prize in ``chosen``, they pool and share equally.  Otherwise one class
    some member cannot win is settled first (the narrowest: fewest eligible members, then the largest
    prize); its eligible members, together as in rule 32B3's alternative (b), share its prizes
    among themselves, unless leaving them to lower scores and sharing the place prizes with the rest of the
    tie pays them more (then those class prizes pass down); the others settle in the same way with what is
    left of ``candidates`` (every prize the group could bring in).  Returns each member's exact share, the
    prizes of that share and a short note; the prizes used are those named in the shares.
    """
    roster = work.roster
    k = len(members)
    indent = "  " * depth
    if not chosen:
        work.say(f"{indent}{work.who(members)} can bring in nothing that is left, so they receive nothing here.")
        return {t: (Fraction(0), [], "") for t in members}
    if k == 1:
        work.say(f"{indent}{work.who(members)} receives {work.sum(chosen)}.")
        return {members[0]: (Fraction(sum(p.value for p in chosen)), chosen, "alone")}
    closed = _closed_classes(members, chosen, roster)
    if not closed:
        a = Fraction(sum(p.value for p in chosen), k)
        work.say(f"{indent}Every one of {work.who(members)} can win every prize here, so they pool them: "
                 f"{work.sum(chosen)}, divided by {k}: {work.m(a)} each.")
        return {t: (a, chosen, "pooled (all eligible)") for t in members}
    # the narrowest class first (fewest eligible players; then the largest prize): a player eligible for both
    # an under-1800 and an under-2000 prize settles the under-1800 one before the wider class is shared
    key, cprizes = min(closed.items(), key=lambda kv: (sum(1 for t in members if kv[1][0].eligible(roster[t])),
                                                       -kv[1][0].value))
    label = cprizes[0].eligibility_text()
    eligible = [t for t in members if cprizes[0].eligible(roster[t])]
    m = len(eligible)
    own = cprizes[:m]
    b = Fraction(sum(p.value for p in own), m)
    # what the eligible players would receive by leaving this class to lower scores (worked out quietly)
    without = [p for p in candidates if p.eligibility != key or p.kind == "place"]
    scratch = _Work(roster, work.currency)
    declined = _settle_eligible(members, bring_in(members, without, roster), without, scratch, depth + 1)
    instead = min(declined[t][0] for t in eligible)
    prize_words = f"{'the class prizes' if len(own) > 1 else 'the class prize'} ({label}) {work.sum(own)}"
    if m == 1:
        what = f"{work.who(eligible)} is the only one eligible for {prize_words}: {work.m(b)}"
    else:
        what = f"only {work.who(eligible)} are eligible for {prize_words}, divided by {m}: {work.m(b)} each"
    if instead > b:
        work.say(f"{indent}{what[0].upper()}{what[1:]}; sharing the place prizes with the rest of the tie would "
                 f"give them {work.m(instead)}, which is more, so they leave "
                 f"{'these class prizes' if len(own) > 1 else 'this class prize'} to lower scores.")
        return _settle_eligible(members, bring_in(members, without, roster), without, work, depth)
    work.say(f"{indent}{what[0].upper()}{what[1:]}"
             + (f" — not less than the {work.m(instead)} of sharing the place prizes with the rest of the tie, "
                f"so {'they take' if m > 1 else work.who(eligible) + ' takes'} {'it' if len(own) == 1 else 'them'}."
                if instead else "."))
    out: dict[int, tuple[Fraction, list[Prize], str]] = {
        t: (b, own, f"class prize ({label}), eligible players only") for t in eligible}
    others = [t for t in members if t not in eligible]
    if not others:
        return out
    rest = [p for p in candidates if p not in cprizes]
    brought = bring_in(others, rest, roster)
    if brought:
        work.say(f"{indent}The other{'s' if len(others) > 1 else ''} ({work.who(others)}) "
                 f"bring{'' if len(others) > 1 else 's'} in {work.prizes(brought)}.")
    out.update(_settle_eligible(others, brought, rest, work, depth + 1))
    return out


def _capped(members: list[int], chosen: list[Prize], roster: Mapping[int, Player], alternative: bool
            ) -> dict[int, Fraction]:
    """The equal shares of (a); under the alternative reading, each capped at the largest prize of the
    pool the player is themselves eligible for, the excess shared by the rest (water-filling)."""
    total = Fraction(sum(p.value for p in chosen))
    if not alternative:
        return {t: total / len(members) for t in members}
    cap = {t: Fraction(max((p.value for p in chosen if p.eligible(roster[t])), default=0)) for t in members}
    out: dict[int, Fraction] = {}
    left = list(members)
    while left:
        share = total / len(left)
        low = [t for t in left if cap[t] < share]
        if not low:
            out.update({t: share for t in left})
            break
        for t in low:
            out[t] = cap[t]
            total -= cap[t]
            left.remove(t)
    return out


# -- FIDE-style methods ----------------------------------------------------------------------------

def _fide(fin: Sequence[Finish], cash: Sequence[Prize], work: _Work, awards: dict[int, Award],
          method: str) -> list[str]:
    roster = work.roster
    places = {p.place: p for p in cash if p.kind == "place" and p.place is not None}
    if places:
        work.say("Place prizes: " + work.prizes([places[k] for k in sorted(places)]) + ".")
        _split(fin, places, work, awards, method)
    unawarded = []
    by_class: dict[Eligibility, list[Prize]] = {}
    for p in cash:
        if p.kind == "class":
            by_class.setdefault(p.eligibility, []).append(p)
    for key, cprizes in sorted(by_class.items(), key=lambda kv: -max(p.value for p in kv[1])):
        cprizes = _best_first(cprizes)
        text = cprizes[0].eligibility_text()
        pool = [f for f in fin if cprizes[0].eligible(roster[f.tpn]) and not awards[f.tpn].exact]
        work.say(f"Class prizes ({text}): {work.prizes(cprizes)}. Eligible players without a cash prize, in "
                 f"final order: {work.who(f.tpn for f in pool) or 'none'}.")
        sub = [replace(f, position=i) for i, f in enumerate(pool, start=1)]
        _split(sub, {i: p for i, p in enumerate(cprizes, start=1)}, work, awards, method)
        unawarded += [p.name for p in cprizes[len(sub):]]
    return unawarded


def _split(fin: Sequence[Finish], by_place: Mapping[int, Prize], work: _Work, awards: dict[int, Award],
           method: str) -> None:
    """Share the prizes of positions 1.. among ``fin`` (positions are ``Finish.position``)."""
    def prize_at(pos: int) -> int:
        return by_place[pos].value if pos in by_place else 0

    def names(pos_from: int, pos_to: int) -> tuple[str, ...]:
        return tuple(by_place[q].name for q in range(pos_from, pos_to + 1) if q in by_place)

    top = max(by_place, default=0)
    groups = rank_groups(fin) if method == "order" else score_groups(fin)
    for group in groups:
        first, last = group[0].position, group[-1].position
        if first > top:
            break
        members = [f.tpn for f in group]
        k = len(members)
        pool = sum(prize_at(q) for q in range(first, last + 1))
        span = ordinal(first) if k == 1 else f"{ordinal(first)}–{ordinal(last)}"
        parts = " + ".join(work.m(prize_at(q)) for q in range(first, last + 1))
        if k == 1:
            awards[members[0]].exact = Fraction(pool)
            awards[members[0]].shares_in = names(first, last)
            awards[members[0]].how = f"{span} place"
            work.say(f"{span} place: {work.who(members)} receives {work.m(pool)}.")
            continue
        why = ("shared places: the tie-breaks could not separate them" if method == "order"
               else f"tied on {nice(group[0].score)} point{'' if group[0].score == 1 else 's'}")
        if method in ("equal", "order"):
            share = Fraction(pool, k)
            work.say(f"{span} place, {why}: {work.who(members)}. Their places' prizes {parts} = {work.m(pool)}, "
                     f"divided by {k}: {work.m(share)} each.")
            for t in members:
                awards[t].exact = share
                awards[t].shares_in = names(first, last)
                awards[t].how = f"{span} shared equally"
            continue
        # Hort: half by tie-break place, half pooled
        half_pool = Fraction(pool, 2)
        pooled = half_pool / k
        work.say(f"{span} place, {why}: {work.who(members)}. Hort: each keeps half the prize of their own "
                 f"tie-break place; the other halves ({parts} = {work.m(pool)}, half is {work.m(half_pool)}) are pooled: "
                 f"{work.m(half_pool)} ÷ {k} = {work.m(pooled)} each.")
        for sub in rank_groups(group):
            lo, hi = sub[0].position, sub[-1].position
            own = Fraction(sum(prize_at(q) for q in range(lo, hi + 1)), 2 * len(sub))
            for f in sub:
                awards[f.tpn].exact = own + pooled
                awards[f.tpn].shares_in = names(first, last)
                awards[f.tpn].how = f"Hort: {ordinal(lo)} on tie-breaks"
                place_text = (f"{ordinal(lo)} on tie-breaks" if len(sub) == 1
                              else f"{ordinal(lo)}–{ordinal(hi)} on tie-breaks (shared)")
                work.say(f"  {work.who([f.tpn])}: {place_text}, half of {work.m(own * 2)} is {work.m(own)}, "
                         f"plus {work.m(pooled)} = {work.m(own + pooled)}.")


# -- rounding and trophies -------------------------------------------------------------------------

def _round(work: _Work, awards: dict[int, Award], unit: int, currency: str) -> int:
    """Round every share down to the unit; record the cents left over."""
    remainder = Fraction(0)
    inexact = []
    for a in awards.values():
        paid = int(a.exact // unit) * unit
        if paid != a.exact:
            inexact.append(a)
        remainder += a.exact - paid
        a.paid = paid
    unit_text = "cent" if unit == 1 else "whole unit"
    if inexact:
        work.say(f"Rounding: each share is rounded down to the {unit_text}; "
                 + "; ".join(f"{work.who([a.tpn])} {money(a.exact, currency)} → {money(a.paid, currency)}"
                             for a in inexact)
                 + f". Left over: {money(remainder, currency)} ({int(remainder)} cent{'s' if remainder != 1 else ''}),"
                   " which the organiser keeps or adds to a prize as announced.")
    else:
        work.say(f"Rounding: every share is an exact {unit_text} amount; nothing is left over.")
    return int(remainder)


def _trophies(fin: Sequence[Finish], indivisible: Sequence[Prize], work: _Work,
              awards: dict[int, Award]) -> None:
    """Trophies and other indivisible prizes by tie-break order: place trophies to the player at that
    position, class trophies to the best-placed eligible player who has no trophy yet."""
    if not indivisible:
        return
    work.say("Indivisible prizes (trophies, titles, qualifying spots) go by tie-break order; they are never "
             "shared, and a player takes at most one of them.")
    holders: set[int] = set()
    by_pos = {f.position: f for f in fin}
    ordered = sorted(indivisible, key=lambda p: (p.kind != "place", p.place or 0))
    for p in ordered:
        if p.kind == "place":
            f = by_pos.get(p.place or 0)
            if f is None:
                work.say(f"{p.describe(work.currency)}: nobody finished {ordinal(p.place or 0)}.")
                continue
        else:
            f = next((x for x in fin if x.tpn not in holders and p.eligible(work.roster[x.tpn])), None)
            if f is None:
                work.say(f"{p.describe(work.currency)}: no eligible player without a trophy.")
                continue
        holders.add(f.tpn)
        awards[f.tpn].trophies.append(p.name)
        shared = sum(1 for x in fin if x.rank == f.rank and x.score == f.score) > 1
        work.say(f"{p.describe(work.currency)} → {work.who([f.tpn])}, {ordinal(f.position)} in tie-break order"
                 + (" (a shared place: the tie-breaks could not separate the players, so lots should decide)"
                    if shared else "") + ".")
