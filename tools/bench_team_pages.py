"""Speed a person feels on the team pages (``make bench``): page switches and changes, timed in Chromium.

Not a test: it prints a table and asserts nothing (the machine is shared; the load average is printed with the
figures).  Three servers, each with its own saved-events database: one opened on the built-in example team event
(Build event's button), one on a 40-team event of four boards and nine rounds (``generate_team_event``, seed 40,
uploaded in the team panel as TRF-2026), one on the open section of the Chennai Olympiad 2022 (187 teams, 920
players, 11 rounds; ``tests/data/teams``), uploaded the same way.  On each, in one browser session:

* every **page switch** through the sidebar to a page with a team view, from the click to the page's team
  heading drawn and the script done (the median of ``--cycles`` visits, after one visit not counted that fills
  the server's caches);
* the **changes**: another tie-break order on Standings, another team A on Why, another tie-break on Explain,
  each from the choice to the page drawn again (median of ``--cycles``).

The aims: a page switch within 0.5 s, a change within 1 s.  ``python -m tools.bench_team_pages --quick`` does
one cycle.
"""
from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from pathlib import Path

from tests.streamlit_server import serve
from tools.bench_pages import CHROMIUM, LAUNCH_ARGS, ROOT, load, med, nav_link, timed, timed_rerun, wait_done

#: (sidebar title, the team page's heading)
TEAM_PAGES = [("Standings", "Team standings"), ("Explain", "Explain a team tie-break"),
              ("Why is A above B?", "Why is team A above team B?"), ("Compare orderings", "Compare team orderings"),
              ("Before the last round", "Before the last round (teams)"), ("Prizes", "Team prizes"),
              ("TD announcement", "TD announcement for a team event"),
              ("Check published standings", "Check a team event's published standings")]
SWITCH_AIM, CHANGE_AIM = 0.5, 1.0
OLYMPIAD = ROOT / "tests" / "data" / "teams" / "chennai_2022_olympiad_open.trf"
PANEL = "Team events: the example, a team file, a random team event"


def forty_teams(folder: Path) -> Path:
    from engine.teams.generate import generate_team_event
    from engine.teams.trf_write import write_team_trf
    path = folder / "forty_teams.trf"
    path.write_text(write_team_trf(generate_team_event(40, 9, 4, seed=40)), encoding="utf-8")
    return path


def open_team_event(page, url: str, upload: Path | None) -> None:
    """Build event's team panel: the example, or ``upload`` sent to its file box."""
    page.goto(f"{url}/build")
    wait_done(page, "Build event", "h1")
    opener = page.get_by_role("button", name="Open the example team event")
    if not opener.is_visible():
        page.get_by_text(PANEL).click()
    if upload is None:
        opener.click()
        wait_done(page, "Opened the example team event")
        return
    page.get_by_test_id("stFileUploader").filter(has_text="Open a team event file").get_by_test_id(
        "stFileUploaderDropzoneInput").set_input_files(
        files=[{"name": upload.name, "mimeType": "text/plain", "buffer": upload.read_bytes()}])
    wait_done(page, f"Opened {upload.name}")


def pick(page, label: str, option: str) -> None:
    """Choose ``option`` in the selectbox called exactly ``label`` ("Tie-break" is also the start of "Tie-break
    order"), as a person typing it does."""
    box = page.get_by_role("combobox", name=label, exact=True)
    box.click()
    page.keyboard.type(option)
    page.keyboard.press("Enter")


def switches(page, cycles: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {title: [] for title, _ in TEAM_PAGES}
    for cycle in range(cycles + 1):
        for title, heading in TEAM_PAGES:
            took = timed(lambda: nav_link(page, title).click(), page, heading, "h1")
            if cycle:
                out[title].append(took)
    return out


def changes(page, cycles: int, names: list[str]) -> dict[str, list[float]]:
    """Another order on Standings, another team A on Why, another tie-break on Explain, ``cycles`` times each
    after one not counted."""
    from tests.e2e.waiting import settle
    out: dict[str, list[float]] = {}
    orders = ["European Team", "Chess Olympiad (2026", "FIDE's sample", "German team", "Swiss-Manager's"]
    nav_link(page, "Standings").click()
    wait_done(page, "Team standings", "h1")
    settle(page)
    out["Standings: another tie-break order"] = [
        timed_rerun(lambda o=o: pick(page, "Tie-break order", o), page, "Ranked by")
        for o in orders[:cycles + 1]][1:]
    nav_link(page, "Why is A above B?").click()
    wait_done(page, "Why is team A above team B?", "h1")
    settle(page)
    out["Why: another team A"] = [
        timed_rerun(lambda n=n: pick(page, "Team A", n), page, "This event's order")
        for n in names[2:cycles + 3]][1:]
    nav_link(page, "Explain").click()
    wait_done(page, "Explain a team tie-break", "h1")
    settle(page)
    codes = ["BH:GP", "EMMSB/C1", "SSSC", "BC", "OSB"]
    out["Explain: another tie-break"] = [
        timed_rerun(lambda c=c: pick(page, "Tie-break", c), page, "Rule:")
        for c in codes[:cycles + 1]][1:]
    return out


def measure(browser, url: str, upload: Path | None, names: list[str], cycles: int) -> dict[str, list[float]]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    try:
        open_team_event(page, url, upload)
        found = {f"switch to {k}": v for k, v in switches(page, cycles).items()}
        try:
            found |= changes(page, cycles, names)
        except Exception as exc:          # the switches are still worth printing
            print(f"the changes could not be timed: {str(exc).splitlines()[0]}", flush=True)
        return found
    finally:
        ctx.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=3, help="visits of each page and changes (median shown)")
    parser.add_argument("--quick", action="store_true", help="one cycle")
    args = parser.parse_args(argv)
    cycles = 1 if args.quick else max(1, args.cycles)
    if not Path(CHROMIUM).exists():
        print(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium")
        return 1
    from playwright.sync_api import sync_playwright

    from engine.teams.trf_teams import read_team_trf
    from ui.teams.state import example_team_event
    with tempfile.TemporaryDirectory(prefix="bench-team-pages-") as tmp:
        work = Path(tmp)
        forty = forty_teams(work)
        events = {"example (5 teams)": (None, [t.name for t in example_team_event().teams]),
                  "40 teams x 9 rounds": (forty, [t.name for t in read_team_trf(forty.read_bytes(), forty.name).teams]),
                  "Chennai 2022 (187)": (OLYMPIAD, [t.name for t in read_team_trf(OLYMPIAD.read_bytes(),
                                                                                  OLYMPIAD.name).teams])}
        print(f"load average before: {load()}", flush=True)
        rows: list[tuple[str, str, float, float]] = []
        with contextlib.ExitStack() as stack:
            pw = stack.enter_context(sync_playwright())
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            stack.callback(browser.close)
            for i, (label, (upload, names)) in enumerate(events.items()):
                url = stack.enter_context(serve(ROOT / "app.py", ROOT, work / f"team{i}.log",
                                                {"TIEBREAK_LAB_DB": str(work / f"team{i}.sqlite3")}, within=60))
                for what, times in measure(browser, url, upload, names, cycles).items():
                    aim = SWITCH_AIM if what.startswith("switch") else CHANGE_AIM
                    rows.append((label, what, med(times), aim))
                print(f"{label} measured; load average {load()}", flush=True)
        print()
        print(f"{'Team event':<22} {'What':<48} {'median s':>9} {'aim':>5}  verdict")
        for label, what, took, aim in rows:
            print(f"{label:<22} {what:<48} {took:9.2f} {aim:5.1f}  {'PASS' if took <= aim else 'MISS'}")
        print(f"load average after: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
