"""Why is A above B: the walk through the ordering and its sentence (engine/ranking/why_above.py).

Every value is worked by hand: Fixture A under uscf (both on 3½, Modified Median 10½
each, Solkoff 12 for #16 against 10½ for #4, whose half-point bye counts as an opponent on 0);
under fide2024 (legacy list B: #16 over #1 on WIN 3–2 after BH-C1 11, BH 12½, DE and ARO-C1 1900 tie; BH(4) 15,
BH(16) 12½; #12 counts as 3 for FIDE, his real score is 2); Fixture B (C beat D,
A and B drew); US Chess head-to-head on Fixture A's {5, 8, 11} (+1, 0, −1).
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.ranking.standings import standings
from engine.ranking.why_above import ARMAGEDDON, Armageddon, closest_pair, compare_players, plain_name, sentence
from tests.citations import CITATION
from tests.fixtures import fixture_a, fixture_b

USCF = PRESETS["uscf"].criteria
FIDE_B = PRESETS["fide-swiss"].criteria


def test_fixture_a_uscf_16_over_4_in_the_issue_words():
    cmp = compare_players(fixture_a(), 16, 4, USCF, "uscf")
    assert (cmp.above, cmp.below, cmp.decided_by) == (16, 4, "BH")
    assert [s.code for s in cmp.steps] == ["PTS", "MM", "BH"]
    assert [(s.value_a, s.value_b) for s in cmp.steps] == [(Fraction(7, 2), Fraction(7, 2)),
                                                           (Fraction(21, 2), Fraction(21, 2)),
                                                           (Fraction(12), Fraction(21, 2))]
    assert sentence(cmp) == ("Both scored 3½. Their Modified Medians are equal (10½). Stephan's Solkoff is 12 "
                             "against David's 10½, mostly because David's half-point bye counts as an opponent "
                             "on 0.")


def test_the_order_of_the_question_does_not_change_the_answer():
    one = compare_players(fixture_a(), 16, 4, USCF, "uscf")
    other = compare_players(fixture_a(), 4, 16, USCF, "uscf")
    assert sentence(one) == sentence(other)
    assert (other.above, other.below) == (16, 4)


def test_both_traces_side_by_side_hold_the_bye_row():
    cmp = compare_players(fixture_a(), 16, 4, USCF, "uscf")
    solkoff = cmp.steps[-1]
    david = {r.round: r for r in solkoff.trace_b.rows}
    assert david[2].kind == "HPB" and david[2].value == 0
    assert sum(r.value for r in solkoff.trace_a.kept()) == 12


def test_fixture_a_fide2024_16_over_1_on_wins():
    cmp = compare_players(fixture_a(), 16, 1, FIDE_B, "fide2024")
    assert (cmp.above, cmp.decided_by) == (16, "WIN")
    values = {s.code: (s.value_a, s.value_b) for s in cmp.steps}
    assert values["BH/C1"] == (11, 11) and values["BH"] == (Fraction(25, 2), Fraction(25, 2))
    assert values["ARO/C1"] == (1900, 1900) and values["WIN"] == (3, 2)
    de = next(s for s in cmp.steps if s.code == "DE")
    assert not de.separates and de.group == [1, 16]
    text = sentence(cmp)
    assert text.startswith("Both scored 3½. Their Buchholz Cut-1 scores are equal (11). Their Buchholz scores "
                           "are equal (12½). Direct encounter does not separate them (they did not play each "
                           "other).")
    assert text.endswith("Stephan's number of wins is 3 against Alyx's 2.")


def test_a_fide_adjusted_opponent_is_named_as_the_cause():
    cmp = compare_players(fixture_a(), 4, 16, "BH", "fide2024")
    assert (cmp.above, cmp.decided_by) == (4, "BH")
    assert (cmp.steps[-1].value_a, cmp.steps[-1].value_b) == (15, Fraction(25, 2))
    # #12 counts 3 (trailing absences as draws) instead of the real 2: 1 of the 2½ gap, so "partly"
    assert cmp.cause == ("partly because David's opponent Nick counts as 3 instead of the 2 Nick really scored "
                         "(adjusted for unplayed rounds)")


def test_direct_encounter_with_its_mini_table():
    cmp = compare_players(fixture_b(), 4, 3, PRESETS["fide-rr"].criteria, "fide")
    assert (cmp.above, cmp.below, cmp.decided_by) == (3, 4, "DE")
    step = cmp.deciding
    assert step is not None and step.group == [3, 4]
    assert step.table == {3: {4: "1"}, 4: {3: "0"}}
    assert sentence(cmp) == ("Both scored 3. In the games among the players tied at that point (C and D), C "
                             "scored 1 against D's 0, so direct encounter puts C above.")


def test_head_to_head_plus_minus():
    cmp = compare_players(fixture_a(), 11, 5, "H2H", "uscf")
    assert (cmp.above, cmp.decided_by) == (5, "H2H")
    assert cmp.deciding is not None and cmp.deciding.group == [5, 8, 11]
    assert "Helene is +1 (wins minus losses) against Maria's -1" in sentence(cmp)


def test_tied_on_everything_points_to_lots_and_a_playoff():
    cmp = compare_players(fixture_b(), 1, 2, "DE", "fide", Options(seed=7))
    assert cmp.tied and cmp.decided_by is None and cmp.tied_group == [1, 2]
    text = sentence(cmp)
    assert text.startswith("Both scored 3½. Direct encounter does not separate them (their game was drawn).")
    assert "they share places 1–2" in text
    first = "A" if cmp.lots_order[0] == 1 else "B"
    assert f"draw lots (with seed 7 the draw puts {first} first" in text
    assert ("an Armageddon game: White has 6 minutes and Black 5, a draw counts as a win for Black, and the winner "
            "of a drawing of lots chooses the colour") in text
    assert "(FIDE C.07 art. 3 and 4.2; US Chess rule 34E names lots last)" in text
    assert not CITATION.search(text) and "LOTS" not in text
    assert (ARMAGEDDON.white_minutes, ARMAGEDDON.black_minutes) == (6, 5)


def test_the_playoff_is_a_parameter():
    cmp = compare_players(fixture_b(), 1, 2, "DE", "fide", Options(seed=7),
                          playoff=Armageddon(5, 4, "the higher seed chooses the colour"))
    assert "White has 5 minutes and Black 4" in sentence(cmp)
    assert "the higher seed chooses the colour" in sentence(cmp)


def test_lots_in_the_ordering_separates_them():
    cmp = compare_players(fixture_b(), 1, 2, "DE,LOTS", "fide", Options(seed=7))
    assert cmp.decided_by == "LOTS" and not cmp.tied
    assert "The drawing of lots (seed 7) among A and B puts" in sentence(cmp)


def test_points_alone_separate():
    cmp = compare_players(fixture_a(), 2, 3, USCF, "uscf")
    assert cmp.decided_by == "PTS"
    assert sentence(cmp) == "Bruno scored 4 against Charline's 3½."


def test_precomputed_standings_give_the_same_answer():
    event = fixture_a()
    table = standings(event, USCF, "uscf")
    assert sentence(compare_players(event, 16, 4, USCF, "uscf", table=table)) == \
        sentence(compare_players(event, 16, 4, USCF, "uscf"))


def test_closest_pair_is_the_latest_decided_neighbours():
    # Appendix A2: every other tied neighbour pair under uscf is separated by Modified Median; 16/4 by Solkoff
    assert closest_pair(standings(fixture_a(), USCF, "uscf")) == (16, 4)


def test_plain_names():
    assert plain_name("BH", "uscf") == ("Solkoff", "Solkoffs")
    assert plain_name("BH", "fide") == ("Buchholz", "Buchholz scores")
    assert plain_name("SB/C1", "fide") == ("Sonneborn-Berger Cut-1", "Sonneborn-Berger Cut-1 scores")


@pytest.mark.parametrize("a, b", [(3, 3), (3, 99)])
def test_bad_requests_are_event_errors(a, b):
    with pytest.raises(EventError):
        compare_players(fixture_a(), a, b, USCF, "uscf")


def test_the_standings_pair_picker_uses_whole_names_and_says_a_shared_place():
    """The pair picker names both players in full and says when they share a place."""
    from ui.why.answer import pair_choice
    names = {1: "Ava Stone", 3: "Cara Lee", 4: "Ivanov, Andrey"}
    assert pair_choice(1, 3, None, names) == "#1 Ava Stone and #3 Cara Lee share a place"
    assert pair_choice(3, 4, "BH/C1", names) == "#3 Cara Lee above #4 Ivanov, Andrey · by BH/C1"


def test_the_start_and_build_previews_show_every_criterion_they_name():
    """The caption names the whole order, so the preview has a column for each."""
    from engine.core.presets import PRESETS
    from engine.ranking.standings import standings
    from ui.render.tables import preview_frame
    codes = PRESETS["uscf"].codes
    assert len(codes) > 3
    frame = preview_frame(standings(fixture_a(), list(codes), "uscf"))
    assert list(frame.columns) == ["Rank", "No.", "Name", "Points", *codes]
    assert "None" not in set(frame.astype(str).to_numpy().ravel())
