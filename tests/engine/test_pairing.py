"""Pairing the next round (Dutch, fast, Berger) and drawing results from ratings, on small events."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core.chances import expected_score
from engine.core.errors import EventError
from engine.core.model import Entry, EventType, Kind, Player, make_event
from engine.events.editing import add_round
from engine.events.generator import generate_event
from engine.pairing.next_round import pair_next_round, pairable, random_results, round_to_pair, waiting_boards, withdrawn


def fresh(n: int, rounds: int = 5, event_type: EventType = EventType.SWISS):
    players = [Player(t, f"P{t}", rating=2400 - 50 * t) for t in range(1, n + 1)]
    return make_event("Fresh", players, {}, rounds=rounds, event_type=event_type)


def check_round(event, rp, expect_players):
    """Every expected player is on exactly one board or has the bye; nobody else is."""
    seen = [t for board in rp.boards for t in board] + ([rp.bye] if rp.bye else [])
    assert sorted(seen) == sorted(expect_players)
    for w, b in rp.boards:       # entered as games still to be played, White and Black as paired
        assert event.entry(w, rp.round) == Entry.scheduled(b, "W")
        assert event.entry(b, rp.round) == Entry.scheduled(w, "B")
    if rp.bye:
        assert event.entry(rp.bye, rp.round).kind is Kind.PAB


@pytest.mark.parametrize("method", ["dutch", "fast"])
def test_swiss_round_one_pairs_top_half_against_bottom_half(method):
    ev, rp = pair_next_round(fresh(8), method)
    assert rp.round == 1 and ev.rounds == 5 and rp.bye is None
    check_round(ev, rp, range(1, 9))
    assert {frozenset(b) for b in rp.boards} == {frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}


@pytest.mark.parametrize("method", ["dutch", "fast"])
def test_odd_field_gets_one_pab_and_no_rematches(method):
    ev = generate_event(11, 3, seed=4)
    paired, rp = pair_next_round(ev, method, extra_round=True)      # a fourth round, added on purpose
    assert rp.round == 4
    check_round(paired, rp, range(1, 12))
    assert paired.entry(rp.bye, 4).points == 1
    assert all(ev.entry(rp.bye, r).kind is not Kind.PAB for r in range(1, 4))
    met = {frozenset((t, e.opponent)) for t in ev.tpns for e in ev.entries[t] if e.kind is Kind.G}
    assert not any(frozenset(b) in met for b in rp.boards)


def test_left_out_and_requested_byes_are_not_paired():
    ev = add_round(generate_event(10, 2, seed=3))
    entries = {t: list(row) for t, row in ev.entries.items()}
    entries[2][2] = Entry.bye(Kind.HPB)
    ev = ev.with_entries(entries)
    assert round_to_pair(ev) == 3                 # only a requested bye in round 3: it is still open
    paired, rp = pair_next_round(ev, "dutch", absent=[5])
    check_round(paired, rp, [t for t in range(1, 11) if t not in (2, 5)])
    assert paired.entry(2, 3).kind is Kind.HPB and paired.entry(5, 3).kind is Kind.ABS
    assert pairable(ev, 3, [5]) == [1, 3, 4, 6, 7, 8, 9, 10]


def test_withdrawn_players_are_suggested():
    ev, rp = pair_next_round(fresh(5), "fast")
    ev = random_results(ev, 1, rp.boards, seed=1)
    ev, rp = pair_next_round(ev, "fast", absent=[2])      # 2 stays away from round 2
    ev = random_results(ev, 2, rp.boards, seed=2)
    assert withdrawn(ev, 3) == [2] and withdrawn(ev, 1) == []


def test_berger_round_robin_follows_the_tables():
    ev, rp = pair_next_round(fresh(6, event_type=EventType.ROUND_ROBIN), "berger")
    assert rp.boards == ((1, 6), (2, 5), (3, 4))
    ev = random_results(ev, 1, rp.boards, seed=1)
    ev, rp2 = pair_next_round(ev, "berger")
    assert rp2.round == 2 and rp2.boards == ((6, 4), (5, 3), (1, 2))


def test_berger_odd_field_sits_one_out_and_stops_after_the_last_round():
    ev, rp = pair_next_round(fresh(5, event_type=EventType.ROUND_ROBIN), "berger")
    assert len(rp.boards) == 2 and len(rp.sitting_out) == 1
    full = fresh(4, event_type=EventType.ROUND_ROBIN)
    for _ in range(3):
        full, rp = pair_next_round(full, "berger")
        full = random_results(full, rp.round, rp.boards, seed=rp.round)
    with pytest.raises(EventError, match="all 3 rounds of this round robin are paired"):
        pair_next_round(full, "berger")
    with pytest.raises(EventError, match="all 3 rounds of this round robin are paired"):
        pair_next_round(full, "berger", extra_round=True)      # a round robin has no round past its tables


def test_random_results_are_seeded_consistent_and_follow_ratings():
    ev, rp = pair_next_round(fresh(12), "dutch")
    a = random_results(ev, 1, rp.boards, seed=5)
    assert a == random_results(ev, 1, rp.boards, seed=5)
    assert waiting_boards(a, 1, rp.boards) == []
    assert all(a.entry(t, 1).kind is Kind.G for t in a.tpns)
    assert expected_score(2400, 2000) > 0.9 and expected_score(None, None) == 0.5
    # a 400-point favourite wins most of 200 seeded draws
    strong = make_event("Gap", [Player(1, "A", 2600), Player(2, "B", 2000)], {}, rounds=1)
    wins = sum(random_results(strong, 1, [(1, 2)], seed=s).entry(1, 1).points == 1 for s in range(200))
    assert wins > 150


def test_partly_entered_round_keeps_entered_results():
    ev, rp = pair_next_round(fresh(4), "fast")
    (w, b), rest = rp.boards[0], rp.boards[1:]
    entries = {t: list(row) for t, row in ev.entries.items()}
    entries[w][0], entries[b][0] = Entry.game(b, "W", Fraction(0)), Entry.game(w, "B", Fraction(1))
    ev = ev.with_entries(entries)
    assert waiting_boards(ev, 1, rp.boards) == list(rest)
    filled = random_results(ev, 1, rp.boards, seed=1)
    assert filled.entry(b, 1).points == 1


def test_too_few_players_is_a_plain_error():
    with pytest.raises(EventError, match="at least two players"):
        pair_next_round(fresh(3), "dutch", absent=[1, 2])


def test_dutch_reports_stages_and_runs_where_it_is_told():
    lines: list[str] = []
    ran: list[int] = []

    def run_dutch(fn, event, rnd, players):      # what the app does in a separate process, here in place
        ran.append(rnd)
        return fn(event, rnd, players)

    pair_next_round(fresh(6), "dutch", progress=lines.append, run_dutch=run_dutch)
    assert lines[0].startswith("Round 1: pairing 6 players") and "paired" in lines[-1]
    assert ran == [1]


def test_the_dutch_runners_failure_is_one_plain_sentence():
    def timed_out(fn, event, rnd, players):
        raise EventError("The FIDE Dutch pairing was stopped after 1 minute")

    with pytest.raises(EventError, match=r"could not pair round 1 \(The FIDE Dutch pairing was stopped"):
        pair_next_round(fresh(6), "dutch", run_dutch=timed_out)


def test_a_swiss_is_not_paired_by_berger_tables_nor_a_round_robin_by_a_swiss_method():
    with pytest.raises(EventError, match="this event is a Swiss"):
        pair_next_round(fresh(4), "berger")
    with pytest.raises(EventError, match="this event is a round robin"):
        pair_next_round(fresh(4, event_type=EventType.ROUND_ROBIN), "dutch")


def test_a_pairing_that_repeats_a_game_is_refused():
    # 1 and 2 played in round 1; 3 and 4 are left out of round 2, so the only board left is a rematch
    ev, rp = pair_next_round(fresh(4), "fast")
    ev = random_results(ev, 1, rp.boards, seed=1)
    (w, b), = [board for board in rp.boards if 1 in board]
    others = [t for t in range(1, 5) if t not in (w, b)]
    with pytest.raises(EventError) as err:
        pair_next_round(ev, "fast", absent=others)
    assert "would repeat games already played" in str(err.value) and "played in round 1" in str(err.value)
    assert f"{w} P{w}" in str(err.value) and f"{b} P{b}" in str(err.value)


def test_pairing_continues_from_the_first_empty_round():
    ev, rp = pair_next_round(fresh(6, rounds=5), "fast")       # five empty rounds declared ahead
    assert rp.round == 1 and ev.rounds == 5
    ev = random_results(ev, 1, rp.boards, seed=3)
    assert round_to_pair(ev) == 2
    _, rp2 = pair_next_round(ev, "dutch")
    assert rp2.round == 2
