"""A clone is enough: the product never sends a reader to the project's private specification.

README, engine, scenarios, app and tests cite the official rule (FIDE C.07 art. 8.2, US Chess rule 34E)
or say it in plain words, so a maintainer with only the clone can follow every reference; and nothing
reads the folder beside the repository that a clone does not have.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.citations import CITATION
from tests.paths import REPO_ROOT

#: files still being reworded by another engineer (their screen and announcement texts)
OWNED_ELSEWHERE = {"engine/teaching/announcement.py", "engine/teaching/explanations.py"}
TEXT_ENDINGS = {".py", ".md", ".json", ".toml", ".txt", ".csv"}


def product_files() -> list[Path]:
    roots = [REPO_ROOT / "README.md", REPO_ROOT / "CONTRIBUTING.md", REPO_ROOT / "app.py", REPO_ROOT / "pyproject.toml",
             REPO_ROOT / "Makefile"]
    for folder in ("engine", "scenarios", "tests", "docs", "ui", "pages"):
        roots += sorted(p for p in (REPO_ROOT / folder).rglob("*") if p.is_file() and p.suffix in TEXT_ENDINGS)
    return [p for p in roots if p.exists() and "golden" not in p.parts
            and p.relative_to(REPO_ROOT).as_posix() not in OWNED_ELSEWHERE]


def test_the_files_checked_include_the_readme_the_engine_and_the_tests():
    names = {p.relative_to(REPO_ROOT).as_posix() for p in product_files()}
    assert {"README.md", "app.py", "engine/cli.py", "tests/fixtures.py", "scenarios/build_scenarios.py",
            "CONTRIBUTING.md", "docs/command-line.md", "docs/hosting.md", "ui/session/state.py"} <= names


@pytest.mark.parametrize("path", product_files(), ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_no_citation_of_the_private_specification(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    found = [f"{no}: {line.strip()}" for no, line in enumerate(text.splitlines(), 1) if CITATION.search(line)]
    assert not found, "\n".join(found)


def test_nothing_reads_the_folder_beside_the_repository():
    pattern = re.compile(r"""["'](?:\.\./)+""" + "shared" + r"|/work/" + "shared")
    hits = [f"{p.relative_to(REPO_ROOT)}: {m.group(0)}" for p in product_files() if p.suffix == ".py"
            for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert not hits, hits
