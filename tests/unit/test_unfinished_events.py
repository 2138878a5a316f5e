"""An unfinished event continues where it stopped (issue 22, item 1).

Real files, as an arbiter's program leaves them between rounds: the Gros open after round 4 of 9 with absences
and a half-point bye already entered for round 5, and FIDE's 16-player exercise extended to 9 rounds, cut after
round 5 and after round 6 with byes already granted for the next round (``tests/data/unfinished/README.md``).
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
from ui.grid import results_frame

DATA = REPO_ROOT / "tests" / "data"
GROS = DATA / "trf" / "gros_2010_after_round4.trf"
AFTER5 = DATA / "unfinished" / "fide_tec_swiss16_after_round5_byes_for_6.trf"
AFTER6 = DATA / "unfinished" / "fide_tec_swiss16_after_round6_byes_for_7.trf"
UZCHESS = DATA / "trf" / "uzchess_cup_masters_2025.trf"

# (file, the round to pair, the byes entered for it in the file, by pairing number -> kind)
CASES = [
    (GROS, 5, {22: Kind.ZPB, 28: Kind.ZPB, 43: Kind.HPB}),
    (AFTER5, 6, {3: Kind.HPB, 7: Kind.HPB, 12: Kind.ZPB}),
    (AFTER6, 7, {5: Kind.HPB, 10: Kind.FPB, 13: Kind.HPB}),
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


@pytest.mark.parametrize("path,rnd,byes", CASES[1:], ids=["after_round5", "after_round6"])
def test_pairing_the_next_round_honours_the_requested_byes(path, rnd, byes):
    event = load_event(path)
    paired, rp = pair_next_round(event, "dutch")
    assert rp.round == rnd
    on_boards = [t for board in rp.boards for t in board]
    playing = set(event.tpns) - set(byes)
    # 13 players left: six boards and the pairing-allocated bye, nobody twice, nobody with a requested bye
    assert len(on_boards) == len(set(on_boards)) == 12 and rp.bye is not None
    assert set(on_boards) | {rp.bye} == playing
    for t, kind in byes.items():
        assert paired.entry(t, rnd).kind is kind            # the requested byes are kept as they were
    assert paired.entry(rp.bye, rnd).kind is Kind.PAB
    assert paired.rounds == 9 and paired.first_pending_round() == rnd   # its games wait for their results


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
