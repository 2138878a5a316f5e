"""An unfinished event continues where it stopped.

Real files, as an arbiter's program leaves them between rounds: the Gros open after round 4 of 9 with absences
and a half-point bye already entered for round 5; a real 103-player, 9-round open (Heart of Finland 2016) cut
after round 5 and after round 6, with its absent players and a few requested byes entered for the next round;
and FIDE's 16-player exercise extended to 9 rounds, cut the same way (``tests/data/unfinished/README.md``).
The round to pair is the first one nobody is paired in; its cells are empty ("to be paired") for everybody
except the players whose byes are recorded; pairing it leaves exactly those players out.  A finished round
robin (the UzChess Cup, 10 players, 9 rounds) has no next round.
"""
from __future__ import annotations

import pytest

from engine.core.model import Kind
from engine.formats.loader import load_event, reader_warnings
from engine.pairing.next_round import next_round, pair_next_round, pairable
from tests.paths import REPO_ROOT
from ui.render.grid import results_frame

DATA = REPO_ROOT / "tests" / "data"
GROS = DATA / "trf" / "gros_2010_after_round4.trf"
AFTER5 = DATA / "unfinished" / "fide_tec_swiss16_after_round5_byes_for_6.trf"
AFTER6 = DATA / "unfinished" / "fide_tec_swiss16_after_round6_byes_for_7.trf"
HOF5 = DATA / "unfinished" / "heart_of_finland_2016_after_round5_byes_for_6.trf"
HOF6 = DATA / "unfinished" / "heart_of_finland_2016_after_round6_byes_for_7.trf"
#: Heart of Finland 2016: the five players absent from round 2 on (#24 forfeited round 1, #90 played it, #84,
#: #102 and #103 never came) were absent in the real round 6 and round 7 too
HOF_GONE = {24: Kind.ZPB, 84: Kind.ZPB, 90: Kind.ZPB, 102: Kind.ZPB, 103: Kind.ZPB}
UZCHESS = DATA / "trf" / "uzchess_cup_masters_2025.trf"
#: real files with the pairing-allocated bye of the next round already entered (``0000 - U``) and no game yet
PERPIGNAN = DATA / "unfinished" / "perpignan_2025_after_round5_pab_for_6.trf"
ROCHEFORT = DATA / "unfinished" / "rochefort_2024_after_round6_pab_for_7.trf"

# (file, the round to pair, the byes entered for it in the file, by pairing number -> kind)
CASES = [
    (GROS, 5, {22: Kind.ZPB, 28: Kind.ZPB, 43: Kind.HPB}),
    (AFTER5, 6, {3: Kind.HPB, 7: Kind.HPB, 12: Kind.ZPB}),
    (AFTER6, 7, {5: Kind.HPB, 10: Kind.FPB, 13: Kind.HPB}),
    (HOF5, 6, {**HOF_GONE, 11: Kind.HPB, 47: Kind.HPB, 61: Kind.ZPB}),
    (HOF6, 7, {**HOF_GONE, 3: Kind.HPB, 58: Kind.HPB, 77: Kind.ZPB}),
    # as the Sharly-Chess event file has round 6 before its boards were played: two half-point byes, one
    # zero-point bye (#35, withdrawn: also entered for rounds 7-9) and the pairing-allocated bye of #43
    (PERPIGNAN, 6, {4: Kind.HPB, 8: Kind.HPB, 35: Kind.ZPB, 43: Kind.PAB}),
    (ROCHEFORT, 7, {9: Kind.ZPB, 27: Kind.ZPB, 44: Kind.ZPB, 50: Kind.ZPB, 87: Kind.ZPB, 103: Kind.PAB}),
]


@pytest.mark.parametrize("path,rnd,byes", CASES, ids=lambda c: getattr(c, "stem", None))
def test_the_round_after_the_last_played_one_is_to_be_paired(path, rnd, byes):
    event = load_event(path)
    assert reader_warnings(event) == []
    assert event.rounds == 9 and event.last_result_round() == rnd - 1
    assert next_round(event) == rnd
    assert {t: event.entry(t, rnd).kind for t in event.tpns if event.entry(t, rnd).kind is not Kind.ABS} == byes
    cells = results_frame(event).set_index("tpn")[f"R{rnd}"]
    # the grid shows the recorded byes and leaves everybody else's cell empty: to be paired, not "ABS"
    assert {int(t): c for t, c in cells.items() if c} == {t: k.value for t, k in byes.items()}
    assert "ABS" not in set(results_frame(event).drop(columns=["tpn", "name", "pts"]).to_numpy().ravel())
    assert sorted(pairable(event, rnd)) == sorted(set(event.tpns) - set(byes))


# (file, players left to pair: boards + the pairing-allocated bye)
PAIRED = [(AFTER5, 13), (AFTER6, 13), (HOF5, 95), (HOF6, 95)]


@pytest.mark.parametrize("path,playing_count", PAIRED,
                         ids=["fide_after_round5", "fide_after_round6", "hof_after_round5", "hof_after_round6"])
def test_pairing_the_next_round_honours_the_requested_byes(path, playing_count):
    event = load_event(path)
    rnd, byes = next((r, b) for p, r, b in CASES if p == path)
    paired, rp = pair_next_round(event, "dutch")
    assert rp.round == rnd
    on_boards = [t for board in rp.boards for t in board]
    playing = set(event.tpns) - set(byes)
    # an odd number left: (n - 1) / 2 boards and the pairing-allocated bye, nobody twice, no requested bye paired
    assert len(playing) == playing_count
    assert len(on_boards) == len(set(on_boards)) == playing_count - 1 and rp.bye is not None
    assert set(on_boards) | {rp.bye} == playing
    for t, kind in byes.items():
        assert paired.entry(t, rnd).kind is kind            # the requested byes are kept as they were
    assert paired.entry(rp.bye, rnd).kind is Kind.PAB
    assert paired.rounds == 9 and paired.first_pending_round() == rnd   # its games wait for their results
    # FIDE C.04.1: nobody meets the same opponent twice, and the bye never goes to a player who already had a
    # point without playing (a pairing bye, a forfeit win, a full-point bye); C.04.3 (Dutch) gives it to the
    # lowest score that may take it
    met = {t: {event.entry(t, r).opponent for r in range(1, rnd)} for t in event.tpns}
    assert not [b for b in rp.boards if b[1] in met[b[0]]]
    had_point = {t for t in event.tpns for r in range(1, rnd)
                 if event.entry(t, r).kind in (Kind.PAB, Kind.FW, Kind.FPB)}
    assert rp.bye not in had_point
    assert event.score(rp.bye, through=rnd - 1) == min(event.score(t, through=rnd - 1) for t in playing - had_point)


def test_the_gros_open_pairs_round_5_without_its_absent_players():
    event = load_event(GROS)
    paired, rp = pair_next_round(event, "fast")
    on_boards = {t for board in rp.boards for t in board}
    assert rp.round == 5 and len(rp.boards) == 24 and rp.bye not in on_boards
    assert on_boards | {rp.bye} == set(range(1, 53)) - {22, 28, 43}


def test_a_finished_round_robin_offers_no_next_round():
    event = load_event(UZCHESS)
    assert event.is_round_robin and event.rounds == 9 and len(event.players) == 10
    assert next_round(event) is None


# (file, its round to pair, the boards the real event had in that round: 46 and 122 players paired)
ENTERED_PAB = [(PERPIGNAN, 6, 23), (ROCHEFORT, 7, 61)]


@pytest.mark.parametrize("path,rnd,boards", ENTERED_PAB, ids=["perpignan_after_round5", "rochefort_after_round6"])
@pytest.mark.parametrize("method", ["dutch", "fast"])
def test_a_pairing_bye_entered_ahead_is_kept_and_its_round_paired(path, rnd, boards, method):
    """Issue 40: a ``0000 - U`` entered for the next round made the app pair the round after it (7 for
    Perpignan after round 5); the round to pair is the one holding the bye, and the bye stays."""
    event = load_event(path)
    byes = next(b for p, r, b in CASES if p == path)
    paired, rp = pair_next_round(event, method)
    assert rp.round == rnd and len(rp.boards) == boards and rp.bye is None     # an even number left: no new bye
    on_boards = [t for board in rp.boards for t in board]
    assert len(set(on_boards)) == len(on_boards) == len(event.players) - len(byes)
    assert set(on_boards) == set(event.tpns) - set(byes)
    for t, kind in byes.items():
        assert paired.entry(t, rnd).kind is kind            # the entered byes, the pairing bye too, kept
    # nothing else is filled in: every other cell of the round is a game waiting for its result, and the
    # later rounds are as the file had them
    assert {paired.entry(t, rnd).kind for t in on_boards} == {Kind.SCH}
    for r in range(rnd + 1, event.rounds + 1):
        assert [paired.entry(t, r) for t in event.tpns] == [event.entry(t, r) for t in event.tpns]
    assert paired.rounds == 9


def test_no_round_past_the_last_declared_one():
    """Issue 40: every declared round paired, there is no next round; one more is paired only on purpose."""
    from engine.core.errors import EventError
    from engine.pairing.next_round import all_paired_text
    event = load_event(DATA / "trf" / "fide_tec_swiss16.trf")           # 5 rounds of 5, all played
    assert event.rounds == 5 and next_round(event) is None
    assert all_paired_text(event) == "All 5 rounds are paired"
    with pytest.raises(EventError, match="all 5 rounds are paired: round 6 would be past the event's last round"):
        pair_next_round(event, "fast")
    paired, rp = pair_next_round(event, "fast", extra_round=True)
    assert rp.round == 6 and paired.rounds == 6
