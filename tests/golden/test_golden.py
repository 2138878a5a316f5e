"""What a user sees does not change behind a refactor: the command line's recorded outputs, byte for byte.

``tools/record_golden.py`` says what is recorded and how to record again when an output is meant to change.
"""
from __future__ import annotations

import json

import pytest

from tools.record_golden import event_files, golden_path, outputs


@pytest.mark.parametrize("path", event_files(), ids=lambda p: p.name)
def test_command_line_output_is_unchanged(path):
    recorded = json.loads(golden_path(path).read_text(encoding="utf-8"))
    now = outputs(path)
    assert set(now) == set(recorded)
    changed = [k for k in recorded if now[k] != recorded[k]]
    assert not changed, f"{len(changed)} outputs differ, first: {changed[0]}\n{now[changed[0]]}"
