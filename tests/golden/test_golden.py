"""What a user sees does not change behind a refactor: the command line's recorded outputs, byte for byte.

``tools/record_golden.py`` says what is recorded and how to record again when an output is meant to change.
"""
from __future__ import annotations

import json

import pytest

from tools.record_golden import (
    LANGUAGES,
    announcement_golden_path,
    announcement_html,
    event_files,
    golden_path,
    language_golden_path,
    language_outputs,
    outputs,
)


@pytest.mark.parametrize("path", event_files(), ids=lambda p: p.name)
def test_command_line_output_is_unchanged(path):
    recorded = json.loads(golden_path(path).read_text(encoding="utf-8"))
    now = outputs(path)
    assert set(now) == set(recorded)
    changed = [k for k in recorded if now[k] != recorded[k]]
    assert not changed, f"{len(changed)} outputs differ, first: {changed[0]}\n{now[changed[0]]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_working_in_each_language_is_unchanged(lang):
    """The working as German, French, Spanish and Russian readers read it, checked once by hand against each
    language's glossary (README.md here); a change to a catalog or a template that alters it fails here."""
    recorded = json.loads(language_golden_path(lang).read_text(encoding="utf-8"))
    now = language_outputs(lang)
    assert set(now) == set(recorded)
    changed = [k for k in recorded if now[k] != recorded[k]]
    assert not changed, f"{len(changed)} outputs differ, first: {changed[0]}\n{now[changed[0]]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_announcement_in_each_language_is_unchanged(lang):
    """The TD's announcement sheet as German, French, Spanish and Russian players read it (checked once by hand
    against each glossary, README.md here), declaring its language."""
    now = announcement_html(lang)
    assert f'<html lang="{lang}">' in now
    assert now == announcement_golden_path(lang).read_text(encoding="utf-8")
