"""The engine's types catch a misspelt choice.

The engine type-checks strictly in ``make check`` (mypy ``--strict``, configured in pyproject.toml's
``[tool.mypy]``; no test runs it again).  Rule-model choices, trace kinds and value kinds are ``Literal``
types, so a misspelt one is reported by mypy rather than computing a silently different tie-break.
"""
from __future__ import annotations

import gc
from pathlib import Path

import pytest
from mypy import api


@pytest.mark.slow
def test_a_misspelt_rule_model_is_a_type_error(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.py"
    wrong.write_text('from engine.core.rules import RuleSet\n'
                     'RuleSet("x", "X", opponent_model="fide", own_model="dumy")\n', encoding="utf-8")
    threshold = gc.get_threshold()
    try:
        out, _, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(wrong)])
    finally:
        gc.set_threshold(*threshold)        # mypy raises the collector's threshold for the whole process
    assert status == 1 and 'Argument "own_model"' in out and "dumy" in out
