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
from engine.prizes.split import Prize, distribute, money, parse_money
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
    """Issue 22 item 8: players are named, or "they" is used; never "he"/"his" for a player of unknown sex."""
    import re

    from engine.prizes.split import METHODS
    players = people("A", "U", "C", ratings={"A": 1900, "U": 1750, "C": 2000})
    prizes = [place(1, 300), place(2, 200), Prize("Top U1800", d(300), kind="class", rating_max=1799)]
    for method in METHODS:
        for groups in ([[1, 2, 3]], [[1], [2, 3]]):
            dist = distribute(groups, players, prizes, method, alternative=method == "uscf")
            for line in dist.steps:
                assert not re.search(r"\b(he|his|him|himself|she|her|hers|herself)\b", line, re.I), (method, line)
    lone = distribute([[1], [2, 3]], players, prizes, "uscf")
    assert "The best prize #1 A can win: place 1 ($300.00)." in " ".join(lone.steps)


def test_the_prize_editor_shows_blank_cells_not_none_and_reads_them_back():
    """Issue 22 item 18: a bound that is not set is an empty cell (a number column would show "None")."""
    from ui.prizes import ANYONE, prizes_frame, prizes_from_frame
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
