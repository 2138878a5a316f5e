"""Worked examples beyond Fixture A (tests/fixtures.py): Fixture B (a 6-player round robin), D (one player's
pairing bye under every rule set) and L (a lichess forum bug report), the direct-encounter cases, the club
handouts' cumulative and median examples, and the presets' orders on Fixture A; every number worked by hand
(and, for the FIDE values, checked with FIDE's reference calculator)."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from engine.core.codes import parse_code, parse_codes
from engine.core.presets import preset
from engine.core.rules import Options, rule_set
from engine.ranking.standings import standings
from engine.tiebreaks.context import Context
from engine.tiebreaks.cuts import Item, median_cut
from tests.fixtures import fixture_a, fixture_b, fixture_d, fixture_l


def value(event, rules, code, tpn, **opts):
    return Context(event, rule_set(rules), Options(**opts)).result(parse_code(code), tpn).value


# --- Appendix B: Fixture B, the round robin ---------------------------------------------------------
B = {1: ("3.5", "6.75", "1.5", 3, "11", 2, 2, 15, "11.5"), 2: ("3.5", "8", "2", 2, "10.5", 2, 1, 14, "11.5"),
     3: ("3", "6", "1.5", 2, "9", 2, 0, 13, "12"), 4: ("3", "5.5", "1", 3, "9", 3, 2, 14, "12"),
     5: ("1.5", "2", "0.5", 1, "4", 3, 1, 9, "13.5"), 6: ("0.5", "1.75", "0.5", 0, "1.5", 3, 0, 6, "14.5")}
B_CODES = ["PTS", "SB", "KS", "WIN", "PS", "BPG", "BWG", "KASH", "BH"]


@pytest.mark.parametrize("rules", ["fide", "uscf"])
@pytest.mark.parametrize("tpn", list(B))
def test_appendix_b(rules, tpn):
    event = fixture_b()
    for code, expected in zip(B_CODES, B[tpn]):
        assert value(event, rules, code, tpn) == F(expected), (tpn, code)


def test_fixture_b_round_robin_bh_is_event_total_minus_own_score():
    event = fixture_b()
    assert value(event, "fide", "BH", 1) == 15 - F(7, 2)


def test_fixture_b_fide_rr_preset():
    st = standings(fixture_b(), preset("fide-rr").criteria, "fide")
    assert st.order == [1, 2, 3, 4, 5, 6]
    seps = {(s.above, s.below): s.criterion for s in st.separated_by}
    assert seps[(1, 2)] == "WIN"        # the DE draw ties them; WIN 3–2
    assert seps[(3, 4)] == "DE"         # C beat D
    # with SB first instead: B above A (8 to 6¾), and C above D
    st = standings(fixture_b(), parse_codes("SB DE WIN KS"), "fide")
    assert st.order[:4] == [2, 1, 3, 4]


# --- Fixture D: one player, one bye, five models (worked by hand under each rule set) ----------------------------------------
@pytest.mark.parametrize("rules,bh,sb", [("uscf", "7.5", "3.25"), ("fide2024", "10", "5.75"), ("fide", "9.5", "5.25"),
                                         ("fide2009", "9.5", "5.25"), ("raw", "7.5", "3.25")])
def test_fixture_d(rules, bh, sb):
    event = fixture_d()
    assert [event.score(t) for t in (1, 2, 3, 4)] == [F(5, 2), 2, 3, F(5, 2)]
    assert value(event, rules, "BH", 1) == F(bh)
    assert value(event, rules, "SB", 1) == F(sb)


# --- Fixture L: lichess (lichess displayed P1 3¼, P2 2¾ in the forum thread) -----------------------------------------
@pytest.mark.parametrize("rules,expected", [("lichess", ("3.25", "2.75", "0")), ("fide2024", ("4.25", "4.25", "0.25")),
                                             ("fide", ("3.25", "3.25", "0.25")), ("uscf", ("1.5", "1.5", "0"))])
def test_fixture_l_sb(rules, expected):
    event = fixture_l()
    assert [value(event, rules, "SB", t) for t in (1, 2, 3)] == [F(x) for x in expected]


def test_lichess_preset_puts_p1_first():
    st = standings(fixture_l(), preset("lichess").criteria, "lichess")
    assert st.order[0] == 1 and st.separated_by[0].criterion == "SB"


# --- Koya and DE on Fixture B ----------------------------------------------------------------------------
def test_koya_limit_and_de_fixture_b():
    event = fixture_b()
    st = standings(event, parse_codes("DE"), "fide")
    seps = {(s.above, s.below): s.criterion for s in st.separated_by}
    assert seps[(1, 2)] is None and st.row(1).rank == st.row(2).rank == 1
    assert seps[(3, 4)] == "DE"


# --- Direct encounter cases C1–C4 (FIDE C.07 art. 6, as the reference calculator recurses) ---------------------------
def _event_from_rows(rows: dict[int, list[str]]):
    from engine.core.model import Player, make_event
    from engine.core.notation import parse_notation
    return make_event("DE case", [Player(t, f"P{t}") for t in rows],
                      {t: [parse_notation(c, "vector") for c in cells] for t, cells in rows.items()})


def test_de_c1_recursion():
    # P(1) beat Q(2) and R(3); S(4) beat P; Q beat R and S; R beat S.  Round 4 against fillers 5–8 evens
    # the totals out at 2 each.  DE scores: P 2, Q 2, R 1, S 1 -> {P, Q} above {R, S}; recursion: P, Q, R, S.
    event = _event_from_rows({
        1: ["+W2", "+W3", "-B4", "-B5"],
        2: ["-B1", "+W4", "+W3", "-B6"],
        3: ["+W4", "-B1", "-B2", "+W7"],
        4: ["-B3", "-B2", "+W1", "+W8"],
        5: ["=W6", "=W7", "=W8", "+W1"],
        6: ["=B5", "=W8", "=B7", "+W2"],
        7: ["=W8", "=B5", "=W6", "-B3"],
        8: ["=B7", "=B6", "=B5", "-B4"],
    })
    assert [event.score(t) for t in (1, 2, 3, 4)] == [2, 2, 2, 2]
    st = standings(event, parse_codes("DE"), "fide")
    assert st.order[:2] == [5, 6]            # the fillers on 2½ drew each other: a shared first place
    assert st.order[2:6] == [1, 2, 3, 4]
    assert [st.row(t).values["DE"] for t in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert [st.row(t).rank for t in (5, 6, 1, 2, 3, 4)] == [1, 1, 3, 4, 5, 6]


def test_de_c2_swiss_alone_at_the_top():
    # X(1) beat Y(2) and Z(3); Y and Z did not meet: X 2 > the others' maximum 1 -> X first, Y and Z tied
    event = _event_from_rows({
        1: ["+W2", "+W3", "-B6"],
        2: ["-B1", "+W5", "+W4"],
        3: ["+W4", "-B1", "+W5"],
        4: ["-B3", "+W6", "-B2"],
        5: ["=W6", "-B2", "-B3"],
        6: ["=B5", "-B4", "+W1"],
    })
    assert [event.score(t) for t in (1, 2, 3, 4, 5, 6)] == [2, 2, 2, 1, F(1, 2), F(3, 2)]
    st = standings(event, parse_codes("DE"), "fide")
    assert st.order[:3] == [1, 2, 3]
    assert (st.row(1).rank, st.row(2).rank, st.row(3).rank) == (1, 2, 2)


def test_de_c3_swiss_no_separation():
    # X beat Y; no other games among X, Y, Z: X's 1 is not above Z's maximum 2 -> nobody is separated
    event = _event_from_rows({
        1: ["+W2", "-B4", "+W5"],
        2: ["-B1", "+W5", "+W6"],
        3: ["+W4", "-B6", "+W4"],
        4: ["-B3", "+W1", "-B3"],
        5: ["=W6", "-B2", "-B1"],
        6: ["=B5", "+W3", "-B2"],
    })
    assert [event.score(t) for t in (1, 2, 3)] == [2, 2, 2]
    st = standings(event, parse_codes("DE"), "fide")
    assert st.row(1).rank == st.row(2).rank == st.row(3).rank == 1


def test_de_c4_repeated_meeting_uses_average():
    # A–B met twice (A 1 and ½), A–C (A 0), B–C (B 1): averages A ¾, B 1¼, C 1 -> B, C, A
    from engine.tiebreaks.encounter import direct_encounter
    event = _event_from_rows({
        1: ["+W2", "=B2", "-B3"],
        2: ["-B1", "=W1", "ZPB", "+W3"],
        3: ["ZPB", "ZPB", "+W1", "-B2"],
    })
    split = direct_encounter(Context(event, rule_set("fide")), parse_code("DE"), [1, 2, 3])
    assert split.classes == [[2], [3], [1]]
    numbers = split.passes[0][1]
    assert (numbers[1][0], numbers[2][0], numbers[3][0]) == (F(3, 4), F(5, 4), 1)


def test_fixture_a_de_and_h2h():
    event = fixture_a()
    # {5, 8, 11}: only 5–11 was played: FIDE no separation, US plus/minus gives 5, 8, 11
    st = standings(event, parse_codes("DE"), "fide")
    assert st.row(5).rank == st.row(8).rank == st.row(11).rank
    assert st.row(1).rank == st.row(3).rank == st.row(4).rank == st.row(16).rank
    st = standings(event, parse_codes("H2H"), "uscf")
    assert [t for t in st.order if t in (5, 8, 11)] == [5, 8, 11]
    assert st.row(5).rank < st.row(8).rank < st.row(11).rank


# --- Presets on Fixture A (worked by hand from the crosstable) -------------------------------------------------------
def groups(st):
    """The order with the tied score groups in brackets, e.g. ``2; [3, 1, 16, 4]; 6``."""
    out, seen = [], set()
    for r in st.rows:
        pts = r.values["PTS"]
        if pts in seen:
            out[-1].append(r.tpn)
        else:
            seen.add(pts)
            out.append([r.tpn])
    return [g if len(g) > 1 else g[0] for g in out]


@pytest.mark.parametrize("name,rules,expected", [
    ("uscf", None, [2, [3, 1, 16, 4], 6, [8, 11, 5], [15, 14, 12], [13, 7, 9], 10]),
    ("fide-swiss", "fide2024", [2, [3, 4, 16, 1], 6, [11, 8, 5], [15, 12, 14], [7, 13, 9], 10]),
    ("fide-swiss", None, [2, [3, 4, 16, 1], 6, [8, 11, 5], [15, 12, 14], [7, 13, 9], 10]),
    ("fide-swiss-a", "fide2024", [2, [16, 3, 4, 1], 6, [11, 8, 5], [15, 14, 12], [13, 7, 9], 10]),
    ("washington", None, [2, [3, 1, 16, 4], 6, [8, 11, 5], [15, 14, 12], [13, 7, 9], 10]),
    ("puddletown", None, [2, [3, 1, 16, 4], 6, [8, 11, 5], [15, 14, 12], [13, 7, 9], 10]),
])
def test_presets_on_fixture_a(name, rules, expected):
    p = preset(name)
    st = standings(fixture_a(), p.criteria, rules or p.rules, Options(unrated="exclude"))
    assert groups(st) == expected


def test_uscf_preset_16_above_4_on_solkoff():
    st = standings(fixture_a(), preset("uscf").criteria, "uscf")
    sep = {(s.above, s.below): s.criterion for s in st.separated_by}
    assert sep[(16, 4)] == "BH"
    assert st.row(16).values["MM"] == st.row(4).values["MM"] == F(21, 2)
    assert (st.row(16).values["BH"], st.row(4).values["BH"]) == (12, F(21, 2))


def test_fide_swiss_16_above_1_on_win():
    st = standings(fixture_a(), preset("fide-swiss").criteria, "fide2024")
    sep = {(s.above, s.below): s.criterion for s in st.separated_by}
    assert sep[(16, 1)] == "WIN"
    assert sep[(11, 8)] == "ARO/C1"


# --- Club handouts' Solkoff and cumulative examples, and the median examples (Big Rapids, WinTD) ---------------------
def _running_event(results: str):
    """One player (#1) with the given W/D/L/HPB/PAB sequence against fresh opponents."""
    rows = {1: []}
    opp = 2
    for r, res in enumerate(results.split(), 1):
        if res in ("HPB", "PAB"):
            rows[1].append(res)
            continue
        mine = {"W": "+W", "D": "=W", "L": "-W"}[res]
        theirs = {"W": "-B", "D": "=B", "L": "+B"}[res]
        rows[1].append(f"{mine}{opp}")
        rows[opp] = ["ABS"] * (r - 1) + [f"{theirs}1"]
        opp += 1
    width = len(results.split())
    rows = {t: cells + ["ABS"] * (width - len(cells)) for t, cells in rows.items()}
    return _event_from_rows(rows)


@pytest.mark.parametrize("results,expected", [
    ("D D W W", "6.5"), ("W L W W", "7"), ("W L W D L", "9"), ("W L W HPB L", "8.5"), ("W W D L L", "10.5"),
    ("PAB W L D W", "10"), ("PAB W L W W", "11"), ("W W L W W", "12"),
])
def test_cumulative_seed_examples(results, expected):
    assert value(_running_event(results), "uscf", "CUM", 1) == F(expected)


def test_solkoff_seed_003():
    # Elizabeth: opponents' scores 2, 4, 3, 4, 4 = 17; Timothy: 2½, 3, 3, 4, 4 = 16½ (no unplayed games)
    items = [2, 4, 3, 4, 4]
    assert sum(items) == 17 and sum([F(5, 2), 3, 3, 4, 4]) == F(33, 2)


@pytest.mark.parametrize("values,low,high,kept_sum", [
    ([2, 2, F(7, 2), 4, 5, 5, F(11, 2)], 1, 0, 25),      # Big Rapids, 7/7 (the 6 counts 5½)
    ([1, F(5, 2), 4, 4, 5, F(11, 2), 6], 1, 0, 27),       # Big Rapids
    ([0, 3, 3, 4, 5], 1, 0, 15),                            # WinTD, 4-1: MM 15
    ([0, 3, 3, 4, 5], 1, 1, 10),                            # WinTD: Median 10
    ([3, 2, 5, 3, 3], 1, 0, 14),                            # WinTD: MM 14
    ([3, 2, 5, 3, 3], 1, 1, 9),                             # WinTD: Median 9
])
def test_median_examples(values, low, high, kept_sum):
    items = [Item(r, F(v), F(v)) for r, v in enumerate(values, 1)]
    dropped = median_cut(items, low, high)
    assert sum(i.value for i in items if i.round not in dropped) == kept_sum
