"""The forecast on a real event: the 2024 FIDE Women's World Rapid (110 players, 11 rounds; see
``tests/data/trf/README.md``), with some or all of its last round turned back into games still to play.

* exact equals the full standings of every outcome (a few top boards pending, so that can be tried);
* the count tie by tie equals the plain enumeration where both run (the top boards pending);
* the whole last round pending: too many combinations for an exact answer, so it is sampled, the
  answer says why exact was out of reach, and every chance comes with its interval.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.model import Entry, Event, Kind
from engine.core.presets import PRESETS
from engine.forecast.places import Question, forecast, pending_games
from engine.forecast.report import forecast_report, report_text
from engine.formats.loader import load_event
from tests.paths import TRF_DIR
from tests.unit.test_forecast import brute_force, last_round_pending
from ui.forecast import method_text

RAPID = TRF_DIR / "fide_womens_world_rapid_2024.trf"


def top_boards_pending(ev: Event, boards: int) -> Event:
    """The event with the last-round games of its ``boards`` highest-scored pairings (by the points before
    that round) turned back into games still to be played; every other result stays as played."""
    last = ev.rounds - 1
    before = {t: sum((e.points for e in row[:last]), Fraction(0)) for t, row in ev.entries.items()}
    games = {tuple(sorted((t, row[last].opponent))) for t, row in ev.entries.items()
             if row[last].kind is Kind.G and row[last].opponent is not None}
    top = sorted(games, key=lambda g: (-(before[g[0]] + before[g[1]]), g))[:boards]
    chosen = {t for g in top for t in g}
    entries = {t: list(row) for t, row in ev.entries.items()}
    for t in chosen:
        e = entries[t][last]
        entries[t][last] = Entry.scheduled(e.opponent, e.colour)
    return ev.with_entries(entries, rounds=ev.rounds)


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_exact_equals_the_full_standings_of_every_outcome(preset):
    ev = top_boards_pending(load_event(RAPID), 3)
    assert len(pending_games(ev)) == 3
    p = PRESETS[preset]
    question = Question(places=3)
    fc = forecast(ev, p.criteria, p.rules, question=question, model="uniform")
    assert fc.method == "exact"
    truth = brute_force(ev, p, question)
    for tpn, dist in fc.places.items():
        assert dist == dict(sorted(truth[tpn].items())), tpn
    for tpn, dist in truth.items():           # everybody left out never reaches the top three
        if tpn not in fc.places:
            assert set(dist) == {4}


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_the_count_tie_by_tie_equals_the_plain_enumeration(preset):
    ev = top_boards_pending(load_event(RAPID), 6)
    p = PRESETS[preset]
    grouped = forecast(ev, p.criteria, p.rules, question=Question(places=3), model="uniform", max_exact_games=0)
    plain = forecast(ev, p.criteria, p.rules, question=Question(places=3), model="uniform", max_exact_games=99)
    assert grouped.grouped and plain.exact and not plain.grouped
    assert grouped.places == plain.places
    assert sum(plain.places[t].get(1, Fraction(0)) for t in plain.places) == 1


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_the_whole_last_round_is_sampled_and_says_why(preset):
    ev = last_round_pending(load_event(RAPID))
    assert len(pending_games(ev)) == 55
    p = PRESETS[preset]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=3), samples=400, seed=3, workers=1)
    assert fc.method == "sampled" and fc.samples == 400
    assert "too many" in fc.not_exact
    assert f"Not exact because {fc.not_exact}." in method_text(fc)        # what the page says
    for t, dist in fc.places.items():
        assert set(fc.intervals[t]) == set(dist)
        for k, p_ in dist.items():
            low, high = fc.intervals[t][k]
            assert 0 <= low <= p_ <= high <= 1


def test_the_text_report_gives_each_sampled_chance_its_interval():
    ev = last_round_pending(load_event(RAPID))
    p = PRESETS["fide-swiss"]
    doc = forecast_report(ev, p.criteria, p.rules, samples=300, seed=2, workers=1)
    assert doc["method"] == "sampled" and "not_exact" not in doc        # sampling was asked for: nothing tried
    lines = report_text(doc).splitlines()
    assert lines[0] == "Forecast (sampled): 55 games still to be played, 300 samples (seed 2)"
    for line in lines[1:]:
        tpn = line.split()[0][1:]
        within = doc["players"][tpn]["intervals"]
        assert line.count("%–") == len(within)
        first = next(iter(within))
        low, high = within[first]
        assert f"({round(100 * low)} %–{round(100 * high)} %)" in line


def test_the_text_report_says_why_it_is_not_exact():
    ev = last_round_pending(load_event(RAPID))
    p = PRESETS["fide-swiss"]
    fc = forecast(ev, p.criteria, p.rules, question=Question(places=3), samples=300, seed=3, workers=1)
    doc = forecast_report(ev, p.criteria, p.rules, samples=300, seed=3, workers=1)
    doc["not_exact"] = fc.not_exact          # what the automatic run (10,000 samples) puts in the document
    assert report_text(doc).splitlines()[1] == (f"Not exact because {fc.not_exact}; each chance has its 95 % "
                                                "interval.")
