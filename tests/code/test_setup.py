"""The two set-up commands: ``make run`` installs only what the app needs, ``make test`` adds
the test tools; the README's quick start says how to choose another port.  ``make -n`` prints the commands
without running them, for a virtual environment that does not exist yet."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.paths import REPO_ROOT


def planned(target: str, tmp_path, *extra: str) -> str:
    if shutil.which("make") is None:
        pytest.fail("make is missing: install it (apt-get install -y make)", pytrace=False)
    done = subprocess.run(["make", "-n", target, f"VENV={tmp_path / 'venv'}", *extra], cwd=REPO_ROOT,
                          capture_output=True, text=True, check=True)
    return done.stdout


def test_make_run_installs_the_app_without_the_test_tools(tmp_path):
    commands = planned("run", tmp_path)
    assert "pip install --quiet -e .\n" in commands
    assert "[test]" not in commands and "-m pytest" not in commands
    assert "--server.port=8501" in commands
    assert "--server.port=8600" in planned("run", tmp_path, "PORT=8600")


def test_make_test_adds_the_test_tools(tmp_path):
    commands = planned("test", tmp_path)
    assert "pip install --quiet -e '.[test]'" in commands and "-m pytest -q" in commands


def test_the_quick_start_says_how_to_choose_another_port():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme[readme.index("## Set-up"):readme.index("## What is in the app")]
    assert "make run PORT=8600" in quick and "http://127.0.0.1:8600" in quick


def test_visitors_do_not_wait_for_the_source_watcher(tmp_path):
    """Streamlit's source watcher (for editing) walks every imported module's path on the server's event loop
    when a session starts and after a page's run: a visitor's first page waited for it.  It is off for
    ``make run`` (``.streamlit/config.toml``; the browser tests' servers turn it off themselves) and on for
    ``make run-dev``."""
    import tomllib
    config = tomllib.loads((REPO_ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["fileWatcherType"] == "none"
    assert "fileWatcherType" not in planned("run", tmp_path)
    dev = planned("run-dev", tmp_path)
    assert "--server.fileWatcherType=auto" in dev and "--server.runOnSave=true" in dev


def test_a_page_does_not_wait_for_a_full_garbage_collection():
    """Streamlit collects all of the server's garbage after each run of a page unless told not to; with the
    libraries and the kept answers in memory that took 0.1 to 0.4 s of every page switch and change."""
    import tomllib
    config = tomllib.loads((REPO_ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False


def test_make_run_compiles_every_catalog(tmp_path):
    """``make run`` compiles the catalogs with ``python -m i18n.compile``: ``pybabel compile`` (Babel 2.19) took
    "{percent} % of the maximum" and "{percent} % del máximo" for printf formats ('o' and 'd') and ended with an
    error on every catalog, so ``make run`` stopped on a fresh machine.  Each compiled catalog translates."""
    import gettext
    import sys

    from i18n.languages import SUPPORTED
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    assert "$(PY) -m i18n.compile $* $< $@" in makefile and "$(PYBABEL) compile" not in makefile
    said = {"de": "Rangliste", "fr": "Classement", "es": "Clasificación", "ru": "Турнирная таблица"}
    for lang in (lang for lang in SUPPORTED if lang != "en"):
        po = REPO_ROOT / "i18n" / "locales" / lang / "LC_MESSAGES" / "messages.po"
        mo = tmp_path / f"{lang}.mo"
        done = subprocess.run([sys.executable, "-m", "i18n.compile", lang, str(po), str(mo)], cwd=REPO_ROOT,
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        with mo.open("rb") as f:
            assert gettext.GNUTranslations(f).gettext("Standings").startswith(said[lang]), lang
