"""``codes`` and ``presets`` in the reader's language (``--lang`` or the locale): table heads, each code's name
and meaning, the modifiers, the rule sets, the presets' labels and sources, the team sections.

The expected German, French and Russian texts are the hand translations in the catalogs (checked against the
terms in ``i18n/glossary/``); the English lines were copied from ``python -m engine codes`` and ``presets`` as
they printed before these lists were translated, so English readers see no change.  Codes, modifier forms,
preset keys and rule-set keys stay as they are typed."""
from __future__ import annotations

import io

import pytest

from engine.cli import main
from engine.teaching.explanations import MODIFIERS
from i18n.catalog import translator
from i18n.render import first_sentence, modifier_meaning


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch):
    """No locale naming a language of ours unless a test sets one."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def lines(*argv: str) -> list[str]:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out, err) == 0
    assert err.getvalue() == ""
    return out.getvalue().splitlines()


def test_english_codes_are_as_before():
    out = lines("codes")
    assert out[0] == "code   name                                           modifiers      meaning"
    assert "BH     Buchholz (Solkoff)                             /Cn /Mn /N /P  Add up the final scores of all your " \
           "opponents." in out
    assert "  /L+n   Moves the 50 % limit by n half-points." in out
    assert "Aliases: GE = REP, SOLKOFF = BH, BUCHHOLZ = BH, NEUSTADTL = SB, BUSUMM = OBH" in out
    assert "Rule sets (--rules): how byes, forfeits and absences count for opponent-based tie-breaks" in out
    assert "  fide2024  FIDE 2023/2024 (dummy opponent): FIDE C.07 art. 16, 2024" in out
    assert "Team events (FIDE C.07 arts. 11-16; a score after a colon, e.g. BH:MP, BH:GP/C1, ESB:MG):" in out
    assert "  BH      Buchholz [:MP :GP /Cn /Mn /P]: The final scores of the teams played, added up (on match or " \
           "game points)." in out
    assert "  WIN     Matches won: The number of matches won, by forfeit included." in out
    assert out[-1] == "  Team presets (--preset): fide-team, olympiad-2016, olympiad-2026, ecu, berlin, swiss-manager, " \
                      "us-team"


def test_english_presets_are_as_before():
    out = lines("presets")
    assert out[0] == "preset                         rules    order after points                        what it is"
    assert "uscf-wintd (variant)           uscf     MM, BH, SB, CUM                           US Chess, WinTD order " \
           "(MM, Solkoff, SB, Cumulative)" in out
    assert "Sources:" in out
    assert "  fide-rr              FIDE's older recommendation for round robins and FIDE event regulations (World " \
           "Junior); Buchholz is never used in a round robin" in out
    assert "Team presets (for team events; the primary score first, then the order):" in out
    assert "  fide-team      EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP   FIDE's sample team order. Source: FIDE's TRF-2026 " \
           "team sample file (record 202), on FIDE C.07 arts. 12-13" in out


def test_german_codes_have_german_heads_names_and_meanings():
    out = lines("--lang", "de", "codes")
    assert out[0].split() == ["Kürzel", "Name", "Zusätze", "Bedeutung"]
    bh = next(line for line in out if line.startswith("BH "))
    assert "Buchholz-Wertung" in bh and "/Cn /Mn /N /P" in bh
    assert bh.endswith("Zählen Sie die Endpunktzahlen aller Ihrer Gegner zusammen.")
    sb = next(line for line in out if line.startswith("SB "))
    assert "Sonneborn-Berger-Wertung" in sb
    assert "Zusätze (hinter dem Kürzel geschrieben, z. B. BH/C1, SB/C2, ARO/M1, KS/L40):" in out
    assert "  /Mn    Lässt die n höchsten und die n niedrigsten Werte weg." in out
    assert "  /L+n   Verschiebt die 50-%-Grenze um n halbe Punkte." in out
    assert "Andere Schreibweisen: GE = REP, SOLKOFF = BH, BUCHHOLZ = BH, NEUSTADTL = SB, BUSUMM = OBH" in out
    assert "  fide2024  FIDE 2023/2024 (fiktiver Gegner): FIDE C.07 Art. 16, 2024" in out
    assert "Mannschaftsturniere (FIDE C.07 Art. 11-16; eine Wertung nach einem Doppelpunkt, z. B. BH:MP, BH:GP/C1, " \
           "ESB:MG):" in out
    assert "  WIN     Gewonnene Kämpfe: Die Zahl der gewonnenen Kämpfe, kampflose eingeschlossen." in out
    assert any(line.startswith("  Mannschafts-Vorgaben (--preset): fide-team, ") for line in out)
    text = "\n".join(out)
    for english in ("meaning", "Leaves out", "Aliases", "Rule sets", "Team events", "Team presets", "added up"):
        assert english not in text, english


def test_russian_presets_have_russian_heads_labels_and_sources():
    out = lines("--lang", "ru", "presets")
    assert out[0].split() == ["набор", "правила", "порядок", "после", "очков", "что", "это"]
    rr = next(line for line in out if line.startswith("fide-rr "))
    assert rr.split()[1] == "fide" and "DE, WIN, SB, KS" in rr and rr.endswith("FIDE, круговой турнир")
    assert any(line.startswith("uscf-wintd (вариант) ") for line in out)
    assert "Источники:" in out
    assert "Командные наборы (для командных турниров; сначала основной показатель, затем порядок):" in out
    berlin = next(line for line in out if line.startswith("  berlin "))
    assert "GPTS,BERLIN" in berlin and ". Источник: " in berlin
    text = "\n".join(out)
    for english in ("(variant)", "Sources:", "what it is", "Every preset", "Team presets", ". Source:"):
        assert english not in text, english


def test_the_locale_chooses_the_language_when_no_option_does(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    out = lines("codes")
    assert out[0].split() == ["code", "nom", "modificateurs", "signification"]
    assert "Autres noms : GE = REP, SOLKOFF = BH, BUCHHOLZ = BH, NEUSTADTL = SB, BUSUMM = OBH" in out
    assert lines("--lang", "en", "codes")[0].split() == ["code", "name", "modifiers", "meaning"]


def test_the_modifiers_english_is_the_engines_own():
    for key, sentence in MODIFIERS.items():
        assert modifier_meaning(translator("en"), key) == sentence.format(n="n")


def test_first_sentence_ends_before_a_capital_of_any_alphabet():
    assert first_sentence("Сложите очки соперников. Чем сильнее соперники, тем выше место.") == \
        "Сложите очки соперников."
    assert first_sentence("Über 50 % zählt. Danach nichts.") == "Über 50 % zählt."
    assert first_sentence("FIDE C.07 art. 8.1 applies here. Then more.") == "FIDE C.07 art. 8.1 applies here."
