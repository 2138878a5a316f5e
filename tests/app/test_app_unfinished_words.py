"""Issue 40: pages that show places or money before an event is over say they are "as if it ended now"; pages
people read say when the file's own points column disagreed with its results.

The event: ``scenarios/before-the-last-round.json`` (FIDE TEC's 16-player exercise with round 5 of 5 paired and
7 games waiting). Its example prizes ($300, $200, $100, $60 for 1st to 4th, US Chess rule 32B): after round 4
Bruno leads alone on 3½ (1st, $300); Alyx, Charline and David share 2nd to 4th on 3 points ($200 + $100 + $60 =
$360, $120 each).
"""
from __future__ import annotations

import pytest

from tests.pages import open_page
from tests.paths import REPO_ROOT

AS_IF = ("Round 5 of 5 is still being played: the places below are as if the event ended now, after round 4. "
         "The “Before the last round” page shows everyone's chances.")


@pytest.fixture
def pending(monkeypatch):
    import ui.session.state
    from engine.formats.jsonfmt import load_json
    event = load_json(REPO_ROOT / "scenarios" / "before-the-last-round.json")
    monkeypatch.setattr(ui.session.state, "example_event", lambda: event)   # a fresh session opens this event
    return event


def plain(text: str) -> str:
    """Markdown's escapes taken out, as the page shows the text."""
    return text.replace("\\", "")


@pytest.mark.parametrize("page", ["Start", "Standings", "Why is A above B?"])
def test_places_before_the_end_are_as_if_it_ended_now(page, pending):
    app = open_page(page, timeout=120).run()
    assert not app.exception
    assert AS_IF in [plain(i.value) for i in app.info]


def test_prizes_before_the_end_say_who_would_receive_what_if_it_ended_now(pending):
    app = open_page("Prizes", timeout=120).run()
    assert not app.exception
    assert ("Round 5 of 5 is still being played: if it ended now, Bruno would receive $300.00, Alyx $120.00, "
            "Charline $120.00 and 1 more player as listed below. The prizes below are as if the event ended now, "
            "after round 4.") in [plain(i.value) for i in app.info]
    captions = " ".join(c.value for c in app.caption)
    assert "never depends on tie-breaks" not in captions
    assert "under the tie-break-order and Hort methods they decide cash too" in captions


def test_a_finished_event_says_nothing_of_the_kind():
    app = open_page("Prizes", timeout=120).run()
    assert not app.exception
    assert not [i.value for i in app.info if "if it ended now" in i.value]


@pytest.mark.parametrize("page", ["Standings", "Why is A above B?", "Before the last round"])
def test_a_points_column_that_disagrees_is_said_where_people_look(page, monkeypatch):
    """The 16-player exercise with the points column of #1, #2 and #5 changed (3.5 to 4.0, 4.0 to 3.5, 2.5 to
    3.0): the reader uses the results and each page says so in one line."""
    import ui.session.state
    from engine.formats.trf import read_trf
    text = (REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf").read_text(encoding="utf-8")
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001"):
            tpn, points = int(line[4:8]), line[80:84]
            new = {1: " 4.0", 2: " 3.5", 5: " 3.0"}.get(tpn, points)
            lines[i] = line[:80] + new + line[84:]
    event = read_trf("\n".join(lines))
    monkeypatch.setattr(ui.session.state, "example_event", lambda: event)
    app = open_page(page, timeout=120).run()
    assert not app.exception
    assert ("This file's points column differs from its results for 3 players; the results are used: see Build "
            "event.") in [w.value for w in app.warning]


def test_the_points_column_note_speaks_the_pages_language(monkeypatch):
    """Standings is a translated page: the note is a translated message too."""
    import ui.session.state
    from engine.formats.trf import read_trf
    lines = (REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf").read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in (1, 2, 5):
            lines[i] = line[:80] + {1: " 4.0", 2: " 3.5", 5: " 3.0"}[int(line[4:8])] + line[84:]
    event = read_trf("\n".join(lines))
    monkeypatch.setattr(ui.session.state, "example_event", lambda: event)
    app = open_page("Standings", timeout=120)
    app.query_params["lang"] = "de"
    app.run()
    assert not app.exception
    assert ("Die Punktespalte dieser Datei weicht bei 3 Spielern von den Ergebnissen ab; es gelten die "
            "Ergebnisse: siehe „Turnier erfassen“.") in [w.value for w in app.warning]


def test_prizes_never_say_in_general_that_tie_breaks_do_not_decide_money():
    """Issue 40, item 4: the method's caption speaks of the method ("Under this method ..."), not of money in
    general; the tie-break-order and Hort methods do decide cash by tie-breaks."""
    app = open_page("Prizes", timeout=120).run()
    captions = [c.value for c in app.caption]
    assert not [c for c in captions if c.startswith("Cash is never decided by tie-breaks")]
    assert any(c.startswith("Under this method tie-breaks never decide cash") for c in captions)


def test_the_points_column_note_survives_a_reload():
    """The saved copy keeps the reader's repairs: a new session (a reload) opens it and still says so."""
    from engine.formats.trf import read_trf
    from ui.session import store
    lines = (REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf").read_text(encoding="utf-8").splitlines()
    lines = [line[:80] + " 4.0" + line[84:] if line.startswith("001    1") else line for line in lines]
    store.save("Club night", read_trf("\n".join(lines)))
    app = open_page("Why is A above B?", timeout=120).run()
    assert not app.exception
    assert ("This file's points column differs from its results for 1 player; the results are used: see Build "
            "event.") in [w.value for w in app.warning]
