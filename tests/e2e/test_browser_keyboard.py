"""Two journeys with the keyboard alone, in a real browser: no click, no mouse, only Tab, arrows, typing and Enter.

* The parent's question: open the app, go to "Why is A above B?", choose two players, read the answer, download
  the card.  The app's example is FIDE's tie-break exercise (Fixture A, tests/fixtures.py): Bruno scored 4 and
  David 3½, so the answer is "Bruno is above David on points" and the ladder's words say "Points decides: 4
  against 3½" (worked by hand from the crosstable; the same sentence is checked under AppTest in test_app_why).
* The TD's round: go to Build event, pair round 6, enter its results one by one with the form, pair round 7.

Every element the journey acts on must show where the focus is (an outline or a ring around it or its frame),
WCAG 2.4.7.  The page is only read (locators, text) to know when to stop pressing Tab, never clicked.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.waiting import script_runs, settle

pytestmark = pytest.mark.e2e

#: is the focused element's focus drawn? an outline of 2 px or more, or a ring (box-shadow), on it or its frame
FOCUS_SHOWN = """() => {
  let e = document.activeElement;
  for (let i = 0; i < 4 && e && e !== document.body; i++, e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) return true;
    if (cs.boxShadow && cs.boxShadow !== 'none') return true;
  }
  return false;
}"""


#: a result typed for White, as Black's cell shows it
MIRROR = {"+": "-", "=": "=", "-": "+"}


def focused(target: Locator) -> bool:
    """Whether the focus is on ``target``, asked of every element it matches at this moment: never waits (none
    matching is a no) and never fails.  It asked one element with a wait of a second and took any failure for a
    no, so under a loaded machine's delays, or with a second match during a rerun, the walk went round the page
    past its target until it gave up (it did once in a full run)."""
    return bool(target.evaluate_all("(els) => els.includes(document.activeElement)"))


ON_BODY = "() => !document.activeElement || document.activeElement === document.body"


def tab_to(page: Page, target: Locator, limit: int = 250, *, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until ``target`` has the focus (the tab order wraps round the page),
    then check it shows.

    A rerun that redraws the focused control drops the focus onto the page itself: a person then waits for the
    page to be finished before going on, and so does the walk (it settles whenever the focus is on nothing)."""
    runs = script_runs(page)
    for _ in range(limit):
        if focused(target):
            break
        if page.evaluate(ON_BODY):
            settle(page)
            if focused(target):
                break
        page.keyboard.press("Shift+Tab" if back else "Tab")
    else:
        where = page.evaluate("""() => { const e = document.activeElement;
            return e ? `${e.tagName} ${e.getAttribute('role') || ''} ${(e.textContent || '').slice(0, 40)}` : 'none'; }""")
        reran = script_runs(page) - runs
        raise AssertionError(f"Tab never reached {target} ({target.count()} on the page); the focus is on {where}; "
                             f"the page ran {reran} times during the walk")
    assert page.evaluate(FOCUS_SHOWN), f"the focus on {target} is not visible"


def choose(page: Page, box: Locator, label: str) -> None:
    """A selectbox, by keyboard: reach it, type the choice, Enter."""
    tab_to(page, box)
    page.keyboard.type(label)
    page.keyboard.press("Enter")
    expect(box).to_have_value(label, timeout=60_000)
    settle(page)


def go_to_page(page: Page, title: str) -> None:
    tab_to(page, page.get_by_test_id("stSidebarNav").get_by_role("link", name=title))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1).first).to_contain_text(title.rstrip("?"), timeout=60_000)
    settle(page)


def open_tab(page: Page, name: str, *, back: bool = False) -> None:
    """Tab reaches the tab row at its selected tab; the arrow keys move along the row; Enter opens the tab.

    From inside a tab's panel (``back``), the row is above: Shift+Tab goes back up to it, as a person would,
    instead of walking on through the panel's grids and round the whole page.

    Build event draws only the open tab, so each arrow key, which opens the next tab, runs the page again:
    like a person who sees the tab's content before pressing on, the walk waits for the page each time."""
    tab_to(page, page.get_by_role("tab", selected=True), back=back)
    wanted = page.get_by_role("tab", name=name)
    for _ in range(8):
        if focused(wanted):
            break
        page.keyboard.press("ArrowRight")
        settle(page)
    page.keyboard.press("Enter")
    expect(wanted).to_have_attribute("aria-selected", "true")


def test_the_parents_question_by_keyboard(app_url: str, page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(app_url)
    settle(page)
    go_to_page(page, "Why is A above B?")
    choose(page, page.get_by_role("combobox", name="Player A"), "#2 Bruno")
    choose(page, page.get_by_role("combobox", name="Player B"), "#4 David")
    expect(page.get_by_test_id("stAlert").first).to_contain_text(
        "Bruno is above David on points: Bruno scored 4 and David 3½.", timeout=60_000)
    # the ladder's words, for a screen reader, and its table one keypress away
    chart = page.get_by_test_id("stVegaLiteChart").first
    expect(chart).to_have_attribute("aria-label", re.compile(r"Points decides: 4 against 3½ \(Bruno above David\)"),
                                    timeout=60_000)
    summary = page.get_by_test_id("stExpander").filter(has_text="The chart's numbers as a table").locator("summary")
    tab_to(page, summary)
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stExpander").filter(has_text="The chart's numbers as a table")
           .get_by_test_id("stDataFrame")).to_be_visible(timeout=60_000)
    button = page.get_by_role("button", name="Card to print (PDF)")
    tab_to(page, button)
    with page.expect_download() as pdf:
        page.keyboard.press("Enter")
    assert pdf.value.suggested_filename == "why-bruno-above-david.pdf"
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")


def round_cells(page: Page, rnd: int) -> dict[str, str]:
    """Player label -> his cell in round ``rnd``, read from the results table (the grid's accessible twin)."""
    table = page.get_by_test_id("stExpander").filter(has_text="The results as a table").get_by_test_id("stTable")
    rows = table.locator("tbody tr")
    heads = [h.strip() for h in table.locator("thead th").all_text_contents()]
    assert f"R{rnd}" in heads, heads
    column = heads.index(f"R{rnd}")
    out = {}
    for i in range(rows.count()):
        cells = [c.strip() for c in rows.nth(i).locator("th, td").all_text_contents()]
        out[cells[0]] = cells[column]
    return out


# a server of its own: the added, paired and entered round would become the event every later visit to a shared server opens
def test_the_tds_round_by_keyboard(fresh_app_url: str, page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(fresh_app_url)
    settle(page)
    go_to_page(page, "Build event")
    open_tab(page, "Pair next round")
    # the example's five rounds are played: a sixth is added on purpose, then paired
    tab_to(page, page.get_by_role("button", name="Add round 6 to the event"))
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stAlert").first).to_contain_text("Round 6 added", timeout=60_000)
    settle(page)
    open_tab(page, "Pair next round")
    tab_to(page, page.get_by_role("button", name="Pair round 6"))
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stAlert").first).to_contain_text("Round 6 paired (8 boards)", timeout=60_000)
    settle(page)
    open_tab(page, "Players and results", back=True)
    form = page.get_by_test_id("stExpander").filter(has_text="Enter one result with a form")
    tab_to(page, form.locator("summary"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("combobox", name="Round")).to_have_value("6", timeout=60_000)   # the round waiting
    # the results table is drawn once its box is opened (by keyboard too), and stays open
    table_box = page.get_by_test_id("stExpander").filter(has_text="The results as a table")
    tab_to(page, table_box.locator("summary"))
    page.keyboard.press("Enter")
    expect(table_box.get_by_test_id("stTable")).to_be_visible(timeout=60_000)
    cells = round_cells(page, 6)
    boards = {label: cell for label, cell in cells.items() if cell.startswith("?W")}
    assert len(boards) == 8 and sum(cell.startswith("?B") for cell in cells.values()) == 8
    labels = {label.split()[0]: label for label in cells}          # "#9" -> "#9 Ivan"
    for n, (white, cell) in enumerate(sorted(boards.items())):
        black = labels["#" + cell[2:]]
        result = ("+", "=", "-")[n % 3]
        # the form's own boxes, by their exact names (the page has other player pickers, e.g. on the pairing tab)
        choose(page, form.get_by_role("combobox", name="Player", exact=True), white)
        tab_to(page, form.get_by_role("textbox", name="Result", exact=True))
        page.keyboard.type(result)
        page.keyboard.press("Enter")
        expect(page.get_by_test_id("stAlert").first).to_contain_text(f"for {white}, round 6", timeout=60_000)
        settle(page)
        after = round_cells(page, 6)
        assert after[white] == f"{result}W{cell[2:]}"
        assert after[black] == f"{MIRROR[result]}B{white.split()[0][1:]}"      # the opponent's side filled in
    open_tab(page, "Pair next round", back=True)
    tab_to(page, page.get_by_role("button", name="Add round 7 to the event"))
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stAlert").first).to_contain_text("Round 7 added", timeout=60_000)
    settle(page)
    open_tab(page, "Pair next round")
    tab_to(page, page.get_by_role("button", name="Pair round 7"))
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("stAlert").first).to_contain_text("Round 7 paired (8 boards)", timeout=60_000)
    assert re.search(r"Round 7", page.get_by_test_id("stMain").inner_text())
