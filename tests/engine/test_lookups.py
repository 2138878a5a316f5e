"""Per-player lookups in standings and comparisons are by index, not by scanning the rows.

The places come from the US Chess order of Fixture A worked by hand (``tests/engine/test_compare.py``: 2; then
3, 1, 16, 4; then 6; ...).  Speed itself is measured, not asserted: ``python -m tools.bench_scale``.
"""
from __future__ import annotations

import pytest

from engine.core.errors import EventError
from engine.core.ordering import Ordering
from engine.ranking.compare_orderings import compare, why_placed
from engine.ranking.standings import StandingsRow, standings
from tests.fixtures import fixture_a


def test_position_and_row_follow_the_order_worked_by_hand():
    st = standings(fixture_a(), Ordering.from_preset("uscf"))
    assert [st.position(t) for t in (2, 3, 1, 16, 4, 6)] == [0, 1, 2, 3, 4, 5]
    assert st.row(16).tpn == 16 and st.row(10).tpn == 10 and st.position(10) == 15
    with pytest.raises(EventError, match="no player with pairing number 99"):
        st.row(99)


def test_the_index_follows_rows_changed_after_it_was_built():
    st = standings(fixture_a(), Ordering.from_preset("uscf"))
    assert st.position(2) == 0
    st.rows.insert(0, StandingsRow(1, 99, "Late entry", {}))     # a table edited by hand (as some tests do)
    assert st.position(99) == 0 and st.position(2) == 1


def test_placements_are_worked_out_on_demand_and_equal_the_direct_answer():
    event = fixture_a()
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss-a")])
    direct = why_placed(standings(event, Ordering.from_preset("fide-swiss-a")), 16)
    assert c.placements["fide-swiss-a"][16] == direct
    assert direct.rank == 2          # legacy list A: 2 alone first, then 16 first of 16, 3, 4, 1
    assert len(c.placements["uscf"]) == 16 and set(c.placements["uscf"]) == set(range(1, 17))
    mover = next(m for m in c.moves if m.tpn == 16)
    assert mover.placements["uscf"].rank == 4 and mover.placements["fide-swiss-a"].rank == 2


@pytest.mark.parametrize("code", ["MM", "BH", "BH/C1", "SB", "CUM", "OCUM", "ARO/C1", "WIN", "BPG", "BWG", "PS"])
@pytest.mark.parametrize("rules", ["uscf", "fide"])
def test_plain_ranks_are_the_ranks_of_the_full_standings(code, rules):
    """The heat map's short cut ranks exactly as the full standings do (a seeded Swiss with byes and forfeits)."""
    from engine.core.ordering import ordering_of
    from engine.events.generator import UnplayedRates, generate_event
    from engine.ranking.standings import plain_ranks
    event = generate_event(60, 7, seed=11, rates=UnplayedRates.typical())
    o = ordering_of([code], rules)
    assert plain_ranks(event, o) == {r.tpn: r.rank for r in standings(event, o).rows}
