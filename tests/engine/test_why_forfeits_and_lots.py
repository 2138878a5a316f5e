"""The parent's answer (``why``) on a pairing both players lost by forfeit, and on a drawing of lots.

Both events are in ``tests/data/answer`` (hand-made; see its README).  In round 4 of each, #7 Gray and #8
Hall were paired and neither turned up: both are recorded as forfeit losses.  That is nobody's win, so
the answer must say the same thing whichever of the two is named first.

A drawing of lots must come out the same on every run, and the flips must start from the same drawing
as the answer (FIDE C.07 art. 4.2: lots are drawn so they can be replayed).
"""
from __future__ import annotations

import io
import json

import pytest

from engine.cli import main
from engine.core.model import Kind
from engine.core.rules import Options
from engine.formats.loader import load_event
from engine.ranking.flips import search_flips
from engine.ranking.standings import standings
from engine.ranking.why_above import REPLAY_SEED, compare_players
from engine.ranking.why_answer import meetings, plain_answer
from tests.paths import DATA

ONCE = str(DATA / "answer" / "double_forfeit_8p4r.trf")
TWICE = str(DATA / "answer" / "double_forfeit_rematch_8p4r.trf")
GRAY, HALL = 7, 8


def why(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["why", *argv], out=out, err=err)
    return code, out.getvalue()


@pytest.mark.parametrize("preset", ["uscf", "fide-swiss"])
@pytest.mark.parametrize("players", ["7,8", "8,7"])
def test_a_double_forfeit_is_told_the_same_in_either_order(players, preset):
    code, text = why(ONCE, "--players", players, "--preset", preset)
    assert code == 0
    answer = text.splitlines()[0]
    assert "Their round 4 game was not played: both lost by forfeit, so neither of them scored from it." in answer
    assert "won their round 4" not in answer and "by forfeit (" not in answer


@pytest.mark.parametrize("players", ["7,8", "8,7"])
def test_the_json_met_result_of_a_double_forfeit(players):
    code, text = why(ONCE, "--players", players, "--preset", "uscf", "--format", "json")
    assert code == 0
    doc = json.loads(text)
    assert doc["met"] == [{"round": 4, "result": "0-0", "played": False, "both_lost_by_forfeit": True}]


def test_meetings_carry_both_sides():
    event = load_event(ONCE)
    for a, b in ((GRAY, HALL), (HALL, GRAY)):
        (m,) = meetings(event, a, b)
        assert (m.round, m.points_a, m.points_b, m.played, m.double_forfeit, m.result) == (4, 0, 0, False, True, "0-0")


@pytest.mark.parametrize("a,b", [(GRAY, HALL), (HALL, GRAY)])
def test_a_rematch_with_a_double_forfeit_counts_only_the_game_played(a, b):
    """Round 3: Gray beat Hall over the board; round 4: both lost by forfeit.  Gray scored 1 of their two
    pairings, Hall 0: in either order Gray is ahead in their games, and only by the game he won."""
    cmp = compare_players(load_event(TWICE), a, b, "CUM", "uscf")
    text = plain_answer(cmp).text
    assert ("Gus Gray scored 1 of 2 in their games (rounds 3 and 4); their round 4 game was not played: both "
            "lost by forfeit") in text
    assert "2 of 2" not in text


@pytest.mark.parametrize("players", ["7,8", "8,7"])
def test_no_flip_turns_the_double_forfeit_into_a_win(players):
    a, b = map(int, players.split(","))
    found = search_flips(load_event(ONCE), a, b, "MM,BH,CUM", "uscf")
    for flip in found.keeping + found.own + ([found.pair] if found.pair else []):
        for change in flip.changes:
            if change.round == 4 and change.tpn in (GRAY, HALL):
                assert change.after.kind is not Kind.FW and change.after.points == 0, flip.sentence


def test_lots_give_the_same_answer_on_every_run():
    runs = {why(ONCE, "--players", "7,8", "--tiebreaks", "LOTS", "--rules", "fide")[1] for _ in range(8)}
    assert len(runs) == 1
    (text,) = runs
    assert f"Drawing of lots: seed {REPLAY_SEED}," in text


@pytest.mark.parametrize("seed", [None, 0, 1, 2, 3, 4, 5])
def test_the_answer_and_the_flips_draw_the_same_lots(seed):
    """Whoever the answer puts above, every flip reverses exactly that, and the answer agrees with the
    standings drawn with the same seed (the seed printed in the JSON)."""
    argv = [ONCE, "--players", "7,8", "--tiebreaks", "LOTS", "--rules", "fide", "--format", "json"]
    if seed is not None:
        argv += ["--seed", str(seed)]
    code, text = why(*argv)
    assert code == 0
    doc = json.loads(text)
    assert doc["seed"] == (REPLAY_SEED if seed is None else seed)
    st = standings(load_event(ONCE), "LOTS", "fide", Options(seed=doc["seed"]))
    order = [t for t in st.order if t in (GRAY, HALL)]
    assert doc["above"] == order[0] and doc["below"] == order[1]
    assert doc["flips"], "some change reverses a drawing of lots"
    for flip in doc["flips"]:
        assert flip["above"] == doc["below"], flip["change"]
