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


def plain(text: str) -> str:
    """Markdown as a reader sees it: our escapes and word joiners removed."""
    return text.replace("\\", "").replace("\u2060", "")


def press(app: AppTest, key: str) -> None:
    next(b for b in app.button if b.key == key).click().run()


def test_the_example_event_is_named_in_the_readers_language():
    """The built-in example keeps its English name in the file; the page names it in German or Russian."""
    assert start_in("de", 5).text[0].value == \
        "Turnier: Beispiel: die Feinwertungs-Übung der FIDE (16 Spieler, 5 Runden) – 16 Spieler, Runden: 5"
    assert start_in("ru", 5).text[0].value.startswith(
        "Турнир: Пример: упражнение ФИДЕ по дополнительным показателям (16 участников, 5 туров)")


def test_a_hint_and_the_full_working_in_german():
    """Question 1 of seed 5 asks for Alyx's (#1) Fore Buchholz. Her first round (``+W9``) was against #9 Jessica,
    who scored ½ (the half-point bye of round 3) + 1 (the pairing bye of round 5) = 1½."""
    app = start_in("de", 5)
    press(app, "train_hint")
    hints = [plain(m.value) for m in app.markdown]
    assert "1. Runde 1, Gegner #9: zählt 1½ — #9 Jessica erzielte 1½" in hints
    press(app, "train_show_working")
    working = app.code[0].value.splitlines()
    assert working[0].startswith("Fore-Buchholz [FB] für #1 Alyx: ")
    assert working[1] == "Regelwerk: FIDE 2026"
    assert "Round " not in app.code[0].value and "opponent" not in app.code[0].value


def test_the_working_of_an_ordering_and_a_prize_question_in_russian():
    """Seed 5: question 2 orders the players tied on 2½ (#5, #8, #11); question 4 shares a fund of $400, $250 and
    $150 among the four players tied on 3½ in Fixture A (#1, #3, #4, #16), who occupy places 2-5: the prizes of
    places 2 and 3, $250 + $150 = $400, shared equally, $100 each."""
    app = start_in("ru", 5)
    press(app, "train_next")
    press(app, "train_show_working")
    lines = app.code[0].value.splitlines()
    assert lines[0].split() == ["#", "имя", "BH", "BH/C1", "место"]
    assert sorted(line.split()[0] for line in lines[1:]) == ["11", "5", "8"]
    press(app, "train_next")
    press(app, "train_next")
    for _ in range(3):
        press(app, "train_hint")
    hints = [plain(m.value) for m in app.markdown]
    assert "1. 4 участника с 3½ очками: занимают места 2–5." in hints[-1].splitlines()
    assert "2. Призы за эти места: 250,00\xa0$ + 150,00\xa0$ = 400,00\xa0$ (места за пределами списка призов ничего " \
           "не получают)." in hints[-1].splitlines()
    assert "3. Поровну: 400,00\xa0$ ÷ 4 = 100,00\xa0$ каждому." in hints[-1].splitlines()


def test_the_names_translated_are_the_examples_own():
    import json

    from tests.paths import REPO_ROOT
    from ui.session.state import EXAMPLE_FILE_NAME, FORECAST_EXAMPLE_NAME, shown_name
    assert json.loads((REPO_ROOT / "scenarios" / "example.json").read_text(encoding="utf-8"))["name"] == \
        EXAMPLE_FILE_NAME
    assert json.loads((REPO_ROOT / "scenarios" / "before-the-last-round.json").read_text(encoding="utf-8"))[
        "name"] == FORECAST_EXAMPLE_NAME
    assert shown_name("Club Open 2026") == "Club Open 2026"          # any other name as it is given
