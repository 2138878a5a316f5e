"""The file readers' one-line messages in the reader's language: the engine raises each with its English sentence
(unchanged: the command line and the tests read it) and its record, which the app writes again in German or
Russian, keeping the file, line and column as they are."""
from __future__ import annotations

import pickle

import pytest

from engine.core.errors import EventError
from engine.formats.loader import load_event
from engine.formats.published import read_published
from engine.formats.trf import read_trf
from i18n.catalog import translator
from i18n.said import error_text
from tests.engine.test_trf import EXAMPLE_71

#: a TRF player record whose rating (columns 49-52) reads "abcd"
BAD_RATING = "001    1      Ann Example                       abcd                           0.0    1\n"


def failure(read, *args) -> EventError:
    with pytest.raises(EventError) as caught:
        read(*args)
    return caught.value


def test_a_trf_record_in_german_and_russian_with_its_place_kept():
    exc = failure(read_trf, BAD_RATING, "club.trf")
    assert str(exc) == "club.trf:1:49: rating (columns 49-52) must be a number, not 'abcd'"     # English as it was
    assert error_text(translator("de"), exc) == \
        "club.trf:1:49: die Wertungszahl (Spalten 49-52) muss eine Zahl sein, nicht 'abcd'"
    assert error_text(translator("ru"), exc) == "club.trf:1:49: рейтинг (столбцы 49-52) должен быть числом, а не 'abcd'"
    assert error_text(translator("en"), exc) == str(exc)


def test_a_file_that_is_no_trf_and_an_unknown_ending():
    empty = failure(read_trf, "012 Club Open\n", "open.trf")
    assert error_text(translator("de"), empty) == \
        "open.trf:1: keine Spielerdatensätze (001): das ist keine TRF-Datei, oder sie ist leer"
    unknown = failure(load_event, "event.docx")
    assert str(unknown) == "event.docx: unknown file type ('.docx'); supported endings: " + \
        str(unknown).split("supported endings: ")[1]
    assert error_text(translator("ru"), unknown).startswith(
        "event.docx: неизвестный тип файла ('.docx'); поддерживаемые расширения: .csv")


def test_a_published_table_without_a_header_in_german_and_russian():
    exc = failure(read_published, [("pasted", "nothing here but words\n")])
    assert error_text(translator("de"), exc).endswith("keine Kopfzeile: erwartet wird eine Zeile mit den "
                                                      "Spaltennamen (Rk., Name, Pts., TB1 ...)")
    assert error_text(translator("ru"), exc).endswith("нет строки заголовка: ожидается строка с названиями "
                                                      "столбцов (Rk., Name, Pts., TB1 ...)")


def test_the_record_travels_with_the_error_from_a_job():
    """A job's process sends the error to the page pickled: its record, file and line arrive with it."""
    exc = pickle.loads(pickle.dumps(failure(read_trf, BAD_RATING, "club.trf")))
    assert (exc.file, exc.line, exc.column) == ("club.trf", 1, 49)
    assert error_text(translator("de"), exc).startswith("club.trf:1:49: die Wertungszahl")


def test_a_wallchart_that_pairs_a_player_with_nobody_in_german_and_russian():
    from engine.formats.wallchart import read_wallchart
    exc = failure(read_wallchart, "tpn,name,R1\n1,Ann,+W3\n2,Bea,-B1\n", "club.csv")
    assert str(exc).startswith("club.csv:2:")
    assert str(exc).endswith("R1 of player 1 says +W3, but there is no player 3")          # English as it was
    assert error_text(translator("de"), exc).endswith("R1 von Spieler 1 lautet +W3, aber es gibt keinen Spieler 3")
    assert error_text(translator("ru"), exc).endswith("в R1 у участника 1 записано +W3, но участника 3 нет")
    no_name = failure(read_wallchart, "tpn,rating,R1\n1,1800,+W2\n", "club.csv")
    assert error_text(translator("de"), no_name) == \
        "club.csv:1: die Kopfzeile hat keine Spalte 'name' (erwartet: tpn,name,rating,R1,R2,...)"


def test_a_pgn_game_with_an_unfinished_result_in_german_and_russian():
    from engine.formats.pgn import read_pgn
    exc = failure(read_pgn, '[White "Ann"]\n[Black "Bea"]\n[Round "1"]\n[Result "*"]\n\n1. e4 *\n', "club.pgn")
    assert str(exc).endswith("game 1 (Ann - Bea): the result is '*' (unfinished or unknown): enter the result, "
                             "or remove the game")
    assert error_text(translator("de"), exc).endswith(
        "Partie 1 (Ann - Bea): das Ergebnis ist '*' (unbeendet oder unbekannt): tragen Sie das Ergebnis ein oder "
        "entfernen Sie die Partie")
    assert error_text(translator("ru"), exc).endswith(
        "партия 1 (Ann - Bea): результат — '*' (не закончена или неизвестна): введите результат или уберите партию")


def test_a_file_too_large_in_german_and_russian_with_the_byte_counts_grouped_their_way():
    from engine.formats.source import check_size
    exc = failure(check_size, 25_000_001, "big.trf")
    assert str(exc) == "big.trf: file is too large (25.0 MB, 25,000,001 bytes); the limit is 20 MB (20,000,000 bytes)"
    assert error_text(translator("de"), exc) == \
        "big.trf: die Datei ist zu groß (25,0 MB, 25.000.001 Bytes); die Grenze ist 20 MB (20.000.000 Bytes)"
    assert error_text(translator("ru"), exc) == \
        "big.trf: файл слишком большой (25,0 МБ, 25\u00a0000\u00a0001 байт); предел — 20 МБ (20\u00a0000\u00a0000 байт)"
    assert error_text(translator("en"), exc) == str(exc)


def test_too_many_rounds_in_german_and_russian():
    exc = failure(read_trf, "XXR 150\n", "big.trf")
    assert str(exc) == "big.trf:1:5: the number of rounds is 150; the most this program accepts is 99"
    assert error_text(translator("de"), exc) == \
        "big.trf:1:5: die Anzahl der Runden beträgt 150; dieses Programm nimmt höchstens 99 an"
    assert error_text(translator("ru"), exc) == "big.trf:1:5: число туров: 150; эта программа принимает не более 99"


def test_a_named_pipe_is_refused_in_german_and_russian(tmp_path):
    import os

    from engine.formats.source import read_limited
    pipe = tmp_path / "pipe.trf"
    os.mkfifo(pipe)
    exc = failure(read_limited, pipe)
    assert str(exc) == f"{pipe}: is a named pipe (FIFO), not an event file"
    assert error_text(translator("de"), exc) == f"{pipe}: ist eine benannte Pipe (FIFO), keine Turnierdatei"
    assert error_text(translator("ru"), exc) == f"{pipe}: это именованный канал (FIFO), а не файл турнира"


def test_json_chess_json_and_workbook_messages_in_german_and_russian():
    from engine.formats.chessjson import read_chessjson
    from engine.formats.jsonfmt import read_json
    from engine.formats.workbook import sheet_values
    wrong = failure(read_json, '{"format": "x"}', "club.json")
    assert str(wrong) == "club.json:1: not a Tiebreak Lab event: \"format\" must be 'tiebreak-lab-event', not 'x'"
    assert error_text(translator("de"), wrong) == \
        "club.json:1: kein Tiebreak-Lab-Turnier: \"format\" muss 'tiebreak-lab-event' sein, nicht 'x'"
    assert error_text(translator("ru"), wrong) == \
        "club.json:1: не турнир Tiebreak Lab: \"format\" должно быть 'tiebreak-lab-event', а не 'x'"
    results = failure(read_chessjson, '{"filetype": "Tiebreak"}', "club.json")
    assert error_text(translator("de"), results) == (
        "club.json:1: keine Chess-JSON-Turnierdatei: dies ist eine Datei mit Feinwertungsergebnissen, die keine "
        "Partien enthält; erwartet wird \"filetype\": \"Event\"")
    broken = failure(lambda: list(sheet_values(b"PK\x03\x04garbage", "club.xlsx")))
    assert str(broken) == "club.xlsx: not an Excel workbook we can read: it starts like one, but its zip structure " \
        "is broken"
    assert error_text(translator("ru"), broken) == \
        "club.xlsx: это не книга Excel, которую мы можем прочитать: начало как у книги, но её zip-структура повреждена"
    assert error_text(translator("en"), broken) == str(broken)


#: a small TRF file (three rounds, seven players): the TRF-16 specification's example (without its date, type
#: and colour records), its player 1 declaring 2.5 points where the results give 1 + ½ + 0 = 1½
SMALL_TRF = "".join(line for line in EXAMPLE_71.splitlines(keepends=True)
                    if not line.startswith(("042", "092", "XXC"))).replace("1990/01/15  1.5", "1990/01/15  2.5")


def test_a_trf_files_repairs_in_german_and_russian():
    from engine.formats.loader import reader_warnings
    from i18n.said import render
    event = read_trf(SMALL_TRF + "NOR    1 m    Alyx\n", "club.trf")
    skipped, points = reader_warnings(event)
    assert (skipped, points) == ("club.trf:10: unrecognised line starting 'NOR', skipped",
                                 "club.trf:2: player 1: points column says 2.5 but the results add up to 1.5")
    assert render(translator("de"), skipped) == "club.trf:10: unbekannte Zeile, die mit 'NOR' beginnt, übersprungen"
    assert render(translator("de"), points) == \
        "club.trf:2: Spieler 1: die Punktespalte sagt 2,5, aber die Ergebnisse ergeben 1,5"
    assert render(translator("ru"), points) == "club.trf:2: участник 1: в столбце очков 2,5, но по результатам выходит 1,5"
    assert render(translator("en"), points) == points


def test_the_line_closing_a_long_list_of_repairs_in_russian():
    from engine.formats.loader import reader_warnings
    from i18n.said import render
    event = read_trf(SMALL_TRF.replace("  2.5    3     4 w 1", "  1.5    3     4 w 1") + "NOR\n" * 102, "club.trf")
    listed = reader_warnings(event)
    assert len(listed) == 101
    assert listed[-1] == "... and 2 more repairs of the same kinds, not listed (only the first 100 are)"
    assert render(translator("ru"), listed[-1]) == \
        "... и ещё 2 исправления тех же видов, не перечислены (перечислены только первые 100)"


def test_a_wallchart_past_the_last_round_and_with_a_stray_quote_in_german_and_russian():
    from engine.formats.wallchart import read_wallchart
    past = failure(read_wallchart, "tpn,name,R100\n1,Ann,+W2\n", "club.csv")
    assert str(past) == "club.csv:1:3: round column 'R100' is past round 99, the most an event may have"
    assert error_text(translator("de"), past) == \
        "club.csv:1:3: die Rundenspalte 'R100' liegt nach Runde 99, der höchsten, die ein Turnier haben kann"
    quote = failure(read_wallchart, 'tpn,name,R1\n1,"Ann,+W2\n2,Bea,-B1\n3,Cy,=W1\n', "club.csv")
    assert str(quote).startswith("club.csv:2:2: the quote that opens cell 2 here is not closed: the cell runs over "
                                 "3 lines (to line 4)")
    assert error_text(translator("ru"), quote).startswith(
        "club.csv:2:2: кавычка, открывающая здесь ячейку 2, не закрыта: ячейка занимает 3 строки (до строки 4)")


def test_a_name_too_long_in_german_and_russian():
    from engine.core.model import make_event
    exc = failure(make_event, "x" * 300, [], {})
    assert str(exc) == "the event's name is 300 characters long; the most is 200"
    assert error_text(translator("de"), exc) == "der Name des Turniers ist 300 Zeichen lang; höchstens 200 sind erlaubt"
    assert error_text(translator("ru"), exc) == "название турнира: длина 300 символов; не более 200"


def test_a_chess_json_game_s_problem_in_german_and_russian():
    """A Chess-JSON game naming a starting number no competitor has: the game's label and its problem, both
    written in the reader's language (the problem was the English sentence inside the German one)."""
    import json

    from engine.formats.chessjson import read_chessjson
    from tests.engine.test_formats import _chess_json
    doc = json.loads(_chess_json([{"id": 1, "round": 1, "white": {"cid": 1, "result": "W"},
                                   "black": {"cid": 9, "result": "L"}, "played": True}]))
    exc = failure(read_chessjson, json.dumps(doc, indent=1), "club.json")
    assert str(exc).endswith("game #1 (id 1): starting number 9 is not among the competitors")
    german, russian = error_text(translator("de"), exc), error_text(translator("ru"), exc)
    assert german.endswith(": die Startnummer 9 gehört zu keinem Teilnehmer") and "Partie" in german, german
    assert russian.endswith(": стартового номера 9 нет среди участников"), russian
    assert german.split(":")[0] == str(exc).split(":")[0] == "club.json"             # the place as it is
