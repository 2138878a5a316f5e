"""AppTests: Rename goes through the one name check, and a hosted workspace's quota of saved events
is stated in one line when reached, with nothing overwritten."""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.pages import build_tab, open_page
from ui.session import store, workspace


def build() -> AppTest:
    at = open_page("Build event", timeout=90).run()
    assert not at.exception
    return at


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    return at.run()


@pytest.mark.parametrize("name", ["Club\u202enepO", "Club\u200fOpen", "\u200b\u200b", "A" * 300, "Open\x1b[31m"])
def test_rename_refuses_what_the_readers_refuse(name):
    at = build_tab(build(), "Saved events")
    before = store.latest()[1]
    at.text_input(key=f"rename_{store.latest()[0]}").set_value(name)
    at = click(at, "Rename")
    assert not at.exception
    assert len(at.error) == 1 and "the new name" in at.error[0].value
    assert store.latest()[1] == before                   # the saved name is unchanged


def test_the_quota_of_saved_events_is_stated_when_reached(monkeypatch):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "hosted")
    monkeypatch.setattr(store, "MAX_EVENTS_PER_WORKSPACE", 2)
    at = build_tab(build(), "Upload / download")
    assert any("2 saved events and 100 MB per browser" in c.value for c in at.caption), [c.value for c in at.caption]
    owner = workspace.owner_for(at.session_state["ws.token"])     # the key its browser keeps in a cookie
    at = build_tab(at, "Random event")
    at.number_input(key="rand_players").set_value(6)
    at = click(at, "Make a random event")                          # the first (the example is not saved)
    at.number_input(key="rand_players").set_value(8)
    at = click(at, "Make a random event")                          # the second: saved
    assert len(store.list_events(owner)) == 2
    at.number_input(key="rand_players").set_value(10)
    at = click(at, "Make a random event")                          # the third: refused, kept on screen only
    assert not at.exception
    assert any("already keeps 2 saved events" in w.value for w in at.warning)
    assert at.text[0].value.endswith("10 players, 5 rounds (not saved: this workspace keeps no more on "
                                     "this server)")
    assert len(store.list_events(owner)) == 2
