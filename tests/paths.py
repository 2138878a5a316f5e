"""Where the test data lives: ``tests/data`` inside the repository, so that a clone is all the tests need."""
from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
DATA = REPO_ROOT / "tests" / "data"
TRF_DIR = DATA / "trf"


def trf_files() -> list[Path]:
    """Every sample TRF file, sorted so test ids are stable."""
    return sorted(TRF_DIR.glob("*.trf"))
