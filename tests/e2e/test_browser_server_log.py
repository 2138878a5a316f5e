"""The server's log after a browser's visit to a hosted server: its pages, a job (the FIDE Dutch pairing of 100
players runs in a worker process, whose output goes to the same log) and a published table checked in a job.
No "missing ScriptRunContext" line (Streamlit writes one each time its functions are used outside a page's
run, e.g. from a job or a thread of our own), and no bare-mode warning from a worker."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.e2e.servers import serve_app
from tests.e2e.waiting import wait_idle
from tools.bench_hosted import start_dutch
from tools.hostile_corpus import WORKBOOKS

pytestmark = pytest.mark.e2e
QUIET = ("missing ScriptRunContext", "Session state does not function", "to view a Streamlit app on a browser")


def test_a_visit_with_jobs_leaves_no_script_run_context_lines_in_the_log(page: Page) -> None:
    work = Path(tempfile.mkdtemp(prefix="tl-log-"))
    with serve_app(work, mode="hosted") as url:
        page.set_default_timeout(120_000)
        page.goto(url)
        wait_idle(page)
        start_dutch(page, url)                           # 100 players: paired in a job
        page.get_by_text("Round 6 paired").first.wait_for()
        wait_idle(page)
        for path in ("standings", "compare", "why", "explain", "prizes", "forecast"):
            page.goto(f"{url}/{path}")
            wait_idle(page)
        book = work / "wide.xlsx"
        book.write_bytes(WORKBOOKS["xlsx_dimension_xfd2000.xlsx"][1]())
        page.goto(f"{url}/check")
        wait_idle(page)
        page.get_by_text("Upload files").click()
        wait_idle(page)
        page.locator("input[type=file]").first.set_input_files(str(book))
        wait_idle(page)
        page.get_by_role("button", name="Check the table").click()
        wait_idle(page)
        log = (work / "streamlit.log").read_text(errors="replace")
    assert "Round 6 paired" not in log                   # the log is the server's, not the page
    assert [line for line in log.splitlines() if any(q in line for q in QUIET)] == []
