"""One Streamlit server for a test or a benchmark: ``streamlit run SCRIPT`` on a free loopback port, healthy
before it is handed out, stopped (this process only) when done.

The browser tests serve our app through it (:func:`tests.e2e.servers.serve_app`) and the page benchmark serves a
bare two-page app beside ours (``tools/bench_pages.py``), so both start and stop servers the same way.
"""
from __future__ import annotations

import contextlib
import os
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
            cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})})
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
