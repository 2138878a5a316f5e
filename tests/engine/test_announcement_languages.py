"""The TD's announcement sheet in German, French, Spanish and Russian: every heading and text from the
catalogs, money in the event's currency written the language's way, and the document's language declared
(``<html lang>`` and the PDF's ``/Lang``); a Russian PDF prints its Cyrillic letters (DejaVu Sans)."""
from __future__ import annotations

import re

from engine.prizes.prize_list import Prize
from engine.teaching.announcement import announcement, to_html, to_pdf
from i18n.announcement import announcement_in
from i18n.catalog import translator

PRIZES = [Prize("1st", 1234, place=1), Prize("Best under 1600", 100, kind="class", rating_max=1599)]


def sheet(lang: str):
    return announcement_in(translator(lang), ["MM", "BH"], "fide", "uscf", event_name="Open", prizes=PRIZES,
                           currency="€")


def test_english_is_the_engine_s_own_sheet():
    english = announcement(["MM", "BH"], "fide", "uscf", event_name="Open", prizes=PRIZES, currency="€")
    assert to_html(sheet("en")) == to_html(english)
    assert '<html lang="en">' in to_html(english)


def test_german_and_french_sheets_speak_their_language_and_write_money_their_way():
    de = to_html(sheet("de"))
    assert '<html lang="de">' in de and "<h1>Feinwertungen und Preise</h1>" in de
    assert "<li>1st: 1.234,00\xa0€</li>" in de and "<li>Best under 1600: 100,00\xa0€ — Elo 1599 oder weniger</li>" in de
    assert "<h2>Freilose, kampflose Partien und Abwesenheiten</h2>" in de
    fr = to_html(sheet("fr"))
    assert '<html lang="fr">' in fr and "<h2>Ce que signifie chaque critère</h2>" in fr
    assert "1 234,00" in fr.replace("\u202f", " ").replace("\xa0", " ")


def test_a_russian_pdf_declares_its_language_and_keeps_its_letters():
    pdf = to_pdf(sheet("ru"))
    assert re.search(rb"/Lang \(ru\)", pdf)
    assert b"DejaVuSans" in pdf                  # the Cyrillic font is embedded, no "?" in place of letters
    assert re.search(rb"/Lang \(es\)", to_pdf(sheet("es")))
