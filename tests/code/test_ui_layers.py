"""The app side's folders are its layers, as the engine's are: each imports only from itself and the layers below.

Read from the source (``tests/code/import_graph.py``: every ``import`` statement, also those inside functions), so
a layer cannot be crossed behind a function-level import.  The order, lowest first:

- ``render``: pure renderers, no Streamlit (plain text, tables, charts, the grid's frames);
- ``session``: what a browser's session holds (navigation, the saved-events store, the workspace, the
  session's state, the chooser's memory, the notice that another tab changed the event);
- ``work``: work done for a page (the job runner, the cache, the job bodies a separate process runs);
- ``widgets``: pieces more than one page shows (layout, accessibility, a chart told in words, the ordering
  chooser, share links, downloads, a file reader's warnings, the prize list and its table);
- the features on top: one folder per feature with several modules (``build``, ``why``), one module per
  feature with one (``check``, ``compare``, ``forecast``, ``glossary``, ``simulation``).  A feature
  imports no other feature: what two features share moves down into a layer.

The pages (``pages/``) and ``app.py`` stand above them all; nothing in ``ui/`` imports a page or the tests.
"""
from __future__ import annotations

from tests.code.import_graph import import_circles, package_imports, top_packages
from tests.paths import REPO_ROOT

UI = REPO_ROOT / "ui"
LAYERS = ["render", "session", "work", "widgets"]
#: the layer above the shared ones: features (a folder or a module of ``ui/`` that is no layer)
FEATURES = "features"
#: these run in a job's own process, which must not load Streamlit, pandas or Altair to do the engine's work
JOB_BODIES = ["ui.work.compare_job", "ui.work.forecast_job"]


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) < 2:
        return "package"
    return parts[1] if parts[1] in LAYERS else FEATURES


def feature_of(module: str) -> str:
    return module.split(".")[1]


def test_every_module_sits_in_a_layer_or_a_feature():
    loose = sorted(p.name for p in UI.iterdir() if p.suffix == ".py" and p.name != "__init__.py")
    folders = sorted(p.name for p in UI.iterdir() if p.is_dir() and not p.name.startswith("__") and p.name != "assets")
    # the shared layers exist, and every folder is a layer or a feature with an __init__ of its own
    assert set(LAYERS) <= set(folders)
    assert all((UI / f / "__init__.py").exists() for f in folders), folders
    assert "__init__.py" not in loose and loose            # one-module features sit at the top of ui/


def test_no_layer_imports_a_higher_one():
    wrong = []
    order = LAYERS + [FEATURES]
    for mod, imps in package_imports(UI).items():
        for imp in imps:
            if layer_of(imp) == "package":
                continue
            if order.index(layer_of(imp)) > order.index(layer_of(mod)):
                wrong.append(f"{mod} ({layer_of(mod)}) imports {imp} ({layer_of(imp)})")
    assert not wrong, "\n".join(wrong)


def test_no_feature_imports_another():
    wrong = [f"{mod} imports {imp}" for mod, imps in package_imports(UI).items() for imp in imps
             if layer_of(mod) == FEATURES and layer_of(imp) == FEATURES and feature_of(imp) != feature_of(mod)]
    assert not wrong, "\n".join(wrong)


def test_no_import_circle():
    circles = import_circles(package_imports(UI))
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def test_renderers_import_no_streamlit():
    bad = [f"{p.relative_to(UI)} imports Streamlit" for p in sorted((UI / "render").rglob("*.py"))
           if "streamlit" in top_packages(p, UI)]
    assert not bad, "\n".join(bad)


def test_job_bodies_import_only_the_engine_and_the_standard_library():
    allowed = {"engine", "__future__", "typing", "dataclasses", "collections", "itertools", "math", "fractions"}
    bad = []
    for name in JOB_BODIES:
        path = UI.parent / (name.replace(".", "/") + ".py")
        bad += [f"{name} imports {p}" for p in sorted(top_packages(path, UI) - allowed)]
    assert not bad, "\n".join(bad)


def test_the_app_side_imports_neither_the_pages_nor_the_tests():
    bad = [f"{p.relative_to(UI)} imports {t}" for p in sorted(UI.rglob("*.py"))
           for t in sorted(top_packages(p, UI) & {"pages", "tests", "app"})]
    assert not bad, "\n".join(bad)
