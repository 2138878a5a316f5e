"""``python -m engine check``: the JSON contract of the issue, the text report, exit statuses."""
from __future__ import annotations

import io
import json

from engine.cli import main
from tests.paths import DATA as TEST_DATA

DATA = TEST_DATA / "published"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_json_contract_on_the_vega_pages():
    status, out, err = run("check", str(DATA / "vega_hobsons_bay_sept_2025_standings.html"),
                           str(DATA / "vega_hobsons_bay_sept_2025_crosstable.html"), "--format", "json")
    assert status == 0 and not err
    doc = json.loads(out)
    assert set(doc) == {"players", "rounds", "columns", "values", "order"}
    assert (doc["players"], doc["rounds"]) == (55, 5)
    bh = next(c for c in doc["columns"] if c["label"] == "BH/C1")
    assert bh == {"label": "BH/C1", "legend": "BH/C1 : Buchholz Cut 1", "code": "BH/C1",
                  "settings": {"code": "BH/C1", "rules": "fide2024", "unrated": "off", "postponed_played": False,
                               "words": "Buchholz (Solkoff), with the lowest score cut, under FIDE's 2023/2024 "
                                        "rules for unplayed games"},
                  "agree": 55, "total": 55, "pattern": ""}
    first = next(v for v in doc["values"] if v["column"] == "SB" and v["rank"] == 1)
    # Annapureddy (#1) won all five: opponents on 3, 3, 3, 4 and 4 points: SB 17
    assert first == {"rank": 1, "name": "Annapureddy,Rheyansh Reddy", "column": "SB", "published": "17.0",
                     "ours": "17", "agree": True, "why": ""}
    assert doc["order"] == {"consistent": True, "notes": []}


def test_differences_are_findings_exit_0_and_text_report():
    status, out, err = run("check", str(DATA / "stockholm_seniors_2026_r4.csv"))
    assert status == 0
    assert out.startswith("Seniorschack Stockholm KM Klassiskt 2026: 40 players, 4 rounds counted")
    assert "TB3: 39 of 40 reproduced as Number of wins (played or not); 1 differs" in out
    # the 7 of TB1 and Evertsson's TB3; the direct encounter, grouped after TB1 as the table computes it, agrees
    assert "8 published values differ from ours:" in out
    assert "TB2: 40 of 40 reproduced as Direct encounter" in out
    # the note quotes the cell the table has ("-1")
    assert "note: a cell -1 (a one-point round without an opponent) is read as a bye from the pairing" in out
    assert "- row 7, Evertsson Rune, TB3: the published 1 does not count the forfeit win in round 3 as a win" in out


def test_unreadable_input_exit_2_one_line_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("Rk.;Name;1.Rd;Pts.\n1;Ann;2w1;1\n2;Bob;1b0;0\n3;Cy;zz;0\n", encoding="utf-8")
    status, out, err = run("check", str(bad))
    assert status == 2 and not out
    assert err.splitlines() == [f"error: {bad}:4: round 1 of Cy reads 'zz', which is not a result we know "
                                f"(cells look like 12w1, 7b½, 32b+, -1, -½, 0)"]
    status, _, err = run("check", str(tmp_path / "missing.csv"))
    assert status == 2 and err.startswith("error: ") and "missing.csv" in err and len(err.splitlines()) == 1


def test_a_table_without_rounds_with_games(tmp_path):
    from engine.core.example import FIDE_EXERCISE_NAMES as FIXTURE_A_NAMES
    from engine.formats.loader import save_event
    from tests.fixtures import fixture_a
    from tests.reference.test_second_opinion import BH24, ORDER, POINTS
    games = tmp_path / "a.trf"
    save_event(fixture_a(), games)
    table = tmp_path / "final.csv"
    table.write_text("\n".join(["Rk.;SNo;Name;Pts.;TB1", *(f"{r};{t};{FIXTURE_A_NAMES[t]};{POINTS[t]};{BH24[t]}"
                                                           for r, t in enumerate(ORDER, 1))]), encoding="utf-8")
    status, out, err = run("check", str(table), "--games", str(games), "--format", "json")
    assert status == 0, err
    doc = json.loads(out)
    tb1 = next(c for c in doc["columns"] if c["label"] == "TB1")
    assert (tb1["code"], tb1["settings"]["rules"], tb1["agree"], tb1["total"]) == ("BH", "fide2024", 16, 16)


def test_a_swiss_chess_ranking_and_its_pairing_lists_as_six_files(tmp_path):
    # the constructed Fixture A lists of tests/reference/test_second_opinion.py (no real Swiss-Chess page was found)
    from tests.reference.test_second_opinion import papi_grid, swiss_chess_lists
    paths = []
    for name, text in swiss_chess_lists(split=True):
        (tmp_path / name).write_text(text, encoding="utf-8")
        paths.append(str(tmp_path / name))
    status, out, err = run("check", *paths)
    assert status == 0 and not err
    assert out.startswith("Fixture A: 16 players, 5 rounds counted (read as a Swiss-Chess table)")
    assert "Buchh: 16 of 16 reproduced as Buchholz (Solkoff), under FIDE's 2023/2024 rules for unplayed games" in out
    assert "BuSumm: 16 of 16 reproduced as Sum of opponents' Buchholz" in out
    assert "Every published value is reproduced." in out
    grid = tmp_path / "grille.txt"
    grid.write_text(papi_grid(False), encoding="utf-8")
    status, out, err = run("check", str(grid), "--format", "json")
    doc = json.loads(out)
    assert status == 0 and [(c["label"], c["code"], c["agree"]) for c in doc["columns"]] == [
        ("Pts", "PTS", 16), ("Tr.", "BH/C1", 16), ("Bu.", "BH", 16), ("Cu.", "PS", 16)]


def test_the_text_report_in_german():
    status, out, err = run("check", str(DATA / "stockholm_seniors_2026_r4.csv"), "--lang", "de")
    assert status == 0 and not err
    lines = out.splitlines()
    assert lines[0] == ("Seniorschack Stockholm KM Klassiskt 2026: 40 Spieler, 4 Runden gezählt (gelesen als eine "
                        "Tabelle von chess-results)")
    assert lines[1] == ("  Hinweis: eine Zelle -1 (eine Runde mit einem Punkt ohne Gegner) wird als spielfrei durch "
                        "Auslosung gelesen")
    assert "TB3: 39 von 40 reproduziert als Anzahl der Siege (gespielt oder nicht); 1 weicht ab" in lines
    assert "TB2: 40 von 40 reproduziert als Direkter Vergleich" in lines
    assert "8 veröffentlichte Werte weichen von unseren ab:" in lines
    assert ("- Zeile 7, Evertsson Rune, TB3: die veröffentlichte 1 zählt die Runde 3 (kampfloser Sieg) nicht als Sieg "
            "(für Evertsson Rune); mit den Einstellungen, die den Rest dieser Spalte reproduzieren (Anzahl der Siege "
            "(gespielt oder nicht)), ist es 2") in lines
    assert lines[-1] == "Die Reihenfolge stimmt mit den eigenen Punkten und Feinwertungszahlen der Tabelle überein."
    assert "reproduced" not in out and "differ" not in out
