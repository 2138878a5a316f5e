"""The one AppTest fixture: ``at`` is the test module's page (its ``PAGE``, a title in the navigation), opened
in a fresh session and run once, without an exception.  A module sets ``TIMEOUT`` when its page needs longer."""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages import open_page


@pytest.fixture
def at(request: pytest.FixtureRequest) -> AppTest:
    app = open_page(request.module.PAGE, timeout=getattr(request.module, "TIMEOUT", 60)).run()
    assert not app.exception, app.exception
    return app
