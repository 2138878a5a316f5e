"""The pause of the garbage collector around large rankings, and the values one comparison shares between its
orderings (Compare on 20,000 players under 2 s of CPU).

Sharing must never change a value: every ranking a comparison makes is checked against the same ordering
ranked on its own, with nothing shared, and the column of a rule-independent code against the same code under
another rule set computed apart.
"""
from __future__ import annotations

import gc
import threading
import weakref

import pytest

from engine.core.codes import CODES, parse_code
from engine.core.collector import collector_paused
from engine.core.ordering import Ordering, ordering_of
from engine.core.rules import rule_set
from engine.events.generator import UnplayedRates, generate_event
from engine.ranking.compare_orderings import compare
from engine.ranking.standings import shared_fast_values, standings
from engine.tiebreaks.context import Context
from engine.tiebreaks.fast import FastValues


def test_the_collector_is_off_inside_and_back_on_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():            # nested: still off, and the inner exit does not switch it on
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_stays_off_when_it_was_off_before() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()           # the command line switches it off for a whole run: left as it was
    finally:
        gc.enable()


def test_the_pause_is_given_back_when_the_work_fails() -> None:
    with pytest.raises(ValueError):
        with collector_paused():
            raise ValueError("boom")
    assert gc.isenabled()


class _Node:
    other: object = None


def test_a_cycle_built_during_a_pause_is_still_collected() -> None:
    """What the pause builds goes to the oldest generation when it ends: still collected, never leaked."""
    with collector_paused():
        a, b = _Node(), _Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
    del a, b                                    # a cycle: reference counting alone cannot free it
    gc.collect()
    assert gone() is None


def test_objects_somebody_else_froze_stay_frozen() -> None:
    """The command line freezes everything before it exits: a pause ending then must not thaw it."""
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with collector_paused():
            _Node()
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_two_threads_share_one_pause() -> None:
    inside, leave = threading.Event(), threading.Event()

    def other() -> None:
        with collector_paused():
            inside.set()
            leave.wait(5)
    worker = threading.Thread(target=other)
    worker.start()
    assert inside.wait(5)
    with collector_paused():
        pass
    assert not gc.isenabled()               # the other thread is still inside: the first one out leaves it off
    leave.set()
    worker.join(5)
    assert gc.isenabled()


def test_many_small_rankings_leave_no_dead_objects_behind() -> None:
    """A ranking's objects hold reference cycles (the standings and their context).  A small ranking's stay young,
    so the next young collection frees them; 500 rankings of 16 players left about 150,000 dead objects alive when
    every pause sent its work to the oldest generation, which is seldom collected."""
    small = generate_event(16, 5, seed=3)
    order = Ordering.from_preset("fide-swiss")
    threshold = gc.get_threshold()
    gc.set_threshold(700, 10, 10)       # Python's own (a program may raise it: then young objects live longer)
    try:
        standings(small, order)
        gc.collect()
        before = len(gc.get_objects())
        for _ in range(500):
            standings(small, order)
        assert len(gc.get_objects()) - before < 10_000
    finally:
        gc.set_threshold(*threshold)


def test_young_objects_from_before_a_pause_do_not_make_it_large() -> None:
    """Under a raised threshold (mypy sets 200,000) many young objects may be alive when a small ranking starts;
    they are not its work, and the ranking's objects stay young."""
    from engine.core.collector import LARGE_WORK
    threshold = gc.get_threshold()
    gc.set_threshold(10 * LARGE_WORK, 10, 10)
    try:
        gc.collect()
        earlier = [[i] for i in range(LARGE_WORK + 1000)]
        assert gc.get_count()[0] >= LARGE_WORK
        with collector_paused():
            _Node()
        assert gc.get_count()[0] >= LARGE_WORK          # still young: nothing was moved to the oldest generation
        assert id(earlier[0]) not in {id(x) for x in gc.get_objects(generation=2)}
    finally:
        gc.set_threshold(*threshold)


def test_a_large_ranking_still_goes_to_the_oldest_generation() -> None:
    """The work of a large ranking (beyond LARGE_WORK objects) is not scanned again as new objects."""
    from engine.core.collector import LARGE_WORK
    gc.collect()
    with collector_paused():
        kept = [[i] for i in range(LARGE_WORK + 1000)]
        assert gc.get_count()[0] >= LARGE_WORK
    assert gc.get_count()[0] < 1000                 # young no more: moved to the oldest generation
    tracked = {id(x) for x in gc.get_objects(generation=2)}
    assert id(kept[0]) in tracked and id(kept[-1]) in tracked


EVENT = generate_event(60, 7, seed=27, rates=UnplayedRates.typical())
ORDERINGS = [Ordering.from_preset(p) for p in ("uscf", "fide-swiss", "fide-swiss-a")] + [
    ordering_of(Ordering.from_preset("uscf"), "fide", name="yours · fide")]


def test_each_ranking_of_a_comparison_is_the_ordering_ranked_alone() -> None:
    c = compare(EVENT, ORDERINGS)
    for o in ORDERINGS:
        alone = standings(EVENT, o)
        assert [(r.tpn, r.rank, r.values) for r in c.standings[o.label].rows] == \
            [(r.tpn, r.rank, r.values) for r in alone.rows]
        assert [s.criterion for s in c.standings[o.label].separated_by] == [s.criterion for s in alone.separated_by]


@pytest.mark.parametrize("code", ["CUM", "OCUM", "WIN", "BPG", "ARO/C1", "PS", "KS"])
def test_a_rule_independent_code_is_shared_with_the_same_values_as_apart(code: str) -> None:
    crit = parse_code(code)
    assert not CODES[crit.code].depends_on_rules
    provider = shared_fast_values()
    under_uscf = provider(Context(EVENT, rule_set("uscf")), crit)
    under_fide = provider(Context(EVENT, rule_set("fide")), crit)
    assert under_fide is under_uscf                      # worked out once
    assert dict(under_fide) == FastValues(EVENT, rule_set("fide")).values(crit)


def test_a_rule_dependent_code_is_not_shared() -> None:
    provider = shared_fast_values()
    bh = parse_code("BH")
    assert dict(provider(Context(EVENT, rule_set("uscf")), bh)) == FastValues(EVENT, rule_set("uscf")).values(bh)
    assert dict(provider(Context(EVENT, rule_set("fide")), bh)) == FastValues(EVENT, rule_set("fide")).values(bh)


def test_standings_with_direct_encounter_still_pickle() -> None:
    """Direct encounter keeps each player's counted rounds in the context (a closure); a job sends standings back
    and a cache may pickle them, so that index is left out like the fast columns, and the copy ranks the same."""
    import pickle
    table = standings(EVENT, Ordering.from_preset("fide-swiss-a"))
    assert table.context is not None and any(k[1] == "de-opponents" for k in table.context._memos)
    copy = pickle.loads(pickle.dumps(table))
    assert [(r.tpn, r.rank, r.values) for r in copy.rows] == [(r.tpn, r.rank, r.values) for r in table.rows]
