"""The engine's folders are its layers: each imports only from itself and the layers below, with no circle.

Read from the source (``tests/code/import_graph.py``: every ``import`` statement, also those inside functions), so
a circle cannot hide behind a function-level import.  The order, lowest first:

- ``core``: the event model, exact numbers, codes, rule sets, presets, traces, the result model (chances);
- ``tiebreaks``: the per-round contributions and one module per family of tie-breaks;
- ``ranking``: standings, comparisons of orderings, why one player is above another, what would flip it;
- ``formats``: reading and writing event files, share links, exports;
- ``teams``: team events (teams, matches, match and game points), their files, tie-breaks and orders;
- ``prizes``: sharing prize money and trophies;
- ``pairing``: pairing a round (simple Swiss matching, FIDE Dutch, Berger tables, the next round, repeats);
- ``events``: making and changing events (generator, editing, an event's settings, simulation);
- ``forecast``: before the last round (places, groups, sampling, what one player needs, prize chances, report);
- ``teaching``: scenarios, exercises, explanations in plain words, the TD's announcement;
- the command line (``engine.cli``) on top.
"""
from __future__ import annotations

from tests.code.import_graph import import_circles, package_imports, top_packages
from tests.paths import REPO_ROOT

ENGINE = REPO_ROOT / "engine"
LAYERS = ["core", "tiebreaks", "ranking", "formats", "teams", "prizes", "pairing", "events", "forecast", "teaching", "cli"]


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:          # engine itself (its __init__ offers the public API, from any layer)
        return "api"
    return parts[1] if parts[1] in LAYERS else ("cli" if parts[1] in ("cli", "__main__") else parts[1])


def test_every_folder_is_a_known_layer():
    folders = {p.name for p in ENGINE.iterdir() if p.is_dir() and not p.name.startswith("__")}
    assert folders == set(LAYERS) - {"cli"}


def test_no_layer_imports_a_higher_one():
    wrong = []
    for mod, imps in package_imports(ENGINE).items():
        if layer_of(mod) == "api":
            continue
        for imp in imps:
            if layer_of(imp) == "api":
                wrong.append(f"{mod} imports the engine's public API")
            elif LAYERS.index(layer_of(imp)) > LAYERS.index(layer_of(mod)):
                wrong.append(f"{mod} ({layer_of(mod)}) imports {imp} ({layer_of(imp)})")
    assert not wrong, "\n".join(wrong)


def test_no_import_circle():
    circles = import_circles(package_imports(ENGINE))
    assert not circles, "import circles:\n" + "\n".join(" -> ".join(c) for c in circles)


def test_the_engine_imports_neither_streamlit_nor_the_app_nor_the_tests():
    bad = []
    for path in ENGINE.rglob("*.py"):
        bad += [f"{path.name}: {n}" for n in sorted(top_packages(path, ENGINE) & {"streamlit", "tests", "ui", "pages"})]
        text = path.read_text(encoding="utf-8")
        if "from tests" in text or "import tests" in text:
            bad.append(f"{path.relative_to(ENGINE)} mentions the tests in its code or doctests")
    assert not bad, "\n".join(sorted(set(bad)))
