"""The language machinery: catalogs complete, the check that guards them, contexts, Russian plurals, numbers
written and read the way each language writes them, and which language a browser or shell asks for."""
from __future__ import annotations

import gettext
import io
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from i18n import numbers
from i18n.catalog import Translator, placeholders, translator
from i18n.check import problems, problems_of
from i18n.languages import SUPPORTED, from_environment, normalise


def test_every_shipped_catalog_is_complete_reviewed_and_keeps_its_placeholders():
    assert problems() == []


def _write(path: Path, catalog: Catalog) -> Path:
    with path.open("wb") as f:
        write_po(f, catalog)
    return path


def test_the_check_names_a_missing_a_fuzzy_and_a_mismatched_entry(tmp_path):
    source = Catalog()
    source.add("Standings")
    source.add("Points", context="match")
    source.add("{player} wins", context=None)
    source.add(("{n} round", "{n} rounds"))
    po = Catalog(locale="de")
    po.add("Standings", "Rangliste", flags=["fuzzy"])
    po.add("{player} wins", "{spieler} gewinnt")
    po.add(("{n} round", "{n} rounds"), ("{n} Runde", "{n} Runden"))
    found = problems_of("de", source, _write(tmp_path / "de.po", po))
    assert found == [
        "de: “Standings” is marked fuzzy (not reviewed)",
        "de: “Points” (context “match”) has no translation",
        "de: “{player} wins” has placeholders ['spieler'], the English ['player']",
    ]


def _translator(lang: str, catalog: Catalog) -> Translator:
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translator(lang, gettext.GNUTranslations(buffer))


def test_russian_counts_take_its_three_forms_and_contexts_keep_two_meanings_apart():
    catalog = Catalog(locale="ru")
    catalog.add(("{n} round", "{n} rounds"), ("{n} тур", "{n} тура", "{n} туров"))
    catalog.add("Points", "Командные очки", context="match")
    catalog.add("Points", "Очки за партии", context="game")
    ru = _translator("ru", catalog)
    forms = {n: ru.tn("{n} round", "{n} rounds", n) for n in (1, 2, 5, 11, 21, 22, 25, 111)}
    assert forms == {1: "1 тур", 2: "2 тура", 5: "5 туров", 11: "11 туров", 21: "21 тур", 22: "22 тура",
                     25: "25 туров", 111: "111 туров"}
    assert (ru.tp("match", "Points"), ru.tp("game", "Points")) == ("Командные очки", "Очки за партии")
    with pytest.raises(TypeError, match="whole count"):
        ru.tn("{n} round", "{n} rounds", 2.5)  # type: ignore[arg-type]


def test_english_and_unknown_languages_return_the_message_itself_with_its_fields_filled():
    assert translator("en").t("{player} wins", player="Ana") == "Ana wins"
    assert translator("pt").lang == "en"
    assert translator("en").tn("{n} round", "{n} rounds", 1) == "1 round"


def test_each_shipped_language_has_its_own_translator_and_they_differ():
    titles = {lang: translator(lang).t("Standings") for lang in SUPPORTED}
    assert titles == {"en": "Standings", "de": "Rangliste", "fr": "Classement", "es": "Clasificación",
                      "ru": "Турнирная таблица"}


def test_placeholders_are_the_named_fields():
    assert placeholders("{a} and {b:>3} and {{c}}") == {"a", "b"}


def test_numbers_are_written_as_each_language_writes_them():
    assert [numbers.number(2.5, lang) for lang in ("en", "de", "fr", "es", "ru")] == ["2.5", "2,5", "2,5", "2,5", "2,5"]
    assert numbers.number(283, "de", 2) == "283,00"
    assert numbers.number(1234.5, "fr") == "1\u202f234,5"
    assert numbers.points(Fraction(7, 2), "de") == "3½"
    assert numbers.points(Fraction(7, 2), "ru", half_glyph=False) == "3,5"
    assert numbers.money(1379, "€", "de") == "1.379,00\xa0€"
    assert numbers.money(1379, "$", "en") == "$1,379.00"


def test_numbers_are_read_in_every_way_people_type_them():
    for text in ("2,5", "2.5", "2½", "2 ½", " 2,5 "):
        assert numbers.parse_points(text, "de") == Decimal("2.5"), text
    assert numbers.parse_points("½", "ru") == Decimal("0.5")
    with pytest.raises(ValueError, match="“zwei” is not a number"):
        numbers.parse_points("zwei", "de")


def test_half_points_fall_in_the_cldr_category_each_language_gives_them():
    assert [numbers.plural_category(v, "ru") for v in (21, 22, 25, Decimal("21.5"))] == ["one", "few", "many", "other"]
    assert numbers.plural_category(Decimal("1.5"), "fr") == "one"
    assert numbers.plural_category(Decimal("1.5"), "en") == "other"


def test_a_browser_or_shell_locale_names_one_of_our_languages_or_none():
    assert [normalise(x) for x in ("de-AT", "fr_CA.UTF-8", "es", "ru-RU", "pt-BR", "", None)] == \
        ["de", "fr", "es", "ru", None, None, None]
    assert from_environment({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert from_environment({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}) == "fr"
    assert from_environment({"LANG": "C.UTF-8"}) is None


def test_each_shipped_language_has_a_glossary_whose_every_term_names_its_source():
    from i18n.glossary import terms
    from i18n.languages import TRANSLATED
    for lang in TRANSLATED:
        glossary = terms(lang)
        assert len(glossary) >= 12, lang
        assert all(t.term and t.source and t.concept for t in glossary), lang
        concepts = {t.concept for t in glossary}
        assert {"tie-break", "Buchholz", "Sonneborn-Berger", "direct encounter", "drawing of lots"} <= concepts, lang
    by_code = {lang: {t.code: t.term for t in terms(lang) if t.code} for lang in TRANSLATED}
    # the terms the issue names, from the federations' own texts
    assert by_code["ru"]["SB"].startswith("коэффициент Бергера") and by_code["ru"]["BH"] == "коэффициент Бухгольца"
    assert by_code["es"]["BH/M1"] == "Buchholz mediano" and by_code["fr"]["DE"] == "confrontation directe"
    assert by_code["de"]["BC"].startswith("Berliner Wertung")
    assert terms("en") == ()


def test_the_registries_names_are_marked_for_translation_each_exactly_as_the_engine_writes_it():
    from engine.core.codes import CODES
    from engine.core.presets import PRESETS
    from engine.core.rules import RULE_SETS
    from i18n.terms import CODE_NAMES, PRESET_LABELS, RULE_CITATIONS, RULE_LABELS, RULE_SHORT
    assert CODE_NAMES == {code: info.name for code, info in CODES.items()}
    assert RULE_LABELS == {name: rules.label for name, rules in RULE_SETS.items()}
    assert RULE_SHORT == {name: rules.short for name, rules in RULE_SETS.items()}
    assert RULE_CITATIONS == {name: rules.citation for name, rules in RULE_SETS.items()}
    assert PRESET_LABELS == {name: preset.label for name, preset in PRESETS.items()}
    from engine.teaching.explanations import OPTIONS_TEXT
    from i18n.terms import OPTIONS, RULE_HEADINGS, RULE_PARAGRAPHS
    assert RULE_HEADINGS == {name: rules.heading for name, rules in RULE_SETS.items()}
    assert RULE_PARAGRAPHS == {name: rules.paragraph for name, rules in RULE_SETS.items()}
    assert OPTIONS == tuple(OPTIONS_TEXT)
    from engine.teaching.explanations import OFFICIAL_RULE
    from i18n.terms import OFFICIAL_RULES, PRESET_SOURCES
    assert OFFICIAL_RULES == dict(OFFICIAL_RULE)
    from engine.teaching.explanations import CRITERIA
    from i18n.terms import CODE_TEXTS
    assert CODE_TEXTS == {code: (text.sentences, text.example) for code, text in CRITERIA.items()}
    from engine.prizes.split import ELIGIBLE_ONLY_LABEL, METHODS
    from engine.teaching.explanations import PRIZE_METHODS_TEXT
    from i18n.terms import PRIZE_METHOD_TEXTS, PRIZE_METHODS
    from ui.widgets.prizes import READINGS
    assert PRIZE_METHODS == dict(METHODS) and PRIZE_METHOD_TEXTS == dict(PRIZE_METHODS_TEXT)
    assert READINGS["eligible_only"] == ELIGIBLE_ONLY_LABEL[0].upper() + ELIGIBLE_ONLY_LABEL[1:]
    assert PRESET_SOURCES == {name: preset.source for name, preset in PRESETS.items()}


def test_a_criterion_and_a_heading_in_each_language():
    from i18n.render import criterion_name, event_line, standings_heading
    en, de, ru = translator("en"), translator("de"), translator("ru")
    assert criterion_name(en, "BH/C1") == "Buchholz (Solkoff) (cut 1)"
    assert criterion_name(de, "BH/C1") == "Buchholz-Wertung (Cut 1)"
    assert criterion_name(ru, "SB") == "Коэффициент Бергера (Зонненборна-Бергера)"
    assert criterion_name(en, "PS/C2") == "Progressive score (without the first 2 rounds)"
    assert standings_heading(ru, 9, 9) == "Итоговая таблица после 9 туров"
    assert standings_heading(ru, 4, 9) == "Положение после 4-го тура из 9"
    assert standings_heading(de, 4, 9) == "Rangliste nach Runde 4 von 9"
    assert event_line(ru, "Кубок", 21, 9, 9) == "Кубок: 21 участник, туров: 9"
    assert event_line(ru, "Кубок", 22, 9, 9) == "Кубок: 22 участника, туров: 9"
    assert event_line(ru, "Кубок", 25, 4, 9) == "Кубок: 25 участников, после 4-го тура из 9"


def test_the_standings_table_in_german_and_russian_writes_its_separations_and_decimals_in_the_language():
    from engine.formats.loader import load_event
    from engine.ranking.standings import standings
    from tests.paths import REPO_ROOT
    from ui.render.tables import SEPARATED, standings_frame
    event = load_event(REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf")
    table = standings(event, "BH/C1,AOB,SB", "fide")
    de, en = standings_frame(table, translator("de")), standings_frame(table)
    bruno_de, bruno_en = de[de["#"] == "2"].iloc[0], en[en["#"] == "2"].iloc[0]
    # the values of the command line's table (tests/engine/test_cli_languages.py: AOB 13.60, SB 9.5), as the app writes them
    assert (bruno_en["AOB"], bruno_en["SB"], bruno_en[SEPARATED]) == ("13.6", "9½", "points 4 vs 3½")
    assert (bruno_de["AOB"], bruno_de["SB"], bruno_de[SEPARATED]) == ("13,6", "9½", "Punkte 4 gegen 3½")
    ru = standings_frame(table, translator("ru"))
    assert ru[ru["#"] == "2"].iloc[0][SEPARATED] == "очки 4 против 3½"


def test_a_prize_amount_typed_the_german_or_french_way_is_read_as_meant():
    import pandas as pd

    from ui.widgets.prizes import ANYONE, prizes_from_frame
    frame = pd.DataFrame({"Prize": ["1st", "2nd", "3rd"], "Amount": ["1.234,50", "162,50", "75"],
                          "Type": ["place"] * 3, "Place": ["1", "2", "3"], "Only for": [ANYONE] * 3})
    assert [p.amount for p in prizes_from_frame(frame, "de")] == [123450, 16250, 7500]
    frame["Amount"] = ["1 234,50", "162.50", "75,5"]
    assert [p.amount for p in prizes_from_frame(frame, "fr")] == [123450, 16250, 7550]
    # English keeps its own reading: a comma groups thousands
    frame["Amount"] = ["$1,234.50", "162.50", "1,000"]
    assert [p.amount for p in prizes_from_frame(frame)] == [123450, 16250, 100000]


def test_a_placeholder_may_be_called_message_or_context():
    assert translator("en").t("line {line}: {message}", line=3, message="no header row") == "line 3: no header row"
    assert translator("en").tp("x", "{context} and {message}", context="a", message="b") == "a and b"


def test_modifiers_in_words_in_each_language_english_as_the_engine_writes_it():
    from engine.teaching.explanations import modifier_sentences
    from i18n.render import modifier_sentences as rendered
    for code in ("BH/C1", "BH/M2", "ARO/C2", "PS/C1", "KS/L+1", "KS/L-2", "SB/P", "RTNG/R", "BH/C1/N"):
        assert rendered(translator("en"), code) == modifier_sentences(code), code
    assert rendered(translator("de"), "BH/C1") == [
        "Cut 1: Der Wert des Gegners mit den wenigsten Punkten bleibt weg, so entscheidet kein schwacher oder "
        "fehlender Gegner."]
    # Russian's "few" form for two values, "many" for five
    assert rendered(translator("ru"), "BH/M2")[0].startswith("Медиана 2: 2 самых высоких и 2 самых низких значения ")
    assert rendered(translator("ru"), "BH/M5")[0].startswith("Медиана 5: 5 самых высоких и 5 самых низких значений ")
    assert rendered(translator("fr"), "KS/L-2") == ["La limite de 50 % est abaissée de 2 demi-points."]
