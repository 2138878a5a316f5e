"""The catalogs' check sees a sentence template that the extraction misses: babel's reader loses its place after a
loop variable named like a message keyword (``t``), and everything said after it would stay English unnoticed."""
from __future__ import annotations

from pathlib import Path

from i18n.check import hidden_records, source_catalog

HIDING = '''def f(st, rows):
    lines = [t for t in rows if t[2] == 310]
    for line in lines:
        raise ValueError(said("round {n} is hidden", n=line))
'''
#: the module's place in the made-up tree, as the check names it (no file of the repository)
MODULE = "/".join(("engine", "teams", "reader.py"))
PLAIN = HIDING.replace("[t for t in rows if t[2] == 310]", "[row for row in rows if row[2] == 310]")


def a_source_tree(root: Path, text: str) -> Path:
    """``text`` as a module of a folder ``i18n/babel.cfg`` names (the team events' engine)."""
    (root / "engine" / "teams").mkdir(parents=True)
    (root / "engine" / "teams" / "reader.py").write_text(text, encoding="utf-8")
    return root


def test_a_template_after_a_loop_variable_named_t_is_reported_with_its_place(tmp_path):
    root = a_source_tree(tmp_path, HIDING)
    assert [m.id for m in source_catalog(root) if m.id] == []          # what pybabel extract would write: nothing
    found = hidden_records(source_catalog(root), root)
    assert len(found) == 1 and found[0].startswith(f"{MODULE}:4: “round {{n}} is hidden” is missed")


def test_the_same_module_with_another_loop_name_is_read_whole(tmp_path):
    root = a_source_tree(tmp_path, PLAIN)
    assert [m.id for m in source_catalog(root) if m.id] == ["round {n} is hidden"]
    assert hidden_records(source_catalog(root), root) == []
