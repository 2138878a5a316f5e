"""Whole words on screen, measured in a real browser, at a laptop's 1280x800 and a phone's 390x844.

* **Charts show whole words** (the forecast's bars, the Why page's decision ladder, the Simulation lab's
  charts): Streamlit draws a Vega-Lite chart as SVG, so every text the chart draws is a ``<text>`` element
  (one ``<tspan>`` per line of a wrapped label).  Vega cuts a label longer than its limit and ends it with
  "…"; a title or legend wider than the chart runs past its edge.  :data:`CHART_TEXT` reads every text with
  its box: none may hold "…", and (where the chart must fit its frame) none may lie outside the frame.
* **The lesson's claims** are read whole: each claim of the example lesson is an element on screen whose
  box is as wide as its text (a data grid drew them on a canvas, cut to the column's width).
* **Working tables** give the explanation room and drop columns empty in every row: on a phone each
  round's "Why" takes the table's whole width under its numbers.
* **No invisible character** (item 17: the word joiner that keeps addresses from becoming links) is in any
  of the texts read above, which a user may copy.

The events come in through shared links (as a user would open them): the forecast's example after round 4
with three long names, and Fixture A with #16 and #4 renamed.  Every check runs in every language, on that
language's ``links`` server (:mod:`tests.e2e.languages`), so the event it saves last does not change what the
other browser tests open.  In English the texts drawn are also compared word for word with the expected ones;
in the other languages the players' names (the same in every language) and the numbered steps are.
Each check reads the page at the laptop size, then with the window narrowed to the phone size (the page laid out
again in the browser, nothing run again); the Simulation lab is opened at each size instead (its charts are drawn
by a run), the phone's in every language and the laptop's in English. Screenshots go to /tmp/shots/whole_words/
when ``TIEBREAK_LAB_SHOTS`` is set.
"""
from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from engine.core.exact import nice
from engine.core.model import Event, Player, make_event
from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from engine.teaching.scenarios import check_claims, load_scenario
from i18n.catalog import translator
from i18n.numbers import localised_decimals
from tests.e2e.fit import FIT_PROBLEMS
from tests.e2e.languages import address, in_every_language, say
from tests.e2e.pages import SIZES, resize
from tests.e2e.waiting import painted, relaid, settle, still
from tests.fixtures import fixture_a

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/shots/whole_words")
#: characters nobody sees and a copy would carry (the word joiner first)
INVISIBLE = ("\u2060", "\u200b", "\u200c", "\u200d", "\ufeff", "\u00ad")

LONG = {1: "Maximilian Alexander von Hohenberg", 2: "Anna-Katharina Szczepańska-Wiśniewska",
        3: "Bartholomew Fitzgerald-Worthington"}

CHART_TEXT = r"""([chart, inside]) => {
  const svg = chart.querySelector('svg');
  if (!svg) return {texts: [], problems: ['no SVG drawn']};
  const frame = chart.getBoundingClientRect();
  const texts = [], problems = [];
  for (const t of svg.querySelectorAll('text')) {
    const spans = [...t.querySelectorAll('tspan')];
    // a label on several lines is read back as one, its lines joined ("Anna-" + "Katharina": no space)
    const text = (spans.length ? spans.map(s => s.textContent) : [t.textContent]).join(' ').replace(/- /g, '-').trim();
    if (!text) continue;
    texts.push(text);
    if (text.includes('…')) problems.push(`cut: "${text}"`);
    const r = t.getBoundingClientRect();
    if (inside && r.width && (r.left < frame.left - 1 || r.right > frame.right + 1)) {
      problems.push(`past the chart's edge: "${text}" ${Math.round(r.left)}–${Math.round(r.right)} `
                    + `outside ${Math.round(frame.left)}–${Math.round(frame.right)}`);
    }
  }
  return {texts, problems};
}"""

WHOLE_ON_SCREEN = r"""(wanted) => {
  // each wanted text: an element on screen (not a grid's hidden copy) holding exactly it, as wide as the text
  const measure = document.createElement('canvas').getContext('2d');
  const main = document.querySelector('[data-testid="stMain"]');
  const missing = [];
  for (const text of wanted) {
    const found = [...main.querySelectorAll('td, th, p, span, div')].some(el => {
      if (el.closest('[data-testid="stDataFrame"]') || (el.innerText || '').trim() !== text) return false;
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) return false;
      const cs = getComputedStyle(el);
      measure.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const lines = Math.max(1, Math.round(r.height / (parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.4)));
      return el.scrollWidth <= el.clientWidth + 1 && r.width * lines + 1 >= measure.measureText(text).width;
    });
    if (!found) missing.push(text);
  }
  return missing;
}"""

WORKING_TABLES = r"""(whyHead) => {
  // every static table with a "Why" column (its heading in the page's language): the headers, each column's
  // cells, and the width of the Why cells
  const main = document.querySelector('[data-testid="stMain"]');
  return [...main.querySelectorAll('[data-testid="stTable"] table')].map(table => {
    const heads = [...table.querySelectorAll('thead th')].map(th => th.textContent.trim());
    const rows = [...table.querySelectorAll('tbody tr')].map(tr => [...tr.children]);
    const columns = heads.map((_, i) => rows.map(cells => (cells[i] ? cells[i].textContent : '').trim()));
    const why = heads.indexOf(whyHead);
    const widths = why < 0 ? [] : rows.map(cells => cells[why].getBoundingClientRect().width);
    return {heads, columns, whyWidths: widths, tableWidth: table.getBoundingClientRect().width,
            text: table.innerText};
  }).filter(t => t.heads.includes(whyHead));
}"""


@pytest.fixture
def url(app_url: str) -> str:
    """This language's server for events opened from links (the case's ``app_server`` mark names it)."""
    return app_url


def renamed(event: Event, names: dict[int, str]) -> Event:
    players = [Player(p.tpn, names.get(p.tpn, p.name), p.rating) for p in event.players]
    return make_event(event.name, players, event.entries, rounds=event.rounds, event_type=event.event_type)


def open_link(page: Page, url: str, shared: Shared, lang: str) -> None:
    page.goto(address(url, shared.page, lang, f"s={encode(shared)}"))
    settle(page)
    expect(page.get_by_test_id("stException")).to_have_count(0)


def chart_text(page: Page, index: int, inside: bool = True) -> dict:
    chart = page.get_by_test_id("stVegaLiteChart").nth(index)
    chart.scroll_into_view_if_needed()
    expect(chart.locator("svg text").first).to_be_attached(timeout=60_000)
    still(chart)                        # its labels laid out
    read = f"(el) => ({CHART_TEXT})([el, {str(inside).lower()}])"
    # a chart drawn again for a narrower window is redrawn once Streamlit has measured its new width: wait (up to
    # a bound) until nothing is past its edge, then read what is still wrong
    with contextlib.suppress(PlaywrightTimeout):
        chart.element_handle().wait_for_element_state("stable", timeout=5_000)
        page.wait_for_function(f"(el) => ({read})(el).problems.length === 0", arg=chart.element_handle(),
                               timeout=8_000)
    return chart.evaluate(read)


def shot(page: Page, name: str, lang: str) -> None:
    """The whole page photographed, when ``TIEBREAK_LAB_SHOTS`` asks for it (then the window is back at ``width``)."""
    if not os.environ.get("TIEBREAK_LAB_SHOTS"):
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    tall = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
    width = page.viewport_size["width"] if page.viewport_size else 1280
    page.set_viewport_size({"width": width, "height": min(tall + 20, 8000)})
    relaid(page)
    page.screenshot(path=str(SHOTS / f"{name}_{lang}_{width}.png"))


def at_each_size(page: Page):
    """The window at the laptop's size, then narrowed to the phone's (the page laid out again in the browser, its
    charts drawn again for their new width, nothing run again on the server): yields each width."""
    for size in SIZES:
        resize(page, size)
        yield size[0]


def no_invisible(texts: list[str]) -> list[str]:
    return [t for t in texts if any(ch in t for ch in INVISIBLE)]


@pytest.mark.parametrize("lang", in_every_language("links"))
def test_the_forecast_bars_name_every_player_whole(url: str, page: Page, lang: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    event = renamed(load_scenario("before-the-last-round").event, LONG)
    open_link(page, url, Shared(event, ordering_of(preset="uscf", options=Options(seed=1)), "explain", (1,)), lang)
    page.goto(address(url, "forecast", lang))
    settle(page)
    run = page.get_by_role("button", name=say(lang, "Work out the chances"))
    expect(run).to_be_visible(timeout=60_000)
    run.click()
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(1, timeout=90_000)
    settle(page)
    for width in at_each_size(page):
        drawn = chart_text(page, 0)
        assert drawn["problems"] == [], width
        for tpn, name in LONG.items():                  # the three leaders' bars, each named in full
            assert f"{name} (#{tpn})" in drawn["texts"], (width, drawn["texts"])
        if lang == "en":
            assert {"1st", "2nd", "3rd", "4th or lower"} <= set(drawn["texts"])
        assert no_invisible(drawn["texts"]) == []
        assert page.evaluate(FIT_PROBLEMS, width < 600) == [], width
        shot(page, "forecast", lang)


@pytest.mark.parametrize("lang", in_every_language("links"))
def test_the_why_ladder_shows_whole_step_and_player_names(url: str, page: Page, lang: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    event = renamed(fixture_a(), {16: LONG[1], 4: LONG[2]})
    codes = ("OCUM", "AOB", "BH/C1", "TPR", "DE")                    # "Average of opponents' Buchholz" and more
    open_link(page, url, Shared(event, ordering_of(codes, "fide", Options(seed=1)), "why", (16, 4)), lang)
    expect(page.get_by_test_id("stAlert").first).to_contain_text(LONG[1], timeout=60_000)
    for width in at_each_size(page):
        # the ladder may scroll inside its own frame on a phone (it keeps its cells' size), never be cut
        drawn = chart_text(page, 0, inside=False)
        assert drawn["problems"] == [], width
        for name in (LONG[1], LONG[2]):
            assert name in drawn["texts"], (width, name, drawn["texts"])
        steps = sorted(x for x in drawn["texts"] if re.match(r"[1-6]\. \S", x))
        assert [x[:3] for x in steps] == [f"{n}. " for n in range(1, 7)], drawn["texts"]   # six steps, each named
        if lang == "en":
            assert steps == ["1. Points", "2. Opposition Cumulative", "3. Average of opponents' Buchholz",
                             "4. Buchholz Cut-1", "5. Performance rating", "6. Direct encounter"]
            assert "Outcome" in drawn["texts"]
        assert no_invisible(drawn["texts"]) == []
        shot(page, "why", lang)


@pytest.mark.parametrize("lang", in_every_language("links"))
def test_every_claim_of_a_lesson_is_read_whole(url: str, page: Page, lang: str) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.goto(address(url, "lessons", lang))
    settle(page)
    checked = check_claims(load_scenario("example"))
    # the claims drawn (a loaded machine may still be laying the page out) and the page's fonts in use; the page
    # writes each code with its name and each player with his ("KASH · Kashdan of #4 David = 14 (uscf, ...)")
    table = page.locator(".st-key-lesson_claims").get_by_test_id("stTable").first
    expect(table.locator("tbody tr")).to_have_count(len(checked), timeout=60_000)
    claims = [c.strip() for c in table.locator("tbody tr td:first-child").all_inner_texts()]
    assert max(len(c) for c in claims) >= 40
    # each claim's value as the language writes it, then its rule set and options in words ("= 12,6 (fide2024)")
    shown = [localised_decimals(nice(claim.value), lang) if claim.value is not None else translator(lang).t("none")
             for claim, _, _ in checked]
    assert all(f"= {value} (" in c for c, value in zip(claims, shown))
    page.evaluate("() => document.fonts.ready.then(() => true)")
    assert no_invisible([page.locator("[data-testid=stMain]").inner_text()]) == []
    for width in at_each_size(page):
        painted(page)
        assert page.evaluate(WHOLE_ON_SCREEN, claims) == [], width
        assert page.evaluate(FIT_PROBLEMS, width < 600) == [], width
        shot(page, "lessons", lang)


@pytest.mark.parametrize("lang", in_every_language("links"))
def test_a_working_table_gives_the_explanation_room_and_no_empty_column(url: str, page: Page, lang: str) -> None:
    """#4's Buchholz under US Chess rules drops nothing: no "Dropped because" column, empty in every row.
    On a phone each round's explanation runs under its numbers across the table (before: a column some 45
    pixels wide, a word a line); on a laptop it is the widest column."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    open_link(page, url, Shared(fixture_a(), ordering_of(("BH", "MM"), "uscf", Options(seed=1)), "explain", (4,)),
              lang)
    expect(page.get_by_role("heading", name=re.compile(r"^#4 David: BH = 10½"))).to_be_visible(timeout=60_000)
    expect(page.get_by_test_id("stTable").first).to_contain_text(say(lang, "Sum so far"), timeout=60_000)
    for width in at_each_size(page):
        tables = page.evaluate(WORKING_TABLES, say(lang, "Why"))
        assert len(tables) == 1
        table = tables[0]
        empty = [head for head, cells in zip(table["heads"], table["columns"]) if not any(cells)]
        assert empty == [], table["heads"]
        assert len(table["whyWidths"]) == 5
        if width < 600:
            assert min(table["whyWidths"]) >= 0.95 * table["tableWidth"], table
        else:
            assert min(table["whyWidths"]) >= 300, table
        assert no_invisible([table["text"]]) == []
        assert page.evaluate(FIT_PROBLEMS, width < 600) == [], width
        shot(page, "explain", lang)


def simulation_cases() -> list:
    """Every language at the phone's size, English at the laptop's too: each chart is drawn as wide as the page's
    column, its legend under the plot, so a title, axis title or legend entry that stays inside the phone's
    narrower chart has more room in a laptop's; the laptop is opened in English to show the wide layout itself
    cuts nothing."""
    return [pytest.param(*lang.values, *size, id=f"{lang.values[0]}-{name}", marks=lang.marks)
            for lang in in_every_language("links") for size, name in zip(SIZES, ("laptop", "phone"))
            if name == "phone" or lang.values[0] == "en"]


@pytest.mark.slow
@pytest.mark.parametrize("lang, width, height", simulation_cases())
def test_the_simulation_charts_keep_their_titles_and_legends_inside(url: str, page: Page, width: int,
                                                                    height: int, lang: str) -> None:
    """Opened at its size: a Vega chart drawn for a wider window and then narrowed keeps a few pixels of its
    wider layout, which a visit at the phone's size never shows."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(address(url, "simulation", lang))
    settle(page)
    page.get_by_role("spinbutton", name=say(lang, "Events to simulate")).fill("20")
    page.get_by_role("button", name=say(lang, "Run simulation")).click()
    expect(page.get_by_role("heading", name=say(lang, "What the simulation says"))).to_be_visible(timeout=180_000)
    settle(page)
    charts = page.get_by_test_id("stVegaLiteChart")
    expect(charts.nth(1)).to_be_attached(timeout=60_000)          # the shares, then tau-b and the share left tied
    found = {}
    texts: list[str] = []
    for i in range(charts.count()):
        drawn = chart_text(page, i)
        texts += drawn["texts"]
        if drawn["problems"]:
            found[i] = drawn["problems"]
    assert found == {}
    if lang == "en":
        assert {"single criterion", "preset ordering", "coin (lots)"} <= set(texts)       # every legend entry
        assert "Stronger player ranked higher (share of separated tied pairs)" in texts    # the axis title, whole
    assert no_invisible(texts) == []
    if width < 600:      # on a laptop the 14 columns of "The numbers" still scroll inside their grid (not item 16)
        assert page.evaluate(FIT_PROBLEMS, True) == []
    shot(page, "simulation", lang)
