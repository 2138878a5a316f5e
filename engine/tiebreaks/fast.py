"""Every tie-break value for every player at once, without traces: the fast path of the standings.

Why a second implementation.  The traced calculators (:mod:`engine.tiebreaks.buchholz`, :mod:`engine.tiebreaks.sonneborn`,
...) build, for each player and round, a row with the words that explain it, and add exact
:class:`~fractions.Fraction` values one by one.  That is what a person explaining *one* value needs, and
far too slow for a ranking of tens of thousands of players recomputed on every click.  Here the event is
turned once into compact per-player columns (kind, opponent index, colour and points as small ints), the
points are scaled to integers (``S`` units per point: quarter points, or finer when a pairing bye is
worth an odd fraction), and every criterion is one pass over those columns with integer arithmetic.
Sonneborn-Berger products are in ``S²`` units; averages and FIDE's half-up roundings are done with
integer division and become exact Fractions only at the end.

The values are *identical* to the traced path's (same numbers, ``Fraction`` where it gives a Fraction,
``int`` where it gives an int, ``None`` where it has no value); ``tests/engine/test_fast.py`` checks that on
many random events under every rule set.  Every rule of :mod:`engine.tiebreaks.context`, :mod:`engine.tiebreaks.cuts` and
the calculators is mirrored here line by line; when one changes, this module must change with it.

Group-dependent criteria (DE, H2H, LOTS) are not values of one player: :mod:`engine.ranking.standings` computes
them over the groups still tied, with its usual code.

>>> from engine.core.example import fide_exercise
>>> from engine.core.rules import rule_set
>>> fv = FastValues(fide_exercise(), rule_set("uscf"))
>>> fv.values(parse_code("MM"))[16], fv.values(parse_code("BH"))[16]
(Fraction(21, 2), Fraction(12, 1))
"""
from __future__ import annotations

from copy import copy
from fractions import Fraction
from itertools import accumulate, islice
from math import lcm
from operator import mul
from typing import Callable, Mapping, Sequence, TypeVar, cast

from engine.core.codes import Criterion, parse_code
from engine.core.errors import EventError
from engine.core.exact import Number
from engine.core.model import Event, Kind
from engine.core.ordering import rounds_counted
from engine.core.rules import Options, RuleSet
from engine.core.said import said
from engine.tiebreaks.cuts import median_ends
from engine.tiebreaks.ratings import dp, papi_estimates, papi_rating_used, papi_value, ptp_value

__all__ = ["FastValues", "Columns", "COLUMNS", "fast_column", "scored_in_play"]

# kinds as small ints, in this order
G, FW, FL, PAB, FPB, HPB, ZPB, ABS = range(8)
_KIND_CODE: dict[Kind, int] = {Kind.G: G, Kind.FW: FW, Kind.FL: FL, Kind.PAB: PAB, Kind.FPB: FPB,
                               Kind.HPB: HPB, Kind.ZPB: ZPB, Kind.ABS: ABS}
#: has an opponent (a game or a forfeit)
HAS_OPP = (True, True, True, False, False, False, False, False)
#: a voluntarily unplayed round (requested bye, absence, forfeit loss), FIDE C.07 art. 16.2
IS_VUR = (False, False, True, False, False, True, True, True)
_COLOUR = {None: 0, "W": 1, "B": 2}
BLACK = 2
T = TypeVar("T")


#: ``column(values, crit)``: every player's value of one criterion, in event player order
Column = Callable[["FastValues", Criterion], "Sequence[Number | None]"]

#: code -> its column (filled by :func:`fast_column`, here and by any family module with a column of its own)
COLUMNS: dict[str, Column] = {}

def fast_column(*codes: str) -> Callable[[Column], Column]:
    """Mark the fast column of ``codes`` (decorator).  A rating-based code's column is not asked for when
    rating criteria are off in the event (every value is None then)."""
    def file(fn: Column) -> Column:
        for code in codes:
            COLUMNS[code] = fn
        return fn
    return file


class Columns:
    """The event as per-player columns over rounds 1..n (index 0 is round 1), players in event order.

    ``opp`` holds the opponent's *index* (-1 without an opponent), ``pts`` the points in ``scale`` units.
    """

    def __init__(self, event: Event, n: int):
        pab = event.pab_points
        self.scale = scale = lcm(4, pab.denominator)
        self.n = n
        self.tpns = [p.tpn for p in event.players]
        index = {t: i for i, t in enumerate(self.tpns)}
        self.index = index
        kinds: list[list[int]] = []
        opps: list[list[int]] = []
        cols: list[list[int]] = []
        pts: list[list[int]] = []
        rated: list[list[bool]] = []
        kc, cc = _KIND_CODE, _COLOUR
        # these loops see every entry (over half a million in a 50,000-player event), so the lookups are
        # the cheap ones: opponents' indices from a list by pairing number, points in units by the id of
        # the Fraction object (the readers share a few constants; Fraction.numerator is a Python property)
        position: list[int] | dict[int, int] = index      # pairing numbers may be sparse and large
        if max(self.tpns, default=0) <= 4 * len(self.tpns) + 64:
            position = [-1] * (max(self.tpns, default=0) + 1)
            for i, t in enumerate(self.tpns):
                position[t] = i
        units: dict[int, int] = {}
        for t in self.tpns:
            row = event.entries[t][:n]
            kinds.append([kc[e.kind] for e in row])
            opps.append([-1 if e.opponent is None else position[e.opponent] for e in row])
            cols.append([cc[e.colour] for e in row])
            pts.append(_units([e.points for e in row], scale, units))
            rated.append([e.rated for e in row])
        self.kind, self.opp, self.colour, self.pts, self.rated = kinds, opps, cols, pts, rated
        self.score = [sum(p) for p in pts]
        self.ratings = [p.rating for p in event.players]
        self.estimated = [p.estimated for p in event.players]
        self.on_time = [p.on_time for p in event.players]


def _units(points: list[Fraction], scale: int, units: dict[int, int]) -> list[int]:
    """The points in ``scale`` units, looked up by the id of each Fraction object in ``units``, which
    learns an object when first met (the event keeps it alive, so its id stays its own)."""
    out = list(map(units.get, map(id, points)))
    if None in out:
        for f in points:
            units[id(f)] = f.numerator * (scale // f.denominator)
        return list(map(units.__getitem__, map(id, points)))
    return cast(list[int], out)   # every Fraction was known: None is not in ``out``


class _Table:
    """The contribution table of one (fore, forfeits-played) variant: what
    :class:`engine.tiebreaks.context.OpponentTable` holds, as numbers.  Per player, only the *counted* rounds, in round order."""

    __slots__ = ("own", "adj", "score", "factor", "vur", "game", "round", "_ordered")

    def __init__(self) -> None:
        self.own: list[int] = []
        self.adj: list[int] = []
        self.score: list[list[int]] = []
        self.factor: list[list[int]] = []
        self.vur: list[list[bool]] = []
        self.game: list[list[bool]] = []
        self.round: list[list[int]] = []
        self._ordered: list[list[int]] | None = None

    def ordered(self) -> list[list[int]]:
        """Each player's counted scores in ascending order, sorted once for every cut and median."""
        if self._ordered is None:
            self._ordered = list(map(sorted, self.score))
        return self._ordered


class FastValues:
    """Values of any non-group criterion for every player, memoised per criterion.

    ``values(crit)`` returns ``{tpn: value}``; the object is also callable with the same meaning, so it
    can serve as :func:`engine.ranking.standings.standings`'s values provider.
    """

    def __init__(self, event: Event, rules: RuleSet, options: Options | None = None,
                 n: int | None = None, cols: Columns | None = None):
        """``rules``: the rule set itself (a name is resolved once, where a person gave it); ``cols``: the
        event's :class:`Columns` over the same ``n`` rounds, when the caller has them already
        (they depend on neither the rule set nor the options; several rule sets may share them, read only)."""
        self.event = event
        self.rules = rules
        self.options = options or Options()
        self.n = n = rounds_counted(event, self.options) if n is None else n
        if cols is not None and cols.n != n:
            raise ValueError(f"columns over {cols.n} rounds given for {n} rounds")
        self.cols = Columns(event, n) if cols is None else cols
        self.S = self.cols.scale
        self.fide_rr = event.is_round_robin and self.rules.fide
        self._tables: dict[tuple[bool, bool], _Table] = {}
        self._memo: dict[str, Sequence[Number | None]] = {}
        self._basis_memo: tuple[list[list[int]], list[list[int]], list[list[int]]] | None = None
        self._fracs: dict[tuple[int, int], Fraction] = {}
        #: set by :meth:`rescored`: whose tables lend the rows not rebuilt, and the rows rebuilt
        self._rebuilt: tuple[FastValues, list[int]] | None = None
        #: facts of the whole field, which no rewriting of points changes and a slice (:meth:`sliced`)
        #: could not see: rating criteria are off (somebody unrated, no substitute); Koya's games
        self.rating_off = self.options.unrated == "off" and any(r is None for r in self.cols.ratings)
        self.koya_games = self._koya_games()

    # -- helpers -------------------------------------------------------------------------------------
    def _frac(self, v: int, den: int) -> Fraction:
        """``Fraction(v, den)``, memoised: a field has few distinct values, and a Fraction is costly."""
        key = (v, den)
        f = self._fracs.get(key)
        if f is None:
            f = self._fracs[key] = Fraction(v, den)
        return f

    def rescored(self, rows: Sequence[int]) -> FastValues:
        """A fresh value cache over the same columns, for a caller that has rewritten some points in them
        (``cols.pts`` and ``cols.score``; a forecast plays out each outcome of the games still to be played
        this way, without building an event per outcome).

        Only the players at ``rows`` (indexes in event order) get their per-round contribution rows rebuilt;
        everybody's score as an opponent is recomputed as usual, but every other player keeps this object's
        rows, which belong to the points as they were.  So a value is right for a player whose criteria read
        only rows at ``rows``: his own, and his opponents' when a criterion looks two steps away (an
        opponent's Buchholz is built from the opponent's rows).  Other players' values must not be read.
        """
        fv = self.fresh()
        fv._rebuilt = (self, list(rows))
        return fv

    def fresh(self) -> FastValues:
        """A fresh value cache over the same columns, every row rebuilt: for a caller that rewrote points in
        the columns of a small slice (:meth:`sliced`), where rebuilding everything costs little."""
        fv = copy(self)
        fv._tables, fv._memo, fv._basis_memo, fv._rebuilt = {}, {}, None, None
        return fv

    def sliced(self, keep: Sequence[int]) -> FastValues:
        """The values over a slice of the field: the players at ``keep`` (indexes in event order), with
        their rows as they are; an opponent outside the slice becomes one stand-in player (absent every
        round) whose values mean nothing.

        Why: a player's tie-breaks read only his own rows and those of the players his criteria look at
        (his opponents, and their opponents when a criterion looks two steps away).  The forecast tabulates
        one player's values for every result of the few games they depend on, and a slice of a dozen rows
        computes that far faster than the whole field.  A value is right for a kept player all of whose
        opponents (and their opponents, two steps away) are kept; facts of the whole field (whether rating
        criteria are off, Koya's number of games in a round robin) are carried over from this object.
        """
        c, n = self.cols, self.n
        keep = list(keep)
        position = {i: j for j, i in enumerate(keep)}
        stand_in = len(keep)
        s = copy(c)
        s.tpns = [c.tpns[i] for i in keep] + [-1]
        s.index = {t: j for j, t in enumerate(s.tpns[:-1])}
        s.kind = [list(c.kind[i]) for i in keep] + [[ABS] * n]
        s.opp = [[-1 if o < 0 else position.get(o, stand_in) for o in c.opp[i]] for i in keep] + [[-1] * n]
        s.colour = [c.colour[i] for i in keep] + [[0] * n]
        s.pts = [list(c.pts[i]) for i in keep] + [[0] * n]
        s.rated = [c.rated[i] for i in keep] + [[False] * n]
        s.score = [c.score[i] for i in keep] + [0]
        s.ratings = [c.ratings[i] for i in keep] + [None]
        s.estimated = [c.estimated[i] for i in keep] + [False]
        s.on_time = [c.on_time[i] for i in keep] + [True]
        fv = self.fresh()
        fv.cols = s                 # the facts of the whole field (rating_off, koya_games) come with the copy
        return fv

    def __call__(self, crit: Criterion) -> Mapping[int, Number | None]:
        return self.values(crit)

    def values(self, crit: Criterion | str) -> dict[int, Number | None]:
        """``{tpn: value}`` for every player, as the traced path's ``ctx.result(crit, tpn).value``."""
        if isinstance(crit, str):
            crit = parse_code(crit)
        return dict(zip(self.cols.tpns, self.column(crit)))

    def column(self, crit: Criterion) -> Sequence[Number | None]:
        """The values in event player order."""
        key = str(crit)
        col = self._memo.get(key)
        if col is None:
            if crit.info.group_dependent:
                raise EventError(said("{code} depends on which players are tied: it is ranked, not computed",
                                      code=crit.code))
            if crit.info.rating_based and self.rating_off:
                col = [None] * len(self.cols.tpns)
            else:
                col = COLUMNS[crit.code](self, crit)
            self._memo[key] = col
        return col

    def _sfrac(self, values: list[int], den: int) -> list[Fraction]:
        """``Fraction(v, den)`` of each value: one Fraction per distinct value, shared by the players."""
        fraction_of = {v: self._frac(v, den) for v in set(values)}
        return list(map(fraction_of.__getitem__, values))

    # -- the contribution table (engine.tiebreaks.context) -------------------------------------------------------
    def table(self, fore: bool, forfeits_played: bool) -> _Table:
        key = (fore, forfeits_played)
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = self._build(fore, forfeits_played)
        return t

    def _build(self, fore: bool, fp: bool) -> _Table:
        c, n = self.cols, self.n
        half = self.S // 2
        K = c.kind
        fore_last = bool(fore and n)
        if fore_last:
            P = [p[:-1] + [half] if HAS_OPP[k[-1]] else p for k, p in zip(K, c.pts)]
        else:
            P = c.pts
        t = _Table()
        t.own = list(map(sum, P))
        t.adj = self._adjusted(P, t.own, fore_last)
        if self._rebuilt is None:
            self._fill_rows(t, K, c.opp, P, fore, fp)
        else:
            self._refill_rows(t, P, fore, fp, *self._rebuilt)
        return t

    def _refill_rows(self, t: _Table, P: list[list[int]], fore: bool, fp: bool, lender: FastValues,
                     rows: list[int]) -> None:
        """:meth:`_fill_rows` for the players at ``rows`` only; the others' rows are ``lender``'s
        (:meth:`rescored`)."""
        c = self.cols
        lent = lender.table(fore, fp)
        sub = _Table()
        sub.own = [t.own[i] for i in rows]
        sub.adj = t.adj                 # opponents are indexes into the whole field
        self._fill_rows(sub, [c.kind[i] for i in rows], [c.opp[i] for i in rows], [P[i] for i in rows], fore, fp)
        t.score = _patched(lent.score, rows, sub.score)
        t.factor = _patched(lent.factor, rows, sub.factor)
        t.vur = _patched(lent.vur, rows, sub.vur)
        t.game = _patched(lent.game, rows, sub.game)
        t.round = _patched(lent.round, rows, sub.round)
        t._ordered = _patched(lent.ordered(), rows, [sorted(s) for s in sub.score])

    def _adjusted(self, P: list[list[int]], own: list[int], fore_last: bool) -> list[int]:
        """Each player's score as an opponent (the rule set's opponent model), in ``S`` units."""
        K, n, half = self.cols.kind, self.n, self.S // 2
        model = self.rules.opponent_model
        if model == "raw":
            return own
        if model in ("uscf", "half"):
            adj = []
            for k, p in zip(K, P):
                otb = 0
                unplayed = 0
                for kk, pp in zip(k, p):
                    if kk == G:
                        otb += pp
                    else:
                        unplayed += 1
                adj.append(otb + half * unplayed)
            return adj
        # fide: trailing voluntarily unplayed rounds count as draws (16.2.5 / 16.3)
        if not n:
            return own
        draw = 0 if self.fide_rr else half
        adj = []
        for k, p, mine in zip(K, P, own):
            if not IS_VUR[k[-1]] or (fore_last and HAS_OPP[k[-1]]):
                adj.append(mine)        # no trailing VUR (most players): the score itself
                continue
            last = 0
            for r in range(n - 1, -1, -1):
                if not IS_VUR[k[r]]:
                    last = r + 1
                    break
            a = sum(p[:last])
            for r in range(last, n):
                a += p[r] if HAS_OPP[k[r]] else draw
            adj.append(a)
        return adj

    def _fill_rows(self, t: _Table, kinds: list[list[int]], opps: list[list[int]], P: list[list[int]],
                   fore: bool, fp: bool) -> None:
        """Per player of ``kinds``/``opps``/``P``/``t.own``, the counted rounds: the opponent's (or the
        dummy's) score, the points scored, VUR and game flags, the round numbers
        (engine.tiebreaks.context.OpponentTable)."""
        n, S = self.n, self.S
        adj = t.adj
        rr = self.fide_rr
        forfeit_game = fp or rr
        own_model = self.rules.own_model
        lichess = own_model == "lichess"
        dummy_vur = self.rules.vur_cut_preference and own_model not in ("zero", "virtual", "lichess")
        no_vur = [False] * n
        all_games = [True] * n
        every_round = list(range(n))
        all_rounds = list(range(1, n + 1))
        opponent_score = adj.__getitem__
        for k, o, p, mine in zip(kinds, opps, P, t.own):
            if k.count(G) == n:     # games only (most players): every round counts the opponent's score
                t.score.append(list(map(opponent_score, o)))
                t.factor.append(p)
                t.vur.append(no_vur)
                t.game.append(all_games)
                t.round.append(all_rounds)
                continue
            # a bye in a FIDE round robin is not counted at all (art. 15)
            rounds = [r for r in every_round if HAS_OPP[k[r]]] if rr else every_round
            games = [k[r] == G or (HAS_OPP[k[r]] and (forfeit_game or (fore and r == n - 1))) for r in rounds]
            t.score.append([adj[o[r]] if g else self._dummy_score(k[r], o[r], p, r, mine, adj)
                            for r, g in zip(rounds, games)])
            if lichess:
                t.factor.append([S if not g and k[r] == PAB else p[r] for r, g in zip(rounds, games)])
            else:
                t.factor.append(p if rounds is every_round else [p[r] for r in rounds])
            if dummy_vur:
                t.vur.append([not g and IS_VUR[k[r]] for r, g in zip(rounds, games)])
            else:
                t.vur.append(no_vur if rounds is every_round else [False] * len(rounds))
            t.game.append(games)
            t.round.append(all_rounds if rounds is every_round else [r + 1 for r in rounds])

    def _dummy_score(self, kind: int, opp: int, p: list[int], r: int, mine: int, adj: list[int]) -> int:
        """The score standing in for the opponent of an unplayed round ``r`` (the rule set's own model)."""
        own_model = self.rules.own_model
        S, n = self.S, self.n
        if own_model == "zero" or (own_model == "lichess" and kind != PAB):
            return 0
        if own_model == "lichess":      # a pairing bye is a win against the virtual opponent
            return sum(p[:r]) + S // 2 * (n - 1 - r)
        if own_model == "virtual":
            return sum(p[:r]) + (S - p[r]) + S // 2 * (n - 1 - r)
        # FIDE dummy opponent with the player's own score, capped under 2026
        if self.rules.dummy_cap:
            return min(mine, adj[opp] if opp >= 0 else S // 2 * n)
        return mine

    # -- Buchholz family ---------------------------------------------------------------------------------
    def _bh_raw(self, crit: Criterion) -> list[int]:
        """Buchholz / Fore Buchholz with cuts and medians, in ``S`` units (engine.tiebreaks.buchholz.buchholz)."""
        t = self.table(crit.code == "FB", crit.forfeits_played)
        low, high = _caps(crit.cut + crit.median, crit.median, self.n)
        if not low and not high:
            return list(map(sum, t.score))
        vur_pref = self.rules.vur_cut_preference and not crit.plain
        out = []
        for scores, vurs, ordered in zip(t.score, t.vur, t.ordered()):
            if vur_pref and True in vurs:
                # the lowest VUR goes first while one is left (its value is never lower than the lowest)
                vv = sorted(s for s, v in zip(scores, vurs) if v)
                taken = min(low, len(vv))
                if taken == low and not high:       # VURs alone are cut (the usual BH/C1)
                    out.append(sum(scores) - sum(vv[:low]))
                    continue
                rest = sorted([s for s, v in zip(scores, vurs) if not v] + vv[taken:])
                rest = rest[low - taken:]
                if high:
                    rest = rest[:max(0, len(rest) - high)]
                out.append(sum(rest))
            else:
                out.append(sum(ordered[low:max(low, len(ordered) - high)]))
        return out

    @fast_column("BH", "FB")
    def _bh(self, crit: Criterion) -> Sequence[Number | None]:
        return self._sfrac(self._bh_raw(crit), self.S)

    @fast_column("MED", "MM")
    def _median(self, crit: Criterion) -> Sequence[Number | None]:
        """US Chess Median and Modified Median (engine.tiebreaks.buchholz.median, engine.tiebreaks.cuts.median_cut)."""
        t = self.table(False, crit.forfeits_played)
        n, S = self.n, self.S
        forum = self.options.mm_forum and crit.code == "MM"
        out = []
        for i, (scores, games) in enumerate(zip(t.score, t.game)):
            own2 = 2 * self.cols.score[i]
            low, high = median_ends(crit.code, n, (own2 > n * S) - (own2 < n * S))
            if low + high >= len(scores):
                out.append(0)
                continue
            pool = [s for s, g in zip(scores, games) if g] if forum else scores
            dropped = sorted(pool)[:low]
            rest = sorted(scores)
            for v in dropped:
                rest.remove(v)
            if high:
                rest = rest[:len(rest) - high]
            out.append(sum(rest))
        return self._sfrac(out, S)

    @fast_column("AOB")
    def _aob(self, crit: Criterion) -> Sequence[Number | None]:
        """Average of the opponents' Buchholz (or Fore Buchholz), over games played over the board."""
        inner = self._bh_raw(Criterion("FB") if crit.fore else Criterion("BH"))
        n, S = self.n, self.S
        places = 2 if n < 9 else 3 if n < 27 else 4 if n < 73 else 5
        scale = 10 ** places
        out: list[Number | None] = []
        zero = Fraction(0)
        opponent_bh = inner.__getitem__
        for k, o in zip(self.cols.kind, self.cols.opp):
            if k.count(G) == n:     # games only (most players)
                total = sum(map(opponent_bh, o))
                count = n
            else:
                total = sum(inner[j] for kk, j in zip(k, o) if kk == G)
                count = k.count(G)
            if not count:
                out.append(None)
            elif not total:
                out.append(zero)
            else:
                den = S * count
                out.append(self._frac((2 * total * scale + den) // (2 * den), scale))
        return out

    @fast_column("OBH")
    def _obh(self, crit: Criterion) -> Sequence[Number | None]:
        """Sum of the opponents' Buchholz, over games played over the board (engine.tiebreaks.buchholz.obh)."""
        inner = self._bh_raw(Criterion("BH"))
        out = [sum(inner[j] for kk, j in zip(k, o) if kk == G) for k, o in zip(self.cols.kind, self.cols.opp)]
        return self._sfrac(out, self.S)

    @fast_column("SB")
    def _sb(self, crit: Criterion) -> Sequence[Number | None]:
        """Sonneborn-Berger with cuts (engine.tiebreaks.sonneborn), in ``S²`` units."""
        t = self.table(False, crit.forfeits_played)
        S2 = self.S * self.S
        low, high = _caps(crit.cut + crit.median, crit.median, self.n)
        products = [list(map(mul, s, f)) for s, f in zip(t.score, t.factor)]
        if not low and not high:
            return self._sfrac(list(map(sum, products)), S2)
        vur_pref = self.rules.vur_cut_preference and not crit.plain
        by_score = not self.options.sb_cut_lichess
        out = []
        for scores, values, vurs, rounds in zip(t.score, products, t.vur, t.round):
            if vur_pref and True in vurs:
                out.append(_fide_cut_sum(values, scores, vurs, rounds, low, high, by_score))
                continue
            # without a VUR only the order matters, and equal keys carry equal values
            keyed = zip(scores, values) if by_score else zip(values, scores)
            if low + high == 1 and values:      # one value dropped (SB/C1): the least (or most), no sort
                dropped = min(keyed) if low else max(keyed)
                out.append(sum(values) - dropped[1 if by_score else 0])
                continue
            ordered = sorted(keyed)
            kept = ordered[low:max(low, len(ordered) - high)]
            out.append(sum(x[1] if by_score else x[0] for x in kept))
        return self._sfrac(out, S2)

    # -- running scores -----------------------------------------------------------------------------------
    @fast_column("PS")
    def _ps(self, crit: Criterion) -> Sequence[Number | None]:
        skip = min(crit.cut, self.n)
        out = [sum(islice(accumulate(p), skip, None)) for p in self.cols.pts]    # running scores, first cut
        return self._sfrac(out, self.S)

    def _cum_raw(self) -> list[int]:
        """Every player's cumulative score in ``S`` units (CUM's column, and what OCUM adds up): made once."""
        got = self._memo.get("(cumulative)")      # no code is written with brackets
        if got is None:
            got = self._memo["(cumulative)"] = self._cum_units()
        return cast(list[int], got)

    def _cum_units(self) -> list[int]:
        mode = self.options.cumulative
        half = self.S // 2
        out = []
        for k, p in zip(self.cols.kind, self.cols.pts):
            running = 0
            total = 0
            if mode == "strict":
                for kk, pp in zip(k, p):
                    if kk == G:
                        running += pp
                    total += running
            else:
                for kk, pp in zip(k, p):
                    running += pp
                    total += running
                    if mode != "none":
                        if kk in (PAB, FPB, FW):
                            total -= pp
                        elif kk == HPB and mode == "us":
                            total -= half
            out.append(total)
        return out

    @fast_column("CUM")
    def _cum(self, crit: Criterion) -> Sequence[Number | None]:
        return self._sfrac(self._cum_raw(), self.S)

    @fast_column("OCUM")
    def _ocum(self, crit: Criterion) -> Sequence[Number | None]:
        cum = self._cum_raw()
        forfeits = self.options.ocum_forfeits
        out = []
        for k, o in zip(self.cols.kind, self.cols.opp):
            total = 0
            for kk, j in zip(k, o):
                if kk == G or (forfeits and HAS_OPP[kk]):
                    total += cum[j]
            out.append(total)
        return self._sfrac(out, self.S)

    # -- own results --------------------------------------------------------------------------------------
    @fast_column("PTS")
    def _pts(self, crit: Criterion) -> Sequence[Number | None]:
        return self._sfrac(self.cols.score, self.S)

    def _koya_games(self) -> int:
        """The games Koya's limit is a share of: every round, less a round robin's byes and the players who
        never played (engine.tiebreaks.counts).  Worked out once, on the whole field."""
        c, n = self.cols, self.n
        maxgames = n
        if self.event.is_round_robin:
            players = len(c.tpns)
            if players and n % players == 0:
                maxgames -= n // players
            maxgames -= sum(1 for k in c.kind if not any(HAS_OPP[kk] for kk in k))
        return maxgames

    @fast_column("KS")
    def _koya(self, crit: Criterion) -> Sequence[Number | None]:
        c, S = self.cols, self.S
        maxgames = self.koya_games
        pct = crit.limit_pct if crit.limit_pct is not None else 50
        # limit = pct/100 * maxgames + shift/2; a score s/S reaches it when 200*s >= S*(2*pct*maxgames + 100*shift)
        bar = S * (2 * pct * maxgames + 100 * crit.limit_shift)
        ok = [200 * s >= bar for s in c.score]
        out = [sum(pp for kk, j, pp in zip(k, o, p) if HAS_OPP[kk] and ok[j]) for k, o, p in zip(c.kind, c.opp, c.pts)]
        return self._sfrac(out, S)

    @fast_column("KASH")
    def _kash(self, crit: Criterion) -> Sequence[Number | None]:
        unplayed = self.options.kashdan_unplayed
        us = self.options.us_forfeits
        S, half = self.S, self.S // 2
        out: list[Number | None] = []
        for k, p in zip(self.cols.kind, self.cols.pts):
            total = 0
            for kk, pp in zip(k, p):
                if kk == G or (us and kk in (FW, FL)):
                    total += 4 if pp == S else 2 if pp == half else 1
                else:
                    total += unplayed
            out.append(total)
        return out

    @fast_column("WIN", "WON", "BPG", "BWG", "REP", "VUR")
    def _counts(self, crit: Criterion) -> Sequence[Number | None]:
        code = crit.code
        c, S = self.cols, self.S
        rr = self.event.is_round_robin
        us = self.options.us_forfeits
        # one expression per code, counted with C-level maps where one fits: these run over every round
        if code == "WIN":
            return [sum(map(S.__le__, p)) for p in c.pts]
        if code == "REP":
            return [len(k) - sum(map(IS_VUR.__getitem__, k)) for k in c.kind]
        if code == "VUR":
            return [sum(map(IS_VUR.__getitem__, k)) for k in c.kind]
        if code == "WON":
            return [sum(1 for kk, pp in zip(k, p) if kk == G and pp >= S) + (k.count(FW) if rr else 0)
                    for k, p in zip(c.kind, c.pts)]
        if code == "BPG":
            return [sum(1 for kk, cc in zip(k, col) if cc == BLACK and (kk == G or (us and HAS_OPP[kk])))
                    for k, col in zip(c.kind, c.colour)]
        # BWG
        return [sum(1 for kk, pp, cc in zip(k, p, col) if cc == BLACK and ((kk == G and pp >= S) or (rr and kk == FW)))
                for k, p, col in zip(c.kind, c.pts, c.colour)]

    @fast_column("TFL")
    def _tfl(self, crit: Criterion) -> Sequence[Number | None]:
        byes = self.options.tfl_byes
        n = self.n
        out: list[Number | None] = []
        for k, p in zip(self.cols.kind, self.cols.pts):
            first = n + 1
            for r, (kk, pp) in enumerate(zip(k, p), 1):
                if (kk == G and pp == 0) or kk == FL or (byes and kk in (ZPB, ABS)):
                    first = r
                    break
            out.append(first)
        return out

    @fast_column("LATE", "RTNG", "TPN")
    def _facts(self, crit: Criterion) -> Sequence[Number | None]:
        c = self.cols
        if crit.code == "LATE":
            return [1 if t else 0 for t in c.on_time]
        if crit.code == "TPN":
            return list(c.tpns)
        sub = self.options.unrated
        if isinstance(sub, int):
            return [sub if r is None else r for r in c.ratings]
        return list(c.ratings)

    # -- ratings (engine.tiebreaks.ratings) -------------------------------------------------------------------------
    def _basis(self) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        """Per player: the counted opponents' ratings, the points of those games, the OTB opponents."""
        got = self._basis_memo
        if got is None:
            c = self.cols
            unrated = self.options.unrated
            sub = unrated if isinstance(unrated, int) and not isinstance(unrated, bool) else None
            rating = [sub if r is None else r for r in c.ratings]
            everyone_rated = None not in rating
            rating_of = cast(list[int], rating).__getitem__   # used only when everyone is rated
            n = self.n
            ratings: list[list[int]] = []
            points: list[list[int]] = []
            otb: list[list[int]] = []
            for k, o, p, rt in zip(c.kind, c.opp, c.pts, c.rated):
                if everyone_rated and k.count(G) == n and False not in rt:
                    # rated games only (most players): every round counts, the columns serve as they are
                    ratings.append(list(map(rating_of, o)))
                    points.append(p)
                    otb.append(o)
                    continue
                counted = [r for r, (kk, ok) in enumerate(zip(k, rt)) if kk == G and ok]
                otb.append([o[r] for r in counted])
                if not everyone_rated:
                    counted = [r for r in counted if rating[o[r]] is not None]
                ratings.append(cast(list[int], [rating[o[r]] for r in counted]))   # the unrated are left out
                points.append([p[r] for r in counted])
            got = self._basis_memo = (ratings, points, otb)
        return got

    @fast_column("ARO")
    def _aro(self, crit: Criterion) -> Sequence[Number | None]:
        low, high = crit.cut + crit.median, crit.median
        kept = self._basis()[0]
        if low or high:
            kept = [rs[low:max(low, len(rs) - high)] for rs in map(sorted, kept)]
        return [_half_up(sum(rs), len(rs)) if rs else None for rs in kept]

    def _over_rated_games(self, value: Callable[[list[int], list[int]], Number | None]) -> list[Number | None]:
        """``value(ratings, points)`` over each player's counted rated games (:meth:`_basis`); None for a
        player without any."""
        return [value(rs, ps) if rs else None for rs, ps in zip(*self._basis()[:2])]

    @fast_column("TPR")
    def _tpr(self, crit: Criterion) -> Sequence[Number | None]:
        S = self.S

        def tpr(rs: list[int], ps: list[int]) -> Number:
            g = len(rs)
            return _half_up(sum(rs), g) + dp((200 * sum(ps) + S * g) // (2 * S * g))
        return self._over_rated_games(tpr)

    @fast_column("PTP")
    def _ptp(self, crit: Criterion) -> Sequence[Number | None]:
        S = self.S
        return self._over_rated_games(lambda rs, ps: ptp_value(rs, Fraction(sum(ps), S)))

    @fast_column("PERF")
    def _perf(self, crit: Criterion) -> Sequence[Number | None]:
        S = self.S

        def perf(rs: list[int], ps: list[int]) -> Number:
            wins_less_losses = sum(1 if pp == S else -1 if pp == 0 else 0 for pp in ps)
            return Fraction(sum(rs) + 400 * wins_less_losses, len(rs))
        return self._over_rated_games(perf)

    @fast_column("LPERF")
    def _lperf(self, crit: Criterion) -> Sequence[Number | None]:
        S = self.S

        def lperf(rs: list[int], ps: list[int]) -> Number:
            return Fraction(sum(r + (500 if pp == S else -500 if pp == 0 else 0) for r, pp in zip(rs, ps)), len(rs))
        return self._over_rated_games(lperf)

    @fast_column("PPR")
    def _ppr(self, crit: Criterion) -> Sequence[Number | None]:
        """Papi's performance (engine.tiebreaks.ratings): scores from games over the board and byes asked for,
        the estimates of the estimated ratings, each player's value from his games over the board."""
        c, S = self.cols, self.S
        counted_kinds = (G, HPB, FPB)
        scores = [Fraction(sum(p for k, p in zip(ks, ps) if k in counted_kinds), S) for ks, ps in zip(c.kind, c.pts)]
        est, _ = papi_estimates(scores, c.ratings, c.estimated, self.n)
        used = [papi_rating_used(r, e, s, est) for r, e, s in zip(c.ratings, c.estimated, scores)]
        out: list[Number | None] = []
        for i, (ks, os_, ps) in enumerate(zip(c.kind, c.opp, c.pts)):
            games = [(o, p) for k, o, p in zip(ks, os_, ps) if k == G]
            out.append(papi_value(used[i], [used[o] for o, _ in games], Fraction(sum(p for _, p in games), S))[0])
        return out

    @fast_column("APRO", "APPO", "OPERF")
    def _opp_average(self, crit: Criterion) -> Sequence[Number | None]:
        inner = {"APRO": "TPR", "APPO": "PTP", "OPERF": "PERF"}[crit.code]
        perf = self.column(Criterion(inner))
        if self.options.unrated == "exclude":     # unrated opponents are left out of every rating average
            ratings = self.cols.ratings
            perf = [None if ratings[j] is None else v for j, v in enumerate(perf)]
        out: list[Number | None] = []
        for os_ in self._basis()[2]:
            vals = [v for v in (perf[j] for j in os_) if v is not None]
            if not vals:
                out.append(None)
            elif crit.code == "OPERF":
                out.append(sum((Fraction(v) for v in vals), Fraction(0)) / len(vals))
            else:
                out.append(_half_up(sum(cast(list[int], vals)), len(vals)))   # TPR and PTP are whole numbers
        return out


def scored_in_play(cols: Columns, i: int) -> int:
    """The local rule "a played score beats an unplayed one" for the player at index ``i``, from the
    columns (:func:`engine.ranking.standings.scored_in_play` on the event): 0 when his whole score came
    from unplayed rounds, 1 otherwise."""
    played = sum(p for k, p in zip(cols.kind[i], cols.pts[i]) if k == G)
    return 0 if played == 0 and cols.score[i] > 0 else 1


def _patched(lent: list[T], rows: list[int], rebuilt: list[T]) -> list[T]:
    """A copy of ``lent`` with the item at ``rows[j]`` replaced by ``rebuilt[j]``."""
    out = list(lent)
    for j, i in enumerate(rows):
        out[i] = rebuilt[j]
    return out


def _caps(low: int, high: int, rounds: int) -> tuple[int, int]:
    """engine.tiebreaks.cuts.fide_cut caps the cut counts by the number of rounds."""
    low = min(low, rounds)
    if low + high > rounds:
        high = rounds - low
    return low, high


def _half_up(total: int, count: int) -> int:
    """``half_up(Fraction(total, count))``: round half away from zero, in integers."""
    if total >= 0:
        return (2 * total + count) // (2 * count)
    return -((-2 * total + count) // (2 * count))


def _fide_cut_sum(values: list[int], scores: list[int], vurs: list[bool], rounds: list[int], low: int,
                  high: int, by_score: bool) -> int:
    """engine.tiebreaks.cuts.fide_cut with the VUR preference, step by step (the caps already applied)."""
    if low == 1 and not high and values:
        return _cut_one_sum(values, scores, vurs, by_score)
    left = list(zip(rounds, values, scores, vurs))
    if by_score:
        def key(it: tuple[int, int, int, bool]) -> tuple[int, int]:
            return (it[2], it[1])
    else:
        def key(it: tuple[int, int, int, bool]) -> tuple[int, int]:
            return (it[1], it[2])
    for _ in range(low):
        if not left:
            break
        lsv = min(left, key=key)            # the first of equals, as min() over the rows in round order
        pick = lsv
        vs = [it for it in left if it[3]]
        if vs:
            v = min(vs, key=lambda it: (it[1], it[2]))
            if not lsv[1] > v[1]:
                pick = v
        left.remove(pick)
    for _ in range(high):
        if not left:
            break
        left.remove(max(left, key=key))
    return sum(it[1] for it in left)


def _cut_one_sum(values: list[int], scores: list[int], vurs: list[bool], by_score: bool) -> int:
    """:func:`_fide_cut_sum` for the usual single cut (SB/C1), without removing rows one by one.

    Only the value of the dropped row matters for the sum.  The lowest row (by the sort key) is
    replaced by the lowest VUR unless the VUR's value is higher, so the value dropped is the larger
    of the two rows' values.
    """
    key = zip(scores, values) if by_score else zip(values, scores)
    lowest = min(key)
    lowest_value = lowest[1] if by_score else lowest[0]
    vur_values = [v for v, vur in zip(values, vurs) if vur]
    if not vur_values:
        return sum(values) - lowest_value
    return sum(values) - max(lowest_value, min(vur_values))
