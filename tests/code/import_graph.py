"""The import graph of a package read from its source, for the layer tests of the engine (``test_layers.py``) and
of the app side (``test_ui_layers.py``).

Every ``import`` statement counts, also those inside functions, so that neither a circle nor a crossed layer can
hide behind a function-level import.
"""
from __future__ import annotations

import ast
from pathlib import Path


def module_name(path: Path, package: Path) -> str:
    """The dotted name of the module at ``path`` inside the package folder ``package`` (``engine.core.model``)."""
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, package: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved), with each imported name as a possible module."""
    name = module_name(path, package)
    home = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = home.split(".")[: len(home.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def top_packages(path: Path, package: Path) -> set[str]:
    """The top-level packages ``path`` imports (``streamlit``, ``engine``, ``typing``, ...)."""
    return {i.split(".")[0] for i in imports_of(path, package) if i}


def package_imports(package: Path) -> dict[str, set[str]]:
    """module -> the modules of the same package it imports."""
    graph = {module_name(p, package): imports_of(p, package) for p in sorted(package.rglob("*.py"))}
    modules = set(graph)
    return {m: {i for i in imps if i in modules and i != m} for m, imps in graph.items()}


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of imports in ``graph``, each as the path that closes it.  A module importing one of its own
    parent packages is no circle (importing ``engine.core.model`` runs ``engine/core/__init__`` first anyway)."""
    graph = {m: {i for i in imps if not m.startswith(i + ".")} for m, imps in graph.items()}
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                circles.append(path[path.index(n):] + [n])
            elif n not in state:
                visit(n, path + [n])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])
    return circles
