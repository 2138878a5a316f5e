"""Before the last round: every player's chances of each final place, with tie-breaks included.

Between the last two rounds a parent asks "if she wins, does she get the trophy?".  With tie-breaks the
answer depends on games on other boards (Buchholz counts the opponents' final scores), so this module
plays out the games still to be played:

* **exact**: every win/draw/loss combination of the games that can still change the places asked
  about (3^k of them), each weighted by its probability: tried one by one when they are few, and for the
  top places of a larger event counted tie by tie (:mod:`engine.forecast.groups`), which gives
  the same sums without listing the combinations;
* **sampled**: when even that would take too long, a seeded random sample of the whole round, with a
  95 % interval for every chance (Wilson's score interval), reproducible from its seed.

**The outcome model.**  ``uniform``: each of a game's three results is equally likely (exact answers
are then exact fractions).  ``elo``: White's expected score is the Elo expectation
``E = 1 / (1 + 10^((Rb - Rw) / 400))`` (unrated players count as 1500); the draw chance is the chosen
draw rate scaled by how even the game is, ``d = rate * (1 - |2E - 1|)``, and White wins with
``E - d/2`` (kept inside 0..1 - d), so the expected score stays E whenever it can.

**Which games can matter (pruning).**  The places asked about are either the top ``m`` places or one
player's place.  A player who, on points, is certain to finish behind ``m`` others (his best possible
score is below the m-th best of everybody's worst scores) cannot take one of those places, and nobody
who can is ever ranked below him; so he is left out, and his game is kept only if it can change the
tie-break of a player who is still in reach: a game is kept when one of its players is in reach, or an
opponent of such a player (opponents' scores feed Buchholz, Sonneborn-Berger, Koya and the other
opponent-based criteria, the opponents' performances), or an opponent's opponent when a criterion looks
two steps away (average of opponents' Buchholz); how far each criterion looks is its row's reach in the
registry (:data:`engine.core.codes.CODES`).  Every other game is fixed at a draw: it changes no
place asked about.  ``tests/engine/test_forecast.py`` checks the pruned answer against the enumeration of
every game on many small random events.

**Speed.**  The event is turned into the fast path's integer columns once; each outcome only rewrites
the points of the pending games before the criteria are recomputed, and only the players in reach are
ranked (direct encounter, head-to-head and lots build the real event only when a tie reaches them).
"""
from __future__ import annotations

import multiprocessing
import random
import time
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import product
from typing import Callable, Mapping, NamedTuple, Sequence, TypeAlias, TypeVar

from engine.core.chances import UNRATED_STRENGTH, elo_chances, wilson
from engine.core.codes import CODES, Criterion
from engine.core.errors import EventError
from engine.core.model import HALF, ONE, ZERO, Event, PendingGame
from engine.core.ordering import PTS, Criteria, Ordering, ordering_of
from engine.core.rules import Options, RuleSet
from engine.core.said import said
from engine.forecast.group_common import TooLarge, Weights, played_out
from engine.forecast.groups import grouped_places
from engine.ranking.standings import Tied, skipped_rating
from engine.tiebreaks.context import Context
from engine.tiebreaks.fast import FastValues, scored_in_play

__all__ = ["Question", "Forecast", "Outcome", "OutcomeFinish", "Chance", "game_probabilities",
           "relevant_games", "forecast", "resolve", "UNRATED_STRENGTH", "MODELS"]

#: a probability: an exact fraction when every result is equally likely, a float under the Elo model
Chance: TypeAlias = Fraction | float
#: a game's three chances (White wins, draw, Black wins), all exact or all floats
Probabilities: TypeAlias = tuple[Fraction, Fraction, Fraction] | tuple[float, float, float]
V = TypeVar("V")

MODELS = ("elo", "uniform")
#: outcomes of one game, from White's side: White wins, draw, Black wins
WHITE_WINS, DRAW, BLACK_WINS = 0, 1, 2
OUTCOME_WORDS = ("1-0", "½-½", "0-1")
#: exact enumeration up to this many games (3^9 = 19,683 outcomes); beyond it the round is sampled
MAX_EXACT_GAMES = 9
#: the steps of a value that reads the whole field (Papi's performance estimates ratings from every player's
#: score): as many as the pairing graph needs, the walks below stop when nobody new is reached
_WHOLE_FIELD = 10 ** 6
#: how far each criterion looks into the pairing graph, from the registry (its row's ``reach``: 0 = the
#: player's own rounds and fixed facts such as ratings, 1 = also his opponents' rounds, 2 = also their
#: opponents'); the group-dependent criteria (DE, H2H, LOTS) read only the games among the tied players
_REACH: dict[str, int] = {code: (0 if info.group_dependent else _WHOLE_FIELD if info.reach is None else info.reach)
                          for code, info in CODES.items()}
#: criteria computed from the player's own rounds alone (and fixed facts: ratings, pairing numbers)
_OWN_ONLY = {code for code, reach in _REACH.items() if reach == 0}


# -- probabilities ------------------------------------------------------------------------------------

def game_probabilities(event: Event, game: PendingGame, model: str = "elo", draw_rate: float = 0.3) -> Probabilities:
    """(White wins, draw, Black wins) of one game under the model (see the module's docstring)."""
    if model == "uniform":
        third = Fraction(1, 3)
        return (third, third, third)
    if model != "elo":
        raise EventError(said("unknown outcome model {model}; choose elo or uniform", model=repr(model)))
    if not 0 <= draw_rate <= 1:
        raise EventError(said("the draw rate must be between 0 and 1, not {rate}", rate=str(draw_rate)))
    rw = event.player(game.white).rating or UNRATED_STRENGTH
    rb = event.player(game.black).rating or UNRATED_STRENGTH
    return elo_chances(rw, rb, draw_rate)


def resolve(event: Event, games: Sequence[PendingGame], outcome: Sequence[int]) -> Event:
    """The event with each game of ``games`` given its result (``outcome[i]`` is 0, 1 or 2: White wins,
    draw, Black wins); other pending games are left as they are."""
    return played_out(event, games, outcome)


# -- the question and its pruning ---------------------------------------------------------------------

@dataclass(frozen=True)
class Question:
    """What is asked: the top ``places`` places (every player who can reach them), or one ``player``'s
    place (every place she can reach).  Exactly one of the two is set."""

    places: int | None = 3
    player: int | None = None

    def __post_init__(self) -> None:
        if (self.places is None) == (self.player is None):
            raise EventError(said("ask either about the top places or about one player"))
        if self.places is not None and self.places < 1:
            raise EventError(said("the number of places must be 1 or more, not {places}", places=self.places))


@dataclass(frozen=True)
class Scope:
    """The players compared for a question, the offset of their places, and the games that matter."""

    universe: tuple[int, ...]          #: the players ranked against each other in every outcome
    offset: int                        #: players certainly above all of them (player question)
    reported: tuple[int, ...]          #: whose places are reported
    relevant: tuple[PendingGame, ...]         #: the games that can change a reported place
    fixed: tuple[PendingGame, ...]            #: the other pending games (fixed at a draw)


def _score_ranges(event: Event, games: Sequence[PendingGame]) -> dict[int, tuple[Fraction, Fraction]]:
    """Each player's worst and best final score: now plus 0 or 1 for each game still to play."""
    lo = {t: event.score(t) for t in event.tpns}
    hi = dict(lo)
    for g in games:
        hi[g.white] += ONE
        hi[g.black] += ONE
    return {t: (lo[t], hi[t]) for t in event.tpns}


def _one_game_each(games: Sequence[PendingGame]) -> bool:
    seen: set[int] = set()
    for g in games:
        if g.white in seen or g.black in seen:
            return False
        seen.update((g.white, g.black))
    return True


def _can_reach(x: int, m: int, ranges: Mapping[int, tuple[Fraction, Fraction]], games: Sequence[PendingGame]) -> bool:
    """Can player ``x`` finish with fewer than ``m`` players ahead of him on points?  (Each player has at
    most one game still to play, so the fewest players ahead is a sum over the games, game by game.)"""
    lo = {t: r[0] for t, r in ranges.items()}
    mine = next((g for g in games if x in (g.white, g.black)), None)
    options: list[tuple[Fraction, Fraction | None]] = []      # his final score, his opponent's
    if mine is None:
        options.append((lo[x], None))
    else:
        opp = mine.black if mine.white == x else mine.white
        options += [(lo[x] + pts, lo[opp] + ONE - pts) for pts in (ONE, HALF, ZERO)]
    busy = {t for g in games for t in (g.white, g.black)}
    for final, opp_final in options:
        ahead = sum(1 for t, v in lo.items() if t not in busy and t != x and v > final)
        ahead += 1 if opp_final is not None and opp_final > final else 0
        for g in games:
            if g is mine:
                continue
            a, b = lo[g.white], lo[g.black]
            ahead += min(int(a + pw > final) + int(b + ONE - pw > final) for pw in (ONE, HALF, ZERO))
            if ahead >= m:
                break
        if ahead < m:
            return True
    return False


def _opponents(event: Event) -> dict[int, set[int]]:
    """Everybody each player met or is paired with (games, forfeits and games still to play)."""
    out: dict[int, set[int]] = {t: set() for t in event.tpns}
    for t, row in event.entries.items():
        for e in row:
            if e.kind.has_opponent and e.opponent is not None:
                out[t].add(e.opponent)
    return out


def steps_needed(criteria: Sequence[Criterion]) -> int:
    """How far from a player his tie-breaks look: 0 (own results), 1 (opponents' scores), 2 (their
    opponents' too), as the registry says for each criterion.  A criterion the registry does not know
    counts as 2, the safe side."""
    return max((_REACH.get(c.code, 2) for c in criteria), default=0)


def facts_needed(criteria: Sequence[Criterion]) -> int:
    """How far from a player the fixed facts his tie-breaks read lie (at least 1: ratings of opponents): a
    rating criterion looks one step further for ratings than for results (the opponents' performances
    read the ratings of the opponents' opponents)."""
    return max([1] + [_REACH.get(c.code, 2) + (1 if c.info.rating_based else 0) for c in criteria])


def scope(event: Event, criteria: Sequence[Criterion], question: Question,
          games: Sequence[PendingGame] | None = None) -> Scope:
    """Who is in reach of the places asked about, and which games can change them (module docstring)."""
    games = list(event.pending_games() if games is None else games)
    ranges = _score_ranges(event, games)
    if question.places is not None:
        worst = sorted((lo for lo, _ in ranges.values()), reverse=True)
        bar = worst[question.places - 1] if len(worst) >= question.places else min(worst, default=ZERO)
        universe = sorted(t for t, (_, hi) in ranges.items() if hi >= bar)
        if _one_game_each(games):
            universe = [t for t in universe if _can_reach(t, question.places, ranges, games)]
        offset = 0
        reported = tuple(universe)
    else:
        me = question.player
        if me is None or me not in ranges:
            raise EventError(said("there is no player with pairing number {tpn}", tpn=me))
        lo_me, hi_me = ranges[me]
        universe = sorted(t for t, (lo, hi) in ranges.items() if t == me or (hi >= lo_me and lo <= hi_me))
        offset = sum(1 for t, (lo, _) in ranges.items() if lo > hi_me)
        reported = (me,)
    reach = set(universe)
    opponents = _opponents(event)
    for _ in range(steps_needed(criteria)):
        grown = reach | {o for t in reach for o in opponents[t]}
        if grown == reach:
            break
        reach = grown
    relevant = tuple(g for g in games if g.white in reach or g.black in reach)
    fixed = tuple(g for g in games if g.white not in reach and g.black not in reach)
    return Scope(tuple(universe), offset, reported, relevant, fixed)


def _criteria(criteria: Ordering | Criteria) -> list[Criterion]:
    """The criteria after points, normalised as every ranking does (:func:`engine.core.ordering.ordering_of`)."""
    return list(ordering_of(criteria).criteria)

def relevant_games(event: Event, criteria: Sequence[Criterion] | str, question: Question) -> list[PendingGame]:
    """The pending games that can change the places asked about."""
    crits = _criteria(criteria)
    return list(scope(event, crits, question).relevant)


# -- evaluating one outcome fast ----------------------------------------------------------------------

def skipped_criteria(template: Event, crits: Sequence[Criterion], rules: RuleSet, options: Options) -> set[str]:
    """The rating criteria the standings skip in this event (FIDE: off when somebody is unrated)."""
    ctx = Context(template, rules, options)
    return {str(c) for c in crits if skipped_rating(ctx, c)}


class OutcomeFinish(NamedTuple):
    """One player's finish in one outcome (:meth:`Evaluator.finish`)."""

    tpn: int
    position: int           #: 1, 2, ... in final order (tie-break order, then pairing numbers)
    points: Fraction
    place: int              #: the final place (players still tied share the first one's)


class Evaluator:
    """Places of the players in a scope for any outcome of the pending games, on the fast path.

    The event with every pending game drawn is turned into integer columns once; an outcome rewrites
    the points of its games in place and the criteria are recomputed on a fresh value cache
    (:meth:`engine.tiebreaks.fast.FastValues.rescored`), which rebuilds the per-round rows only of the
    players whose values are read.
    """

    def __init__(self, event: Event, criteria: Sequence[Criterion], rules: RuleSet, options: Options,
                 games: Sequence[PendingGame], universe: Sequence[int], offset: int, question: Question) -> None:
        self.event = event
        self.watch = question.player
        self.limit = question.places or 0
        self.games = list(games)
        self.rules = rules
        self.options = options
        self.crits = [PTS] + [c for c in criteria if c.code != "PTS"]
        self.universe = sorted(universe)
        self.offset = offset
        all_games = event.pending_games()
        self.template = resolve(event, all_games, [DRAW] * len(all_games))
        n = self.template.last_result_round()
        self.base = FastValues(self.template, rules, options, n=n)
        opponents = _opponents(self.template)
        # the players whose rounds the values of the players compared read: their opponents, and theirs
        # when a criterion looks two steps away (for results or for ratings); in a large field the values
        # are worked out on that slice only (FastValues.sliced), far fewer rows per outcome
        near = set(self.universe)
        ring = set(near)
        for _ in range(max(1, steps_needed(self.crits), facts_needed(self.crits))):
            ring = {o for t in ring for o in opponents[t]} - near
            if not ring:
                break
            near |= ring
        if len(near) < 0.8 * len(self.base.cols.tpns):
            full = self.base.cols
            self.base = self.base.sliced(sorted(full.index[t] for t in near))
        cols = self.base.cols
        self.cols = cols
        # the rows the ranking reads: the players compared, and their opponents when a criterion looks
        # two steps away (an opponent's Buchholz is built from his rows)
        needed = set(self.universe)
        if steps_needed(self.crits) >= 2:
            needed |= {o for t in self.universe for o in opponents[t]}
        self.rows = sorted(cols.index[t] for t in needed)
        self.codes = [str(c) for c in self.crits]
        unit = cols.scale
        #: White's, Black's points per outcome
        self.points: tuple[tuple[int, int, int], tuple[int, int, int]] = ((unit, unit // 2, 0), (0, unit // 2, unit))
        #: per game: White's and Black's rows (-1: outside the slice, no value read depends on them), round
        self.cells = [(cols.index.get(g.white, -1), cols.index.get(g.black, -1), g.round - 1) for g in self.games]
        self.skipped = skipped_criteria(self.template, self.crits, rules, options)
        self.seed = options.seed if options.seed is not None else 0
        self._position: dict[int, int] = {}
        inside = set(self.universe)
        #: the games between two players of the universe (the only ones a group-dependent criterion reads)
        self._inside = [i for i, g in enumerate(self.games) if g.white in inside and g.black in inside]
        self._contexts: dict[tuple[int, ...], Context] = {}

    def places(self, outcome: Sequence[int]) -> dict[int, int]:
        """The final place of every player of the universe (shared places: the best of them)."""
        cols = self.cols
        wpts, bpts = self.points
        pts, score = cols.pts, cols.score
        for (iw, ib, r), o in zip(self.cells, outcome):
            if iw >= 0:
                old_w, new_w = pts[iw][r], wpts[o]
                if old_w != new_w:
                    pts[iw][r] = new_w
                    score[iw] += new_w - old_w
            if ib >= 0:
                old_b, new_b = pts[ib][r], bpts[o]
                if old_b != new_b:
                    pts[ib][r] = new_b
                    score[ib] += new_b - old_b
        fv = self.base.rescored(self.rows)
        tied = Tied(self.universe)
        ctx: Context | None = None
        for crit, code in zip(self.crits, self.codes):
            tied.spans = self._open(tied)
            if not tied.spans:
                break
            if code in self.skipped:
                continue
            if not crit.info.group_dependent:
                tied.apply_value(code, fv.values(crit), crit.higher_is_better)
                if crit is PTS and self.options.played_score_first:
                    tied.apply_value(code, {t: scored_in_play(self.cols, self.cols.index[t]) for t in self.universe}, True)
            else:
                if ctx is None:
                    ctx = self._context(outcome)
                tied.apply_split(code, partial(ctx.split, crit, seed=self.seed or 0))
        tied.spans = self._open(tied)
        self._position = {t: i for i, t in enumerate(tied.order)}
        return {t: self.offset + r for t, r in zip(tied.order, tied.ranks())}

    def _context(self, outcome: Sequence[int]) -> Context:
        """The event for a group-dependent criterion (direct encounter, head-to-head, lots): it reads only
        the games among the tied players, all of them in the universe, so only the games between two
        players of the universe are played out, and each combination of their results is built once."""
        key = tuple(outcome[i] for i in self._inside)
        ctx = self._contexts.get(key)
        if ctx is None:
            if len(self._contexts) > 4096:
                self._contexts.clear()
            event = resolve(self.template, [self.games[i] for i in self._inside], key)
            ctx = self._contexts[key] = Context(event, self.rules, self.options)
        return ctx

    def finish(self, outcome: Sequence[int]) -> list[OutcomeFinish]:
        """The universe in final order, after :meth:`places`."""
        places = self.places(outcome)
        cols, unit = self.cols, self.cols.scale
        ordered = sorted(places, key=lambda t: (places[t], self._position[t]))
        return [OutcomeFinish(t, i, Fraction(cols.score[cols.index[t]], unit), places[t]) for i, t in enumerate(ordered, 1)]

    def _open(self, tied: Tied) -> list[tuple[int, int]]:
        """The tied groups whose order can still change a place asked about: in a top-places question
        those starting inside the top places, in a player's question the group holding her.  Every other
        group keeps its first place for all its members, which is all the question needs from it."""
        if self.watch is None:
            return [(a, b) for a, b in tied.spans if a < self.limit]
        pos = tied.order.index(self.watch)
        return [(a, b) for a, b in tied.spans if a <= pos < b]


# -- the forecast -------------------------------------------------------------------------------------

class Outcome(NamedTuple):
    """One combination of the games' results, its chance, and the places it gives the players asked about."""

    results: tuple[int, ...]           #: per game (in :attr:`Forecast.relevant` order): 0, 1 or 2
    chance: Chance
    places: dict[int, int]             #: tpn -> final place


@dataclass
class Forecast:
    """Chances of each place for the players asked about, and the enumeration behind them.

    ``places[tpn][place]`` is a probability; in a top-places question, places after the last one asked
    about are gathered under ``places + 1`` ("that place or lower").  ``intervals`` (sampled only) holds
    each chance's 95 % interval.  ``outcomes`` keeps, for the exact method, every combination of the
    relevant games with its probability and the places it gives (what the conditions are read from).
    """

    method: str
    question: Question
    model: str
    draw_rate: float
    games: list[PendingGame]                  #: every pending game
    relevant: list[PendingGame]               #: the games enumerated (exact) or all games (sampled)
    places: dict[int, dict[int, Chance]]
    intervals: dict[int, dict[int, tuple[float, float]]] = field(default_factory=dict)
    samples: int = 0
    seed: int | None = None
    seconds: float = 0.0
    outcomes: list[Outcome] = field(default_factory=list)
    #: exact, counted tied group by tied group (no outcome list is kept then)
    grouped: bool = False
    #: sampled although exact was tried: why the exact count was out of reach, in words for the page
    not_exact: str = ""

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def lumped(self) -> int | None:
        """The key that gathers "this place or lower" in a top-places question (None otherwise)."""
        return None if self.question.places is None else self.question.places + 1


def product_probability(probs: Sequence[Sequence[Chance]], outcome: Sequence[int]) -> Chance:
    """The chance of one outcome: the product of its games' chances (``probs[i]`` is game i's three), the
    games being independent."""
    p: Chance = probs[0][outcome[0]] if probs else Fraction(1)
    for i in range(1, len(outcome)):
        p = p * probs[i][outcome[i]]
    return p


def _bucket(place: int, question: Question) -> int:
    return place if question.places is None else min(place, question.places + 1)


def forecast(event: Event, criteria: Ordering | Criteria, rules: RuleSet | str | None = None,
             options: Options | None = None, *, question: Question | None = None, model: str = "elo",
             draw_rate: float = 0.3, method: str = "auto", samples: int = 10_000, seed: int = 1,
             workers: int = 2, max_exact_games: int = MAX_EXACT_GAMES,
             progress: Callable[[int, int], None] | None = None,
             starting_workers: Callable[[], AbstractContextManager[object]] = nullcontext) -> Forecast:
    """Chances of each final place, exact or sampled (see the module docstring), under an ordering (or
    criteria, rule set and options).

    ``method``: ``auto`` (exact when at most ``max_exact_games`` games matter), ``exact`` or
    ``sampled``.  ``progress(done, total)`` is called as the work advances.
    """
    start = time.perf_counter()
    question = question or Question()
    o = ordering_of(criteria, rules, options)
    crits, rules, options = list(o.criteria), o.rules, o.options
    if options.round is not None:
        raise EventError(said("a forecast looks at the end of the event; it cannot be asked for another round"))
    games = event.pending_games()
    if not games:
        raise EventError(said("the event has no games still to be played: pair the next round first"))
    for g in games:
        game_probabilities(event, g, model, draw_rate)          # checks the model and the draw rate
    sc = scope(event, crits, question, games)
    grouped: Forecast | None = None
    not_exact = ""
    if method in ("auto", "exact") and len(sc.relevant) > max_exact_games and question.places is not None:
        got = _grouped(event, crits, rules, options, question, sc, games, model, draw_rate, progress)
        if isinstance(got, str):
            not_exact = got
        else:
            grouped = got
        if grouped is None and method == "exact":
            raise EventError(said("{games} games can change these places: too many to try every combination; ask for "
                                  "a sampled answer (not exact because {reason})", games=len(sc.relevant),
                                  reason=not_exact))
    elif method == "auto" and len(sc.relevant) > max_exact_games:
        # the tie-by-tie count answers the top places only: a question about one player (which also says
        # what he needs) has no quicker exact way than trying every combination, too many here
        not_exact = said("a question about one player is answered exactly only by trying every combination, "
                         "not tie by tie")
    if method == "auto":
        method = "exact" if len(sc.relevant) <= max_exact_games or grouped is not None else "sampled"
    if grouped is not None:
        fc = grouped
    elif method == "exact":
        fc = _exact(event, crits, rules, options, question, sc, games, model, draw_rate, progress)
    elif method == "sampled":
        if samples < 1:
            raise EventError(said("the number of samples must be 1 or more, not {samples}", samples=samples))
        fc = _sampled(event, crits, rules, options, question, sc, games, model, draw_rate, samples, seed,
                      workers, progress, keep_outcomes=question.player is not None, starting_workers=starting_workers)
    else:
        raise EventError(said("unknown method {method}; choose auto, exact or sampled", method=repr(method)))
    if not fc.exact:
        fc.not_exact = not_exact
    fc.seconds = time.perf_counter() - start
    return fc


def _exact(event: Event, crits: list[Criterion], rules: RuleSet, options: Options, question: Question,
           sc: Scope, games: list[PendingGame], model: str, draw_rate: float,
           progress: Callable[[int, int], None] | None) -> Forecast:
    relevant = list(sc.relevant)
    order = relevant + list(sc.fixed)
    ev = Evaluator(event, crits, rules, options, order, sc.universe, sc.offset, question)
    probs = [game_probabilities(event, g, model, draw_rate) for g in relevant]
    tail = [DRAW] * len(sc.fixed)
    total = 3 ** len(relevant)
    zero = Fraction(0) if model == "uniform" else 0.0
    places: dict[int, dict[int, Chance]] = {t: {} for t in sc.reported}
    outcomes: list[Outcome] = []
    step = max(1, total // 50)
    for i, outcome in enumerate(product(range(3), repeat=len(relevant))):
        p: Chance = product_probability(probs, outcome) if relevant else (Fraction(1) if model == "uniform" else 1.0)
        if not p:               # cannot happen (no draws at a draw rate of 0): no place, no condition from it
            continue
        got = ev.places(list(outcome) + tail)
        mine = {t: got[t] for t in sc.reported}
        outcomes.append(Outcome(outcome, p, mine))
        for t, place in mine.items():
            key = _bucket(place, question)
            places[t][key] = places[t].get(key, zero) + p
        if progress and i % step == 0:
            progress(i + 1, total)
    if progress:
        progress(total, total)
    return Forecast("exact", question, model, draw_rate, games, relevant, _sorted(_certain(places)),
                    outcomes=outcomes)


def _grouped(event: Event, crits: list[Criterion], rules: RuleSet, options: Options, question: Question,
             sc: Scope, games: list[PendingGame], model: str, draw_rate: float,
             progress: Callable[[int, int], None] | None) -> Forecast | str:
    """The exact chances of the top places, tied group by tied group (:mod:`engine.forecast.groups`),
    or, when that too would take too long, why (in words for the page)."""
    places = question.places
    if places is None:
        return said("only the top places are counted tie by tie")
    template = resolve(event, games, [DRAW] * len(games))
    skipped = skipped_criteria(template, crits, rules, options)
    relevant = list(sc.relevant)
    weights: list[Weights] = []
    for g in relevant:
        if model == "uniform":
            weights.append((1, 1, 1))       # whole numbers: the chances come out as exact fractions
        else:
            w, d, b = game_probabilities(event, g, model, draw_rate)
            weights.append((float(w), float(d), float(b)))
    try:
        got = grouped_places(template, crits, rules, options, sc.universe, places,
                             list(relevant), weights,
                             steps=steps_needed(crits), facts=facts_needed(crits), own_only=set(_OWN_ONLY),
                             skipped=skipped, exact_fractions=model == "uniform", progress=progress)
    except TooLarge as exc:
        return str(exc)
    chances: dict[int, dict[int, Chance]] = {t: dict(d) for t, d in got.items()}
    return Forecast("exact", question, model, draw_rate, games, relevant, _sorted(_certain(chances)), grouped=True)


def _certain(places: dict[int, dict[int, Chance]]) -> dict[int, dict[int, Chance]]:
    """Each player who finishes in one place whatever happens given exactly 1 there.  Chances from the
    ratings are sums of many products of floats, and such a sum can come out a hair under 1 (0.9999999999999969
    for a leader nobody can catch), which the page would show as "> 99 %" under the word "Exact".  Every
    result with any weight adds to one of a player's places, so a player with a single place has all the
    weight in it."""
    return {t: ({k: 1.0 for k in d} if len(d) == 1 and isinstance(next(iter(d.values())), float) else d)
            for t, d in places.items()}


def _sorted(places: dict[int, dict[int, V]]) -> dict[int, dict[int, V]]:
    """Players by pairing number, each one's places in order."""
    return {t: dict(sorted(d.items())) for t, d in sorted(places.items())}


# -- sampling ----------------------------------------------------------------------------------------

_CHUNK = 250
#: one chunk of samples to draw: its number, how many samples, the seed of the whole sample
_Job: TypeAlias = tuple[int, int, int]
#: one drawn outcome (every pending game's result) and the places of the players asked about
_Drawn: TypeAlias = tuple[tuple[int, ...], dict[int, int]]
#: what a chunk gives back: its drawn outcomes (when kept) and, per player asked about, how often each place came
_ChunkResult: TypeAlias = tuple[list[_Drawn], dict[int, dict[int, int]]]


@dataclass(frozen=True)
class _Payload:
    """What every sampling worker receives once (pickled to each process): the evaluator's arguments and
    how to draw."""

    event: Event
    crits: list[Criterion]
    rules: RuleSet
    options: Options
    games: list[PendingGame]
    universe: tuple[int, ...]
    offset: int
    question: Question
    reported: tuple[int, ...]                  #: whose places are counted
    cumulative: list[tuple[float, float]]      #: per game: P(White wins), P(White wins or draw)
    keep: bool                                 #: return the drawn outcomes, not only the counts

    def evaluator(self) -> Evaluator:
        return Evaluator(self.event, self.crits, self.rules, self.options, self.games, self.universe, self.offset,
                         self.question)


@dataclass(frozen=True)
class _Worker:
    """A sampling worker's state, built once per process by :func:`_init_worker`."""

    payload: _Payload
    evaluator: Evaluator


_worker: _Worker | None = None


def _chunk_seed(seed: int, chunk: int) -> int:
    """A seed per fixed chunk, so the sample does not depend on how many processes share the work."""
    return (seed * 1_000_003 + chunk * 7_919) % (2 ** 63)


def _run_chunk(job: _Job) -> _ChunkResult:
    """Draw and evaluate one chunk of samples: the outcomes and the place counts."""
    chunk, count, seed = job
    state = _worker
    if state is None:
        raise RuntimeError("a chunk of samples was sent to a worker that was not initialised")
    ev, task = state.evaluator, state.payload
    cum, question, reported, keep = task.cumulative, task.question, task.reported, task.keep
    rng = random.Random(_chunk_seed(seed, chunk))
    counts: dict[int, dict[int, int]] = {t: {} for t in reported}
    drawn: list[_Drawn] = []
    for _ in range(count):
        outcome = tuple(0 if (u := rng.random()) < a else 1 if u < b else 2 for a, b in cum)
        got = ev.places(outcome)
        if keep:
            drawn.append((outcome, {t: got[t] for t in reported}))
        for t in reported:
            key = _bucket(got[t], question)
            counts[t][key] = counts[t].get(key, 0) + 1
    return drawn, counts


def _init_worker(payload: _Payload) -> None:
    global _worker
    _worker = _Worker(payload, payload.evaluator())


def _sampled(event: Event, crits: list[Criterion], rules: RuleSet, options: Options, question: Question,
             sc: Scope, games: list[PendingGame], model: str, draw_rate: float, samples: int, seed: int,
             workers: int, progress: Callable[[int, int], None] | None, keep_outcomes: bool,
             starting_workers: Callable[[], AbstractContextManager[object]] = nullcontext) -> Forecast:
    cumulative: list[tuple[float, float]] = []
    for g in games:
        w, d, _ = game_probabilities(event, g, model, draw_rate)
        cumulative.append((float(w), float(w) + float(d)))
    payload = _Payload(event, crits, rules, options, games, sc.universe, sc.offset, question, sc.reported,
                       cumulative, keep_outcomes)
    jobs: list[_Job] = [(c, min(_CHUNK, samples - c * _CHUNK), seed) for c in range((samples + _CHUNK - 1) // _CHUNK)]
    counts: dict[int, dict[int, int]] = {t: {} for t in sc.reported}
    outcomes: list[Outcome] = []
    done = 0

    def collect(job: _Job, result: _ChunkResult) -> None:
        nonlocal done
        drawn, got = result
        for t, d in got.items():
            for k, v in d.items():
                counts[t][k] = counts[t].get(k, 0) + v
        outcomes.extend(Outcome(o, 1.0 / samples, p) for o, p in drawn)
        done += job[1]
        if progress:
            progress(done, samples)

    if workers <= 1 or len(jobs) == 1:
        _init_worker(payload)
        for job in jobs:
            collect(job, _run_chunk(job))
    else:
        ctx = multiprocessing.get_context("spawn")
        with starting_workers():        # the host prepares for spawned workers (a page's own __main__ must not rerun in them)
            pool = ctx.Pool(min(workers, len(jobs)), initializer=_init_worker, initargs=(payload,))
        with pool:
            for job, result in zip(jobs, pool.imap(_run_chunk, jobs)):
                collect(job, result)
    places: dict[int, dict[int, Chance]] = {t: {k: v / samples for k, v in d.items()} for t, d in counts.items()}
    intervals = {t: {k: wilson(v, samples) for k, v in d.items()} for t, d in counts.items()}
    return Forecast("sampled", question, model, draw_rate, games, list(games), _sorted(places),
                    {t: dict(sorted(d.items())) for t, d in intervals.items()}, samples, seed,
                    outcomes=outcomes)


def chance_text(p: Chance) -> str:
    """A chance as a percentage for people: "62 %", "< 1 %", "100 %"."""
    x = float(p)
    if 0 < x < 0.005:
        return "< 1 %"
    if 0.995 <= x < 1:
        return "> 99 %"
    return f"{round(100 * x)} %"
