"""Waiting for a Streamlit page to be finished, as a person waits before reading it.

A click, a key press or a change of window size may run the page again, but the browser only learns so when
the server answers: on a slow or busy machine the rerun can start well after the action.  Waiting for "the
script is not running" alone can therefore read the page before its rerun, or between two reruns (a tab or a
box that draws its content when opened runs the page once more).  :func:`settle` waits instead until the app is
connected, its script is not running, and nothing in the page has changed for a while; then until every data
grid in view has drawn its header and the browser has painted.  Only then do the tests measure, audit or press
the next key.  Every wait here is for a state the page reaches, never for a fixed time: :func:`painted` (the
browser has drawn what is in the page), :func:`still` (an element that moves, such as a sliding sidebar, has
stopped).
"""
from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

#: milliseconds without any change in the page (attributes, text or elements) that count as finished
QUIET_MS = 700
#: milliseconds without any change after the window was resized: nothing runs again on the server (Streamlit lays
#: the page out in the browser), only the browser's layout and the grids' own re-measuring, which are done in a
#: few frames
RELAID_MS = 250
#: the longest the quiet wait waits in the page; a page still changing after it goes on to the checks below,
#: which fail with Streamlit's own state if the page is really not finished
QUIET_CAP_MS = 30_000

QUIET = """([quietMs, capMs]) => new Promise(done => {
  const app = document.querySelector('[data-testid="stApp"]');
  const start = performance.now();
  const idle = () => app.getAttribute('data-test-script-state') === 'notRunning'
                     && app.getAttribute('data-test-connection-state') === 'CONNECTED';
  let timer = null;
  const observer = new MutationObserver(() => restart());
  const finish = quiet => { observer.disconnect(); clearTimeout(timer); done(quiet); };
  const restart = () => {
    clearTimeout(timer);
    if (performance.now() - start > capMs) { finish(false); return; }
    timer = setTimeout(() => (idle() ? finish(true) : restart()), quietMs);
  };
  observer.observe(app, {attributes: true, childList: true, subtree: true, characterData: true});
  restart();
})"""

GRIDS_DRAWN = """() => [...document.querySelectorAll('[data-testid="stDataFrame"]')]
    .filter(g => g.getClientRects().length && !g.closest('details:not([open])'))
    .every(g => g.querySelector('table[role="grid"] th'))"""


RUNS = """() => {
  if (window.__scriptRuns === undefined) {
    window.__scriptRuns = 0;
    const app = document.querySelector('[data-testid="stApp"]');
    new MutationObserver(() => {
      if (app.getAttribute('data-test-script-state') === 'running') window.__scriptRuns += 1;
    }).observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
  }
  return window.__scriptRuns;
}"""


def script_runs(page: Page) -> int:
    """How many times the page's script has started since the first call on this page (which starts counting
    and returns 0): two calls tell whether an action ran the page again."""
    return page.evaluate(RUNS)


def wait_idle(page: Page) -> None:
    """Connected, the script finished, and the page unchanged for :data:`QUIET_MS` (a rerun that an action
    started a moment ago has come and gone)."""
    app = page.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-connection-state", "CONNECTED", timeout=60_000)
    page.evaluate(QUIET, [QUIET_MS, QUIET_CAP_MS])
    expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=60_000)


def painted(page: Page) -> None:
    """The browser has drawn the page as it now is: two animation frames have passed (the first one lays out
    what changed, the second one paints it, a grid's canvas included)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")


STILL = """([el, frames]) => new Promise(done => {
  let last = '', same = 0;
  const look = () => {
    const r = el.getBoundingClientRect();
    const now = [r.x, r.y, r.width, r.height].join();
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= frames) done(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def still(locator: Locator, frames: int = 5, timeout: float = 10_000) -> None:
    """``locator``'s element has stopped moving: the same place and size for ``frames`` frames in a row (a
    sidebar sliding in, a chart laying out its labels)."""
    locator.evaluate(f"(el) => ({STILL})([el, {frames}])", timeout=timeout)


def settle(page: Page) -> None:
    """:func:`wait_idle`, every data grid in view has drawn its header, and the browser has painted it: the page
    is ready to be measured."""
    wait_idle(page)
    page.wait_for_function(GRIDS_DRAWN, timeout=60_000)
    painted(page)                                  # a grid paints its canvas after its header is in the page


def relaid(page: Page) -> None:
    """After the window changed size: the page unchanged for :data:`RELAID_MS`, every grid in view drawn, and
    painted (a resize runs nothing on the server, so the long quiet of :func:`settle` is not needed)."""
    page.evaluate(QUIET, [RELAID_MS, QUIET_CAP_MS])
    page.wait_for_function(GRIDS_DRAWN, timeout=60_000)
    painted(page)
