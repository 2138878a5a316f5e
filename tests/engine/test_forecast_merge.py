"""Merged states (``engine.forecast.merge``) give the same exact chances as trying every combination.

The merging is used for a tied player whose values depend on many games; here it is forced on every
player (``MERGE_ABOVE`` set below zero) on events small enough for the plain enumeration, which
``tests/engine/test_forecast.py`` checks against the full standings of every outcome.  The chances must be the
very same fractions under every preset and rule set, with cuts, medians, the Modified Median's two ends,
Sonneborn-Berger with and without cuts, the opposition's cumulative, and group-dependent criteria after
the merged ones.
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS, Options
from engine.events.generator import UnplayedRates, generate_event
from engine.forecast import groups
from engine.forecast.merge import Merged
from engine.forecast.places import Question, forecast
from tests.pending_rounds import last_round_pending

#: orders whose every criterion the merging handles (those of the presets, and more cuts)
MERGED_ORDERS = ["MM,BH,CUM,OCUM", "BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB", "BH/C2,SB/C1,MED,WIN",
                 "BH/M1,SB/M1,FB,KASH", "SB/C2,OCUM,MM,H2H,TPN", "MED,BH/C1,DE,LOTS"]


@pytest.fixture
def merge_everyone(monkeypatch):
    """Every tied player counted by merged states, and the number of players it was used for."""
    used = []
    original = Merged.__init__

    def counting(self, *args, **kwargs):
        original(self, *args, **kwargs)
        used.append(self)
    monkeypatch.setattr(groups, "MERGE_ABOVE", -1)
    monkeypatch.setattr(Merged, "__init__", counting)
    return used


def both(ev, order, rules, options, places, model="uniform", draw_rate=0.3):
    grouped = forecast(ev, order, rules, options, question=Question(places=places), model=model,
                       draw_rate=draw_rate, max_exact_games=0)
    plain = forecast(ev, order, rules, options, question=Question(places=places), model=model,
                     draw_rate=draw_rate, max_exact_games=99)
    return grouped, plain


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 100_000), players=st.integers(6, 12), rounds=st.integers(2, 5),
       order=st.sampled_from(MERGED_ORDERS), rules=st.sampled_from(sorted(RULE_SETS)), places=st.integers(1, 3),
       played_first=st.booleans())
def test_merged_equals_plain_enumeration(merge_everyone, seed, players, rounds, order, rules, places, played_first):
    ev = last_round_pending(generate_event(players, rounds, seed=seed, rates=UnplayedRates.typical()))
    if not ev.pending_games():
        return
    grouped, plain = both(ev, order, rules, Options(played_score_first=played_first, seed=5), places)
    assert grouped.places == plain.places


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_merged_is_used_and_exact_on_a_nine_round_event(merge_everyone, preset):
    """Nine rounds: the Modified Median leaves out two at each end; the merging must have been used."""
    ev = last_round_pending(generate_event(12, 9, seed=7, rates=UnplayedRates.typical()))
    p = PRESETS[preset]
    grouped, plain = both(ev, p.criteria, p.rules, None, 3)
    assert grouped.grouped and merge_everyone
    assert grouped.places == plain.places


@pytest.mark.parametrize("preset,draw_rate", [("uscf", 0.3), ("fide-swiss", 0.0)])
def test_merged_equals_plain_under_the_elo_model(merge_everyone, preset, draw_rate):
    ev = last_round_pending(generate_event(14, 5, seed=3, rates=UnplayedRates.typical()))
    p = PRESETS[preset]
    grouped, plain = both(ev, p.criteria, p.rules, None, 3, model="elo", draw_rate=draw_rate)
    assert merge_everyone
    for t, dist in plain.places.items():
        assert grouped.places[t].keys() == dist.keys()
        for k, v in dist.items():
            assert grouped.places[t][k] == pytest.approx(v, abs=1e-12)


@pytest.mark.parametrize("model", ["uniform", "elo"])
def test_a_merged_players_whole_table_agrees_with_his_states_game_by_game(merge_everyone, model):
    """:meth:`Merged.table` (every result of his games at once, on arrays) and :meth:`Merged.numbered_dist`
    (states carried a game at a time) are two ways to the same weights: for each result of his first open
    game, the weight of each of his keys summed over the others must agree."""
    ev = last_round_pending(generate_event(16, 7, seed=4, rates=UnplayedRates.typical()))
    p = PRESETS["uscf"]
    forecast(ev, p.criteria, p.rules, question=Question(places=3), model=model, max_exact_games=0)
    compared = 0
    for m in merge_everyone:
        for part in m.parts:
            free, numbers = m.table(part)
            if not free:
                continue
            first = free[0]
            for result in range(3):
                expected: dict[int, float] = {}
                for combo in zip(*(a.ravel() for a in np.indices(numbers.shape))):
                    if combo[0] != result:
                        continue
                    w = 1.0
                    for i, r in zip(free[1:], combo[1:]):
                        w *= m.weights[i][r]
                    if w:
                        n = int(numbers[combo])
                        expected[n] = expected.get(n, 0) + w
                got = m.numbered_dist(part, {first: result})
                assert got.keys() == expected.keys()
                for n, w in expected.items():
                    assert got[n] == pytest.approx(w, rel=1e-12)
                compared += 1
    assert compared >= 30
