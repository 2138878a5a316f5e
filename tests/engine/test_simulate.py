"""The simulation lab's metrics on hand-made standings, its intervals, its determinism, a small run.

Every expected number is worked out by hand in the comments: pairs of players tied on points are
counted as correct (the stronger ranked higher), wrong, unbroken (a shared place) or equal strength
(left out); Kendall's tau-b is (C - D) / sqrt((n0 - n1)(n0 - n2)) with n0 pairs, n1 tied in rank and n2
tied in strength, averaged over the tied groups weighted by n0.
"""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

from engine.core.chances import wilson
from engine.core.errors import EventError
from engine.events.generator import generate_event
from engine.events.simulate import (
    EXPERIMENTS,
    SimParams,
    differences,
    event_seed,
    experiment,
    pair_counts,
    reading,
    run,
    simulated_event,
    to_csv,
)

STRONG = {1: 2000.0, 2: 1900.0, 3: 1800.0}
TIED = {1: 3, 2: 3, 3: 3}


# -- metrics on tiny hand-made cases ------------------------------------------------------------------
def test_three_tied_players_two_separated():
    # ranks 1, 2, 2: (1,2) and (1,3) correct, (2,3) a shared place.  C = 2, D = 0, n0 = 3, n1 = 1, n2 = 0:
    # tau-b = 2 / sqrt(2 * 3) = 0.81650
    c = pair_counts({1: 1, 2: 2, 3: 2}, TIED, STRONG)
    assert (c.correct, c.wrong, c.unbroken, c.equal) == (2, 0, 1, 0)
    assert c.tau_weight == 3
    assert c.tau_sum / c.tau_weight == pytest.approx(2 / math.sqrt(6))


def test_three_tied_players_reversed_and_mixed():
    # weakest first: every pair wrong, tau-b = -3 / 3 = -1
    c = pair_counts({1: 3, 2: 2, 3: 1}, TIED, STRONG)
    assert (c.correct, c.wrong, c.unbroken) == (0, 3, 0)
    assert c.tau_sum / c.tau_weight == pytest.approx(-1.0)
    # 2 above 1 above 3: (1,2) wrong, (1,3) and (2,3) correct: tau-b = (2 - 1) / 3
    c = pair_counts({2: 1, 1: 2, 3: 3}, TIED, STRONG)
    assert (c.correct, c.wrong, c.unbroken) == (2, 1, 0)
    assert c.tau_sum / c.tau_weight == pytest.approx(1 / 3)


def test_only_pairs_tied_on_points_count_and_groups_are_weighted_by_pairs():
    # group 3 pts {1,2,3} perfectly ordered (tau 1, 3 pairs); group 2 pts {4,5} the wrong way (tau -1, 1 pair);
    # player 6 alone.  Weighted tau = (3 * 1 + 1 * -1) / 4 = 0.5.  Pairs across groups are not counted.
    points = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 1}
    strength = {**STRONG, 4: 1500.0, 5: 1600.0, 6: 2500.0}
    ranks = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}
    c = pair_counts(ranks, points, strength)
    assert (c.correct, c.wrong, c.unbroken) == (3, 1, 0)
    assert c.tau_weight == 4
    assert c.tau_sum / c.tau_weight == pytest.approx(0.5)


def test_equal_strength_is_left_out():
    # 1 and 2 are equally strong: their pair is neither correct nor wrong; (1,3), (2,3) are correct.
    # tau-b: C = 2, D = 0, n0 = 3, n1 = 0, n2 = 1: 2 / sqrt(3 * 2)
    c = pair_counts({1: 1, 2: 2, 3: 3}, TIED, {1: 1900.0, 2: 1900.0, 3: 1800.0})
    assert (c.correct, c.wrong, c.unbroken, c.equal) == (2, 0, 0, 1)
    assert c.tau_sum / c.tau_weight == pytest.approx(2 / math.sqrt(6))


def test_an_ordering_that_breaks_nothing_has_tau_zero():
    c = pair_counts({1: 1, 2: 1, 3: 1}, TIED, STRONG)
    assert (c.correct, c.wrong, c.unbroken) == (0, 0, 3)
    assert c.tau_sum == 0.0 and c.tau_weight == 3


def test_wilson_known_values():
    # 50 of 100: centre 0.5, half-width 1.96 * sqrt(0.0025 + 1.96² / 40000) / (1 + 1.96² / 100) = 0.09617
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.40383, abs=1e-5) and high == pytest.approx(0.59617, abs=1e-5)
    # 0 of 10: the textbook upper limit 1.96² / (10 + 1.96²) = 0.27753
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.27753, abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)


# -- parameters, seeds, variants ----------------------------------------------------------------------
def test_event_seeds_are_stable_and_distinct():
    assert event_seed(1, 0) == event_seed(1, 0)
    assert len({event_seed(1, i) for i in range(1000)}) == 1000
    assert event_seed(1, 5) != event_seed(2, 5)


def test_one_extra_bye_or_forfeit_per_event_raises_the_rate_by_one_over_the_slots():
    p = SimParams(players=20, rounds=5, bye_rate=0.02, forfeit_rate=0.01, extra_byes=1, extra_forfeits=1)
    assert p.variants == ("base", "+bye", "+forfeit")
    assert p.rates("+bye").hpb == pytest.approx(0.02 + 1 / 100)          # 20 players x 5 rounds
    assert p.rates("+forfeit").forfeit == pytest.approx(0.01 + 1 / 50)   # 10 boards x 5 rounds


def test_bad_parameters_are_plain_errors():
    with pytest.raises(EventError, match="unknown pairing"):
        SimParams(pairing="monrad")
    with pytest.raises(EventError, match="unknown preset"):
        SimParams(presets=("nope",))
    with pytest.raises(EventError, match="at least one criterion"):
        SimParams(criteria=(), presets=())
    with pytest.raises(EventError):
        SimParams(criteria=("XYZ",))


def test_ready_made_experiments_fill_valid_parameters():
    for name in EXPERIMENTS:
        p = experiment(name, SimParams(events=3))
        assert p.events == 3 and (p.criteria or p.presets)


# -- determinism and workers --------------------------------------------------------------------------
SMALL = SimParams(players=12, rounds=4, events=12, criteria=("BH", "LOTS"), presets=("uscf",), bye_rate=0.05,
                  forfeit_rate=0.05, seed=7)


def test_same_seed_same_numbers_other_seed_other_numbers():
    a, b = run(SMALL, workers=1), run(SMALL, workers=1)
    assert a.rows == b.rows
    assert run(replace(SMALL, seed=8), workers=1).rows != a.rows


def test_the_result_does_not_depend_on_the_number_of_workers():
    assert run(SMALL, workers=2).rows == run(SMALL, workers=1).rows


def test_rating_as_tie_break_is_always_right():
    # the true strength *is* the rating: ranking by rating breaks every pair of different strength correctly
    r = run(SimParams(players=16, rounds=5, events=10, criteria=("RTNG",), presets=()), workers=1)
    row = r.rows[0]
    assert row.wrong == 0 and row.unbroken == 0 and row.correct > 0
    assert row.share_correct_broken == 1.0 and row.tau_b == pytest.approx(1.0)


def test_dutch_pairing_hook_pairs_every_round():
    p = SimParams(players=8, rounds=3, events=1, pairing="dutch")
    ev = simulated_event(p, 0)
    assert ev.rounds == 3 and all(ev.entry(t, r).kind.value in ("G", "PAB") for t in ev.tpns for r in (1, 2, 3))
    # the same roster as the fast pairing's event: the players are drawn before any pairing
    fast = simulated_event(replace(p, pairing="fast"), 0)
    assert [(q.name, q.rating) for q in ev.players] == [(q.name, q.rating) for q in fast.players]


def test_a_pairing_hook_must_pair_everybody_once():
    with pytest.raises(EventError, match="exactly once"):
        generate_event(6, 2, seed=1, pairing=lambda ev, rnd, players: ([(players[0], players[1])], None))
    # a hook that declines every round gives the built-in pairing, the same event
    assert generate_event(9, 4, seed=3, pairing=lambda *a: None) == generate_event(9, 4, seed=3)


# -- a small simulation -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def small_run():
    return run(SimParams(players=20, rounds=5, events=200, criteria=("BH", "SB", "LOTS"), presets=("uscf",),
                         bye_rate=0.02, forfeit_rate=0.01, seed=11, extra_byes=1), workers=2)


def test_a_coin_is_right_half_the_time(small_run):
    lots = next(r for r in small_run.base() if r.label == "LOTS")
    assert lots.pairs > 4000 and lots.unbroken == 0
    assert lots.broken_cluster_low < 0.5 < lots.broken_cluster_high
    assert lots.broken_low < 0.5 < lots.broken_high
    assert abs(lots.tau_b) < 0.05


def test_real_tie_breaks_beat_the_coin_and_the_table_is_complete(small_run):
    base = {r.label: r for r in small_run.base()}
    assert set(base) == {"BH", "SB", "LOTS", "uscf"}
    for label in ("BH", "SB", "uscf"):
        assert base[label].broken_cluster_low > base["LOTS"].broken_cluster_high
    # points first, then BH alone leaves some pairs tied; the US order breaks (nearly) everything
    assert base["BH"].unbroken > base["uscf"].unbroken
    assert [d.label for d in small_run.diffs] == ["BH", "SB", "LOTS", "uscf"]
    assert all(d.variant == "+bye" and d.low <= d.share_correct_broken <= d.high for d in small_run.diffs)
    assert small_run.diffs == differences(small_run.rows)
    text = to_csv(small_run).splitlines()
    assert text[0].startswith("variant,label,kind") and len(text) == 1 + 8
    words = " ".join(reading(small_run))
    assert "LOTS" in words and "50" in words
