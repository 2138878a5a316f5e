"""The random event generator: reproducible, always valid, and shaped like a real Swiss or round robin."""
from __future__ import annotations

import doctest
import itertools
import time
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import EventError
from engine.core.model import Event, EventType, Kind, validate
from engine.events import generator
from engine.events.generator import REQUIRED_KINDS, UnplayedRates, generate_event, generate_round_robin, missing_kinds
from engine.pairing.berger import berger_pairings


# -- helpers ----------------------------------------------------------------------------------------
def pair_counts(event: Event) -> Counter:
    """How often each unordered pair was scheduled (games and forfeits)."""
    c: Counter = Counter()
    for p, row in event.entries.items():
        for e in row:
            if e.kind.has_opponent and p < e.opponent:
                c[(p, e.opponent)] += 1
    return c


def colour_counts(event: Event, tpn: int) -> tuple[int, int]:
    row = event.entries[tpn]
    return (sum(1 for e in row if e.kind is Kind.G and e.colour == "W"),
            sum(1 for e in row if e.kind is Kind.G and e.colour == "B"))


def total_points(event: Event) -> Fraction:
    return sum((event.score(p.tpn) for p in event.players), Fraction(0))


def expected_total(event: Event) -> Fraction:
    """One point per game played, one per single forfeit, plus what the byes are worth."""
    games = sum(1 for row in event.entries.values() for e in row if e.kind is Kind.G) // 2
    forfeit_wins = sum(1 for row in event.entries.values() for e in row if e.kind is Kind.FW)
    byes = sum((e.points for row in event.entries.values() for e in row if not e.kind.has_opponent),
               Fraction(0))
    return games + forfeit_wins + byes


RATE_MIXES = [None, UnplayedRates.typical(), UnplayedRates.every_kind()]


# -- the module's own examples ----------------------------------------------------------------------
def test_doctests() -> None:
    result = doctest.testmod(generator)
    assert result.attempted > 0 and result.failed == 0


# -- reproducibility --------------------------------------------------------------------------------
@pytest.mark.parametrize("rates", RATE_MIXES)
def test_same_seed_same_event(rates: UnplayedRates | None) -> None:
    a = generate_event(30, 6, seed=123, rates=rates, unrated_share=0.1)
    b = generate_event(30, 6, seed=123, rates=rates, unrated_share=0.1)
    assert a == b
    assert [e.notation() for e in a.entries[1]] == [e.notation() for e in b.entries[1]]


def test_different_seed_different_event() -> None:
    a = generate_event(30, 6, seed=1)
    b = generate_event(30, 6, seed=2)
    assert a.entries != b.entries
    assert [p.rating for p in a.players] != [p.rating for p in b.players]


def test_round_robin_is_reproducible() -> None:
    assert generate_round_robin(9, seed=5, forfeit_rate=0.1) == generate_round_robin(9, seed=5, forfeit_rate=0.1)
    assert generate_round_robin(9, seed=5).entries != generate_round_robin(9, seed=6).entries


# -- validity ---------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 31), rounds=st.integers(1, 9), seed=st.integers(0, 10**9),
       mix=st.sampled_from(range(len(RATE_MIXES))), unrated=st.sampled_from([0.0, 0.2]),
       draw_rate=st.sampled_from([0.0, 0.3, 1.0]))
def test_any_event_is_valid(players: int, rounds: int, seed: int, mix: int, unrated: float,
                            draw_rate: float) -> None:
    ev = generate_event(players, rounds, seed=seed, rates=RATE_MIXES[mix], unrated_share=unrated,
                        draw_rate=draw_rate)
    validate(ev)                           # make_event validated already; this says so out loud
    assert ev.event_type is EventType.SWISS
    assert ev.rounds == rounds and len(ev.players) == players
    assert sorted(ev.tpns) == list(range(1, players + 1))
    assert all(len(row) == rounds for row in ev.entries.values())
    assert total_points(ev) == expected_total(ev)
    for r in range(1, rounds + 1):        # at most one pairing-allocated bye a round
        assert sum(1 for p in ev.tpns if ev.entry(p, r).kind is Kind.PAB) <= 1


@pytest.mark.parametrize("players", [2, 3, 7, 16, 25, 101])
@pytest.mark.parametrize("seed", range(4))
def test_sizes_including_odd_are_valid(players: int, seed: int) -> None:
    ev = generate_event(players, 7, seed=seed, rates=UnplayedRates.typical())
    assert total_points(ev) == expected_total(ev)
    if players % 2:
        # with nobody absent, an odd field hands out exactly one PAB every round
        plain = generate_event(players, 7, seed=seed)
        pabs = [sum(1 for p in plain.tpns if plain.entry(p, r).kind is Kind.PAB) for r in range(1, 8)]
        assert pabs == [1] * 7


# -- players ----------------------------------------------------------------------------------------
def test_players_are_numbered_by_rating() -> None:
    ev = generate_event(200, 1, seed=9, unrated_share=0.1)
    rated = [p.rating for p in ev.players if p.rating is not None]
    assert rated == sorted(rated, reverse=True)
    assert all(1000 <= r <= 2800 for r in rated)
    assert all(isinstance(r, int) for r in rated)
    unrated = [p.tpn for p in ev.players if p.rating is None]
    assert unrated and unrated == list(range(len(rated) + 1, 201))   # unrated players rank last
    assert len({p.name for p in ev.players}) == 200


def test_rating_spread_is_clipped() -> None:
    ev = generate_event(300, 1, seed=4, rating_mean=2700, rating_sd=400)
    assert max(p.rating for p in ev.players) == 2800
    assert min(p.rating for p in ev.players) >= 1000


def test_large_fields_get_unique_numbered_names() -> None:
    ev = generate_event(2000, 1, seed=1)
    names = [p.name for p in ev.players]
    assert len(set(names)) == 2000 and all(n.startswith("Player ") for n in names)


def test_name_is_used_and_default_records_the_seed() -> None:
    assert generate_event(4, 1, seed=77, name="Club night").name == "Club night"
    assert "seed 77" in generate_event(4, 1, seed=77).name


# -- pairing ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("rates", [None, UnplayedRates.typical()])
@pytest.mark.parametrize("seed", range(10))
def test_no_rematches_in_ordinary_events(rates: UnplayedRates | None, seed: int) -> None:
    ev = generate_event(40, 7, seed=seed, rates=rates)
    assert max(pair_counts(ev).values()) == 1


def test_rematch_allowed_rather_than_failing() -> None:
    # 4 players, 5 rounds: only 3 distinct pairings exist, so someone must meet twice
    ev = generate_event(4, 5, seed=0)
    assert max(pair_counts(ev).values()) >= 2


def test_pab_goes_to_a_low_ranked_player_once() -> None:
    ev = generate_event(41, 7, seed=3)
    holders = [p for p in ev.tpns for r in range(1, 8) if ev.entry(p, r).kind is Kind.PAB]
    assert len(holders) == 7 and len(set(holders)) == 7
    # the bye goes to someone at the bottom of the standings before that round
    for r in range(1, 8):
        (bye,) = [p for p in ev.tpns if ev.entry(p, r).kind is Kind.PAB]
        assert ev.score(bye, r - 1) <= sorted(ev.score(p, r - 1) for p in ev.tpns)[len(ev.tpns) // 2]


def test_round_one_is_top_half_against_bottom_half() -> None:
    ev = generate_event(20, 1, seed=2)
    assert {p: ev.entry(p, 1).opponent for p in range(1, 11)} == {p: p + 10 for p in range(1, 11)}


def test_colours_stay_balanced() -> None:
    for seed in range(5):
        ev = generate_event(60, 9, seed=seed)
        for p in ev.tpns:
            w, b = colour_counts(ev, p)
            assert abs(w - b) <= 2


def test_players_meet_others_on_similar_scores() -> None:
    ev = generate_event(64, 6, seed=8)
    gaps = [abs(ev.score(p, r - 1) - ev.score(ev.entry(p, r).opponent, r - 1))
            for p in ev.tpns for r in range(2, 7) if ev.entry(p, r).kind is Kind.G]
    assert sum(1 for g in gaps if g == 0) / len(gaps) > 0.8


# -- results ----------------------------------------------------------------------------------------
def test_stronger_player_usually_wins() -> None:
    ev = generate_event(400, 3, seed=11, rating_sd=400)
    decisive = [(p, e) for p in ev.tpns for e in ev.entries[p] if e.kind is Kind.G and e.points == 1]
    favourite_won = sum(1 for p, e in decisive if ev.player(p).rating > ev.player(e.opponent).rating)
    assert favourite_won / len(decisive) > 0.7


def test_draw_rate_zero_means_no_draws() -> None:
    ev = generate_event(50, 5, seed=1, draw_rate=0.0)
    assert not any(e.points == Fraction(1, 2) for row in ev.entries.values() for e in row)


def test_draw_rate_raises_draws() -> None:
    def draws(rate: float) -> int:
        ev = generate_event(100, 5, seed=1, draw_rate=rate)
        return sum(1 for row in ev.entries.values() for e in row if e.kind is Kind.G and e.points == Fraction(1, 2))
    assert draws(0.1) < draws(0.6)


# -- unplayed rounds --------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_every_kind_is_present_when_asked(seed: int) -> None:
    ev = generate_event(12, 5, seed=seed, rates=UnplayedRates.every_kind(), ensure_every_kind=True)
    assert missing_kinds(ev) == []
    kinds = {e.kind for row in ev.entries.values() for e in row}
    assert {Kind.PAB, Kind.HPB, Kind.ZPB, Kind.FPB, Kind.FW, Kind.FL, Kind.ABS} <= kinds
    assert total_points(ev) == expected_total(ev)


def test_ensure_every_kind_defaults_to_the_every_kind_mix() -> None:
    ev = generate_event(12, 5, seed=0, ensure_every_kind=True)
    assert missing_kinds(ev) == []
    assert generate_event(12, 5, seed=0, ensure_every_kind=True) == ev


def test_ensure_every_kind_refuses_impossible_requests() -> None:
    with pytest.raises(EventError, match="FPB"):
        generate_event(12, 5, seed=0, rates=UnplayedRates(hpb=.1, zpb=.1, forfeit=.1, withdraw=.1),
                       ensure_every_kind=True)
    with pytest.raises(EventError, match="withdrawal"):
        generate_event(12, 1, seed=0, ensure_every_kind=True)
    with pytest.raises(EventError, match="no event"):
        generate_event(2, 2, seed=0, ensure_every_kind=True, max_attempts=2)


def test_every_kind_mix_usually_suffices_without_retries() -> None:
    complete = sum(not missing_kinds(generate_event(12, 5, seed=s, rates=UnplayedRates.every_kind()))
                   for s in range(100))
    assert complete >= 80


def test_no_rates_means_no_unplayed_rounds() -> None:
    ev = generate_event(30, 6, seed=5)
    assert missing_kinds(ev) == list(REQUIRED_KINDS)
    assert all(e.kind is Kind.G for row in ev.entries.values() for e in row)
    assert all(p.on_time for p in ev.players)


def test_withdrawn_players_stay_away() -> None:
    ev = generate_event(60, 8, seed=2, rates=UnplayedRates(withdraw=0.05))
    withdrawn = 0
    for p in ev.players:
        row = ev.entries[p.tpn]
        kinds = [e.kind for e in row]
        assert kinds[0] is not Kind.ABS and p.on_time
        if Kind.ABS in kinds:
            k = kinds.index(Kind.ABS)
            assert all(x is Kind.ABS for x in kinds[k:])
            withdrawn += 1
    assert withdrawn > 0


def test_late_entrants_miss_one_or_two_rounds() -> None:
    ev = generate_event(80, 6, seed=3, rates=UnplayedRates(late=0.2))
    late = [p for p in ev.players if not p.on_time]
    assert late
    for p in ev.players:
        kinds = [e.kind for e in ev.entries[p.tpn]]
        missed = next(i for i, k in enumerate(kinds) if k is not Kind.ABS)
        assert missed in ((1, 2) if not p.on_time else (0,))
        assert Kind.ABS not in kinds[missed:]


def test_double_forfeits_are_both_losses() -> None:
    ev = generate_event(60, 6, seed=1, rates=UnplayedRates(forfeit=0.3, double_forfeit=0.5))
    doubles = 0
    for p in ev.tpns:
        for r, e in enumerate(ev.entries[p], start=1):
            if e.kind is Kind.FL and ev.entry(e.opponent, r).kind is Kind.FL:
                doubles += 1
            if e.kind in (Kind.FW, Kind.FL):   # a forfeit is no game played with that colour
                assert e.colour in ("W", "B")
    assert doubles > 0


def test_bad_arguments_are_event_errors() -> None:
    with pytest.raises(EventError):
        generate_event(1, 3, seed=0)
    with pytest.raises(EventError):
        generate_event(10, 0, seed=0)
    with pytest.raises(EventError):
        generate_event(10, 3, seed=0, draw_rate=1.5)
    with pytest.raises(EventError):
        UnplayedRates(hpb=-0.1)
    with pytest.raises(EventError):
        UnplayedRates(hpb=0.5, zpb=0.4, fpb=0.2)


# -- round robins -----------------------------------------------------------------------------------
def test_berger_matches_fixture_b() -> None:
    # Fixture B (tests/fixtures.py), written as (white, black) per round
    fixture_b = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
                 [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]
    assert berger_pairings(6) == fixture_b


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 9, 10, 14, 15])
def test_round_robin_everyone_meets_once(players: int) -> None:
    ev = generate_round_robin(players, seed=players)
    assert ev.event_type is EventType.ROUND_ROBIN
    assert ev.rounds == players - 1 + players % 2
    assert pair_counts(ev) == Counter({pair: 1 for pair in itertools.combinations(range(1, players + 1), 2)})
    for p in ev.tpns:
        w, b = colour_counts(ev, p)
        assert abs(w - b) <= 1
        sits_out = sum(1 for e in ev.entries[p] if e.kind is Kind.ABS)
        assert sits_out == players % 2
    assert total_points(ev) == players * (players - 1) // 2


def test_round_robin_forfeits() -> None:
    ev = generate_round_robin(12, seed=1, forfeit_rate=0.3)
    kinds = Counter(e.kind for row in ev.entries.values() for e in row)
    assert kinds[Kind.FW] == kinds[Kind.FL] > 0
    assert total_points(ev) == expected_total(ev) == 66


# -- size (timing is printed, never asserted) -------------------------------------------------------
def test_large_event_is_quick_enough_to_print() -> None:
    start = time.perf_counter()
    ev = generate_event(2000, 11, seed=1, rates=UnplayedRates.typical())
    elapsed = time.perf_counter() - start
    print(f"\n2000 players x 11 rounds generated in {elapsed:.2f} s")
    assert len(ev.players) == 2000 and ev.rounds == 11
