"""The engine's one-line errors (an event's contradictions, tie-break codes, share links, prizes, forecasts,
pairing, saved events) reach a German, Russian or French reader in that language: each is raised with its English
sentence (unchanged: the command line and the tests read it) and its record, which the app writes again, keeping
the file, line and column as they are.  The sentences compared here are the translations as written by hand."""
from __future__ import annotations

import pandas as pd
import pytest

from engine.core.errors import EventError, reading
from engine.formats.trf import read_trf
from engine.formats.wallchart import read_wallchart
from i18n.catalog import translator
from i18n.said import error_text
from tests.ui.test_reader_messages import SMALL_TRF


def failure(read, *args) -> EventError:
    with pytest.raises(EventError) as caught:
        read(*args)
    return caught.value


def de(exc: EventError) -> str:
    return error_text(translator("de"), exc)


def ru(exc: EventError) -> str:
    return error_text(translator("ru"), exc)


def test_a_result_that_contradicts_the_opponent_s_in_german_and_russian():
    # player 4's round 1 says he won with Black against 1, who also won with White against him
    exc = failure(read_trf, SMALL_TRF.replace("1.5    3     1 b 0", "1.5    3     1 b 1"), "club.trf")
    assert str(exc) == ("club.trf:2:92: player 1, round 1: result contradicts the opponent's: 1 has +W4 and 4 has "
                        "+B1 in round 1")
    assert de(exc) == ("club.trf:2:92: Spieler 1, Runde 1: das Ergebnis widerspricht dem des Gegners: 1 hat +W4 und "
                       "4 hat +B1 in Runde 1")
    assert ru(exc) == ("club.trf:2:92: участник 1, тур 1: результат противоречит результату соперника: у 1 +W4, а у "
                       "4 +B1 в туре 1")
    itself = failure(read_trf, SMALL_TRF.replace("2.5    3     4 w 1", "2.5    3     1 w 1"), "club.trf")
    assert de(itself) == "club.trf:2:92: Spieler 1 ist in Runde 1 gegen sich selbst gepaart"


def test_a_bye_with_the_wrong_points_names_the_bye_in_the_reader_s_words():
    from engine.core.model import ONE, Entry, Kind, Player, make_event
    exc = failure(make_event, "Club", [Player(1, "Ann"), Player(2, "Bea")], {1: [Entry.bye(Kind.HPB, ONE)], 2: []})
    assert str(exc) == "player 1, round 1: a half-point bye gives 0.5 points, not 1"
    assert de(exc) == "Spieler 1, Runde 1: ein Eintrag „Freilos mit einem halben Punkt“ bringt 0,5 Punkte, nicht 1"


def test_an_unreadable_wallchart_result_in_german_and_russian():
    exc = failure(read_wallchart, "tpn,name,R1\n1,Ann,XYZ\n2,Bea,-B1\n", "club.csv")
    assert str(exc).startswith("club.csv:2:3: player 1, round 1: cannot read result 'XYZ': expected e.g. +W9")
    assert de(exc) == ("club.csv:2:3: Spieler 1, Runde 1: das Ergebnis 'XYZ' kann nicht gelesen werden: erwartet "
                       "z. B. +W9, =B13, -9, +W9u (nicht gewertet), +F14 / -F11 (kampflos), ?W9 (noch zu spielen), "
                       "PAB, HPB, FPB, ZPB oder ABS")
    assert ru(exc).startswith("club.csv:2:3: участник 1, тур 1: не удаётся прочитать результат 'XYZ': ожидается")


def test_a_reader_s_net_gives_its_reason_in_the_reader_s_language():
    def trips():
        with reading("club.trf"):
            raise ValueError("a library's own words")
    exc = failure(trips)
    assert str(exc) == "club.trf: cannot read the file: a value in it has the wrong form"
    assert de(exc) == "club.trf: die Datei kann nicht gelesen werden: ein Wert darin hat die falsche Form"
    assert ru(exc) == "club.trf: не удаётся прочитать файл: значение в нём имеет неверный вид"


def test_tie_break_codes_and_rule_sets_in_german_and_russian():
    from engine.core.codes import parse_codes
    from engine.core.rules import rule_set
    twice = failure(parse_codes, "BH, BH")
    assert str(twice) == "tie-break BH is given twice in BH, BH: a criterion can only break a tie once"
    assert de(twice) == ("die Feinwertung BH ist in BH, BH doppelt angegeben: eine Wertung kann einen Gleichstand "
                         "nur einmal auflösen")
    modifier = failure(parse_codes, "BH/Q")
    assert ru(modifier) == "модификатор /Q недопустим для BH в 'BH/Q' (допустимы: /C, /M, /N, /P)"
    assert de(failure(rule_set, "nope")).startswith("unbekanntes Regelwerk 'nope'; wählen Sie eines von ")


def test_a_damaged_share_link_in_german_and_russian():
    from engine.formats.sharelink import decode
    exc = failure(decode, "")
    assert str(exc) == "this link is damaged or incomplete: it is empty"
    assert de(exc) == "dieser Link ist beschädigt oder unvollständig: er ist leer"
    assert ru(exc) == "эта ссылка повреждена или неполна: она пуста"


def test_a_pairing_number_too_wide_for_trf_in_german():
    from engine.core.model import Player, make_event
    from engine.formats.trf import write_trf
    exc = failure(write_trf, make_event("Club", [Player(10000, "Ann"), Player(2, "Bea")], {}))
    assert str(exc) == "player 10000: pairing number 10000 does not fit TRF's 4 columns"
    assert de(exc) == "Spieler 10000: die Startnummer 10000 passt nicht in die 4 Spalten von TRF"


def test_prize_list_and_amount_errors_in_german_russian_and_french():
    from engine.prizes.money import parse_money
    from engine.prizes.prize_list import Prize, prize_list
    trophies = failure(prize_list, [Prize("Cup A", None, "place", 1), Prize("Cup B", None, "place", 1)])
    assert str(trophies) == "two trophies for 1st place: merge them into one prize"
    assert de(trophies) == "zwei Pokale für den 1. Platz: fassen Sie sie zu einem Preis zusammen"
    assert ru(trophies) == "два кубка за 1-е место: объедините их в один приз"
    amount = failure(parse_money, "abc")
    assert de(amount) == "der Betrag 'abc' kann nicht gelesen werden: geben Sie eine Zahl wie 150 oder 162,50 ein"
    assert error_text(translator("fr"), amount) == \
        "impossible de lire le montant 'abc' : tapez un nombre comme 150 ou 162,50"


def test_a_prize_row_of_the_editor_in_german_and_russian():
    from ui.widgets.prizes import prizes_from_frame
    nameless = failure(prizes_from_frame, pd.DataFrame([{"Prize": "", "Amount": 100.0}]))
    assert str(nameless) == "prize row 1: give the prize a name"
    assert de(nameless) == "Preiszeile 1: geben Sie dem Preis einen Namen"
    place = failure(prizes_from_frame, pd.DataFrame([{"Prize": "First", "Amount": 100.0, "Type": "place",
                                                      "Place": "1.5"}]))
    assert str(place) == "prize row 1: the place must be a whole number, not '1.5'"
    assert ru(place) == "строка приза 1: место — должно быть целое число, а не '1.5'"


def test_questions_about_players_and_forecasts_in_german_and_russian():
    from engine.forecast.places import forecast
    from engine.ranking.why_above import check_pair
    event = read_trf(SMALL_TRF, "club.trf")
    same = failure(check_pair, event, 1, 1)
    assert de(same) == "wählen Sie zwei verschiedene Spieler zum Vergleich"
    unknown = failure(check_pair, event, 1, 9)
    assert str(unknown) == "there is no player with pairing number 9"
    assert ru(unknown) == "нет участника со стартовым номером 9"
    finished = failure(forecast, event, "BH")
    assert str(finished) == "the event has no games still to be played: pair the next round first"
    assert de(finished) == ("das Turnier hat keine noch zu spielenden Partien: losen Sie zuerst die nächste Runde "
                            "aus")


def test_pairing_a_round_with_games_still_to_play_in_russian_plural_forms():
    from engine.pairing.berger import berger_pairings
    from engine.pairing.next_round import pair_next_round
    one = read_wallchart("tpn,name,R1\n1,Ann,?W2\n2,Bea,?B1\n3,Cy,HPB\n", "club.csv")
    two = read_wallchart("tpn,name,R1\n1,Ann,?W2\n2,Bea,?B1\n3,Cy,?W4\n4,Di,?B3\n", "club.csv")
    exc = failure(pair_next_round, two, "fast")
    assert str(exc) == "round 1 still has 2 games to be played; enter their results before pairing the next round"
    assert ru(exc) == ("в туре 1 ещё 2 несыгранные партии; введите результаты, прежде чем проводить жеребьёвку "
                       "следующего тура")
    assert ru(failure(pair_next_round, one, "fast")).startswith("в туре 1 ещё 1 несыгранная партия;")
    assert de(failure(pair_next_round, one, "fast")) == (
        "in Runde 1 ist noch 1 Partie zu spielen; tragen Sie ihr Ergebnis ein, bevor Sie die nächste Runde auslosen")
    assert ru(failure(berger_pairings, 1)) == "для кругового турнира нужно не менее 2 участников, а не 1"


def test_an_event_too_large_for_the_server_in_german_with_its_counts_grouped():
    from dataclasses import replace

    from ui.work import jobs
    from ui.work.upload import check_event_size
    event = read_trf(SMALL_TRF, "club.trf")
    limits = replace(jobs.limits(), event_players=5, event_cells=1_000)
    exc = failure(check_event_size, event, limits)
    assert str(exc).startswith("this server opens events of at most 5 players and 1,000 player-rounds")
    assert de(exc) == ("dieser Server öffnet Turniere mit höchstens 5 Spielern und 1.000 Spieler-Runden (Spieler × "
                       "Runden), und dieses hat 7 Spieler und 21 Spieler-Runden; öffnen Sie es mit Tiebreak Lab auf "
                       "Ihrem eigenen Computer, der keine solche Grenze hat")


def test_a_pgn_s_missing_games_warning_in_german_and_russian():
    from engine.formats.loader import reader_warnings
    from engine.formats.pgn import read_pgn
    from i18n.said import render
    pgn = ('[White "Ann"]\n[Black "Bob"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 1-0\n\n'
           '[White "Cy"]\n[Black "Ann"]\n[Round "2"]\n[Result "0-1"]\n\n1. e4 0-1\n')
    [warning] = reader_warnings(read_pgn(pgn, "club.pgn"))     # Bob has no game in round 2, Cy none in round 1
    assert warning == "club.pgn: no game in 2 player-rounds, read as absent: #2 Bob (round 2), #3 Cy (round 1)"
    assert render(translator("de"), warning) == \
        "club.pgn: keine Partie für 2 Spieler-Runden, als abwesend gelesen: #2 Bob (Runde 2), #3 Cy (Runde 1)"
    assert render(translator("ru"), warning) == \
        "club.pgn: нет партий в 2 участнико-турах, считаются неявками: #2 Bob (тур 2), #3 Cy (тур 1)"


def test_a_full_workspace_and_a_save_made_elsewhere_in_german_and_russian(monkeypatch):
    from tests.fixtures import fixture_a
    from ui.session import store
    monkeypatch.setattr(store, "MAX_EVENTS_PER_WORKSPACE", 2)       # the rule, at a size a test can reach
    owner = "c" * 64
    for i in range(2):
        store.save(f"Event {i}", fixture_a(), owner=owner)
    full = failure(lambda: store.save("One too many", fixture_a(), owner=owner))
    assert str(full).startswith("this workspace already keeps 2 saved events, the most a shared server keeps")
    assert de(full) == ("dieser Arbeitsbereich hat schon 2 gespeicherte Turniere, so viele, wie ein geteilter Server "
                        "für einen Browser aufbewahrt; löschen Sie eines, das Sie nicht mehr brauchen (Turnier "
                        "erfassen, Gespeicherte Turniere), und versuchen Sie es erneut")
    stale = store.StaleSettings(1, "Club", 1, 2)
    assert ru(stale) == ("настройки сохранённого турнира 'Club' (порядок показателей, призы или заметки) были "
                         "изменены в другом месте (в другой вкладке или окне) после того, как вы его открыли; ваше "
                         "изменение не записано поверх")


def test_ranking_after_a_round_the_event_does_not_have_in_german():
    from engine.core.ordering import RoundOutOfRange
    exc = RoundOutOfRange(9, 5)
    assert str(exc) == "the event has rounds 1 to 5, so it cannot be ranked after round 9"
    assert de(exc) == "das Turnier hat die Runden 1 bis 5, daher kann es nicht nach Runde 9 gereiht werden"


def test_a_job_s_unexpected_failure_and_its_time_limit_in_german_and_russian():
    from i18n.said import render
    from tests.ui.test_jobs import divide
    from ui.work import jobs
    with pytest.raises(EventError) as caught:           # the reason travels from the job's process as a record
        jobs.run_bounded(divide, 1, 0, seconds=60, what="The division")
    reference = str(caught.value).rsplit(" ", 1)[1]
    assert de(caught.value) == ("The division wurde durch etwas Unerwartetes angehalten (eine Zahl darin teilt durch "
                                f"null); das Protokoll des Servers hat die Einzelheiten unter der Kennung {reference}")
    assert render(translator("de"), jobs.seconds_words(300)) == "5 Minuten"
    assert render(translator("ru"), jobs.seconds_words(300)) == "5 минут"
    assert render(translator("ru"), jobs.seconds_words(90)) == "90 секунд"


def test_a_job_stopped_at_its_time_limit_is_named_in_the_reader_s_language():
    """The work a time limit stops is named by the page in the reader's words, whatever the noun's gender (the
    French sentence needs no agreement with it)."""
    import time

    from engine.core.said import said
    from ui.work import jobs
    with pytest.raises(jobs.JobTimeout) as caught:
        jobs.run_bounded(time.sleep, 30, seconds=1, what=said("The simulation"))
    assert str(caught.value) == ("The simulation was stopped after 1 second, the limit for one request here; "
                                 "try a smaller size")
    assert error_text(translator("fr"), caught.value) == (
        "La simulation : arrêt après 1 seconde, la limite pour une requête ici ; essayez une taille plus petite")
    assert de(caught.value) == ("Die Simulation wurde nach 1 Sekunde abgebrochen, der Grenze für eine Anfrage hier; "
                                "versuchen Sie eine kleinere Größe")
