"""The hostile corpus (:mod:`tools.hostile_corpus`) through every reader, ``convert`` and the share-link decoder.

Each case runs in its own subprocess (:mod:`tests.hostile_run`) under operating-system limits: 1.5 GB of
address space and 60 s of CPU (``resource.setrlimit``), and a wall-clock timeout (generous: on a shared machine
the wall clock says little; ``make bench`` reports the times).  A case fails on
a traceback (any exception that is not our own one-line error), a hang (the timeout), an unbounded
allocation (the memory limit reached, which would surface as our "needs more memory" sentence, or a peak
resident size over 600 MB), a destroyed output (the precious files beside it changed when the command was
refused, or left empty or truncated when it succeeded), or an outcome other than the one the case states.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from engine.formats.loader import load_event
from engine.formats.source import MAX_BYTES
from tests.hostile_run import OUTPUTS
from tests.paths import REPO_ROOT
from tools import hostile_corpus
from tools.hostile_corpus import BIG, CASES, CORPUS_DIR, PAGE_WORK, WORKBOOKS

ROOT = REPO_ROOT
MEMORY_LIMIT = 1536 * 1024 * 1024
CPU_SECONDS = 60
PEAK_MB = 600
PRECIOUS = b"precious: this file must survive every refused command\n"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def run_limited(argv: list[str], timeout: float = 120) -> tuple[int, str, str]:
    """Run ``argv`` under the limits: (exit status, stdout, stderr); a hang fails the test."""
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=_limits,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"hang: {' '.join(argv[-2:])} still running after {timeout:.0f} s")
    return proc.returncode, out.decode(), err.decode()


def check_case(path: Path, expected: str, tmp_path: Path, timeout: float = 120,
               outputs: tuple[str, ...] = OUTPUTS) -> None:
    outdir = tmp_path / "out"
    outdir.mkdir()
    for name in OUTPUTS:
        (outdir / name).write_bytes(PRECIOUS)
    status, out, err = run_limited([sys.executable, "-m", "tests.hostile_run", str(path), str(outdir),
                                    ",".join(outputs)], timeout)
    assert "Traceback" not in err and status == 0, f"{path.name}: not our own error:\n{err[-3000:]}"
    report = json.loads(out.strip().splitlines()[-1])
    assert report["peak_mb"] < PEAK_MB, f"{path.name}: peak memory {report['peak_mb']:.0f} MB"
    for step in report["steps"]:
        lines = step["stderr"].splitlines()
        errors = [line for line in lines if not line.startswith(("warning: ", "lots drawn"))]
        assert not any("more memory" in line for line in lines), f"{path.name}: hit the memory limit: {lines}"
        if expected == "refused":
            assert step["status"] == 2, f"{path.name} {step['argv']}: expected a refusal, got {step}"
            assert len(errors) == 1 and errors[0].startswith("error: "), (path.name, lines)
            assert len(errors[0]) < 800, (path.name, errors[0][:800])       # one line a person can read
        else:
            assert step["status"] == 0, f"{path.name} {step['argv']}: {lines}"
    for name in OUTPUTS:
        written = (outdir / name).read_bytes()
        if expected == "read" and path.suffix not in (".link", ".paste", ".xlsx") and name in outputs:
            assert written != PRECIOUS and written, f"{name} was not written"
            assert load_event(outdir / name).players                        # complete: it reads back
        else:
            assert written == PRECIOUS, f"{path.name}: {name} was destroyed"
    assert not [p for p in outdir.iterdir() if p.name not in OUTPUTS], "a temporary file was left behind"


def test_the_committed_corpus_is_what_the_script_builds(tmp_path):
    built = {p.name: p.read_bytes() for p in hostile_corpus.build(tmp_path)}
    committed = {p.name: p.read_bytes() for p in CORPUS_DIR.iterdir()}
    assert committed == built


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_case(name, tmp_path):
    expected, _ = CASES[name]
    check_case(CORPUS_DIR / name, expected, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BIG))
def test_big_hostile_case(name, tmp_path):
    expected, make = BIG[name]
    path = tmp_path / name
    path.write_bytes(make())
    assert len(path.read_bytes()) <= MAX_BYTES
    # standings and one conversion (each reads the file again); wall time is generous on a shared machine
    check_case(path, expected, tmp_path, timeout=600, outputs=("out.json",))


#: workbooks that take seconds to build or to refuse (a 1.5 GB zip bomb written, three million cells read)
SLOW_WORKBOOKS = {"xlsx_zip_bomb.xlsx", "xlsx_3m_cells.xlsx", "xlsx_lying_size.xlsx", "xlsx_32m_cells.xlsx"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_WORKBOOKS else n
                                  for n in sorted(WORKBOOKS)])
def test_hostile_workbook(name, tmp_path):
    """A workbook is bounded before any work; its declared size is never believed (a 1.5 KB file
    declaring A1:XFD2000 took 5.3 GB), and a zip bomb, 32 million cells or a DTD are refused with one line."""
    expected, make = WORKBOOKS[name]
    path = tmp_path / name
    path.write_bytes(make())
    assert len(path.read_bytes()) < 2 * 1024 * 1024
    check_case(path, expected, tmp_path, timeout=300)


def workbook_message(name: str, tmp_path: Path) -> str:
    path = tmp_path / name
    path.write_bytes(WORKBOOKS[name][1]())
    status, out, err = run_limited([sys.executable, "-m", "engine", "check", str(path)], timeout=120)
    assert status == 2 and "Traceback" not in err, err[-2000:]
    return err.strip().removeprefix(f"error: {path}")


def test_workbook_refusals_say_what_and_where(tmp_path):
    assert workbook_message("xlsx_billion_laughs.xlsx", tmp_path) == (
        ": the part xl/worksheets/sheet1.xml of the workbook holds a document type declaration (<!DOCTYPE or "
        "<!ENTITY), which no spreadsheet needs and which can make a reader expand text without end or read other "
        "files; it is not read")
    assert workbook_message("xlsx_external_entity.xlsx", tmp_path).startswith(
        ": the part xl/worksheets/sheet1.xml of the workbook holds a document type declaration")
    assert workbook_message("xlsx_cell_in_column_xfd.xlsx", tmp_path) == (
        ":6: this row has a cell in column XFD (column 16,384); no table this program reads has more than 256 "
        "columns")
    assert workbook_message("xlsx_row_1048576.xlsx", tmp_path) == (
        ":101001: the sheet goes on past row 101,000; no table this program reads has so many rows")
    assert workbook_message("xlsx_not_a_zip.xlsx", tmp_path) == (
        ": not an Excel workbook we can read: it starts like one, but its zip structure is broken")


@pytest.mark.slow
def test_a_zip_bomb_workbook_is_refused_by_its_stated_size(tmp_path):
    # 1,536 MB of spaces stated by the zip's directory, in a 1.5 MB file: refused before anything is unpacked
    assert workbook_message("xlsx_zip_bomb.xlsx", tmp_path) == (
        ": the workbook unpacks to 1,536 MB (xl/worksheets/sheet1.xml alone 1,536 MB) from 1.5 MB; the most this "
        "program unpacks is 128 MB")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PAGE_WORK))
def test_the_pages_work_on_the_largest_event_within_its_cpu_limit(name, tmp_path):
    """No quadratic path: Compare (four orderings; every criterion alone, both ways) and Why (standings
    and answer) on a 20,000-player Swiss, each within its CPU seconds (the least of two runs)."""
    limits, make = PAGE_WORK[name]
    path = tmp_path / name
    path.write_bytes(make())
    assert len(path.read_bytes()) <= MAX_BYTES
    status, out, err = run_limited([sys.executable, "-m", "tests.hostile_run", "--pages", str(path)], timeout=600)
    assert status == 0 and "Traceback" not in err, err[-3000:]
    cpu = json.loads(out.strip().splitlines()[-1])["cpu"]
    assert set(cpu) == set(limits)
    over = {step: f"{cpu[step]:.2f} s" for step, limit in limits.items() if cpu[step] > limit}
    assert not over, f"{name}: over the CPU limit {limits}: {over}"


def test_refused_messages_say_what_and_where(tmp_path):
    """A few cases whose message is known exactly: what is wrong, and the file and line it is on."""
    def message(name: str) -> str:
        outdir = tmp_path / name
        outdir.mkdir()
        status, out, err = run_limited([sys.executable, "-m", "tests.hostile_run", str(CORPUS_DIR / name),
                                        str(outdir)])
        return json.loads(out.strip().splitlines()[-1])["steps"][0]["stderr"].strip()

    trf = str(CORPUS_DIR / "trf_142_1e7.trf")
    assert message("trf_142_1e7.trf") == (f"error: {trf}:3:5: the number of rounds is 10,000,000; the most this "
                                          f"program accepts is 99")
    surrogate = str(CORPUS_DIR / "json_lone_surrogate.json")
    assert message("json_lone_surrogate.json") == (f"error: {surrogate}:1: player 1: the name holds U+D800 (half of "
                                                   f"a character: a lone surrogate) at character 1, which is not "
                                                   f"printable text")
    quote = str(CORPUS_DIR / "csv_stray_quote.csv")
    # And what it found after the quote
    assert message("csv_stray_quote.csv") == (f"error: {quote}:2:2: the quote that opens cell 2 here is not closed: "
                                              f"the cell runs over 39 lines (to line 40), starting \"Alyx,2200,+W2…\"; "
                                              f"remove the stray \" or close it")


@pytest.mark.parametrize("side", ["input", "output"])
def test_named_pipes_are_refused_not_waited_on(side, tmp_path):
    fifo = tmp_path / ("pipe.trf" if side == "input" else "pipe.json")
    os.mkfifo(fifo)
    source = CORPUS_DIR / "pgn_cr_only.pgn"
    argv = ["convert", str(fifo), str(tmp_path / "out.json")] if side == "input" else \
        ["convert", str(source), str(fifo)]
    status, out, err = run_limited([sys.executable, "-m", "engine", *argv], timeout=30)
    assert status == 2
    assert err.strip() == f"error: {fifo}: is a named pipe (FIFO)" + (
        ", not an event file" if side == "input" else ": only a regular file can be written")


def test_output_errors_name_the_output_file(tmp_path):
    missing_dir = tmp_path / "no-such-folder" / "out.json"
    status, out, err = run_limited([sys.executable, "-m", "engine", "convert",
                                          str(CORPUS_DIR / "pgn_cr_only.pgn"), str(missing_dir)], timeout=30)
    assert status == 2 and err.strip() == f"error: {missing_dir}: cannot write the file: No such file or directory"


def test_trf_writer_warns_about_a_cut_name(tmp_path):
    out = tmp_path / "out.trf"
    status, _, err = run_limited([sys.executable, "-m", "engine", "convert",
                                        str(CORPUS_DIR / "json_name_over_33.json"), str(out)], timeout=30)
    assert status == 0
    assert err.strip() == ('warning: player 1: the name "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine" is cut '
                           'to its first 33 characters in TRF: "Wolfeschlegelsteinhausenbergerdor"')
    assert load_event(out).player(1).name == "Wolfeschlegelsteinhausenbergerdor"
