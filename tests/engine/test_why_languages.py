"""The parent's answer in German, French, Spanish and Russian, written from the engine's comparison with whole
sentences; English stays the engine's own text.

FIDE's tie-break test Swiss (16 players, 5 rounds), worked by hand from the players' rows:
- Alyx (#1) and Charline (#3) both scored 3½.  Buchholz Cut-1: Alyx's opponents scored 1½, 1½, 4, 2 and 3½,
  the lowest 1½ cut: 11; Charline's 2½, 3, 2½, 3½ and 4, one 2½ cut: 13.  Both won two games, so with the
  number of wins first the Buchholz Cut-1 is the second tie-break.
- Charline and David (#4) drew their game in round 4, so it cannot separate them; David's Buchholz Cut-1 is
  3 + 1½ + 3½ + 3½ = 11½ (his half-point bye of round 2, a voluntarily unplayed round, is the value cut).
"""
from __future__ import annotations

import io

import pytest

from engine.cli import main
from engine.formats.loader import load_event
from engine.ranking.why_above import compare_players
from engine.ranking.why_answer import plain_answer
from i18n.catalog import translator
from i18n.why import answer_sentences, answer_text
from tests.paths import REPO_ROOT

EVENT = str(REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf")


def first_line(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out, err) == 0, err.getvalue()
    return out.getvalue().splitlines()[0]


def test_the_answer_in_german_names_the_tie_break_in_the_arbiters_words():
    assert first_line("--lang", "de", "why", EVENT, "--players", "1,3", "--tiebreaks", "BH/C1,SB") == (
        "Charline steht vor Alyx: Beide erzielten 3½, und die erste Feinwertung, Buchholz-Wertung (Cut 1) (die "
        "Summe der Punkte der Gegner, gegen die jeder gespielt hat, ohne den schwächsten), ergibt für Charline 13 "
        "gegenüber 11 für Alyx.")


def test_a_later_tie_break_and_their_drawn_game_in_french_and_spanish():
    assert first_line("--lang", "fr", "why", EVENT, "--players", "1,3", "--tiebreaks", "WIN,BH/C1").startswith(
        "Charline est devant Alyx : tous deux ont marqué 3½ et n’ont pas été séparés par le premier départage ; le "
        "départage n° 2, le ")
    assert first_line("--lang", "es", "why", EVENT, "--players", "3,4", "--tiebreaks", "BH/C1").endswith(
        "da a Charline 13 frente a 11½ de David. Su partida de la ronda 4 terminó en tablas, así que no podía "
        "separarlos.")


def test_russian_writes_the_values_without_a_case_to_agree_with():
    line = first_line("--lang", "ru", "why", EVENT, "--players", "1,3", "--tiebreaks", "BH/C1")
    assert line.startswith("Charline выше, чем Alyx: у обоих 3½, и первый дополнительный показатель, «Коэффициент "
                           "Бухгольца (усечение 1)» (")
    assert line.endswith("без слабейшего), даёт: Charline — 13, Alyx — 11.")


@pytest.mark.parametrize("players,codes", [((1, 3), "BH/C1,SB"), ((3, 4), "DE,BH"), ((1, 3), "WIN,BH/C1"),
                                           ((3, 4), "PTS"), ((2, 1), "BH")])
def test_english_is_the_engine_s_own_answer_and_every_language_answers_whole(players, codes):
    event = load_event(EVENT)
    answer = plain_answer(compare_players(event, *players, codes, "fide"))
    assert answer_text(translator("en"), answer) == answer.text
    for lang in ("de", "fr", "es", "ru"):
        sentences = answer_sentences(translator(lang), answer)
        assert 1 <= len(sentences) <= 3 and len(sentences) == len(answer.sentences)
        assert all("{" not in s for s in sentences)
        assert sentences != answer.sentences


def test_the_changes_that_would_reverse_them_are_written_in_german_and_russian():
    """Charline and David (3½ each) are separated by the Buchholz under DE,BH (their round-4 draw leaves direct
    encounter equal); the first change the search finds, in English "Round 4: Opal beats Irina (recorded: a win
    for Irina). Then both would score 3½ and David's Buchholz would be 15 against Charline's 14½ (still equal on
    direct encounter).", is the same change in each language, with the same numbers."""
    def lines(lang: str) -> list[str]:
        out, err = io.StringIO(), io.StringIO()
        assert main(["--lang", lang, "why", EVENT, "--players", "3,4", "--tiebreaks", "DE,BH"], out, err) == 0
        return out.getvalue().splitlines()
    english = lines("en")
    assert english[2] == ("1. Round 4: Opal beats Irina (recorded: a win for Irina). Then both would score 3½ and "
                          "David's Buchholz would be 15 against Charline's 14½ (still equal on direct encounter).")
    assert lines("de")[2] == ("1. Runde 4: Opal besiegt Irina (eingetragen: ein Sieg für Irina). Dann hätten beide 3½, "
                              "und Buchholz-Wertung wäre für David 15 gegenüber 14½ für Charline (weiter gleich bei "
                              "Direkter Vergleich).")
    assert lines("ru")[2] == ("1. Тур 4: Opal побеждает Irina (записано: победа Irina). Тогда у обоих было бы 3½, а "
                              "показатель «Коэффициент Бухгольца»: David — 15, Charline — 14½ (по-прежнему равны по: "
                              "Результат личной встречи).")
