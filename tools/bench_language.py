"""A language switch against a page switch, timed in Chromium (``make bench``).

The issue asks that choosing another language in the sidebar cost no more than going to another page.  Not a
test: it prints the medians and asserts nothing (a shared machine is noisy; the load average is printed).
One server with a fresh saved-events database (the 16-player example), one session on the Standings page;
each cycle times, from the click to the moment Streamlit reports the script done and the page's heading is
the one asked for:

* Standings in English -> German through the sidebar's language selector, and back: from the click on the
  language in the selector's open list (the choice is made there; a page switch is one click on its link);
* Standings -> Glossary through the sidebar, and back (a page switch, the yardstick).

Opening the selector's list is timed apart and printed too (the browser draws the list; the server does nothing
until a language is picked), so that the whole two-click gesture can be read off as well.

``python -m tools.bench_language --cycles 3`` for a short run.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.streamlit_server import serve
from tools.bench_pages import CHROMIUM, LAUNCH_ARGS, nav_link, timed, wait_done

ROOT = Path(__file__).resolve().parents[1]


def open_languages(page, endonym: str):
    """Open the sidebar's language selector, as a person does, until ``endonym`` ("Deutsch") is offered."""
    page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").click()
    option = page.get_by_role("option", name=endonym, exact=True)
    option.wait_for()
    return option


def choose_language(page, endonym: str, want: str) -> tuple[float, float]:
    """Open the selector and pick ``endonym``: the seconds the list took to open, then from the pick to the page
    drawn again with ``want`` as its heading."""
    t0 = time.perf_counter()
    option = open_languages(page, endonym)
    opened = time.perf_counter() - t0
    return opened, timed(option.click, page, want, "h1")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=7)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        work = Path(tmp)
        url = stack.enter_context(serve(ROOT / "app.py", ROOT, work / "app.log",
                                        {"TIEBREAK_LAB_DB": str(work / "lang.sqlite3")}, within=60))
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        stack.callback(browser.close)
        page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        page.goto(url + "/standings?lang=en")
        wait_done(page, "Standings", "h1")
        print(f"load average before: {load()}", flush=True)
        language: list[float] = []
        lists: list[float] = []
        switch: list[float] = []
        for cycle in range(args.cycles + 1):          # the first cycle warms the caches: not counted
            to_de = choose_language(page, "Deutsch", "Rangliste")
            to_en = choose_language(page, "English", "Standings")
            away = timed(lambda: nav_link(page, "Glossary").click(), page, "Glossary", "h1")
            back = timed(lambda: nav_link(page, "Standings").click(), page, "Standings", "h1")
            if cycle:
                lists += [to_de[0], to_en[0]]
                language += [to_de[1], to_en[1]]
                switch += [away, back]
        print(f"load average after: {load()}")
        print(f"language switch (Standings, English <-> German): median {statistics.median(language):.3f} s, "
              f"max {max(language):.3f} s over {len(language)}")
        print(f"page switch (Standings <-> Glossary):            median {statistics.median(switch):.3f} s, "
              f"max {max(switch):.3f} s over {len(switch)}")
        print(f"opening the language list (before the pick):     median {statistics.median(lists):.3f} s, "
              f"max {max(lists):.3f} s over {len(lists)}")


if __name__ == "__main__":
    main()
