"""No request leaves the server: the page's favicon is served by the app itself, not fetched from an
outside font server as an emoji icon is.  Every request the browser makes is recorded (and the outside ones
refused, as in every browser test)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.servers import LOCAL

pytestmark = pytest.mark.e2e


def test_no_request_leaves_the_server(context, hosted_app_url: str) -> None:
    outside: list[str] = []
    context.on("request", lambda request: None if LOCAL.match(request.url) else outside.append(request.url))
    page: Page = context.new_page()
    page.goto(hosted_app_url)
    app = page.get_by_test_id("stApp")
    expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=60_000)
    icon = page.locator("link[rel~='icon']").first.get_attribute("href") or ""
    assert "gstatic" not in icon and "http" not in icon.split("/media/")[0].replace(hosted_app_url, "")
    page.get_by_role("link", name="Standings").first.click()
    expect(app).to_have_attribute("data-test-script-state", "notRunning", timeout=60_000)
    assert outside == []
