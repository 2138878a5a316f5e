"""Build event in German and Russian: the tabs, the event's line, the grids' headings, the pairing tab's choices and
the saved events' list speak the session's language; the open tab stays open when the language changes; the
tables of names kept beside the engine's English ones stay in step with them."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.core.model import KIND_DESCRIPTIONS
from engine.pairing.methods import PAIRING_METHODS
from tests.pages import build_tab, open_page
from ui.build.words import KIND_NAMES, PAIRING_NAMES, TAB_NAMES
from ui.session.navigation import BUILD_TAB, BUILD_TABS


def in_language(lang: str) -> AppTest:
    at = open_page("Build event", timeout=60)
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception
    return at


def test_the_names_beside_the_engines_are_the_engines_own():
    assert PAIRING_NAMES == dict(PAIRING_METHODS)
    assert KIND_NAMES == dict(KIND_DESCRIPTIONS)
    assert tuple(TAB_NAMES) == BUILD_TABS and all(k == v for k, v in TAB_NAMES.items())


def test_build_event_in_german():
    at = in_language("de")
    assert at.title[0].value == "Turnier erfassen"
    # the example: 16 players, all five rounds played
    assert at.text[0].value == "Beispielturnier: Schweizer System, 16 Spieler, 5 Runden (automatisch gespeichert)"
    assert [tab.label for tab in at.tabs] == ["Spieler und Ergebnisse", "Nächste Runde auslosen", "Neues Turnier",
                                              "Zufallsturnier", "Hochladen / herunterladen", "Gespeicherte Turniere"]
    assert at.button(key="FormSubmitter:grids-Änderungen übernehmen").label == "Änderungen übernehmen"
    assert at.header[0].value == "Vorschau der Tabelle"
    assert "Endstand nach 5 Runden: Punkte, dann MM, BH, CUM, OCUM (die Reihenfolge des Turniers, gewählt auf der " \
           "Seite Tabelle)." in [c.value for c in at.caption]
    pairing = build_tab(at, "Pair next round")
    kind = next(s for s in pairing.selectbox if s.key.startswith("event_type_"))
    assert kind.label == "Turnierart"
    assert kind.options == ["Schweizer System", "Rundenturnier"]
    assert pairing.radio[0].label == "Auslosungsart"
    assert pairing.radio[0].options[0].startswith("Schweizer System, FIDE holländisches System")
    assert "Alle 5 Runden sind ausgelost: Es gibt keine nächste Runde auszulosen." in pairing.info[0].value
    assert "Runde 6 zum Turnier hinzufügen" in [b.label for b in pairing.button]


def test_build_event_in_russian_counts_in_russian_forms_and_keeps_the_open_tab_when_the_language_changes():
    at = in_language("ru")
    assert at.text[0].value == "Пример турнира: Швейцарская система, 16 участников, туров: 5 " \
                               "(сохраняется автоматически)"
    at = build_tab(at, "New event")
    assert at.session_state[BUILD_TAB] == "Новый турнир"
    assert at.text_input(key="new_name").label == "Имя"
    assert at.text_input(key="new_name").value == "Новый турнир"
    assert "Создать новый турнир" in [b.label for b in at.button]
    # the language changes (the address, as the sidebar's selector writes it): the same tab stays open, now
    # under its German name
    at.query_params["lang"] = "de"
    at.run()
    assert not at.exception
    assert at.session_state[BUILD_TAB] == "Neues Turnier"
    assert "Turnier anlegen" in [b.label for b in at.button]
