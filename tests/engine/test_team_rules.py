"""Team rules where editions and programs differ, the event orders of real events, and the players' view."""
from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from engine.core.exact import round_half_up
from engine.core.model import Player
from engine.teams.codes import parse_team_code
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.encounter import split_group
from engine.teams.files import load_team_event
from engine.teams.model import Board, Match, Team, make_team_event
from engine.teams.presets import TEAM_PRESETS, team_preset
from engine.teams.standings import team_standings
from engine.teams.tiebreaks import compute
from tests.engine.team_tec import tec_event
from tests.paths import REPO_ROOT

DATA = REPO_ROOT / "tests" / "data" / "teams"
TEC = tec_event()


def value(ctx: TeamContext, code: str, t: int) -> Fraction:
    return Fraction(compute(ctx, parse_team_code(code), t).value or 0)


def test_the_2026_edition_caps_a_forfeit_win_at_the_scheduled_opponents_score():
    # Antelopes won round 6 by forfeit against Falcons (7 MP): the dummy holds their own 10 MP under the
    # 2024 edition (64) and only Falcons' 7 under 2026: 64 - 3 = 61
    assert value(TeamContext(TEC, "fide2024"), "BH:MP", 1) == 64
    ctx = TeamContext(TEC, "fide")
    assert value(ctx, "BH:MP", 1) == 61
    row = compute(ctx, parse_team_code("BH:MP"), 1).trace.rows[5]
    assert row.value == 7 and "capped at the scheduled opponent's 7 (2026 rule)" in row.note


def test_an_unplayed_last_round_counts_as_a_draw_for_the_opponents_only():
    ctx = TeamContext(TEC, "fide2024")
    # Giraffes (6 MP) took a zero-point bye in the last round: 7 MP for their opponents' Buchholz
    rows = compute(ctx, parse_team_code("BH:MP"), 1).trace.rows
    assert rows[2].value == 7 and "counts as a drawn match" in rows[2].note
    assert value(ctx, "MPTS", 7) == 6


def test_the_cut_takes_a_round_the_team_chose_not_to_play_first():
    # Falcons lost round 6 by forfeit: its dummy (7) is cut before Lynxes' 2 (FIDE TEC exercise 36: 46 -> 39)
    trace = compute(TeamContext(TEC, "fide2024"), parse_team_code("BH:MP/C1"), 6).trace
    assert [r.round for r in trace.rows if r.dropped] == [6]
    assert "voluntarily unplayed" in trace.rows[5].drop_reason


def test_swiss_managers_team_buchholz_counts_an_opponents_bye_as_a_draw():
    ev = load_team_event(DATA / "eschlkam_2025_team_swiss.trf")
    with open(DATA / "eschlkam_2025_team_swiss.expected.csv", encoding="utf-8") as f:
        published = {int(r["TPN"]): r for r in csv.DictReader(f)}
    sm = TeamContext(ev, "fide2024", TeamOptions(pab_as_draw=True))
    assert {t: value(sm, "BH:MP", t) for t in ev.tpns} == \
        {t: Fraction(r["SM84_BH_variable_2023"]) for t, r in published.items()}
    assert {t: (ev.mp(t), ev.gp(t)) for t in ev.tpns} == \
        {t: (Fraction(r["MPTS"]), Fraction(r["GPTS"])) for t, r in published.items()}
    # FIDE's checker counts the bye at the 2 MP it gave: DJK Regensburg-Nord 58, not 54
    fide = TeamContext(ev, "fide2024")
    assert value(fide, "BH:MP", 1) == 58
    note = compute(sm, parse_team_code("BH:MP"), 1).trace.rows
    assert any("Swiss-Manager's reading" in r.note for r in note)


def test_a_3_1_0_event_with_its_own_bye_value():
    ev = load_team_event(DATA / "trf-team-import-test.trf")
    s = ev.scoring
    assert (s.win, s.draw, s.loss) == (3, 1, 0) and s.value_of("PAB", 4) == (2, 5)
    assert ev.byes[(1, 5)] == "PAB" and ev.mp(5) == 2 and ev.gp(5) == 5
    assert ev.played_rounds == 1                 # round 2 is paired, its results not in
    m = next(m for m in ev.matches if m.round == 1 and 1 in (m.home, m.away))
    assert ev.mp(1) == 3 and sum(b.points[m.side(1)] for b in m.boards) == Fraction(7, 2)


def test_the_olympiad_sonneborn_berger_with_a_virtual_opponent_for_byes():
    # Narwhals: 6x2 + 6x1½ + 4x2 + 6x1 + (2 before + 1 for the bye + 1+1 later = 5)x2 for the half-point
    # bye + 5x1 + (3 before + 1 for the bye = 4)x2 for the pairing bye = 58; cut: the lowest opponent, 4 MP,
    # product 8 (2016) or the bye round (2026), 8 either way: 50
    for edition in ("2016", "2026"):
        ctx = TeamContext(TEC, "fide2024", TeamOptions(olympiad=edition))
        res = compute(ctx, parse_team_code("OSB"), 14)
        assert res.value == 50
        assert sum(r.value for r in res.trace.rows) == 58
    cut = [r for r in res.trace.rows if r.dropped]
    assert cut[0].round == 7 and "bye round goes first" in cut[0].drop_reason
    # Antelopes' forfeit win in round 6: a virtual team on 6 MP before it, + 1, + 1 for round 7 = 8, x 4
    row = compute(TeamContext(TEC, "fide2024"), parse_team_code("OSB"), 1).trace.rows[5]
    assert row.value == 32 and "+ 1 for this round" in row.note


def test_the_berlin_tie_break_on_the_french_rulebook_example():
    # eight boards, 4-4: A scores 1 0 0 ½ 1 0 ½ 1 -> 8 + 2½ + 4 + 1 + 1 = 16½; B the rest, 19½
    a = (1, 0, 0, Fraction(1, 2), 1, 0, Fraction(1, 2), 1)
    teams = [Team(1, "A", players=tuple(range(1, 9))), Team(2, "B", players=tuple(range(9, 17)))]
    players = [Player(i, f"P{i}") for i in range(1, 17)]
    boards = tuple(Board(k, (k, k + 8), "W" if k % 2 else "B", (Fraction(a[k - 1]), 1 - Fraction(a[k - 1])))
                   for k in range(1, 9))
    ev = make_team_event("Berlin", teams, players, [Match(1, 1, 2, boards)])
    ctx = TeamContext(ev, "fide")
    assert (value(ctx, "BERLIN", 1), value(ctx, "BERLIN", 2)) == (Fraction(33, 2), Fraction(39, 2))
    assert [r.tpn for r in team_standings(ctx, team_preset("berlin").criteria).rows] == [2, 1]


@pytest.mark.parametrize("key", list(TEAM_PRESETS))
def test_every_preset_names_its_source_and_ranks_the_tec_event(key):
    p = TEAM_PRESETS[key]
    assert len(p.source) > 30
    ev = p.apply(TEC)
    st = team_standings(TeamContext(ev, p.rules or "fide", p.options), p.criteria)
    assert len(st.rows) == 14
    if p.primary == "GP":
        assert st.rows[0].tpn == 5            # Elephants: the most game points, 18
    else:
        assert {r.tpn for r in st.rows[:5]} == {1, 2, 3, 4, 5}


def _three_teams(forfeit_second: bool = False):  # type: ignore[no-untyped-def]
    """Team 1 beats 2 (round 1) and 3 (round 2, or by forfeit); 2 and 3 never meet; two boards."""
    teams = [Team(t, f"T{t}", players=(2 * t - 1, 2 * t)) for t in (1, 2, 3)]
    players = [Player(i, f"P{i}") for i in range(1, 7)]
    won = (Fraction(1), Fraction(0))
    m1 = Match(1, 1, 2, (Board(1, (1, 3), "W", won), Board(2, (2, 4), "B", won)))
    m2 = Match(2, 1, 3, forfeit="+-") if forfeit_second else \
        Match(2, 1, 3, (Board(1, (1, 5), "W", won), Board(2, (2, 6), "B", won)))
    return make_team_event("Three", teams, players, [m1, m2], rounds=2, boards=2, byes={(1, 3): "PAB", (2, 2): "PAB"})


def test_a_team_first_whatever_the_missing_matches_is_placed_first():
    ctx = TeamContext(_three_teams(), "fide")
    sp = split_group(ctx, parse_team_code("EDE"), [1, 2, 3])
    # team 1 has 4 MP among them; 2 and 3 have 0 and one missing match each, worth at most 2: 1 is first
    assert sp.parts == [[1], [2, 3]]
    assert any("#1 T1 is first whatever the missing matches" in s for s in sp.steps)


def test_a_forfeited_match_counts_in_the_direct_encounter_only_with_p():
    ctx = TeamContext(_three_teams(forfeit_second=True), "fide")
    # without /P the forfeit is left out: the two teams never met over the board, nothing separates them
    assert split_group(ctx, parse_team_code("EDE"), [1, 3]).parts == [[1, 3]]
    assert split_group(ctx, parse_team_code("EDE/P"), [1, 3]).parts == [[1], [3]]


def test_board_count_can_require_equal_game_points():
    # Bonobos and Deer: 10 MP and 17 GP each; Antelopes 10 MP and 17½ GP
    by_mp = team_standings(TeamContext(TEC, "fide2024"), [parse_team_code("BC")])
    by_gp = team_standings(TeamContext(TEC, "fide2024", TeamOptions(board_count_needs="GP")),
                           [parse_team_code("BC")])
    top_mp = [r.rank for r in by_mp.rows if r.tpn <= 5]
    top_gp = [r.rank for r in by_gp.rows if r.tpn <= 5]
    assert sorted(top_mp) == [1, 2, 3, 4, 5]        # all five split by board count
    assert top_gp == [1] * 5                         # game points differ: board count does not apply


def test_the_sssc_factor_mid_event_from_scheduled_or_played_rounds():
    from dataclasses import replace
    early = replace(TEC, matches=tuple(m for m in TEC.matches if m.round <= 5),
                    byes={k: v for k, v in TEC.byes.items() if k[0] <= 5})
    # after 5 of 7 rounds: the factor is ⌊2 x 7 / 4⌋ = 3 from the scheduled rounds (FIDE TEC), ⌊2 x 5 / 4⌋ = 2
    # from the rounds played (FIDE's checker)
    for option, factor in (("scheduled", 3), ("played", 2)):
        ctx = TeamContext(early, "fide2024", TeamOptions(sssc_rounds=option))
        steps = compute(ctx, parse_team_code("SSSC"), 1).trace.steps
        assert any(f"rounded down: {factor}." in s for s in steps)
        # Antelopes' game points after five rounds: 2½ + 1½ + 3 + 2½ + 1½ = 11
        assert value(ctx, "SSSC", 1) - 11 == Fraction(round_half_up(value(ctx, "BH:MP", 1) / factor, 2))


def test_the_olympiad_third_criterion_counts_the_virtual_team_too():
    # Narwhals: opponents 6, 6, 4, 6, the half-point bye's virtual team 5, 5, the pairing bye's 4 = 36;
    # without the lowest (4): 32
    res = compute(TeamContext(TEC, "fide2024"), parse_team_code("OMP"), 14)
    assert res.value == 32 and sum(r.value for r in res.trace.rows) == 36
