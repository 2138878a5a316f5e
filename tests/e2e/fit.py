"""What "fits the screen" means in a browser, measured: the page never scrolls sideways, no text is cut off.

One script, run in the page, returns every problem it finds (an empty list when the page fits):

* **The page scrolls sideways**: the document or Streamlit's main area is wider than the window
  (``scrollWidth`` > ``clientWidth``).
* **Clipped text**: an element with visible text (a selectbox's chosen value included) whose own box hides
  part of it (``overflow`` other than
  visible, or ``text-overflow: ellipsis``) and whose ``scrollWidth`` exceeds its ``clientWidth``: a label
  cut to "Rating m", a chip cut with "…", a static table wider than its frame, a link cut at the column edge.
* **A grid hides a column**: Streamlit's data grid draws on a canvas; its scroller is wider than its frame
  when a column is pushed out of sight.  On a laptop that is a failure, but for Build's results grid (in its
  ``wide_results`` box): an event of many rounds and three-digit numbers ("+W160" in each of nine rounds) is
  wider than a laptop's page, and its rounds scroll sideways under its pinned number and name.  On a phone (``phone`` true) a wide
  table may scroll sideways inside its own frame, with its rank and name columns pinned (a 9-round results
  grid cannot fit 390 pixels); the page itself must still not scroll, and every column in view must be
  wide enough for its texts (the column the frame's edge cuts is the one the finger scrolls to).
* **A heading breaks inside a word**: a word of a page's heading wider than the phone's line was broken
  anywhere ("Mannschaftsturni" / "ers"); a break after a hyphen or at a soft hyphen is allowed.
* **A grid runs past its box**: a grid sized to show every row is drawn taller than the element that holds
  it, so what follows covers its last rows (on a phone, room made above a grid for its toolbar once came out
  of the grid's own height).
* **A grid cell's text is wider than its column**: the grid's accessible copy (a hidden ``<table>``) holds
  each cell's text; the column edges are read from the canvas itself (the 1-pixel border lines in the header
  row, drawn in the grid's border colour), and each text is measured in the grid's font plus its padding.
"""
from __future__ import annotations

import re

FIT_PROBLEMS = r"""(phone) => {
  const problems = [];
  const main = document.querySelector('[data-testid="stMain"]');
  const where = el => {
    const t = el.closest('[data-testid]');
    return t ? t.getAttribute('data-testid') : el.tagName;
  };
  for (const el of [document.scrollingElement, main]) {
    if (el && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`page scrolls sideways: ${where(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  const skip = '[data-testid="stDataFrame"], [data-testid="stVegaLiteChart"], [data-testid="stTooltipContent"]';
  for (const el of main.querySelectorAll('*')) {
    if (el.closest(skip)) continue;
    if (!el.getClientRects().length || el.closest('details:not([open])')) continue;   // not on screen
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    if (el.tagName === 'INPUT' && !['text', 'search', ''].includes(el.type)) continue;
    const clips = cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis';
    if (!clips || el.clientWidth === 0) continue;
    // the share link: one line with its copy button by design (the button copies it whole)
    if (el.closest('.st-key-share_link')) continue;
    // a selectbox shows its choice in an <input>: its value is the text to see
    const text = (el.tagName === 'INPUT' ? el.value : el.innerText || '').trim();
    if (text && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`clipped text in ${where(el)}: "${text.slice(0, 60)}" ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  // a heading's word is whole on its line: a long word wider than a phone was broken anywhere ("Mannschaftsturni" /
  // "ers"); a break after a hyphen or at a soft hyphen is a word's own
  for (const h of main.querySelectorAll('h1, h2, h3')) {
    if (!h.getClientRects().length || h.closest('details:not([open])')) continue;
    const texts = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      for (const word of node.data.matchAll(/[^\s\u00ad\-\u2010-\u2014\/]+/g)) {
        // the word's first and last letters on one line
        const top = at => {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const boxes = [...range.getClientRects()].filter(r => r.width > 0);   // a letter right after a line break
          return boxes.length ? Math.round(boxes[boxes.length - 1].top) : null;   // also gives the line before's end
        };
        if (word[0].length > 1 && top(word.index) !== top(word.index + word[0].length - 1)) {
          problems.push(`a heading breaks inside a word: "${word[0]}" in "${h.innerText.slice(0, 60)}"`);
        }
      }
    }
  }
  const measure = document.createElement('canvas').getContext('2d');
  for (const grid of main.querySelectorAll('[data-testid="stDataFrame"]')) {
    if (!grid.getClientRects().length || grid.closest('details:not([open])')) continue;   // not on screen
    const scroller = grid.querySelector('.dvn-scroller');
    const heads = [...grid.querySelectorAll('table[role="grid"] th')].map(th => th.textContent);
    const scrolls = scroller && scroller.scrollWidth > scroller.clientWidth + 1;
    // Build's results grid of many rounds (its number and name pinned) may scroll its rounds sideways on a laptop
    if (scrolls && !phone && !grid.closest('.st-key-wide_results')) {
      problems.push(`grid hides columns (${heads.slice(0, 4).join(', ')}…): ${scroller.scrollWidth} > ${scroller.clientWidth}`);
    }
    // the grid inside its box: one drawn taller than its box runs under what follows it (its last rows hidden)
    const box = grid.closest('[data-testid="stElementContainer"]');
    if (scroller && box && scroller.getBoundingClientRect().bottom > box.getBoundingClientRect().bottom + 1) {
      problems.push(`grid runs past its box (${heads.slice(0, 3).join(', ')}…): ` +
        `${Math.round(scroller.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom)} px`);
    }
    const canvas = grid.querySelector('canvas[data-testid="data-grid-canvas"]');
    const editor = grid.querySelector('.stDataFrameGlideDataEditor');
    if (!canvas || !editor) continue;
    const style = getComputedStyle(editor);
    const hex = style.getPropertyValue('--gdg-border-color').trim().replace('#', '');
    const border = [0, 2, 4].map(i => parseInt(hex.slice(i, i + 2), 16));
    const family = style.getPropertyValue('--gdg-font-family').trim();
    const size = style.getPropertyValue('--gdg-base-font-style').trim();
    const pad = parseFloat(style.getPropertyValue('--gdg-cell-horizontal-padding')) || 8;
    measure.font = `${size} ${family}`;
    const drawn = canvas.getBoundingClientRect().width;
    if (!drawn) continue;                                              // in a tab or panel not shown
    const ctx = canvas.getContext('2d');
    const dpr = canvas.width / drawn;
    const row = ctx.getImageData(0, Math.round(4 * dpr), canvas.width, 1).data;
    const edges = [];
    for (let x = 0; x < canvas.width; x++) {
      if (row[4 * x] === border[0] && row[4 * x + 1] === border[1] && row[4 * x + 2] === border[2]) edges.push(x / dpr);
    }
    // An editor that adds rows has a row-marker column first; so has a grid whose rows can be picked, seen as
    // one line more than its columns need (a line follows every column but the last). On a phone a wide grid
    // shows only its first columns, so that count cannot tell, and the editor's "Add row" button must.
    const container = grid.closest('[data-testid="stElementContainer"]') || grid;
    const addsRows = [...container.querySelectorAll('button')].some(b => b.getAttribute('aria-label') === 'Add row');
    const markers = addsRows || edges.length >= heads.length ? 1 : 0;
    const cells = [...grid.querySelectorAll('table[role="grid"] tr')].map(tr => [...tr.children]);
    heads.forEach((head, i) => {
      const left = i + markers === 0 ? 0 : edges[i + markers - 1];
      const cutByFrame = i + markers >= edges.length;                // no line after it: the frame's edge
      if (cutByFrame && scrolls) return;                               // scrolled into view on a phone
      const right = cutByFrame ? canvas.width / dpr : edges[i + markers];
      const width = right - left;
      for (const tr of cells) {
        const cell = tr.find(c => c.getAttribute('aria-colindex') === String(i + 1));
        const text = cell ? cell.textContent : '';
        if (text && measure.measureText(text).width + 2 * pad > width + 1) {
          problems.push(`grid cell cut in column "${head}" (${Math.round(width)} px): "${text.slice(0, 50)}"`);
          break;
        }
      }
    });
  }
  return problems;
}"""


def opened(name: str) -> re.Pattern[str]:
    """The notice after an upload, with the file name exactly as the user would copy it (no invisible
    character inside it)."""
    return re.compile(f"Opened {re.escape(name)}")
