"""``python -m engine pair`` (issue 40): the next round paired as the Build page pairs it, for TDs who script
their events; never a round past the last declared one.

Real files: Perpignan 2025 after round 5 with the pairing-allocated bye of round 6 already entered (the event
file had 23 boards in round 6), FIDE's 16-player exercise (5 rounds, all played) and its 6-player round robin
(5 rounds, all played).
"""
from __future__ import annotations

import io
import json

from engine.cli import main
from engine.core.model import Kind
from engine.formats.trf import read_trf
from tests.paths import DATA, TRF_DIR

PERPIGNAN = str(DATA / "unfinished" / "perpignan_2025_after_round5_pab_for_6.trf")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_pair_json_pairs_the_round_holding_the_entered_bye():
    code, out, err = run("pair", PERPIGNAN, "--method", "fast")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["round"] == 6 and doc["method"] == "fast" and len(doc["boards"]) == 23
    assert sorted(map(tuple, doc["byes"])) == [(4, "HPB"), (8, "HPB"), (35, "ZPB"), (43, "PAB")]
    assert doc["left_out"] == []
    on_boards = [t for board in doc["boards"] for t in board]
    assert sorted(on_boards) == sorted(set(range(1, 51)) - {4, 8, 35, 43})


def test_pair_leaves_out_who_is_named_and_says_so():
    code, out, err = run("pair", PERPIGNAN, "--method", "fast", "--absent", "1, 2")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["left_out"] == [1, 2] and len(doc["boards"]) == 22
    assert not {1, 2} & {t for board in doc["boards"] for t in board}


def test_pair_trf_is_the_event_with_the_round_entered_as_still_to_be_played(tmp_path):
    code, out, err = run("pair", PERPIGNAN, "--method", "fast", "--format", "trf")
    assert code == 0, err
    assert out.startswith("012 ") and "\r\n" in out
    path = tmp_path / "paired.trf"
    path.write_text(out, encoding="utf-8", newline="")
    event = read_trf(path.read_text(encoding="utf-8"))
    kinds = [event.entry(t, 6).kind for t in event.tpns]
    assert kinds.count(Kind.SCH) == 46 and event.entry(43, 6).kind is Kind.PAB and event.rounds == 9


def test_no_round_past_the_last_one_exit_2_and_one_line():
    code, out, err = run("pair", str(TRF_DIR / "fide_tec_swiss16.trf"))
    assert (code, out) == (2, "")
    assert err == ("error: all 5 rounds are paired: there is no round 6 to pair (--extra-round pairs one more "
                   "and adds it)\n")
    code, out, err = run("pair", str(TRF_DIR / "fide_tec_rr6.trf"), "--extra-round")
    assert (code, out) == (2, "")
    assert err == "error: all 5 rounds of this round robin are paired: there is no round 6 to pair\n"


def test_extra_round_pairs_one_more_on_purpose():
    code, out, err = run("pair", str(TRF_DIR / "fide_tec_swiss16.trf"), "--method", "fast", "--extra-round")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["round"] == 6


def test_bad_absent_list_is_one_line():
    code, out, err = run("pair", PERPIGNAN, "--absent", "5;7")
    assert (code, out) == (2, "")
    assert err == "error: --absent takes pairing numbers separated by commas, such as 5,12, not '5;7'\n"
    code, out, err = run("pair", PERPIGNAN, "--absent", "99")
    assert code == 2 and err.count("\n") == 1 and "99" in err
