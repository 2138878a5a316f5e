"""The language of a session under AppTest: ``?lang=`` chooses it, the sidebar offers every language in its own
name, the choice is kept in the session, and two sessions of one process never share it."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.paths import REPO_ROOT
from ui.session.language import LANG, SELECTOR


def whole_app() -> AppTest:
    return AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=60)


def test_the_address_chooses_the_language_and_the_selector_shows_it_in_its_own_name():
    at = whole_app()
    at.query_params["lang"] = "ru"
    at.run()
    assert not at.exception
    assert at.session_state[LANG] == "ru"
    selector = at.sidebar.selectbox(key=SELECTOR)
    assert selector.value == "ru"
    assert selector.label == "Язык · Language"
    assert selector.options == ["English", "Deutsch", "Français", "Español", "Русский"]


def test_a_choice_in_one_session_never_shows_in_another():
    german, other = whole_app(), whole_app()
    german.run()
    other.run()
    german.sidebar.selectbox(key=SELECTOR).set_value("de").run()
    other.run()
    assert german.session_state[LANG] == "de"
    assert german.query_params["lang"] == "de"          # the address carries a chosen language
    assert other.session_state[LANG] == "en"
    assert other.sidebar.selectbox(key=SELECTOR).label == "Language"
    assert german.sidebar.selectbox(key=SELECTOR).label == "Sprache · Language"


def test_the_start_page_speaks_russian_and_writes_its_counts_in_russian_forms():
    from tests.pages import open_page
    at = open_page("Start", timeout=60)
    at.query_params["lang"] = "ru"
    at.run()
    assert not at.exception
    assert [h.value for h in at.header] == ["Что вы хотите сделать?", "Таблица текущего турнира"]
    texts = [x.value for x in at.text]
    assert texts[0] == "Почему мой ребёнок ниже другого участника с тем же количеством очков?"
    assert any(x.startswith("Лидер: ") and ", очков: " in x for x in texts)
    # the example event: 16 players -> the "many" form; its rounds phrased around their number
    assert "Example event: 16 участников, туров: 5" in texts
    assert "Лидер: Bruno, очков: 4" in texts
    assert "When players finish" not in " ".join(m.value for m in at.markdown)
    assert "Когда участники набирают одинаковое количество очков" in at.markdown[0].value


def test_the_start_page_in_german_names_the_preset_in_german_and_keeps_the_codes():
    from tests.pages import open_page
    at = open_page("Start", timeout=60)
    at.query_params["lang"] = "de"
    at.run()
    assert not at.exception
    assert at.header[0].value == "Was möchten Sie tun?"
    # each code beside its name, in German (issue 40: words beside every code), the rule set by its name
    assert at.caption[1].value.startswith("Geordnet nach Punkten, dann MM · Modifizierter Median; BH · "
                                          "Buchholz-Wertung; CUM · Kumulative Wertung (US Chess); OCUM · Kumulative "
                                          "Wertung der Gegner — Empfehlung von US Chess (Einzelturnier, Schweizer "
                                          "System) — nach Regelwerk US Chess (angepasste Punkte")
    assert "Führend: Bruno, Punkte: 4" in [x.value for x in at.text]


def test_the_standings_page_in_french_and_spanish_uses_the_arbiters_words():
    from tests.pages import open_page
    at = open_page("Standings", timeout=60)
    at.query_params["lang"] = "fr"
    at.run()
    assert not at.exception
    assert at.title[0].value == "Classement"
    assert at.header[0].value == "Classement final après 5 rondes"
    assert at.selectbox[0].label == "Ordre des départages (préréglage)"
    assert "fide-swiss · FIDE suisse, liste B" in at.selectbox[0].options      # the options as shown
    assert "**BH**: Buchholz (Solkoff)" in at.markdown[-1].value
    es = open_page("Standings", timeout=60)
    es.query_params["lang"] = "es"
    es.run()
    assert es.header[0].value == "Clasificación final tras 5 rondas"
    assert {"BH/M1 · Buchholz (Solkoff) (mediano 1)", "DE · Encuentro directo"} <= set(es.multiselect[0].options)


def test_the_glossary_in_russian_shows_the_arbiters_words_and_finds_them_in_either_language():
    from tests.pages import open_page
    at = open_page("Glossary", timeout=60)
    at.query_params["lang"] = "ru"
    at.run()
    assert not at.exception
    assert at.title[0].value == "Глоссарий"
    assert at.header[0].value == "Слова судей: Русский"
    own = at.table[0].value
    assert own.loc["Sonneborn-Berger", "Термин"].startswith("коэффициент Бергера")
    assert own.loc["match points (team events)", "Термин"] == "командные очки (требует подтверждения)"
    same = at.table[1].value
    assert same.loc["Солкофф", "Другие названия"] == "коэффициент Бухгольца (FIDE и большая часть Европы)"
    # an English name still finds its row, shown in Russian
    at.text_input(key="glossary_search").input("Solkoff").run()
    systems = next(x.value for x in at.table if x.value.index.name == "Система")
    assert list(systems.index) == ["Солкофф"]


def test_the_glossary_in_english_has_no_table_of_another_language():
    from tests.pages import open_page
    at = open_page("Glossary", timeout=60).run()
    assert at.header[0].value == "Names that mean the same thing"


def test_switching_language_keeps_what_was_typed_and_the_language_follows_to_the_next_page():
    at = whole_app()
    at.run()
    at.switch_page("pages/glossary.py").run()
    at.text_input(key="glossary_search").input("Solkoff").run()
    at.sidebar.selectbox(key=SELECTOR).set_value("de").run()
    search = at.text_input(key="glossary_search")
    assert (search.label, search.value, at.title[0].value) == ("Suchen", "Solkoff", "Glossar")
    at.switch_page("pages/standings.py").run()
    assert (at.title[0].value, at.session_state[LANG]) == ("Rangliste", "de")
