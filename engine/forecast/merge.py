"""One tied player's values over many games, without trying every combination of them.

:mod:`engine.forecast.groups` needs, for each player who can tie for a place, the chance of each of
his tie-break values given the results of a few games (the leaders' own, and those he shares with the
others in his tie), summed over the rest.  Trying every combination of "the rest" costs 3^k: in a real
100-player Swiss with eleven rounds, a leader's ten opponents each have a game of their own, and 3^10
is 59,049 evaluations for one player.

Those games reach him only through his rows: a row is one round of his, and its numbers (the opponent's
score, his own points in that round, the opponent's running score) depend on one game at most, the one
his opponent of that round is still to play.  The criteria we merge for are sums over those rows, some
with the lowest or highest rows left out:

* Buchholz and Fore Buchholz (with or without cuts and medians), the Median and Modified Median,
  Sonneborn-Berger (with or without cuts), the opposition's cumulative score.

For such a criterion, everything the rows that move can change is summed up by a few numbers: their
sum, and their lowest and highest rows (as many as the criterion can leave out).  Two combinations of
results that agree on those numbers give the same values, so they are one *state*: the games are
added one at a time, each state split three ways and states that agree merged (their chances added).
The number of states stays small (sums over a narrow range of scores), where the combinations multiply.

Nothing is approximated.  The values are not computed from the state: each final state keeps one
combination of results that reaches it, and the value is worked out on that combination by the same
code as every other value (:class:`engine.tiebreaks.fast.FastValues`), so the state only decides which
combinations are the same, never what the value is.  Why the numbers suffice:

* a sum: the rows that do not move add the same amount in every combination;
* leaving out the ``low`` lowest and ``high`` highest rows (with the FIDE preference for cutting a
  voluntarily unplayed round first, which only ever picks among rows that do not move): the rows left
  out are among the ``low`` lowest and the ``high`` highest of those that move, or rows that do not
  move, so those and the sum fix the total of the rows kept.

A player is merged only when that reasoning holds for him: every criterion of the order is one of those
above, or one computed from his own rounds and fixed facts, or one that depends on the tied group (those
read only the games among the tied players); a row that moves is never a voluntarily unplayed round;
the US Chess forum variant of the Modified Median (which cuts among games only) is off.  Otherwise the
caller tabulates every combination as before.  ``tests/engine/test_forecast_merge.py`` checks the merged
answer equals the plain enumeration on random events under every rule set.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeAlias

import numpy as np

from engine.core.codes import Criterion
from engine.core.exact import Number
from engine.core.model import PendingGame
from engine.core.rules import Options
from engine.forecast.group_common import Key
from engine.ranking.standings import sort_key
from engine.tiebreaks.cuts import median_ends, median_k
from engine.tiebreaks.fast import FastValues, scored_in_play

__all__ = ["MERGED_CODES", "Merged", "mergeable", "NotMergeable", "TooManyValues"]

#: the criteria whose values a player's moving rows reach only through their sum and their extremes
MERGED_CODES = frozenset({"BH", "FB", "MED", "MM", "SB", "OCUM"})

#: one moving row as a cut reads it: two numbers that order it, then what it adds to the sum
Row: TypeAlias = tuple[int, int, int]
#: what the moving rows give a criterion with cuts: their sum, their number, the lowest and highest rows
Cut: TypeAlias = tuple[int, int, tuple[Row, ...], tuple[Row, ...]]
#: one state: per merged criterion, a plain sum (int) or a :data:`Cut`
State: TypeAlias = tuple["int | Cut", ...]
#: what one result of one game adds: per merged criterion, to its sum (int) or its rows
Move: TypeAlias = tuple["int | tuple[Row, ...]", ...]

#: outcomes of one game, from White's side: White wins, draw, Black wins
DRAW = 1


class NotMergeable(Exception):
    """The merging does not hold for this player (see the module text); the caller tabulates instead."""


class TooManyValues(Exception):
    """The player's values can take more different keys than the caller can compare tie by tie."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} different values")
        self.count = count


def mergeable(crits: Sequence[Criterion], own_only: frozenset[str], options: Options) -> bool:
    """Whether every criterion of the order is one the merging knows (or reads no game beyond the
    player's own or the tied group's)."""
    if options.mm_forum:
        return False
    return all(c.info.group_dependent or c.code in own_only or c.code in MERGED_CODES for c in crits)


@dataclass(frozen=True)
class _Rule:
    """How one criterion reads the moving rows."""

    crit: Criterion
    table: tuple[bool, bool] | None   #: the contribution table it cuts from (fore, forfeits played); None: a sum
    low: int
    high: int
    product: bool                 #: its rows are opponent's score times own points (Sonneborn-Berger)
    by_score: bool                #: rows ordered by the opponent's score first (else by the product)


class Merged:
    """One player's values for every result of the games he reads, states merged (module text).

    ``games`` are the games his values depend on (in the caller's order), ``leaders`` marks those whose
    results are given with every question (the leaders' games, his own among them); ``keep`` the slice of
    the field around him (he is ``keep[0]``); ``parts`` the results of the leaders' games for which his
    values are needed; ``weights`` each game's three weights.

    Every game but his own is a *moving* game: its result moves some of his rows.  His own game's result
    changes his own rounds (and with them every criterion), so the states are kept per result of his own
    game; the leaders' other games are moving games whose results are given.
    """

    def __init__(self, base: FastValues, crits: Sequence[Criterion], options: Options, keep: list[int],
                 games: list[PendingGame], leaders: list[bool], parts: set[tuple[int, ...]],
                 weights: Sequence[Sequence[float | int]], max_values: int | None = None):
        self.crits = list(crits)
        self.options = options
        self.sliced = base.sliced(keep)
        cols = self.sliced.cols
        self.cols = cols
        self.n = base.n
        self.scale = cols.scale * cols.scale
        unit = cols.scale
        self.points = ((unit, unit // 2, 0), (0, unit // 2, unit))
        self.cells = [(cols.index.get(w), cols.index.get(b), r - 1) for r, w, b in games]
        me = cols.tpns[0]
        self.weights = [tuple(w) for w in weights]
        self.leaders = [i for i, lead in enumerate(leaders) if lead]
        own = [i for i, (_, w, b) in enumerate(games) if me in (w, b)]
        self.own: int | None = own[0] if own else None
        #: the moving games: all but his own
        self.moving = [i for i in range(len(games)) if i != self.own]
        self.rules = [self._rule(c) for c in self.crits if not c.info.group_dependent and c.code in MERGED_CODES]
        self.merged_at = [j for j, c in enumerate(self.crits) if not c.info.group_dependent and c.code in MERGED_CODES]
        #: per result of his own game (None: he has none): per moving game and result, what it adds
        self._moves: dict[int | None, dict[int, tuple[Move, Move, Move]]] = {}
        #: per result of his own game: per merged criterion, the lowest and highest rows it keeps
        self._ends: dict[int | None, list[tuple[int, int]]] = {}
        #: per result of his own game: the key of each state met so far
        self._keys: dict[int | None, dict[State, Key]] = {}
        #: per result of his own game: each state met by a number, and the state a game's result leads to
        self._ids: dict[int | None, dict[State, int]] = {}
        self._states: dict[int | None, list[State]] = {}
        self._next: dict[int | None, dict[tuple[int, int], dict[int, int]]] = {}
        #: per result of his own game: his values of the criteria read from his own rounds alone
        self._own_values: dict[int | None, list[tuple[int, Number] | None]] = {}
        #: every distinct key he can have, by a number (:meth:`numbered_dist`), and per result of his own
        #: game the number of each state's key (-1 until asked)
        self.key_list: list[Key] = []
        self._key_numbers: dict[Key, int] = {}
        self._state_keys: dict[int | None, list[int]] = {}
        self.evaluations = 0
        #: states carried from one game to the next (:meth:`numbered_dist`, :meth:`table`), all calls together
        self.work = 0
        #: per result of the leaders' games: :meth:`table`
        self._tables: dict[tuple[int, ...], tuple[list[int], np.ndarray]] = {}
        self.parts = sorted(parts)
        self._reachable: dict[tuple[int, ...], list[Key]] = {}
        for part in self.parts:
            self._reachable[part] = self._reach(part)
            if max_values is not None and len(self._reachable[part]) > max_values:
                raise TooManyValues(len(self._reachable[part]))

    # -- the rules ---------------------------------------------------------------------------------------
    def _rule(self, c: Criterion) -> _Rule:
        n = self.n
        if c.code in ("MED", "MM"):         # before his score is known: both ends, as the Median
            k = median_k(n)
            return _Rule(c, (False, c.forfeits_played), k, k, False, True)
        if c.code == "OCUM":
            return _Rule(c, None, 0, 0, False, True)
        low = min(c.cut + c.median, n)
        high = c.median if low + c.median <= n else n - low
        product = c.code == "SB"
        if not low and not high:
            return _Rule(c, None, 0, 0, product, True)
        return _Rule(c, (c.code == "FB", c.forfeits_played), low, high, product, not self.options.sb_cut_lichess)

    # -- setting results in the slice ---------------------------------------------------------------------
    def _set(self, i: int, result: int) -> None:
        iw, ib, r = self.cells[i]
        cols = self.cols
        if iw is not None:
            cols.pts[iw][r] = self.points[0][result]
            cols.score[iw] = sum(cols.pts[iw])
        if ib is not None:
            cols.pts[ib][r] = self.points[1][result]
            cols.score[ib] = sum(cols.pts[ib])

    def _own_part(self, part: tuple[int, ...]) -> tuple[int | None, dict[int, int]]:
        """The result of his own game in ``part``, and the results it gives the other leaders' games."""
        given = dict(zip(self.leaders, part))
        own = None if self.own is None else given.pop(self.own)
        return own, given

    def _sums(self, fv: FastValues) -> list[int]:
        """Each plain-sum rule's value for him in whole units."""
        out = []
        for rule in self.rules:
            if rule.table is None:
                v = fv.column(rule.crit)[0]
                out.append(int((v or 0) * self.scale))
            else:
                out.append(0)
        return out

    def _rows(self, fv: FastValues, rule: _Rule, opponents: set[int]) -> tuple[Row, ...]:
        """His rows that face ``opponents`` in the rule's table, as the rule orders and sums them."""
        assert rule.table is not None
        t = fv.table(*rule.table)
        opp = self.cols.opp[0]
        out: list[Row] = []
        for score, factor, vur, rnd in zip(t.score[0], t.factor[0], t.vur[0], t.round[0]):
            if opp[rnd - 1] not in opponents:
                continue
            if vur:
                raise NotMergeable("a voluntarily unplayed round moves")
            if rule.product:
                value = score * factor
                out.append((score, value, value) if rule.by_score else (value, score, value))
            else:
                out.append((score, 0, score))
        return tuple(sorted(out))

    def _moves_for(self, own: int | None) -> dict[int, tuple[Move, Move, Move]]:
        """What each result of each moving game adds, his own game's result being ``own`` (measured on the
        slice: each moving game in turn, the others drawn)."""
        got = self._moves.get(own)
        if got is not None:
            return got
        if own is not None and self.own is not None:
            self._set(self.own, own)
        self._ends[own] = self._ends_for(2 * self.cols.score[0])
        for i in self.moving:
            self._set(i, DRAW)
        base = self._sums(self.sliced.fresh())
        self.evaluations += 1
        moves: dict[int, tuple[Move, Move, Move]] = {}
        for i in self.moving:
            iw, ib, _ = self.cells[i]
            facing = {j for j in (iw, ib) if j is not None}
            per_result: list[Move] = []
            for result in range(3):
                self._set(i, result)
                fv = self.sliced.fresh()
                sums = self._sums(fv)
                self.evaluations += 1
                per_result.append(tuple(sums[k] - base[k] if rule.table is None else self._rows(fv, rule, facing)
                                        for k, rule in enumerate(self.rules)))
            self._set(i, DRAW)
            moves[i] = (per_result[0], per_result[1], per_result[2])
        self._moves[own] = moves
        return moves

    def _ends_for(self, twice_score: int) -> list[tuple[int, int]]:
        """Per merged criterion, how many of the lowest and highest rows decide it, his score (twice it, in
        the columns' units) being known: the Modified Median drops only the lowest opponents of a player
        with a plus score and only the highest of one with a minus score (:func:`median_ends`), so the other
        end need not be kept (states that differ there give the same values, and would be worked out twice)."""
        whole = self.n * self.cols.scale
        side = (twice_score > whole) - (twice_score < whole)
        return [median_ends("MM", self.n, side) if rule.crit.code == "MM" else (rule.low, rule.high)
                for rule in self.rules]

    def _start(self) -> State:
        return tuple(0 if r.table is None else (0, 0, (), ()) for r in self.rules)

    def _reach(self, part: tuple[int, ...]) -> list[Key]:
        """Every key he can have for this result of the leaders' games."""
        own, given = self._own_part(part)
        self._begin(own)
        # each state (by its number) with the first results met that lead to it
        states: dict[int, tuple[tuple[int, int], ...]] = {0: ()}
        for i in self.moving:
            choices = (given[i],) if i in given else tuple(r for r in range(3) if self.weights[i][r])
            nxt: dict[int, tuple[tuple[int, int], ...]] = {}
            for state, combo in states.items():
                for result in choices:
                    s = self._step(own, state, i, result)
                    if s not in nxt:
                        nxt[s] = combo + ((i, result),)
            states = nxt
        keys = self._keys.setdefault(own, {})
        every = self._states[own]
        for state, combo in states.items():
            if every[state] not in keys:
                keys[every[state]] = self._key(own, combo)
        return list(dict.fromkeys(keys[every[s]] for s in states))

    def _add(self, state: State, move: Move, ends: list[tuple[int, int]]) -> State:
        """The state after ``move``, each cut keeping the lowest and highest rows ``ends`` asks for."""
        out: list[int | Cut] = []
        for (low, high), have, more in zip(ends, state, move):
            if isinstance(have, int):
                assert isinstance(more, int)
                out.append(have + more)
                continue
            assert isinstance(more, tuple)
            if not more:
                out.append(have)
                continue
            total, count, lows, highs = have
            total += sum(row[2] for row in more)
            count += len(more)
            if count <= low + high:
                out.append((total, count, tuple(sorted(lows + more)), ()))
            else:
                rows = sorted(lows + highs + more)
                out.append((total, count, tuple(rows[:low]), tuple(rows[len(rows) - high:]) if high else ()))
        return tuple(out)

    def _key(self, own: int | None, combo: tuple[tuple[int, int], ...]) -> Key:
        """His key with his own game's result ``own`` and the moving games' results ``combo``, worked out on
        the slice by the same code as every other value."""
        if own is not None and self.own is not None:
            self._set(self.own, own)
        for i, result in combo:
            self._set(i, result)
        fv = self.sliced.fresh()
        self.evaluations += 1
        fixed = self._own_values.get(own)
        if fixed is None:
            fixed = self._own_values[own] = self._own_key(fv)
        key = list(fixed)
        for j in self.merged_at:
            c = self.crits[j]
            key[j + (1 if self.options.played_score_first else 0)] = sort_key(fv.column(c)[0], c.higher_is_better)
        return tuple(key)

    def _own_key(self, fv: FastValues) -> list[tuple[int, Number] | None]:
        """The key with the merged criteria left blank (those read from his own rounds filled in)."""
        key: list[tuple[int, Number] | None] = []
        if self.options.played_score_first:
            key.append(sort_key(scored_in_play(self.cols, 0), True))
        merged = set(self.merged_at)
        for j, c in enumerate(self.crits):
            key.append(None if c.info.group_dependent or j in merged else sort_key(fv.column(c)[0], c.higher_is_better))
        return key

    # -- what the caller asks ------------------------------------------------------------------------------
    def keys(self, part: tuple[int, ...]) -> list[Key]:
        """Every key he can have for this result of the leaders' games."""
        return self._reachable[part]

    def _step(self, own: int | None, state: int, i: int, result: int) -> int:
        """The number of the state that ``state`` (a number) leads to when game ``i`` has ``result``."""
        table = self._next[own].setdefault((i, result), {})
        got = table.get(state)
        if got is None:
            new = self._add(self._states[own][state], self._moves[own][i][result], self._ends[own])
            ids = self._ids[own]
            got = ids.get(new)
            if got is None:
                got = ids[new] = len(self._states[own])
                self._states[own].append(new)
            table[state] = got
        return got

    def table(self, part: tuple[int, ...]) -> tuple[list[int], np.ndarray]:
        """For this result of the leaders' games, every result of the other games at once: the games (their
        positions in ``games``, one array axis each), and the number of his key in ``key_list`` for each
        combination of their results (a result that cannot happen, of weight 0, is given any key).

        The states are carried a game at a time on whole arrays: only the few distinct states of each step
        are added up in Python (:meth:`_step`), and every combination reads its state from them."""
        got = self._tables.get(part)
        if got is not None:
            return got
        own, given = self._own_part(part)
        self._begin(own)
        state = 0
        for i in self.moving:
            if i in given:
                state = self._step(own, state, i, given[i])
        free = [i for i in self.moving if i not in given]
        states = np.array(state, dtype=np.intp)
        for i in free:
            distinct, at = np.unique(states, return_inverse=True)
            self.work += len(distinct)
            # a result that cannot happen (weight 0) is given the state of one that can: its weight keeps it out
            can = [r if self.weights[i][r] else next(q for q in range(3) if self.weights[i][q]) for r in range(3)]
            after = np.array([[self._step(own, int(s), i, r) for r in can] for s in distinct], dtype=np.intp)
            states = after[at.reshape(states.shape)]
        distinct, at = np.unique(states, return_inverse=True)
        numbers = np.array([self._number(own, int(s)) for s in distinct], dtype=np.intp)
        got = self._tables[part] = (free, numbers[at.reshape(states.shape)])
        return got

    def _begin(self, own: int | None) -> None:
        """Make ready the moves and the numbered states for this result of his own game."""
        self._moves_for(own)
        if own not in self._ids:
            start = self._start()
            self._ids[own], self._states[own], self._next[own] = {start: 0}, [start], {}

    def _number(self, own: int | None, state: int) -> int:
        """The number in ``key_list`` of the key of state number ``state``."""
        numbers = self._state_keys.setdefault(own, [])
        every = self._states[own]
        numbers.extend([-1] * (len(every) - len(numbers)))
        n = numbers[state]
        if n < 0:
            k = self._keys[own][every[state]]
            n = self._key_numbers.get(k, -1)
            if n < 0:
                n = self._key_numbers[k] = len(self.key_list)
                self.key_list.append(k)
            numbers[state] = n
        return n

    def numbered_dist(self, part: tuple[int, ...], known: dict[int, int]) -> dict[int, float | int]:
        """The weight of each of his keys, for this result of the leaders' games and the results ``known``
        of some other games (positions in ``games``), summed over the rest.  Each key is given by its number
        in ``key_list``: a key's values (fractions) are compared once, when it is first met, not every time
        it is counted."""
        own, given = self._own_part(part)
        given.update(known)
        self._begin(own)
        states: dict[int, float | int] = {0: 1}
        weights = self.weights
        for i in self.moving:
            fixed = given.get(i)
            nxt: dict[int, float | int] = {}
            self.work += len(states)
            for state, w in states.items():
                if fixed is not None:
                    s = self._step(own, state, i, fixed)
                    nxt[s] = nxt.get(s, 0) + w
                    continue
                for result in range(3):
                    wr = w * weights[i][result]
                    if wr:
                        s = self._step(own, state, i, result)
                        nxt[s] = nxt.get(s, 0) + wr
            states = nxt
        out: dict[int, float | int] = {}
        for state, w in states.items():
            n = self._number(own, state)
            out[n] = out.get(n, 0) + w
        return out
