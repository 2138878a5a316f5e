"""What would have flipped it (engine/ranking/flips.py): hand-made events whose answer is known, and the fast
judge checked against full standings.

Hand-made events (values worked by hand in each test's docstring); Fixture A values worked by hand
(US Chess preset: #16 and #4 both on 3½, #4 with a half-point bye in round 2).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from engine.core.codes import parse_codes
from engine.core.model import Kind
from engine.core.ordering import ordering_of
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.events.generator import UnplayedRates, generate_event
from engine.ranking.flips import PairJudge, _sources, apply_flip, candidates, change_text, find_flips
from engine.ranking.standings import standings
from engine.ranking.why_above import compare_players
from tests.fixtures import build, fixture_a

HALF = Fraction(1, 2)

# 4-player round robin: R1 1=2 3>4, R2 1>3 2=4, R3 1=4 2=3.  Scores: #1 2, #2 1½, #3 1½, #4 1.
FOUR = """
1 =W2 +W3 =B4
2 =B1 =W4 =B3
3 +W4 -B1 =W2
4 -B3 =B2 =W1
"""

# 6 players, 2 rounds, raw rule set.  R1: 1=3, 2=4, 5 HPB, 6 HPB.  R2: 1=5, 2=6, 3=4.
# Everybody scores 1.  Raw Buchholz: #1 = s3 + s5 = 1 + 1 = 2, #2 = s4 + s6 = 1 + 1 = 2: equal, so the
# pairing number puts #1 first.
BYES = """
1 =W3 =B5
2 =W4 =B6
3 =B1 =W4
4 =B2 =B3
5 HPB =W1
6 HPB =W2
"""


def names(event, changes):
    return {(c.tpn, c.round, c.after.kind, c.after.points) for c in changes}


def test_one_draw_made_a_win_reverses_two_players():
    """Points only: #1 2 over #2 1½.  A change of ½ to either player alone only ties them; only their own
    round-1 draw turned into a win for #2 moves both (1½ against 2).  Every other reversal moves more points."""
    event = build("four", FOUR)
    flips = find_flips(event, 1, 2, [], "fide")
    first = flips[0]
    assert (first.kind, first.size, first.points_moved) == ("result", 2, Fraction(1))
    assert names(event, first.changes) == {(1, 1, Kind.G, Fraction(0)), (2, 1, Kind.G, Fraction(1))}
    assert (first.above, first.decided_by, first.values) == (2, "PTS", {1: Fraction(3, 2), 2: Fraction(2)})
    assert [f for f in flips if (f.size, f.points_moved) <= (2, 1)] == [first]
    assert first.sentence == "Round 1: Player 2 beats Player 1 (recorded: a draw). Then Player 2 would score 2 " \
                             "against Player 1's 1½."
    keys = [(f.size, f.points_moved) for f in flips]
    assert keys == sorted(keys)


def test_a_bye_recorded_differently_is_the_smallest_flip():
    """BH then pairing number, raw rules.  #5's half-point bye as a zero-point bye (or an absence) drops #1's
    Buchholz to 1½; #6's as a full-point or pairing bye lifts #2's to 2½.  Those four are the only one-entry
    changes that reverse them (a bye changed for #1 or #2 themselves moves their points the wrong way or
    not at all)."""
    event = build("byes", BYES)
    flips = find_flips(event, 1, 2, parse_codes("BH,TPN"), "raw")
    smallest = [f for f in flips if f.size == 1]
    assert len(smallest) == 4 and flips[:4] == smallest
    assert {(f.changes[0].tpn, f.changes[0].after.kind) for f in smallest} == {
        (5, Kind.ZPB), (5, Kind.ABS), (6, Kind.FPB), (6, Kind.PAB)}
    for f in smallest:
        assert (f.kind, f.points_moved, f.decided_by, f.above) == ("bye", HALF, "BH", 2)
        assert f.values == ({1: Fraction(3, 2), 2: Fraction(2)} if f.changes[0].tpn == 5
                            else {1: Fraction(2), 2: Fraction(5, 2)})
        assert f.old_values == {1: 2, 2: 2}
    zpb = next(f for f in smallest if f.changes[0].after.kind is Kind.ZPB)
    assert zpb.change_text == "Round 1: Player 5's half-point bye recorded as a zero-point bye"
    assert zpb.outcome == "both would score 1 and Player 2's Buchholz would be 2 against Player 1's 1½"


def test_fixture_a_davids_bye_comes_first():
    """#16 over #4 (uscf).  One entry: #4's half-point bye as a full-point or pairing bye gives him 4."""
    flips = find_flips(fixture_a(), 16, 4, PRESETS["uscf"].criteria, "uscf")
    assert [(f.size, f.decided_by, f.above) for f in flips[:2]] == [(1, "PTS", 4), (1, "PTS", 4)]
    assert {f.changes[0].after.kind for f in flips[:2]} == {Kind.FPB, Kind.PAB}
    assert flips[0].sentence == ("Round 2: David's half-point bye recorded as a full-point bye. Then David would "
                                 "score 4 against Stephan's 3½.")
    assert all(f.size >= 2 for f in flips[2:])


@pytest.mark.parametrize("preset, rules, a, b", [("uscf", "uscf", 16, 4), ("fide-swiss", "fide2024", 16, 1),
                                                 ("fide-swiss-a", "fide", 5, 11), ("puddletown", "uscf", 3, 1)])
def test_every_flip_reverses_the_full_standings(preset, rules, a, b):
    """Applied to the event (validated) and ranked in full, each flip really puts the other player first."""
    event = fixture_a()
    crits = PRESETS[preset].criteria
    before = standings(event, crits, rules, Options(seed=1)).order
    flips = find_flips(event, a, b, crits, rules, Options(seed=1), limit=12)
    assert flips
    for f in flips:
        st = standings(apply_flip(event, f), crits, rules, Options(seed=1))
        assert st.row(a).rank != st.row(b).rank
        assert (st.order.index(f.above) < st.order.index(f.below)) and \
            (before.index(f.above) > before.index(f.below))
        walk = compare_players(apply_flip(event, f), a, b, crits, rules, Options(seed=1), table=st)
        assert walk.decided_by == f.decided_by
        assert {a: walk.steps[-1].value_a, b: walk.steps[-1].value_b} == f.values


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss", "fide-swiss-a"])
def test_the_pair_judge_agrees_with_the_standings(preset):
    event = generate_event(24, 6, seed=5, rates=UnplayedRates.every_kind())
    p = PRESETS[preset]
    st = standings(event, p.criteria, p.rules, Options(seed=3))
    order = st.order
    for a, b in itertools.combinations(order[:14], 2):
        v = PairJudge(event, a, b, ordering_of(p.criteria, p.rules, Options(seed=3))).verdict()
        expected = None if st.row(a).rank == st.row(b).rank else min(a, b, key=order.index)
        assert v.above == expected, (a, b)


def test_changed_events_judged_fast_agree_with_full_standings():
    """The fast judge reuses the unchanged event's values far from a change; check it on real changes."""
    event = generate_event(30, 6, seed=11, rates=UnplayedRates.every_kind())
    p = PRESETS["fide-swiss"]
    st = standings(event, p.criteria, p.rules, Options(seed=2))
    a, b = next((s.above, s.below) for s in st.separated_by if s.criterion not in ("PTS",))
    judge = PairJudge(event, a, b, ordering_of(p.criteria, p.rules, Options(seed=2)))
    cands = candidates(event, a, b, _sources(judge, judge.verdict()), judge.n)
    for cand in cands[::max(1, len(cands) // 40)]:
        changed = apply_flip(event, cand)          # validated: every candidate is a consistent event
        fast = judge.verdict(judge.context(changed, cand.players)).above
        full = standings(changed, p.criteria, p.rules, Options(seed=2))
        expected = None if full.row(a).rank == full.row(b).rank else min(a, b, key=full.order.index)
        assert fast == expected, cand


def test_withdrawal_turns_later_games_into_forfeits():
    """#1 withdraws after round 2: his round-3 game against #4 becomes a forfeit #4 wins.  Withdrawing after
    round 1 would also hand #3 (one of the two players asked about) a forfeit win: not offered."""
    event = build("four", FOUR)
    cands = [c for c in candidates(event, 2, 3, [1]) if c.kind == "withdrawal"]
    assert [min(ch.round for ch in c.changes) for c in cands] == [3]
    changed = apply_flip(event, cands[0])
    assert [e.kind for e in changed.entries[1]] == [Kind.G, Kind.G, Kind.FL]
    assert changed.entries[4][2].kind is Kind.FW and changed.score(4) == Fraction(3, 2)
    assert cands[0].size == 2 and cands[0].points_moved == 1


def test_no_flip_when_nothing_single_can_reverse():
    """#1 won all three rounds of a 4-player round robin and #4 lost all three: no one change reverses them."""
    event = build("rr", """
    1 +W2 +W3 +B4
    2 -B1 +W4 +B3
    3 +W4 -B1 -W2
    4 -B3 -B2 -W1
    """)
    assert find_flips(event, 1, 4, [], "fide") == []


# -- what would really have changed it: points-keeping changes first (search_flips) --------------------------

from engine.ranking.flips import keeps_points, search_flips  # noqa: E402
from tests.engine.test_why_answer import FARID, HANA, six  # noqa: E402


def _points(event, tpn):
    return event.score(tpn)


def _check_against_full_standings(event, a, b, crits, rules, found):
    """Every proposed change, applied (validated) and ranked in full: the order of a and b is reversed; the
    points-keeping ones leave both players' points as they were, the others change at least one."""
    options = Options(seed=1)
    before = standings(event, crits, rules, options)
    was_above = min(a, b, key=before.order.index)
    shared = before.row(a).rank == before.row(b).rank
    flips = list(found.keeping) + ([found.pair] if found.pair else []) + list(found.own)
    for f in flips:
        changed = apply_flip(event, f)
        st = standings(changed, crits, rules, options)
        assert st.row(a).rank != st.row(b).rank, f.sentence
        now_above = min(a, b, key=st.order.index)
        assert now_above == f.above
        if not shared:
            assert now_above != was_above, f.sentence
        same = all(changed.score(t) == event.score(t) for t in (a, b))
        assert same == f.keeps_points == keeps_points(f, a, b), f.sentence
    assert all(f.keeps_points for f in found.keeping) and not any(f.keeps_points for f in found.own)
    if found.pair is not None:
        assert found.pair.keeps_points and not found.keeping
    return flips


def test_a_result_elsewhere_reverses_them_with_their_points_kept():
    """Hana above Farid on Buchholz 5 against 4 (raw), then direct encounter (Farid beat Hana).  If Dee had beaten
    Ana in round 3 instead of drawing, Ana would have 1 (Hana's Buchholz 2 + 1 + 1½ = 4½) and Dee 1 (Farid's
    Buchholz 2 + 1 + 1½ = 4½): equal, and Farid's win over Hana decides."""
    event = six()
    found = search_flips(event, FARID, HANA, "BH,DE", "raw", Options(seed=1))
    flips = _check_against_full_standings(event, FARID, HANA, parse_codes("BH,DE"), "raw", found)
    assert flips
    dee = next(f for f in found.keeping if f.change_text == "Round 3: Dee beats Ana (recorded: a draw)")
    assert (dee.above, dee.decided_by, dee.size, dee.points_moved) == (FARID, "DE", 2, 1)
    assert dee.outcome == ("both would score 2 and in the games among the players tied at that point (Farid and "
                           "Hana), Farid scored 1 against Hana's 0, so direct encounter would put Farid above (still "
                           "equal on Buchholz)")
    sizes = [(f.size, f.points_moved) for f in found.keeping if f.kind != "forfeit"]
    assert sizes == sorted(sizes)
    # the own-points changes come separately: Farid's or Hana's own results
    assert found.own and all({c.tpn for c in f.changes} & {FARID, HANA} for f in found.own)


@pytest.mark.parametrize("preset, rules, a, b", [("uscf", "uscf", 16, 4), ("fide-swiss", "fide2024", 16, 1),
                                                 ("fide-swiss-a", "fide", 5, 11), ("puddletown", "uscf", 3, 1),
                                                 ("uscf", "uscf", 3, 4)])
def test_search_on_fixture_a_checked_against_full_standings(preset, rules, a, b):
    event = fixture_a()
    crits = PRESETS[preset].criteria
    found = search_flips(event, a, b, crits, rules, Options(seed=1))
    flips = _check_against_full_standings(event, a, b, crits, rules, found)
    assert flips


def test_fixture_a_3_and_4_need_a_pair_of_changes():
    """Charline over David on Modified Median 12½ against 10½ (uscf): no single change that keeps their points
    reverses them, but a pair does; each of its two changes keeps both players' points."""
    found = search_flips(fixture_a(), 3, 4, PRESETS["uscf"].criteria, "uscf", Options(seed=1))
    assert found.keeping == [] and found.pair is not None
    assert found.pair.kind == "pair" and found.pair.size == 4 and "; and round" in found.pair.change_text
    assert all(c.after.points == c.before.points for c in found.pair.changes if c.tpn in (3, 4))
    assert 0 < found.pairs_tried <= 800


def test_points_apart_no_points_keeping_change_can_reverse_them():
    """Bruno 4, David 3½ (Fixture A): a change that keeps both scores keeps Bruno above."""
    found = search_flips(fixture_a(), 2, 4, PRESETS["uscf"].criteria, "uscf", Options(seed=1))
    assert found.keeping == [] and found.pair is None and found.pairs_tried == 0 and found.tried > 0
    assert found.own
    _check_against_full_standings(fixture_a(), 2, 4, PRESETS["uscf"].criteria, "uscf", found)


@pytest.mark.parametrize("seed", [3, 8])
def test_search_on_generated_events_checked_against_full_standings(seed):
    event = generate_event(18, 5, seed=seed, rates=UnplayedRates.every_kind())
    p = PRESETS["fide-swiss"]
    st = standings(event, p.criteria, p.rules, Options(seed=1))
    pairs = [(s.above, s.below) for s in st.separated_by if s.criterion not in ("PTS",)][:3]
    assert pairs
    for a, b in pairs:
        found = search_flips(event, a, b, p.criteria, p.rules, Options(seed=1), limit=6, own_limit=3)
        _check_against_full_standings(event, a, b, p.criteria, p.rules, found)


def test_a_criterion_only_reached_is_said_to_decide_instead_not_to_change():
    """Fixture A under FIDE's list B: Genevieve (#7) is above Opal (#13) on 1½ each.
    David's half-point bye recorded as a full-point bye makes them equal on BH-C1, BH and direct encounter;
    then the average rating of opponents, cut 1, decides, and neither player's value on it moved.  By hand:
    Opal met 2000, 2200, 2050, 1850, 1550: without the lowest, 8100 / 4 = 2025; Genevieve met 1500, 2150, 1450,
    2000, 1700: 7350 / 4 = 1837.5, shown 1838."""
    from engine.core.ordering import ordering_of
    from tests.fixtures import fixture_a
    found = search_flips(fixture_a(), 13, 7, ordering_of(preset="fide-swiss"))
    first = found.keeping[0]
    assert first.sentence == (
        "Round 2: David's half-point bye recorded as a full-point bye. Then both would score 1½, equal on "
        "Buchholz Cut-1, Buchholz and direct encounter, so average rating of opponents Cut-1 decides instead: "
        "Opal has 2025 against Genevieve's 1838, as now.")
    assert "would be" not in first.sentence


def test_a_pair_whose_second_change_starts_with_a_name_keeps_its_capital():
    """QA: Women's World Rapid 2024 (uscf), Tan (#3) and Lagno (#8), both on 8.  No single change that keeps
    their points reverses them; the pair that does ends in a withdrawal, whose sentence starts with the player's
    name.  By hand from the file: Lagno (#8, white) beat Kosteniuk (#4) in round 9; Paehtz (#15, written
    "Paehtz, Elisabeth") met in rounds 6-11 Lagno #8, Maltsevskaya #60, Zhu #5, Harika #12, Khamdamova #82 and
    Wagner #43, so withdrawing after round 5 gives those six a forfeit win each (named by pairing number).
    The name keeps its capital after "; and": "elisabeth Paehtz" was the bug."""
    from engine.formats.trf import load_trf
    from tests.paths import TRF_DIR
    event = load_trf(TRF_DIR / "fide_womens_world_rapid_2024.trf")
    found = search_flips(event, 8, 3, PRESETS["uscf"].criteria, "uscf", Options(seed=1))
    assert found.keeping == [] and found.pair is not None
    assert found.pair.change_text == (
        "Round 9: Kateryna Lagno's win over Alexandra Kosteniuk recorded as a forfeit win (Alexandra Kosteniuk "
        "did not show); and Elisabeth Paehtz withdraws after round 5 (the later opponents Jiner Zhu, Kateryna "
        "Lagno, Harika Dronavalli, Dinara Wagner, Aleksandra Maltsevskaya and Afruza Khamdamova win by forfeit)")


def test_a_change_inside_a_sentence_lowers_only_the_word_round():
    """The second change of a pair continues a sentence: "Round" (the only word the change's text writes at its
    start) becomes "round"; a withdrawal starts with a name, which is kept as written.  FOUR with names: Cy (#3)
    beat Dee (#4) in round 1; Ana (#1) drew with Bo (#2) in round 1 and with Dee in round 3, so Ana withdrawing
    after round 2 gives Dee a forfeit win in round 3."""
    event = build("four", FOUR, names={1: "Ana", 2: "Bo", 3: "Cy", 4: "Dee"})
    found = candidates(event, 1, 2, [1, 2, 3, 4])
    forfeit = next(c for c in found if c.kind == "forfeit" and c.subject == 3 and c.changes[0].round == 1)
    result = next(c for c in found if c.kind == "result" and {x.tpn for x in c.changes} == {1, 2}
                  and c.changes[0].round == 1 and c.changes[1].after.points == 1)
    leaves = next(c for c in found if c.kind == "withdrawal" and c.subject == 1
                  and min(x.round for x in c.changes) == 3)
    assert change_text(event, forfeit, inside=True) == \
        "round 1: Cy's win over Dee recorded as a forfeit win (Dee did not show)"
    assert change_text(event, forfeit) == "Round 1: Cy's win over Dee recorded as a forfeit win (Dee did not show)"
    assert change_text(event, result, inside=True) == "round 1: Bo beats Ana (recorded: a draw)"
    assert change_text(event, leaves, inside=True) == \
        "Ana withdraws after round 2 (Dee wins their later game by forfeit)"
