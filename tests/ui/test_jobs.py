"""ui.work.jobs: long work runs in its own process, returns its result, and is ended (helpers included) on time-out
or when the waiting page is interrupted."""
from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.events.generator import generate_event
from engine.pairing.dutch import dutch_pairs
from ui.work import jobs

# -- work functions: module level, so the worker process can import them ------------------------------

def count_to(n: int, progress) -> int:
    for i in range(1, n + 1):
        progress(i, n)
    return n * (n + 1) // 2


def refuse() -> None:
    raise EventError("round 3 cannot be paired: only one player left")


def divide(a: int, b: int) -> float:
    return a / b


def sleep_with_helper(pid_file: str) -> None:
    """Start a helper process (as a pool would) and wait for ever."""
    helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    Path(pid_file).write_text(str(helper.pid))
    time.sleep(120)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as f:              # a zombie waiting to be reaped is not running
        return f.read().split()[2] != "Z"


def wait_for_file(path: Path) -> int:
    deadline = time.monotonic() + 20
    while not path.exists() or not path.read_text():
        assert time.monotonic() < deadline, "the helper never started"
        time.sleep(0.05)
    return int(path.read_text())


# -- tests -------------------------------------------------------------------------------------------

def test_the_result_comes_back_unchanged_from_the_other_process():
    event = generate_event(players=12, rounds=3, seed=5)
    players = sorted(event.tpns)
    assert jobs.run_bounded(dutch_pairs, event, 4, players, seconds=60) == dutch_pairs(event, 4, players)
    assert jobs.run_bounded(divide, 7, 2, seconds=60) == 3.5
    assert not multiprocessing.active_children()


def test_progress_reaches_the_page_in_order():
    seen: list[tuple[int, int]] = []
    assert jobs.run_bounded(count_to, 4, seconds=60, on_progress=lambda *v: seen.append(v)) == 10
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_errors_come_back_as_one_plain_line():
    with pytest.raises(EventError, match="^round 3 cannot be paired: only one player left$"):
        jobs.run_bounded(refuse, seconds=60)
    # An unforeseen error is our words and a reference to the traceback in the server's log, never
    # Python's own message
    with pytest.raises(EventError, match=r"^The division stopped on something unexpected \(a number in it divides "
                                         r"by zero\); the server's log has the details under the reference "
                                         r"TL-\d{8}-[0-9A-F]{6}$"):
        jobs.run_bounded(divide, 1, 0, seconds=60, what="The division")


def test_work_past_its_time_limit_is_stopped_with_its_helpers(tmp_path):
    pid_file = tmp_path / "helper.pid"
    start = time.monotonic()
    with pytest.raises(jobs.JobTimeout, match="The test work was stopped after 3 seconds"):
        jobs.run_bounded(sleep_with_helper, str(pid_file), seconds=3, what="The test work")
    assert time.monotonic() - start < 20
    helper = wait_for_file(pid_file)
    deadline = time.monotonic() + 5
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(helper)
    assert not multiprocessing.active_children()


class PageLeft(BaseException):
    """Stands in for Streamlit's StopException / RerunException, raised at a screen update."""


def test_leaving_the_page_stops_the_work_at_once(tmp_path):
    pid_file = tmp_path / "helper.pid"
    ticks: list[float] = []

    def tick(elapsed: float) -> None:
        ticks.append(elapsed)
        if pid_file.exists() and pid_file.read_text():
            raise PageLeft()

    start = time.monotonic()
    with pytest.raises(PageLeft):
        jobs.run_bounded(sleep_with_helper, str(pid_file), seconds=600, on_tick=tick)
    assert time.monotonic() - start < 30 and ticks
    helper = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(helper)
    assert not multiprocessing.active_children()


def test_hosted_limits_are_tighter_than_the_laptops(monkeypatch):
    monkeypatch.delenv("TIEBREAK_LAB_MODE", raising=False)
    assert jobs.limits() == jobs.LAPTOP_LIMITS and jobs.limits().dutch_players is None
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "hosted")
    assert jobs.limits() == jobs.HOSTED_LIMITS
    assert jobs.limits().dutch_players == 100 and jobs.limits().job_seconds == 60


def chatter(progress) -> None:
    """Report progress without pause, for ever."""
    while True:
        progress(1, 2)


def test_a_worker_that_never_stops_reporting_still_meets_its_time_limit():
    seen = []
    start = time.monotonic()
    with pytest.raises(jobs.JobTimeout, match="stopped after 2 seconds"):
        jobs.run_bounded(chatter, seconds=2, on_progress=lambda *v: seen.append(v), on_tick=seen.append)
    assert time.monotonic() - start < 15 and (1, 2) in seen
    assert any(isinstance(v, float) for v in seen)               # the page's clock kept ticking too
    assert not multiprocessing.active_children()


def test_time_limits_in_words():
    assert [jobs.seconds_words(s) for s in (1, 30, 60, 119, 120, 1800)] == [
        "1 second", "30 seconds", "60 seconds", "119 seconds", "2 minutes", "30 minutes"]
