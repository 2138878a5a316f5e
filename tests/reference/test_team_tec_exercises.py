"""FIDE TEC's team exercises 34-49 (Exercises in Tie-Breaking, 2023) on the book's 14-team crosstable.

Every expected number below is the book's, checked by hand where the note says so.  The book predates the
2026 caps on the dummy opponent, so its values are those of the 2024 edition (``fide2024``).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.teams.codes import parse_team_code, parse_team_codes
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.encounter import split_group
from engine.teams.model import players_event
from engine.teams.standings import team_standings
from engine.teams.tiebreaks import compute
from tests.engine.team_tec import TOTALS, tec_event

EVENT = tec_event()
CTX = TeamContext(EVENT, "fide2024")
F = Fraction


def values(code: str, ctx: TeamContext = CTX) -> dict[int, Fraction]:
    crit = parse_team_code(code)
    return {t: F(compute(ctx, crit, t).value or 0) for t in EVENT.tpns}


def test_the_crosstable_gives_the_book_match_and_game_points():
    for t, (mp, gp) in TOTALS.items():
        assert (EVENT.mp(t), EVENT.gp(t)) == (F(mp), F(gp)), t


def test_ex34_the_other_score_is_game_points_when_match_points_lead():
    assert values("MPvGP") == {t: F(gp) for t, (_, gp) in TOTALS.items()}
    assert values("GPTS")[5] == 18 and values("MPTS")[5] == 10


def test_ex35_buchholz_on_match_points():
    # Antelopes by hand: 7 + 10 + 7 (Giraffes' last-round zero-point bye counts as a draw) + 10 + 10
    # + 10 (the forfeit win: a dummy with Antelopes' own 10) + 10 = 64
    assert values("BH:MP") == {1: 64, 2: 57, 3: 58, 4: 56, 5: 55, 6: 46, 7: 44, 8: 41, 9: 50, 10: 44, 11: 41,
                               12: 41, 13: 52, 14: 36}


def test_ex36_buchholz_cut_1():
    assert values("BH:MP/C1") == {1: 57, 2: 52, 3: 53, 4: 52, 5: 53, 6: 39, 7: 38, 8: 39, 9: 48, 10: 42, 11: 39,
                                  12: 39, 13: 48, 14: 32}


def test_ex37_buchholz_on_game_points_cut_1():
    got = values("BH:GP/C1")
    assert got[1] == F(201, 2) and values("BH:GP")[1] == 114
    assert got == {1: F(201, 2), 2: 96, 3: 97, 4: F(189, 2), 5: F(183, 2), 6: F(159, 2), 7: 83, 8: F(165, 2),
                   9: 90, 10: F(169, 2), 11: F(161, 2), 12: F(169, 2), 13: F(179, 2), 14: F(151, 2)}


def test_ex38_emmsb_and_its_cut_which_is_not_the_smallest_product():
    # Antelopes: 2x7 + 0x10 + 2x7 + 2x10 + 0x10 + 2x10 + 2x10 = 88; cut: an opponent on 7 MP (14), not a 0
    assert {t: v for t, v in values("EMMSB").items() if t <= 5} == {1: 88, 2: 74, 3: 76, 4: 72, 5: 70}
    assert {t: v for t, v in values("EMMSB/C1").items() if t <= 5} == {1: 74, 2: 64, 3: 66, 4: 64, 5: 66}
    trace = compute(CTX, parse_team_code("EMMSB/C1"), 1).trace
    dropped = [r for r in trace.rows if r.dropped]
    assert len(dropped) == 1 and dropped[0].value == 14 and "fewest MP (7)" in dropped[0].drop_reason
    assert "not the smallest" in dropped[0].drop_reason


SUMMARY = {  # the book's summary table: EMMSB, EGMSB, EMGSB, EGGSB
    1: (88, "158", "158.5", "283"), 2: (74, "144", "131", "249.75"), 3: (76, "150", "128", "247.5"),
    4: (72, "146", "130", "253.5"), 5: (70, "132", "125", "236"), 6: (32, "79.5", "73", "157.5"),
    7: (33, "78.5", "68.5", "155"), 8: (30, "79", "77", "181.5"), 9: (26, "66.5", "83", "180"),
    10: (19, "53", "72.5", "161.75"), 11: (16, "45", "61", "138.5"), 12: (6, "19", "33.5", "83.75"),
    13: (30, "72", "73", "152.5"), 14: (19, "48", "58", "140.75")}


@pytest.mark.parametrize("col,code", [(0, "EMMSB"), (1, "EGMSB"), (2, "EMGSB"), (3, "EGGSB")])
def test_ex39_to_41_the_four_extended_sonneborn_berger_systems(col, code):
    # Falcons' EMMSB: the book's summary prints 33, its own working (a lost forfeit adds nothing) gives 32
    assert values(code) == {t: F(row[col]) for t, row in SUMMARY.items()}


def test_ex42_to_45_extended_direct_encounter():
    ede = parse_team_code("EDE")
    assert split_group(CTX, ede, [11, 14]).parts == [[11, 14]]          # 2-2, equal game points
    assert split_group(CTX, ede, [6, 8]).parts == [[6], [8]]            # Falcons won their match 3-1
    three = split_group(CTX, ede, [7, 9, 13])
    assert three.parts == [[7, 9, 13]]                                   # Iguanas and Moose never met
    assert any("whatever the missing matches" in s for s in three.steps)
    # five teams, 4 MP each; game points 8, 8, 8, 8½, 7½; then the book stays on game points: 4, 2, 1, 3, 5
    assert split_group(CTX, ede, [1, 2, 3, 4, 5]).parts == [[4], [2], [1], [3], [5]]


def test_ex45_under_the_2026_wording_a_subgroup_restarts_from_match_points():
    ctx = TeamContext(EVENT, "fide")
    # the subgroup {1, 2, 3} has 4, 2, 0 match points among themselves
    assert split_group(ctx, parse_team_code("EDE"), [1, 2, 3, 4, 5]).parts == [[4], [1], [2], [3], [5]]
    same = TeamContext(EVENT, "fide", TeamOptions(ede_subgroup="same"))
    assert split_group(same, parse_team_code("EDE"), [1, 2, 3, 4, 5]).parts == [[4], [2], [1], [3], [5]]


@pytest.mark.parametrize("code,line", [("EDEC", "3½ against 6½"), ("EDET", "board 1 of their match: 1 against 0"),
                                       ("EDEB", "boards 1-3 of their match: 2 against 1")])
def test_ex46_to_48_board_tie_breaks_on_the_two_teams_own_match(code, line):
    sp = split_group(CTX, parse_team_code(code), [11, 14])
    assert sp.parts == [[11], [14]]
    assert line in sp.steps[-1]


def test_ex49_sssc():
    expected = {1: "38.83", 2: "36", 3: "35.33", 4: "35.67", 5: "36.33", 6: "27.83", 7: "26.17", 8: "28.67",
                9: "31.17", 10: "27.67", 11: "25.17", 12: "21.17", 13: "28.83", 14: "23.5"}
    assert values("SSSC") == {t: F(v) for t, v in expected.items()}
    steps = compute(CTX, parse_team_code("SSSC"), 1).trace.steps
    assert any("rounded down: 3" in s for s in steps)     # ⌊14 / 4⌋ = 3
    assert values("SSSC/K5")[1] == F(35, 2) + F(64, 5)


def test_the_fide_sample_order_ranks_the_field():
    st = team_standings(CTX, parse_team_codes("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP"))
    assert [r.tpn for r in st.rows][:5] == [4, 2, 1, 3, 5]
    assert [r.tpn for r in st.rows][-3:] == [11, 14, 12]       # Koalas above Narwhals on board 1 of their match


def test_players_keep_their_own_results():
    ind = players_event(EVENT)
    # Koalas' board 1 won against Narwhals' board 1 in round 3; a team bye gives its players nothing
    assert ind.entry(41, 3).points == 1 and ind.entry(41, 3).opponent == 53
    assert ind.entry(53, 5).points == 0
    # Antelopes won round 6 by forfeit: a point for each of its four players (FIDE TEC: +F is 1 per player)
    assert ind.entry(1, 6).kind.name == "FPB" and ind.entry(1, 6).points == 1
    assert ind.entry(21, 6).points == 0


def test_a_group_tie_break_has_a_value_and_a_trace_like_the_others():
    from engine.teams.encounter import group_result
    res = group_result(CTX, parse_team_code("EDE"), [1, 2, 3, 4, 5], 2)
    assert res.value == 2
    assert res.trace.extra["parts"] == [[4], [2], [1], [3], [5]]
    assert res.trace.extra["mini_table"]["totals"][4] == {"MP": "4", "GP": "8½"}
    assert res.trace.steps[-1] == "Place of #2 Bonobos in the group: 2 of 5."
