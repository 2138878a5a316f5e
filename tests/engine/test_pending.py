"""Games still to be played: the "scheduled" entry, its notation in the grid, our JSON and TRF, pairing
the next round, and standings that stay "after the last completed round" while games are pending."""
from __future__ import annotations

import pytest

from engine.core.errors import EventError
from engine.core.model import ABSENT, HALF, ONE, Entry, Kind, make_event
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.formats.jsonfmt import load_json, parse_notation, read_json, write_json
from engine.formats.trf import read_trf, write_trf
from engine.pairing.next_round import pair_next_round, random_results, scheduled_boards
from engine.ranking.standings import explain, standings
from tests.paths import REPO_ROOT
from ui.render.grid import frames_to_event, players_frame, results_frame

EXAMPLE = REPO_ROOT / "scenarios" / "example.json"
PENDING = REPO_ROOT / "scenarios" / "before-the-last-round.json"


def test_the_notation_of_a_game_still_to_be_played():
    e = parse_notation("?W9", "x.json")
    assert e == Entry.scheduled(9, "W") and e.kind is Kind.SCH and e.points == 0 and e.pending
    assert e.notation() == "?W9" and parse_notation("?b12", "x.json") == Entry.scheduled(12, "B")
    assert parse_notation("?7", "x.json") == Entry.scheduled(7, None)


def test_both_sides_must_agree_that_the_game_is_still_to_be_played():
    ev = load_json(EXAMPLE)
    entries = {t: list(row) for t, row in ev.entries.items()}
    entries[1][4] = Entry.scheduled(4, "W")            # 4's side still says "=B1"
    with pytest.raises(EventError, match="player 1's game against 4 in round 5 is still to be played, but 4's "
                                         "round 5 says =B1"):
        ev.with_entries(entries)
    entries[4][4] = Entry.scheduled(1, "W")            # both White
    with pytest.raises(EventError, match="both 1 and 4 have W in round 5"):
        ev.with_entries(entries)


def test_the_example_with_round_five_pending_is_the_example_after_round_four():
    full, pending = load_json(EXAMPLE), load_json(PENDING)
    assert [(g[1], g[2]) for g in pending.pending_games()] == [(1, 4), (3, 2), (5, 10), (8, 6), (11, 7), (13, 14),
                                                                 (16, 15)]
    assert pending.first_pending_round() == 5 and pending.last_result_round() == 4
    for t in full.tpns:                              # everything else is the example itself
        assert pending.entries[t][:4] == full.entries[t][:4]
    assert pending.entry(9, 5).kind is Kind.PAB and pending.entry(12, 5).kind is Kind.ZPB


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
def test_standings_while_games_are_pending_are_those_after_the_last_completed_round(preset):
    p = PRESETS[preset]
    full, pending = load_json(EXAMPLE), load_json(PENDING)
    now = standings(pending, p.criteria, p.rules)
    after4 = standings(full, p.criteria, p.rules, Options(round=4))
    assert now.round == 4
    assert [(r.rank, r.tpn, r.values) for r in now.rows] == [(r.rank, r.tpn, r.values) for r in after4.rows]
    assert now.rows[0].tpn == 2 and now.rows[0].values["PTS"] == 3.5        # Bruno leads on 3½
    # Jessica's round-5 pairing bye does not count yet: after round 4 she has only her half-point bye
    assert now.row(9).values["PTS"] == HALF
    assert explain(pending, 2, "BH", "fide").value == 8                      # 1 + 1½ + 3 + 2½, after round 4


def test_a_round_with_one_result_and_other_games_pending_is_not_counted():
    pending = load_json(PENDING)
    entries = {t: list(row) for t, row in pending.entries.items()}
    entries[1][4], entries[4][4] = Entry.game(4, "W", ONE), Entry.game(1, "B", 1 - ONE)
    partly = pending.with_entries(entries)
    assert partly.last_result_round() == 4
    with pytest.raises(EventError, match="round 5 still has games to be played"):
        standings(partly, "BH", "fide", Options(round=5))


def test_round_trips_through_our_json_and_trf():
    ev = load_json(PENDING)
    assert read_json(write_json(ev)).entries == ev.entries
    text = write_trf(ev)
    alyx = next(line for line in text.split("\r\n") if line.startswith("001    1"))
    assert alyx.endswith("     4 w ?")                   # the unofficial "result to come" code, P6
    back = read_trf(text)
    assert back.entries == ev.entries and back.pending_games() == ev.pending_games()


def test_trf_question_mark_needs_an_opponent():
    ev = load_json(PENDING)
    text = write_trf(ev).replace("     4 w ?", "  0000 - ?", 1)
    with pytest.raises(EventError, match=r"result '\?' \(game still to be played\) needs an opponent"):
        read_trf(text, "x.trf")


def test_round_trip_through_the_grid_and_typing_a_result_over_a_pending_game():
    ev = load_json(PENDING)
    players, results = players_frame(ev), results_frame(ev)
    assert results.loc[0, "R5"] == "?W4" and results.loc[3, "R5"] == "?B1"
    assert frames_to_event(players, results, ev).entries == ev.entries
    results.loc[0, "R5"] = "+"                           # a bare result in a pending cell is enough
    after = frames_to_event(players, results, ev)
    assert after.entry(1, 5) == Entry.game(4, "W", ONE) and after.entry(4, 5) == Entry.game(1, "B", 1 - ONE)
    assert after.entry(3, 5).kind is Kind.SCH           # the other boards still wait
    results = results_frame(ev)
    results.loc[2, "R5"] = "=W2"                         # the full notation works too
    after = frames_to_event(players, results, ev)
    assert after.entry(2, 5) == Entry.game(3, "B", HALF)


def test_pair_next_round_enters_pending_games_and_refuses_while_some_wait():
    full = load_json(EXAMPLE)
    rounds4 = full.with_entries({t: row[:4] for t, row in full.entries.items()}, rounds=full.rounds)
    paired, rp = pair_next_round(rounds4, "fast")
    assert rp.round == 5 and sorted(scheduled_boards(paired)[5]) == sorted(rp.boards) and len(rp.boards) == 8
    with pytest.raises(EventError, match="round 5 still has 8 games to be played"):
        pair_next_round(paired, "fast")
    filled = random_results(paired, 5, rp.boards, seed=1)
    assert filled.first_pending_round() is None and filled.last_result_round() == 5


def test_an_absent_player_is_never_mistaken_for_a_pending_game():
    ev = make_event("x", load_json(EXAMPLE).players[:2], {1: [ABSENT], 2: [ABSENT]}, rounds=1)
    assert ev.pending_games() == [] and ev.first_pending_round() is None


def test_a_file_opened_with_pending_games_shows_them_as_boards_waiting():
    from engine.pairing.next_round import scheduled_boards
    ev = load_json(PENDING)
    boards = scheduled_boards(ev)
    assert boards == {5: [(1, 4), (3, 2), (5, 10), (8, 6), (11, 7), (13, 14), (16, 15)]}
    # a result entered on one board takes it off the list
    entries = {t: list(row) for t, row in ev.entries.items()}
    entries[1][4], entries[4][4] = Entry.game(4, "W", HALF), Entry.game(1, "B", HALF)
    assert (1, 4) not in scheduled_boards(ev.with_entries(entries))[5]


def test_round_trip_through_the_csv_wallchart():
    from engine.formats.loader import event_text, read_event_bytes
    ev = load_json(PENDING)
    text = event_text(ev, "x.csv")
    assert "1,Alyx,2200,+W9,=B13,=W2,+B15,?W4\n" in text and "4,David,2050,+B12,HPB,+W13,=W3,?B1\n" in text
    assert read_event_bytes(text.encode("utf-8"), "x.csv").entries == ev.entries
