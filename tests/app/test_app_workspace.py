"""AppTests of hosted mode (private workspaces) and of stale tabs (both modes), on the Build-event page.

Each ``AppTest`` is one browser session.  A browser keeps its workspace key in a cookie; AppTest cannot send
cookies (streamlit/testing/v1/app_test.py: "headers, cookies, and ip_address come from the session's
client"), so the ``jar`` fixture stands in for the cookie the browser sends when the page connects.  ``?w=``
is an old bookmark's key.  The browser's own side (the cookie written, the key leaving the address) is
tested in Chromium: tests/e2e/test_browser_workspaces.py.
"""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.ordering import ordering_of
from engine.core.rules import Options
from engine.formats.sharelink import Shared, encode
from tests.fixtures import fixture_a
from tests.pages import build_tab, open_page
from tests.paths import REPO_ROOT
from ui.session import store, workspace

ROOT = REPO_ROOT
BUILD = "Build event"
WHY = "Why is A above B?"


JAR = {"cookie": ""}


@pytest.fixture
def hosted(monkeypatch):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "hosted")
    JAR["cookie"] = ""
    monkeypatch.setattr(workspace, "_cookie", lambda: JAR["cookie"])


def session(page: str = BUILD, token: str | None = None, shared: str | None = None, cookie: str = "") -> AppTest:
    """A new browser session opening ``page``, with ``?w=token`` and ``?s=shared`` when given, in a browser
    whose workspace cookie is ``cookie`` ('' = a browser that never came here)."""
    JAR["cookie"] = cookie
    at = open_page(page, timeout=60)
    if token is not None:
        at.query_params["w"] = token
    if shared is not None:
        at.query_params["s"] = shared
    at.run()
    assert not at.exception
    return at


def token_of(at: AppTest) -> str:
    """The session's workspace key (the one its browser is told to keep in the cookie)."""
    return at.session_state["ws.token"]


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
    at = build_tab(at, "Random event")
    at.number_input(key="rand_players").set_value(players)
    at.number_input(key="rand_rounds").set_value(rounds)
    at.number_input(key="rand_seed").set_value(seed)
    return click(at, "Make a random event")


def test_two_workspaces_never_see_each_others_events(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    assert heading(alice).startswith("Generated Swiss 10x4") and "10 players, 4 rounds" in heading(alice)
    assert "w" not in alice.query_params                        # the key never rides in the address
    bob = session()
    assert token_of(bob) != token_of(alice) and len(token_of(bob)) == 32
    assert heading(bob).startswith("Example event")            # not Alice's event
    bob = build_tab(bob, "Saved events")
    assert saved_box(bob).options == []          # The untouched example is not saved in a new workspace
    assert heading(bob).endswith("(saved as soon as you change it)")
    bob = make_random(bob, players=8, rounds=3, seed=1)
    # Alice comes back in her browser (its cookie): her own event and list, nothing of Bob's
    again = session(cookie=token_of(alice))
    assert token_of(again) == token_of(alice) and "w" not in again.query_params
    assert "10 players, 4 rounds" in heading(again)
    assert [n.split(" ")[0] for n in saved_names(again)] == ["Generated"]
    again = build_tab(again, "Saved events")
    assert all("8 players" not in o for o in saved_box(again).options)
    # ... or on another computer with her old bookmark (?w=): the same
    bookmark = session(token=token_of(alice))
    assert token_of(bookmark) == token_of(alice)
    assert "10 players, 4 rounds" in heading(bookmark)


def test_a_forged_or_missing_token_gets_a_fresh_empty_workspace(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    for forged in ("", "x" * 32, token_of(alice)[:-1] + ("A" if token_of(alice)[-1] != "A" else "B"),
                   "1", "../" + token_of(alice)):
        for how in ({"token": forged}, {"cookie": forged}):
            other = session(**how)
            assert token_of(other) not in (forged, token_of(alice))
            assert heading(other).startswith("Example event")
            assert saved_names(other) == []                 # a fresh workspace: the example, not saved yet
    assert "10 players, 4 rounds" in heading(session(token=token_of(alice)))


def test_a_forged_key_in_the_address_keeps_your_own_workspace(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    JAR["cookie"] = token_of(alice)
    forged = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)      # the sidebar's box is app.py's
    forged.query_params["w"] = "Q" * 32
    forged.run()
    assert token_of(forged) == token_of(alice) and "w" not in forged.query_params
    assert saved_names(forged) == saved_names(alice)
    assert any("not recognised, so your own workspace on this browser was opened" in w.value
               for w in forged.warning)


def test_an_old_bookmark_keeps_its_key_in_the_address_only_until_the_cookie_is_kept(hosted):
    """AppTest has no browser to report the cookie kept, so the old ``?w=`` stays; a browser that sends the
    same key as its cookie has it kept, so the key leaves the address at once."""
    alice = make_random(session(), players=10, rounds=4, seed=7)
    waiting = session(token=token_of(alice))
    assert waiting.query_params["w"] == token_of(alice)
    kept = session(token=token_of(alice), cookie=token_of(alice))
    assert token_of(kept) == token_of(alice) and "w" not in kept.query_params
    replaced = session(token="Q" * 32)                          # a made-up key is replaced by the new one
    assert replaced.query_params["w"] == token_of(replaced) != "Q" * 32


def test_a_share_link_opened_in_one_workspace_leaves_the_others_event_unchanged(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    alice_names = saved_names(alice)
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    bob = session(WHY, shared=link)
    assert token_of(bob) != token_of(alice)
    assert saved_names(bob) == ["Fixture A"]               # a fresh workspace (the example unsaved) + the link
    # Alice's workspace: same list, same open event
    assert saved_names(alice) == alice_names
    back = session(cookie=token_of(alice))
    assert "10 players, 4 rounds" in heading(back)
    # the link opened in Alice's browser adds a copy to her workspace and changes nothing in Bob's
    bob_names = saved_names(bob)
    mine = session(WHY, shared=link, cookie=token_of(alice))
    assert token_of(mine) == token_of(alice)
    assert saved_names(mine) == ["Fixture A", *alice_names]
    assert saved_names(bob) == bob_names


def test_a_share_link_without_a_key_opens_in_your_own_workspace_once(hosted):
    """A link a friend sent (no ``?w=``) opened in your browser: one copy in *your* workspace,
    no new key, nothing of yours hidden; the same link again adds nothing."""
    alice = make_random(session(), players=10, rounds=4, seed=7)
    alice_names = saved_names(alice)
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    first = session(WHY, shared=link, cookie=token_of(alice))
    assert token_of(first) == token_of(alice)                            # no new key
    assert "w" not in first.query_params
    assert saved_names(first) == ["Fixture A", *alice_names]             # nothing of hers hidden, one copy
    again = session(WHY, shared=link, cookie=token_of(alice))            # the same link, another day
    assert token_of(again) == token_of(alice)
    assert saved_names(again) == ["Fixture A", *alice_names]             # still one copy
    assert again.selectbox[0].value == 1 and again.selectbox[1].value == 2   # the link's players, on its event
    build = session(cookie=token_of(alice))
    assert heading(build).startswith("Fixture A")
    build = build_tab(build, "Saved events")
    assert len(saved_box(build).options) == len(alice_names) + 1


def test_a_share_link_opened_twice_with_an_old_bookmark_adds_one_copy(hosted):
    alice = make_random(session(), players=10, rounds=4, seed=7)
    alice_names = saved_names(alice)
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    for _ in range(2):
        opened = session(WHY, token=token_of(alice), shared=link)
        assert token_of(opened) == token_of(alice)
        assert saved_names(opened) == ["Fixture A", *alice_names]


def test_a_share_link_without_a_workspace_makes_one_once(hosted):
    """No workspace yet: one new workspace; a reload of the page (the browser now sends the
    key as its cookie) adds no second workspace and no second copy; reruns make none either."""
    link = encode(Shared(fixture_a(), ordering_of(preset="fide-swiss", options=Options()), "why", (1, 2)))
    before = len(store._rows("SELECT owner FROM workspaces"))
    first = session(WHY, shared=link)
    token = token_of(first)
    assert saved_names(first) == ["Fixture A"]
    first.run()
    first.run()
    assert token_of(first) == token
    reload = session(WHY, shared=link, cookie=token)
    assert token_of(reload) == token
    assert saved_names(reload) == ["Fixture A"]
    assert len(store._rows("SELECT owner FROM workspaces")) == before + 1


def test_laptop_mode_keeps_one_shared_workspace_without_a_token():
    first = make_random(session(), players=10, rounds=4, seed=7)
    assert "w" not in first.query_params
    second = session()
    assert "10 players, 4 rounds" in heading(second)           # a reload continues where the user left off
    second = build_tab(second, "Saved events")
    assert len(saved_box(second).options) == 2


def test_the_sidebar_says_how_to_keep_the_workspace(hosted):
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    app.query_params["w"] = "y" * 32
    app.run()
    assert not app.exception
    box = app.sidebar
    assert any("not recognised, so a new, empty workspace was opened" in w.value for w in box.warning)
    assert any("This browser remembers your workspace" in c.value for c in box.caption)
    assert [b.label for b in app.get("download_button")] == ["Download my workspace link"]
    assert app.query_params["w"] != "y" * 32
    assert [b.label for b in box.button] == ["Forget this workspace on this computer"]
    app.run()                                                  # the notice stays for the session
    assert any("not recognised" in w.value for w in app.sidebar.warning)


def test_forget_this_workspace_on_this_computer(hosted):
    """A shared classroom computer: "Forget" asks first (the private link is offered above), then the session
    starts over in a new, empty workspace, even though the old cookie still arrives until the page reconnects;
    the forgotten events stay saved and their private link still opens them."""
    alice = make_random(session(), players=10, rounds=4, seed=7)
    old = token_of(alice)
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    JAR["cookie"] = old
    app.run()
    assert token_of(app) == old
    app = click(app, "Forget this workspace on this computer")
    assert any("only your private link opens them again" in w.value for w in app.sidebar.warning)
    assert [b.label for b in app.get("download_button")] == ["Download my workspace link"]
    app = click(app, "Keep it")
    assert token_of(app) == old and not app.sidebar.warning
    app = click(app, "Forget this workspace on this computer")
    app = click(app, "Forget it now")
    assert not app.exception
    assert token_of(app) not in ("", old)
    assert any("This computer has forgotten that workspace" in m.value for m in app.sidebar.success)
    assert saved_names(app) == []                   # the new workspace shows the example, unsaved until changed
    app.run()
    assert token_of(app) not in ("", old)
    new = token_of(app)
    assert session(cookie=new).session_state["ws.token"] == new            # the next load: the new workspace
    back = session(token=old)                                              # the private link: the old events
    assert "10 players, 4 rounds" in heading(back)


def test_laptop_mode_shows_no_workspace_box():
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not app.exception
    assert not app.get("download_button") and not app.sidebar.caption


@pytest.mark.parametrize("mode", ["laptop", "hosted"])
def test_a_stale_tab_is_told_and_can_reload(monkeypatch, mode):
    monkeypatch.setenv("TIEBREAK_LAB_MODE", mode)
    monkeypatch.setattr(workspace, "_cookie", lambda: JAR["cookie"])
    newer = session()
    token = newer.session_state["ws.token"] if mode == "hosted" else None
    if mode == "hosted":                    # hosted, the example is saved with its first change
        newer = click(click(newer, "Add round"), "Remove last round")
    older = session(cookie=token or "")                        # the same person's second tab
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
    newer = build_tab(newer, "Saved events")
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


def test_a_share_link_never_carries_the_workspace_key(hosted):
    """The link on "Share this" has the page and the event (``?s=``), never ``w`` nor the key,
    even in a session opened from an old ``?w=`` bookmark."""
    alice = make_random(session(), players=10, rounds=4, seed=7)
    for how in ({"cookie": token_of(alice)}, {"token": token_of(alice)}):
        why = session(WHY, **how)
        links = [c.value for c in why.code if "?s=" in c.value]
        assert len(links) == 1 and links[0].startswith("/why?s=")
        assert token_of(alice) not in links[0]
        assert set(parse_qs(urlsplit(links[0]).query)) == {"s"}


def test_a_browser_that_refuses_cookies_keeps_the_key_in_the_address(hosted, monkeypatch):
    """The browser reported the cookie not kept (``stored`` is ""): the address is the only place left for
    the key, and the sidebar tells the person to bookmark the page."""
    monkeypatch.setattr(workspace, "_stored", lambda: "")
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not app.exception
    assert app.query_params["w"] == token_of(app)
    assert any("does not keep cookies" in c.value and "bookmark the page" in c.value for c in app.sidebar.caption)
    again = session(token=token_of(app))                        # its bookmark reopens the same workspace
    assert token_of(again) == token_of(app) and again.query_params["w"] == token_of(app)


def test_a_visit_that_changes_nothing_leaves_its_workspace_empty_so_it_expires(hosted):
    """The untouched example was saved into every new workspace, so no workspace was ever empty and
    none expired as the README says."""
    from datetime import datetime, timedelta, timezone
    at = session()
    at.run()
    owner = workspace.owner_for(token_of(at))
    assert heading(at) == "Example event: Swiss, 16 players, 5 rounds (saved as soon as you change it)"
    assert store.workspace_exists(owner) and store.list_events(owner) == []
    store.expire_empty_workspaces(datetime.now(timezone.utc) + timedelta(days=1, minutes=1))
    assert not store.workspace_exists(owner)


@pytest.mark.parametrize("change", ["Add round", "Rename"])
def test_the_examples_first_change_saves_it(hosted, change):
    at = session()
    if change == "Rename":
        at = build_tab(at, "Saved events")
        at.text_input(key="rename_0").set_value("Club night")
    at = click(at, change)
    assert not at.exception and not at.error
    assert saved_names(at) == ["Club night" if change == "Rename" else "Example event"]
    assert heading(at).endswith("(saved automatically)")


# -- the language is kept with the workspace --------------------------------------------------------------

def whole_app(cookie: str = "", lang: str | None = None, shared: str | None = None) -> AppTest:
    """A new browser session of the whole app (its sidebar has the language selector), in a browser whose
    workspace cookie is ``cookie``, opening ``?lang=`` and ``?s=`` when given."""
    JAR["cookie"] = cookie
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if lang is not None:
        at.query_params["lang"] = lang
    if shared is not None:
        at.query_params["s"] = shared
    at.run()
    assert not at.exception
    return at


def test_the_language_chosen_is_kept_with_the_workspace_and_the_browser_s_only_counts_on_a_first_visit(
        hosted, monkeypatch):
    from ui.session.language import LANG, SELECTOR
    browser = {"lang": "fr"}
    monkeypatch.setattr("ui.session.language._browser_language", lambda: browser["lang"])
    first = whole_app()
    assert first.session_state[LANG] == "fr"                       # a first visit: the browser's language
    assert store.workspace_language(workspace.owner_for(token_of(first))) is None    # nothing chosen yet
    first.sidebar.selectbox(key=SELECTOR).set_value("de").run()
    assert store.workspace_language(workspace.owner_for(token_of(first))) == "de"
    # the same browser comes back (its cookie): German, whatever the browser says, and the address says so
    back = whole_app(cookie=token_of(first))
    assert (back.session_state[LANG], back.query_params["lang"]) == ("de", "de")
    assert back.sidebar.selectbox(key=SELECTOR).label == "Sprache · Language"
    # another browser: its own language
    browser["lang"] = "es"
    assert whole_app().session_state[LANG] == "es"
    # a language asked in the address wins, and is kept from then on
    asked = whole_app(cookie=token_of(first), lang="ru")
    assert asked.session_state[LANG] == "ru"
    assert whole_app(cookie=token_of(first)).session_state[LANG] == "ru"


def test_a_share_link_opens_in_the_opener_s_language_not_the_sender_s(hosted, monkeypatch):
    from ui.session.language import LANG
    browser = {"lang": "ru"}
    monkeypatch.setattr("ui.session.language._browser_language", lambda: browser["lang"])
    sender = whole_app()
    assert sender.session_state[LANG] == "ru"
    link = encode(Shared(fixture_a(), ordering_of(preset="uscf", options=Options(seed=1)), "explain", (4,)))
    # a French browser that never came here: French
    browser["lang"] = "fr"
    opener = whole_app(shared=link)
    assert opener.session_state[LANG] == "fr" and "lang" not in opener.query_params
    # a Spanish reader whose workspace keeps Spanish, in a browser set to English: Spanish
    browser["lang"] = "es"
    reader = whole_app()
    reader.query_params["lang"] = "es"
    reader.run()
    browser["lang"] = "en"
    opened = whole_app(cookie=token_of(reader), shared=link)
    assert opened.session_state[LANG] == "es"


def test_a_laptop_keeps_no_language_in_the_database(monkeypatch):
    from ui.session.language import LANG, SELECTOR
    monkeypatch.setenv("TIEBREAK_LAB_MODE", "laptop")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.sidebar.selectbox(key=SELECTOR).set_value("de").run()
    assert at.session_state[LANG] == "de"
    assert store.workspace_language(store.LAPTOP) is None
    assert AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run().session_state[LANG] == "en"
