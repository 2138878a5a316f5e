"""The shared table of per-round contributions, built once per event, rule set and round count.

Every opponent-based tie-break (Buchholz and its cuts, medians, Fore Buchholz, AOB, Sonneborn-Berger)
reads the same :class:`Contribution` rows: for each of a player's rounds, which score counts (the
opponent's adjusted score, or a dummy / virtual opponent for an unplayed round) and the words that say
why.  :class:`Context` memoises tables and results so a ranking computes each value once.

Which function computes which code is not written here: each family module (:mod:`engine.tiebreaks.buchholz`,
...) marks its calculators with :func:`calculates`, which files them in :data:`CALCULATORS`, the table
:meth:`Context.result` reads.  The context knows no family, so the families can import it without a circle.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, TypeVar, cast

from engine.core.codes import Criterion
from engine.core.errors import EventError
from engine.core.model import ABSENT, HALF, KIND_WORDS, ONE, ZERO, Entry, Event, Kind
from engine.core.ordering import rounds_counted
from engine.core.rules import Options, RuleSet
from engine.core.said import Joined, num, said, said_n
from engine.core.trace import Result
from engine.core.words import spoken_name


@dataclass(frozen=True)
class Contribution:
    """What one of the player's rounds adds to his opponents' sum."""

    round: int
    entry: Entry
    #: the score counted for this round (an opponent's adjusted score, or a dummy's score)
    score: Fraction
    #: counted as a game against the (scheduled) opponent
    as_game: bool
    #: the player's own voluntarily unplayed round, counted through a dummy (cut first under FIDE)
    vur: bool
    note: str
    #: the player's points in this round (the Sonneborn-Berger factor)
    points: Fraction


#: code -> the function giving one player's value with its trace (filled by the family modules)
CALCULATORS: dict[str, Calculator] = {}

@dataclass
class Split:
    """A tied group split into ordered classes (players in one class stay tied), with the numbers behind it."""

    classes: list[list[int]]
    #: per pass, the DE/H2H numbers of each player: (group, {tpn: (score, max)})
    passes: list[tuple[list[int], dict[int, tuple[Fraction, Fraction | None]]]] = field(default_factory=list)


#: code -> the function splitting a group of tied players (direct encounter, head-to-head, lots)
SPLITTERS: dict[str, Splitter] = {}

T = TypeVar("T")


def calculates(*codes: str) -> Callable[[Calculator], Calculator]:
    """Mark a family's calculator as the one for ``codes`` (decorator)."""
    def file(fn: Calculator) -> Calculator:
        for code in codes:
            CALCULATORS[code] = fn
        return fn
    return file


def splits(*codes: str) -> Callable[[Splitter], Splitter]:
    """Mark a group-dependent criterion's splitter as the one for ``codes`` (decorator)."""
    def file(fn: Splitter) -> Splitter:
        for code in codes:
            SPLITTERS[code] = fn
        return fn
    return file


class LazyDict(dict[int, Any]):
    """A dict that computes a missing value on first access (``make(key)``)."""

    def __init__(self, make: Callable[[int], object]):
        super().__init__()
        self._make = make

    def __missing__(self, key: int) -> object:
        value = self[key] = self._make(key)
        return value


@dataclass
class OpponentTable:
    """Adjusted scores and contribution rows for every player, under one rule set."""

    fore: bool
    forfeits_played: bool
    own: dict[int, Fraction] = field(default_factory=dict)      # the player's own score (fore-adjusted)
    adjusted: dict[int, Fraction] = field(default_factory=dict)  # score seen as somebody's opponent
    adjusted_note: dict[int, str] = field(default_factory=dict)
    rows: dict[int, list[Contribution]] = field(default_factory=dict)


#: memo keys (their first part) of what is only a faster way to the same values, never pickled: the fast
#: columns, direct encounter's index of each player's counted rounds (it holds a closure)
TRANSIENT_MEMOS = frozenset({"fast", "de-opponents"})


class Context:
    """One event, one rule set, one round count, one set of options: everything a calculator needs."""

    def __init__(self, event: Event, rules: RuleSet, options: Options | None = None, n: int | None = None):
        """``rules``: the rule set itself, a name having been resolved where a person gave it (the command
        line, the app, an entry point such as :func:`engine.core.ordering.ordering_of`); ``n``: the rounds
        counted, when the caller has resolved them already (else from the options)."""
        self.event = event
        self.rules = rules
        self.options = options or Options()
        self.n = rounds_counted(event, self.options) if n is None else n
        self._tables: dict[tuple[bool, bool], OpponentTable] = {}
        self._results: dict[tuple[str, int], Result] = {}
        self._memos: dict[tuple[object, ...], object] = {}
        # scores are made on first use: explaining one player must not score the whole field
        self._scores: dict[int, Fraction] = LazyDict(self._make_score)

    def _make_score(self, tpn: int) -> Fraction:
        if tpn not in self.event.entries:
            raise KeyError(tpn)
        return sum((self.entry(tpn, r).points for r in range(1, self.n + 1)), ZERO)

    def __getstate__(self) -> dict[str, Any]:
        """Pickle without the caches (the lazy tables hold closures; ``st.cache_data`` pickles standings)."""
        state = self.__dict__.copy()
        state["_tables"] = {}
        state["_memos"] = {k: v for k, v in self._memos.items() if k[1] not in TRANSIENT_MEMOS}
        return state

    # -- basic facts ---------------------------------------------------------------------------------
    @property
    def round_robin(self) -> bool:
        """FIDE's pre-determined pairings rule (C.07 art. 15) applies: a round robin under a FIDE rule set."""
        return self.event.is_round_robin and self.rules.fide

    def entry(self, tpn: int, rnd: int) -> Entry:
        return self.event.entry(tpn, rnd) if rnd <= self.n else ABSENT

    def entries(self, tpn: int) -> list[Entry]:
        return [self.entry(tpn, r) for r in range(1, self.n + 1)]

    def score(self, tpn: int) -> Fraction:
        return self._scores[tpn]

    def name(self, tpn: int) -> str:
        return self.event.player(tpn).name

    def who(self, tpn: int) -> str:
        return f"#{tpn} {self.name(tpn)}"

    @property
    def tpns(self) -> list[int]:
        return self.event.tpns

    # -- memoised results -----------------------------------------------------------------------------
    def result(self, crit: Criterion, tpn: int) -> Result:
        """The value and trace of one criterion for one player, computed once."""
        key = (str(crit), tpn)
        if key not in self._results:
            self._results[key] = self.compute(crit, tpn)
        return self._results[key]

    def compute(self, crit: Criterion, tpn: int) -> Result:
        """The value and trace of one criterion for one player, by its family's calculator (not memoised).

        Group-dependent codes (DE, H2H, LOTS) have no value of one player: they are ranked in
        :mod:`engine.ranking.standings`, over the group still tied.
        """
        if crit.info.group_dependent:
            raise EventError(said("{code} depends on which players are tied: use explain with an ordering",
                                  code=crit.code))
        if tpn not in self.event.entries:
            raise EventError(said("there is no player with pairing number {tpn}", tpn=tpn))
        return CALCULATORS[crit.code](self, crit, tpn)

    def split(self, crit: Criterion, group: list[int], seed: int) -> Split:
        """A group-dependent criterion (DE, H2H, LOTS) applied to the players still tied."""
        return SPLITTERS[crit.code](self, crit, group, seed)

    def memo(self, key: tuple[object, ...], make: Callable[[], T]) -> T:
        """``make()``, computed once per ``key`` for this context (what several calculators share)."""
        k = ("memo",) + key
        if k not in self._memos:
            self._memos[k] = make()
        return cast(T, self._memos[k])   # stored by this method under this key: make()'s own type

    # -- the contribution table -------------------------------------------------------------------------
    def table(self, fore: bool = False, forfeits_played: bool = False) -> OpponentTable:
        """The table, filled lazily: a player's row (and the adjusted scores it reads) is made on first use,
        so one player's trace costs his own rounds, not the whole field's."""
        key = (fore, forfeits_played)
        t = self._tables.get(key)
        if t is None:
            t = OpponentTable(fore, forfeits_played)
            pts = LazyDict(lambda tpn: self._fore_points(tpn, fore))
            adjusted = LazyDict(lambda tpn: self._adjusted(tpn, pts[tpn], fore))
            t.own = LazyDict(lambda tpn: sum(pts[tpn], ZERO))
            t.adjusted = LazyDict(lambda tpn: adjusted[tpn][0])
            t.adjusted_note = LazyDict(lambda tpn: adjusted[tpn][1])
            t.rows = LazyDict(lambda tpn: [self._contribution(t, tpn, r, pts[tpn]) for r in range(1, self.n + 1)])
            self._tables[key] = t
        return t

    def _fore_points(self, tpn: int, fore: bool) -> list[Fraction]:
        pts = [e.points for e in self.entries(tpn)]
        if fore and self.n and self.entry(tpn, self.n).kind.has_opponent:
            pts[-1] = HALF
        return pts

    def _adjusted(self, tpn: int, pts: list[Fraction], fore: bool) -> tuple[Fraction, str]:
        """The player's score as somebody else's opponent (question (a) of the rule set), and why."""
        model = self.rules.opponent_model
        entries = self.entries(tpn)
        real = sum(pts, ZERO)
        if model == "raw":
            return real, ""
        if model in ("uscf", "half"):
            unplayed = [r for r, e in enumerate(entries, 1) if e.unplayed]
            if not unplayed:
                return real, ""
            otb = sum((p for p, e in zip(pts, entries) if e.played), ZERO)
            adj = otb + HALF * len(unplayed)
            kinds = Joined((said("round {round}: {kind}", round=r, kind=KIND_WORDS[entries[r - 1].kind])
                            for r in unplayed), "; ")
            name = f"#{tpn} {self.name(tpn)}".strip()
            games, byes = num(otb), num(HALF * len(unplayed))
            if model == "uscf":
                return adj, said_n("US Chess counts {name}'s unplayed round ({kinds}) as ½: {games} from games + "
                                   "{byes} = {adjusted}",
                                   "US Chess counts each of {name}'s {n} unplayed rounds ({kinds}) as ½: {games} from "
                                   "games + {byes} = {adjusted}", len(unplayed), name=name, kinds=kinds, games=games,
                                   byes=byes, adjusted=num(adj))
            return adj, said_n("the 2009 rule counts {name}'s unplayed round ({kinds}) as ½: {games} from games + "
                               "{byes} = {adjusted}",
                               "the 2009 rule counts each of {name}'s {n} unplayed rounds ({kinds}) as ½: {games} "
                               "from games + {byes} = {adjusted}", len(unplayed), name=name, kinds=kinds, games=games,
                               byes=byes, adjusted=num(adj))
        # FIDE: requested byes / absences with only VURs after them count as draws (16.2.5 / 16.3)
        last = self.n if fore and self.n and entries[-1].kind.has_opponent else \
            max((r for r, e in enumerate(entries, 1) if not e.is_vur), default=0)
        draw = ZERO if self.round_robin else HALF
        adj = ZERO
        changed = []
        for r, (p, e) in enumerate(zip(pts, entries), 1):
            if r <= last or e.kind.has_opponent:
                adj += p
            else:
                adj += draw
                if p != draw:
                    changed.append(r)
        if not changed:
            return adj, ""
        rounds = ", ".join(str(r) for r in changed)
        name = f"#{tpn} {self.name(tpn)}".strip()
        fields = dict(name=name, rounds=rounds, real=num(real), adjusted=num(adj))
        if last:
            return adj, said_n("{name} did not play again after round {last}: FIDE counts that unplayed round "
                               "({rounds}) as a draw, so their score {real} counts as {adjusted}",
                               "{name} did not play again after round {last}: FIDE counts those unplayed rounds "
                               "({rounds}) as draws, so their score {real} counts as {adjusted}", len(changed),
                               last=last, **fields)
        return adj, said_n("{name} did not play again from the start: FIDE counts that unplayed round ({rounds}) "
                           "as a draw, so their score {real} counts as {adjusted}",
                           "{name} did not play again from the start: FIDE counts those unplayed rounds ({rounds}) "
                           "as draws, so their score {real} counts as {adjusted}", len(changed), **fields)

    def _contribution(self, t: OpponentTable, tpn: int, r: int, pts: list[Fraction]) -> Contribution:
        e = self.entry(tpn, r)
        p = pts[r - 1]
        rules = self.rules
        opp = e.opponent
        # a forfeit counts as a game against the scheduled opponent with /P, in a FIDE round robin
        # (art. 15) and, for Fore Buchholz, in the last round
        forfeit_as_game = t.forfeits_played or self.round_robin or (t.fore and r == self.n)
        as_game = e.played or (e.kind.has_opponent and forfeit_as_game)
        if as_game and opp is not None:
            score = t.adjusted[opp]
            note: str = said("#{opponent} {name} scored {score}", opponent=opp, name=self.name(opp),
                             score=num(self.score(opp)))
            if t.adjusted_note[opp]:
                note = t.adjusted_note[opp]
            if t.fore and self.entry(opp, self.n).kind.has_opponent and self.n:
                note = Joined((note, said("(Fore Buchholz: their last-round result counts as a draw, {score})",
                                          score=num(score))), " ")
            if e.unplayed:
                note = Joined((note, said("the forfeit counts as a game against them")), "; ")
            return Contribution(r, e, score, True, False, note, p)
        what = e.kind.description
        if self.round_robin and not e.kind.has_opponent:
            return Contribution(r, e, ZERO, False, False,
                                said("{kind} in a round robin: not counted (FIDE art. 15)", kind=what), p)
        own = t.own[tpn]
        model = rules.own_model
        who = said("{name}'s", name=spoken_name(self.name(tpn)) or "#" + str(tpn))   # the working names the player
        if model == "zero" or (model == "lichess" and e.kind is not Kind.PAB):
            if rules.name == "uscf":
                note = said("{whose} {kind} counts as an opponent on 0 (US Chess: a player's own unplayed rounds "
                            "add nothing)", whose=who, kind=what)
            else:
                note = said("{whose} {kind} adds nothing (no adjustment)", whose=who, kind=what)
            return Contribution(r, e, ZERO, False, False, note, p)
        if model in ("virtual", "lichess"):
            # lichess scores every pairing bye as a win against the virtual opponent, whatever the bye
            # is worth in the file (a half-point PAB included): the opponent takes a loss, and the
            # Sonneborn-Berger factor is a win's
            result = ONE if model == "lichess" else p
            before = sum(pts[: r - 1], ZERO)
            later = self.n - r
            score = before + (ONE - result) + HALF * later
            note = said_n("{whose} {kind}: a virtual opponent with {whose} {before} before round {round}, + {opposite} "
                          "for the opposite result, + ½ for each of the {n} later round = {score}",
                          "{whose} {kind}: a virtual opponent with {whose} {before} before round {round}, + {opposite} "
                          "for the opposite result, + ½ for each of the {n} later rounds = {score}", later,
                          whose=who, kind=what, before=num(before), round=r, opposite=num(ONE - result),
                          score=num(score))
            if model == "lichess":
                if p != ONE:
                    note = Joined((note, said("(lichess counts a pairing bye as a win against it, although it "
                                              "scored {points})", points=num(p))), " ")
                else:
                    note = Joined((note, said("(lichess: a win against it)")), " ")
            return Contribution(r, e, score, False, False, note, result)
        # FIDE dummy opponent (16.4), capped under 2026 (16.4.1 / 16.4.2)
        score = own
        note = said("{whose} {kind} counts as a game against a dummy opponent with {whose} own score, {own}",
                    whose=who, kind=what, own=num(own))
        if rules.dummy_cap:
            if opp is not None:
                cap = t.adjusted[opp]
                if cap < own:
                    score = cap
                    note = said("{whose} {kind} counts as a game against a dummy opponent with {whose} own score, "
                                "{own}, capped at #{opponent}'s adjusted score {cap} (2026 rule)",
                                whose=who, kind=what, own=num(own), opponent=opp, cap=num(cap))
            else:
                cap = HALF * self.n
                if cap < own:
                    score = cap
                    note = said("{whose} {kind} counts as a game against a dummy opponent with {whose} own score, "
                                "{own}, capped at ½ × {rounds} rounds = {cap} (2026 rule)",
                                whose=who, kind=what, own=num(own), rounds=self.n, cap=num(cap))
        vur = e.is_vur and rules.vur_cut_preference
        if vur:
            note = Joined((note, said("a voluntarily unplayed round")), "; ")
        return Contribution(r, e, score, False, vur, note, p)


Calculator = Callable[[Context, Criterion, int], Result]
#: ``splitter(ctx, crit, group, seed)``: the seed is the drawing of lots'
Splitter = Callable[[Context, Criterion, list[int], int], Split]
