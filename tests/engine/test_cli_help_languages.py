"""The command line's help and argparse's own refusals in the reader's language (``--lang`` or the locale).

The expected German, French, Spanish and Russian texts are the hand translations in the catalogs; the English
lines are the ones ``python -m engine standings --help`` and its refusals printed before the help was translated
(80 columns), so English readers see no change."""
from __future__ import annotations

import argparse
import gettext
import inspect
import io
import re

import pytest

from engine.cli import main
from i18n.argparse_words import ARGPARSE_MESSAGES
from i18n.catalog import translator
from i18n.languages import TRANSLATED
from tests.paths import TRF_DIR

EVENT = str(TRF_DIR / "fide_tec_swiss16.trf")


@pytest.fixture(autouse=True)
def plain_environment(monkeypatch):
    """No locale naming a language of ours unless a test sets one, and argparse's 80 columns of a pipe."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "80")


def help_lines(argv: list[str], capsys) -> list[str]:
    with pytest.raises(SystemExit) as ended:
        main(argv, io.StringIO(), io.StringIO())
    assert ended.value.code == 0
    return capsys.readouterr().out.splitlines()


def refused(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 2
    assert out.getvalue() == ""
    return err.getvalue()


def test_german_help_has_german_heads_and_help_lines(capsys):
    lines = help_lines(["--lang", "de", "--help"], capsys)
    assert lines[0].startswith("Aufruf: python -m engine [-h] [--version] [--lang {en,de,fr,es,ru}]")
    assert "Schach-Feinwertungen, berechnet und erklärt." in lines
    assert "positionale Argumente:" in lines
    assert "Optionen:" in lines
    assert "  -h, --help            diese Hilfe anzeigen und beenden" in lines
    assert "  --version             die Version und den Build-Stand ausgeben" in lines
    words = " ".join(" ".join(lines).split())              # the help's text, however argparse wraps it
    assert "presets die benannten Feinwertungsreihenfolgen und ihre Regelwerke auflisten" in words
    assert ("--lang {en,de,fr,es,ru} die Sprache der Hilfe, der Meldungen, der Rangliste, des Rechenwegs von explain "
            "und der Antwort von why (en, de, fr, es, ru); ohne diese Option die Sprache, die das Gebietsschema der "
            "Umgebung nennt (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), sonst Englisch") in words
    assert not any(line.startswith(("usage:", "options:", "positional arguments:")) for line in lines)


def test_russian_help_of_a_command_after_its_name(capsys):
    lines = help_lines(["standings", "--help", "--lang", "ru"], capsys)
    assert lines[0] == "использование: python -m engine standings [-h]"
    assert "позиционные аргументы:" in lines and "параметры:" in lines
    assert "  --seed SEED           повторить жребий с этим зерном случайности" in lines


def test_a_missing_file_in_russian():
    assert refused(["--lang", "ru", "standings"]) == "ошибка: требуются следующие аргументы: event\n"


def test_an_unknown_choice_in_french():
    assert refused(["--lang", "fr", "standings", EVENT, "--format", "xlsx"]) == (
        "erreur : argument --format : choix invalide : 'xlsx' (choix possibles : 'table', 'text', 'csv', 'json')\n")


def test_argparse_s_other_refusals_in_german():
    assert refused(["--lang", "de", "standings", EVENT, "--tiebreaks", "BH", "--preset", "fide"]) == \
        "Fehler: Argument --preset: nicht zusammen mit dem Argument --tiebreaks erlaubt\n"
    assert refused(["--lang", "de", "standings", EVENT, "extra.trf"]) == "Fehler: unbekannte Argumente: extra.trf\n"
    assert refused(["--lang", "de", "explain", EVENT, "--tiebreak"]) == \
        "Fehler: Argument --tiebreak: erwartet wird ein Wert\n"
    assert refused(["--lang", "de", "standings", EVENT, "--quiet=ja"]) == \
        "Fehler: Argument --quiet: nimmt keinen Wert an, auch nicht 'ja'\n"
    assert refused(["--lang", "de", "standings", EVENT, "--p", "x"]) == \
        "Fehler: mehrdeutige Option: --p könnte --preset, --played-score-first meinen\n"


def test_a_number_refused_by_an_option_in_german_with_its_range_grouped():
    """--samples takes 1 to 100,000 (the engine's limit), written the German way."""
    assert refused(["--lang", "de", "forecast", EVENT, "--samples", "0"]) == \
        "Fehler: Argument --samples: 0 liegt außerhalb von 1..100.000\n"
    assert refused(["--lang", "de", "explain", EVENT, "--player", "zwei"]) == \
        "Fehler: Argument --player: 'zwei' ist keine ganze Zahl\n"


def test_the_environment_s_locale_gives_spanish_help(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    lines = help_lines(["standings", "--help"], capsys)
    assert lines[0].startswith("uso: python -m engine standings [-h] ")
    assert "argumentos posicionales:" in lines and "opciones:" in lines
    assert "  event                 el archivo del torneo (TRF, JSON, cuadro CSV, PGN, un" in lines
    assert "  -h, --help            mostrar este mensaje de ayuda y salir" in lines


def test_english_help_and_refusals_as_they_were(capsys):
    lines = help_lines(["standings", "--help"], capsys)
    assert lines[:2] == ["usage: python -m engine standings [-h]",
                         "                                  [--tiebreaks TIEBREAKS | --preset PRESET]"]
    assert lines[9:14] == ["positional arguments:",
                           "  event                 the event file (TRF, JSON, CSV wallchart, PGN, a team",
                           "                        file)",
                           "",
                           "options:"]
    assert "  -h, --help            show this help message and exit" in lines
    assert "  --preset PRESET       a named order (see the presets command)" in lines
    assert refused(["standings", EVENT, "--format", "foo"]) == \
        "error: argument --format: invalid choice: 'foo' (choose from 'table', 'text', 'csv', 'json')\n"
    assert refused(["forecast", EVENT, "--draw-rate", "3"]) == "error: argument --draw-rate: '3' is outside 0..1\n"


def test_argparse_gets_its_own_gettext_back_after_a_translated_run(capsys):
    refused(["--lang", "ru", "standings"])
    help_lines(["--lang", "de", "--help"], capsys)
    assert argparse._ is gettext.gettext                  # type: ignore[attr-defined]
    assert argparse.ngettext is gettext.ngettext          # type: ignore[attr-defined]
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


def test_each_listed_message_is_one_argparse_prints():
    """A Python whose argparse words a message differently would show it in English: this says so."""
    source = inspect.getsource(argparse)
    missing = [m for m in ARGPARSE_MESSAGES if f"_('{m}')" not in source and f'_("{m}")' not in source]
    assert missing == []


PERCENT = re.compile(r"%(?:\(\w+\))?[sr]")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_argparse_s_placeholders(lang):
    """argparse fills ``%s``, ``%r`` and ``%(name)s`` itself; a translation that lost one would fail to print."""
    tr = translator(lang)
    for message in ARGPARSE_MESSAGES:
        text = tr.t(message)
        assert text != message or lang == "fr" and message == "options", (lang, message)
        assert sorted(PERCENT.findall(text)) == sorted(PERCENT.findall(message)), (lang, message, text)
        assert text.endswith(" ") == message.endswith(" "), (lang, message, text)
