"""The Lessons page under AppTest: a scenario's story, its checked numbers, the live working with the
story's rows highlighted, a "try this" change and loading the lesson as the current event.

Values worked by hand: David #4's Modified Median 10½ (his round-2 bye dropped), the half-point-bye
narrative (Ana's Cumulative 9 becomes 8½ when her round-4 draw is a half-point bye: 9 − ½).
"""
from __future__ import annotations

from engine.teaching.scenarios import list_scenarios, load_scenario
from tests.pages import open_page
from ui.render.text import md_escape

PAGE = "Lessons"


def test_the_first_lesson_is_the_example_with_its_numbers_checked(at):
    assert at.title[0].value == "Lessons"
    assert at.selectbox(key="lesson_slug").value == "example"
    assert at.selectbox(key="lesson_slug").options == [load_scenario(s).title for s in list_scenarios()]
    claims = at.table[0].value                       # a static table: a long claim wraps, whole
    assert len(claims) == len(load_scenario("example").claims)
    assert set(claims["Agrees"]) == {"✓ yes"}
    # each code beside its name, the player by name (issue 40: words beside every code)
    assert any(md_escape("MM · Modified Median of #4 David = 10½ (uscf)") == c for c in claims["Claim"])


def test_the_working_highlights_the_rows_the_story_names(at):
    assert any(m.value == r"**\#4 David: MM · Modified Median = 10½** (uscf)" for m in at.markdown)
    trace = at.table[1].value                        # after the claims
    assert [v.strip("~") for v in trace["Value"]] == ["2", "0", "1½", "3½", "3½"]
    styles = at.table[1].proto.arrow_data.styler.styles
    assert "fbe3b3" in styles                        # the highlight colour is used (round 2's row)
    assert "line-through" in styles                  # and the dropped bye is still struck through


def test_a_try_button_shows_what_moved_and_undo_clears_it():
    app = open_page(PAGE, timeout=60).run()
    app.selectbox(key="lesson_slug").set_value("cumulative-half-point-bye").run()
    assert not app.exception
    app.button(key="lesson_try_cumulative-half-point-bye_0").click().run()
    assert len(app.dataframe) == 1                   # what moved (the claims are a static table)
    moved = app.dataframe[0].value.set_index("Player")
    assert moved.loc["#1 Ana", "CUM"] == "9 → 8½"
    assert moved.loc["#1 Ana", "PTS"] == "2½"
    app.button(key="lesson_undo").click().run()
    assert not app.exception
    assert len(app.dataframe) == 0


def test_loading_a_lesson_makes_it_the_current_event():
    app = open_page(PAGE, timeout=60).run()
    app.selectbox(key="lesson_slug").set_value("round-robin").run()
    app.button(key="lesson_load").click().run()
    assert not app.exception
    assert app.session_state["tl_event_name"] == load_scenario("round-robin").title
    assert app.session_state["tl_event"].is_round_robin
    assert any("Loaded" in s.value for s in app.success)
