"""Who finished where, and what each player receives: what every sharing method reads and writes.

A sharing method reads the finishes (:class:`Finish`: position in tie-break order, score, final rank) and
writes the players' :class:`Award`; :class:`Working` collects its sentences, so a TD can read out *why*.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Mapping, Protocol, Sequence, cast

from engine.core.errors import EventError
from engine.core.model import Player
from engine.core.said import Joined, Money, said
from engine.prizes.money import cash
from engine.prizes.prize_list import Prize
from engine.ranking.standings import StandingsRow


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
    how: str = ""                          # one line: "(a) pooled", "(b) U1800 alone", "place 3", ... (a Said)


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
        raise EventError(said("there is no player with pairing number {tpn}", tpn=tpn))

    def paid(self, tpn: int) -> int:
        return self.award(tpn).paid

    def exact(self, tpn: int) -> Fraction:
        return self.award(tpn).exact

    @property
    def total_paid(self) -> int:
        return sum(a.paid for a in self.awards)


class Working:
    """Collects the working sentences and knows how to name players and prizes in them.

    ``teams``: the finishers are teams (a team event's prize-giving), so the sentences name teams; ``score_word``
    is what the score counts ("point", or "match point" when a team event ranks by match points)."""

    def __init__(self, roster: Mapping[int, Player], currency: str, teams: bool = False,
                 score_word: str = "point") -> None:
        self.roster = roster
        self.currency = currency
        self.teams = teams
        self.score_word = score_word
        self.steps: list[str] = []

    def say(self, text: str, depth: int = 0) -> None:
        """A step of the working (a :class:`~engine.core.said.Said`, so it can be read in another language);
        ``depth`` > 0 indents it under the step it details (two spaces a level, as the page shows it)."""
        self.steps.append(Joined(("  " * depth, text), "") if depth else text)

    def m(self, cents: int | Fraction) -> Money:
        return cash(cents, self.currency)

    def who(self, tpns: Iterable[int]) -> str:
        return ", ".join(f"#{t} {self.roster[t].name}" for t in tpns)

    def prizes(self, prizes: Sequence[Prize]) -> str:
        """``1st ($300.00), U1800 ($50.00)``, or ``none``."""
        return Joined((p.describe(self.currency) for p in prizes), ", ") if prizes else said("none")

    def sum(self, prizes: Sequence[Prize]) -> str:
        """``$1,379.00 + $766.00 = $2,145.00``"""
        total = sum(p.value for p in prizes)
        if len(prizes) == 1:
            return self.m(total)
        return Joined((Joined((self.m(p.value) for p in prizes), " + "), self.m(total)), " = ")


def best_first(prizes: Iterable[Prize]) -> list[Prize]:
    """Biggest first; at equal amounts a place prize before a class prize (32B4), higher places first."""
    return sorted(prizes, key=lambda p: (-p.value, p.kind != "place", p.place or 0))
