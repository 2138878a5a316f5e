"""axe-core, the rule engine behind the accessibility audits of the browsers' own developer tools, run in a page:
no serious or critical violation (WCAG 2.1 A and AA, and axe's best practices).

The ``axe-playwright-python`` package carries a copy of axe-core and injects it into the Playwright page.  Besides
every serious or critical finding, three rules of lesser impact are held to as well, because the issue that
brought the audit names them: headings in order (``heading-order``), table headers with text
(``empty-table-header``) and a declared page language (``html-has-lang``).
"""
from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

AXE = Axe()
ALSO_HELD = {"heading-order", "empty-table-header", "html-has-lang"}
OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
           "rules": {rule: {"enabled": True} for rule in sorted(ALSO_HELD)},
           "resultTypes": ["violations"]}


def violations(page: Page) -> list[str]:
    """What axe finds on the page as it stands: one line per rule broken (its impact, how many elements, where)."""
    found = AXE.run(page, options=OPTIONS).response["violations"]
    lines = []
    for v in found:
        if v["impact"] in ("serious", "critical") or v["id"] in ALSO_HELD:
            where = "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:3])
            lines.append(f"{v['id']} ({v['impact']}) x{len(v['nodes'])}: {where}")
    return lines
