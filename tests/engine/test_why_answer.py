"""The parent's answer (engine/ranking/why_answer.py), word for word on a hand-made event, and on the real events.

The hand-made event (raw rule set, so every Buchholz is a plain sum of real scores), 6 players, 3 rounds:

    R1: Farid beats Hana, Ana beats Bo, Cy beats Dee
    R2: Farid beats Dee, Hana beats Ana, Bo and Cy draw
    R3: Bo beats Farid, Hana beats Cy, Ana and Dee draw

Scores: Farid 2, Hana 2, Ana 1½, Bo 1½, Cy 1½, Dee ½.
Buchholz (raw): Farid = Hana 2 + Dee ½ + Bo 1½ = 4; Hana = Farid 2 + Ana 1½ + Cy 1½ = 5;
Ana = Bo 1½ + Hana 2 + Dee ½ = 4; Bo = Ana 1½ + Cy 1½ + Farid 2 = 5; Cy = Dee ½ + Bo 1½ + Hana 2 = 4.
Sonneborn-Berger (raw): Ana = beat Bo 1½ + drew Dee ½·½ = 1¾; Cy = beat Dee ½ + drew Bo 1½·½ = 1¼.
"""
from __future__ import annotations

import re

import pytest

from engine.core.codes import CODES, parse_codes
from engine.core.model import Kind
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.events.generator import UnplayedRates, generate_event
from engine.formats.loader import load_event
from engine.ranking.standings import standings
from engine.ranking.why_above import compare_players
from engine.ranking.why_answer import everyday, plain_answer
from engine.tiebreaks.encounter import lots
from tests.citations import CITATION
from tests.fixtures import build, fixture_a
from tests.paths import REPO_ROOT

ROOT = REPO_ROOT
TRF = sorted((ROOT / "tests" / "data" / "trf").glob("*.trf"))

SIX = """
1 +W2 +B6 -W4
2 -B1 +W3 +B5
3 +W4 -B2 =W6
4 -B3 =W5 +B1
5 +W6 =B4 -W2
6 -B5 -W1 =B3
"""
NAMES = {1: "Farid", 2: "Hana", 3: "Ana", 4: "Bo", 5: "Cy", 6: "Dee"}
FARID, HANA, ANA, BO, CY, DEE = range(1, 7)


def six():
    return build("six", SIX, names=NAMES)


def answer(a: int, b: int, codes: str, rules: str = "raw", seed: int | None = None, event=None) -> str:
    cmp = compare_players(event or six(), a, b, codes, rules, Options(seed=seed))
    return plain_answer(cmp).text


def test_the_hand_made_event_is_as_worked_out():
    st = standings(six(), "BH", "raw")
    assert {r.tpn: r.values["PTS"] for r in st.rows} == {1: 2, 2: 2, 3: 1.5, 4: 1.5, 5: 1.5, 6: 0.5}
    assert {r.tpn: r.values["BH"] for r in st.rows if r.tpn != DEE} == {1: 4, 2: 5, 3: 4, 4: 5, 5: 4}


def test_met_and_won_but_decided_earlier():
    assert answer(FARID, HANA, "BH,DE") == (
        "Hana is above Farid: both scored 2, and the first tie-break, the Buchholz (the total score of the opponents "
        "each played), gives Hana 5 against Farid's 4. Farid won their game in round 1, but this event looks at the "
        "result between tied players only after one other tie-break.")


def test_met_and_won_but_the_order_never_looks_at_it():
    assert answer(HANA, FARID, "BH,WIN") == (
        "Hana is above Farid: both scored 2, and the first tie-break, the Buchholz (the total score of the opponents "
        "each played), gives Hana 5 against Farid's 4. Farid won their game in round 1, but this event's order does "
        "not use the result between tied players.")


def test_met_and_drew():
    assert answer(BO, CY, "BH") == (
        "Bo is above Cy: both scored 1½, and the first tie-break, the Buchholz (the total score of the opponents "
        "each played), gives Bo 5 against Cy's 4. They drew their game in round 2, so it could not separate them.")


def test_never_met():
    assert answer(CY, ANA, "BH,SB") == (
        "Ana is above Cy: both scored 1½ and were not separated by the first tie-break; the second, the "
        "Sonneborn-Berger (the scores of the opponents each beat, plus half the scores of those each drew with), "
        "gives Ana 1¾ against Cy's 1¼.")


def test_decided_by_the_game_itself():
    assert answer(HANA, FARID, "DE,BH") == (
        "Farid is above Hana: both scored 2, and the next rule in this event's order is the result between the "
        "tied players. Farid won their game in round 1.")


def test_decided_by_the_game_after_an_equal_tie_break():
    """Ana and Cy: Buchholz 4 each, then direct encounter; they did not meet, so the drawing of lots decides."""
    first = lots(5, [ANA, CY]).classes[0][0]
    a, b = (NAMES[first], NAMES[CY if first == ANA else ANA])
    assert answer(ANA, CY, "BH,DE,LOTS", seed=5) == (
        f"{a} is above {b}: both scored 1½ and they are equal on the two tie-breaks before it, so a drawing of "
        f"lots put {a} first.")


def test_decided_by_drawing_of_lots_with_their_drawn_game():
    """Bo and Cy drew in round 2; with only the drawing of lots, the seeded draw decides."""
    first = lots(3, [BO, CY, ANA]).classes
    order = [t for cls in first for t in cls if t in (BO, CY)]
    a, b = NAMES[order[0]], NAMES[order[1]]
    assert answer(BO, CY, "LOTS", seed=3) == (
        f"{a} is above {b}: both scored 1½, and this event's order goes straight to a drawing of lots, which put "
        f"{a} first. They drew their game in round 2, so it could not separate them.")


def test_separated_on_points_only():
    assert answer(ANA, FARID, "BH") == "Farid is above Ana on points: Farid scored 2 and Ana 1½."
    assert answer(ANA, HANA, "BH") == (
        "Hana is above Ana on points: Hana scored 2 and Ana 1½. Hana won their game in round 2, which counted in "
        "their points like every other game.")
    assert answer(FARID, BO, "BH") == (
        "Farid is above Bo on points: Farid scored 2 and Bo 1½. Bo won their game in round 3, but points over the "
        "whole event come first.")


def test_a_shared_place():
    assert answer(ANA, CY, "BH") == (
        "Ana and Cy share place 4: both scored 1½, and they are equal on every tie-break of this event. If one of "
        "them must be placed higher, the organiser draws lots or holds a play-off.")


def test_fixture_a_with_the_bye_named_as_the_cause():
    """The US Chess recommended order on Fixture A: both 3½, Modified Median 10½ each, Solkoff 12 against 10½
    (David's bye counts 0)."""
    assert answer(16, 4, "MM,BH,CUM,OCUM", "uscf", event=fixture_a()) == (
        "Stephan is above David: both scored 3½ and were not separated by the first tie-break; the second, the "
        "Solkoff (the total score of the opponents each played), gives Stephan 12 against David's 10½, mostly "
        "because David's half-point bye counts as an opponent on 0.")


def test_modified_median_says_which_end_it_leaves_out():
    assert everyday("MM", "uscf", score=3, rounds=5).endswith("leaving out the weakest)")
    assert everyday("MM", "uscf", score=2, rounds=5).endswith("leaving out the strongest)")
    assert everyday("MM", "uscf", score=2.5, rounds=5).endswith("leaving out the strongest and the weakest)")
    assert everyday("MM", "uscf", score=7, rounds=9).endswith("leaving out the two weakest)")
    assert everyday("BH/C1", "fide") == ("the Buchholz Cut-1 (the total score of the opponents each played, "
                                         "leaving out the weakest)")


# -- no codes, ever ----------------------------------------------------------------------------------------

#: every tie-break code, alias, entry-kind code and modifier a parent would not know
CODE_WORDS = sorted(set(CODES) | {"GE", "FW", "FL", "PAB", "FPB", "HPB", "ZPB", "ABS", "R1", "R2", "R3", "R4", "R5"})
CODE_PATTERN = re.compile(r"(?<![\w-])(" + "|".join(CODE_WORDS) + r")(?![\w-])|/[CMNPFLR]\d*\b|#\d+|" + CITATION.pattern)


def codes_in(text: str) -> list[str]:
    return [m.group(0) for m in CODE_PATTERN.finditer(text)]


def test_the_code_finder_finds_codes():
    assert codes_in("US Chess counts each of #8's 1 unplayed round(s) (R5 FL) as ½; BH/C1 and PAB") == \
        ["#8", "R5", "FL", "BH", "/C1", "PAB"]
    assert codes_in("Stephan's Buchholz Cut-1 and the drawing of lots") == []


ALL_PRESETS = sorted(PRESETS)


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_no_answer_contains_a_code(preset):
    """Every pair of neighbours, every preset, on Fixture A and a generated event with every kind of entry."""
    p = PRESETS[preset]
    for event in (fixture_a(), generate_event(20, 5, seed=4, rates=UnplayedRates.every_kind())):
        st = standings(event, p.criteria, p.rules, Options(seed=2))
        for s in st.separated_by:
            cmp = compare_players(event, s.above, s.below, p.criteria, p.rules, Options(seed=2), table=st)
            text = plain_answer(cmp).text
            assert codes_in(text) == [], (preset, s, text)
            assert len(plain_answer(cmp).sentences) <= 3


# -- the real events ---------------------------------------------------------------------------------------

def _orderings(event):
    yield "uscf", PRESETS["uscf"].criteria, "uscf"
    yield "fide-swiss", PRESETS["fide-swiss"].criteria, "fide"
    yield "fide-rr", PRESETS["fide-rr"].criteria, "fide"
    # the women's world rapid's official order (tests/data/trf/README.md), on every event
    yield "bh-c1,bh,aro-c1", parse_codes("BH/C1,BH,ARO/C1"), "fide"
    if event.file_tiebreaks:
        yield "file", list(event.file_tiebreaks), "fide"


@pytest.mark.parametrize("path", TRF, ids=[p.name for p in TRF])
def test_every_tied_neighbour_pair_of_the_real_events_gets_its_criterion_named(path):
    """For each pair of neighbours on the same points, the answer is decided by the criterion the standings
    separated them on, and names it (its everyday name, or "share place" when nothing separates them)."""
    event = load_event(path)
    checked = 0
    for label, crits, rules in _orderings(event):
        st = standings(event, crits, rules, Options(seed=1))
        n = st.round
        for s in st.separated_by:
            if s.criterion == "PTS":
                continue
            cmp = compare_players(event, s.above, s.below, crits, rules, Options(seed=1), table=st)
            ans = plain_answer(cmp)
            assert ans.decided_by == s.criterion, (label, s)
            if s.criterion is None:
                assert "share place" in ans.text and "equal on every tie-break" in ans.text
            else:
                step = cmp.deciding
                assert step is not None
                points = cmp.steps[0].value_a
                crit = next(c for c in st.criteria if str(c) == s.criterion)
                if crit.info.group_dependent:
                    words = "drawing of lots" if crit.code == "LOTS" else "result between the tied players"
                else:
                    words = everyday(crit, rules, points, n)
                assert words in ans.text, (label, s, ans.text)
                assert ans.text.startswith(f"{cmp.name(s.above)} is above {cmp.name(s.below)}")
            assert codes_in(ans.text) == [], ans.text
            checked += 1
    assert checked > 0


def test_the_answer_lists_their_games():
    cmp = compare_players(six(), FARID, HANA, "BH", "raw")
    met = plain_answer(cmp).met
    assert [(m.round, m.result, m.played) for m in met] == [(1, "1-0", True)]
    cmp = compare_players(six(), HANA, FARID, "BH", "raw")
    assert [m.result for m in plain_answer(cmp).met] == ["0-1"]


def test_a_forfeit_between_them_is_not_a_game():
    """Fixture A round 4: #9 Jessica lost to #11 Maria by forfeit."""
    event = fixture_a()
    assert event.entries[9][3].kind is Kind.FL
    cmp = compare_players(event, 9, 11, "BH", "uscf")
    text = plain_answer(cmp).text
    assert text == ("Maria is above Jessica on points: Maria scored 2½ and Jessica 1½. Maria won their round 4 "
                    "pairing by forfeit (Jessica did not play), which counted in their points.")


def test_names_written_last_first_are_listed_with_semicolons():
    from engine.core.words import join_names
    assert join_names(["Ana", "Bo", "Cy"]) == "Ana, Bo and Cy"
    assert join_names(["Ju, Wenjun", "Tan, Zhongyi"]) == "Ju, Wenjun and Tan, Zhongyi"
    assert join_names(["Ju, Wenjun", "Tan, Zhongyi", "Lagno, Kateryna"]) == \
        "Ju, Wenjun; Tan, Zhongyi; and Lagno, Kateryna"
