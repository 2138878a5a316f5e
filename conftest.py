"""The time of each folder of tests, printed after every run (``make test``, ``make test-fast``, or any
``pytest``): here at the root so that the engine's doctests are counted too.  The tests' own fixtures are in
``tests/conftest.py``."""
from __future__ import annotations

import pytest

#: seconds spent in each folder's tests (setup, call and teardown; added up over the workers with ``-n``)
_FOLDER_SECONDS: dict[str, float] = {}
#: each folder's first start and last end on the clock (under ``-n`` the folders run side by side)
_FOLDER_SPAN: dict[str, tuple[float, float]] = {}


def folder_of(nodeid: str) -> str:
    """The folder a test belongs to, as the time per folder names it: ``tests/engine``, or ``engine (doctests)``
    for the examples in the engine's docstrings."""
    path = nodeid.split("::", 1)[0]
    parts = path.split("/")
    if parts[0] == "tests" and len(parts) > 2:
        return f"tests/{parts[1]}"
    if parts[0] == "engine":
        return "engine (doctests)"
    return parts[0] if len(parts) > 1 else "tests"


def pytest_runtest_logreport(report):
    """Count each phase of each test against its folder (under ``-n`` the workers' reports arrive here too, with
    their own clock readings: the workers run on the same machine)."""
    folder = folder_of(report.nodeid)
    _FOLDER_SECONDS[folder] = _FOLDER_SECONDS.get(folder, 0.0) + report.duration
    start, stop = getattr(report, "start", None), getattr(report, "stop", None)
    if start is not None and stop is not None:
        first, last = _FOLDER_SPAN.get(folder, (start, stop))
        _FOLDER_SPAN[folder] = (min(first, start), max(last, stop))


def pytest_terminal_summary(terminalreporter, config):
    """Print the time of each folder after the run, so a folder that grows slow is seen: its tests' time added
    up, and under ``-n`` the stretch of the run it took (from its first test's start to its last one's end)."""
    if not _FOLDER_SECONDS:
        return
    workers = getattr(config.option, "numprocesses", None) or 0
    terminalreporter.write_sep("-", "time per folder (seconds of test time)"
                               if not workers else f"time per folder ({workers} workers side by side)")
    for folder, seconds in sorted(_FOLDER_SECONDS.items(), key=lambda kv: -kv[1]):
        span = _FOLDER_SPAN.get(folder)
        during = f"   during {span[1] - span[0]:8.1f} s of the run" if workers and span else ""
        terminalreporter.write_line(f"{folder:<22} {seconds:8.1f} s{during}")
    if workers and _FOLDER_SPAN:
        first = min(s for s, _ in _FOLDER_SPAN.values())
        last = max(e for _, e in _FOLDER_SPAN.values())
        terminalreporter.write_line(f"{'all tests':<22} {sum(_FOLDER_SECONDS.values()):8.1f} s   "
                                    f"during {last - first:8.1f} s of the run")



#: tests that are always marked ``xdist_group``: the shared peer comparison (its module fixture, about 20 s of both
#: cores, runs once)
GROUPED = ("tests/reference/test_peer_gacrux.py::",)


def pytest_xdist_node_collection_finished(node, ids):
    """Under ``pytest -n N --dist loadgroup`` (``make test``): the ids a worker collected must carry the xdist
    groups of the tests marked ``xdist_group`` (pytest-xdist adds ``@group`` to them, and sends a group to one
    worker).  A pytest that keeps ids where this pytest-xdist cannot add to them spreads each group over every
    worker: each worker would start the browser tests' servers and run the peer comparison again, and the run
    would take minutes more without failing.  Stop it at once instead, naming the versions."""
    if node.config.getvalue("dist") != "loadgroup":
        return
    marked = [i for i in ids if i.startswith(GROUPED)]
    if marked and not any("@" in i for i in marked):
        import xdist
        pytest.exit(f"pytest {pytest.__version__} with pytest-xdist {xdist.__version__}: the xdist groups did not "
                    f"take (e.g. {marked[0]}); install the versions pyproject.toml asks for", returncode=4)
