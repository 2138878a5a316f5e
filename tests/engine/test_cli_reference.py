"""The command line explains itself: ``codes`` and ``presets`` list what the other commands accept, and
``pip install .`` gives the same program as a ``tiebreak`` command."""
from __future__ import annotations

import io
import sys
import tomllib
from contextlib import redirect_stderr

import pytest

from engine import cli
from engine.cli import main
from engine.core.codes import CODES
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.teaching.explanations import CRITERIA
from i18n.render import first_sentence
from tests.paths import REPO_ROOT


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_codes_lists_every_code_with_its_name_and_a_one_line_meaning():
    status, out, err = run("codes")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["code", "name", "modifiers", "meaning"]
    table = lines[1:1 + len(CODES)]
    assert [ln.split()[0] for ln in table] == list(CODES)
    for line, (code, info) in zip(table, CODES.items()):
        assert info.name in line
        assert line.endswith(first_sentence(CRITERIA[code].sentences))
    bh = next(ln for ln in table if ln.startswith("BH "))
    assert "/Cn /Mn /N /P" in bh and "Add up the final scores of all your opponents." in bh


def test_codes_explains_the_modifiers_and_rule_sets():
    out = run("codes")[1]
    for form in ("/Cn", "/Mn", "/N", "/P", "/F", "/Ln", "/L+n", "/R"):
        assert f"\n  {form} " in out
    assert "Leaves out the n least significant values" in out and "(s)" not in out
    for name in RULE_SETS:
        assert f"\n  {name} " in out
    assert "GE = REP" in out


def test_presets_lists_every_preset_with_its_rule_set_and_order():
    status, out, err = run("presets")
    assert status == 0 and err == ""
    for name, p in PRESETS.items():
        line = next(ln for ln in out.splitlines() if ln.split()[:1] == [name])
        assert p.rules in line.split() and ", ".join(p.codes) in line and p.label in line
    assert "uscf-wintd (variant)" in out
    assert "US Chess rule 34E" in out


def test_first_sentence_keeps_numbers_and_percentages_whole():
    text = CRITERIA["MM"].sentences
    assert first_sentence(text).endswith("below 50 % drop the strongest.")


def test_pyproject_declares_the_tiebreak_command_and_finds_the_engine_packages():
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["scripts"] == {"tiebreak": "engine.cli:run"}
    include = project["tool"]["setuptools"]["packages"]["find"]["include"]
    assert "engine" in include and "engine.*" in include          # the engine and all its subpackages


def test_the_console_entry_point_runs_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["tiebreak", "presets"])
    with pytest.raises(SystemExit) as done:
        cli.run()
    assert done.value.code == 0
    assert "fide-swiss" in capsys.readouterr().out
    monkeypatch.setattr(sys, "argv", ["tiebreak", "--help"])
    with pytest.raises(SystemExit) as done:
        cli.run()
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("usage: tiebreak ")
