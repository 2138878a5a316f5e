"""AppTests of hosted mode (private workspaces) and of stale tabs (both modes), on the Build-event page.

Each ``AppTest`` is one browser session; ``?w=`` is the workspace token the browser keeps in its address.
"""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from tests.fixtures import fixture_a
from tests.pages import open_page
from tests.paths import REPO_ROOT
from ui import store, workspace

ROOT = REPO_ROOT
BUILD = "Build event"
WHY = "Why is A above B?"


@pytest.fixture
def hosted(monkeypatch):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "hosted")


def session(page: str = BUILD, token: str | None = None, shared: str | None = None) -> AppTest:
    """A new browser session opening ``page``, with ``?w=token`` and ``?s=shared`` when given."""
    at = open_page(page, timeout=60)
    if token is not None:
        at.query_params["w"] = token
    if shared is not None:
        at.query_params["s"] = shared
    at.run()
    assert not at.exception
    return at


def token_of(at: AppTest) -> str:
    return at.query_params["w"]


def saved_box(app: AppTest):
    """The saved-events chooser (its key changes whenever the list does)."""
    return next(s for s in app.selectbox if s.label == "Saved events")


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    return at.run()


def heading(at: AppTest) -> str:
    return at.text[0].value


def saved_names(at: AppTest) -> list[str]:
    return [s.name for s in store.list_events(workspace.owner_for(token_of(at)))]


def make_random(at: AppTest, players: int, rounds: int, seed: int) -> AppTest:
    at.number_input(key="rand_players").set_value(players)
    at.number_input(key="rand_rounds").set_value(rounds)
    at.number_input(key="rand_seed").set_value(seed)
    return click(at, "Make a random event")


def test_two_workspaces_never_see_each_others_events(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    assert heading(alice).startswith("Generated Swiss 10x4") and "10 players, 4 rounds" in heading(alice)
    bob = session()
    assert token_of(bob) != token_of(alice) and len(token_of(bob)) == 32
    assert heading(bob).startswith("Example event")            # not Alice's event
    bob_list = saved_box(bob).options
    assert len(bob_list) == 1 and bob_list[0].startswith("Example event")
    assert not any("Generated Swiss" in o for o in bob_list)
    bob = make_random(bob, players=8, rounds=3, seed=1)
    # Alice comes back with her bookmark: her own event and list, nothing of Bob's
    again = session(token=token_of(alice))
    assert token_of(again) == token_of(alice)
    assert "10 players, 4 rounds" in heading(again)
    assert sorted(n.split(" ")[0] for n in saved_names(again)) == ["Example", "Generated"]
    assert all("8 players" not in o for o in saved_box(again).options)


def test_a_forged_or_missing_token_gets_a_fresh_empty_workspace(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    for forged in ("", "x" * 32, token_of(alice)[:-1] + ("A" if token_of(alice)[-1] != "A" else "B"),
                   "1", "../" + token_of(alice)):
        other = session(token=forged)
        assert token_of(other) not in (forged, token_of(alice))
        assert heading(other).startswith("Example event")
        assert saved_names(other) == [n for n in saved_names(other) if n.startswith("Example")] != []
    assert "10 players, 4 rounds" in heading(session(token=token_of(alice)))


def test_a_share_link_opened_in_one_workspace_leaves_the_others_event_unchanged(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    alice_names = saved_names(alice)
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    bob = session(WHY, shared=link)
    assert token_of(bob) != token_of(alice)
    assert sorted(saved_names(bob)) == ["Example event", "Fixture A"]      # a fresh workspace + the link
    # Alice's workspace: same list, same open event
    assert saved_names(alice) == alice_names
    back = session(token=token_of(alice))
    assert "10 players, 4 rounds" in heading(back)
    # the link opened inside Alice's own workspace adds a copy there and changes nothing in Bob's
    bob_names = saved_names(bob)
    mine = session(WHY, token=token_of(alice), shared=link)
    assert saved_names(mine) == ["Fixture A", *alice_names]
    assert saved_names(bob) == bob_names


def test_a_share_link_opened_twice_in_your_workspace_adds_one_copy(hosted):
    """Issue 22 item 2: the link lands in the workspace whose key is in the address, once."""
    alice = make_random(session(), players=10, rounds=4, seed=7)
    alice_names = saved_names(alice)
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    first = session(WHY, token=token_of(alice), shared=link)
    assert token_of(first) == token_of(alice)                            # no new key
    assert saved_names(first) == ["Fixture A", *alice_names]             # nothing of hers hidden, one copy
    again = session(WHY, token=token_of(alice), shared=link)             # the same link, another day
    assert token_of(again) == token_of(alice)
    assert saved_names(again) == ["Fixture A", *alice_names]             # still one copy
    assert again.selectbox[0].value == 1 and again.selectbox[1].value == 2   # the link's players, on its event
    build = session(token=token_of(alice))
    assert heading(build).startswith("Fixture A")
    assert len(saved_box(build).options) == len(alice_names) + 1


def test_a_share_link_without_a_workspace_makes_one_once(hosted):
    """Issue 22 item 2: no key yet: one new workspace; a reload of the page (the key now in the address) adds
    no second workspace and no second copy."""
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    first = session(WHY, shared=link)
    token = token_of(first)
    assert sorted(saved_names(first)) == ["Example event", "Fixture A"]
    reload = session(WHY, token=token, shared=link)
    assert token_of(reload) == token
    assert sorted(saved_names(reload)) == ["Example event", "Fixture A"]


def test_laptop_mode_keeps_one_shared_workspace_without_a_token():
    first = make_random(session(), players=10, rounds=4, seed=7)
    assert "w" not in first.query_params
    second = session()
    assert "10 players, 4 rounds" in heading(second)           # a reload continues where the user left off
    assert len(saved_box(second).options) == 2


def test_the_sidebar_says_how_to_keep_the_workspace(hosted):
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    app.query_params["w"] = "y" * 32
    app.run()
    assert not app.exception
    box = app.sidebar
    assert any("not recognised" in w.value for w in box.warning)
    assert any("Bookmark the page, or download the link" in c.value for c in box.caption)
    assert [b.label for b in app.get("download_button")] == ["Download my workspace link"]
    assert app.query_params["w"] != "y" * 32


def test_laptop_mode_shows_no_workspace_box():
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not app.exception
    assert not app.get("download_button") and not app.sidebar.caption


@pytest.mark.parametrize("mode", ["laptop", "hosted"])
def test_a_stale_tab_is_told_and_can_reload(monkeypatch, mode):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", mode)
    newer = session()
    token = newer.query_params.get("w")
    older = session(token=token)                               # the same person's second tab
    rounds = store.latest(workspace.owner_for(token) if token else "")[2].rounds
    newer = click(newer, "Add round")
    assert not newer.warning
    older = click(older, "Remove last round")                  # from the old copy: must not overwrite
    assert "not saved from this tab" in heading(older)
    assert any("changed in another tab" in w.value for w in older.warning)
    saved = store.latest(workspace.owner_for(token) if token else "")[2]
    assert saved.rounds == rounds + 1                          # the newer tab's round survived
    older = click(older, "Reload the saved event")
    assert heading(older).endswith(f"after round {rounds} of {rounds + 1} (saved automatically)")
    assert not any("changed in another tab" in w.value for w in older.warning)
    older = click(older, "Remove last round")                  # now up to date: this save goes through
    assert store.latest(workspace.owner_for(token) if token else "")[2].rounds == rounds


def test_a_stale_tab_can_keep_its_version_as_a_copy():
    newer, older = session(), session()
    rounds = store.latest()[2].rounds
    newer.text_input(key=f"rename_{store.latest()[0]}").set_value("Renamed in the newer tab")
    newer = click(newer, "Rename")
    older = click(older, "Add round")
    assert any("changed in another tab" in w.value for w in older.warning)
    older = click(older, "Save mine as a copy")
    names = {s.name: s for s in store.list_events()}
    assert names["Renamed in the newer tab"].rounds == rounds
    copy = next(s for n, s in names.items() if n.endswith("(copy)"))
    assert copy.rounds == rounds + 1
    assert heading(older).startswith(copy.name) and "saved automatically" in heading(older)
