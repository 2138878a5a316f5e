"""Real-world TRF variants: byes written the way other programs write them are read, each with a warning.

Swiss-Master, older Swiss-Manager versions and federation rating systems write a bye as the points it gave
and no opponent (``0000 - =`` for a half-point bye).  FIDE's reference calculator reads those files, and so
must we: the same event as the standard spelling, plus one warning per repaired round that names the file
and line and reaches the user (standard error on the command line; ``--quiet`` hides it).
"""
from __future__ import annotations

import io
import re
import subprocess
import sys
from contextlib import redirect_stderr

import pytest

from engine.cli import main
from engine.core.model import Kind
from engine.formats.loader import load_event, reader_warnings
from engine.formats.trf import read_trf
from tests.paths import DATA, REPO_ROOT, TRF_DIR

STANDARD = TRF_DIR / "fide_tec_swiss16.trf"
EQUALS_BYES = DATA / "trf_variants" / "fide_tec_swiss16_equals_byes.trf"


def run(*argv: str) -> tuple[int, str, str]:
    """Exit status, standard output and standard error of one command (as the golden check runs it)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def with_block(tpn: int, rnd: int, block: str) -> str:
    """Fixture A's TRF with one round block of player ``tpn`` replaced (8 characters from column 92)."""
    lines = STANDARD.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) == tpn:
            start = 91 + 10 * (rnd - 1)           # 0-based: the opponent field starts in column 92
            lines[i] = line[:start] + block + line[start + len(block):]
            return "\n".join(lines) + "\n"
    raise AssertionError(f"no player {tpn}")


def test_the_variant_file_differs_only_in_the_two_byes():
    standard = STANDARD.read_text(encoding="utf-8").splitlines()
    variant = EQUALS_BYES.read_text(encoding="utf-8").splitlines()
    changed = [(no, a, b) for no, (a, b) in enumerate(zip(standard, variant), start=1) if a != b]
    assert [no for no, _, _ in changed] == [10, 15]
    assert "0000 - =" in changed[0][2] and "0000 - D" in changed[1][2]


def test_equals_byes_read_as_the_same_event_with_one_warning_each():
    standard, variant = load_event(STANDARD), load_event(EQUALS_BYES)
    assert variant.entries == standard.entries
    assert variant.entry(4, 2).kind is Kind.HPB and variant.entry(9, 3).kind is Kind.HPB
    warnings = reader_warnings(variant)
    assert len(warnings) == 2
    assert warnings[0].startswith(f"{EQUALS_BYES}:10: ") and "round 2" in warnings[0] and "'='" in warnings[0]
    assert warnings[1].startswith(f"{EQUALS_BYES}:15: ") and "round 3" in warnings[1] and "'D'" in warnings[1]
    assert all("half-point bye (HPB)" in w for w in warnings)
    assert reader_warnings(standard) == []


@pytest.mark.parametrize("preset", ["fide-swiss", "uscf", "lichess", "fide-swiss-a"])
def test_same_standings_as_the_file_with_h_plus_the_warnings_on_standard_error(preset):
    status_h, out_h, err_h = run("standings", str(STANDARD), "--preset", preset, "--format", "csv")
    status_eq, out_eq, err_eq = run("standings", str(EQUALS_BYES), "--preset", preset, "--format", "csv")
    assert status_h == status_eq == 0
    assert out_eq == out_h
    warnings = [ln for ln in err_eq.splitlines() if ln.startswith("warning:")]
    assert warnings == [f"warning: {w}" for w in reader_warnings(load_event(EQUALS_BYES))]
    assert not any(ln.startswith("warning:") for ln in err_h.splitlines())


def test_quiet_hides_the_reader_warnings_and_changes_nothing_else():
    status, out, err = run("standings", str(EQUALS_BYES), "--preset", "fide-swiss", "--format", "csv", "--quiet")
    assert status == 0 and err == ""
    assert out == run("standings", str(STANDARD), "--preset", "fide-swiss", "--format", "csv")[1]
    status, out, err = run("explain", str(EQUALS_BYES), "--player", "4", "--tiebreak", "BH", "--quiet")
    assert status == 0 and err == "" and out
    status, _, err = run("explain", str(EQUALS_BYES), "--player", "4", "--tiebreak", "BH")
    assert status == 0 and err.count("warning:") == 2


def test_the_real_program_prints_them_on_standard_error():
    """``python -m engine`` as a user runs it: the warnings on stderr, the table alone on stdout."""
    done = subprocess.run([sys.executable, "-m", "engine", "standings", str(EQUALS_BYES), "--preset", "fide-swiss",
                           "--format", "csv"], capture_output=True, text=True, cwd=REPO_ROOT, timeout=120)
    assert done.returncode == 0
    assert done.stdout.startswith("rank,tpn,name,PTS,BH/C1")
    lines = done.stderr.splitlines()
    assert len(lines) == 2
    assert re.match(rf"warning: {re.escape(str(EQUALS_BYES))}:10: round 2: result '=' without an opponent", lines[0])
    assert re.match(rf"warning: {re.escape(str(EQUALS_BYES))}:15: round 3: result 'D' without an opponent", lines[1])


@pytest.mark.parametrize("code, kind, points", [
    ("=", Kind.HPB, "1/2"), ("D", Kind.HPB, "1/2"), ("d", Kind.HPB, "1/2"),
    ("1", Kind.FPB, "1"), ("W", Kind.FPB, "1"),
    ("0", Kind.ZPB, "0"), ("L", Kind.ZPB, "0"), ("A", Kind.ZPB, "0"),
])
def test_each_result_without_an_opponent_is_the_bye_worth_the_same(code, kind, points):
    """#4's round-2 half-point bye rewritten with each variant: the bye it becomes, one warning at line 10."""
    from fractions import Fraction
    text = with_block(4, 2, f"0000 - {code}")
    event = read_trf(text, "variant.trf")
    entry = event.entry(4, 2)
    assert entry.kind is kind and entry.opponent is None and entry.points == Fraction(points)
    bye_warnings = [w for w in reader_warnings(event) if "without an opponent" in w]
    assert len(bye_warnings) == 1 and bye_warnings[0].startswith("variant.trf:10: round 2: ")
    # a bye worth other than ½ makes the points column (3.5) disagree: that is said too, at the same line
    column = [w for w in reader_warnings(event) if "points column" in w]
    assert len(column) == (0 if kind is Kind.HPB else 1)


def test_a_points_column_warning_reaches_standard_error(tmp_path):
    """Any repair, not only byes: #1's points column says 9.5 while his results add up to 3.5."""
    lines = STANDARD.read_text(encoding="utf-8").splitlines()
    no = next(i for i, ln in enumerate(lines) if ln.startswith("001    1"))
    lines[no] = lines[no][:80] + " 9.5" + lines[no][84:]
    path = tmp_path / "points.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, _, err = run("standings", str(path), "--preset", "uscf", "--format", "csv")
    assert status == 0
    assert err.splitlines() == [f"warning: {path}:{no + 1}: player 1: points column says 9.5 but the results "
                                f"add up to 3.5"]


def test_an_unknown_code_is_still_refused_with_its_place():
    text = with_block(4, 2, "0000 - Q")
    with pytest.raises(Exception) as err:
        read_trf(text, "q.trf")
    assert "q.trf:10:" in str(err.value) and "unknown result code 'Q'" in str(err.value)


def test_a_game_without_a_colour_is_read_with_a_warning_and_counts_for_neither_colour():
    """Older writers leave a game's colour out (``   9 - 1``).  Fixture A's #1 beat #9 with White in round 1
    (#9 lost with Black): with both colours left out, #1 keeps his 2 games with Black (rounds 2 and 4) and #9
    has none left (his only other game, round 2, was with White)."""
    lines = with_block(1, 1, "   9 - 1").splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("001    9"))
    start = 91                                     # round 1's opponent field, 0-based
    lines[at] = lines[at][:start] + "   1 - 0" + lines[at][start + 8:]
    event = read_trf("\n".join(lines) + "\n", "colour.trf")
    assert event.entry(1, 1).colour is None and event.entry(1, 1).points == 1 and event.entry(1, 1).played
    warnings = [w for w in reader_warnings(event) if "no colour" in w]
    assert len(warnings) == 2
    assert warnings[0].startswith("colour.trf:7: round 1: the game against 9 has no colour")
    assert warnings[1].startswith("colour.trf:15: round 1: the game against 1 has no colour")
    from engine.ranking.standings import explain
    assert explain(event, 1, "BPG", "fide").value == 2
    assert explain(event, 9, "BPG", "fide").value == 0
