"""The navigation table: every page file exists, is named as its address, and is listed once."""
from __future__ import annotations

from pathlib import Path

from tests.paths import REPO_ROOT
from ui.session.navigation import PAGES


def test_every_page_file_is_named_as_its_address():
    # a deep link opened as a browser's very first request is looked up by file name in pages/ before the
    # navigation runs: /forecast served by pages/forecast.py showed "Page not found" over the page
    for p in PAGES:
        assert (REPO_ROOT / p.path).is_file(), p.path
        assert Path(p.path).stem == (p.url_path or "start"), p


def test_every_page_file_is_in_the_navigation_once():
    listed = [p.path for p in PAGES]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == sorted(f"pages/{f.name}" for f in (REPO_ROOT / "pages").glob("*.py"))
    assert len({p.title for p in PAGES}) == len(PAGES) and len({p.url_path for p in PAGES}) == len(PAGES)
