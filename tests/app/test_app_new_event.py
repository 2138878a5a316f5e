"""After an upload every page starts from the new event, and Compare shows the event's own
order by default (item 14).

One session, as in the browser: choices made on Why, Explain and Compare for the example (Fixture A), then a
real file opened on Build event (the UzChess Cup 2025, a 10-player round robin ranked by FIDE's round-robin
list), then the same pages again.  Player numbers 1-10 exist in both events, so a remembered pick would
survive the upload; it must not.
"""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.formats.loader import load_event
from tests.pages import build_tab, open_page
from tests.paths import TRF_DIR

UZCHESS = TRF_DIR / "uzchess_cup_masters_2025.trf"

pytestmark = pytest.mark.usefixtures("fixture_a_example")


def go(at: AppTest, title: str) -> AppTest:
    """The same session on another page.  AppTest cannot follow the app's navigation (``switch_page`` stays
    on a page of a ``pages/`` folder), so the other page is opened with this session's state carried over:
    everything but the uploader's file, which Streamlit does not let a test set through the state."""
    nxt = open_page(title)
    for key, value in at.session_state.to_dict().items():
        if key != "upload" and not key.startswith("$$"):
            nxt.session_state[key] = value
    nxt.run()
    assert not nxt.exception, nxt.exception
    return nxt


def box(at: AppTest, label: str):
    return next(w for w in [*at.selectbox, *at.multiselect] if w.label.startswith(label))


def test_pages_start_from_the_uploaded_event_not_the_previous_picks():
    at = open_page("Why is A above B?").run()
    assert not at.exception
    box(at, "Player A").set_value(1)
    box(at, "Player B").set_value(2)
    at.run()
    at = go(at, "Explain")
    box(at, "Player").set_value(7).run()
    at = go(at, "Compare orderings")
    box(at, "Presets to compare").set_value(["lichess", "uscf"]).run()
    assert box(at, "Presets to compare").value == ["lichess", "uscf"]

    at = go(at, "Build event")
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((UZCHESS.name, UZCHESS.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error

    new = load_event(UZCHESS)
    at = go(at, "Why is A above B?")
    a, b = box(at, "Player A").value, box(at, "Player B").value
    assert (a, b) != (1, 2)
    # the default pair of the new event: two neighbours on the same points (#1 has 5, #2 5½ in this event)
    assert a != b and new.score(a) == new.score(b)
    at = go(at, "Explain")
    assert box(at, "Player").value == 4          # the page's own default, not the 7 picked for the example
    at = go(at, "Compare orderings")
    assert box(at, "Presets to compare").value == ["uscf", "fide-swiss", "fide-swiss-a"]
    # item 14: the event's own order (FIDE's round-robin list, not one of the presets shown) is a column
    assert box(at, "Your ordering above").value[0] == "fide"


def test_compare_shows_the_events_own_order_when_no_preset_column_does():
    at = build_tab(open_page("Build event").run(), "Upload / download")
    at.file_uploader(key="upload").set_value((UZCHESS.name, UZCHESS.read_bytes(), "text/plain")).run()
    at = go(at, "Compare orderings")
    import json

    from streamlit.dataframe_util import convert_arrow_bytes_to_pandas_df
    el = at.get("vega_lite_chart")[0]
    data = convert_arrow_bytes_to_pandas_df(el.proto.datasets[0].data.data)
    assert json.loads(el.proto.spec)["title"] == "Rank under each ordering"
    columns = list(dict.fromkeys(data["ordering"]))
    assert "yours · fide" in columns and "yours · uscf" in columns
    # under its own order (DE, WIN, SB, KS) Praggnanandhaa (#3) wins the UzChess Cup, as he did
    own = data[data["ordering"] == "yours · fide"].set_index("tpn")["rank"].to_dict()
    assert own[3] == 1
