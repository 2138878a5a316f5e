"""``python -m engine forecast``: the JSON document, worked by hand on a small event, and bad input."""
from __future__ import annotations

import io
import json

from engine.cli import main
from engine.formats.jsonfmt import write_json
from tests.engine.test_forecast import two_leaders
from tests.paths import DATA


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_forecast_json_for_two_leaders(tmp_path):
    path = tmp_path / "leaders.json"
    path.write_text(write_json(two_leaders()), encoding="utf-8")
    code, out, err = run("forecast", str(path), "--tiebreaks", "BH", "--rules", "fide", "--model", "uniform",
                         "--places", "1", "--player", "1", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["method"] == "exact" and doc["pending_games"] == 4 and doc["model"] == "uniform"
    # worked by hand in tests/engine/test_forecast.py: P1 first with 5/9 (alone or shared), second with 4/9
    assert doc["players"]["1"]["places"] == {"1": round(5 / 9, 6), "2": round(4 / 9, 6)}
    assert doc["players"]["1"]["fractions"] == {"1": "5/9", "2": "4/9"}
    # in the top-place question P2 is reported with "2nd or lower" gathered under "2+"
    assert doc["players"]["2"]["fractions"] == {"1": "5/9", "2+": "4/9"}
    draw = doc["conditions"]["1"]["draw"]
    assert draw["deciding_games"] == [{"white": 5, "black": 6}] and draw["chance"] == round(1 / 3, 6)
    assert draw["text"] == "A draw gives 1st if P5 does not lose to P6 (67 %); otherwise 2nd (33 %)."


def test_forecast_sampled_is_reproducible_from_its_seed(tmp_path):
    path = tmp_path / "leaders.json"
    path.write_text(write_json(two_leaders()), encoding="utf-8")
    args = ("forecast", str(path), "--tiebreaks", "BH", "--samples", "300", "--seed", "7", "--format", "json")
    a, b = json.loads(run(*args)[1]), json.loads(run(*args)[1])
    assert a == b and a["method"] == "sampled" and a["samples"] == 300 and a["seed"] == 7
    lo, hi = a["players"]["1"]["intervals"]["1"]
    assert lo <= a["players"]["1"]["places"]["1"] <= hi


def test_forecast_of_a_finished_event_is_one_clear_line(tmp_path):
    from tests.paths import REPO_ROOT
    code, out, err = run("forecast", str(REPO_ROOT / "scenarios" / "example.json"))
    assert code == 2 and out == ""
    assert err == "error: the event has no games still to be played: pair the next round first\n"


def test_a_sampled_answer_with_no_deciding_game_says_so():
    """A generated 14-player event (seed 3) with its last round pending: in the sample, a draw or a loss of
    #1 leaves her place to many games at once, none standing out.  This used to stop with a traceback."""
    event = DATA / "forecast" / "generated14_last_round_pending.json"
    code, out, err = run("forecast", str(event), "--samples", "300", "--player", "1", "--format", "text")
    assert code == 0 and err.startswith("order: points, then MM, BH, CUM, OCUM (preset uscf") and err.count("\n") == 1
    assert "no single other game decides it" in out


def test_forecast_without_an_order_uses_the_standings_default_and_prints_it():
    """Issue 40: ``forecast`` chose FIDE's Swiss list while ``standings`` chose the usual order for the event
    (US Chess for a Swiss whose file names none) and said so; both now use, and print, the same one."""
    from engine.core.presets import PRESETS
    event = str(DATA / "forecast" / "generated14_last_round_pending.json")
    code, _out, said = run("standings", event)
    assert code == 0
    code, out, err = run("forecast", event, "--samples", "200", "--places", "1", "--format", "json")
    assert code == 0
    assert err == said and err.startswith("order: points, then ") and "preset uscf" in err
    doc = json.loads(out)
    assert doc["rules"] == "uscf" and doc["tiebreaks"] == list(PRESETS["uscf"].codes)
