"""Lessons in German, Russian and Spanish: a translated lesson tells its story in the reader's language with the
English story's numbers; an untranslated one (a lesson added before its translation) says so and shows the English
story; the claims, the working's headings and the "try this" labels speak the reader's language."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.pages import open_page
from ui import lessons


def lesson_in(lang: str, slug: str) -> AppTest:
    at = open_page("Lessons", timeout=60)
    at.query_params["lang"] = lang
    at.session_state["lesson_slug"] = slug
    at.run()
    assert not at.exception
    return at


def test_a_translated_lesson_in_german():
    at = lesson_in("de", "kashdan-fewer-draws")
    assert at.title[0].value == "Lektionen"
    assert at.header[0].value == "Kashdan belohnt weniger Remis"
    story = " ".join(m.value for m in at.markdown)
    assert "Kai: drei Siege, zwei Niederlagen: 4 + 4 + 4 + 1 + 1 = **14**." in story
    assert "Kai: three wins" not in story
    claims = at.table[0].value
    assert list(claims.columns) == ["Aussage", "Rechenkern", "Stimmt"]
    assert set(claims["Stimmt"]) == {"✓ ja"}
    assert "Kai spielt seine letzte Partie remis" in [b.label for b in at.button]
    working = at.table[1].value
    assert list(working.columns)[:2] == ["Runde", "Gegner"]


def test_the_head_to_head_lesson_in_russian_keeps_the_players_names():
    at = lesson_in("ru", "head-to-head-vs-direct-encounter")
    assert at.header[0].value == "Результат между равными (US Chess) против личной встречи (ФИДЕ)"
    assert "порядок — **Xena, Zoe, Yuri**" in " ".join(m.value for m in at.markdown)


def test_the_example_lesson_in_russian_and_a_prize_lesson_in_spanish():
    at = lesson_in("ru", "example")
    assert at.header[0].value == "Упражнение ФИДЕ: 16 участников, пять туров"
    story = " ".join(m.value for m in at.markdown)
    assert "Четыре участника набирают по 3½: Alyx (#1), Charline (#3), David (#4) и Stephan (#16)." in story
    assert "This is the crosstable FIDE" not in story
    assert not any(c.value.startswith("История этого урока ещё не переведена") for c in at.caption)
    assert "Alyx выигрывает у David в последнем туре" in [b.label for b in at.button]
    at = lesson_in("es", "prize-shared-cash")
    assert at.header[0].value == "Premios: el dinero se reparte, el trofeo va por desempate"
    assert "(200 + 100 + 60) ÷ 3 = **120 $** cada uno" in " ".join(m.value for m in at.markdown)
    assert "Bo gana a Alice en la última ronda" in [b.label for b in at.button]


def test_an_untranslated_lesson_in_russian_says_its_story_is_in_english(monkeypatch):
    # every lesson has its story in Russian now: this one is read as a lesson added before its translation
    monkeypatch.setattr(lessons, "translated_narrative", lambda slug, lang: None)
    at = lesson_in("ru", "example")
    assert any(c.value.startswith("История этого урока ещё не переведена") for c in at.caption)
    assert "This is the crosstable FIDE" in " ".join(m.value for m in at.markdown)
    claims = at.table[0].value
    assert set(claims["Совпадает"]) == {"✓ да"}


def example_tried(lang: str) -> AppTest:
    """The example lesson in ``lang`` with its first "try this" change (Alyx beats David in the last round)."""
    at = lesson_in(lang, "example")
    at.button(key="lesson_try_example_0").click().run()
    assert not at.exception
    return at


def test_the_example_lessons_working_and_what_moved_in_german():
    at = example_tried("de")
    text = " ".join(m.value for m in at.markdown)
    # David's modified median (US Chess): 3½ of 5 is a plus score, so only the lowest (his half-point bye, 0) goes
    assert "Werte sortiert\\: 0, 1½, 2, 3½, 3½\\." in text
    assert "Summe der verbleibenden Werte\\: 2 \\+ 1½ \\+ 3½ \\+ 3½ \\= 10½\\." in text
    assert "Sum of the kept values" not in text and "Rule set\\:" not in text
    david = at.table[1].value
    assert david["Gegner"].tolist()[1] == "Freilos mit einem halben Punkt"
    moved = at.dataframe[0].value
    assert list(moved.columns)[:3] == ["Spieler", "Rang", "PTS"]
    # Alyx's win over David: Alyx 3½ -> 4 and from 3rd to 2nd
    alyx = moved[moved["Spieler"] == "#1 Alyx"].iloc[0]
    assert (alyx["Rang"], alyx["PTS"]) == ("3 → 2", "3½ → 4")


def test_the_example_lessons_working_and_what_moved_in_russian():
    at = example_tried("ru")
    text = " ".join(m.value for m in at.markdown)
    assert "Значения по возрастанию\\: 0, 1½, 2, 3½, 3½\\." in text
    assert "Сумма оставшихся значений\\: 3½ \\+ 1 \\+ 1½ \\+ 1½ \\= 7½\\." in text
    assert "Sum of the kept values" not in text
    jessica = at.table[2].value
    assert jessica["Соперник"].tolist()[2:] == ["пропуск тура с пол\\-очка", "\\#11 Maria \\(поражение без игры\\)",
                                                "свободный тур по жеребьёвке"]
    moved = at.dataframe[0].value
    assert list(moved.columns)[:2] == ["Участник", "Место"]


def test_a_team_lesson_tells_its_story_and_checks_its_claims_in_german():
    at = open_page("Lessons", timeout=60)
    at.query_params["lang"] = "de"
    at.run()
    at.toggle(key="lessons.teams").set_value(True).run()
    assert not at.exception, at.exception
    story = " ".join(m.value for m in at.markdown)
    assert "Endstand: Ashford und Brookside je 5 Mannschaftspunkte und 9 Brettpunkte" in story
    assert "Final scores:" not in story
    claims = at.table[0].value
    assert list(claims.columns) == ["Aussage", "Rechenkern", "Stimmt"]
    assert claims["Aussage"].tolist()[:3] == ["Ashford: 5 Mannschaftspunkte", "Brookside: 5 Mannschaftspunkte",
                                              "Ashford und Brookside: je 9 Brettpunkte"]
    assert set(claims["Stimmt"]) == {"✓ ja"}
    assert any(m.value.startswith("**Baku 2016: ein Titel") for m in at.markdown)
    at.selectbox(key="team.lesson").select_index(1).run()       # the FIDE exercises: its label is German
    story = " ".join(m.value for m in at.markdown)
    assert "2×7 + 0×10 + 2×7 + 2×10 + 0×10 + 2×10 + 2×10 = **88**" in story
    assert "Extended Sonneborn-Berger, match points" not in story
    assert at.table[0].value["Rechenkern"].tolist()[:2] == ["88", "74"]


def test_a_claims_options_are_words_not_the_files_names():
    # the scenario files write kashdan_unplayed:2 and cumulative:none; the reader sees what they mean
    kash = lesson_in("de", "example").table[0].value["Aussage"].tolist()
    assert "KASH · Kashdan von \\#4 David \\= 14 \\(uscf, Kashdan\\: 2 Punkte für eine nicht gespielte Runde\\)" in kash
    cum = lesson_in("ru", "cumulative-half-point-bye").table[0].value["Утверждение"].tolist()
    assert "CUM · Нарастающий итог \\(US Chess\\) у \\#2 Ben \\= 9 \\(uscf, нарастающий итог\\: ничего \\(как PS FIDE\\)\\)" \
        in cum
    assert not any("kashdan_unplayed" in c or "cumulative " in c for c in kash + cum)


def test_a_place_or_prize_claim_says_what_it_checks():
    # RANK and PRIZE are no tie-breaks: their claims say in words that they check a place and a prize's money
    claims = lesson_in("de", "example").table[0].value["Aussage"].tolist()
    assert "RANK · Platz in der Rangliste von \\#3 Charline \\= 2 \\(uscf\\)" in claims
    claims = lesson_in("ru", "prize-shared-cash").table[0].value["Утверждение"].tolist()
    assert any(c.startswith("PRIZE · денежный приз у \\#2 Bo \\= 120 ") for c in claims)
    claims = lesson_in("en", "prize-shared-cash").table[0].value["Claim"].tolist()
    assert any(c.startswith("PRIZE · prize money of \\#2 Bo \\= 120 ") for c in claims)


def plain(cells) -> list[str]:
    """A column's cells as a reader sees them (the Markdown escapes taken out)."""
    return [str(c).replace("\\", "") for c in cells]


def test_the_working_table_gives_its_reasons_in_german():
    # Kashdan: 4 for a win, 1 for a loss, 0 for the full-point bye (not played): 4 + 4 + 0 + 1 + 1 = 10
    at = lesson_in("de", "kashdan-fewer-draws")
    working = at.table[1].value
    assert plain(working["Warum"]) == ["Sieg: 4", "Sieg: 4", "Freilos mit einem ganzen Punkt: nicht gespielt, 0",
                                       "Niederlage: 1", "Niederlage: 1"]
    steps = [m.value.replace("\\", "") for m in at.markdown if m.value.startswith("- ")]
    assert "- 4 + 4 + 0 + 1 + 1 = 10." in steps[0].split("\n")


def test_the_working_table_says_why_a_value_was_dropped_in_russian():
    # Modified Median, a plus score: only the lowest of 2, 2½, 0 (the bye), 4, 3 goes; 2 + 2½ + 4 + 3 = 11½
    at = lesson_in("ru", "modified-median-bye")
    working = at.table[1].value
    assert plain(working["Отброшено, потому что"])[2] == "отброшено: наименьшее"
    assert plain(working["Почему"])[0] == "№3 Player 3 набрал(а) 2"
    steps = [m.value.replace("\\", "") for m in at.markdown if m.value.startswith("- ")]
    assert "- Сумма оставшихся значений: 2 + 2½ + 4 + 3 = 11½." in steps[0].split("\n")
    assert not any("dropped" in cell or "scored" in cell for cell in plain(working["Почему"]))
