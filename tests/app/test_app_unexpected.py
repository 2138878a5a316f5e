"""No traceback anywhere: on a shared server an unforeseen failure of a page is one sentence and a
reference that the person running the server finds in its log; Streamlit's own error box shows no details."""
from __future__ import annotations

import logging
import re

import pytest
from streamlit import config
from streamlit.testing.v1 import AppTest

from tests.paths import REPO_ROOT
from ui.session import workspace

JAR = {"cookie": ""}


def failing_app(monkeypatch) -> AppTest:
    """The whole app (app.py) whose Start page fails inside: its "preview" raises a KeyError naming a path."""
    def broken(*_args, **_kwargs):
        raise KeyError("/srv/tiebreak/secret/path.py")
    monkeypatch.setattr("ui.work.cached.preview_for", broken)
    monkeypatch.setattr(workspace, "_cookie", lambda: JAR["cookie"])
    return AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=60)


def test_hosted_a_failing_page_shows_one_sentence_and_a_reference_kept_in_the_log(monkeypatch, caplog):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "hosted")
    log = logging.getLogger("tiebreak_lab")                   # the server's log (Streamlit's handler writes it out)
    log.addHandler(caplog.handler)
    try:
        app = failing_app(monkeypatch).run()
    finally:
        log.removeHandler(caplog.handler)
    assert not app.exception                                  # no Streamlit exception box
    [error] = app.error
    found = re.fullmatch(r"Something went wrong on our side while showing this page, so it stopped; your saved "
                         r"events are as they were\. If it happens again, give the person who runs this server the "
                         r"reference (TL-\d{8}-[0-9A-F]{6})\.", error.value)
    assert found, error.value
    assert "/srv/tiebreak" not in error.value
    logged = [r for r in caplog.records if found.group(1) in r.getMessage()]
    assert logged and logged[0].exc_info and "secret/path.py" in str(logged[0].exc_info[1])
    assert config.get_option("client.showErrorDetails") == "none"


def test_on_a_laptop_the_error_is_the_users_own_and_shown_whole(monkeypatch):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "laptop")
    config.set_option("client.showErrorDetails", "full")
    app = failing_app(monkeypatch).run()
    assert app.exception and "secret/path.py" in app.exception[0].message


@pytest.fixture(autouse=True)
def _restore_error_details():
    yield
    config.set_option("client.showErrorDetails", "full")
