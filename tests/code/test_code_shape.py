"""The shape of the code a newcomer reads: short functions, short pages.

A function over :data:`LONGEST` lines says in its docstring why it is kept whole ("Kept as one function:
..."); a page (``pages/``) reads as a description of its screen, so it stays under :data:`PAGE_LINES` lines and
hands its parts to ``ui/``.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.paths import REPO_ROOT

LONGEST = 80
REASON = "Kept as one function"
PAGE_LINES = 150


def _sources() -> list[Path]:
    return sorted([*(REPO_ROOT / "engine").rglob("*.py"), *(REPO_ROOT / "ui").rglob("*.py"),
                   *(REPO_ROOT / "pages").glob("*.py"), REPO_ROOT / "app.py"])


def long_functions(path: Path, root: Path = REPO_ROOT) -> list[str]:
    """The functions of ``path`` longer than :data:`LONGEST` lines whose docstring gives no reason."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > LONGEST and REASON not in (ast.get_docstring(node) or ""):
                out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return out


def test_no_long_function_without_its_reason():
    found = [f for path in _sources() for f in long_functions(path)]
    assert not found, "\n".join(found)


def test_the_rule_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST))
    plain = tmp_path / "plain.py"
    plain.write_text(f'def f():\n    """Adds."""\n{body}\n', encoding="utf-8")
    kept = tmp_path / "kept.py"
    kept.write_text(f'def f():\n    """Adds.\n\n    {REASON}: it is a list."""\n{body}\n', encoding="utf-8")
    short = tmp_path / "short.py"
    short.write_text('def f():\n    """Adds."""\n    return 1\n', encoding="utf-8")
    assert len(long_functions(plain, tmp_path)) == 1
    assert long_functions(kept, tmp_path) == [] and long_functions(short, tmp_path) == []


def test_no_page_over_its_length():
    long = [f"{p.name}: {n} lines" for p in sorted((REPO_ROOT / "pages").glob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > PAGE_LINES]
    assert not long, "\n".join(long)


#: a plural made by hand beside its number ("round{'s' if n > 1 else ''}"): engine.core.words says it once
HAND_MADE_PLURAL = re.compile(r"""\{['"]s?['"] if [^}]*else ['"]s?['"]\}""")


def test_plurals_come_from_the_words_module():
    found = [f"{p.relative_to(REPO_ROOT)}:{n}: {line.strip()}" for p in _sources()
             if p.name != "words.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if HAND_MADE_PLURAL.search(line)]
    assert not found, "\n".join(found)
    assert HAND_MADE_PLURAL.search("f\"{n} round{'s' if n > 1 else ''}\"")
    assert HAND_MADE_PLURAL.search("f\"total{'' if cut == 1 else 's'}\"")
