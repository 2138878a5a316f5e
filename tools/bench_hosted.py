"""Load test of hosted mode (``make bench`` runs it after :mod:`tools.bench`): can one heavy user stall
everybody else?  Not a test: it prints figures and asserts nothing (a shared 2-core machine is noisy; the
load average is printed with them).

1. Listing saved events: 10,301 events in one database, listed the way the Build page does now (names and
   sizes from their own columns) and the way it did before (reading and parsing every event's JSON).
2. A real hosted server (``TIEBREAK_LAB_MODE=hosted``) and two browsers (Chromium contexts).  Browser B
   switches between the Start and Standings pages while browser A runs, in turn:
   * nothing (the baseline);
   * the largest simulation allowed here (500 events x 100 players x 10 rounds = 500,000 player-rounds,
     the hosted budget), in its own process;
   * the largest Dutch pairing allowed here (a round of 100 players, the hosted cap).
   A page switch is timed from the click on the sidebar link to the new page drawn completely (its
   title shown and the script finished).
   * the heaviest load allowed: in three tabs of one workspace, an upload of the largest event the
     server opens (20,000 players x 20 rounds, a CSV) and two of the largest simulations.  Jobs run one at a
     time per workspace, so two tabs wait their turn; the median is printed beside the idle one, with the ratio
     (the goal: within 2x).
3. Browser A starts the same simulation again and leaves the page after 3 s: the worker processes still
   alive 2 s later are counted (they should be none).
4. The server process's own CPU seconds (``/proc``: its user and system time, not its jobs') for
   each step of the largest event's work in browser A: the upload (read in a job), the page sitting open,
   then Standings, Compare orderings, Why, Check published standings (a workbook) and Start, each opened once,
   and the page sitting open again.  The goal: at most 2 s a step, nothing while a page sits open.  Then the
   number of "missing ScriptRunContext" lines in the server's log (the goal: none).

``python -m tools.bench_hosted --switches 20`` sets the number of page switches per phase.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
SIM = {"Players": 100, "Rounds": 10, "Events to simulate": 500}     # 500,000 player-rounds: the hosted budget
DUTCH_PLAYERS = 100                                                  # the hosted cap of the Dutch pairing
LISTED = 10_301


# -- 1. listing ---------------------------------------------------------------------------------------

def listing_figures(work: Path) -> dict[str, float]:
    """Seconds to list 10,301 saved events: by their size columns (now) and by parsing each JSON (before)."""
    os.environ["TIEBREAK_LAB_DB"] = str(work / "listing.sqlite3")
    from engine.events.generator import generate_event
    from engine.formats.jsonfmt import write_json
    from ui.session import store

    event = generate_event(players=40, rounds=7, seed=1)
    text = write_json(event)
    owner = "f" * 64
    store.save("first", event, owner=owner)                  # creates the tables
    with sqlite3.connect(store.db_path()) as conn:
        conn.executemany(
            "INSERT INTO events (owner, name, version, players, rounds, bytes, updated_at, json) "
            "VALUES (?, ?, 1, ?, ?, ?, ?, ?)",
            [(owner, f"Event {i}", len(event.players), event.rounds, len(text), f"2026-01-01T00:{i % 60:02d}",
              text) for i in range(LISTED - 1)])
    t0 = time.perf_counter()
    rows = store.list_events(owner)
    now = time.perf_counter() - t0
    t0 = time.perf_counter()
    with sqlite3.connect(store.db_path()) as conn:           # what the list did before: every JSON parsed
        old = [(i, n, len(json.loads(j)["players"])) for i, n, j in
               conn.execute("SELECT id, name, json FROM events WHERE owner = ?", (owner,))]
    before = time.perf_counter() - t0
    assert len(rows) == len(old) == LISTED
    return {"events": len(rows), "now": now, "before": before, "kb_each": len(text) / 1024}


# -- 2. page switches under load ----------------------------------------------------------------------

def _idle(page, timeout: float = 60_000) -> None:
    from playwright.sync_api import expect
    app = page.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=timeout)
    expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=timeout)


def _switch(page, link: str, title: str) -> float:
    from playwright.sync_api import expect
    t0 = time.perf_counter()
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=link, exact=True).click()
    expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible(timeout=60_000)
    _idle(page)
    return time.perf_counter() - t0


def switch_times(page, n: int, busy=None) -> tuple[list[float], int]:
    """``n`` page switches (Start <-> Standings); also how many happened while ``busy()`` was true."""
    times, during = [], 0
    for i in range(n):
        link, title = (("Standings", "Standings") if i % 2 == 0 else ("Start", "♟️ Tiebreak Lab"))
        running = busy() if busy else False
        times.append(_switch(page, link, title))
        during += bool(running and (busy() if busy else False))
    return times, during


class HealthProbe:
    """Answer times of the server's health check, asked every 0.1 s in a thread during one phase.

    The same server answers every browser: if a job held its interpreter, these would stall too.  They
    leave the browser's own drawing out of the figure.
    """

    def __init__(self, url: str) -> None:
        import threading
        self.url, self.times, self._stop = url + "/_stcore/health", [], threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import urllib.request
        while not self._stop.is_set():
            t0 = time.perf_counter()
            try:
                urllib.request.urlopen(self.url, timeout=30).read()
            except OSError:
                pass
            self.times.append(time.perf_counter() - t0)
            self._stop.wait(0.1)

    def __enter__(self) -> "HealthProbe":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def line(self) -> str:
        t = sorted(self.times)
        return (f"    server health check: n={len(t)}, median {statistics.median(t) * 1000:.0f} ms, "
                f"max {t[-1] * 1000:.0f} ms")


def _busy(page) -> bool:
    """:func:`running`, counting a page too busy to answer within 5 s as running."""
    try:
        return page.get_by_test_id("stApp").get_attribute("data-test-script-state", timeout=5_000) == "running"
    except Exception:  # playwright's TimeoutError: the page is still drawing
        return True


def running(page) -> bool:
    """True while the page's script runs (a job's page waits for its job inside its script)."""
    return page.get_by_test_id("stApp").get_attribute("data-test-script-state") == "running"


def worker_processes(port: int) -> int:
    """Job processes of the server (spawned Python workers; not multiprocessing's resource tracker)."""
    server = None
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if f"--server.port={port}" in cmd:
            server = pid
    if server is None:
        return -1
    count = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if stat[1] == server and b"spawn_main" in cmd and stat[0] != "Z":
            count += 1
    return count


def start_simulation(page, url: str, seed: int) -> None:
    from playwright.sync_api import expect
    page.goto(f"{url}/simulation{_keep(page)}")
    _idle(page)
    for label, value in {**SIM, "Seed": seed}.items():
        box = page.get_by_label(label, exact=True)
        box.fill(str(value))
        box.press("Tab")
    page.get_by_role("button", name="Run simulation").click()
    expect(page.get_by_test_id("stProgress").first).to_be_visible(timeout=30_000)


def _keep(page) -> str:
    """The ``?w=`` of the page's current address (so a goto stays in the same workspace)."""
    query = urlsplit(page.url).query
    found = re.search(r"(?:^|&)(w=[^&]+)", query)
    return f"?{found.group(1)}" if found else ""


def start_dutch(page, url: str) -> None:
    from playwright.sync_api import expect
    page.goto(f"{url}/build{_keep(page)}")
    _idle(page)
    page.get_by_role("tab", name="Random event").click()
    form = page.get_by_test_id("stForm").filter(has_text="Make a random event")
    for label, value in {"Players": DUTCH_PLAYERS, "Rounds (Swiss)": 5}.items():
        box = form.get_by_label(label, exact=True)
        box.fill(str(value))
        box.press("Tab")
    page.get_by_role("button", name="Make a random event").click()
    expect(page.get_by_test_id("stText").first).to_contain_text(f"{DUTCH_PLAYERS} players, 5 rounds",
                                                                timeout=60_000)
    _idle(page)
    page.get_by_role("tab", name="Pair next round").click()
    page.get_by_text("Swiss, FIDE Dutch system").click()
    _idle(page)
    page.get_by_role("tab", name="Pair next round").click()      # a rerun may have shown the first tab again
    add = page.get_by_role("button", name="Add round 6 to the event")
    if add.count():                                              # a complete event: the round is added first
        add.click()
        _idle(page)
        page.get_by_role("tab", name="Pair next round").click()
    page.get_by_role("button", name="Pair round 6").click()
    expect(page.get_by_text("s so far").first).to_be_attached(timeout=30_000)


def largest_upload(work: Path) -> Path:
    """The largest event a hosted server opens (ui.work.jobs.HOSTED_LIMITS): 20,000 players x 20 rounds as a CSV
    wallchart, players paired 1-2, 3-4, ... every round, the odd ones winning."""
    from ui.work.jobs import HOSTED_LIMITS
    players = HOSTED_LIMITS.event_players or 20_000
    rounds = (HOSTED_LIMITS.event_cells or 400_000) // players
    lines = ["tpn,name,rating," + ",".join(f"R{r}" for r in range(1, rounds + 1))]
    for t in range(1, players + 1):
        cell = f"+W{t + 1}" if t % 2 else f"-B{t - 1}"
        lines.append(f"{t},Player {t},{1200 + t % 1000}," + ",".join([cell] * rounds))
    path = work / f"largest_{players}x{rounds}.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def start_upload(page, url: str, path: Path) -> None:
    page.goto(f"{url}/build{_keep(page)}")
    _idle(page)
    page.get_by_role("tab", name="Upload / download").click()
    page.locator(".st-key-upload").get_by_test_id("stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": path.name, "mimeType": "text/csv", "buffer": path.read_bytes()}])


def figures(name: str, times: list[float], during: int | None = None) -> str:
    times = sorted(times)
    p90 = times[max(0, round(0.9 * len(times)) - 1)]
    extra = "" if during is None else f"  ({during} of them while the job ran)"
    return (f"  {name:<44} n={len(times):>3}  median {statistics.median(times):5.2f} s  p90 {p90:5.2f} s  "
            f"max {times[-1]:5.2f} s{extra}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="hosted-mode load test (prints, never asserts)")
    parser.add_argument("--switches", type=int, default=16, help="page switches per phase")
    parser.add_argument("--server-cpu-only", action="store_true", help="only section 4 (the server's CPU per step)")
    args = parser.parse_args(argv)
    if args.server_cpu_only:
        return _server_cpu_only()
    work = Path(tempfile.mkdtemp(prefix="bench-hosted-"))
    print(f"Hosted-mode load test on {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.2f}")

    listing = listing_figures(work)
    print(f"\n1. Listing {listing['events']:,} saved events ({listing['kb_each']:.0f} KB of JSON each)")
    print(f"  names and sizes from their columns (now)      {listing['now'] * 1000:8.1f} ms")
    print(f"  every event's JSON read and parsed (before)   {listing['before'] * 1000:8.1f} ms")

    from playwright.sync_api import expect, sync_playwright

    from tests.e2e.servers import CHROMIUM, LOCAL, serve_app
    with serve_app(work, mode="hosted") as url, sync_playwright() as pw:
        port = int(urlsplit(url).port)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                     "--disable-dev-shm-usage"])
        contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
        for c in contexts:
            c.route("**/*", lambda route: route.continue_() if LOCAL.match(route.request.url) else route.abort())
        heavy, light = (c.new_page() for c in contexts)
        for p in (heavy, light):
            p.goto(url)
            _idle(p)
        print("\n2. Page switches of browser B (Start <-> Standings), click to page complete")
        with HealthProbe(url) as probe:
            base, _ = switch_times(light, args.switches)
        print(figures("A idle (baseline)", base))
        print(probe.line())

        start_simulation(heavy, url, seed=11)
        t0 = time.perf_counter()
        with HealthProbe(url) as probe:
            loaded, during = switch_times(light, args.switches, lambda: running(heavy))
        load = os.getloadavg()[0]
        while running(heavy) and time.perf_counter() - t0 < 120:
            time.sleep(0.25)
        sim_seconds = time.perf_counter() - t0
        _idle(heavy)
        heavy.screenshot(path=str(work / "simulation.png"))
        outcome = ("finished" if heavy.get_by_role("heading", name="What the simulation says").count() else
                   "stopped: " + " ".join(heavy.get_by_test_id("stAlert").all_inner_texts())[:120])
        print(figures("A runs the largest simulation allowed", loaded, during))
        print(probe.line())
        print(f"    (screenshot {work / 'simulation.png'})")
        print(f"    (the simulation: 500,000 player-rounds, {sim_seconds:.0f} s after the click, {outcome}; "
              f"load average {load:.2f})")

        start_dutch(heavy, url)
        t0 = time.perf_counter()
        with HealthProbe(url) as probe:
            loaded_d, during_d = switch_times(light, args.switches, lambda: running(heavy))
        while running(heavy) and time.perf_counter() - t0 < 120:
            time.sleep(0.25)
        _idle(heavy)
        done = heavy.get_by_text(re.compile(r"Round 6 paired \(\d+ boards\)")).first
        try:                                         # the page reruns once more after the pairing
            expect(done).to_be_attached(timeout=60_000)
            paired = done.inner_text()[:30]
        except AssertionError:
            paired = "not paired (see the screenshot)"
        heavy.screenshot(path=str(work / "dutch.png"))
        print(figures(f"A pairs {DUTCH_PLAYERS} players, FIDE Dutch", loaded_d, during_d))
        print(probe.line())
        print(f"    (screenshot {work / 'dutch.png'})")
        print(f"    (the pairing: {paired}, {time.perf_counter() - t0:.0f} s after the click; load average "
              f"{os.getloadavg()[0]:.2f})")

        tabs = [heavy, heavy.context.new_page(), heavy.context.new_page()]
        upload = largest_upload(work)
        start_upload(tabs[0], url, upload)
        for seed, tab in ((13, tabs[1]), (14, tabs[2])):
            tab.goto(f"{url}/{_keep(heavy)}")
            _idle(tab)
            start_simulation(tab, url, seed=seed)
        t0 = time.perf_counter()
        with HealthProbe(url) as probe:
            loaded_h, during_h = switch_times(light, args.switches, lambda: any(running(t) for t in tabs))
        load = os.getloadavg()[0]
        ratio = statistics.median(loaded_h) / statistics.median(base)
        print(figures("A: largest upload + 2 simulations, 3 tabs", loaded_h, during_h))
        print(probe.line())
        print(f"    (median {statistics.median(loaded_h):.2f} s against {statistics.median(base):.2f} s idle: "
              f"{ratio:.2f}x, goal within 2x; upload {upload.stat().st_size / 2 ** 20:.1f} MB; load average "
              f"{load:.2f})")
        while any(_busy(t) for t in tabs) and time.perf_counter() - t0 < 300:
            time.sleep(0.5)
        alerts = " ".join(tabs[0].get_by_test_id("stAlert").all_inner_texts())
        opened = re.search(r"Opened [^:]+: [\d,]+ players[^.]*", alerts)
        print(f"    (the upload: {opened.group(0) if opened else 'not opened: ' + alerts[:160]}; all three done "
              f"{time.perf_counter() - t0:.0f} s after the first click)")
        for extra in tabs[1:]:
            extra.close()

        print("\n3. Leaving the page stops the work")
        _leaving_stops_it(heavy, url, port)
        print("\n4. The server process's own CPU per step of the largest event's work (browser A)")
        server_cpu_steps(browser.new_context(viewport={"width": 1280, "height": 900}).new_page(), url, port, work)
        browser.close()
    _log_lines(work)
    return 0


def _log_lines(work: Path) -> None:
    log = (work / "streamlit.log").read_text(errors="replace")
    print(f"server log {work / 'streamlit.log'}: {log.count('missing ScriptRunContext')} 'missing ScriptRunContext' "
          f"lines")


def _server_pid(port: int) -> int | None:
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if f"--server.port={port}" in cmd and "streamlit" in cmd:
            return int(pid)
    return None


def _own_cpu(pid: int) -> float:
    """User + system seconds of process ``pid`` itself (its children, the jobs, are counted apart)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_cpu_steps(page, url: str, port: int, work: Path) -> None:
    """Section 4: each step, and the server's own CPU seconds it took (the page waited until done)."""
    from playwright.sync_api import expect

    from tools.hostile_corpus import WORKBOOKS
    pid = _server_pid(port)
    if pid is None:
        print("  (the server process was not found)")
        return

    def step(name: str, action, until=None) -> None:
        c0, t0 = _own_cpu(pid), time.perf_counter()
        try:
            action()
            if until is not None:
                until()
            else:
                time.sleep(1)
                while _busy(page) and time.perf_counter() - t0 < 300:
                    time.sleep(0.5)
                _idle(page, 120_000)
        except (AssertionError, Exception) as exc:  # playwright's errors: say what the page showed, go on
            alerts = " ".join(page.get_by_test_id("stAlert").all_inner_texts())[:200]
            print(f"  {name}: did not finish ({str(exc).splitlines()[0][:80]}); the page said: {alerts}")
        spent = _own_cpu(pid) - c0
        print(f"  {name:<52} server CPU {spent:6.2f} s  wall {time.perf_counter() - t0:6.1f} s  "
              f"{'PASS' if spent <= 2 else 'MISS'}")

    page.goto(url)
    _idle(page)
    upload = largest_upload(work)
    step("upload of the largest event (read in a job)", lambda: start_upload(page, url, upload),
         lambda: expect(page.get_by_test_id("stText").first).to_contain_text(re.compile(r"20,?000 players"), timeout=300_000))
    _idle(page, 120_000)
    step("the Build page sits open 30 s", lambda: time.sleep(30), lambda: None)
    for name, path in (("Standings", "standings"), ("Compare orderings", "compare"), ("Why is A above B?", "why"),
                       ("Start", "")):
        step(f"open {name}", lambda p=path: page.goto(f"{url}/{p}{_keep(page)}"))
    book = work / "xfd2000.xlsx"
    book.write_bytes(WORKBOOKS["xlsx_dimension_xfd2000.xlsx"][1]())

    def check() -> None:
        page.goto(f"{url}/check{_keep(page)}")
        _idle(page)
        page.get_by_text("Upload files").click()
        _idle(page)
        page.locator("input[type=file]").first.set_input_files(str(book))
        _idle(page)
        page.get_by_role("button", name="Check the table").click()
    step("Check published standings: a 1.7 KB workbook declaring A1:XFD2000", check)
    step("the Start page sits open 30 s", lambda: time.sleep(30), lambda: None)


def _server_cpu_only() -> int:
    from playwright.sync_api import sync_playwright

    from tests.e2e.servers import CHROMIUM, serve_app
    work = Path(tempfile.mkdtemp(prefix="bench-hosted-"))
    print(f"Hosted server, the server's own CPU per step, on {os.cpu_count()} cores; load average before: "
          f"{os.getloadavg()[0]:.2f}")
    with serve_app(work, mode="hosted") as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                     "--disable-dev-shm-usage"])
        server_cpu_steps(browser.new_context(viewport={"width": 1280, "height": 900}).new_page(), url,
                         int(urlsplit(url).port), work)
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    _log_lines(work)
    return 0


def _leaving_stops_it(heavy, url: str, port: int) -> None:
    """Section 3: a simulation started, its page left after 3 s; its workers counted 2 s later."""
    start_simulation(heavy, url, seed=12)
    time.sleep(3)
    alive_before = worker_processes(port)
    heavy.get_by_test_id("stSidebarNav").get_by_role("link", name="Standings", exact=True).click()
    time.sleep(2)
    print(f"  worker processes while the simulation ran: {alive_before}; 2 s after leaving its page: "
          f"{worker_processes(port)}")


if __name__ == "__main__":
    sys.exit(main())
