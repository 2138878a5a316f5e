"""Every cross-reference in a docstring or comment (``:mod:``, ``:func:``, ``:class:`` ...) names something that exists.

A reference that points at a moved or renamed module sends the next reader on a search; this test resolves
each target the way a reader would: relative to the module it is written in (a leading dot is its package,
a bare name its own namespace), or as a full dotted path.
"""
from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from tests.paths import REPO_ROOT

ROLE = re.compile(r":(?:mod|func|class|data|meth|attr|exc|obj):`~?([^`<>]+?)(?:\(\))?`")
FOLDERS = ("engine", "ui")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _has(obj: object, attr: str) -> bool:
    """An attribute, or a field a class declares (a dataclass field without a default is no class attribute)."""
    if hasattr(obj, attr):
        return True
    return isinstance(obj, type) and any(attr in getattr(k, "__annotations__", {}) for k in obj.__mro__)


def _lookup(dotted: str) -> bool:
    """True when ``dotted`` is a module, or a module followed by attributes that exist."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            if not _has(obj, attr):
                return False
            obj = getattr(obj, attr, None)
        return True
    return False


def _resolves(target: str, module: ModuleType, name: str, is_package: bool) -> bool:
    package = name if is_package else name.rpartition(".")[0]
    if target.startswith("."):
        dots = len(target) - len(target.lstrip("."))
        base = package.split(".")[: len(package.split(".")) - dots + 1]
        return _lookup(".".join(base + [target.lstrip(".")]))
    head = target.split(".")[0]
    if hasattr(module, head):
        obj: object = module
        for attr in target.split("."):
            if not _has(obj, attr):
                return False
            obj = getattr(obj, attr, None)
        return True
    if _lookup(f"{package}.{target}"):
        return True
    if "." not in target and any(_has(c, target) for c in vars(module).values()
                                 if isinstance(c, type) and c.__module__ == module.__name__):
        return True     # a method or field of a class of this module, named from inside the class
    return _lookup(target)


def _sources() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in (REPO_ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_every_cross_reference_resolves(path: Path):
    text = path.read_text(encoding="utf-8")
    targets = sorted(set(ROLE.findall(text)))
    if not targets:
        return
    name = _module_name(path)
    module = importlib.import_module(name)
    broken = [t for t in targets if not _resolves(t, module, name, path.name == "__init__.py")]
    assert not broken, f"{path.relative_to(REPO_ROOT)} refers to what does not exist: {', '.join(broken)}"
