"""One Streamlit server for a test or a benchmark: ``streamlit run SCRIPT`` on a free loopback port, healthy
before it is handed out, stopped (this process only) when done.

The browser tests serve our app through it (:func:`tests.e2e.servers.serve_app`) and the page benchmark serves a
bare two-page app beside ours (``tools/bench_pages.py``), so both start and stop servers the same way.
"""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator


def free_port() -> int:
    """A TCP port nobody listens on now, on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _die_with_parent() -> None:
    """Run in the server's process before it starts: on Linux it is sent SIGTERM when the process that started it
    ends, so that a test worker stopped half-way (Ctrl-C on ``pytest -n``, whose workers never reach their
    fixtures' teardown) leaves no server behind."""
    import ctypes
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)      # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):                                   # not Linux: stopped by the finally below
        pass


@contextlib.contextmanager
def serve(script: Path, cwd: Path, log: Path, env: dict[str, str] | None = None,
          within: float = 30) -> Iterator[str]:
    """The server's address (``http://127.0.0.1:PORT``) once its health check answers, at most ``within``
    seconds after the start; its output goes to ``log`` (a file, not a pipe: a full pipe would block it)."""
    port = free_port()
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless=true",
             f"--server.port={port}", "--server.address=127.0.0.1", "--browser.gatherUsageStats=false",
             "--server.fileWatcherType=none", "--client.toolbarMode=minimal"],
            cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})},
            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + within
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"streamlit exited early; see {log}:\n{log.read_text()[-2000:]}")
            try:
                if urllib.request.urlopen(url + "/_stcore/health", timeout=1).read() == b"ok":
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit was not healthy within {within:.0f} s; see {log}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
