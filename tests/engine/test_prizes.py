"""Prize splitting (US Chess rule 32B, the Hort system): the worked cases P1–P5 (P3 is WinTD's help example,
P5 a real US Chess forum case, with its alternative reading), the Hort and Vega-manual examples, cent
rounding, trophies and the one-cash-prize rule.  Expected amounts are worked by hand (in cents)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.errors import EventError
from engine.core.model import Player
from engine.core.presets import PRESETS
from engine.prizes.cases import CASES
from engine.prizes.money import money, parse_money
from engine.prizes.prize_list import Prize
from engine.prizes.split import distribute
from engine.ranking.standings import standings


def d(dollars: int | float) -> int:
    return round(dollars * 100)


def place(n: int, dollars: int, name: str | None = None) -> Prize:
    return Prize(name or f"place {n}", d(dollars), place=n)


def people(*names: str, ratings: dict[str, int] | None = None, ages: dict[str, int] | None = None) -> list[Player]:
    return [Player(i, n, rating=(ratings or {}).get(n), age=(ages or {}).get(n)) for i, n in enumerate(names, 1)]


# -- US Chess rule 32B cases ---------------------------------------------------------------------------

def test_p1_leader_alone_then_three_share_2nd_to_4th():
    players = people("A", "B", "C", "D", "E")
    prizes = [place(1, 300), place(2, 200), place(3, 100), place(4, 60)]
    dist = distribute([[1], [2, 3, 4], [5]], players, prizes, "uscf")
    assert dist.paid(1) == d(300)
    assert [dist.paid(t) for t in (2, 3, 4)] == [d(120)] * 3          # (200 + 100 + 60) / 3
    assert dist.paid(5) == 0                                            # the next group gets nothing
    assert dist.remainder == 0


def test_p2_three_tie_for_first_with_two_prizes():
    players = people("A", "B", "C", "D")
    dist = distribute([[1, 2, 3], [4]], players, [place(1, 300), place(2, 150)], "uscf")
    assert [dist.paid(t) for t in (1, 2, 3)] == [d(150)] * 3           # (300 + 150) / 3
    assert dist.paid(4) == 0


def test_p3_youth_shares_the_pool():
    players = people("A", "B", "Y", "D", ages={"Y": 11})
    prizes = [place(1, 300), place(2, 200), Prize("Top youth", d(150), kind="class", age_max=12)]
    dist = distribute([[1, 2, 3, 4]], players, prizes, "uscf")
    assert [dist.paid(t) for t in (1, 2, 3, 4)] == [d(162.50)] * 4      # 650 / 4
    assert any("(b)" in s and "loses" in s for s in dist.steps)        # 150 alone is less


def test_p4_u1800_player_takes_the_class_prize_alone():
    players = people("A", "U", "C", ratings={"A": 1900, "U": 1750, "C": 2000})
    prizes = [place(1, 300), place(2, 200), Prize("Top U1800", d(300), kind="class", rating_max=1799)]
    dist = distribute([[1, 2, 3]], players, prizes, "uscf")
    assert dist.paid(2) == d(300)
    assert dist.paid(1) == dist.paid(3) == d(250)                      # (300 + 200) / 2
    assert any("≈$266.67" in s for s in dist.steps)                    # pooling would give 800 / 3


P5_RATINGS = {"G": 2673, "H": 2699, "I": 2495, "J": 2391, "K": 2387, "L": 2385, "M": 2345}
P5_PRIZES = [place(1, 2298), place(2, 1149), place(3, 536), place(4, 306), place(5, 230),
             Prize("U2400 1st", d(1379), kind="class", rating_max=2399),
             Prize("U2400 2nd", d(766), kind="class", rating_max=2399)]


def p5(alternative: bool = False):
    players = people(*P5_RATINGS, ratings=P5_RATINGS)
    return distribute([[1], [2], [3, 4, 5, 6], [7]], players, P5_PRIZES, "uscf", alternative=alternative)


def test_p5_four_tied_for_third_share_746_75():
    dist = p5()
    assert [dist.paid(t) for t in (3, 4, 5, 6)] == [d(746.75)] * 4     # (1379 + 766 + 536 + 306) / 4
    assert any("$715.00" in s and "loses" in s for s in dist.steps)    # (b): 2145 / 3 = 715 < 746.75
    assert dist.paid(7) == d(230)                                      # 5th place passed down


def test_p5_alternative_reading_2495_takes_536():
    dist = p5(alternative=True)
    assert dist.alternative
    assert dist.paid(3) == d(536)
    assert [dist.paid(t) for t in (4, 5, 6)] == [d(817)] * 3           # (2987 − 536) / 3
    assert "teaching" in dist.label


# -- the reading "class prizes shared only among eligible players" ------------------
# Worked by hand.  P3: the youth alone takes $150 (sharing the place prizes with all four would give
# 500 / 4 = $125); the other three share 300 + 200: 50000 / 3 cents, $166.66 each, 2 cents left over.
# P4: the U1800 player takes $300 (against 500 / 3 in the place pool); the others 500 / 2 = $250 — as the rule.
# P5: the three under 2400 share 1379 + 766 = 2145, $715 each (against (536 + 306 + 230) / 4 = $268 in the
# place pool); the 2495 takes the best place prize, 3rd $536; 4th $306 passes down to the next player.
# Fresh case: 1st $500, 2nd $300, top U1600 $250; A 1900, B 1850 and U 1550 tied, then W 1700, then V 1500.
# The rule pools all three prizes: 1050 / 3 = $350 each (U alone would get $250).  Shared only among the
# eligible, U would get $250 alone but 800 / 3 = $266.67 in the place pool, so U leaves the class prize:
# A, B, U $266.66 each (2 cents left over), W nothing, V the U1600 prize $250.

P3_PLAYERS = people("A", "B", "Y", "D", ages={"Y": 11})
P3_PRIZES = [place(1, 300), place(2, 200), Prize("Top youth", d(150), kind="class", age_max=12)]
P4_PLAYERS = people("A", "U", "C", ratings={"A": 1900, "U": 1750, "C": 2000})
P4_PRIZES = [place(1, 300), place(2, 200), Prize("Top U1800", d(300), kind="class", rating_max=1799)]
FRESH_PLAYERS = people("A", "B", "U", "W", "V", ratings={"A": 1900, "B": 1850, "U": 1550, "W": 1700, "V": 1500})
FRESH_PRIZES = [place(1, 500), place(2, 300), Prize("Top U1600", d(250), kind="class", rating_max=1599)]
P5_PLAYERS = people(*P5_RATINGS, ratings=P5_RATINGS)

ELIGIBLE_ONLY = {
    "P3": ([[1, 2, 3, 4]], P3_PLAYERS, P3_PRIZES, [16666, 16666, d(150), 16666], 2),
    "P4": ([[1, 2, 3]], P4_PLAYERS, P4_PRIZES, [d(250), d(300), d(250)], 0),
    "P5": ([[1], [2], [3, 4, 5, 6], [7]], P5_PLAYERS, P5_PRIZES,
           [d(2298), d(1149), d(536), d(715), d(715), d(715), d(306)], 0),
    "fresh": ([[1, 2, 3], [4], [5]], FRESH_PLAYERS, FRESH_PRIZES, [26666, 26666, 26666, 0, d(250)], 2),
}


@pytest.mark.parametrize("case", list(ELIGIBLE_ONLY))
def test_class_prizes_shared_only_among_eligible_players(case):
    groups, players, prizes, expected, left = ELIGIBLE_ONLY[case]
    dist = distribute(groups, players, prizes, "uscf", eligible_only=True)
    assert [dist.paid(p.tpn) for p in players] == expected
    assert dist.remainder == left and dist.eligible_only and "only among eligible players" in dist.label
    # nobody ever shares in a prize they cannot win: every prize of every share is one its player is eligible for
    by_name = {p.name: p for p in prizes}
    for a in dist.awards:
        assert all(by_name[n].eligible(players[a.tpn - 1]) for n in a.shares_in), (a.name, a.shares_in)


def test_nested_classes_shared_only_among_eligible_players():
    """1st $500, under-2000 $400, under-1800 $300; A 2100, B 1950 and C 1750 tied.  Worked by hand: the
    narrowest class first: C alone may take the U1800 $300; leaving it, C would share the U2000 $400 with B,
    $200 each, so C takes it; of A and B only B may take the U2000 $400, against 500 / 2 = $250 in the place
    pool, so B takes it; A takes 1st, $500."""
    players = people("A", "B", "C", ratings={"A": 2100, "B": 1950, "C": 1750})
    prizes = [place(1, 500), Prize("U2000", d(400), kind="class", rating_max=1999),
              Prize("U1800", d(300), kind="class", rating_max=1799)]
    dist = distribute([[1, 2, 3]], players, prizes, "uscf", eligible_only=True)
    assert [dist.paid(t) for t in (1, 2, 3)] == [d(500), d(400), d(300)]
    assert [dist.award(t).shares_in for t in (1, 2, 3)] == [("place 1",), ("U2000",), ("U1800",)]
    rule = distribute([[1, 2, 3]], players, prizes, "uscf")          # the rule: (a) 1200 / 3 stands
    assert [rule.paid(t) for t in (1, 2, 3)] == [d(400)] * 3


def test_the_rule_itself_pools_the_class_prize_in_the_fresh_case():
    """The fresh case under rule 32B3 as TDs apply it, for comparison: (a) stands, as (b) pays U less."""
    assert [distribute([[1, 2, 3], [4], [5]], FRESH_PLAYERS, FRESH_PRIZES, "uscf").paid(t)
            for t in range(1, 6)] == [d(350)] * 3 + [0, 0]


def test_the_eligible_only_working_never_pools_a_class_prize_with_ineligible_players():
    """Text: no step of the eligible-only working shows a pool (or an equal share) holding a class prize
    together with a player who cannot win it; the words say who takes it, or why it passes down."""
    p3 = distribute([[1, 2, 3, 4]], P3_PLAYERS, P3_PRIZES, "uscf", eligible_only=True)
    text = "\n".join(p3.steps)
    assert "(a)" not in text and "Pool:" not in text and "shared equally:" not in text
    assert ("#3 Y is the only one eligible for the class prize (aged 12 or under) $150.00: $150.00 — not less "
            "than the $125.00 of sharing the place prizes with the rest of the tie, so #3 Y takes it.") in p3.steps
    assert ("  Every one of #1 A, #2 B, #4 D can win every prize here, so they pool them: $300.00 + $200.00 = "
            "$500.00, divided by 3: ≈$166.67 each.") in p3.steps
    assert "not rule 32B3 itself" in text
    fresh = distribute([[1, 2, 3], [4], [5]], FRESH_PLAYERS, FRESH_PRIZES, "uscf", eligible_only=True)
    text = "\n".join(fresh.steps)
    assert "which is more, so they leave this class prize to lower scores" in text
    assert "Top U1600" not in next(s for s in fresh.steps if s.startswith("Every one of"))
    assert "#5 V receives $250.00." in fresh.steps
    p5 = distribute([[1], [2], [3, 4, 5, 6], [7]], P5_PLAYERS, P5_PRIZES, "uscf", eligible_only=True)
    assert any(s.startswith("Only #4 J, #5 K, #6 L are eligible for the class prizes (rated 2399 or below) "
                            "$1,379.00 + $766.00 = $2,145.00, divided by 3: $715.00 each") for s in p5.steps)
    assert "The other (#3 I) brings in place 3 ($536.00)." in p5.steps


def test_the_rules_working_presents_a_as_a_comparison_when_b_wins():
    """P4 under the rule: the equal share of all three is only the figure (b) is compared with; the working
    says what each player actually receives, and no line pools the U1800 prize with the other two."""
    p4 = distribute([[1, 2, 3]], P4_PLAYERS, P4_PRIZES, "uscf")
    assert ("(a) If all 3 shared equally: $300.00 + $300.00 + $200.00 = $800.00, divided by 3: ≈$266.67 each."
            in p4.steps)
    assert not any(s.lstrip().startswith("(a) Pool:") and "$300.00 + $300.00" in s for s in p4.steps)
    assert "So, for this group: #2 U $300.00; #1 A, #3 C $250.00 each." in p4.steps


def test_the_rules_working_says_the_class_prize_is_pooled_when_a_stands():
    """P3 and P5 under the rule: the pooling includes the class prizes, and the working says so and why."""
    p3 = distribute([[1, 2, 3, 4]], P3_PLAYERS, P3_PRIZES, "uscf")
    assert ("Result: rule 32B3 pools the prizes the tied players bring in, the class prize (Top youth) included, "
            "because #3 Y would get less by taking it alone: #1 A, #2 B, #3 Y, #4 D receive $162.50 each."
            in p3.steps)
    p5 = distribute([[1], [2], [3, 4, 5, 6], [7]], P5_PLAYERS, P5_PRIZES, "uscf")
    assert any("the class prizes (U2400 1st, U2400 2nd) included, because #4 J, #5 K, #6 L would get less by "
               "taking them alone: #3 I, #4 J, #5 K, #6 L receive $746.75 each." in s for s in p5.steps)


def test_one_reading_at_a_time():
    with pytest.raises(EventError, match="choose one reading"):
        distribute([[1, 2, 3]], P4_PLAYERS, P4_PRIZES, "uscf", alternative=True, eligible_only=True)


def test_one_cash_prize_per_player_under_32b1():
    """A leader eligible for a class prize takes only the better of the two; the class prize passes down."""
    players = people("A", "B", "C", ratings={"A": 1700, "B": 2100, "C": 1650})
    prizes = [place(1, 500), place(2, 200), Prize("U1800", d(100), kind="class", rating_max=1799)]
    dist = distribute([[1], [2], [3]], players, prizes, "uscf")
    assert (dist.paid(1), dist.paid(2), dist.paid(3)) == (d(500), d(200), d(100))
    assert sum(1 for a in dist.awards if a.paid) == 3
    for a in dist.awards:
        assert len(a.shares_in) <= 1 or a.how.startswith("(a)")       # one prize, or one share of a pool


def test_class_prize_larger_than_place_prize_is_taken_alone():
    """The U1800 player alone in 2nd takes the bigger class prize; 2nd place passes to the next player."""
    players = people("A", "U", "C", ratings={"A": 2200, "U": 1700, "C": 2000})
    prizes = [place(1, 300), place(2, 100), Prize("U1800", d(150), kind="class", rating_max=1799)]
    dist = distribute([[1], [2], [3]], players, prizes, "uscf")
    assert (dist.paid(1), dist.paid(2), dist.paid(3)) == (d(300), d(150), d(100))


# -- rounding --------------------------------------------------------------------------------------

def test_100_among_three_rounds_down_with_one_cent_left():
    players = people("A", "B", "C")
    dist = distribute([[1, 2, 3]], players, [place(1, 100)], "uscf")
    assert [dist.paid(t) for t in (1, 2, 3)] == [3333] * 3
    assert dist.exact(1) == Fraction(10000, 3)
    assert dist.remainder == 1
    assert any("$0.01" in s for s in dist.steps)
    assert dist.total_paid + dist.remainder == dist.total_cash == 10000


def test_whole_unit_rounding():
    players = people("A", "B", "C")
    dist = distribute([[1, 2, 3]], players, [place(1, 100)], "equal", rounding="whole")
    assert [dist.paid(t) for t in (1, 2, 3)] == [d(33)] * 3
    assert dist.remainder == 100


# -- FIDE methods ----------------------------------------------------------------------------------

HORT_PRIZES = [place(i, v) for i, v in enumerate((1000, 500, 350, 200, 150, 100), start=1)]


def test_hort_example():
    players = people("A", "B", "C", "D", "E", "F")
    dist = distribute([[1, 2], [3], [4, 5, 6]], players, HORT_PRIZES, "hort")
    assert [dist.paid(t) for t in range(1, 7)] == [d(x) for x in (875, 625, 350, 175, 150, 125)]
    assert dist.total_paid == d(2300)


def test_vega_example():
    players = people("A", "B", "C", "D")
    prizes = [place(i, v) for i, v in enumerate((10000, 8000, 6000, 4000), start=1)]
    dist = distribute([[1, 2, 3, 4]], players, prizes, "hort")
    assert [dist.paid(t) for t in (1, 2, 3, 4)] == [d(x) for x in (8500, 7500, 6500, 5500)]


def test_equal_split_and_tie_break_order():
    players = people("A", "B", "C", "D", "E", "F")
    eq = distribute([[1, 2], [3], [4, 5, 6]], players, HORT_PRIZES, "equal")
    assert [eq.paid(t) for t in range(1, 7)] == [d(x) for x in (750, 750, 350, 150, 150, 150)]
    order = distribute([[1, 2], [3], [4, 5, 6]], players, HORT_PRIZES, "order")
    assert [order.paid(t) for t in range(1, 7)] == [d(x) for x in (1000, 500, 350, 200, 150, 100)]


# -- trophies --------------------------------------------------------------------------------------

def test_trophies_follow_tie_break_order_under_every_method():
    players = people("A", "B", "C", ratings={"A": 2000, "B": 1900, "C": 1700})
    prizes = [place(1, 300), place(2, 150), Prize("Champion", None, place=1, indivisible=True),
              Prize("Best U1800", None, kind="class", rating_max=1799, indivisible=True)]
    for method in ("uscf", "equal", "order", "hort"):
        dist = distribute([[2, 1, 3]], players, prizes, method)
        assert dist.award(2).trophies == ["Champion"], method            # first in tie-break order
        assert dist.award(3).trophies == ["Best U1800"], method
    uscf = distribute([[2, 1, 3]], players, prizes, "uscf")
    assert [uscf.paid(t) for t in (1, 2, 3)] == [d(150)] * 3              # cash never by tie-break


def test_trophies_from_real_standings_p2():
    case = CASES["P2"]
    event = case.event()
    table = standings(event, PRESETS["uscf"].criteria, "uscf")
    dist = distribute(table, event, case.prizes, "uscf")
    first = table.rows[0].tpn
    assert dist.award(first).trophies == ["Champion's trophy"]
    assert sorted(a.paid for a in dist.awards if a.paid) == [d(150)] * 3


# -- the cases as loaded by the app ----------------------------------------------------------------

@pytest.mark.parametrize("name,expected", [
    ("P1", [300, 120, 120, 120]),
    ("P2", [150, 150, 150]),
    ("P3", [162.50] * 4),
    ("P4", [250, 300, 250]),
    ("P5", [2298, 1149, 746.75, 746.75, 746.75, 746.75, 46, 46, 46, 46, 46]),
    ("Hort", [875, 625, 350, 175, 150, 125]),
])
def test_case_events(name, expected):
    case = CASES[name]
    event = case.event()
    table = standings(event, PRESETS["uscf"].criteria, "uscf")
    dist = distribute(table, event, case.prizes, case.method, currency=case.currency)
    assert [a.paid for a in dist.awards if a.paid] == [d(x) for x in expected]


@pytest.mark.parametrize("name,expected", [
    ("P3", [166.66, 166.66, 150, 166.66]),                     # Ada, Ben, Cleo (the youth), Dev
    ("P4", [250, 300, 250]),
    ("P5", [2298, 1149, 536, 715, 715, 715] + [107.20] * 5),   # the next five share 306 + 230
])
def test_case_events_with_class_prizes_shared_only_among_eligible_players(name, expected):
    case = CASES[name]
    event = case.event()
    table = standings(event, PRESETS["uscf"].criteria, "uscf")
    dist = distribute(table, event, case.prizes, case.method, eligible_only=True)
    assert [a.paid for a in dist.awards if a.paid] == [d(x) for x in expected]


def test_p4_case_pays_the_u1800_player():
    event = CASES["P4"].event()
    dist = distribute(standings(event, PRESETS["uscf"].criteria, "uscf"), event, CASES["P4"].prizes, "uscf")
    u1800 = [a for a in dist.awards if a.paid == d(300)]
    assert len(u1800) == 1 and event.player(u1800[0].tpn).rating < 1800


# -- input checks and money ------------------------------------------------------------------------

def test_bad_prizes_are_errors():
    with pytest.raises(EventError, match="needs its place"):
        Prize("1st", d(100))
    with pytest.raises(EventError, match="eligibility"):
        Prize("U1800", d(100), kind="class")
    with pytest.raises(EventError, match="unknown prize method"):
        distribute([[1]], people("A"), [place(1, 10)], "split")
    with pytest.raises(EventError, match="two cash prizes"):
        distribute([[1]], people("A"), [place(1, 10, "a"), place(1, 20, "b")], "uscf")


def test_money_text():
    assert money(74675) == "$746.75"
    assert parse_money("$1,379") == 137900
    assert parse_money("") is None
    with pytest.raises(EventError):
        parse_money("12.345")


def test_no_pronoun_is_guessed_in_the_working():
    """Players are named, or "they" is used; never "he"/"his" for a player of unknown sex."""
    import re

    from engine.prizes.split import METHODS
    players = people("A", "U", "C", ratings={"A": 1900, "U": 1750, "C": 2000})
    prizes = [place(1, 300), place(2, 200), Prize("Top U1800", d(300), kind="class", rating_max=1799)]
    for method in METHODS:
        for groups in ([[1, 2, 3]], [[1], [2, 3]]):
            for reading in ({"alternative": method == "uscf"}, {"eligible_only": True}):
                dist = distribute(groups, players, prizes, method, **reading)
                for line in dist.steps:
                    assert not re.search(r"\b(he|his|him|himself|she|her|hers|herself)\b", line, re.I), \
                        (method, line)
    lone = distribute([[1], [2, 3]], players, prizes, "uscf")
    assert "The best prize #1 A can win: place 1 ($300.00)." in " ".join(lone.steps)


def test_the_prize_editor_shows_blank_cells_not_none_and_reads_them_back():
    """A bound that is not set is an empty cell (a number column would show "None")."""
    from ui.widgets.prizes import ANYONE, prizes_frame, prizes_from_frame
    prizes = [place(1, 300), Prize("Top U1800", d(300), kind="class", rating_max=1799)]
    frame = prizes_frame(prizes)
    assert frame.loc[1, "Place"] == "" and frame.loc[0, "Rating max"] == "" and frame.loc[1, "Rating max"] == "1799"
    assert list(frame["Only for"]) == [ANYONE, ANYONE]
    assert "None" not in set(frame.astype(str).to_numpy().ravel()) and not frame.isna().to_numpy().any()
    back = prizes_from_frame(frame)
    assert [(p.name, p.amount, p.place, p.rating_max, p.predicate) for p in back] == \
        [("place 1", 30000, 1, None, None), ("Top U1800", 30000, None, 1799, None)]
    frame.loc[1, "Age max"] = "twelve"
    with pytest.raises(EventError, match="prize row 2"):
        prizes_from_frame(frame)
