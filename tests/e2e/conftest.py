"""The browser tests' own fixtures (the shared ones, servers and Chromium, are in ``tests/conftest.py``)."""
from __future__ import annotations

from tests.e2e.languages import language_server

__all__ = ["language_server"]
