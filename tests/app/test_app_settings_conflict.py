"""AppTests: settings are versioned like the event.  A stale tab's change of the order is refused
with the same two choices as a stale event (reload, or keep a copy); the other tab's order survives."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.pages import open_page
from ui.session import store

STANDINGS = "Standings"


def session() -> AppTest:
    at = open_page(STANDINGS, timeout=90).run()
    assert not at.exception
    return at


def preset_box(at: AppTest):
    return next(s for s in at.selectbox if s.label == "Tie-break order (preset)")


def conflict() -> tuple[AppTest, AppTest]:
    newer, older = session(), session()                  # two tabs on the same saved event
    preset_box(newer).set_value("fide-swiss").run()
    assert not newer.exception and not any("changed in another tab" in w.value for w in newer.warning)
    preset_box(older).set_value("fide-swiss-a").run()     # from the older copy of the settings
    assert not older.exception
    return newer, older


def test_a_stale_tabs_order_is_refused_and_the_newer_one_kept():
    _newer, older = conflict()
    assert any("changed in another tab" in w.value for w in older.warning)
    assert store.load_settings(store.latest()[0], store.latest()[2]).preset == "fide-swiss"
    assert {"Reload the saved event", "Save mine as a copy"} <= {b.label for b in older.button}


def test_reloading_shows_the_saved_order_and_then_changes_go_through():
    _newer, older = conflict()
    next(b for b in older.button if b.label == "Reload the saved event").click().run()
    assert not older.exception and not any("changed in another tab" in w.value for w in older.warning)
    assert preset_box(older).value == "fide-swiss"
    preset_box(older).set_value("uscf").run()
    assert store.load_settings(store.latest()[0], store.latest()[2]).preset == "uscf"


def test_keeping_a_copy_saves_this_tabs_order_next_to_the_other():
    _newer, older = conflict()
    next(b for b in older.button if b.label == "Save mine as a copy").click().run()
    assert not older.exception
    saved = {e.name: e.id for e in store.list_events()}
    copy = next(i for n, i in saved.items() if n.endswith("(copy)"))
    original = next(i for n, i in saved.items() if not n.endswith("(copy)"))
    assert store.load_settings(copy, store.load(copy)).preset == "fide-swiss-a"
    assert store.load_settings(original, store.load(original)).preset == "fide-swiss"
