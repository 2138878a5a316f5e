"""A link straight to a page, opened on a server nobody has visited yet, shows that page with the full
navigation and no "Page not found" pop-up (Streamlit's first-load handling of a pages/ folder)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_deep_link_on_a_fresh_server(fresh_app_url, page):
    page.goto(f"{fresh_app_url}/explain")
    expect(page.get_by_role("heading", name="Explain a tie-break value")).to_be_visible(timeout=60_000)
    nav = page.get_by_test_id("stSidebarNav")
    expect(nav.get_by_role("link", name="Why is A above B?")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("Page not found")).to_have_count(0)
