"""The language of a session under AppTest: ``?lang=`` chooses it, the sidebar offers every language in its own
name, the choice is kept in the session, and two sessions of one process never share it."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.pages import open_page
from tests.paths import DATA, REPO_ROOT
from ui.session.language import LANG, SELECTOR


def whole_app() -> AppTest:
    return AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=60)


def page_in(lang: str | None, title: str, timeout: float = 60) -> AppTest:
    """The page called ``title`` opened with ``?lang=lang`` in its address (``None``: no language asked), run
    once, without an exception."""
    at = open_page(title, timeout=timeout)
    if lang:
        at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


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
    at = page_in("ru", "Start")
    assert [h.value for h in at.header] == ["Что вы хотите сделать?", "Таблица текущего турнира"]
    texts = [x.value for x in at.text]
    assert texts[0] == "Почему мой ребёнок ниже другого участника с тем же количеством очков?"
    assert any(x.startswith("Лидер: ") and ", очков: " in x for x in texts)
    # the example event: 16 players -> the "many" form; its rounds phrased around their number
    assert "Пример турнира: 16 участников, туров: 5" in texts          # the example's name in Russian too
    assert "Лидер: Bruno, очков: 4" in texts
    assert "When players finish" not in " ".join(m.value for m in at.markdown)
    assert "Когда участники набирают одинаковое количество очков" in at.markdown[0].value


def test_the_start_page_in_german_names_the_preset_in_german_and_keeps_the_codes():
    at = page_in("de", "Start")
    assert at.header[0].value == "Was möchten Sie tun?"
    # each code beside its name, in German (words beside every code), the rule set by its name
    assert at.caption[1].value.startswith("Geordnet nach Punkten, dann MM · Modifizierter Median; BH · "
                                          "Buchholz-Wertung; CUM · Kumulative Wertung (US Chess); OCUM · Kumulative "
                                          "Wertung der Gegner — Empfehlung von US Chess (Einzelturnier, Schweizer "
                                          "System) — nach Regelwerk US Chess (angepasste Punkte")
    assert "Führend: Bruno, Punkte: 4" in [x.value for x in at.text]


def test_the_standings_page_in_french_and_spanish_uses_the_arbiters_words():
    at = page_in("fr", "Standings")
    assert at.title[0].value == "Classement"
    assert at.header[0].value == "Classement final après 5 rondes"
    assert at.selectbox[0].label == "Ordre des départages (préréglage)"
    assert "fide-swiss · FIDE suisse, liste B" in at.selectbox[0].options      # the options as shown
    assert "**BH**: Buchholz (Solkoff)" in at.markdown[-1].value
    es = page_in("es", "Standings")
    assert es.header[0].value == "Clasificación final tras 5 rondas"
    assert {"BH/M1 · Buchholz (Solkoff) (mediano 1)", "DE · Encuentro directo"} <= set(es.multiselect[0].options)


def test_the_glossary_in_russian_shows_the_arbiters_words_and_finds_them_in_either_language():
    at = page_in("ru", "Glossary")
    assert at.title[0].value == "Глоссарий"
    assert at.header[0].value == "Слова судей: Русский"
    own = at.table[0].value
    assert own.loc["Sonneborn-Berger", "Термин"].startswith("коэффициент Бергера")
    assert own.loc["match points (team events)", "Термин"] == "командные очки (требует подтверждения)"
    same = at.table[1].value
    assert same.loc["Солкофф", "Другие названия"] == "коэффициент Бухгольца (FIDE и большая часть Европы)"
    assert "fide · FIDE 2026 (фиктивный соперник, с ограничением)" in [e.label for e in at.expander]
    assert any(m.value.startswith("**Местные варианты.** ") for m in at.markdown)
    # an English name still finds its row, shown in Russian
    at.text_input(key="glossary_search").input("Solkoff").run()
    systems = next(x.value for x in at.table if x.value.index.name == "Система")
    assert list(systems.index) == ["Солкофф"]


def test_the_glossary_in_english_has_no_table_of_another_language():
    at = page_in(None, "Glossary")
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


def test_check_published_standings_in_german_reads_a_table_and_says_so_in_german():
    at = page_in("de", "Check published standings", timeout=120)
    assert at.title[0].value == "Veröffentlichte Rangliste prüfen"
    at.text_area(key="check.text").set_value(
        (DATA / "published" / "stockholm_seniors_2026_r4.csv").read_text(encoding="utf-8")).run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert [h.value for h in at.header][:2] == ["Zusammenfassung", "Veröffentlicht neben unserem"]
    summary = at.markdown[1].value.replace("\\", "")          # as shown, without the Markdown escapes
    assert summary == "Seniorschack Stockholm KM Klassiskt 2026: 40 Spieler, gelesen als: eine Tabelle von chess-results."
    assert {"TB3 veröffentlicht", "TB3 unseres", "TB3 gleich?"} <= set(at.dataframe[0].value.columns)


def test_explain_in_spanish_names_the_criterion_and_the_rule_sets_in_spanish():
    at = page_in("es", "Explain")
    assert at.title[0].value == "Explicar un desempate"
    assert at.header[0].value == "MM · Mediano modificado, reglamento uscf"
    by_rules = at.dataframe[0].value
    assert list(by_rules.columns[:2]) == ["Reglamento", "Modelo"]
    assert dict(zip(by_rules["Reglamento"], by_rules["Modelo"]))["raw"] == "sin ajuste"
    assert {"Jugador", "Criterio", "Segundo jugador, al lado"} <= {s.label for s in at.selectbox}


def test_why_in_french_asks_and_frames_in_french():
    at = page_in("fr", "Why is A above B?")
    assert at.title[0].value == "Pourquoi A devant B ?"
    assert [h.value for h in at.header][:2] == ["L'ordre de ce tournoi", "Ce qui l'aurait vraiment changé"]
    assert {"Joueur A", "Joueur B"} <= {s.label for s in at.selectbox}


def test_a_share_link_made_in_russian_carries_no_language_so_it_opens_in_the_opener_s():
    at = page_in("ru", "Explain")
    links = [c.value for c in at.code if "?s=" in c.value]
    assert links and all("lang" not in link for link in links)
    opened = open_page("Explain", timeout=60)
    opened.query_params["s"] = links[0].split("?s=")[1]
    opened.run()
    assert not opened.exception
    assert opened.title[0].value == "Explain a tie-break value"     # no language asked: the opener's (English here)


def test_prizes_in_german_write_money_the_german_way_in_the_event_s_own_currency():
    at = page_in("de", "Prizes")
    assert at.title[0].value == "Preise"
    paid = next(x.value for x in at.text if x.value.startswith("Ausgezahlt "))
    # the example's fund, 300 + 200 + 100 + 60 = 660 dollars, all paid: the sign stays "$", written as in German
    assert paid == "Ausgezahlt 660,00\xa0$ von 660,00\xa0$ Geld; durch Rundung übrig: 0,00\xa0$."
    english = page_in(None, "Prizes")
    assert next(x.value for x in english.text if x.value.startswith("Paid out ")).startswith("Paid out $")


def test_compare_orderings_in_russian_frames_its_charts_in_russian():
    at = page_in("ru", "Compare orderings", timeout=120)
    assert at.title[0].value == "Сравнить системы"
    assert [h.value for h in at.header] == ["Место каждого участника при каждом порядке", "Кто смещается и почему",
                                            "Место по каждому показателю отдельно"]


def test_before_the_last_round_in_russian_counts_the_games_left_in_russian_forms():
    at = page_in("ru", "Before the last round", timeout=120)
    at.button(key="forecast.example").click().run()
    assert not at.exception
    assert at.title[0].value == "Перед последним туром"
    # FIDE's exercise after round 4: seven games of round 5 still to be played ("many" form: партий)
    assert any(x.value.startswith("Осталось сыграть 7 партий; ") for x in at.text)
