"""What the app adds so that a keyboard and a screen reader reach everything Streamlit draws.

Streamlit shows a long text block (``st.code``: a share link, a worked answer) in a ``<pre>`` that scrolls
inside its own frame, but does not let the keyboard into it: someone without a mouse cannot scroll it, and
axe-core reports it (rule ``scrollable-region-focusable``, WCAG 2.1.1).  A small constant script of ours (never
user text) watches the page and gives each such block that really scrolls a place in the tab order, a role
and a name, so arrow keys scroll it once it has focus.  Its style rule draws one clear focus ring on
whatever has the keyboard's focus (WCAG 2.4.7): Streamlit's own ring is missing on its page links.

Its style rules also let the page reflow down to 320 CSS pixels (WCAG 1.4.10): multiselect chips and
checkbox labels wrap, a picture wider than the screen scrolls inside its own frame (which then takes the
focus too), and tables and margins tighten below 360 pixels.  tests/e2e/test_browser_pages.py (the audit and the reflow sizes
on every page) and test_browser_keyboard.py check all of this in a browser.

The script runs in the page itself (``st.html`` with JavaScript allowed); it is added once per run by the
entrypoint and installs itself only once per browser tab.
"""
from __future__ import annotations

import streamlit as st

KEYBOARD_JS = """
<script>
(() => {
  if (window.tiebreakLabKeyboard) return;
  window.tiebreakLabKeyboard = true;
  const reach = () => {
    for (const el of document.querySelectorAll('[data-testid="stVegaLiteChart"]')) {
      // a chart keeps its own role and name (its text alternative); one that scrolls also takes the focus
      const scrolls = el.scrollWidth > el.clientWidth + 1;
      if (scrolls && !el.hasAttribute('tabindex')) el.tabIndex = 0;
      else if (!scrolls && el.getAttribute('tabindex') === '0') el.removeAttribute('tabindex');
    }
    for (const el of document.querySelectorAll('[data-testid="stMain"] pre')) {
      const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (scrolls && !el.hasAttribute('tabindex')) {
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', 'Text block (scrolls; use the arrow keys)');
      } else if (!scrolls && el.getAttribute('role') === 'region') {
        el.removeAttribute('tabindex');
        el.removeAttribute('role');
        el.removeAttribute('aria-label');
      }
    }
  };
  // measured when the browser is idle (at most half a second later), not in every frame of a page being
  // drawn: each look reads the blocks' sizes, which makes the browser lay the page out again then and there
  let queued = false;
  const soon = () => { if (!queued) { queued = true; requestIdleCallback(() => { queued = false; reach(); },
                                                                          {timeout: 500}); } };
  new MutationObserver(soon).observe(document.body, {childList: true, subtree: true, characterData: true});
  window.addEventListener('resize', soon);
  reach();
  // A tab row whose tabs run the page again (Build event's) may lose the keyboard's focus when the page is
  // redrawn: the focus falls to the page itself, and the arrow keys no longer move along the row.  After a
  // key pressed on a tab, until the focus goes elsewhere or the mouse is used, a focus that has fallen to the
  // page goes back to the row's selected tab.
  // It looks once a frame for ten seconds after the key (the page may be slow to redraw).
  let keyTab = null, watching = false;
  const watch = () => {
    if (!keyTab || Date.now() - keyTab.at > 10000) { keyTab = null; watching = false; return; }
    if (!document.activeElement || document.activeElement === document.body) {
      const rows = [...document.querySelectorAll('[role="tablist"]')];
      const row = rows.find(r => [...r.querySelectorAll('[role="tab"]')].some(t => t.textContent === keyTab.label));
      const selected = row && row.querySelector('[role="tab"][aria-selected="true"]');
      if (selected) selected.focus({preventScroll: true});
    }
    requestAnimationFrame(watch);
  };
  document.addEventListener('keydown', e => {
    const tab = e.target.closest && e.target.closest('[role="tab"]');
    keyTab = tab ? {label: tab.textContent, at: Date.now()} : null;
    if (keyTab && !watching) { watching = true; requestAnimationFrame(watch); }
  }, true);
  document.addEventListener('pointerdown', () => { keyTab = null; }, true);
  document.addEventListener('focusin', e => {
    if (keyTab && !(e.target.closest && e.target.closest('[role="tab"]'))) keyTab = null;
  }, true);
})();
</script>
<style>
/* one clear focus ring (WCAG 2.4.7): Streamlit draws none on its page links and a faint one elsewhere */
:is(a, button, summary, canvas, [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [tabindex]):focus-visible,
:is([data-baseweb="select"], [data-baseweb="input"], [data-baseweb="textarea"], [data-baseweb="base-input"]):focus-within {
  outline: 3px solid #1d4ed8 !important; outline-offset: 2px; }
/* reflow down to 320 CSS pixels, the width of a 1280-pixel window zoomed to 400 % (WCAG 1.4.10) */
[data-testid="stMultiSelectTagsContainer"] [data-tag] { height: auto; max-width: 100%; }
[data-testid="stMultiSelectTagsContainer"] [data-tag] > span { white-space: normal; overflow: visible;
  text-overflow: clip; }
label [data-testid="stMarkdownContainer"] p { white-space: normal; }
/* a picture wider than the screen (the decision ladder) scrolls inside its own frame, never the page */
[data-testid="stVegaLiteChart"] { max-width: 100%; overflow-x: auto; }
/* (":root" makes these win over the page-fitting rules of ui/widgets/layout.py, whichever comes first in the page) */
@media (max-width: 360px) {
  :root [data-testid="stMainBlockContainer"] { padding-left: 0.6rem !important; padding-right: 0.6rem !important; }
  :root [data-testid="stTable"] th, :root [data-testid="stTable"] td { padding: 0.2rem 0.15rem !important; }
  :root [data-testid="stTable"] th *, :root [data-testid="stTable"] td * { font-size: 0.8rem !important; }
}
</style>
"""


def reach_by_keyboard() -> None:
    """Add :data:`KEYBOARD_JS` (the script and the style rules above) to the page; it takes no space."""
    st.html(KEYBOARD_JS, unsafe_allow_javascript=True)
