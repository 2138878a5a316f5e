"""axe-core over every page at a laptop (1280x800) and a phone (390x844) width, with the example event and with a
52-player real event: no serious or critical violation (WCAG 2.1 A and AA, and axe's best practices).

axe-core is the rule engine behind the accessibility audits of the browsers' own developer tools; the
``axe-playwright-python`` package carries a copy of it and injects it into the Playwright page.  Besides every
serious or critical finding, three rules of lesser impact are held to as well, because the issue that brought
this test names them: headings in order (``heading-order``), table headers with text (``empty-table-header``) and
a declared page language (``html-has-lang``).

In every language (a translated page must still declare its language, keep its headings in order and its text
readable), on that language's servers (:mod:`tests.e2e.languages`): every page with the built-in example at both
widths.  In English each tab of a page is audited in turn, and the 52-player file (after round 4 of 9) too; a
translation changes the words, not the structure the other tabs share with the first one (their labels,
headings and roles are the same messages, and an empty translation fails ``make check``), so the other
languages audit each page as it opens, which keeps the whole run within its time on two cores.
"""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from i18n.languages import DEFAULT
from tests.e2e.languages import address, big_event_on, cases
from tests.e2e.servers import RunningServer
from tests.e2e.test_browser_fit import SIZES
from tests.e2e.waiting import relaid, settle
from ui.session.navigation import PAGES

pytestmark = pytest.mark.e2e

AXE = Axe()
ALSO_HELD = {"heading-order", "empty-table-header", "html-has-lang"}
OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
           "rules": {rule: {"enabled": True} for rule in sorted(ALSO_HELD)},
           "resultTypes": ["violations"]}


def open_everything(page: Page) -> None:
    """Open every closed expander, so that axe also reads what is folded away (colours are only checked on
    what is shown), and wait until the page has finished drawing what they hold.

    A box whose content is written only while it is open runs the page again when it opens, and the app's
    keyboard script gives a scrolling text block its place in the tab order at the browser's next idle moment
    (at most half a second after the page changed): :func:`settle` waits until the page has been unchanged for
    longer than that, so the audit reads the page after both."""
    page.evaluate("() => document.querySelectorAll('[data-testid=stMain] details:not([open])')"
                  ".forEach(d => { d.open = true; })")
    settle(page)


def violations(page: Page) -> list[str]:
    """What axe finds on the page as it stands: one line per rule broken (its impact, how many elements, where)."""
    found = AXE.run(page, options=OPTIONS).response["violations"]
    lines = []
    for v in found:
        if v["impact"] in ("serious", "critical") or v["id"] in ALSO_HELD:
            where = "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:3])
            lines.append(f"{v['id']} ({v['impact']}) x{len(v['nodes'])}: {where}")
    return lines


def audit_every_page(page: Page, url: str, tag: str, lang: str = "en", every_tab: bool = True) -> dict[str, list[str]]:
    """Every page opened once and audited at each size (the window narrowed from the laptop's to the phone's, which
    Streamlit lays out again in the browser), with ``every_tab`` each tab of a page shown in turn (its panel only),
    else the page as it opens."""
    found: dict[str, list[str]] = {}
    for p in PAGES:
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
        page.goto(address(url, p.url_path, lang))
        settle(page)
        expect(page.get_by_test_id("stException")).to_have_count(0)
        open_everything(page)
        tabs = page.get_by_test_id("stMain").get_by_role("tab")
        for t in range(max(1, tabs.count()) if every_tab else 1):
            if t:
                tabs.nth(t).click()
                expect(tabs.nth(t)).to_have_attribute("aria-selected", "true")
                settle(page)                         # a tab switch reruns the page (Build draws the open tab only)
                open_everything(page)
            for n, (width, height) in enumerate(SIZES if t % 2 == 0 else SIZES[::-1]):   # no needless resize
                if n:
                    page.set_viewport_size({"width": width, "height": height})
                    relaid(page)
                lines = violations(page)
                if lines:
                    found[f"{tag} {lang} {p.url_path or 'start'} {width} tab {t + 1}"] = lines
    return found


@pytest.mark.parametrize("lang, event", cases(("example", "big")))
def test_no_serious_violation_on_any_page(app_server: RunningServer, browser: Browser, page: Page, lang: str,
                                          event: str) -> None:
    url = big_event_on(app_server, browser, lang) if event == "big" else app_server.url
    found = audit_every_page(page, url, event, lang, every_tab=lang == DEFAULT)
    report = "\n".join(f"{where}\n  " + "\n  ".join(lines) for where, lines in found.items())
    assert found == {}, report


def test_axe_sees_a_violation(app_url: str, page: Page) -> None:
    """The audit is not blind: grey-on-white text added by hand is reported as too faint."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(address(app_url, "glossary", "en"))
    settle(page)
    page.evaluate("""() => { const p = document.createElement('p'); p.textContent = 'faint words';
        p.style.color = '#bbbbbb'; document.querySelector('[data-testid="stMain"]').prepend(p); }""")
    assert any(line.startswith("color-contrast (serious)") for line in violations(page))
