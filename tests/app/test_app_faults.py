"""On the page: a full disk refuses the save with a sentence; the change stays on screen and nothing
already saved is lost."""
from __future__ import annotations

from tests.pages import build_tab, open_page
from tests.robustness.test_faults import full_disk
from ui.session import store


def test_on_the_page_a_full_disk_is_a_sentence_and_the_change_stays_on_screen(monkeypatch):
    at = open_page("Build event").run()
    [saved] = store.list_events()
    before = store.load(saved.id)
    real = store._connect
    monkeypatch.setattr(store, "_connect", full_disk(real))
    at = build_tab(at, "Random event")
    at.number_input(key="rand_rounds").set_value(9)
    next(b for b in at.button if b.label == "Make a random event").click()
    at.run()
    assert not at.exception
    assert [w.value.replace("\\", "") for w in at.warning] == [
        "Made a random event: Generated Swiss 16x9 (seed 1). The event could not be saved: the disk is full or "
        "failing. Your event is kept in this page, but it is not saved."]
    assert at.text[0].value.startswith("Generated Swiss 16x9 (seed 1): Swiss, 16 players")   # still on screen
    monkeypatch.setattr(store, "_connect", real)        # not undo(): that would also undo this test's own database
    assert [e.id for e in store.list_events()] == [saved.id] and store.load(saved.id) == before


def test_the_heading_says_not_saved_after_a_refused_save_and_saved_once_a_save_goes_through(monkeypatch):
    at = open_page("Build event").run()
    assert at.text[0].value.endswith("(saved automatically)")
    real = store._connect
    monkeypatch.setattr(store, "_connect", full_disk(real))
    at = build_tab(at, "Random event")
    at.number_input(key="rand_rounds").set_value(9)
    next(b for b in at.button if b.label == "Make a random event").click()
    at.run()
    assert at.text[0].value == ("Generated Swiss 16x9 (seed 1): Swiss, 16 players, 9 rounds "
                                "(not saved: the disk is full or failing)")
    at.run()                                                   # the next run of the page still tells the truth
    assert at.text[0].value.endswith("(not saved: the disk is full or failing)")
    monkeypatch.setattr(store, "_connect", real)               # room again: the next change is saved
    at.number_input(key="rand_rounds").set_value(8)
    next(b for b in at.button if b.label == "Make a random event").click()
    at.run()
    assert at.text[0].value.endswith("16 players, 8 rounds (saved automatically)")
