"""Opening an upload in a job: hosted, the file is read in its own process and held to the server's
event size; a reading killed half-way leaves the saved events as they were."""
from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from engine.core.errors import EventError
from engine.events.generator import generate_event
from engine.formats.jsonfmt import write_json
from tests.fixtures import fixture_a
from tests.paths import REPO_ROOT
from ui.session import store
from ui.work import jobs
from ui.work.upload import open_upload

SMALL = jobs.Limits(**{**jobs.HOSTED_LIMITS.__dict__, "event_players": 10, "event_cells": 40})
TRF = (REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_rr6.trf").read_bytes()


def test_a_hosted_upload_is_read_in_a_job_and_gives_the_same_event():
    laptop, _ = open_upload(TRF, "rr6.trf", hosted=False)
    hosted, _ = open_upload(TRF, "rr6.trf", hosted=True, run=jobs.run_bounded)
    assert hosted == laptop and len(hosted.players) == 6


def test_an_event_over_the_servers_size_is_refused_with_the_limits():
    data = write_json(generate_event(players=12, rounds=3, seed=1)).encode()
    with pytest.raises(EventError, match="at most 10 players and 40 player-rounds.*has 12 players and 36"):
        open_upload(data, "twelve.json", hosted=True, limit=SMALL, run=jobs.run_bounded)
    assert open_upload(data, "twelve.json", hosted=False)[0].players[11].tpn == 12     # the laptop opens it


def test_the_hosted_event_limits_are_stated():
    assert jobs.HOSTED_LIMITS.event_players == 20_000 and jobs.HOSTED_LIMITS.event_cells == 400_000
    assert jobs.LAPTOP_LIMITS.event_players is None


def _kill_the_worker_soon() -> None:
    """Kill the first job worker that appears (as an out-of-memory killer or an operator would)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                try:
                    comm = open(f"/proc/{pid}/cmdline", "rb").read()
                except OSError:
                    continue
                if b"multiprocessing" in comm and os.getpgid(int(pid)) == int(pid) and int(pid) != os.getpid() \
                        and os.getppid() != int(pid) and _child_of_us(int(pid)):
                    os.kill(int(pid), signal.SIGKILL)
                    return
        time.sleep(0.02)


def _child_of_us(pid: int) -> bool:
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1]) == os.getpid()
    except OSError:
        return False


def test_a_reading_killed_half_way_leaves_the_saved_events_as_they_were():
    id = store.save("Club night", fixture_a())
    before = (store.list_events(), store.load(id))
    big = write_json(generate_event(players=3000, rounds=9, seed=2)).encode()
    killer = threading.Thread(target=_kill_the_worker_soon)
    killer.start()
    with pytest.raises(EventError, match="stopped unexpectedly"):
        open_upload(big, "big.json", hosted=True, run=jobs.run_bounded)
    killer.join()
    assert (store.list_events(), store.load(id)) == before


SAVER = """
import sys
from engine.events.generator import generate_event
from ui.session import store
event = generate_event(players=2000, rounds=9, seed=3)
id = int(sys.argv[1])
print("saving", flush=True)
while True:                                   # save over the event again and again until killed
    store.save_event("Club night", event, id)
"""


def test_a_save_killed_half_way_leaves_the_saved_event_whole(tmp_path):
    import subprocess
    import sys
    id = store.save("Club night", fixture_a())
    proc = subprocess.Popen([sys.executable, "-c", SAVER, str(id)], cwd=REPO_ROOT, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    assert proc.stdout is not None and proc.stdout.readline().strip() == b"saving"
    time.sleep(1.5)                           # several saves of about 1 MB each are under way
    proc.kill()
    proc.wait()
    saved = store.load(id)                    # whole: the first event, or one of the saves, never half of one
    assert saved == fixture_a() or len(saved.players) == 2000
    assert [e.id for e in store.list_events()] == [id]


def test_a_hosted_upload_comes_back_with_its_json_written_in_the_job_and_saved_as_it_is():
    """Writing the largest event's JSON was a second of the server's own CPU; the job writes it, and
    what is saved reads back as the event."""
    from engine.formats.jsonfmt import read_json, write_json
    from ui.work.upload import open_upload_for_saving
    event, settings, text = open_upload_for_saving(TRF, "rr6.trf", hosted=True, run=jobs.run_bounded)
    assert text == write_json(event) and open_upload_for_saving(TRF, "rr6.trf", hosted=False)[2] is None
    stamp = store.save_event("rr6", event, settings=settings, text=text)
    assert store.load(stamp.id) == event == read_json(text, "rr6")
