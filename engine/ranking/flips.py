"""What would have flipped it: the smallest single changes to an event that reverse two players.

A parent's next question after "why is A above B?" is "so what would have changed it?".  :func:`find_flips`
tries single changes to the event — one game result changed, a bye recorded as another kind of bye, a
forfeit recorded as a game played (or a decisive game as a forfeit), a player withdrawn after a round —
recomputes the order of the two players under the same ordering, and keeps the changes that reverse them.
They are listed smallest first: by the number of round entries changed (a game result touches two), then
by how far the points move.

Speed (a 300-player, 9-round event has thousands of possible changes, and full standings take seconds):

* Only changes that can matter are tried.  A criterion looks a bounded distance into the pairing graph
  (:data:`LEVELS`: points and counts look at the player's own rounds, Buchholz-type systems at his
  opponents' rounds, AOB at his opponents' opponents'), so only rounds of players within that distance of
  A or B are changed.  With a group-dependent criterion (DE, H2H, LOTS) the rounds of the players on the
  same points are tried too.  Changes that would give A or B points through somebody else's round (an
  opponent's withdrawal turning their game into a forfeit win) are left out.
* The order of A and B is found without full standings: :class:`PairJudge` compares only their values,
  criterion by criterion, until one separates them, on a :class:`FastContext` that computes contribution
  rows lazily and reuses the unchanged event's results for every player too far from the change to be
  affected.  Only a group-dependent criterion needs the values of the others tied with them.
* Candidates are tried smallest first, so the search stops as soon as ``limit`` flips are found.

``tools/bench_flips.py`` times it on generated 300 x 9 events.

>>> from engine.core.example import fide_exercise
>>> flips = find_flips(fide_exercise(), 16, 4, "MM,BH,CUM,OCUM", "uscf", limit=3)
>>> flips[0].above, flips[0].size
(4, 1)
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from engine.core.codes import CODES, Criterion, parse_code
from engine.core.exact import Number
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Event, Kind
from engine.core.ordering import Criteria, Ordering, ordering_of, rounds_counted
from engine.core.rules import Options, RuleSet
from engine.core.said import CodeName, Joined, Listed, Lowered, Said, Signed, num, said
from engine.core.trace import Result
from engine.core.words import with_article
from engine.ranking.standings import sort_key
from engine.ranking.why_above import REPLAY_SEED, check_pair, plain_name, who
from engine.tiebreaks.context import Context, Contribution, LazyDict, OpponentTable, Split

__all__ = ["LEVELS", "Change", "Flip", "Verdict", "FastContext", "PairJudge", "find_flips", "apply_flip",
           "candidates", "FlipSearch", "search_flips", "keeps_points"]

#: how far into the pairing graph a criterion looks (its row's ``reach``): 0 = the player's own rounds (and
#: fixed player data), 1 = also his opponents' rounds, 2 = also his opponents' opponents'.
LEVELS: dict[str, int] = {code: info.reach for code, info in CODES.items() if info.reach is not None}
_EVERYWHERE = 10 ** 6
_BYE_KINDS = (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB, Kind.ABS)
_KIND_RANK = {"bye": 0, "played": 1, "forfeit": 1, "result": 2, "withdrawal": 3}


# -- a lazy context -----------------------------------------------------------------------------------

class FastContext(Context):
    """A :class:`Context` for a changed copy of an event, that borrows from the unchanged event's context.

    Like its base class it computes scores, adjusted scores and contribution rows on first use.  With
    ``base`` (the context of the unchanged event) and ``near`` (``near[k]``: the players within distance k
    of the changed rounds in the pairing graph), a result whose criterion looks at most k steps away (its
    row's ``reach``) is taken from ``base`` for any player outside ``near[k]``: it cannot differ.  So are
    scores, adjusted scores and contribution rows.  The calculators themselves are the engine's own.
    ``n`` (the rounds counted) and ``names`` are the unchanged event's, passed in so that the thousands of
    contexts a search makes do not work them out again.
    """

    def __init__(self, event: Event, rules: RuleSet, options: Options, n: int, names: dict[int, str],
                 base: "FastContext | None" = None, near: Sequence[frozenset[int]] = ()):
        self._names = names
        self._base = base
        self._near = list(near)
        super().__init__(event, rules, options, n=n)

    @property
    def changed_players(self) -> frozenset[int] | None:
        """The players whose own rounds differ from the unchanged event's (None for the unchanged event)."""
        return self._near[0] if self._base is not None else None

    def _make_score(self, tpn: int) -> Fraction:
        if self._base is not None and tpn not in self._near[0]:
            return self._base.score(tpn)
        return sum((self.entry(tpn, r).points for r in range(1, self.n + 1)), ZERO)

    def name(self, tpn: int) -> str:
        return self._names[tpn]

    def _reusable(self, level: int | None, tpn: int) -> bool:
        if self._base is None or level is None:
            return False
        return level < len(self._near) and tpn not in self._near[level]

    def result(self, crit: Criterion, tpn: int) -> Result:
        key = (str(crit), tpn)
        res = self._results.get(key)
        if res is None:
            if self._base is not None and self._reusable(LEVELS.get(crit.code), tpn):
                res = self._base.result(crit, tpn)
            else:
                res = self.compute(crit, tpn)
            self._results[key] = res
        return res

    def table(self, fore: bool = False, forfeits_played: bool = False) -> OpponentTable:
        key = (fore, forfeits_played)
        t = self._tables.get(key)
        if t is None:
            t = OpponentTable(fore, forfeits_played)
            base = self._base.table(fore, forfeits_played) if self._base is not None else None

            def make_pts(tpn: int) -> list[Fraction]:
                return self._fore_points(tpn, fore)

            def make_adjusted(tpn: int) -> tuple[Fraction, str]:
                if base is not None and self._unchanged(tpn, 0):
                    return base.adjusted[tpn], base.adjusted_note[tpn]
                return self._adjusted(tpn, pts[tpn], fore)

            def make_rows(tpn: int) -> list[Contribution]:
                if base is not None and self._unchanged(tpn, 1):
                    return base.rows[tpn]
                return [self._contribution(t, tpn, r, pts[tpn]) for r in range(1, self.n + 1)]

            def make_own(tpn: int) -> Fraction:
                if base is not None and self._unchanged(tpn, 0):
                    return base.own[tpn]
                return sum(pts[tpn], ZERO)

            pts = LazyDict(make_pts)
            adjusted = LazyDict(make_adjusted)
            t.own = LazyDict(make_own)
            t.adjusted = LazyDict(lambda tpn: adjusted[tpn][0])
            t.adjusted_note = LazyDict(lambda tpn: adjusted[tpn][1])
            t.rows = LazyDict(make_rows)
            self._tables[key] = t
        return t

    def _unchanged(self, tpn: int, level: int) -> bool:
        """True when nothing within ``level`` steps of ``tpn`` changed (so the base's value holds)."""
        return tpn not in self._near[level]


# -- the order of two players ---------------------------------------------------------------------------

@dataclass
class Verdict:
    """Which of two players is above, and on which criterion (None: equal on everything)."""

    above: int | None
    code: str | None
    #: both players' values on the separating criterion (a group position for DE / H2H / LOTS)
    values: dict[int, Number | None] = field(default_factory=dict)
    #: the criteria passed before it, with the common value, and whether a rating criterion was skipped
    equal: list[tuple[str, Number | None, bool]] = field(default_factory=list)
    group: list[int] = field(default_factory=list)
    split: Split | None = None


class PairJudge:
    """Decides the order of two players the way :func:`engine.ranking.standings.standings` would, looking only at
    what that order depends on."""

    def __init__(self, event: Event, a: int, b: int, o: Ordering):
        """``o``: the ordering itself (criteria and a rule-set name are resolved by the entry points)."""
        self.event = event
        self.a, self.b = a, b
        self.rules = o.rules
        self.options = o.options
        self.crits = o.ranked
        self.n = rounds_counted(event, self.options)
        self.names = {p.tpn: p.name for p in event.players}
        self.base = FastContext(event, self.rules, self.options, self.n, self.names)
        self.seed = self.options.seed if self.options.seed is not None else REPLAY_SEED
        self.rated_everyone = event.rated_everyone()
        self.graph = _graph(event, self.n)
        self.by_score: dict[Fraction, set[int]] = {}
        for t in self.names:
            self.by_score.setdefault(self.base.score(t), set()).add(t)

    def context(self, event: Event, changed: Iterable[int]) -> FastContext:
        """A context for a changed copy of the event (only ``changed`` players' rounds differ)."""
        near = [frozenset(changed)]
        for _ in range(max(LEVELS.values())):
            ring = set(near[-1])
            for t in near[-1]:
                ring.update(self.graph.get(t, ()))
            near.append(frozenset(ring))
        return FastContext(event, self.rules, self.options, self.n, self.names, self.base, near)

    def _skipped(self, ctx: Context, crit: Criterion) -> bool:
        return crit.info.rating_based and ctx.options.unrated == "off" and not self.rated_everyone

    def verdict(self, ctx: Context | None = None) -> Verdict:
        ctx = ctx or self.base
        a, b = self.a, self.b
        sa, sb = ctx.score(a), ctx.score(b)
        if sa != sb:
            return Verdict(a if sa > sb else b, "PTS", {a: sa, b: sb})
        equal: list[tuple[str, Number | None, bool]] = [("PTS", sa, False)]
        group: list[int] | None = None
        pending: list[Criterion] = []
        for crit in self.crits[1:]:
            code = str(crit)
            if self._skipped(ctx, crit):
                equal.append((code, None, True))
                continue
            if crit.info.group_dependent:
                if group is None:
                    group = self._score_group(ctx, sa)
                for c in pending:
                    va = ctx.result(c, a).value
                    group = [t for t in group if ctx.result(c, t).value == va]
                pending = []
                split = self._split(ctx, crit, group)
                where = {t: i for i, cls in enumerate(split.classes) for t in cls}
                pos: dict[int, int] = {}
                p = 1
                for cls in split.classes:
                    for t in cls:
                        pos[t] = p
                    p += len(cls)
                if where[a] != where[b]:
                    return Verdict(a if where[a] < where[b] else b, code, {a: pos[a], b: pos[b]}, equal,
                                   list(group), split)
                equal.append((code, pos[a], False))
                group = sorted(split.classes[where[a]])
                continue
            va, vb = ctx.result(crit, a).value, ctx.result(crit, b).value
            if va != vb:
                ka, kb = sort_key(va, crit.higher_is_better), sort_key(vb, crit.higher_is_better)
                return Verdict(a if ka < kb else b, code, {a: va, b: vb}, equal)
            equal.append((code, va, False))
            pending.append(crit)
        return Verdict(None, None, {}, equal, list(group or []))

    def _score_group(self, ctx: Context, score: Fraction) -> list[int]:
        """Everybody on ``score`` points: the base event's score group, corrected for changed players."""
        changed = ctx.changed_players if isinstance(ctx, FastContext) else None
        if changed is None:
            return sorted(self.by_score.get(score, set()))
        return sorted((self.by_score.get(score, set()) - changed) | {t for t in changed if ctx.score(t) == score})

    def _split(self, ctx: Context, crit: Criterion, group: list[int]) -> Split:
        if len(group) < 2:
            return Split([list(group)])
        return ctx.split(crit, group, self.seed)


def _graph(event: Event, n: int) -> dict[int, set[int]]:
    """Who was paired with whom (games and forfeits) in rounds 1..n."""
    graph: dict[int, set[int]] = {t: set() for t in event.entries}
    for t, row in event.entries.items():
        for e in row[:n]:
            if e.kind.has_opponent and e.opponent is not None:
                graph[t].add(e.opponent)
    return graph


# -- candidate changes ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Change:
    """One round entry recorded differently."""

    tpn: int
    round: int
    before: Entry
    after: Entry


@dataclass(frozen=True)
class Candidate:
    kind: str                      # "result", "bye", "played", "forfeit", "withdrawal"
    changes: tuple[Change, ...]
    #: the player the change is about (the withdrawn player; the first player of a game)
    subject: int

    @property
    def size(self) -> int:
        return len(self.changes)

    @property
    def points_moved(self) -> Fraction:
        return sum((abs(c.after.points - c.before.points) for c in self.changes), ZERO)

    @property
    def players(self) -> frozenset[int]:
        return frozenset(c.tpn for c in self.changes)

    @property
    def sort_key(self) -> tuple[object, ...]:
        return (self.size, self.points_moved, _KIND_RANK[self.kind], min(c.round for c in self.changes),
                self.subject, tuple((c.tpn, c.round, c.after.kind.value, c.after.points) for c in self.changes))


def candidates(event: Event, a: int, b: int, sources: Iterable[int], n: int | None = None) -> list[Candidate]:
    """Every single change to the rounds of ``sources`` (up to round ``n``), smallest first."""
    n = event.rounds if n is None else n
    out: list[Candidate] = []
    seen: set[tuple[int, int, int]] = set()
    for x in sorted(set(sources)):
        row = event.entries[x]
        for r in range(1, n + 1):
            e = row[r - 1]
            if e.kind.has_opponent and e.opponent is not None:
                y = e.opponent
                key = (r, min(x, y), max(x, y))
                if key in seen:
                    continue
                seen.add(key)
                out.extend(_game_changes(event, x, y, r))
            else:
                for kind in _BYE_KINDS:
                    if kind is not e.kind:
                        after = ABSENT if kind is Kind.ABS else Entry.bye(
                            kind, event.pab_points if kind is Kind.PAB else None)
                        out.append(Candidate("bye", (Change(x, r, e, after),), x))
        for r0 in range(1, n):
            cand = _withdrawal(event, x, r0, n, (a, b))
            if cand is not None:
                out.append(cand)
    out.sort(key=lambda c: c.sort_key)
    return out


def _game_changes(event: Event, x: int, y: int, r: int) -> list[Candidate]:
    e, f = event.entries[x][r - 1], event.entries[y][r - 1]
    out: list[Candidate] = []
    if e.kind is Kind.G:
        for p in (ONE, HALF, ZERO):
            if p != e.points:
                out.append(Candidate("result", (Change(x, r, e, Entry.game(y, e.colour, p, e.rated)),
                                                Change(y, r, f, Entry.game(x, f.colour, ONE - p, f.rated))), x))
        if e.points != HALF:
            (w, we), (lo, le) = ((x, e), (y, f)) if e.points == ONE else ((y, f), (x, e))
            out.append(Candidate("forfeit", (Change(w, r, we, Entry(Kind.FW, lo, we.colour, ONE)),
                                             Change(lo, r, le, Entry(Kind.FL, w, le.colour, ZERO))), x))
    elif {e.kind, f.kind} == {Kind.FW, Kind.FL}:
        (w, we), (lo, le) = ((x, e), (y, f)) if e.kind is Kind.FW else ((y, f), (x, e))
        out.append(Candidate("played", (Change(w, r, we, Entry.game(lo, we.colour, ONE)),
                                        Change(lo, r, le, Entry.game(w, le.colour, ZERO))), x))
    return out


def _withdrawal(event: Event, x: int, r0: int, n: int, protected: tuple[int, int]) -> Candidate | None:
    """``x`` withdraws after round ``r0``: later games become forfeits (his opponents win them), later
    byes absences.  None when nothing would change, or when it would hand A or B points through
    somebody else's withdrawal."""
    changes: list[Change] = []
    for r in range(r0 + 1, n + 1):
        e = event.entries[x][r - 1]
        if e.kind.has_opponent and e.opponent is not None:
            y = e.opponent
            f = event.entries[y][r - 1]
            new_x = Entry(Kind.FL, y, e.colour, ZERO)
            new_y = f if f.kind is Kind.FL else Entry(Kind.FW, x, f.colour, ONE)
            if new_x != e:
                changes.append(Change(x, r, e, new_x))
            if new_y != f:
                if y in protected and x not in protected and new_y.points != f.points:
                    return None
                changes.append(Change(y, r, f, new_y))
        elif e.kind is not Kind.ABS:
            changes.append(Change(x, r, e, ABSENT))
    if not changes:
        return None
    return Candidate("withdrawal", tuple(changes), x)


def _changed_event(event: Event, changes: Sequence[Change]) -> Event:
    """The event with the changes, without re-validating 300 x 9 entries (each change keeps both sides of
    a pairing consistent; :func:`apply_flip` gives the validated copy)."""
    entries = dict(event.entries)
    rows: dict[int, list[Entry]] = {}
    for c in changes:
        rows.setdefault(c.tpn, list(entries[c.tpn]))[c.round - 1] = c.after
    for tpn, row in rows.items():
        entries[tpn] = tuple(row)
    return dataclasses.replace(event, entries=entries)


# -- the flips ---------------------------------------------------------------------------------------------

@dataclass
class Flip:
    """One change that reverses the two players, with the new values and a sentence."""

    kind: str
    changes: tuple[Change, ...]
    size: int
    points_moved: Fraction
    above: int
    below: int
    #: the criterion that separates them after the change, and both players' new and old values on it
    decided_by: str
    values: dict[int, Number | None]
    old_values: dict[int, Number | None]
    change_text: str
    #: what would follow, in words: "both would score 3½ and David's Solkoff would be ..."
    outcome: str
    sentence: str
    #: neither player's own points change (another player's result, a bye or forfeit recorded differently)
    keeps_points: bool = False


def apply_flip(event: Event, flip: Flip | Candidate | Sequence[Change]) -> Event:
    """The event with the flip's changes, validated (raises :class:`~engine.core.errors.EventError` if inconsistent)."""
    changes = flip.changes if isinstance(flip, (Flip, Candidate)) else tuple(flip)
    entries = {t: list(row) for t, row in event.entries.items()}
    for c in changes:
        entries[c.tpn][c.round - 1] = c.after
    return event.with_entries(entries, rounds=event.rounds)


def find_flips(event: Event, a: int, b: int, ordering: Ordering | Criteria, rules: RuleSet | str | None = None,
               options: Options | None = None, limit: int = 10) -> list[Flip]:
    """The smallest single changes that reverse ``a`` and ``b`` (or, if they share a place, separate them),
    smallest first, at most ``limit``.

    With LOTS in the ordering and no seed in ``options``, seed 0 is used (the drawing must be replayable).
    """
    check_pair(event, a, b)
    judge = PairJudge(event, a, b, ordering_of(ordering, rules, options))
    before = judge.verdict()
    sources = _sources(judge, before)
    found: list[Flip] = []
    for cand in candidates(event, a, b, sources, judge.n):
        changed = _changed_event(event, cand.changes)
        after = judge.verdict(judge.context(changed, cand.players))
        if after.above is None or after.above == before.above:
            continue
        found.append(_flip(judge, cand, after))
        if len(found) >= limit:
            break
    return found


def keeps_points(cand: Candidate | Flip, a: int, b: int) -> bool:
    """True when the change leaves both players' own points as they are: it can only have moved them
    through a tie-break (an opponent's result, a bye or a forfeit recorded as another kind)."""
    return all(c.after.points == c.before.points for c in cand.changes if c.tpn in (a, b))


@dataclass
class FlipSearch:
    """What would really have changed the order, in the order a parent should read it."""

    #: single changes that keep both players' points and reverse them, smallest first
    keeping: list[Flip]
    #: single changes to either player's own points that reverse them, smallest first (after, separately)
    own: list[Flip]
    #: when no single points-keeping change reverses them: the closest pair of such changes that does
    pair: Flip | None = None
    #: every candidate change was tried (False: the search stopped at its limits)
    complete: bool = True
    #: how many points-keeping changes were tried (single ones, then pairs)
    tried: int = 0
    pairs_tried: int = 0


#: the pair search tries pairs among this many of the single changes that came closest to reversing them
PAIR_POOL = 40
#: and at most this many pairs (each costs one judgement of the pair's order)
PAIR_BUDGET = 800


def search_flips(event: Event, a: int, b: int, ordering: Ordering | Criteria, rules: RuleSet | str | None = None,
                 options: Options | None = None, limit: int = 10, own_limit: int = 5,
                 pair_pool: int = PAIR_POOL, pair_budget: int = PAIR_BUDGET) -> FlipSearch:
    """The smallest changes that reverse ``a`` and ``b``: first those that keep both players' points, then
    (separately) those that change their own points; with no single points-keeping change, the closest pair.

    Candidates are tried smallest first (a game recorded as a forfeit last of all) until ``limit``
    points-keeping and ``own_limit`` own-points flips are found.
    The pair search is bounded: it pairs the ``pair_pool`` single changes that moved the deciding
    criterion most towards the other player (or moved the decision to a later criterion) and judges at
    most ``pair_budget`` pairs, smallest first.
    """
    check_pair(event, a, b)
    judge = PairJudge(event, a, b, ordering_of(ordering, rules, options))
    before = judge.verdict()
    keeping: list[Flip] = []
    own: list[Flip] = []
    near: list[tuple[tuple[object, ...], Candidate]] = []
    complete = True
    tried = 0
    order = [str(c) for c in judge.crits]
    # a game recorded as a forfeit is the least likely story: offered after every other kind of change
    for cand in sorted(candidates(event, a, b, _sources(judge, before), judge.n), key=lambda c: c.kind == "forfeit"):
        keep = keeps_points(cand, a, b)
        if (keep and len(keeping) >= limit) or (not keep and len(own) >= own_limit):
            if len(keeping) >= limit and len(own) >= own_limit:
                complete = False
                break
            continue
        tried += keep
        after = judge.verdict(judge.context(_changed_event(event, cand.changes), cand.players))
        if after.above is not None and after.above != before.above:
            (keeping if keep else own).append(_flip(judge, cand, after))
        elif keep and not keeping:
            closeness = _closeness(before, after, order, a, b)
            if closeness is not None:
                near.append((closeness, cand))
    found = FlipSearch(keeping, own, None, complete, tried)
    if not keeping and near:
        near.sort(key=lambda x: (x[0], x[1].sort_key))
        found.pair, found.pairs_tried = _closest_pair(judge, before, [c for _, c in near[:pair_pool]], pair_budget)
    return found


def _gap(v: Verdict, a: int, b: int) -> Fraction | None:
    va, vb = v.values.get(a), v.values.get(b)
    if va is None or vb is None:
        return None
    return abs(Fraction(va) - Fraction(vb))


def _closeness(before: Verdict, after: Verdict, order: list[str], a: int, b: int) -> tuple[object, ...] | None:
    """How much nearer to reversing them a change came (smaller is nearer); None if no nearer at all.

    The decision moving to a later criterion, or a tie on everything, is nearer than any narrower gap on
    the same criterion."""
    if before.code is None:
        return None
    was = order.index(before.code)
    now = len(order) if after.code is None else order.index(after.code)
    if now > was:
        return (0, -now, Fraction(0))
    if now < was:
        return None
    gap_before, gap_after = _gap(before, a, b), _gap(after, a, b)
    if gap_before is None or gap_after is None or gap_after >= gap_before:
        return None
    return (1, 0, gap_after / gap_before)


def _closest_pair(judge: PairJudge, before: Verdict, pool: list[Candidate], budget: int) -> tuple[Flip | None, int]:
    """The smallest pair of points-keeping changes from ``pool`` that reverses the two players."""
    pairs = []
    for i, x in enumerate(pool):
        xs = {(c.tpn, c.round) for c in x.changes}
        for y in pool[i + 1:]:
            if xs.isdisjoint((c.tpn, c.round) for c in y.changes):
                pairs.append((x.size + y.size, x.points_moved + y.points_moved, i, x, y))
    pairs.sort(key=lambda p: p[:3])
    tried = 0
    for size, moved, _, x, y in pairs[:budget]:
        tried += 1
        changes = x.changes + y.changes
        cand = Candidate(x.kind, changes, x.subject)
        after = judge.verdict(judge.context(_changed_event(judge.event, changes), cand.players))
        if after.above is not None and after.above != before.above:
            flip = _flip(judge, cand, after)
            text = said("{first}; and {second}", first=change_text(judge.event, x),
                        second=change_text(judge.event, y, inside=True))
            return dataclasses.replace(flip, kind="pair", size=size, points_moved=moved, change_text=text,
                                       sentence=said("{change}. Then {outcome}.", change=text,
                                                     outcome=flip.outcome)), tried
    return None, tried


def _sources(judge: PairJudge, before: Verdict) -> set[int]:
    """The players whose rounds can change the verdict (see the module text)."""
    levels = [LEVELS.get(c.code, _EVERYWHERE) for c in judge.crits if not c.info.group_dependent]
    reach = max(levels, default=0)
    sources = {judge.a, judge.b}
    frontier = set(sources)
    for _ in range(min(reach, len(judge.graph))):
        frontier = {o for t in frontier for o in judge.graph.get(t, ())} - sources
        if not frontier:
            break
        sources |= frontier
    if any(c.info.group_dependent for c in judge.crits):
        base = judge.base
        scores = {base.score(judge.a), base.score(judge.b)}
        sources |= {t for t in judge.names if base.score(t) in scores}
    return sources


def _flip(judge: PairJudge, cand: Candidate, after: Verdict) -> Flip:
    event, a, b = judge.event, judge.a, judge.b
    assert after.above is not None and after.code is not None
    below = b if after.above == a else a
    old: dict[int, Number | None] = {}
    crit = next(c for c in judge.crits if str(c) == after.code)
    if not crit.info.group_dependent:
        old = {t: judge.base.result(crit, t).value for t in (a, b)}
    text = change_text(event, cand)
    outcome = verdict_words(judge, after, old)
    return Flip(cand.kind, cand.changes, cand.size, cand.points_moved, after.above, below, after.code,
                dict(after.values), old, text, outcome, said("{change}. Then {outcome}.", change=text, outcome=outcome),
                keeps_points(cand, a, b))


def verdict_words(judge: PairJudge, v: Verdict, old: Mapping[int, Number | None] | None = None) -> str:
    """``both would score 3½ and David's Solkoff would be 12½ against Stephan's 12``.

    A flip is told by what it changes.  When the deciding criterion's values are the ones both players
    already have (``old``), the change only made an earlier criterion equal, so that this one is now
    reached: ``..., equal on Buchholz, so Cumulative decides instead: Stephan has 16½ against David's 15, as
    now``; saying "would be 16½" would suggest the 16½ itself moved.  Each outcome is a record (one whole
    template per case), which the app writes in the reader's language.
    """
    event = judge.event
    assert v.above is not None and v.code is not None
    below = judge.b if v.above == judge.a else judge.a
    an, bn = who(event, v.above), who(event, below)
    if v.code == "PTS":
        return said("{above} would score {a} against {below}'s {b}", above=an, below=bn, a=num(v.values[v.above]),
                    b=num(v.values[below]))
    rules = judge.rules.name
    still = [CodeName(plain_name(code, rules)[0], code) for code, _, skipped in v.equal[1:] if not skipped]
    both = num(v.equal[0][1])
    crit = next(c for c in judge.crits if str(c) == v.code)
    if crit.info.group_dependent:
        clause = _group_verdict(event, v.code, v.group, v.split, v.above, below, judge.seed)
        if still:
            return said("both would score {points} and {clause} (still equal on {still})", points=both, clause=clause,
                        still=Joined(still, ", "))
        return said("both would score {points} and {clause}", points=both, clause=clause)
    name = CodeName(plain_name(crit, rules)[0], v.code)
    va, vb = v.values[v.above], v.values[below]
    fields: dict[str, object] = dict(points=both, name=name, above=an, below=bn, a=num(va), b=num(vb))
    if old is not None and v.above in old and below in old and (old[v.above], old[below]) == (va, vb):
        return _decides_instead(fields, Listed(still) if still else None, vb is None, crit.higher_is_better)
    if still:
        fields["still"] = Joined(still, ", ")
        if vb is None:
            return said("both would score {points} and {above}'s {name} would be {a}; {below} has none (still equal "
                        "on {still})", **fields)
        if crit.higher_is_better:
            return said("both would score {points} and {above}'s {name} would be {a} against {below}'s {b} (still "
                        "equal on {still})", **fields)
        return said("both would score {points} and {above}'s {name} would be {a} against {below}'s {b} (lower is "
                    "better) (still equal on {still})", **fields)
    if vb is None:
        return said("both would score {points} and {above}'s {name} would be {a}; {below} has none", **fields)
    if crit.higher_is_better:
        return said("both would score {points} and {above}'s {name} would be {a} against {below}'s {b}", **fields)
    return said("both would score {points} and {above}'s {name} would be {a} against {below}'s {b} (lower is "
                "better)", **fields)


def _decides_instead(fields: dict[str, object], still: Listed | None, none: bool, higher: bool) -> str:
    """The change made an earlier rule equal, so this one decides, with the values both already have."""
    if still is not None:
        fields = dict(fields, still=still)
        if none:
            return said("both would score {points}, equal on {still}, so {name} decides instead: {above} has {a} "
                        "and {below} has none, as now", **fields)
        if higher:
            return said("both would score {points}, equal on {still}, so {name} decides instead: {above} has {a} "
                        "against {below}'s {b}, as now", **fields)
        return said("both would score {points}, equal on {still}, so {name} decides instead: {above} has {a} "
                    "against {below}'s {b} (lower is better), as now", **fields)
    if none:
        return said("both would score {points}, so {name} decides instead: {above} has {a} and {below} has none, as "
                    "now", **fields)
    if higher:
        return said("both would score {points}, so {name} decides instead: {above} has {a} against {below}'s {b}, as "
                    "now", **fields)
    return said("both would score {points}, so {name} decides instead: {above} has {a} against {below}'s {b} (lower "
                "is better), as now", **fields)


def _group_verdict(event: Event, code: str, group: Sequence[int], split: Split | None, above: int,
                   below: int, seed: int | None) -> str:
    """How DE / H2H / LOTS would put ``above`` over ``below`` inside the tied group (the words of
    :func:`engine.ranking.why_above.group_clause` with "would put", as a record)."""
    base = parse_code(code).code
    members = Listed(who(event, t) for t in group)
    an, bn = who(event, above), who(event, below)
    if base == "LOTS":
        return said("the drawing of lots (seed {seed}) among {players} would put {above} above {below}", seed=seed,
                    players=members, above=an, below=bn)
    numbers: dict[int, tuple[Fraction, Fraction | None]] = {}
    for g, nums in (split.passes if split else []):
        if above in g and below in g:
            numbers = nums
    if not numbers:
        if base == "H2H":
            return said("head-to-head would put {above} above {below}", above=an, below=bn)
        return said("direct encounter would put {above} above {below}", above=an, below=bn)
    (sa, _), (sb, mb) = numbers[above], numbers[below]
    if base == "H2H":
        return said("in the games among the players tied at that point ({players}), {above} is {a} (wins minus "
                    "losses) against {below}'s {b}, so head-to-head would put {above} above", players=members,
                    above=an, below=bn, a=Signed(sa), b=Signed(sb))
    if mb is None:
        return said("in the games among the players tied at that point ({players}), {above} scored {a} against "
                    "{below}'s {b}, so direct encounter would put {above} above", players=members, above=an,
                    below=bn, a=num(sa), b=num(sb))
    return said("in the games among the players tied at that point ({players}), {above} scored {a}, more than "
                "{below} could have had even winning every missing game ({most}), so direct encounter would put "
                "{above} above", players=members, above=an, below=bn, a=num(sa), most=num(mb))


def change_text(event: Event, cand: Candidate, inside: bool = False) -> str:
    """One change in words: ``Round 2: David's half-point bye recorded as a full-point bye``.

    ``inside``: the change continues a sentence (the second of a pair, after "; and"), so the one word this
    function writes at the start, "Round", is written "round".  A withdrawal starts with the player's name,
    which keeps its capital: lowering the text's first letter would write "elisabeth Paehtz withdraws".
    """
    def name(t: int) -> str:
        return who(event, t)

    first = cand.changes[0]
    r = first.round
    text: str
    if cand.kind == "bye":
        after = _kind_words(first.after)
        text = said("Round {round}: {name}'s {before} recorded as {after}", round=r, name=name(first.tpn),
                    before=_kind_words(first.before), after=Said(with_article(after), getattr(after, "template", after)))
    elif cand.kind == "result":
        x, y = cand.changes[0], cand.changes[1]
        text = said("Round {round}: {game} (recorded: {recorded})", round=r,
                    game=_game_words(name(x.tpn), name(y.tpn), x.after.points),
                    recorded=_recorded_words(name(x.tpn), name(y.tpn), x.before.points))
    elif cand.kind == "forfeit":
        w, lo = cand.changes[0], cand.changes[1]
        text = said("Round {round}: {winner}'s win over {loser} recorded as a forfeit win ({loser} did not show)",
                    round=r, winner=name(w.tpn), loser=name(lo.tpn))
    elif cand.kind == "played":
        w, lo = cand.changes[0], cand.changes[1]
        text = said("Round {round}: {winner}'s forfeit win over {loser} recorded as a game {winner} won over the "
                    "board", round=r, winner=name(w.tpn), loser=name(lo.tpn))
    else:
        return _withdrawal_words(event, cand)
    return Lowered(text) if inside else text


def _withdrawal_words(event: Event, cand: Candidate) -> str:
    leaver = cand.subject
    after_round = min(c.round for c in cand.changes) - 1
    gifts = sorted({c.tpn for c in cand.changes if c.tpn != leaver})
    fields = dict(name=who(event, leaver), round=after_round)
    if len(gifts) > 1:
        return said("{name} withdraws after round {round} (the later opponents {players} win by forfeit)",
                    players=Listed(who(event, t) for t in gifts), **fields)
    if gifts:
        return said("{name} withdraws after round {round} ({other} wins their later game by forfeit)",
                    other=who(event, gifts[0]), **fields)
    return said("{name} withdraws after round {round}", **fields)


def _kind_words(e: Entry) -> str:
    return e.kind.description


def _game_words(x: str, y: str, points_x: Fraction) -> str:
    if points_x == ONE:
        return said("{winner} beats {loser}", winner=x, loser=y)
    if points_x == ZERO:
        return said("{winner} beats {loser}", winner=y, loser=x)
    return said("{x} and {y} draw", x=x, y=y)


def _recorded_words(x: str, y: str, points_x: Fraction) -> str:
    if points_x == ONE:
        return said("a win for {winner}", winner=x)
    if points_x == ZERO:
        return said("a win for {winner}", winner=y)
    return said("a draw")
