"""AppTests for what the event owns: its ordering on every page, its pairing method, its prizes, how far it
has gone, and the small things around them (new events, share links, saved-event dates, downloads).

Each ``AppTest`` is a fresh browser session on the same saved-events database, so a new one is a reload.
The expected orders are Fixture A's published ones (US Chess 34E and FIDE's legacy list B, as in
tests/app/test_app_standings.py); the expected prize amounts are worked by hand in the comments.
"""
from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.ordering import ordering_of
from engine.core.presets import PRESETS
from engine.events.generator import generate_round_robin
from engine.events.settings import EventSettings, settings_to_dict
from engine.formats.sharelink import Shared, encode
from engine.pairing.next_round import scheduled_boards
from engine.prizes.prize_list import Prize
from tests.fixtures import fixture_a
from tests.pages import build_tab, open_more_options, open_page
from tests.paths import REPO_ROOT
from ui.session import store

ROOT = REPO_ROOT
DATA = ROOT / "tests" / "data" / "trf"
USCF = [2, 3, 1, 16, 4, 6, 8, 11, 5, 15, 14, 12, 13, 7, 9, 10]                  # US Chess on Fixture A
FIDE_B = [2, 3, 4, 16, 1, 6, 8, 11, 5, 15, 12, 14, 7, 13, 9, 10]                # FIDE legacy list B (2026 rules)
FIDE_B_2024 = [2, 3, 4, 16, 1, 6, 11, 8, 5, 15, 12, 14, 7, 13, 9, 10]           # the same list, 2024 rules
RANKING_PAGES = ("Standings", "Explain", "Compare orderings", "Why is A above B?", "Prizes", "TD announcement")

pytestmark = pytest.mark.usefixtures("fixture_a_example")


def page(name: str, link: str | None = None) -> AppTest:
    at = open_page(name, timeout=120)
    if link:
        at.query_params["s"] = link
    at.run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def start_order(at: AppTest) -> list[int]:
    return [int(t) for t in at.dataframe[0].value["No."]]


def standings_order(at: AppTest) -> list[int]:
    return [int(t) for t in at.dataframe[0].value["#"]]


def fide_b() -> EventSettings:
    p = PRESETS["fide-swiss"]
    return EventSettings(preset=p.name, codes=p.codes, rules=p.rules)


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def order_codes(at: AppTest) -> str:
    """The codes of the Start page's order line, which names each (issue 40): "MM · Modified Median; BH · ..."."""
    line = next(c.value for c in at.caption if c.value.startswith("Ordered by points"))
    return ", ".join(re.findall(r"(?:then |; )(\S+) · ", line))


def editor(at: AppTest, which: str):
    return next(e for e in at.data_editor if e.key.startswith(which))


# -- item 1: the event's ordering on every page ------------------------------------------------------

def test_start_and_standings_rank_the_example_alike():
    assert start_order(page("Start")) == USCF
    assert standings_order(page("Standings")) == USCF


def test_every_page_starts_from_the_events_ordering():
    store.save("Club night", fixture_a(), settings=fide_b())
    start = page("Start")
    assert start_order(start) == FIDE_B
    assert order_codes(start) == "BH/C1, BH, DE, ARO/C1, WIN, BWG, BPG, SB"
    for name in RANKING_PAGES:
        at = page(name)
        assert at.selectbox(key="_ordering.preset").value == "fide-swiss", name
        assert at.selectbox(key="_ordering.rules").value == "fide", name
    assert standings_order(page("Standings")) == FIDE_B


def test_a_change_on_one_page_is_the_events_on_every_page_and_after_a_reload():
    why = page("Why is A above B?")
    why.selectbox(key="_ordering.preset").set_value("fide-swiss").run()
    assert not why.exception
    assert start_order(page("Start")) == FIDE_B                 # another page, in a new session
    explain = page("Explain")
    assert explain.selectbox(key="_ordering.preset").value == "fide-swiss"
    compare = page("Compare orderings")
    compare.selectbox(key="_ordering.rules").set_value("fide2024").run()
    assert standings_order(page("Standings")) == FIDE_B_2024
    id_, _, event = store.latest()
    saved = store.load_settings(id_, event)
    assert (saved.preset, saved.rules) == ("fide-swiss", "fide2024")


def test_a_round_robin_gets_the_round_robin_order():
    store.save("Club round robin", generate_round_robin(6, seed=3))
    for name in ("Standings", "Why is A above B?"):
        assert page(name).selectbox(key="_ordering.preset").value == "fide-rr"
    assert order_codes(page("Start")) == "DE, WIN, SB, KS"


def test_an_uploaded_trf_brings_the_order_of_its_tie_break_records():
    lines = (DATA / "fide_tec_swiss16.trf").read_text(encoding="utf-8").splitlines()
    text = "\n".join(lines[:3] + ["202 BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB"] + lines[3:]) + "\n"
    build = build_tab(page("Build event"), "Upload / download")
    build.file_uploader(key="upload").set_value(("tec.trf", text.encode(), "text/plain")).run()
    assert not build.exception and not build.error
    assert page("Standings").selectbox(key="_ordering.preset").value == "fide-swiss"


# -- item 2: pairing follows the event ---------------------------------------------------------------

def met_before(event, rnd: int) -> set[frozenset[int]]:
    """Pairs who played a game before round ``rnd``, read straight from the entries."""
    return {frozenset((t, e.opponent)) for t in event.tpns for r, e in enumerate(event.entries[t][:rnd - 1])
            if e.kind.value == "G"}


def test_pairing_a_saved_swiss_after_a_round_robin_gives_no_rematch():
    swiss_id = store.save("Saturday Swiss", fixture_a())
    store.save("Club round robin", generate_round_robin(6, seed=3))          # the one open on arrival
    build = build_tab(page("Build event"), "Pair next round")
    assert build.radio(key="_ordering.pairing.method").options == ["Round robin, Berger tables"]
    build = build_tab(build, "Saved events")
    next(s for s in build.selectbox if s.label == "Saved events").set_value(swiss_id).run()
    build = click(build, "Open")
    build = build_tab(build, "Pair next round")
    method = build.radio(key="_ordering.pairing.method")
    assert method.value == "dutch" and len(method.options) == 2 and all("Swiss" in o for o in method.options)
    build = click(build, "Add round 6 to the event")              # its five rounds are played: a sixth on purpose
    build = build_tab(build, "Pair next round")
    build = click(build, "Leave this player out of round 6 too")   # 12 was absent in round 5 (withdrawn)
    build = click(build, "Pair round 6")
    assert not build.error
    boards = scheduled_boards(store.latest()[2])[6]
    # 12 left out: 15 players, 7 boards and one bye
    _, _, paired = store.latest()
    bye = [t for t in paired.tpns if paired.entry(t, 6).kind.value == "PAB"]
    assert len(boards) == 7 and len(bye) == 1
    assert sorted([t for b in boards for t in b] + bye) == [t for t in range(1, 17) if t != 12]
    assert not {frozenset(b) for b in boards} & met_before(fixture_a(), 6)


# -- item 3: prizes ----------------------------------------------------------------------------------

def paid(at: AppTest) -> dict[str, str]:
    df = at.dataframe[1].value
    return dict(zip(df["Name"], df["Receives"]))


def apply_prizes(at: AppTest, edits: dict) -> AppTest:
    at.session_state[editor(at, "prizes_editor_").key] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [],
                                                          **edits}
    return click(at, "Apply prize list")


def load_case(at: AppTest, case: str) -> AppTest:
    at.selectbox(key="prizes.case").set_value(case).run()
    at.button(key="prizes.load").click().run()
    assert not at.exception
    return at


def test_only_the_example_has_example_prizes_and_they_say_so():
    at = page("Prizes")
    assert any("example prizes" in i.value for i in at.info)
    assert len(editor(at, "prizes_editor_").value) == 4


def test_an_uploaded_event_has_no_example_prizes():
    build = build_tab(page("Build event"), "Upload / download")
    trf = DATA / "fide_tec_swiss16.trf"
    build.file_uploader(key="upload").set_value((trf.name, trf.read_bytes(), "text/plain")).run()
    prizes = page("Prizes")
    assert len(editor(prizes, "prizes_editor_").value) == 0
    assert any("no prize list yet" in i.value for i in prizes.info)
    assert any("Add the prize fund above" in i.value for i in prizes.info)     # no results table yet
    sheet = page("TD announcement")
    assert not any("Prize list" in m.value for m in sheet.markdown)
    assert any("no prize list yet" in c.value for c in sheet.caption)


def test_prizes_survive_a_reload():
    at = load_case(page("Prizes"), "P1")
    at = apply_prizes(at, {"edited_rows": {0: {"Amount": 400.0}}, "deleted_rows": [3]})
    # 1st is now $400 and the 4th prize is gone: Ada $400; Ben, Cleo and Dev share 200 + 100 = $100 each
    expected = {"Ada": "$400.00", "Ben": "$100.00", "Cleo": "$100.00", "Dev": "$100.00"}
    assert paid(at) == expected
    again = page("Prizes")
    assert paid(again) == expected
    assert not any("example prizes" in i.value for i in again.info)      # now the event's own list


def test_a_half_typed_row_is_not_applied_and_the_results_stay():
    at = load_case(page("Prizes"), "P1")
    key = editor(at, "prizes_editor_").key
    at = apply_prizes(at, {"added_rows": [{"Prize": "U1800", "Amount": 50.0, "Type": "class"}]})
    assert at.error and "row 5" in at.error[0].value and "unchanged" in at.error[0].value
    # case P1 as before: Ada $300; Ben, Cleo and Dev (200 + 100 + 60) / 3 = $120 each
    assert paid(at) == {"Ada": "$300.00", "Ben": "$120.00", "Cleo": "$120.00", "Dev": "$120.00"}
    assert editor(at, "prizes_editor_").key == key          # the same editor: the typing is still there


# -- item 5: an unfinished event ---------------------------------------------------------------------

def test_an_event_after_round_4_of_9():
    gros = DATA / "gros_2010_after_round4.trf"
    build = build_tab(page("Build event"), "Upload / download")
    build.file_uploader(key="upload").set_value((gros.name, gros.read_bytes(), "text/plain")).run()
    assert not build.exception and not build.error
    assert "after round 4 of 9" in build.text[0].value
    build = build_tab(build, "Players and results")
    grid = editor(build, "results_grid_").value
    for rnd in range(6, 10):
        assert (grid[f"R{rnd}"] == "").all(), rnd                # not played yet: empty, not ABS
    assert set(grid["R5"]) == {"", "HPB", "ZPB"}                 # only the byes requested ahead
    assert not (grid["R4"] == "").any() and "ABS" not in set(grid["R1"])
    build = build_tab(build, "Pair next round")
    assert any(b.label == "Pair round 5" for b in build.button)
    build = build_tab(build, "Players and results")
    assert "Standings after round 4 of 9" in captions(build)
    assert any("after round 4 of 9" in t.value for t in page("Start").text)      # below the links to each task
    standings = page("Standings")
    assert "Standings after round 4 of 9" in captions(standings)
    assert standings.header[0].value == "Standings after round 4 of 9"


# -- item 6: small things ----------------------------------------------------------------------------

def test_a_new_event_with_n_players_and_r_rounds():
    build = build_tab(page("Build event"), "New event")
    build.text_input(key="new_name").input("Thursday blitz")
    build.selectbox(key="new_type").set_value("Round robin")
    build.number_input(key="new_players").set_value(6)
    build = click(build, "Create the event")
    assert build.text[0].value.startswith("Thursday blitz: round robin, 6 players")
    build = build_tab(build, "Players and results")
    assert list(editor(build, "players_grid_").value["name"]) == [f"Player {i}" for i in range(1, 7)]
    assert [c for c in editor(build, "results_grid_").value.columns if c.startswith("R")] == \
        ["R1", "R2", "R3", "R4", "R5"]
    build = build_tab(build, "Pair next round")
    assert build.radio(key="_ordering.pairing.method").value == "berger"
    assert page("Standings").selectbox(key="_ordering.preset").value == "fide-rr"
    assert len(editor(page("Prizes"), "prizes_editor_").value) == 0
    swiss = build_tab(page("Build event"), "New event")
    swiss.text_input(key="new_name").input("Open")
    swiss.number_input(key="new_players").set_value(9)
    swiss.number_input(key="new_rounds").set_value(4)
    swiss = click(swiss, "Create the event")
    assert swiss.text[0].value.startswith("Open: Swiss, 9 players, before round 1 of 4")


def test_a_share_link_keeps_the_events_name_and_carries_its_settings():
    event = fixture_a()
    settings = EventSettings(prizes=(Prize("1st", 10000, place=1),), notes="Line one\nLine two", pairing="fast")
    link = encode(Shared(event, ordering_of(("BH", "SB"), "fide"), page="standings", settings=settings_to_dict(settings)))
    at = page("Standings", link)
    assert at.caption[0].value == f"Event: {event.name}"          # no "Shared: " prefix
    opened = at.session_state["tl_settings"]
    assert opened.prizes == settings.prizes and opened.notes == "Line one\nLine two" and opened.pairing == "fast"
    assert (opened.codes, opened.rules) == (("BH", "SB"), "fide")
    assert store.latest()[1] == event.name


def test_saved_events_show_a_human_date_and_downloads_keep_the_page():
    build = build_tab(page("Build event"), "Saved events")
    labels = next(s for s in build.selectbox if s.label == "Saved events").options
    assert labels and all("saved today at " in label for label in labels)
    build = build_tab(build, "Upload / download")
    buttons = build.get("download_button")
    assert len(buttons) == 3 and all(b.proto.ignore_rerun for b in buttons)


def test_notes_are_the_events_and_keep_their_line_breaks():
    sheet = page("TD announcement")
    sheet.text_area(key="_ordering.announce.notes").input("Round 1 at 10:00.\nBring a clock.").run()
    again = page("TD announcement")
    assert again.text_area(key="_ordering.announce.notes").value == "Round 1 at 10:00.\nBring a clock."
    assert any(t.value == "Round 1 at 10:00.\nBring a clock." for t in again.text)


def test_a_typed_game_that_repeats_an_earlier_pairing_is_shown_with_a_warning():
    from engine.core.model import ONE, ZERO, Entry, Player, make_event
    players = [Player(t, n) for t, n in ((1, "Hana"), (2, "Farid"), (3, "Beatriz"), (4, "Chen"))]
    games = {1: [Entry.game(2, "W", ONE), Entry.game(2, "B", ONE)],        # Hana beat Farid twice
             2: [Entry.game(1, "B", ZERO), Entry.game(1, "W", ZERO)],
             3: [Entry.game(4, "W", ONE), Entry.game(4, "B", ZERO)],        # Beatriz and Chen met twice too
             4: [Entry.game(3, "B", ZERO), Entry.game(3, "W", ONE)]}
    store.save("Typed twice", make_event("Typed twice", players, games))
    build = page("Build event")
    warning = build.warning[0].value.replace("\\", "")
    assert "repeat an earlier pairing" in warning
    assert "1 Hana – 2 Farid in rounds 1 and 2" in warning and "3 Beatriz – 4 Chen in rounds 1 and 2" in warning
    store.save("Round robin", generate_round_robin(4, seed=1))       # a round robin is not warned about
    assert not page("Build event").warning


def test_our_json_file_opens_with_its_settings():
    from engine.events.settings import write_saved
    settings = EventSettings(preset="lichess", codes=("SB", "LPERF"), rules="lichess",
                             prizes=(Prize("1st", 5000, place=1),), notes="Bring a clock.")
    build = build_tab(page("Build event"), "Upload / download")
    build.file_uploader(key="upload").set_value(("club.json", write_saved(fixture_a(), settings).encode(),
                                                 "application/json")).run()
    assert not build.exception and not build.error
    assert page("Standings").selectbox(key="_ordering.preset").value == "lichess"
    prizes = page("Prizes")
    assert list(editor(prizes, "prizes_editor_").value["Prize"]) == ["1st"]
    assert page("TD announcement").text_area(key="_ordering.announce.notes").value == "Bring a clock."


def test_changing_the_type_changes_the_pairing_method_and_the_default_order():
    from engine.core.model import EventType
    from engine.events.generator import blank_event
    store.save("Club", blank_event("Club", 6, 5))
    build = build_tab(page("Build event"), "Pair next round")
    next(s for s in build.selectbox if s.label == "Type of event").set_value(EventType.ROUND_ROBIN).run()
    assert not build.exception
    assert build.radio(key="_ordering.pairing.method").value == "berger"
    assert page("Standings").selectbox(key="_ordering.preset").value == "fide-rr"


def test_the_events_options_are_shown_as_saved():
    from engine.core.rules import Options
    store.save("Club night", fixture_a(), settings=EventSettings(options=Options(unrated=1200, cumulative="one")))
    at = open_more_options(page("Standings"))
    assert at.radio(key="_ordering.unrated").value == "number"
    assert at.number_input(key="_ordering.unrated_rating").value == 1200
    assert at.selectbox(key="_ordering.cumulative").value == "one"
