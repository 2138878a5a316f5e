"""AppTest for the Build-event page: grid edits, validation, upload, random event, pairing, saved events."""
from __future__ import annotations

from dataclasses import replace

from streamlit.testing.v1 import AppTest

from engine.formats.loader import load_event
from tests.pages import build_tab
from tests.paths import REPO_ROOT
from ui.session import store
from ui.session.navigation import BUILD_TAB
from ui.session.state import example_event

ROOT = REPO_ROOT
PAGE = "Build event"
SWISS16 = ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf"


def editor(app: AppTest, which: str):
    return next(e for e in app.data_editor if e.key.startswith(f"{which}_grid_"))


def saved_box(app: AppTest):
    """The saved-events chooser (its key changes whenever the list does)."""
    return next(s for s in app.selectbox if s.label == "Saved events")


def click(app: AppTest, label: str) -> AppTest:
    next(b for b in app.button if b.label == label).click()
    return app.run()


def edit_results(app: AppTest, edits: dict[int, dict[str, str]]) -> AppTest:
    """Seed the results editor's edit state as the browser would send it, then press Apply."""
    app.session_state[editor(app, "results").key] = {"edited_rows": edits, "added_rows": [], "deleted_rows": []}
    return click(app, "Apply changes")


def saved_event():
    found = store.latest()
    assert found is not None
    return found[2]


def test_page_shows_both_grids_and_the_preview(at):
    example = example_event()
    assert len(editor(at, "players").value) == len(example.players)
    results = editor(at, "results").value
    assert list(results.columns)[-1] == f"R{example.rounds}"
    assert editor(at, "players").editing_mode == "dynamic"
    assert at.text[0].value.startswith("Example event")


def test_editing_a_result_changes_the_event_and_mirrors_the_opponent(at):
    before = editor(at, "results").value
    row = before.iloc[0]
    token = row["R5"]                           # e.g. "=B2": turn it into a win
    opponent = int(token[2:])
    at = edit_results(at, {0: {"R5": f"+{token[1:]}"}})
    assert not at.exception and not at.error
    after = editor(at, "results").value
    assert after.iloc[0]["R5"] == f"+{token[1:]}"
    other = after[after["tpn"] == opponent].iloc[0]
    assert other["R5"].startswith("-")
    ev = saved_event()
    assert ev.entry(int(row["tpn"]), 5).points == 1
    assert any("Changes applied" in s.value for s in at.success)


def test_apply_with_nothing_edited_says_so_and_keeps_the_event(at):
    original = saved_event()
    at = click(at, "Apply changes")
    assert not at.exception and not at.error and not at.success
    assert [i.value.replace("\\", "") for i in at.info if i.value.startswith("Nothing to apply")] == [
        "Nothing to apply: the grids are as the event already has them. If you have just typed a result, "
        "press Apply changes again."]
    assert saved_event() == original


def test_invalid_cell_names_the_cell_and_keeps_the_event(at):
    original = saved_event()
    name = editor(at, "results").value.iloc[2]["name"]
    key = editor(at, "results").key
    at = edit_results(at, {2: {"R2": "x9"}})
    assert not at.exception
    assert len(at.error) == 1
    message = at.error[0].value
    assert f"row 3 ({name}), R2" in message.replace("\\", "").replace("\u2060", "")
    assert "'x9' is not a result" in message.replace("\\", "").replace("\u2060", "")
    assert saved_event() == original
    assert editor(at, "results").key == key      # same widget: the user's typing stays in the grid


def test_uploading_a_trf_replaces_the_event(at):
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((SWISS16.name, SWISS16.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error
    at = build_tab(at, "Players and results")
    names = set(editor(at, "players").value["name"])
    assert "Charline" in names and "Alyx" in names
    assert saved_event() == load_event(SWISS16)
    assert len(store.list_events()) == 2         # the example stays saved next to the upload


def test_malformed_upload_shows_an_error_and_keeps_the_event(at):
    original = saved_event()
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value(("broken.trf", b"001 this is not a player line\n", "text/plain")).run()
    assert not at.exception
    assert at.error and "broken.trf" in at.error[0].value.replace("\\", "").replace("\u2060", "")
    assert "unchanged" in at.error[0].value
    assert saved_event() == original
    at = build_tab(at, "Players and results")
    assert len(editor(at, "players").value) == len(original.players)


def test_random_event_replaces_the_event(at):
    at = build_tab(at, "Random event")
    at.number_input(key="rand_players").set_value(10)
    at.number_input(key="rand_rounds").set_value(4)
    at.number_input(key="rand_seed").set_value(7)
    at = click(at, "Make a random event")
    assert not at.exception
    at = build_tab(at, "Players and results")
    assert len(editor(at, "players").value) == 10
    assert list(editor(at, "results").value.columns)[-1] == "R4"
    assert saved_event().rounds == 4


def test_pair_next_round_then_fill_random_results(at):
    at = build_tab(at, "Pair next round")
    # the example's five rounds are all played: a sixth is added on purpose before it is paired
    assert any(i.value.startswith("All 5 rounds are paired: there is no next round to pair.") for i in at.info)
    assert not any(b.label.startswith("Pair round") for b in at.button)
    at = click(at, "Add round 6 to the event")
    assert saved_event().rounds == 6
    # the click's run opens the grids tab too: the notice below shows once, on that run, with the grids
    at.session_state[BUILD_TAB] = "Players and results"
    at = click(at, "Pair round 6")
    assert not at.exception and not at.error
    results = editor(at, "results").value
    assert results["R6"].str.match(r"^\?[WB][0-9]+$").sum() == 16      # paired, results to be entered: ?W9
    assert any("Round 6 paired" in s.value for s in at.success)
    assert len(at.dataframe) >= 2                 # the pairing list is shown
    at = build_tab(at, "Pair next round")
    at = click(at, "Fill random results from ratings")
    assert not at.exception
    ev = saved_event()
    assert ev.rounds == 6 and all(ev.entry(t, 6).kind.value == "G" for t in ev.tpns)


def test_saved_events_can_be_reopened_renamed_and_deleted(at):
    first_id = store.latest()[0]
    at = build_tab(at, "Random event")
    at = click(at, "Make a random event")
    assert store.latest()[0] != first_id
    at = build_tab(at, "Saved events")
    saved_box(at).set_value(first_id).run()
    at = click(at, "Open")
    assert at.text[0].value.startswith("Example event")
    at.text_input(key=f"rename_{first_id}").set_value("My club night")
    at = click(at, "Rename")
    assert at.text[0].value.startswith("My club night")
    other = next(s.id for s in store.list_events() if s.id != first_id)
    saved_box(at).set_value(other).run()
    at = click(at, "Delete")
    assert [s.id for s in store.list_events()] == [first_id]


EQUALS_BYES = ROOT / "tests" / "data" / "trf_variants" / "fide_tec_swiss16_equals_byes.trf"


def test_upload_read_with_repairs_lists_each_warning(at):
    """Fixture A with its two half-point byes written ``0000 - =`` / ``0000 - D``: the same event as the
    standard file, and both repairs listed on the page with the file and line."""
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((EQUALS_BYES.name, EQUALS_BYES.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error
    saved = saved_event()       # the repairs are kept with the saved copy (its pages still say so)
    assert len(saved.header["warnings"].splitlines()) == 2
    assert replace(saved, header={k: v for k, v in saved.header.items() if k != "warnings"}) == load_event(SWISS16)
    shown = [w.value.replace("\\", "").replace("\u2060", "") for w in at.warning]     # escaped Markdown, read back
    assert len(shown) == 1 and "opened with 2 repairs" in shown[0]
    assert f"{EQUALS_BYES.name}:10: round 2: result '=' without an opponent read as a half-point bye" in shown[0]
    assert f"{EQUALS_BYES.name}:15: round 3: result 'D' without an opponent" in shown[0]
    assert not at.expander or all("repairs" not in e.label for e in at.expander)
    at.run()                                           # shown once, after the upload only
    assert not any("repairs" in w.value for w in at.warning)


def test_many_repairs_are_collapsed_in_an_expander(at):
    """Every player's points column changed to 9.9: sixteen repairs, collapsed under one heading."""
    lines = SWISS16.read_text(encoding="utf-8").splitlines()
    text = "\n".join(ln[:80] + " 9.9" + ln[84:] if ln.startswith("001") else ln for ln in lines) + "\n"
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value(("points.trf", text.encode(), "text/plain")).run()
    assert not at.exception and not at.error
    assert any("opened with 16 repairs" in w.value for w in at.warning)
    box = next(e for e in at.expander if e.label == "Show the 16 repairs")
    listed = box.markdown[0].value.replace("\\", "").replace("\u2060", "")
    assert listed.count("points column says 9.9") == 16 and "points.trf:7: player 1: " in listed


def test_an_unfinished_file_pairs_the_round_after_its_last_one_with_its_byes(at):
    """After round 5 of 9, with byes granted for round 6, the page pairs round 6."""
    after5 = ROOT / "tests" / "data" / "unfinished" / "fide_tec_swiss16_after_round5_byes_for_6.trf"
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((after5.name, after5.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error
    at = build_tab(at, "Players and results")
    assert set(editor(at, "results").value["R6"]) == {"", "HPB", "ZPB"}
    at = build_tab(at, "Pair next round")
    at = click(at, "Pair round 6")
    assert not at.exception and not at.error
    ev = saved_event()
    assert [ev.entry(t, 6).kind.value for t in (3, 7, 12)] == ["HPB", "HPB", "ZPB"]
    assert all(ev.entry(t, 6).kind.value in ("SCH", "PAB") for t in ev.tpns if t not in (3, 7, 12))
    # while round 6 is being played there is no (greyed) "Pair round 7", but a line saying why
    at = build_tab(at, "Pair next round")
    assert not any(b.label.startswith("Pair round") for b in at.button)
    assert "Round 6 is still being played: round 7 can be paired once its results are in." in [
        i.value for i in at.info]


def test_a_real_open_after_round_6_pairs_round_7_with_its_byes(at):
    """On a real event: Heart of Finland 2016 (103 players) after round 6 of 9, with its five
    absent players and three requested byes entered for round 7; the fast Swiss pairs everybody else."""
    hof = ROOT / "tests" / "data" / "unfinished" / "heart_of_finland_2016_after_round6_byes_for_7.trf"
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((hof.name, hof.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error
    byes = {3: "HPB", 58: "HPB", 77: "ZPB", 24: "ZPB", 84: "ZPB", 90: "ZPB", 102: "ZPB", 103: "ZPB"}
    at = build_tab(at, "Players and results")
    grid = editor(at, "results").value.set_index("tpn")
    assert {int(t): c for t, c in grid["R7"].items() if c} == byes and "R7" in grid and "R8" in grid
    assert set(grid["R8"]) == {""}
    at = build_tab(at, "Pair next round")
    assert not next(m for m in at.multiselect if m.label.startswith("Leave out")).value  # nobody left out
    next(r for r in at.radio if r.label == "How to pair").set_value("fast").run()
    at = click(at, "Pair round 7")
    assert not at.exception and not at.error
    ev = saved_event()
    assert {t: ev.entry(t, 7).kind.value for t in byes} == byes
    kinds = [ev.entry(t, 7).kind.value for t in ev.tpns if t not in byes]
    assert len(kinds) == 95 and kinds.count("SCH") == 94 and kinds.count("PAB") == 1
    assert not any(b.label.startswith("Pair round") for b in at.button)


def test_a_finished_round_robin_offers_no_next_round(at):
    """Every round of the UzChess Cup is played, so nothing is offered to pair."""
    rr = ROOT / "tests" / "data" / "trf" / "uzchess_cup_masters_2025.trf"
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((rr.name, rr.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error
    at = build_tab(at, "Pair next round")
    assert not any(b.label.startswith("Pair round") for b in at.button)
    assert "All 9 rounds of this round robin are paired: there is no next round to pair." in [i.value for i in at.info]
    assert not any(b.label.startswith("Add round") for b in at.button)      # a round robin has no round past its tables


def test_the_way_back_to_the_example_is_on_the_page_and_keeps_one_copy(at):
    """After an upload, Build offers the built-in example; going back twice lists it once."""
    at = build_tab(at, "Upload / download")
    at.file_uploader(key="upload").set_value((SWISS16.name, SWISS16.read_bytes(), "text/plain")).run()
    assert not at.exception and not at.error
    at = click(at, "Back to the built-in example")
    assert not at.exception and at.text[0].value.startswith("Example event")
    assert not any(b.label == "Back to the built-in example" for b in at.button)   # already there
    names = [s.name for s in store.list_events()]
    assert names.count("Example event") == 1 and len(names) == 2
    # open the upload again, then come back: still one example in the list, each with its saved date
    other = next(s.id for s in store.list_events() if s.name != "Example event")
    at = build_tab(at, "Saved events")
    at.selectbox(key=saved_box(at).key).set_value(other).run()
    at = click(at, "Open")
    at = click(at, "Back to the built-in example")
    names = [s.name for s in store.list_events()]
    assert names.count("Example event") == 1 and len(names) == 2
    assert all(" saved " in label for label in saved_box(at).options)
