"""The command line (``python -m engine``): formats, explain's trace, and one-line errors for bad input."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from tests.paths import REPO_ROOT, TRF_DIR

ROOT = REPO_ROOT
SWISS16 = str(TRF_DIR / "fide_tec_swiss16.trf")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_standings_csv_header_order_and_exact_decimals():
    code, out, _ = run("standings", SWISS16, "--tiebreaks", "BH/C1,BH,SB", "--rules", "fide2024", "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "tpn", "name", "PTS", "BH/C1", "BH", "SB"]
    by_tpn = {r[1]: r for r in rows[1:]}
    assert by_tpn["4"][3:] == ["3.5", "11.5", "15", "9.75"]
    assert rows[1][:2] == ["1", "2"]          # Bruno alone on 4


def test_standings_shared_places_print_best_rank():
    code, out, _ = run("standings", SWISS16, "--tiebreaks", "BH", "--rules", "fide2024", "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    ranks = {r[1]: r[0] for r in rows[1:]}
    assert ranks["1"] == ranks["16"] == "4"    # 3½ with BH 12½ each, after 2, 3 and 4
    assert ranks["6"] == "6"


def test_standings_json_contract():
    code, out, _ = run("standings", SWISS16, "--preset", "fide-swiss", "--rules", "fide2024", "--format", "json")
    doc = json.loads(out)
    assert doc["rules"] == "fide2024" and doc["round"] == 5
    assert doc["tiebreaks"] == ["BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB"]
    assert [r["tpn"] for r in doc["rows"]][:6] == [2, 3, 4, 16, 1, 6]
    seps = {(s["above"], s["below"]): s["criterion"] for s in doc["separated_by"]}
    assert seps[(16, 1)] == "WIN" and seps[(2, 3)] == "PTS"
    row12 = next(r for r in doc["rows"] if r["tpn"] == 12)
    assert row12["ARO/C1"] is None and row12["DE"] is None


def test_round_option_recomputes_after_round_4():
    code, out, _ = run("standings", SWISS16, "--tiebreaks", "BH", "--round", "4", "--format", "csv")
    rows = {r[1]: r for r in list(csv.reader(io.StringIO(out)))[1:]}
    assert rows["2"][3] == "3.5"              # Bruno: W W D W before his last-round draw


def test_explain_json_mm_bye_dropped():
    code, out, _ = run("explain", SWISS16, "--player", "4", "--tiebreak", "MM", "--rules", "uscf", "--format", "json")
    doc = json.loads(out)
    assert doc["value"] == 10.5 and doc["tiebreak"] == "MM" and doc["rules"] == "uscf"
    bye = next(r for r in doc["rows"] if r["round"] == 2)
    assert bye["kind"] == "HPB" and bye["value"] == 0 and bye["dropped"] is True
    kept = [r["value"] for r in doc["rows"] if not r["dropped"]]
    assert sum(kept) == 10.5 and len(doc["rows"]) == 5


def test_explain_bh_c1_cuts_the_vur_although_a_lower_value_exists():
    code, out, _ = run("explain", SWISS16, "--player", "9", "--tiebreak", "BH/C1", "--rules", "fide2024",
                       "--format", "json")
    doc = json.loads(out)
    assert doc["value"] == 7.5
    dropped = [r for r in doc["rows"] if r["dropped"]]
    assert len(dropped) == 1 and dropped[0]["kind"] in ("HPB", "FL") and dropped[0]["value"] == 1.5
    assert any(r["opponent"] == 10 and r["value"] == 1 and not r["dropped"] for r in doc["rows"])


def test_explain_text_shows_reason_and_sum():
    code, out, _ = run("explain", SWISS16, "--player", "4", "--tiebreak", "MM", "--rules", "uscf")
    assert code == 0
    assert "DROPPED" in out and "10½" in out and "opponent on 0" in out


def test_explain_de_uses_the_ordering_for_the_tied_group():
    code, out, _ = run("explain", SWISS16, "--player", "11", "--tiebreak", "DE", "--tiebreaks", "DE",
                       "--format", "json")
    doc = json.loads(out)
    assert doc["extra"]["group"] == [5, 8, 11]


@pytest.mark.parametrize("argv,needle", [
    (["standings", SWISS16, "--tiebreaks", "BH/X9"], "modifier /X9"),
    (["standings", SWISS16, "--tiebreaks", "FOO"], "unknown tie-break code"),
    (["standings", SWISS16, "--preset", "nope"], "unknown preset"),
    (["standings", SWISS16, "--tiebreaks", "BH", "--rules", "mars"], "unknown rule set"),
    (["standings", SWISS16, "--tiebreaks", "BH", "--round", "9"], "--round 9"),
    (["standings", SWISS16, "--tiebreaks", "BH", "--unrated", "many"], "--unrated"),
    (["explain", SWISS16, "--player", "99", "--tiebreak", "BH"], "99"),
    (["standings", "missing.trf", "--tiebreaks", "BH"], "missing.trf"),
    (["standings", SWISS16, "--preset", "fide-rr", "--tiebreaks", "BH"], "--tiebreaks"),
    # Every number from the command line is bounded where it enters
    (["standings", SWISS16, "--tiebreaks", "BH", "--seed", "1" + "0" * 15], "--seed"),
    (["standings", SWISS16, "--tiebreaks", "BH", "--seed", "-1"], "--seed"),
    (["standings", SWISS16, "--tiebreaks", "BH", "--round", "100"], "--round"),
    (["standings", SWISS16, "--tiebreaks", "BH", "--unrated", "1000000000000000"], "--unrated"),
    (["forecast", SWISS16, "--samples", "1000000000"], "--samples"),
    (["forecast", SWISS16, "--samples", "0"], "--samples"),
    (["forecast", SWISS16, "--draw-rate", "nan"], "--draw-rate"),
    (["explain", SWISS16, "--player", "9" * 5000, "--tiebreak", "BH"], "--player"),
])
def test_bad_arguments_exit_2_with_one_line(argv, needle):
    code, out, err = run(*argv)
    assert code == 2
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


BAD_FILES = {
    "empty.trf": b"",
    "binary.trf": bytes(range(256)) * 4,
    "truncated.trf": b"012 x\n001    1 m    Alyx                              2200               0   \n",
    "unknown_opp.trf": ("012 t\nXXR 1\n"
                        "001    1      Ann                               1800                          1.0    1    17 w 1\n"
                        "001    2      Bob                               1700                          0.0    2     1 b 0\n"
                        ).encode(),
    "asymmetric.trf": ("012 t\nXXR 1\n"
                       "001    1      Ann                               1800                          1.0    1     2 w 1\n"
                       "001    2      Bob                               1700                          1.0    2     1 b 1\n"
                       ).encode(),
    "duplicate.trf": ("012 t\nXXR 1\n"
                      "001    1      Ann                               1800                          1.0    1     2 w 1\n"
                      "001    1      Bob                               1700                          0.0    2     1 b 0\n"
                      ).encode(),
    "rating.trf": ("012 t\nXXR 1\n"
                   "001    1      Ann                               18x0                          1.0    1     2 w 1\n"
                   "001    2      Bob                               1700                          0.0    2     1 b 0\n"
                   ).encode(),
    "code.trf": ("012 t\nXXR 1\n"
                 "001    1      Ann                               1800                          1.0    1     2 w 7\n"
                 "001    2      Bob                               1700                          0.0    2     1 b 0\n"
                 ).encode(),
    "bad.json": b'{"format": "tiebreak-lab-event", "version": 1, "players": [{"tpn": 1, "name": "A", "rating": "abc"}]}',
    "notjson.json": b"{nope",
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_malformed_files_end_in_one_line_error(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    code, out, err = run("standings", str(path), "--tiebreaks", "BH")
    assert code == 2, err
    assert err.count("\n") == 1 and name in err and "Traceback" not in err


def test_module_entry_point_prints_no_traceback(tmp_path):
    bad = tmp_path / "x.trf"
    bad.write_bytes(b"\x00\x01\x02")
    proc = subprocess.run([sys.executable, "-m", "engine", "standings", str(bad), "--tiebreaks", "BH"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "x.trf" in proc.stderr


def test_convert_round_trip(tmp_path):
    out_json = tmp_path / "e.json"
    code, out, err = run("convert", SWISS16, str(out_json))
    assert code == 0, err
    code, out, _ = run("standings", str(out_json), "--tiebreaks", "BH", "--rules", "fide2024", "--format", "csv")
    rows = {r[1]: r for r in list(csv.reader(io.StringIO(out)))[1:]}
    assert rows["4"][4] == "15"


def test_version_is_the_projects_and_the_build_and_the_changelog_collects_what_is_unreleased():
    import subprocess
    import tomllib
    declared = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    out = io.StringIO()
    assert main(["--version"], out=out) == 0
    line = out.getvalue()
    assert line.startswith(f"Tiebreak Lab {declared}") and line.endswith("\n")
    if (REPO_ROOT / ".git").exists():          # a clone: the build is the commit it runs from
        head = subprocess.run(["git", "-C", str(REPO_ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
        commit = line.split(", build ")[1].split()[0]
        assert len(commit) >= 7 and head.startswith(commit)
    headings = [line for line in (REPO_ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
                if line.startswith("## ")]
    assert headings[0] == "## Unreleased" and headings[1].startswith(f"## {declared} ")


def _expected(path: Path) -> dict[int, dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return {int(row["StartNo"]): row for row in csv.DictReader(fh)}


def test_standings_without_an_order_uses_the_files_own_tie_break_list():
    """A file that names its order (a 212 record) is ranked by it, and the line says so."""
    path = ROOT / "tests" / "data" / "own_order" / "fide_womens_world_rapid_2024_with_212.trf"
    code, out, err = run("standings", str(path), "--format", "csv")
    assert code == 0
    assert "the file's own tie-break list" in err and "BH/C1, BH, ARO/C1" in err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["rank", "tpn", "name", "PTS", "BH/C1", "BH", "ARO/C1"]
    expected = _expected(TRF_DIR / "fide_womens_world_rapid_2024.expected.csv")
    for row in rows:
        want = expected[int(row["tpn"])]
        for code_ in ("PTS", "BH/C1", "BH", "ARO/C1"):
            assert float(row[code_]) == float(want[code_]), (row["tpn"], code_)
    # lichess's final standings: Humpy Koneru won on 8½; Ju Wenjun second of the four on 8 (the best BH/C1)
    assert (rows[0]["name"], rows[1]["name"]) == ("Koneru, Humpy", "Ju, Wenjun")


def test_standings_without_an_order_use_the_usual_preset_for_a_round_robin():
    """A round robin that names no order gets FIDE's round-robin list, as in the app."""
    path = TRF_DIR / "uzchess_cup_masters_2025.trf"
    code, out, err = run("standings", str(path), "--format", "csv")
    assert code == 0 and "preset fide-rr" in err and "round robin" in err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["rank", "tpn", "name", "PTS", "DE", "WIN", "SB", "KS"]
    expected = _expected(TRF_DIR / "uzchess_cup_masters_2025.expected.csv")
    for row in rows:
        want = expected[int(row["tpn"])]
        for ours, theirs in (("PTS", "PTS"), ("WIN", "WIN"), ("SB", "SB"), ("KS", "KS")):
            assert float(row[ours]) == float(want[theirs]), (row["tpn"], ours)
    # three players on 5½: Praggnanandhaa ahead on wins (4, as Abdusattorov) and then Sonneborn-Berger
    assert [r["tpn"] for r in rows[:3]] == ["3", "2", "7"]


def test_standings_csv_keeps_a_formula_looking_name_as_text(tmp_path):
    """A name such as ``=HYPERLINK(...)`` must not become a formula when the CSV is opened in a spreadsheet:
    the cell starts with an apostrophe, as in the app's own exports (OWASP "CSV injection")."""
    event = tmp_path / "formula.trf"
    text = (TRF_DIR / "fide_tec_rr6.trf").read_text()           # names in TRF's columns 15-47
    formula = '=HYPERLINK("http://x","y")'
    text = text.replace("Alyx".ljust(len(formula)), formula, 1).replace("Bruno".ljust(8), "@SUM(A1)", 1)
    event.write_text(text)
    code, out, _ = run("standings", str(event), "--tiebreaks", "BH", "--format", "csv")
    assert code == 0
    names = {r[1]: r[2] for r in list(csv.reader(io.StringIO(out)))[1:]}
    assert names["1"] == "'" + formula and names["2"] == "'@SUM(A1)"


def test_an_unexpected_exception_in_a_reader_is_one_line_naming_the_file(tmp_path, monkeypatch):
    """Whatever a reader or a library trips over (here the XML parser's own error, a SyntaxError, which
    a workbook with a DTD used to raise as a 45-line traceback, exit 1) ends as one line and exit status 2."""
    from xml.etree.ElementTree import ParseError

    import engine.teaching.check_report as report

    def trips(*_args, **_kwargs):
        raise ParseError("limit on input amplification factor (from DTD and entities) breached: line 1")

    monkeypatch.setattr(report, "read_published", trips)
    table = tmp_path / "table.csv"
    table.write_text("Rk.;Name;Pts\n1;Ann;1\n")
    code, out, err = run("check", str(table))
    assert code == 2 and out == ""
    assert err == (f"error: {table}: the command stopped on something unexpected in its input (it holds something "
                   f"this program does not understand)\n")


def test_a_file_name_with_a_line_break_is_quoted_so_the_message_stays_one_line(tmp_path):
    """A file called "club\\nerror: all fine.trf" could make one error look like two lines."""
    bad = tmp_path / "club\nerror: all fine.trf"
    bad.write_bytes(b"\x00\x01\x02")
    code, out, err = run("standings", str(bad), "--tiebreaks", "BH")
    assert code == 2 and err.count("\n") == 1
    assert err == f'error: "{tmp_path}/club\\nerror: all fine.trf":1: binary content: this is not a text event file\n'
