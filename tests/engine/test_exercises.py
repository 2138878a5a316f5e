"""Exercises: deterministic by seed, every answer recomputed independently through the engine's public
API, and the answer box reads ½, .5, 1/2 and "3 1/2" the same way."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.codes import parse_codes
from engine.core.presets import PRESETS
from engine.events.generator import UnplayedRates, generate_event
from engine.ranking.standings import explain, standings
from engine.teaching.exercises import KINDS, Exercise, check, generate, parse_ordering, typed_cents
from tests.fixtures import fixture_a, fixture_b

EVENTS = {
    "fixture A": fixture_a(),
    "round robin": fixture_b(),
    "random": generate_event(14, 5, seed=9, rates=UnplayedRates.typical()),
}


def recompute(event, ex: Exercise):
    """The answer, worked out again from what the exercise asks (not from the exercise's own answer)."""
    if ex.kind == "value":
        return Fraction(explain(event, ex.player, ex.code, ex.rules).value)
    if ex.kind == "order":
        st = standings(event, parse_codes(list(ex.codes)), ex.rules)
        rows = [r for r in st.rows if r.tpn in ex.group]
        assert len({r.values["PTS"] for r in rows}) == 1          # the group really is tied on points
        by_rank: dict[int, list[int]] = {}
        for r in rows:
            by_rank.setdefault(r.rank, []).append(r.tpn)
        return tuple(tuple(g) for _, g in sorted(by_rank.items()))
    if ex.kind == "separator":
        preset = PRESETS[ex.preset]
        st = standings(event, preset.criteria, preset.rules)
        a, b = ex.pair
        assert st.order.index(a) + 1 == st.order.index(b)        # neighbours in the final order
        for c in st.criteria:                                      # the first criterion that differs
            if st.row(a).values[str(c)] != st.row(b).values[str(c)]:
                return str(c)
        return "none"
    if ex.kind == "prize":
        st = standings(event, [], "uscf")
        order = st.order
        places = sorted(order.index(t) + 1 for t in ex.group)
        assert places == list(range(places[0], places[0] + len(places)))
        assert len({st.row(t).values["PTS"] for t in ex.group}) == 1
        assert not [t for t in order if st.row(t).values["PTS"] == st.row(ex.group[0]).values["PTS"]
                    and t not in ex.group]                         # the whole score group
        pooled = sum(ex.prizes[p - 1] for p in places if p <= len(ex.prizes))
        return Fraction(pooled * 100, len(places))                 # in cents
    raise AssertionError(ex.kind)


@pytest.mark.parametrize("name", EVENTS)
def test_every_generated_answer_matches_the_engine(name):
    event = EVENTS[name]
    exercises = generate(event, seed=2026, count=24)
    assert exercises
    for ex in exercises:
        assert ex.answer == recompute(event, ex), ex.prompt
        assert ex.hints and ex.working
        typed = ex.answer_text
        if ex.kind == "order":                  # "#3, (#16 = #4)" typed as "#3 #16 #4"
            typed = typed.replace("=", " ").replace("(", "").replace(")", "")
        ok, _ = check(ex, typed)
        assert ok, (ex.prompt, ex.answer_text)


def test_generation_is_deterministic_by_seed():
    event = fixture_a()
    one = generate(event, seed=7, count=12)
    two = generate(event, seed=7, count=12)
    other = generate(event, seed=8, count=12)
    assert [e.prompt for e in one] == [e.prompt for e in two]
    assert [e.answer for e in one] == [e.answer for e in two]
    assert [e.prompt for e in one] != [e.prompt for e in other]


def test_every_kind_is_generated_and_kinds_can_be_chosen():
    event = fixture_a()
    assert {e.kind for e in generate(event, seed=3, count=8)} == set(KINDS)
    assert {e.kind for e in generate(event, seed=3, count=5, kinds=["order"])} == {"order"}
    assert len({e.prompt for e in generate(event, seed=3, count=15)}) == 15     # no repeats


def test_the_value_hints_are_the_trace_one_step_at_a_time():
    event = fixture_a()
    ex = generate(event, seed=1, count=1, kinds=["value"])[0]
    res = explain(event, ex.player, ex.code, ex.rules)
    assert len(ex.hints) == len(res.trace.rows) + len(res.trace.steps)
    assert [h.split(",")[0] for h in ex.hints[:event.rounds]] == [f"Round {r}" for r in range(1, event.rounds + 1)]
    assert list(ex.hints[event.rounds:]) == res.trace.steps
    assert f"[{ex.code}] for #{ex.player}" in ex.working.splitlines()[0]


def _value_exercise(answer: Fraction) -> Exercise:
    return Exercise("value", "q", answer, ("h",), "w")


@pytest.mark.parametrize("text", ["3½", "3.5", "7/2", "3 1/2", " 3,5 ", "+3½"])
def test_three_and_a_half_written_every_way(text):
    assert check(_value_exercise(Fraction(7, 2)), text)[0]


@pytest.mark.parametrize("text", ["½", ".5", "1/2", "0.5", "0 1/2"])
def test_a_half_written_every_way(text):
    assert check(_value_exercise(Fraction(1, 2)), text)[0]


def test_wrong_and_unreadable_numbers_say_why():
    ok, feedback = check(_value_exercise(Fraction(7, 2)), "4")
    assert not ok and "too high" in feedback
    ok, feedback = check(_value_exercise(Fraction(7, 2)), "three")
    assert not ok and "Could not read" in feedback
    assert check(_value_exercise(Fraction(7, 2)), "")[0] is False


def test_orderings_are_read_in_either_notation_and_ties_in_any_order():
    ex = Exercise("order", "q", ((3,), (1,), (16, 4)), ("h",), "w", group=(1, 3, 4, 16))
    assert parse_ordering("#3 #1 #16 #4") == [3, 1, 16, 4]
    assert check(ex, "3, 1, 16, 4")[0]
    assert check(ex, "#3 #1 #4 #16")[0]                      # 16 and 4 are still tied
    ok, feedback = check(ex, "1, 3, 16, 4")
    assert not ok and "#3 should come before #1" in feedback
    ok, feedback = check(ex, "3, 1, 16")
    assert not ok and "missing #4" in feedback


def test_criterion_answers_accept_codes_aliases_and_names():
    ex = Exercise("separator", "q", "BH", ("h",), "w")
    for text in ("BH", "bh", "Solkoff", "Buchholz", "solkoff"):
        assert check(ex, text)[0], text
    assert not check(ex, "MM")[0]
    cut = Exercise("separator", "q", "BH/C1", ("h",), "w")
    ok, feedback = check(cut, "BH")
    assert not ok and "BH/C1" in feedback
    shared = Exercise("separator", "q", "none", ("h",), "w")
    assert check(shared, "none")[0] and check(shared, "shared place")[0]


def test_money_answers():
    ex = Exercise("prize", "q", Fraction(80000, 3), ("h",), "w")      # $800 shared by three, in cents
    assert typed_cents("$162.50") == 16250 and typed_cents("266 2/3") == Fraction(80000, 3)
    assert ex.answer_text == "≈$266.67"
    assert check(ex, "266.67")[0] and check(ex, "$266 2/3")[0]
    assert check(ex, "266.6") == (False, "Not quite: $266.60 is too low. Take a hint to see the next step.")
    assert check(Exercise("prize", "q", Fraction(12000), ("h",), "w"), "$120")[0]
