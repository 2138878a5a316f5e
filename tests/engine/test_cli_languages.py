"""The command line's ``--lang`` and the environment's locale: the standings table in German and Russian, with
the language's decimal comma; CSV stays the same in every language (a file for programs)."""
from __future__ import annotations

import io

from engine.cli import main
from tests.paths import REPO_ROOT

EVENT = str(REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf")


def run(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 0, err.getvalue()
    return out.getvalue()


def test_lang_writes_the_table_in_german_with_decimal_commas():
    lines = run(["--lang", "de", "standings", EVENT, "--tiebreaks", "BH/C1,AOB,SB"]).splitlines()
    assert lines[0] == "Regelwerk: FIDE C.07 2026 (fiktiver Gegner, begrenzt); nach Runde 5"
    assert lines[1].split() == ["Rang", "Nr.", "Name", "PTS", "BH/C1", "AOB", "SB"]
    # Bruno: 4 points, BH/C1 12, AOB 13.60, SB 9.5 (the same values as the English table, with a decimal comma)
    assert lines[2].split() == ["1", "2", "Bruno", "4", "12", "13,60", "9,5"]
    english = run(["standings", EVENT, "--tiebreaks", "BH/C1,AOB,SB", "--lang", "en"]).splitlines()
    assert english[2].split() == ["1", "2", "Bruno", "4", "12", "13.60", "9.5"]


def test_the_environment_s_locale_chooses_the_language_and_lang_after_the_command_wins(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    lines = run(["standings", EVENT, "--tiebreaks", "BH"]).splitlines()
    assert lines[0] == "Правила: FIDE C.07 2026 (фиктивный соперник, с ограничением); после 5-го тура"
    assert lines[1].split()[:3] == ["место", "№", "имя"]
    assert run(["standings", EVENT, "--tiebreaks", "BH", "--lang", "fr"]).splitlines()[0].startswith("Règles : ")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert run(["standings", EVENT, "--tiebreaks", "BH"]).startswith("Rules: FIDE C.07 2026")


def test_csv_keeps_its_keys_and_decimal_points_in_every_language():
    assert run(["--lang", "ru", "standings", EVENT, "--tiebreaks", "AOB", "--format", "csv"]).splitlines()[:2] == \
        run(["standings", EVENT, "--tiebreaks", "AOB", "--format", "csv"]).splitlines()[:2]


def refused(argv: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, out, err) == 2
    return err.getvalue()


def test_an_error_line_in_german_and_russian_and_english_as_it_was():
    """The event has 5 rounds, all paired: pair has nothing to do (the words of the Build page's notice)."""
    assert refused(["--lang", "de", "pair", EVENT]) == (
        "Fehler: Alle 5 Runden sind ausgelost: es gibt keine Runde 6 zum Auslosen (--extra-round lost eine weitere "
        "aus und fügt sie hinzu)\n")
    assert refused(["pair", EVENT, "--lang", "ru"]) == (
        "ошибка: все туры сведены (туров: 5): нет тура 6 для жеребьёвки (--extra-round сводит ещё один тур и "
        "добавляет его)\n")
    assert refused(["pair", EVENT]) == ("error: all 5 rounds are paired: there is no round 6 to pair (--extra-round "
                                        "pairs one more and adds it)\n")


def test_a_wrong_option_value_and_a_round_past_the_event_in_the_locale_s_language(monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert refused(["pair", EVENT, "--extra-round", "--absent", "3;4"]) == \
        "Fehler: --absent erwartet durch Kommas getrennte Startnummern, etwa 5,12, nicht '3;4'\n"
    assert refused(["standings", EVENT, "--tiebreaks", "BH", "--round", "9"]) == \
        "Fehler: --round 9 liegt außerhalb der Runden des Turniers 1..5\n"
    assert refused(["why", EVENT, "--lang=ru"]) == "ошибка: why требует --players (или --team/--teams для командного турнира)\n"


def test_a_file_s_error_keeps_its_place_in_russian(tmp_path):
    bad = tmp_path / "club.trf"
    bad.write_text("001    1      Ann Example                       abcd                           0.0    1\n")
    assert refused(["--lang", "ru", "standings", str(bad)]) == \
        f"ошибка: {bad}:1:49: рейтинг (столбцы 49-52) должен быть числом, а не 'abcd'\n"


def test_a_repaired_file_s_warning_and_the_lots_line_in_german(tmp_path, capsys):
    text = (REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf").read_text(encoding="utf-8")
    club = tmp_path / "club.trf"
    club.write_text(text.rstrip("\r\n") + "\nNOR    1 m    Alyx\n", encoding="utf-8")
    nor_line = len(text.rstrip("\r\n").splitlines()) + 1
    run(["--lang", "de", "standings", str(club), "--tiebreaks", "LOTS", "--seed", "5"])
    lines = capsys.readouterr().err.splitlines()
    assert f"Warnung: {club}:{nor_line}: unbekannte Zeile, die mit 'NOR' beginnt, übersprungen" in lines
    assert lines[-1] == "Los mit Startwert 5 gezogen (wiederholen mit --seed 5)"
    run(["standings", str(club), "--tiebreaks", "LOTS", "--seed", "5"])
    assert capsys.readouterr().err.splitlines()[-1] == "lots drawn with seed 5 (replay with --seed 5)"


def test_the_line_naming_the_order_in_german_and_russian():
    """No order named: the file has none, so the US Chess preset's (the engine's choice for a Swiss)."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["--lang", "de", "standings", EVENT], out, err) == 0
    assert err.getvalue().splitlines()[0] == (
        "Reihenfolge: Punkte, dann MM, BH, CUM, OCUM (Vorgabe uscf, Empfehlung von US Chess (Einzelturnier, Schweizer "
        "System): die übliche Reihenfolge für ein Turnier im Schweizer System, da die Datei keine nennt); eine andere "
        "wählen Sie mit --preset oder --tiebreaks")
    own = str(REPO_ROOT / "tests" / "data" / "own_order" / "fide_womens_world_rapid_2024_with_212.trf")
    out, err = io.StringIO(), io.StringIO()
    assert main(["--lang", "ru", "standings", own, "--format", "csv"], out, err) == 0
    assert err.getvalue().splitlines()[0] == (
        "порядок: очки, затем BH/C1, BH, ARO/C1 (список дополнительных показателей из файла); другой выбирается через "
        "--preset или --tiebreaks")
