"""The time of each folder of tests, printed after every run (``make test``, ``make test-fast``, or any
``pytest``): here at the root so that the engine's doctests are counted too.  The tests' own fixtures are in
``tests/conftest.py``."""
from __future__ import annotations

#: seconds spent in each folder's tests (setup, call and teardown; added up over the workers with ``-n``)
_FOLDER_SECONDS: dict[str, float] = {}


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
    """Count each phase of each test against its folder (the workers' reports arrive here too)."""
    _FOLDER_SECONDS[folder_of(report.nodeid)] = _FOLDER_SECONDS.get(folder_of(report.nodeid), 0.0) + report.duration


def pytest_terminal_summary(terminalreporter):
    """Print the time of each folder after the run, so a folder that grows slow is seen."""
    if not _FOLDER_SECONDS:
        return
    terminalreporter.write_sep("-", "time per folder (seconds of test time, added up over the workers)")
    for folder, seconds in sorted(_FOLDER_SECONDS.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{folder:<22} {seconds:8.1f} s")
