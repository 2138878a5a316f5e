"""AppTests of the size limits of a shared server: stated on screen when hit, and nothing runs."""
from __future__ import annotations

import time

import pytest
from streamlit.testing.v1 import AppTest

from engine.events.editing import add_round
from engine.events.generator import generate_event
from tests.pages import build_tab, open_page
from tests.paths import REPO_ROOT

ROOT = REPO_ROOT


def method(at: AppTest):
    return next(r for r in at.radio if r.label == "How to pair")


@pytest.fixture
def hosted(monkeypatch):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "hosted")


def test_the_dutch_pairing_of_more_players_than_the_cap_is_refused_in_words(hosted, monkeypatch):
    monkeypatch.setattr("ui.session.state.example_event", lambda: add_round(generate_event(players=101, rounds=2, seed=3)))
    at = build_tab(open_page("Build event", timeout=60).run(), "Pair next round")
    method(at).set_value("dutch").run()
    assert any("at most 100 players per round" in i.value and "Round 3 has 101 to pair" in i.value
               for i in at.info)
    next(b for b in at.button if b.label == "Pair round 3").click().run()
    assert not at.exception
    assert any("limited to 100 players" in e.value and "has 101" in e.value for e in at.error)
    assert at.text[0].value.endswith("101 players, after round 2 of 3 (saved automatically)")   # nothing paired
    assert not any("s so far" in t.value for t in at.text)                   # and no job was started


def test_the_laptop_has_no_dutch_cap(monkeypatch):
    monkeypatch.setattr("ui.session.state.example_event", lambda: add_round(generate_event(players=101, rounds=2, seed=3)))
    at = build_tab(open_page("Build event", timeout=60).run(), "Pair next round")
    method(at).set_value("dutch").run()
    assert not any("at most" in i.value for i in at.info)


def test_a_simulation_over_the_budget_is_refused_in_words(hosted):
    at = open_page("Simulation lab", timeout=60).run()
    at.number_input(key="sim.players").set_value(100)
    at.number_input(key="sim.rounds").set_value(10)
    at.number_input(key="sim.events").set_value(501)          # 501 x 100 x 10 = 501,000 > 500,000
    next(b for b in at.button if b.label == "Run simulation").click().run()
    assert not at.exception
    [error] = at.error
    assert "at most 500,000 player-rounds" in error.value and "this one has 501,000" in error.value
    assert not at.get("vega_lite_chart")


def endless_search(*args, **kwargs) -> None:
    """Stands in for a flip search too long for its time limit (run in the worker process)."""
    time.sleep(120)


def test_a_big_events_flip_search_past_its_time_limit_leaves_the_rest_of_the_why_page(monkeypatch):
    from dataclasses import replace

    from ui.work import jobs
    big = generate_event(players=200, rounds=9, seed=3)       # 1,800 player-rounds: searched in a process
    monkeypatch.setattr("ui.session.state.example_event", lambda: big)
    monkeypatch.setattr("ui.work.cached.search_flips", endless_search)
    monkeypatch.setattr(jobs, "LAPTOP_LIMITS", replace(jobs.LAPTOP_LIMITS, flip_seconds=1))
    at = open_page("Why is A above B?", timeout=120).run()
    assert not at.exception
    [warning] = [w for w in at.warning if "No search for such changes" in w.value]
    assert "was stopped after 1 second," in warning.value
    assert at.info and at.info[0].value                      # the answer itself is still there
    assert not at.get("download_button") or all("Card" not in b.label for b in at.get("download_button"))
