"""Speed a person feels: every page of the app beside Streamlit's own floor, timed in Chromium (``make bench``).

Not a test: it prints tables and asserts nothing (a shared two-core machine is noisy, so the load average is
printed with the figures).  In one run it starts, side by side:

* the **floor**: a bare two-page Streamlit app written to a temporary folder, each page a title and a 500-row
  table, plus a button that reruns the page and a file box that reads what it is given.  Nothing can be
  faster than Streamlit's own rerun of it, or its own upload;
* **our app** three times over, each server with its own saved-events database: a fresh one (a new session
  opens the 16-player example), one holding a 500-player, 9-round Swiss (``generate_event``), and one for the
  actions (uploads and pairings change the event).

It then drives Debian's Chromium (Playwright, ``/usr/bin/chromium``) and times, from the click to the moment
Streamlit reports the script done and no element is still stale, each of the following right after the same
kind of measurement on the floor (its own tab), so that both see the machine under the same load; every cell
of the tables is "ours / the floor beside it (the ratio)":

* the **first load** of a new session (a new browser context, so nothing cached, after one warm-up visit that
  pays the server's imports);
* every **page switch** through the sidebar (the median of ``--cycles`` visits of each page);
* the **heavy changes** on a 128-player, 9-round Swiss (a fourth server): a new choice of criterion on Explain
  and of Player A on Why, each timed from the choice to the page drawn again, beside the floor's own rerun
  (the aim: within a second on a machine at rest, as the first load of a new session on the same event);
* the **actions** of the issue: upload of a 500-player TRF, "Pair round" with the fast pairing at 500
  players, "Fill random results from ratings" at 500 players, and the FIDE Dutch pairing of 10 players;
  each beside the floor's own rerun (its button), and the upload beside the floor's own upload of the same
  file (sending a file and running the page again costs Streamlit itself more than a button's rerun).

``python -m tools.bench_pages --quick`` does one cycle and skips the actions.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Callable

from tests.streamlit_server import serve

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
BIG_PLAYERS, BIG_ROUNDS, SEED = 500, 9, 2026
#: the event of the heavy changes: a big open's field (the Rochefort Masters 2024 had 128 players, 9 rounds)
MID_PLAYERS = 128
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

#: the page is done: the script has finished, nothing on screen is stale, and ``want`` is shown (in the page's
#: heading when ``where`` is "h1", so the page left behind cannot pass for the page asked for)
DONE_JS = """([want, where]) => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (!app || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  if (document.querySelector('[data-stale="true"]')) return false;
  const main = document.querySelector('[data-testid="stMain"]') || app;
  const part = where ? main.querySelector(where) : main;
  return !!part && part.innerText.includes(want);
}"""

BARE_APP = '''
import streamlit as st
one = st.Page("one.py", title="Table one", default=True)
two = st.Page("two.py", title="Table two", url_path="two")
st.navigation([one, two]).run()
'''
BARE_PAGE = '''
import numpy as np
import pandas as pd
import streamlit as st

st.title("{title}")
rng = np.random.default_rng(1)
df = pd.DataFrame({{"Rank": range(1, 501), "Name": [f"Player {{i}}" for i in range(1, 501)],
                   "Rating": rng.integers(1000, 2500, 500), "Points": rng.integers(0, 19, 500) / 2,
                   "BH": rng.integers(0, 60, 500) / 2, "SB": rng.integers(0, 50, 500) / 4}})
st.session_state.setdefault("clicks", 0)
if st.button("Rerun"):
    st.session_state.clicks += 1
st.text(f"Clicks: {{st.session_state.clicks}}")
upload = st.file_uploader("A file")
if upload is not None:
    st.text(f"Read {{upload.name}}: {{len(upload.getvalue())}} bytes")
st.dataframe(df, hide_index=True, height=740)
'''


# -- servers: tests.streamlit_server.serve, as the browser tests start theirs --------------------------------

def write_bare_app(folder: Path) -> Path:
    (folder / "app.py").write_text(textwrap.dedent(BARE_APP))
    (folder / "one.py").write_text(textwrap.dedent(BARE_PAGE.format(title="Table one")))
    (folder / "two.py").write_text(textwrap.dedent(BARE_PAGE.format(title="Table two")))
    return folder / "app.py"


def big_event_database(path: Path, players: int = BIG_PLAYERS) -> None:
    """A saved-events database whose latest event is a seeded ``players``-player, 9-round Swiss."""
    os.environ["TIEBREAK_LAB_DB"] = str(path)
    from engine.events.generator import UnplayedRates, generate_event
    from engine.events.settings import default_settings
    from ui.session import store
    event = generate_event(players, BIG_ROUNDS, seed=SEED, rates=UnplayedRates.typical(),
                           name=f"Bench {players} x {BIG_ROUNDS}")
    store.save_event(event.name, event, None, default_settings(event))


def trf_files(folder: Path) -> tuple[Path, Path]:
    """The upload of the actions: 500 players after round 8 of 9 (round 9 to pair), and 10 players after
    round 3 of 5 (for the Dutch pairing)."""
    from engine.events.editing import remove_last_round
    from engine.events.generator import generate_event
    from engine.formats.loader import event_text
    big = remove_last_round(generate_event(BIG_PLAYERS, BIG_ROUNDS, seed=SEED, name="Upload 500"))
    small = remove_last_round(remove_last_round(generate_event(10, 5, seed=SEED, name="Dutch 10")))
    a, b = folder / "upload500.trf", folder / "dutch10.trf"
    a.write_text(event_text(big, "x.trf"))
    b.write_text(event_text(small, "x.trf"))
    return a, b


# -- timing in the browser -------------------------------------------------------------------------------

def wait_done(page, want: str, where: str = "", timeout: float = 120.0) -> None:
    page.wait_for_function(DONE_JS, arg=[want, where], polling="raf", timeout=timeout * 1000)


RERUN_DONE_JS = """([runs, want]) => {
  const app = document.querySelector('[data-testid="stApp"]');
  if (window.__scriptRuns <= runs || app.getAttribute('data-test-script-state') !== 'notRunning') return false;
  if (document.querySelector('[data-stale="true"]')) return false;
  const main = document.querySelector('[data-testid="stMain"]') || app;
  return main.innerText.includes(want);
}"""


def timed_rerun(action: Callable[[], None], page, want: str) -> float:
    """From ``action`` to the page run again and drawn with ``want`` in it: the run is counted, so a choice
    whose text shows at once (a selectbox's new value) cannot pass for the page drawn again."""
    from tests.e2e.waiting import script_runs
    runs = script_runs(page)
    t0 = time.perf_counter()
    action()
    page.wait_for_function(RERUN_DONE_JS, arg=[runs, want], polling="raf", timeout=120_000)
    return time.perf_counter() - t0


def pick(page, label: str, option: str) -> None:
    """Choose ``option`` in the selectbox ``label``, as a person typing it does."""
    box = page.get_by_role("combobox", name=label)
    box.click()
    page.keyboard.type(option)
    page.keyboard.press("Enter")


def heavy_changes(browser, url: str, floor: Floor, times: int) -> dict[str, tuple[list[float], list[float]]]:
    """Explain's criterion and Why's Player A chosen anew, ``times`` each after one not counted (it fills the
    server's caches for the event); each beside the floor's own rerun."""
    from tests.e2e.waiting import settle
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.goto(url)
    wait_done(page, "Tiebreak Lab", "h1")
    out: dict[str, tuple[list[float], list[float]]] = {}
    nav_link(page, "Explain").click()
    wait_done(page, "Explain a tie-break value", "h1")
    settle(page)
    criteria = ["SB · ", "BH · ", "MM · ", "CUM · ", "WIN · ", "ARO · ", "PS · "]
    ours, floors = [], []
    for i, name in enumerate(criteria[:times + 1]):
        f = floor.rerun()
        t = timed_rerun(lambda: pick(page, "Criterion", name), page, ", rule set")
        settle(page)
        if i:
            ours.append(t)
            floors.append(f)
    out[f"Explain: another criterion, {MID_PLAYERS} players"] = (ours, floors)
    nav_link(page, "Why is A above B?").click()
    wait_done(page, "Why is A above B", "h1")
    settle(page)
    ours, floors = [], []
    for i, tpn in enumerate(range(40, 40 + times + 1)):
        f = floor.rerun()
        t = timed_rerun(lambda: pick(page, "Player A", f"#{tpn} "), page, "What would really have changed it")
        settle(page)
        if i:
            ours.append(t)
            floors.append(f)
    out[f"Why: another Player A, {MID_PLAYERS} players"] = (ours, floors)
    ctx.close()
    return out


def timed(action: Callable[[], None], page, want: str, where: str = "") -> float:
    t0 = time.perf_counter()
    action()
    wait_done(page, want, where)
    return time.perf_counter() - t0


def send_file(page, path: Path, name: str) -> None:
    """Drop ``path`` on the page's file box under ``name``, as a person choosing the file does."""
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": name, "mimeType": "text/plain", "buffer": path.read_bytes()}])


def nav_link(page, title: str):
    nav = page.get_by_test_id("stSidebarNav")
    link = nav.get_by_role("link", name=title, exact=True)
    if not link.is_visible():
        more = page.get_by_test_id("stSidebarNavViewButton")
        if more.count() and more.is_visible():
            more.click()
    return link


class Floor:
    """The bare app in its own tab, measured right beside each measurement of ours (the machine is shared, so
    its load changes during a run: a floor measured once at the start would not be the same machine)."""

    def __init__(self, browser, url: str) -> None:
        self.browser, self.url = browser, url
        self.ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.ctx.new_page()
        self.page.goto(url)
        wait_done(self.page, "Table one", "h1")
        self.on_one, self.clicks = True, 0
        for _ in range(2):                          # warm up both pages
            self.switch()

    def switch(self) -> float:
        """Go to the other page through the sidebar."""
        title = "Table two" if self.on_one else "Table one"
        self.on_one = not self.on_one
        return timed(lambda: nav_link(self.page, title).click(), self.page, title, "h1")

    def rerun(self) -> float:
        """A button press: Streamlit's own rerun of the page."""
        self.clicks += 1
        return timed(lambda: self.page.get_by_role("button", name="Rerun").click(), self.page,
                     f"Clicks: {self.clicks}")

    def upload(self, path: Path, name: str) -> float:
        """Streamlit's own upload of the same file: sent, read, and the page run again."""
        return timed(lambda: send_file(self.page, path, name), self.page, f"Read {name}")

    def first_load(self) -> float:
        return first_load(self.browser, self.url, "Table one")

    def close(self) -> None:
        self.ctx.close()


def first_load(browser, url: str, want: str) -> float:
    """A new session (a new context: no browser cache)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    try:
        return timed(lambda: page.goto(url), page, want, "h1")
    finally:
        ctx.close()


def first_loads(browser, url: str, want: str, times: int, floor: Floor) -> tuple[list[float], list[float]]:
    """(ours, the floor's) first loads, taken in turn, after one warm-up visit of ours not counted (it pays
    the server's imports)."""
    first_load(browser, url, want)
    ours, floors = [], []
    for _ in range(times):
        floors.append(floor.first_load())
        ours.append(first_load(browser, url, want))
    return ours, floors


def page_switches(browser, url: str, pages: list[tuple[str, str]], cycles: int,
                  floor: Floor) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Visit every page through the sidebar, ``cycles`` times over, in one session; a floor switch right
    before each.  Returns (ours, the floor's) per page."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.goto(url)
    wait_done(page, pages[0][1], "h1")
    ours: dict[str, list[float]] = {title: [] for title, _ in pages}
    floors: dict[str, list[float]] = {title: [] for title, _ in pages}
    order = pages[1:] + pages[:1]
    for cycle in range(cycles + 1):                # the first round trip warms the server's caches: not counted
        for title, want in order:
            f = floor.switch()
            t = timed(lambda: nav_link(page, title).click(), page, want, "h1")
            if cycle:
                ours[title].append(t)
                floors[title].append(f)
    ctx.close()
    return ours, floors


def actions(browser, url: str, upload500: Path, dutch10: Path, floor: Floor) -> dict[str, tuple[float, float]]:
    """Upload 500 players, pair their round 9 fast, fill random results; upload 10 players, pair them Dutch.
    Each: (ours, the floor's rerun just before it; for the upload, the floor's own upload of the file)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    page.goto(url)                      # a fresh server's first deep link to /build says "Page not found"
    wait_done(page, "Tiebreak Lab", "h1")
    nav_link(page, "Build event").click()
    wait_done(page, "Build event", "h1")
    out: dict[str, tuple[float, float]] = {}

    def uploads_tab() -> None:
        """Open the tab (a rerun of its own, not timed) and wait for its file box."""
        page.get_by_role("tab", name="Upload / download").click()
        page.get_by_test_id("stFileUploaderDropzoneInput").wait_for(state="attached")
        wait_done(page, "Build event", "h1")

    def upload(path: Path) -> None:
        send_file(page, path, path.name)

    def measure(name: str, action: Callable[[], None], want: str) -> None:
        f = floor.rerun()
        out[name] = (timed(action, page, want), f)

    # an upload beside Streamlit's own upload of the same file (a bare file box that reads it)
    uploads_tab()
    f = floor.upload(upload500, "floor_upload500.trf")
    out["upload a 500-player TRF (floor: the same upload in the bare app)"] = (
        timed(lambda: upload(upload500), page, f"Opened {upload500.stem}"), f)
    page.get_by_role("tab", name="Pair next round").click()
    page.get_by_text("Swiss, fast simple pairing", exact=False).first.click()
    wait_done(page, "Pair round 9")
    time.sleep(0.3)
    measure("pair round 9, fast, 500 players", lambda: page.get_by_role("button", name="Pair round 9").click(),
            "Round 9 paired")
    page.get_by_role("tab", name="Pair next round").click()
    measure("fill random results, 500 players",
            lambda: page.get_by_role("button", name="Fill random results from ratings").click(), "Results drawn")
    uploads_tab()
    upload(dutch10)
    wait_done(page, f"Opened {dutch10.stem}")
    page.get_by_role("tab", name="Pair next round").click()
    page.get_by_text("Swiss, FIDE Dutch system", exact=False).first.click()
    wait_done(page, "Pair round 4")
    time.sleep(0.3)
    measure("pair round 4, FIDE Dutch, 10 players", lambda: page.get_by_role("button", name="Pair round 4").click(),
            "Round 4 paired")
    ctx.close()
    return out


# -- report ------------------------------------------------------------------------------------------------

def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def page_titles() -> list[tuple[str, str]]:
    """(sidebar title, a text its page shows once drawn: its heading)."""
    from ui.session.navigation import PAGES
    heading = {"Start": "Tiebreak Lab", "Explain": "Explain a tie-break value"}
    return [(p.title, heading.get(p.title, p.title)) for p in PAGES]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=3, help="visits of each page (median shown)")
    parser.add_argument("--loads", type=int, default=3, help="first loads of a new session (median shown)")
    parser.add_argument("--quick", action="store_true", help="one cycle, no actions")
    parser.add_argument("--pages", default="", help="only these sidebar titles, comma-separated (Start always)")
    parser.add_argument("--events", default="example,500 x 9", help="which events' pages, comma-separated")
    parser.add_argument("--no-actions", action="store_true", help="the pages only")
    parser.add_argument("--no-heavy", action="store_true", help=f"no {MID_PLAYERS}-player first loads and changes")
    args = parser.parse_args(argv)
    if args.quick:
        args.cycles = 1
    if not Path(CHROMIUM).exists():
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return 1
    from playwright.sync_api import sync_playwright

    pages = page_titles()
    if args.pages:
        wanted = {t.strip() for t in args.pages.split(",")}
        pages = [p for p in pages if p[0] in wanted or p[0] == "Start"]
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as tmp:
        work = Path(tmp)
        bare = work / "bare"
        bare.mkdir()
        write_bare_app(bare)
        big_db = work / "big.sqlite3"
        big_event_database(big_db)
        mid_db = work / "mid.sqlite3"
        big_event_database(mid_db, MID_PLAYERS)
        upload500, dutch10 = trf_files(work)
        print(f"load average before: {load()}", flush=True)
        results: dict[str, dict] = {}
        with contextlib.ExitStack() as stack:
            floor_url = stack.enter_context(serve(bare / "app.py", bare, work / "bare.log", within=60))
            urls = {label: stack.enter_context(serve(ROOT / "app.py", ROOT, work / f"{label}.log",
                                                     {"TIEBREAK_LAB_DB": str(work / f"{label}.sqlite3")}, within=60))
                    for label in ("example", "actions")}
            urls["500 x 9"] = stack.enter_context(serve(ROOT / "app.py", ROOT, work / "big.log",
                                                        {"TIEBREAK_LAB_DB": str(big_db)}, within=60))
            pw = stack.enter_context(sync_playwright())
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            stack.callback(browser.close)
            floor = Floor(browser, floor_url)
            stack.callback(floor.close)
            for label in [e.strip() for e in args.events.split(",") if e.strip()]:
                loads = first_loads(browser, urls[label], "Tiebreak Lab", args.loads, floor)
                switches = page_switches(browser, urls[label], pages, args.cycles, floor)
                results[label] = {"first load": loads, "switch": switches}
                print(f"{label} measured; load average {load()}", flush=True)
            heavy: dict[str, tuple[list[float], list[float]]] = {}
            if not args.no_heavy:
                mid_url = stack.enter_context(serve(ROOT / "app.py", ROOT, work / "mid.log",
                                                    {"TIEBREAK_LAB_DB": str(mid_db)}, within=60))
                heavy[f"first load of a new session, {MID_PLAYERS} players"] = first_loads(
                    browser, mid_url, "Tiebreak Lab", args.loads, floor)
                try:
                    heavy.update(heavy_changes(browser, mid_url, floor, max(args.cycles, 1)))
                except Exception as exc:      # the pages' figures are still worth printing
                    print(f"the heavy changes could not be timed: {str(exc).splitlines()[0]}", flush=True)
                print(f"{MID_PLAYERS} x {BIG_ROUNDS} measured; load average {load()}", flush=True)
            acts: dict[str, tuple[float, float]] = {}
            if not (args.quick or args.no_actions):
                try:
                    acts = actions(browser, urls["actions"], upload500, dutch10, floor)
                except Exception as exc:      # the pages' figures are still worth printing
                    print(f"the actions could not be timed: {str(exc).splitlines()[0]}", flush=True)
        report(results, acts, heavy)
    return 0


def _cell(ours: list[float], floor: list[float]) -> str:
    return f"{med(ours):.2f} / {med(floor):.2f} ({med(ours) / med(floor):.1f}x)"


def report(results: dict, acts: dict[str, tuple[float, float]],
           heavy: dict[str, tuple[list[float], list[float]]] | None = None) -> None:
    """Markdown tables: each figure is ours / the floor measured beside it (the ratio)."""
    print(f"\nload average after: {load()}  (2 cores; figures above 2 are a loaded machine)")
    print("Each cell: ours / the bare-Streamlit floor measured beside it, in seconds (median), and the ratio.\n")
    labels = list(results)
    if labels:
        _pages_table(results, labels)
    if heavy:
        print(f"\n| {MID_PLAYERS}-player Swiss, 9 rounds (aim: within 1 s at rest) | ours / floor |\n|---|---|")
        for name, (ours, floors) in heavy.items():
            print(f"| {name} | {_cell(ours, floors)} |")
    if acts:
        print("\n| action | ours / floor rerun |\n|---|---|")
        for name, (t, f) in acts.items():
            print(f"| {name} | {t:.2f} / {f:.2f} ({t / f:.1f}x) |")


def _pages_table(results: dict, labels: list[str]) -> None:
    print("| page | " + " | ".join(labels) + " |")
    print("|" + "---|" * (len(labels) + 1))
    print("| first load of a new session | "
          + " | ".join(_cell(*results[lb]["first load"]) for lb in labels) + " |")
    for title in results[labels[0]]["switch"][0]:
        print(f"| {title} | " + " | ".join(_cell(results[lb]["switch"][0][title], results[lb]["switch"][1][title])
                                         for lb in labels) + " |")


if __name__ == "__main__":
    sys.exit(main())
