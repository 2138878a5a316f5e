"""The exact forecast counted tied group by tied group equals the plain enumeration of every combination.

The grouped count (``engine.forecast.groups``) regroups the same sum; these tests make it do the
work on events small enough to enumerate (``max_exact_games=0`` sends every top-places question to it)
and require the very same exact fractions under every preset, every rule set, criteria that look two
steps away, group-dependent criteria in the middle of the order, and the local "a played score first"
option.  The plain enumeration is itself checked against the full standings of every outcome in
``tests/engine/test_forecast.py``; the first test here also checks the grouped count against them directly.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS, Options
from engine.events.generator import UnplayedRates, generate_event
from engine.forecast.places import Question, forecast, resolve
from engine.ranking.standings import standings
from tests.engine.test_forecast import last_round_pending

DATA = Path(__file__).resolve().parents[1] / "data"

#: orders beyond the presets: criteria two steps away, a group-dependent criterion between plain ones,
#: Koya, performance averages, lots
EXTRA_ORDERS = ["AOB,BH,DE,SB", "APRO,ARO,WIN", "KS,H2H,CUM,LOTS", "OCUM,APPO,PS", "BH/M1,SB/C1,KASH,TPN",
                "MM,MED,FB,OPERF,REP"]
ORDERS = [",".join(str(c) for c in p.criteria) for p in PRESETS.values()] + EXTRA_ORDERS


def both(ev, order, rules, options, places, model="uniform"):
    grouped = forecast(ev, order, rules, options, question=Question(places=places), model=model,
                       max_exact_games=0)
    plain = forecast(ev, order, rules, options, question=Question(places=places), model=model,
                     max_exact_games=99)
    return grouped, plain


def test_grouped_equals_the_full_standings_of_every_outcome():
    ev = last_round_pending(generate_event(10, 4, seed=11, rates=UnplayedRates.typical()))
    p = PRESETS["fide-swiss"]
    games = ev.pending_games()
    truth: dict[int, dict[int, Fraction]] = {}
    for outcome in product(range(3), repeat=len(games)):
        for row in standings(resolve(ev, games, outcome), p.criteria, p.rules).rows:
            d = truth.setdefault(row.tpn, {})
            key = min(row.rank, 4)
            d[key] = d.get(key, Fraction(0)) + Fraction(1, 3 ** len(games))
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=3), model="uniform", max_exact_games=0)
    assert fc.grouped and fc.method == "exact"
    for tpn, dist in fc.places.items():
        assert dist == dict(sorted(truth[tpn].items()))
    for tpn, dist in truth.items():       # everybody left out of the forecast is out of the top three
        if tpn not in fc.places:
            assert set(dist) == {4}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), players=st.integers(6, 12), rounds=st.integers(2, 5),
       order=st.sampled_from(ORDERS), rules=st.sampled_from(sorted(RULE_SETS)), places=st.integers(1, 3),
       played_first=st.booleans(), unrated=st.sampled_from(["off", "exclude", 1400]))
def test_grouped_equals_plain_enumeration(seed, players, rounds, order, rules, places, played_first, unrated):
    ev = last_round_pending(generate_event(players, rounds, seed=seed, rates=UnplayedRates.typical()))
    if len(ev.pending_games()) == 0:
        return
    options = Options(played_score_first=played_first, unrated=unrated, seed=5)
    grouped, plain = both(ev, order, rules, options, places)
    if not grouped.grouped:          # no game can change these places: both enumerate nothing
        assert not plain.relevant
    assert grouped.places == plain.places


@pytest.mark.parametrize("preset,draw_rate", [("uscf", 0.3), ("fide-swiss", 0.3), ("uscf", 0.0), ("fide-swiss", 0.8)])
def test_grouped_equals_plain_under_the_elo_model(preset, draw_rate):
    ev = last_round_pending(generate_event(14, 5, seed=3, rates=UnplayedRates.typical()))
    p = PRESETS[preset]
    grouped = forecast(ev, p.criteria, p.rules, question=Question(places=3), draw_rate=draw_rate, max_exact_games=0)
    plain = forecast(ev, p.criteria, p.rules, question=Question(places=3), draw_rate=draw_rate, max_exact_games=99)
    assert grouped.grouped and grouped.method == "exact"
    assert grouped.places.keys() == plain.places.keys()
    for t in plain.places:
        assert grouped.places[t].keys() == plain.places[t].keys()
        for k, v in plain.places[t].items():
            assert grouped.places[t][k] == pytest.approx(v, abs=1e-12)
        assert sum(grouped.places[t].values()) == pytest.approx(1.0, abs=1e-12)


def test_a_round_with_too_many_leaders_games_is_sampled_instead():
    # twenty players on the same score before the last round: ten games among them decide the places,
    # more than the grouped count tries in every combination, so the automatic choice samples
    ev = last_round_pending(generate_event(20, 1, seed=2))
    p = PRESETS["uscf"]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=3), samples=200, workers=1)
    assert fc.method == "sampled" and fc.samples == 200


def hundred_player_swiss():
    return last_round_pending(generate_event(100, 7, seed=7, rates=UnplayedRates.typical()))


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_a_sample_of_a_hundred_player_swiss_agrees_with_its_grouped_exact_answer(preset):
    from engine.core.chances import wilson
    ev = hundred_player_swiss()
    p = PRESETS[preset]
    exact = forecast(ev, p.criteria, p.rules, question=Question(places=3))
    assert exact.method == "exact" and exact.grouped and len(exact.relevant) > 9
    n = 4000
    sample = forecast(ev, p.criteria, p.rules, question=Question(places=3), method="sampled", samples=n, seed=3,
                      workers=1)
    for t, dist in exact.places.items():
        assert sum(dist.values()) == pytest.approx(1.0, abs=1e-9)
        for place, chance in dist.items():
            assert 0 < chance <= 1
            lo, hi = sample.intervals[t].get(place, wilson(0, n))      # a place never drawn: 0 of n
            assert lo <= chance <= hi, (t, place, chance, lo, hi)


def test_asking_for_an_exact_answer_that_would_take_too_long_is_a_clear_error():
    from engine.core.errors import EventError
    ev = last_round_pending(generate_event(20, 1, seed=2))
    p = PRESETS["uscf"]
    with pytest.raises(EventError, match="too many to try every combination; ask for a sampled answer"):
        forecast(ev, p.criteria, p.rules, question=Question(places=3), method="exact")


def test_two_leaders_by_hand_counted_tie_by_tie():
    """The two leaders of tests/engine/test_forecast.py, asked about first place and sent through the grouped count.
    Worked by hand: P1 and P2 (3/3) meet.  The winner is first alone (1/3 each).  After a draw (1/3) both
    have 3½ and BH(P1) - BH(P2) = score(P5) - score(P6), since P1 met 3, 4, 5 and P2 met 6, 7, 8 and the
    games 3-4 and 7-8 add the same to each side; P5 not losing to P6 (2/3) keeps P1 first (alone or
    shared), P6 not losing (2/3) keeps P2 first.  So each is first with 1/3 + 1/3 x 2/3 = 5/9."""
    from tests.engine.test_forecast import two_leaders
    fc = forecast(two_leaders(), "BH", "fide", question=Question(places=1), model="uniform", max_exact_games=0)
    assert fc.grouped and fc.method == "exact"
    assert fc.places == {1: {1: Fraction(5, 9), 2: Fraction(4, 9)}, 2: {1: Fraction(5, 9), 2: Fraction(4, 9)}}


@pytest.mark.parametrize("model", ["uniform", "elo"])
def test_the_count_by_arrays_equals_the_count_state_by_state_on_a_real_event(monkeypatch, model):
    """Heart of Finland 2016 with its twelve top boards of the last round still to play, US Chess order (no
    group-dependent criterion, so the ties are counted on whole arrays): made to count every tie state by
    state instead, the grouped forecast gives the very same chances (exact fractions when every result is
    equally likely)."""
    from engine.forecast.group_arrays import TieCount
    from engine.formats.published import read_published
    from tests.pending_rounds import top_boards_pending
    source = DATA / "published" / "heart_of_finland_2016_by_starting_number.txt"
    ev = top_boards_pending(read_published([(source.name, source.read_bytes())]).event, 12)
    p = PRESETS["uscf"]
    by_arrays = forecast(ev, p.criteria, p.rules, question=Question(places=3), model=model, max_exact_games=0)
    used = []

    def state_by_state(self, x, members, games_of, start, places, outcome, mass, chances):
        used.append(x)
        return self._member(x, members, games_of, start, places, outcome, mass)

    monkeypatch.setattr(TieCount, "_member_by_arrays", state_by_state)
    by_states = forecast(ev, p.criteria, p.rules, question=Question(places=3), model=model, max_exact_games=0)
    assert by_arrays.grouped and by_states.grouped and used
    assert by_arrays.places.keys() == by_states.places.keys()
    for t, dist in by_states.places.items():
        if model == "uniform":
            assert by_arrays.places[t] == dist
        else:
            assert by_arrays.places[t].keys() == dist.keys()
            for k, v in dist.items():
                assert by_arrays.places[t][k] == pytest.approx(v, abs=1e-12)
    # the leader after eight rounds (starting number 2) cannot be caught: first whatever happens
    assert by_arrays.places[2].keys() == {1} and by_arrays.places[2][1] == pytest.approx(1, abs=1e-12)


def test_papi_performance_with_estimated_ratings_reads_the_whole_field():
    """Papi's performance estimates a rating from every player's score, so a result anywhere can move it: the
    grouped count must not cut the field to the neighbours of the players asked about."""
    from dataclasses import replace

    from engine.core.model import make_event
    base = generate_event(10, 4, seed=11, rates=UnplayedRates.typical())
    players = [replace(p, estimated=p.tpn % 3 == 0) for p in base.players]
    ev = last_round_pending(make_event(base.name, players, base.entries, rounds=base.rounds))
    order, rules = "PPR,BH", "fide"
    games = ev.pending_games()
    truth: dict[int, dict[int, Fraction]] = {}
    for outcome in product(range(3), repeat=len(games)):
        for row in standings(resolve(ev, games, outcome), order, rules).rows:
            d = truth.setdefault(row.tpn, {})
            key = min(row.rank, 4)
            d[key] = d.get(key, Fraction(0)) + Fraction(1, 3 ** len(games))
    grouped, plain = both(ev, order, rules, Options(), 3)
    assert grouped.places == plain.places
    for tpn, dist in grouped.places.items():
        assert dist == dict(sorted(truth[tpn].items()))


def test_every_pending_game_can_move_a_papi_performance():
    """In a field too large for two steps to reach everyone, Buchholz reads only the games near the leaders,
    Papi's performance every game (each result moves the score groups its estimates come from)."""
    from engine.core.codes import parse_code
    from engine.forecast.places import scope
    ev = last_round_pending(generate_event(150, 5, seed=3, rates=UnplayedRates.typical()))
    games = ev.pending_games()
    near = scope(ev, [parse_code("BH")], Question(places=1), games)
    whole = scope(ev, [parse_code("PPR")], Question(places=1), games)
    assert len(near.relevant) < len(games) and len(whole.relevant) == len(games)
