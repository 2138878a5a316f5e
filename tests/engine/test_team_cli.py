"""The command line on team events: standings, explain, why, convert, codes."""
from __future__ import annotations

import csv
import io
import json

from engine.cli import main
from tests.paths import REPO_ROOT

TEC = str(REPO_ROOT / "tests" / "data" / "teams" / "fide_tec_teams14.trf")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_standings_one_row_per_team_with_the_codes_as_given():
    code, out, err = run("standings", TEC, "--tiebreaks", "EDET/P,EMGSB/C1/P,bh:mp/c1/p,MPvGP", "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["rank", "tpn", "name", "EDET/P", "EMGSB/C1/P", "bh:mp/c1/p", "MPvGP", "MP", "GP"]
    assert [r["tpn"] for r in rows[:5]] == ["4", "2", "1", "3", "5"]      # FIDE TEC exercise 45's order
    assert rows[12]["name"] == "Narwhals" and rows[11]["name"] == "Koalas"


def test_standings_without_an_order_uses_the_files_and_says_which():
    code, out, err = run("standings", TEC, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["tiebreaks"] == ["MPvGP"] and doc["rules"] == "fide2024"
    assert "the file's own tie-break list" in err and "2024 edition, in force on the event's dates" in err
    assert doc["rows"][0]["name"] == "Elephants"      # 10 MP and the most game points, 18


def test_explain_prints_the_products_and_the_cut():
    code, out, _ = run("explain", TEC, "--team", "1", "--tiebreak", "EMMSB/C1")
    assert code == 0
    assert "for #1 Antelopes: 74" in out and "LEFT OUT" in out and "not the smallest" in out


def test_explain_a_direct_encounter_draws_the_mini_crosstable():
    code, out, _ = run("explain", TEC, "--team", "6", "--tiebreak", "EDE", "--tiebreaks", "EDE")
    assert code == 0 and "3-1" in out and "Place of #6 in the group: 1 of 2" in out


def test_why_names_the_board_that_decided():
    code, out, _ = run("why", TEC, "--teams", "14,11", "--tiebreaks", "EDET")
    assert code == 0
    assert "#11 Koalas is 12th" in out and "board 1 of their match: 1 against 0" in out


def test_convert_writes_trf2026_and_json(tmp_path):
    for name in ("out.trf", "out.json"):
        code, out, err = run("convert", TEC, str(tmp_path / name))
        assert code == 0, err
        code, out, _ = run("standings", str(tmp_path / name), "--tiebreaks", "BH:MP", "--format", "csv")
        assert "1,1,Antelopes,64,10,17.5" in out.replace("\r", "")


def test_codes_lists_the_team_codes():
    code, out, _ = run("codes")
    assert code == 0 and "EGGSB" in out and "SSSC" in out and "MPvGP" in out


def test_a_bad_team_order_is_one_line():
    code, out, err = run("standings", TEC, "--tiebreaks", "EMGSB/M1")
    assert code == 2 and err.count("\n") == 1 and "modifier /M1 is not valid for EMGSB" in err
    code, out, err = run("why", TEC, "--teams", "1")
    assert code == 2 and "--teams takes two team numbers" in err


def test_explain_as_json_gives_the_rows_and_steps():
    code, out, _ = run("explain", TEC, "--team", "14", "--tiebreak", "BH:MP", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["value"] == "36" and len(doc["rows"]) == 7
    # Narwhals' own half-point bye and pairing bye count as a dummy with their own 4 MP
    assert [r["value"] for r in doc["rows"] if r["opponent"] is None] == [4, 4]


def test_the_swiss_manager_preset_reproduces_a_published_chess_results_table():
    data = REPO_ROOT / "tests" / "data" / "teams"
    code, out, err = run("standings", str(data / "eschlkam_2025_team_swiss.trf"), "--preset", "swiss-manager",
                         "--format", "csv")
    assert code == 0, err
    with open(data / "eschlkam_2025_team_swiss.expected.csv", encoding="utf-8") as f:
        published = {r["TPN"]: r for r in csv.DictReader(f)}
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["tpn"]: (r["rank"], r["BH:MP"]) for r in rows} == \
        {t: (p["Rank"], p["SM84_BH_variable_2023"]) for t, p in published.items()}


def test_presets_lists_the_team_orders_with_their_sources():
    code, out, _ = run("presets")
    assert code == 0 and "olympiad-2026" in out and "EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP" in out


def test_an_individual_event_still_needs_its_player_options():
    single = str(REPO_ROOT / "tests" / "data" / "fide_tec_rr6.chess.json")
    code, _, err = run("explain", single, "--tiebreak", "BH")
    assert code == 2 and "explain needs --player" in err
    code, _, err = run("why", single)
    assert code == 2 and "why needs --players" in err
    code, out, _ = run("explain", single, "--player", "1", "--tiebreak", "SB")
    assert code == 0 and "Sonneborn-Berger" in out


def test_standings_after_a_round():
    code, out, _ = run("standings", TEC, "--round", "1", "--tiebreaks", "BH:MP", "--format", "csv")
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(out))}
    # after round 1 Elephants beat Lynxes 4-0: 2 MP, 4 GP; Lynxes' Buchholz is Elephants' 2
    assert code == 0 and (rows["Elephants"]["MP"], rows["Elephants"]["GP"]) == ("2", "4")
    assert rows["Lynxes"]["BH:MP"] == "2"
    code, _, err = run("standings", TEC, "--round", "9")
    assert code == 2 and "outside the event's rounds" in err


def test_why_says_how_the_two_teams_own_match_went():
    code, out, _ = run("why", TEC, "--teams", "6,1")
    assert code == 0 and "They met in round 6: #1 Antelopes won by forfeit." in out
    assert "#1 Antelopes has more match points: 10 against 7" in out
