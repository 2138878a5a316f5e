"""Where the shared test data lives: ``shared/`` sits next to the repository (locally and in CI)."""
from __future__ import annotations

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
SHARED = REPO_ROOT.parent / "shared"
TRF_DIR = SHARED / "data" / "trf"


def trf_files() -> list[Path]:
    """Every sample TRF file, sorted so test ids are stable."""
    return sorted(TRF_DIR.glob("*.trf"))
