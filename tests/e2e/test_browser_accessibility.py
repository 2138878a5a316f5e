"""The accessibility audit (:mod:`tests.e2e.axe`) is not blind: a violation made by hand in a real page is
reported.  Every page is audited at a laptop's and a phone's width in every language by ``test_browser_pages``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.axe import violations
from tests.e2e.languages import address
from tests.e2e.waiting import settle

pytestmark = pytest.mark.e2e


def test_axe_sees_a_violation(app_url: str, page: Page) -> None:
    """The audit is not blind: grey-on-white text added by hand is reported as too faint."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(app_url, "glossary", "en"))
    settle(page)
    page.evaluate("""() => { const p = document.createElement('p'); p.textContent = 'faint words';
        p.style.color = '#bbbbbb'; document.querySelector('[data-testid="stMain"]').prepend(p); }""")
    assert any(line.startswith("color-contrast (serious)") for line in violations(page))
