"""An upload's job sends the server the event as the store reads it back: equal to the file's, and compact."""
from __future__ import annotations

import pickle

from engine.events.settings import read_upload
from engine.formats.loader import reader_warnings
from ui.work.upload import read_for_saving


def wallchart(players: int, rounds: int) -> bytes:
    lines = ["tpn,name,rating," + ",".join(f"R{r}" for r in range(1, rounds + 1))]
    for t in range(1, players + 1):
        cell = f"+W{t + 1}" if t % 2 else f"-B{t - 1}"
        lines.append(f"{t},Player {t},{1200 + t % 1000}," + ",".join([cell] * rounds))
    return ("\n".join(lines) + "\n").encode()


def test_the_job_sends_the_event_equal_to_the_file_in_under_a_third_of_the_pickle():
    data = wallchart(2000, 10)
    direct, settings = read_upload(data, "big.csv")
    event, sent_settings, text = read_for_saving(data, "big.csv")
    assert event == direct and sent_settings == settings and reader_warnings(event) == reader_warnings(direct)
    assert len(pickle.dumps(event)) * 3 < len(pickle.dumps(direct))     # what the server takes in from the job
