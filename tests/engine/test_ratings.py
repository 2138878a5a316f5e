"""Rating-based tie-breaks (engine.tiebreaks.ratings) against values worked by hand with
FIDE's B.02 tables on Fixture A (ratings 2250 − 50·k), and lichess's performance formula.

The TRF-based checks need the TRF reader (engine.formats.trf); without it they are skipped, and the hand-typed
copy of ``unplayed_cases_8p5r`` below still covers the unrated-player cases.
"""
from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from engine.core.codes import parse_code
from engine.core.exact import fmt
from engine.core.model import Entry, Player, make_event
from engine.core.rules import Options, rule_set
from engine.tiebreaks.context import Context
from engine.tiebreaks.ratings import DP_TABLE, EXPECTED_HIGHER, compute_rating, dp, expected, ptp_value
from tests.fixtures import FIXTURE_L, build, fixture_a
from tests.paths import TRF_DIR

DATA = TRF_DIR


def value(ctx: Context, code: str, tpn: int):
    return compute_rating(ctx, parse_code(code), tpn).value


@pytest.fixture(scope="module")
def ctx_a() -> Context:
    return Context(fixture_a(), rule_set("fide"))


# -- Appendix A, table A3 (all 16 players) ---------------------------------------------------------------------

F = Fraction
# tpn: ARO, ARO-C1, TPR, PTP, APRO, APPO, linear perf, opp. perf (linear)
A3 = {
    1: (1820, 1900, 1969, 2029, 1789, 1769, F(1980), F(18665, 10)),
    2: (1880, 1988, 2120, 2216, 1856, 1852, F(2120), F(1860)),
    3: (1940, 2000, 2089, 2112, 1904, 1934, F(2100), F(19025, 10)),
    4: (1888, 1983, 2081, 2168, 1772, 1784, F(20875, 10), F(1875)),
    5: (1690, 1738, 1690, 1689, 1719, 1676, F(1690), F(17105, 10)),
    6: (1813, 1900, 1813, 1810, 1846, 1836, F(18125, 10), F(11105, 6)),
    7: (1760, 1838, 1611, 1531, 1869, 1890, F(1600), F(18665, 10)),
    8: (1730, 1800, 1730, 1715, 1915, 1924, F(1730), F(11515, 6)),
    9: (1975, 2200, 1175, 950, 1805, 1802, F(1575), F(1810)),
    10: (1880, 1975, 1640, 1575, 1717, 1687, F(1640), F(17955, 10)),
    11: (1863, 2000, 1776, 1763, 1840, 1836, F(17625, 10), F(18425, 10)),
    12: (2050, None, 1250, 1250, 2081, 2168, F(1650), F(20875, 10)),
    13: (1930, 2025, 1781, 1744, 1879, 1909, F(1770), F(11305, 6)),
    14: (1800, 1900, 1925, 1942, 1775, 1756, F(5800, 3), F(10625, 6)),
    15: (1860, 1963, 1788, 1768, 1776, 1767, F(1780), F(1778)),
    16: (1820, 1900, 1969, 2013, 1805, 1799, F(1980), F(17985, 10)),
}
A3_CODES = ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "PERF", "OPERF")


@pytest.mark.parametrize("tpn", sorted(A3))
def test_table_a3(ctx_a: Context, tpn: int) -> None:
    got = tuple(value(ctx_a, code, tpn) for code in A3_CODES)
    assert got == A3[tpn]


def test_value_types(ctx_a: Context) -> None:
    """FIDE figures are ints; the linear ones exact Fractions; no float anywhere."""
    for code in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"):
        assert type(value(ctx_a, code, 1)) is int, code
    for code in ("PERF", "OPERF", "LPERF"):
        assert isinstance(value(ctx_a, code, 1), Fraction), code


# -- FIDE C.07 art. 10 worked numbers and traces ----------------------------------------------------------

def test_aro_worked(ctx_a: Context) -> None:
    r = compute_rating(ctx_a, parse_code("ARO"), 1)
    assert r.value == 1820
    assert [row.value for row in r.trace.rows] == [1800, 1600, 2150, 1500, 2050]
    r4 = compute_rating(ctx_a, parse_code("ARO"), 4)
    assert r4.value == 1888
    assert "Average of 4 ratings: 7550 / 4 = 1887.5, rounded to 1888." in r4.trace.steps
    assert r4.trace.rows[1].kind == "HPB" and r4.trace.rows[1].value is None
    assert r4.trace.rows[1].note == "bye: no opponent"
    assert r4.trace.code == "ARO" and r4.trace.label == parse_code("ARO").label
    assert r4.trace.rules == "fide" and "10.1" in r4.trace.citation


def test_aro_cut(ctx_a: Context) -> None:
    r = compute_rating(ctx_a, parse_code("ARO/C1"), 4)
    assert r.value == 1983
    dropped = r.trace.dropped()
    assert [(d.round, d.value) for d in dropped] == [(3, 1600)]
    assert dropped[0].drop_reason
    assert r.trace.code == "ARO/C1"
    # #12 played one game: cutting it leaves nothing
    r12 = compute_rating(ctx_a, parse_code("ARO/C1"), 12)
    assert r12.value is None and r12.trace.dropped()[0].round == 1
    assert value(ctx_a, "ARO", 12) == 2050


def test_aro_median(ctx_a: Context) -> None:
    """ARO/M1 drops the lowest and the highest; the peer gives these (and nothing for #9's two games)."""
    assert value(ctx_a, "ARO/M1", 1) == 1817     # 1800 + 2050 + 1600 → 5450 / 3
    assert value(ctx_a, "ARO/M1", 4) == 1875
    assert value(ctx_a, "ARO/M1", 9) is None
    r = compute_rating(ctx_a, parse_code("ARO/M1"), 1)
    assert sorted(d.value for d in r.trace.dropped()) == [1500, 2150]


def test_forfeit_rows(ctx_a: Context) -> None:
    r = compute_rating(ctx_a, parse_code("ARO"), 9)
    rows = r.trace.rows
    assert len(rows) == 5
    assert rows[3].kind == "FL" and rows[3].value is None
    assert rows[3].note == "forfeit: not a game over the board, so excluded (FIDE art. 15.2)"
    assert rows[3].result == "0" and rows[0].result == "0"
    assert r.value == 1975


def test_tpr_worked(ctx_a: Context) -> None:
    r = compute_rating(ctx_a, parse_code("TPR"), 4)
    assert r.value == 2081
    assert "p = 3/4 = 0.75 → dp = +193 (FIDE table B.02)." in r.trace.steps
    assert "TPR = 1888 + 193 = 2081." in r.trace.steps
    assert value(ctx_a, "TPR", 1) == 1969          # 3½/5 = .70: 1820 + 149
    r9 = compute_rating(ctx_a, parse_code("TPR"), 9)
    assert r9.value == 1175 and "TPR = 1975 − 800 = 1175." in r9.trace.steps


def test_ptp_worked(ctx_a: Context) -> None:
    r = compute_rating(ctx_a, parse_code("PTP"), 1)
    assert r.value == 2029
    assert any(".79 + .93 + .34 + .97 + .47 = 3.50" in s for s in r.trace.steps)
    assert any("2028 the sum is 3.49" in s for s in r.trace.steps)
    assert value(ctx_a, "PTP", 9) == 950            # zero score: 1750 − 800
    assert value(ctx_a, "PTP", 2) == 2216


def test_linear_perf(ctx_a: Context) -> None:
    assert value(ctx_a, "PERF", 1) == 1980          # (9100 + 400·2) / 5
    assert value(ctx_a, "PERF", 14) == Fraction(5800, 3)


def test_opponents_performance(ctx_a: Context) -> None:
    r = compute_rating(ctx_a, parse_code("APRO"), 1)
    assert r.value == 1789
    assert [row.value for row in r.trace.rows] == [1175, 1781, 2120, 1788, 2081]
    assert value(ctx_a, "APPO", 1) == 1769
    assert value(ctx_a, "OPERF", 1) == Fraction(18665, 10)
    assert value(ctx_a, "APRO", 3) == 1904 and value(ctx_a, "APPO", 3) == 1934
    assert value(ctx_a, "OPERF", 3) == Fraction(19025, 10)


def test_performances_are_memoised(ctx_a: Context) -> None:
    first = compute_rating(ctx_a, parse_code("TPR"), 9)
    assert compute_rating(ctx_a, parse_code("TPR"), 9) is first


# -- FIDE B.02 tables ----------------------------------------------------------------------------------------

def test_fide_tables() -> None:
    assert len(DP_TABLE) == 51 and DP_TABLE[50] == 0 and DP_TABLE[75] == 193 and DP_TABLE[100] == 800
    assert dp(0) == -800 and dp(30) == -149 and dp(99) == 677
    assert all(DP_TABLE[p] < DP_TABLE[p + 1] for p in range(50, 100))
    assert EXPECTED_HIGHER[0] == 50 and EXPECTED_HIGHER[3] == 50 and EXPECTED_HIGHER[4] == 51
    assert EXPECTED_HIGHER[735] == 99 and EXPECTED_HIGHER[736] == 100 and EXPECTED_HIGHER[800] == 100
    assert expected(2029, 1800) == 79 and expected(2029, 2150) == 34
    assert expected(3000, 1000) == 100 and expected(1000, 3000) == 0   # capped at 800


def test_ptp_edges() -> None:
    assert ptp_value([], Fraction(0)) is None
    assert ptp_value([2000, 1800], Fraction(0)) == 1000
    # a 100 % score: the lowest R whose expected scores are all 1.00 (|D| > 735), as the peer gives
    assert ptp_value([2400, 2000, 1900], Fraction(3)) == 3136


# -- unrated players: off / exclude / substitute ---------------------------------------------------------------

#: data/trf/unplayed_cases_8p5r.trf typed in: #8 Hotel is unrated
UNPLAYED = """
1 +W5 =B2 +W4 =W7 +W6
2 +B6 =W1 +W8 +B4 +B7
3 =W7 -F4 ZPB +W5 FPB
4 +B8 +F3 -B1 -W2 +F5
5 -B1 -W8 PAB -B3 -F4
6 -W2 PAB -W7 -B8 -B1
7 =B3 HPB +B6 =B1 -W2
8 -W4 +B5 -B2 +W6 ZPB
"""
UNPLAYED_RATINGS = {1: 2400, 2: 2350, 3: 2300, 4: 2250, 5: 2200, 6: 2150, 7: 2100, 8: None}
#: the ARO and TPR columns of unplayed_cases_8p5r.expected.csv (unrated=exclude)
UNPLAYED_EXCLUDE = {1: (2210, 2450), 2: (2225, 2561), 3: (2150, 2343), 4: (2375, 1575), 5: (2350, 1550),
                    6: (2283, 1483), 7: (2300, 2300), 8: (2238, 2238)}
#: FIDE's reference calculator with -u 1800: ARO, ARO/C1, TPR, PTP, APRO, APPO
UNPLAYED_1800 = {1: (2210, 2238, 2450, 2458, 1919, 1781), 2: (2140, 2225, 2506, 2580, 2082, 2004),
                 3: (2150, 2200, 2343, 2346, 1834, 1651), 4: (2183, 2375, 2058, 2022, 2398, 2425),
                 5: (2167, 2350, 1367, 1000, 2344, 2347), 6: (2163, 2283, 1363, 1000, 2374, 2394),
                 7: (2300, 2350, 2300, 2302, 2166, 2096), 8: (2238, 2267, 2238, 2237, 1824, 1651)}


@pytest.fixture(scope="module")
def unplayed():
    return build("unplayed cases", UNPLAYED, UNPLAYED_RATINGS)


ALL_CODES = ("ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "PERF", "APRO", "APPO", "OPERF", "LPERF")


def test_unrated_off(unplayed) -> None:
    ctx = Context(unplayed, rule_set("fide"), options=Options(unrated="off"))
    for tpn in ctx.tpns:
        for code in ALL_CODES:
            r = compute_rating(ctx, parse_code(code), tpn)
            assert r.value is None, (tpn, code)
            assert len(r.trace.rows) == 5
            assert any("unrated" in s and "art. 10" in s for s in r.trace.steps)
    # the default options are "off"
    assert value(Context(unplayed, rule_set("fide")), "ARO", 1) is None


def test_unrated_exclude(unplayed) -> None:
    ctx = Context(unplayed, rule_set("fide"), options=Options(unrated="exclude"))
    for tpn, (aro, tpr) in UNPLAYED_EXCLUDE.items():
        assert (value(ctx, "ARO", tpn), value(ctx, "TPR", tpn)) == (aro, tpr), tpn
    r = compute_rating(ctx, parse_code("ARO"), 4)
    assert r.trace.rows[0].value is None and r.trace.rows[0].note == "unrated opponent: left out"
    assert r.trace.rows[1].note.startswith("forfeit:")
    # #8's own missing rating does not matter
    assert value(ctx, "PERF", 8) == Fraction(2250 + 2200 + 2350 + 2150, 4)


def test_unrated_substitute(unplayed) -> None:
    ctx = Context(unplayed, rule_set("fide"), options=Options(unrated=1800))
    codes = ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO")
    for tpn, expected_values in UNPLAYED_1800.items():
        assert tuple(value(ctx, c, tpn) for c in codes) == expected_values, tpn
    r = compute_rating(ctx, parse_code("ARO"), 4)
    assert r.trace.rows[0].value == 1800 and "substitute" in r.trace.rows[0].note


def test_unrated_game_left_out() -> None:
    """A game of less than one move (TRF W/D/L) counts as played but not for the rating criteria."""
    players = [Player(1, "A", 2000), Player(2, "B", 1800), Player(3, "C", 1600), Player(4, "D", 1400)]
    entries = {1: [Entry.game(2, "W", F(1), rated=False), Entry.game(3, "B", F(1, 2))],
               2: [Entry.game(1, "B", F(0), rated=False), Entry.game(4, "W", F(1))],
               3: [Entry.game(4, "W", F(1)), Entry.game(1, "W", F(1, 2))],
               4: [Entry.game(3, "B", F(0)), Entry.game(2, "B", F(0))]}
    ctx = Context(make_event("short game", players, entries), rule_set("fide"))
    r = compute_rating(ctx, parse_code("TPR"), 1)
    assert r.value == 1600 and r.trace.rows[0].value is None and "not rated" in r.trace.rows[0].note
    assert value(ctx, "ARO", 2) == 1400


# -- lichess performance (lichess's Swiss scoring) -----------------------------------------------------------------------

def test_lichess_performance() -> None:
    """Fixture L with ratings: PABs and the late-entry half point are no pairings."""
    ev = build("Fixture L", FIXTURE_L, {1: 1500, 2: 1600, 3: 1400})
    ctx = Context(ev, rule_set("lichess"))
    r1 = compute_rating(ctx, parse_code("LPERF"), 1)
    assert r1.value == Fraction(1600 + 1900, 2)           # drew P2, beat P3 (+500)
    assert [row.value for row in r1.trace.rows] == [1600, 1900, None]
    assert r1.trace.rows[2].note == "bye: no opponent"
    assert value(ctx, "LPERF", 2) == Fraction(1500 + 1900, 2)
    assert value(ctx, "LPERF", 3) == Fraction((1500 - 500) + (1600 - 500), 2)
    assert isinstance(r1.value, Fraction)


def test_lperf_fixture_a(ctx_a: Context) -> None:
    # #9: lost to #1 (2200) and #10 (1750) over the board; the forfeit and byes are no pairings
    assert value(ctx_a, "LPERF", 9) == Fraction(1700 + 1250, 2)
    assert value(ctx_a, "LPERF", 1) == Fraction(9100 + 1000, 5)


# -- TRF files (need engine.formats.trf) ------------------------------------------------------------------------------

def _load(name: str):
    trf = pytest.importorskip("engine.formats.trf")
    path = DATA / name
    return trf.read_trf(path.read_bytes(), str(path))


def _expected(name: str) -> dict[int, dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as fh:
        return {int(row["StartNo"]): row for row in csv.DictReader(fh)}


def test_trf_fide_tec_swiss16() -> None:
    ctx = Context(_load("fide_tec_swiss16.trf"), rule_set("fide"))
    rows = _expected("fide_tec_swiss16.expected.csv")
    for tpn, row in rows.items():
        for code in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"):
            assert fmt(value(ctx, code, tpn)) == row[code], (tpn, code)


def test_trf_unplayed_cases_exclude() -> None:
    ctx = Context(_load("unplayed_cases_8p5r.trf"), rule_set("fide"), options=Options(unrated="exclude"))
    rows = _expected("unplayed_cases_8p5r.expected.csv")
    for tpn, row in rows.items():
        for code in ("ARO", "TPR"):
            assert fmt(value(ctx, code, tpn)) == row[code], (tpn, code)


def test_trf_womens_world_rapid_aro_cut() -> None:
    """ARO/C1 of a 110-player, 11-round event (lichess snapshot of chess-results; the peer agrees)."""
    ctx = Context(_load("fide_womens_world_rapid_2024.trf"), rule_set("fide"))
    rows = _expected("fide_womens_world_rapid_2024.expected.csv")
    for tpn, row in rows.items():
        assert value(ctx, "ARO/C1", tpn) == int(float(row["ARO/C1"])), tpn


# -- Papi's performance (PPR) -----------------------------------------------------------------------------------

def _papi_event():
    """Five players, two rounds: 1-2 1-0 and 3-4 1-0 with 5's bye; 1-3 1-0, 4-5 ½-½ with 2's bye.  Player 3's
    rating is an estimate (Papi's "799 E")."""
    from engine.core.model import Kind
    G, PAB = Kind.G, Kind.PAB
    one, half, zero = Fraction(1), Fraction(1, 2), Fraction(0)
    players = [Player(1, "One", 1600), Player(2, "Two", 1000), Player(3, "Three", 799, estimated=True),
               Player(4, "Four", 1400), Player(5, "Five", 1500)]
    entries = {1: [Entry(G, 2, "W", one), Entry(G, 3, "W", one)],
               2: [Entry(G, 1, "B", zero), Entry(PAB, points=one)],
               3: [Entry(G, 4, "W", one), Entry(G, 1, "B", zero)],
               4: [Entry(G, 3, "B", zero), Entry(G, 5, "W", half)],
               5: [Entry(PAB, points=one), Entry(G, 4, "B", half)]}
    return make_event("papi", players, entries, rounds=2)


def test_papi_performance_by_hand() -> None:
    """Papi groups by points from games over the board (the byes from the pairing left out): One 2, Two 0,
    Three 1, Four ½, Five ½.  The estimate for Three's 1 point: no rated player has 1, so from the 2 points
    above (One, 1600): 1600 - 677 (the table at 100 %) + 193 (75 %) = 1116 for 1½, then 1116 - 193 + 0 (50 %)
    = 923.  Each opponent is held within 400 of the player's own rating."""
    ctx = Context(_papi_event(), rule_set("fide"))
    # One (1600) beat Two (1000, held at 1200) and Three (923, held at 1200): 1200 + 677 = 1877
    # Three (923) beat Four (1400, held at 1323), lost to One (1600, held at 1323): 1323 + 0 = 1323
    # Four (1400) lost to Three (923, held at 1000), drew Five 1500: 1250 - 193 (25 %) = 1057
    # Two (1000) lost to One (1600, held at 1400): 1400 - 677 = 723; Five (1500) drew Four 1400: 1400
    assert [value(ctx, "PPR", t) for t in (1, 2, 3, 4, 5)] == [1877, 723, 1323, 1057, 1400]
    steps = compute_rating(ctx, parse_code("PPR"), 3).trace.steps
    assert steps[0].startswith("The player's own rating is estimated: Papi uses 923")


def test_papi_table_reads_between_rows_by_the_percentage() -> None:
    from engine.tiebreaks.ratings import papi_table_value
    # 2 of 3 = 66.67 %: row 16 (117) + 0.67 x (125 - 117); 1 of 3 = 33.33 %: row 16 + only 0.33 x 8, negated;
    # 100 % reads 677 like 99 %
    assert round(papi_table_value(Fraction(2), 3), 2) == 122.33
    assert round(papi_table_value(Fraction(1), 3), 2) == -119.67
    assert papi_table_value(Fraction(3), 3) == 677 and papi_table_value(Fraction(0), 2) == -677


def test_papi_performance_fast_column_matches_the_trace() -> None:
    from engine.tiebreaks.fast import FastValues
    ev = _papi_event()
    assert FastValues(ev, rule_set("fide")).values("PPR") == {1: 1877, 2: 723, 3: 1323, 4: 1057, 5: 1400}
