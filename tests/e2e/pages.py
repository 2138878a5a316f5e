"""One visit per page for every check a page must pass in the browser: the page is opened once, and the fit, the
reflow, the accessibility audit and the language checks all read that one visit.

Opening a page is what costs in a browser test (the page's script runs, its grids and charts draw, and the tests
wait until nothing has changed for a while, :func:`tests.e2e.waiting.settle`); each check itself is a script run
in the page in a fraction of a second.  Checking a page once per kind of check meant opening it four times in
every language, which a two-core machine could not do within the whole run's time.  So :func:`check_pages`
goes through the navigation as a reader does (the first page by its address, every later one by its link in the
sidebar, which reruns the page without loading the app again) and, on each page, in this order:

1. at the laptop's size (1280 x 800): the page is the one asked for, raises nothing, declares its language
   (translated languages), and fits (:data:`tests.e2e.fit.FIT_PROBLEMS`);
2. with ``reflow``, the window at WCAG's reflow sizes (640 x 400, a laptop zoomed to 200 %; 320 wide), then
   narrowed to the phone's size (390 x 844): fits there too, as a fresh visit at that size would (Streamlit lays
   the page out in the browser, nothing in the app asks for the window's width);
3. every closed box opened; axe-core at both sizes (:mod:`tests.e2e.axe`);
   with ``english`` the page's text searched for English left untranslated;
4. with ``every_tab``, each further tab of the page shown in turn and, in it, the audit (``axe_tabs``) and the
   English search (``english``) again.

The fit is measured before the boxes are opened (a page as it opens); the audit and the English search after
(what a reader can reach without typing).  Every finding is collected under a name saying where it is (event,
language, page, size or tab, kind of check) so that one failing case lists every problem at once.
"""
from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.axe import violations
from tests.e2e.fit import FIT_PROBLEMS
from tests.e2e.languages import address, english_in
from tests.e2e.waiting import relaid, settle
from ui.session.navigation import PAGES, PageInfo

#: the sizes every page must fit and pass the audit at: a laptop, a phone
SIZES = ((1280, 800), (390, 844))
LAPTOP, PHONE = SIZES
#: WCAG's reflow sizes (320 CSS pixels wide; a 1280 x 800 window zoomed to 200 %)
REFLOW = ((320, 800), (640, 400))
SELECT_CUT = re.compile(r'^clipped text in stSelectbox: "(.*)" \d+ > \d+$')
SHOTS = Path("/tmp/shots/pages")

#: follows the sidebar's link to ``path`` ("" is Start) as a click would; false when there is no such link
FOLLOW_LINK = """(path) => {
  const link = [...document.querySelectorAll('[data-testid="stSidebarNav"] a')]
    .find(a => new URL(a.href).pathname.replace(/^\\/+/, '') === path);
  if (!link) return false;
  link.click();
  return true;
}"""


@dataclass(frozen=True)
class Checks:
    """What to check on each page besides the fit at the laptop's and the phone's size."""
    #: the language every page is opened in (its address asks for it); a translated one must be declared by the
    #: document
    lang: str = "en"
    #: WCAG's reflow sizes too
    reflow: bool = False
    #: axe-core at both sizes
    axe: bool = True
    #: the audit on every tab of a page, not only the first
    axe_tabs: bool = False
    #: English left in a translated page, on every tab
    english: bool = False

    @property
    def every_tab(self) -> bool:
        return self.axe_tabs or self.english


def resize(page: Page, size: tuple[int, int]) -> None:
    """The window at ``size``, from the top of the page, laid out again."""
    if page.viewport_size == {"width": size[0], "height": size[1]}:
        return
    page.evaluate("() => window.scrollTo(0, 0)")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    relaid(page)


def fit_problems(page: Page, size: tuple[int, int]) -> list[str]:
    """What does not fit at ``size`` (the window already at it), once the page has stopped laying itself out: a
    widget may still be settling (tabs and grids measure themselves, a grid its columns once its fonts are in),
    so the check waits until the page fits, up to a bound, then reads what is still wrong.  At a reflow size a
    selectbox's chosen value may be cut when the page shows the same text in full elsewhere (a chosen lesson's
    title is also its heading): a one-line box cannot wrap."""
    phone = size[0] < LAPTOP[0]
    problems = _forgiven(page, size, page.evaluate(FIT_PROBLEMS, phone))
    if problems:                    # measured again once the page has had its chance to settle its layout
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(f"(phone) => ({FIT_PROBLEMS})(phone).length === 0", arg=phone, timeout=6_000)
        problems = _forgiven(page, size, page.evaluate(FIT_PROBLEMS, phone))
    return problems


def _forgiven(page: Page, size: tuple[int, int], problems: list[str]) -> list[str]:
    """``problems`` less what a reflow size forgives (a chosen value cut in its one-line box while the page shows
    it whole elsewhere), so that a forgiven cut is not waited for six seconds first."""
    if size not in REFLOW or not problems:
        return problems
    shown = page.get_by_test_id("stMain").inner_text()
    return [p for p in problems
            if not ((cut := SELECT_CUT.match(p)) and len(cut.group(1)) < 60 and cut.group(1) in shown)]


def open_everything(page: Page) -> None:
    """Open every closed box of the main part, and wait until what they hold is drawn (a box whose content is
    written only while it is open runs the page again; the app's keyboard script gives a scrolling text block
    its place in the tab order at the browser's next idle moment: :func:`settle` waits for both)."""
    opened = page.evaluate("""() => {
      const closed = document.querySelectorAll('[data-testid=stMain] details:not([open])');
      closed.forEach(d => { d.open = true; });
      return closed.length; }""")
    if opened:
        settle(page)


def photograph(page: Page, name: str) -> None:
    """The whole page at the window's width, in a window as tall as the page (laid out again first), then the
    window as it was."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size or {"width": LAPTOP[0], "height": LAPTOP[1]}
    tall = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(tall + 20, 8000)})
    relaid(page)
    page.screenshot(path=str(SHOTS / f"{re.sub(r'[^A-Za-z0-9_-]+', '_', name)}.png"))
    page.set_viewport_size(size)
    relaid(page)


def visit(page: Page, url: str, info: PageInfo, lang: str, first: bool) -> None:
    """``info``'s page at the laptop's size: by its address on the first visit, else by its sidebar link."""
    if first:
        page.set_viewport_size({"width": LAPTOP[0], "height": LAPTOP[1]})
        page.goto(address(url, info.url_path, lang))
    else:
        resize(page, LAPTOP)
        if not page.evaluate(FOLLOW_LINK, info.url_path):
            page.goto(address(url, info.url_path, lang))
    settle(page)
    page.wait_for_url(re.compile(rf"/{re.escape(info.url_path)}(\?|$)"))
    expect(page.get_by_test_id("stException")).to_have_count(0)


def check_page(page: Page, info: PageInfo, where: str, checks: Checks) -> dict[str, list[str]]:
    """Every check of ``checks`` on the page on screen (opened at the laptop's size): the findings by place."""
    found: dict[str, list[str]] = {}
    shots = bool(os.environ.get("TIEBREAK_LAB_SHOTS"))
    if checks.lang != "en":
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=checks.lang, timeout=60_000)
    # laptop, the reflow sizes from the wider, then the phone: the audit that follows starts at the phone's size,
    # so the window is resized once less per page than going back from the reflow sizes to the phone's
    for size in (LAPTOP, *REFLOW[::-1], PHONE) if checks.reflow else SIZES:
        resize(page, size)
        if problems := fit_problems(page, size):
            found[f"{where} {size[0]}x{size[1]} fit"] = problems
        if problems or shots:
            photograph(page, f"{where}_{size[0]}x{size[1]}")
    tabs = page.get_by_test_id("stMain").get_by_role("tab")
    for t in range(max(1, tabs.count()) if checks.every_tab else 1):
        if t:
            resize(page, LAPTOP)
            tabs.nth(t).click()
            expect(tabs.nth(t)).to_have_attribute("aria-selected", "true")
            settle(page)                         # a tab switch reruns the page (Build draws the open tab only)
        open_everything(page)
        label = f"tab {t + 1}" if tabs.count() else "page"
        if checks.axe and (t == 0 or checks.axe_tabs):
            # the narrower size first when the window is at a reflow size or the phone's, else the laptop's
            for size in (SIZES[::-1] if (page.viewport_size or {}).get("width", 1280) < 1280 else SIZES):
                resize(page, size)
                if lines := violations(page):
                    found[f"{where} {size[0]}x{size[1]} {label} axe"] = lines
        if checks.english and (english := english_in(page, checks.lang)):
            found[f"{where} {label} English"] = english[:8]
    return found


#: the pages that show the opened event (or the team event): all but the Glossary and the Simulation lab, which
#: show the same whatever event is open, and are checked with the example in every language
EVENT_PAGES: tuple[PageInfo, ...] = tuple(p for p in PAGES if p.url_path not in ("glossary", "simulation"))


def check_pages(page: Page, url: str, tag: str, checks: Checks,
                pages: tuple[PageInfo, ...] = tuple(PAGES)) -> dict[str, list[str]]:
    """Every page of ``pages`` visited once, in the navigation's order, with every check of ``checks``."""
    found: dict[str, list[str]] = {}
    for n, info in enumerate(pages):
        visit(page, url, info, checks.lang, first=n == 0)
        found |= check_page(page, info, f"{tag} {checks.lang} {info.url_path or 'start'}", checks)
    return found


def report(found: dict[str, list[str]]) -> str:
    """The findings, a place and its problems per paragraph."""
    return "\n".join(f"{where}\n  " + "\n  ".join(lines) for where, lines in found.items())
