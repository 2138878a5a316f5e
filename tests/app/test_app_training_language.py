"""Training in Russian and German: the question is asked in the reader's language (the same exercise the engine
generated), an answer typed with a decimal comma is read, and the verdict speaks the reader's language."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.teaching.exercises import generate
from tests.app.test_app_training import PAGE, prompt
from tests.fixtures import fixture_a
from tests.pages import open_page


def start_in(lang: str, seed: int) -> AppTest:
    app = open_page(PAGE, timeout=60)
    app.query_params["lang"] = lang
    app.run()
    app.radio(key="train_source").set_value("example").run()
    app.number_input(key="train_seed").set_value(seed).run()
    assert not app.exception
    return app


def answer(app: AppTest, index: int, text: str, check: str) -> None:
    """Type ``text`` and press the form's button, whose label (``check``) is in the page's language."""
    app.text_input(key=f"train_answer_{index}").input(text)
    app.button(key=f"FormSubmitter:train_form_{index}-{check}").click().run()


def test_a_question_in_russian_and_a_right_answer_with_a_decimal_comma():
    app = start_in("ru", 5)
    first = generate(fixture_a(), 5, 10)[0]
    assert first.kind == "value" and first.player is not None
    assert app.header[0].value == "Вопрос 1 из 10: Вычислить значение"
    asked = prompt(app).replace("\\", "").replace("\u2060", "")
    assert asked.startswith("Вычислите ") and f"[{first.code}] для #{first.player} " in asked
    typed = str(float(first.answer)).replace(".", ",")          # e.g. 10,5 for 10½
    answer(app, 0, typed, "Проверить")
    assert app.success and app.success[0].value.replace("\\", "").startswith("Верно: ")
    assert app.metric[0].label == "Счёт" and app.metric[0].value == "1 / 1"


def test_a_wrong_answer_in_german_says_so_in_german():
    app = start_in("de", 5)
    answer(app, 0, "999", "Prüfen")
    assert app.error and app.error[0].value.replace("\\", "") == \
        "Nicht ganz: 999 ist zu hoch. Nehmen Sie einen Hinweis für den nächsten Schritt."
    assert [b.label for b in app.button if b.key == "train_hint"] == ["Hinweis: ein Schritt mehr"]
