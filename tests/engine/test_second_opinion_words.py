"""Check published standings never explains a difference with a sentence that contradicts itself, and says
what it tried and the nearest reading where no single change fits (issue 40, item 10).

Constructed tables of FIDE TEC's 16-player exercise (Fixture A of ``test_second_opinion``), whose values are
worked out by hand from its crosstable (``tests/data/trf/fide_tec_swiss16.trf``):

- points 3½: Alyx #1, Charline #3, David #4, Stephan #16; their Buchholz with the lowest score cut (TB1) 11, 13,
  11½ and 11: Alyx and Stephan stay tied after TB1, and they did not play each other (Stephan met #8, #11, #7,
  #2, #15), so the direct encounter gives Alyx 0;
- Bruno #2 is alone on 4 points: nobody is tied with him, the direct encounter has nothing to count;
- David is alone after TB1, but on 3½ points he drew with Charline (round 4) and Alyx (round 5): counted over
  everybody on his points, before TB1, the direct encounter gives him 1;
- Bruno's Buchholz: opponents #10 (1), #7 (1½), #1, #16, #3 (3½ each) = 13, and 12 with the lowest cut.
"""
from __future__ import annotations

from tests.reference.test_second_opinion import BH24, BHC1_24, check_text, table, value

DE_LEGEND = {"TB1": "Buchholz Tie-Breaks (Cut 1)", "TB2": "Direct Encounter"}


def de_check(**published: str):
    de = {t: "0" for t in range(1, 17)}
    de.update({int(k[1:]): v for k, v in published.items()})
    return check_text(table({"TB1": BHC1_24, "TB2": de}, DE_LEGEND))


def test_a_direct_encounter_difference_names_the_tied_group_and_never_contradicts_itself():
    check = de_check(p1="1", p2="1")
    assert [c.agree for c in check.columns] == [16, 16, 14]
    alyx = value(check, "Alyx", "TB2")
    assert "the tied groups are the same, so" not in alyx.why
    assert alyx.why == ("published 1, ours 0: after points and TB1, the table's numbers and ours tie Alyx with the "
                        "same players (Stephan); they did not play each other, which gives 0; no single change we "
                        "tried gives the published number (we also counted the games between all the players on "
                        "the same points)")
    assert value(check, "Bruno", "TB2").why == (
        "published 1, ours 0: after points and TB1, the table's numbers and ours leave Bruno tied with nobody, so "
        "there are no games between tied players to count; no single change we tried gives the published number")


def test_a_direct_encounter_over_the_whole_points_group_is_recognised():
    david = value(de_check(p4="1"), "David", "TB2")
    assert david.why == ("the published 1 counts the games between all the players on David's points, before TB1 "
                         "separates them; counted inside the group still tied after TB1, as the rules do, it is 0")


def test_no_single_change_lists_what_it_tried_and_the_nearest_reading():
    bruno = value(check_text(table({"TB1": {**BH24, 2: "11.5"}}, {"TB1": "Buchholz Tie-Breaks (Total)"})),
                  "Bruno", "TB1")
    assert bruno.why.startswith("published 11½, ours 13 (")
    assert bruno.why.endswith("no single change we tried gives the published number (we tried another rule set, "
                              "a cut, forfeits as games, one unplayed round read as another kind, a withdrawal "
                              "read as byes); the nearest: a reading that cuts the lowest score gives 12")
    far = value(check_text(table({"TB1": {**BH24, 2: "99"}}, {"TB1": "Buchholz Tie-Breaks (Total)"})), "Bruno", "TB1")
    assert far.why.endswith("; none of them comes nearer than ours")
