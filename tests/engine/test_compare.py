"""engine.ranking.compare_orderings on Fixture A: ranks under several orderings, who moves, and why.

Every expected order is the preset's order for Fixture A (tests/fixtures.py) worked by hand; every value
quoted in a "why" sentence is worked by hand from the crosstable (tests/reference/test_fixture_a.py has the full tables).
"""
from __future__ import annotations

import pytest

from engine.core.ordering import Ordering, ordering_of
from engine.ranking.compare_orderings import compare, criterion_name, single_criterion_ranks, why_placed
from engine.ranking.standings import standings
from tests.fixtures import fixture_a


def ranks_of(groups: list) -> dict[int, int]:
    """The bracket notation ``2; [3, 1, 16, 4]; 6`` -> tpn -> place (every player has his own place)."""
    out, place = {}, 1
    for g in groups:
        for t in (g if isinstance(g, list) else [g]):
            out[t] = place
            place += 1
    return out


USCF = ranks_of([2, [3, 1, 16, 4], 6, [8, 11, 5], [15, 14, 12], [13, 7, 9], 10])                 # US Chess
FIDE_B = ranks_of([2, [3, 4, 16, 1], 6, [8, 11, 5], [15, 12, 14], [7, 13, 9], 10])               # legacy list B, 2026 rules
FIDE_B_2024 = ranks_of([2, [3, 4, 16, 1], 6, [11, 8, 5], [15, 12, 14], [7, 13, 9], 10])          # legacy list B, 2024 rules
FIDE_A = ranks_of([2, [16, 3, 4, 1], 6, [11, 8, 5], [15, 14, 12], [13, 7, 9], 10])               # legacy list A


@pytest.fixture(scope="module")
def event():
    return fixture_a()


def test_ranks_under_each_preset_match_rules_md(event):
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss"),
                        Ordering.from_preset("fide-swiss", rules="fide2024"), Ordering.from_preset("fide-swiss-a")])
    assert [o.label for o in c.orderings] == ["uscf", "fide-swiss", "fide-swiss · fide2024", "fide-swiss-a"]
    assert c.ranks["uscf"] == USCF
    assert c.ranks["fide-swiss"] == FIDE_B
    assert c.ranks["fide-swiss · fide2024"] == FIDE_B_2024
    assert c.ranks["fide-swiss-a"] == FIDE_A
    assert [t for t, _ in c.players] == sorted(USCF, key=USCF.get)      # listed in the first ordering's order


def test_same_order_means_nobody_moves(event):
    """Washington and Puddletown give Fixture A the same order as US Chess."""
    c = compare(event, [Ordering.from_preset(n) for n in ("uscf", "washington", "puddletown")])
    assert c.moves == []


def test_who_moves_between_uscf_and_list_a(event):
    c = compare(event, [Ordering.from_preset("uscf"), Ordering.from_preset("fide-swiss-a")])
    moved = {m.tpn: (m.ranks["uscf"], m.ranks["fide-swiss-a"]) for m in c.moves}
    expected = {t: (USCF[t], FIDE_A[t]) for t in USCF if USCF[t] != FIDE_A[t]}
    assert moved == expected
    assert c.moves[0].spread == max(abs(a - b) for a, b in expected.values())   # biggest movers first
    assert moved[16] == (4, 2)
    # the whole list: biggest spread first, then by the uscf rank, then by pairing number (from the hand-worked
    # orders USCF and FIDE_A)
    assert [m.tpn for m in c.moves] == sorted(expected, key=lambda t: (-abs(USCF[t] - FIDE_A[t]), USCF[t], t))


def test_why_16_is_fourth_under_uscf(event):
    """US Chess: 16 is below 1 on Modified Median (10½ to 11) and above 4 on Solkoff, 12 to 10½."""
    st = standings(event, "MM,BH,CUM,OCUM", "uscf")
    p = why_placed(st, 16)
    assert p.rank == 4
    assert p.decided_by == "BH"
    assert p.words == ("below #1 on Modified Median (10½ to 11); "
                       "above #4 on Buchholz (Solkoff) (12 to 10½)")


def test_why_16_is_second_under_list_a(event):
    """List A: direct encounter leaves {1, 3, 4, 16} tied (not all met); 16 has 3 wins, 3 has 2 (Table A2)."""
    p = compare(event, [Ordering.from_preset("fide-swiss-a")]).placements["fide-swiss-a"][16]
    assert (p.rank, p.decided_by) == (2, "WIN")
    assert p.words == "above #3 on Number of wins (played or not) (3 to 2)"


def test_alone_on_his_score(event):
    st = standings(event, "MM", "uscf")
    assert why_placed(st, 2).words == "alone on 4 points"
    assert why_placed(st, 2).decided_by == "PTS"


def test_shared_place_is_said(event):
    """Modified Median alone: #4 and #16 both have 10½, so they share 4th–5th."""
    st = standings(event, "MM", "uscf")
    p = why_placed(st, 4)
    assert p.rank == 4
    assert p.words.startswith("shares 4 with #16: equal on every criterion")


def test_duplicate_labels_are_made_unique(event):
    c = compare(event, [ordering_of(("MM",), "uscf", name="mine"), ordering_of(("BH",), "uscf", name="mine")])
    assert list(c.ranks) == ["mine", "mine (2)"]


def test_compare_needs_an_ordering(event):
    with pytest.raises(ValueError):
        compare(event, [])


def test_single_criterion_ranks_points_first(event):
    """Points, then MM alone: in the 3½ group #3 12½, #1 11, #4 and #16 10½ (Table A2)."""
    r = single_criterion_ranks(event, ["MM"], "uscf")["MM"]
    assert [r[t] for t in (2, 3, 1, 4, 16, 6)] == [1, 2, 3, 4, 4, 6]


def test_single_criterion_ranks_alone(event):
    """Kashdan alone (Table A2, unplayed 0): 2→16, 16→15, 1 and 3→14, 4, 5, 8→12, 15→11, 6→10, ..."""
    r = single_criterion_ranks(event, ["KASH"], "uscf", points_first=False)["KASH"]
    assert r == {2: 1, 16: 2, 1: 3, 3: 3, 4: 5, 5: 5, 8: 5, 15: 8, 6: 9, 7: 10, 13: 10, 14: 10,
                 10: 13, 11: 13, 9: 15, 12: 16}


def test_criterion_names():
    assert criterion_name("PTS") == "points"
    assert criterion_name("BH/C1") == "Buchholz (Solkoff) (cut 1)"
