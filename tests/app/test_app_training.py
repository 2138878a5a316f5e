"""The Training page under AppTest: the same seed gives the same questions, answers are checked
exactly (10½ typed as 10.5), hints come one step at a time, the score counts first tries."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.teaching.exercises import generate
from tests.fixtures import fixture_a
from tests.pages import open_page

PAGE = "Training"


def start(**widgets) -> AppTest:
    app = open_page(PAGE, timeout=60).run()
    app.radio(key="train_source").set_value("example").run()
    for key, value in widgets.items():
        app.number_input(key=key).set_value(value).run()
    assert not app.exception
    return app


def prompt(app: AppTest) -> str:
    return app.markdown[0].value


def answer(app: AppTest, index: int, text: str) -> None:
    app.text_input(key=f"train_answer_{index}").input(text)
    app.button(key=f"FormSubmitter:train_form_{index}-Check").click().run()


def test_the_same_seed_gives_the_same_exercises_as_the_engine():
    app = start(train_seed=5)
    expected = generate(fixture_a(), 5, 10)
    assert "Compute" in prompt(app) or "Order" in prompt(app) or "Prize" in prompt(app) or "listed" in prompt(app)
    assert prompt(app).replace("\\", "").replace("\u2060", "") == expected[0].prompt
    assert app.header[0].value.startswith("Question 1 of 10")
    again = start(train_seed=5)
    assert prompt(again) == prompt(app)


def test_a_right_answer_in_another_notation_scores_and_a_wrong_one_does_not():
    app = start(train_seed=5)
    ex = generate(fixture_a(), 5, 10)
    first = ex[0]
    assert first.kind == "value"
    answer(app, 0, str(float(first.answer)))           # e.g. 10.5 for 10½
    assert app.success and app.success[0].value.startswith("Correct")
    assert app.metric[0].value == "1 / 1"
    app.button(key="train_next").click().run()
    assert app.header[0].value.startswith("Question 2 of 10")
    answer(app, 1, "999")
    assert app.error and not app.success
    assert app.metric[0].value == "1 / 2"


def test_hints_one_step_at_a_time_and_the_full_working():
    app = start(train_seed=5)
    ex = generate(fixture_a(), 5, 10)[0]
    app.button(key="train_hint").click().run()
    app.button(key="train_hint").click().run()
    hints = [m.value for m in app.markdown if m.value.startswith("1. ")]
    assert len(hints) == 1 and hints[0].count("\n") == 1           # two steps shown
    assert any(m.value == f"**Hints (2 of {len(ex.hints)})**" for m in app.markdown)
    app.button(key="train_show_working").click().run()
    assert app.code[0].value == ex.working


def test_a_random_event_from_a_seed():
    app = open_page(PAGE, timeout=60).run()
    app.radio(key="train_source").set_value("random").run()
    app.number_input(key="train_event_seed").set_value(4).run()
    assert not app.exception
    assert any("Random event (seed 4)" in t.value for t in app.text)


def test_an_answer_after_the_full_working_is_not_scored():
    app = start(train_seed=5)
    first = generate(fixture_a(), 5, 10)[0]
    app.button(key="train_show_working").click().run()
    answer(app, 0, str(float(first.answer)))           # right, but copied from the working on screen
    assert app.success and "Not scored" in app.success[0].value
    assert app.metric[0].value == "0 / 0"              # nothing scored
    app.button(key="train_next").click().run()
    answer(app, 1, "999")                              # a real (wrong) try still counts
    assert app.metric[0].value == "0 / 1"
