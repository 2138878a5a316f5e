"""Event formats beyond TRF/our JSON: CSV wallcharts, PGN, Chess-JSON, standings exports, TRF-2026 records,
round trips of every sample through every writable format, and the command line's ``convert``.

Expected values are hand-made from the files shown in each test (or the official FIDE TEC solutions);
the Chess-JSON samples under tests/data/ were produced by FIDE's checker (``python -m gacrux.convert -i
FILE.trf``, gacrux 1.11.65) from the shared TRF files of the same name.
"""
from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from engine.cli import main
from engine.core.errors import EventError
from engine.core.model import Event, EventType, Kind
from engine.core.presets import preset_for
from engine.formats.chessjson import read_chessjson
from engine.formats.export import neutralise, standings_csv, standings_xlsx
from engine.formats.jsonfmt import write_json
from engine.formats.loader import event_text, load_event, read_event_bytes, save_event
from engine.formats.pgn import missing_rounds, read_pgn_missing, resolve_missing
from engine.formats.source import MAX_BYTES
from engine.formats.trf import read_trf, warnings_of, write_trf
from engine.formats.wallchart import read_wallchart, write_wallchart
from engine.ranking.standings import standings
from tests.pages import build_tab, open_page
from tests.paths import DATA, TRF_DIR, trf_files

DATA = DATA
SWISS16 = TRF_DIR / "fide_tec_swiss16.trf"
HALF = Fraction(1, 2)


def notes(event: Event, tpn: int) -> list[str]:
    return [e.notation() for e in event.entries[tpn]]


def core(event: Event) -> tuple:
    """What every format must keep: players (number, name, rating), every round's entry, type, PAB value."""
    return (tuple((p.tpn, p.name, p.rating) for p in sorted(event.players, key=lambda p: p.tpn)),
            {t: tuple(row) for t, row in event.entries.items()}, event.rounds, event.event_type, event.pab_points)


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


# -- CSV wallchart ----------------------------------------------------------------------------------

WALLCHART = """tpn,name,rating,R1,R2,R3
1,Alyx,2200,+W3,=B2,HPB
2,Bruno,,-W4,=W1,
3,Chloe,1900,,+F4,PAB
4,David,1800,+B2,,ZPB
"""


def test_wallchart_example_completes_one_sided_results() -> None:
    ev = read_wallchart(WALLCHART, "club.csv")
    assert [p.name for p in ev.players] == ["Alyx", "Bruno", "Chloe", "David"]
    assert [p.rating for p in ev.players] == [2200, None, 1900, 1800]
    assert notes(ev, 1) == ["+W3", "=B2", "HPB"]
    assert notes(ev, 2) == ["-W4", "=W1", "ABS"]
    assert notes(ev, 3) == ["-B1", "+F4", "PAB"]        # R1 filled in from Alyx's +W3
    assert notes(ev, 4) == ["+B2", "-F3", "ZPB"]        # R2 filled in from Chloe's +F4
    # by hand: 1 + ½ + ½, 0 + ½ + 0, 0 + 1 + 1, 1 + 0 + 0
    assert [ev.score(t) for t in (1, 2, 3, 4)] == [2, HALF, 2, 1]


def test_wallchart_lenient_header_semicolons_and_no_rating() -> None:
    text = "# event: Thursday club\n# type: rr\nNAME;Tpn;Federation;On_Time;r1;ROUND2\nAnn;1;ENG;yes;+B2;\nBob;2;;no;;=1\n"
    ev = read_wallchart(text, "x.csv")
    assert ev.name == "Thursday club" and ev.event_type is EventType.ROUND_ROBIN
    assert [(p.name, p.rating, p.federation, p.on_time) for p in ev.players] == \
        [("Ann", None, "ENG", True), ("Bob", None, "", False)]
    assert notes(ev, 1) == ["+B2", "=2"] and notes(ev, 2) == ["-W1", "=1"]    # each completed from the other
    no_tpn = read_wallchart("name,R1\nAnn,+W2\nBob,\n", "y.csv")       # rows numbered from 1
    assert notes(no_tpn, 2) == ["-B1"]


def test_wallchart_disagreement_names_both_cells() -> None:
    text = "tpn,name,rating,R1,R2\n1,Ann,,+W2,\n2,Bob,,=B1,\n"
    with pytest.raises(EventError) as err:
        read_wallchart(text, "club.csv")
    msg = str(err.value)
    assert msg.startswith("club.csv:2:4: ")
    assert "line 2, column 4 (player 1, R1) says +W2" in msg and "line 3, column 4 (player 2, R1) says =B1" in msg
    assert "\n" not in msg


@pytest.mark.parametrize("text, where, words", [
    ("tpn,name,score,R1\n1,Ann,3,\n", "x.csv:1:3", "unknown column 'score'"),
    ("tpn,name,R1\n1,Ann,+W7\n", "x.csv:2:3", "no player 7"),
    ("tpn,name,R1\n1,Ann,won\n", "x.csv:2:3", "cannot read result 'won'"),
    ("tpn,name,R1,R3\n1,Ann,\n", "x.csv:1", "R2 is missing"),
    ("tpn,name,rating,R1\n1,Ann,strong,\n", "x.csv:2:3", "rating must be a whole number"),
    ("tpn,name,R1\n1,Ann,\n1,Bob,\n", "x.csv:3:1", "used twice"),
    ("tpn,rating,R1\n1,2000,\n", "x.csv:1", "no 'name' column"),
    ("tpn,name,R1\n1,Ann,+W1\n", "x.csv:2:3", "against themselves"),
    ("tpn,name,R1,R2\n1,Ann,+W2,+W2\n2,Bob,,-B3\n3,Cy,,\n", "x.csv:2:4", "cells disagree"),
    ("", "x.csv:1", "no header row"),
])
def test_wallchart_errors_are_located(text: str, where: str, words: str) -> None:
    with pytest.raises(EventError) as err:
        read_wallchart(text, "x.csv")
    assert re.match(re.escape(where) + r"(:\d+)?: ", str(err.value)), str(err.value)
    assert words in str(err.value)


def test_wallchart_formula_like_names_round_trip() -> None:
    names = ['=HYPERLINK("http://x.example","y")', "+1", "-F", "'quoted", "@sum", "Plain, Name"]
    typed = io.StringIO()
    csv.writer(typed, lineterminator="\n").writerows([["tpn", "name", "R1"]] + [[i, n, ""] for i, n in
                                                                               enumerate(names, 1)])
    ev = read_wallchart(typed.getvalue(), "n.csv")     # typed the way a user would: read as typed
    assert [p.name for p in ev.players] == names
    text = write_wallchart(ev)
    assert "'=HYPERLINK" in text and "\n2,'+1," in text and "\n4,''quoted," in text
    assert [p.name for p in read_wallchart(text, "back.csv").players] == names


# -- PGN --------------------------------------------------------------------------------------------

PGN = """[Event "Thursday Club"]
[Round "1.1"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1500"]
[BlackElo "1600"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "Thursday Club"]
[Round "1.2"]
[White "Cat"]
[Black "Dan"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "Thursday Club"]
[Round "2.1"]
[White "Cat"]
[Black "Ann"]
[Result "1/2-1/2"]
[BlackElo "1500"]

1. d4 d5 1/2-1/2
"""


def test_pgn_players_numbered_by_rating_then_name_and_missing_rounds() -> None:
    ev, missing = read_pgn_missing(PGN, "club.pgn")
    assert ev.name == "Thursday Club" and ev.rounds == 2
    assert [(p.tpn, p.name, p.rating) for p in ev.players] == \
        [(1, "Bob", 1600), (2, "Ann", 1500), (3, "Cat", None), (4, "Dan", None)]
    assert notes(ev, 1) == ["-B2", "ABS"]
    assert notes(ev, 2) == ["+W1", "=B3"]
    assert notes(ev, 3) == ["-W4", "=W2"]
    assert notes(ev, 4) == ["+B3", "ABS"]
    assert missing == [(1, 2), (4, 2)]
    assert ev.event_type is EventType.SWISS


def test_pgn_missing_rounds_are_settled_by_the_user() -> None:
    ev = read_event_bytes(PGN.encode(), "club.pgn")
    assert missing_rounds(ev) == [(1, 2), (4, 2)]
    assert "no game in 2 player-rounds" in ev.header["warnings"] and "#1 Bob (round 2)" in ev.header["warnings"]
    settled = resolve_missing(ev, {(1, 2): "PAB", (4, 2): Kind.HPB})
    assert notes(settled, 1) == ["-B2", "PAB"] and notes(settled, 4) == ["+B3", "HPB"]
    assert settled.score(1) == 1 and settled.score(4) == Fraction(3, 2)
    assert missing_rounds(settled) == [] and "missing" not in settled.header
    with pytest.raises(EventError, match="already has a result"):
        resolve_missing(ev, {(2, 1): "HPB"})
    with pytest.raises(EventError, match="can only become"):
        resolve_missing(ev, {(1, 2): "FL"})


def test_pgn_missing_survive_our_json_until_settled(tmp_path: Path) -> None:
    ev = read_event_bytes(PGN.encode(), "club.pgn")
    save_event(ev, tmp_path / "club.json")
    assert missing_rounds(load_event(tmp_path / "club.json")) == [(1, 2), (4, 2)]


@pytest.mark.parametrize("edit, words", [
    (('[Result "0-1"]', '[Result "*"]'), "game 2 (Cat - Dan): the result is '*'"),
    (('[Round "2.1"]', '[Round "?"]'), "game 3 (Cat - Ann): the Round tag must be"),
    (('[Black "Dan"]', '[Black "?"]'), "game 2 (Cat - ?): the Black tag"),
    (('[Round "1.2"]', '[Round "1.3"]\n[Foo "x"]'), None),
    (('[White "Cat"]\n[Black "Dan"]', '[White "Ann"]\n[Black "Dan"]'), "both give Ann a game in round 1"),
    (('[Result "1/2-1/2"]', '[Result "2-0"]'), "Result tag must be"),
])
def test_pgn_errors_name_the_game(edit: tuple[str, str], words: str | None) -> None:
    text = PGN.replace(edit[0], edit[1], 1)
    if words is None:
        read_pgn_missing(text, "club.pgn")     # board numbers and unknown tags are fine
        return
    with pytest.raises(EventError) as err:
        read_pgn_missing(text, "club.pgn")
    assert words in str(err.value) and re.match(r"club\.pgn:\d+: ", str(err.value)), str(err.value)


def test_pgn_round_robin_and_result_star_line() -> None:
    games = [("A", "B", "1-0", 1), ("C", "A", "0-1", 2), ("B", "C", "1/2-1/2", 3)]
    text = "\n".join(f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n{res}\n'
                     for w, b, res, r in games)
    ev, missing = read_pgn_missing(text, "rr.pgn")
    assert ev.event_type is EventType.ROUND_ROBIN and len(missing) == 3      # each sits out once
    with pytest.raises(EventError, match=r"^rr\.pgn:15: game 3 \(B - C\): the result is '\*'"):
        read_pgn_missing(text.replace('[Result "1/2-1/2"]', '[Result "*"]'), "rr.pgn")
    with pytest.raises(EventError, match="no games found"):
        read_pgn_missing("", "empty.pgn")


# -- Chess-JSON -------------------------------------------------------------------------------------

def test_chessjson_sample_hand_checked() -> None:
    ev = load_event(DATA / "unplayed_cases_8p5r.chess.json")
    assert ev.name == "Unplayed-rounds test event (hand-made)" and ev.rounds == 5
    # the TRF rows: 3 = "7 w =  4 b -  0 - Z  5 w 1  0 - F"; 5 = "1 b 0  8 w 0  0 - U  3 b 0  4 b -"
    assert [e.kind for e in ev.entries[3]] == [Kind.G, Kind.FL, Kind.ZPB, Kind.G, Kind.FPB]
    assert notes(ev, 3) == ["=W7", "-F4", "ZPB", "+W5", "FPB"] and ev.entries[3][1].colour == "B"
    assert notes(ev, 5) == ["-B1", "-W8", "PAB", "-B3", "-F4"]
    assert notes(ev, 7)[1] == "HPB" and ev.player(8).rating is None
    # the points column of the TRF file
    assert [ev.score(t) for t in range(1, 9)] == [4, Fraction(9, 2), Fraction(5, 2), 3, 1, 1, Fraction(5, 2), 2]


@pytest.mark.parametrize("name", ["unplayed_cases_8p5r", "fide_tec_rr6"])
def test_chessjson_samples_equal_their_trf(name: str) -> None:
    cj = load_event(DATA / f"{name}.chess.json")
    trf = load_event(TRF_DIR / f"{name}.trf")
    assert core(cj) == core(trf)


def _chess_json(games: list[dict], score: dict | None = None, **tournament) -> str:
    doc = {"filetype": "Event", "version": "1.0", "event": {
        "eventInfo": {"fullName": "Mini"},
        "profiles": [{"id": 10 + i, "lastName": n, "firstName": ""} for i, n in enumerate("ABC", 1)],
        "tournaments": [{"tournamentNo": 1, "numRounds": 2, "teamTournament": False,
                         "competitors": [{"cid": i, "profileId": 10 + i, "rating": 2000 - i} for i in (1, 2, 3)],
                         "scoreSystem": {"game": score or {"W": "1.0", "D": "0.5", "L": "0.0", "P": "W"}},
                         "rankOrder": ["PTS", "BH/C1", "XYZ"], "gameList": games, **tournament}]}}
    return json.dumps(doc, indent=1)


def test_chessjson_one_sided_results_byes_and_pab_value() -> None:
    games = [{"id": 1, "round": 1, "white": {"cid": 1, "result": "W"}, "black": {"cid": 2}, "played": True},
             {"id": 2, "round": 1, "white": {"cid": 3, "result": "P"}, "black": None, "played": True},
             {"id": 3, "round": 2, "white": {"cid": 2}, "black": {"cid": 3, "result": "Z"}, "played": False},
             {"id": 4, "round": 2, "white": {"cid": 1, "result": "D"}, "black": None, "played": False}]
    ev = read_chessjson(_chess_json(games, {"W": 1, "D": 0.5, "L": 0, "P": "0.5"}), "mini.json")
    assert notes(ev, 1) == ["+W2", "HPB"] and notes(ev, 2) == ["-B1", "+F3"] and notes(ev, 3) == ["PAB", "-F2"]
    assert ev.pab_points == HALF and ev.score(3) == HALF
    assert ev.file_tiebreaks == ("BH/C1",) and "XYZ" in warnings_of(ev)[0]
    assert [p.name for p in ev.players] == ["A", "B", "C"] and ev.player(1).rating == 1999


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(filetype="Tiebreak"), "tie-break result file"),
    (lambda d: d["event"]["tournaments"][0].update(teamTournament=True), "team events are not supported"),
    (lambda d: d["event"]["tournaments"][0]["scoreSystem"]["game"].update(W="3.0"), "non-standard scoring"),
    (lambda d: d["event"]["tournaments"][0]["gameList"][0]["white"].update(result="A"), "result 'A'"),
    (lambda d: d["event"]["tournaments"][0]["gameList"][0].update(round=0), "game #1 (id 1): \"round\""),
    (lambda d: d["event"]["tournaments"][0]["gameList"][0]["black"].update(cid=9), "9 is not among"),
    (lambda d: d["event"]["tournaments"][0].update(competitors=[]), "no competitors"),
    (lambda d: d["event"]["tournaments"][0]["gameList"].append(
        {"id": 7, "round": 1, "white": {"cid": 1, "result": "P"}, "black": None}), "already has a result in round 1"),
])
def test_chessjson_errors(change, words: str) -> None:
    doc = json.loads(_chess_json([{"id": 1, "round": 1, "white": {"cid": 1, "result": "W"},
                                   "black": {"cid": 2, "result": "L"}, "played": True}]))
    change(doc)
    with pytest.raises(EventError) as err:
        read_event_bytes(json.dumps(doc, indent=1).encode(), "bad.json")
    assert words in str(err.value) and str(err.value).startswith("bad.json"), str(err.value)


def test_json_ending_reads_both_kinds(tmp_path: Path) -> None:
    ours = tmp_path / "ours.json"
    ours.write_text(write_json(load_event(SWISS16)), encoding="utf-8")
    theirs = tmp_path / "theirs.json"
    theirs.write_bytes((DATA / "fide_tec_rr6.chess.json").read_bytes())
    assert core(load_event(ours)) == core(load_event(SWISS16))
    assert core(load_event(theirs)) == core(load_event(TRF_DIR / "fide_tec_rr6.trf"))
    with pytest.raises(EventError, match="not a Tiebreak Lab event"):
        read_event_bytes(b'{"players": []}', "neither.json")


# -- exports ----------------------------------------------------------------------------------------

def test_standings_csv_official_values() -> None:
    st = standings(load_event(SWISS16), "BH/C1,BH,SB", "fide2024")
    rows = list(csv.reader(io.StringIO(standings_csv(st))))
    assert rows[0] == ["rank", "starting number", "name", "PTS", "BH/C1", "BH", "SB"]     # Words, not tpn
    by_tpn = {r[1]: r for r in rows[1:]}
    # FIDE TEC's solutions (fide_tec_swiss16.expected.csv): David 3.5, BH/C1 11.5, BH 15, SB 9.75
    assert by_tpn["4"][2:] == ["David", "3.5", "11.5", "15", "9.75"]
    assert by_tpn["2"][:4] == ["1", "2", "Bruno", "4"]      # alone on 4 points
    assert len(rows) == 17


FORMULA_NAMES = ['=HYPERLINK("http://evil.example","click")', "+1", "-F", "@cmd", "Eve"]


def formula_event() -> Event:
    """Ann beats 2 and 3; 3 beats 4, 4 beats 5, 5 beats 6; 6 has a PAB in round 2."""
    buf = io.StringIO()
    rows = zip(["Ann"] + FORMULA_NAMES, ["+W2", "", "+W4", "", "+W6", ""], ["+W3", "", "", "+W5", "", "PAB"])
    csv.writer(buf, lineterminator="\n").writerows([["tpn", "name", "rating", "R1", "R2"]] +
                                                   [[i, n, "", r1, r2] for i, (n, r1, r2) in enumerate(rows, 1)])
    return read_wallchart(buf.getvalue(), "names.csv")


def test_excel_never_writes_a_formula() -> None:
    ev = formula_event()
    assert [p.name for p in ev.players] == ["Ann"] + FORMULA_NAMES
    st = standings(ev, "WON", "fide")
    data = standings_xlsx(st, "=cmd|' /C calc'!A0")
    wb = openpyxl.load_workbook(io.BytesIO(data))
    ws = wb["Standings"]
    assert [c.value for c in ws[1]] == ["rank", "starting number", "name", "PTS", "WON"]
    names = {ws.cell(row=r, column=2).value: ws.cell(row=r, column=3) for r in range(2, ws.max_row + 1)}
    for tpn, p in ((p.tpn, p) for p in ev.players):
        cell = names[tpn]
        assert cell.value == p.name and cell.data_type == "s"
        if p.name.startswith(("=", "+", "-", "@")):
            assert cell.quotePrefix
    # Ann: two wins over the board (rounds 1 and 2) -> PTS 2, WON 2, rank 1; numbers stay numbers
    assert [c.value for c in ws[2]] == [1, 1, "Ann", 2, 2]
    about = wb["About"]
    assert about["B1"].value == "=cmd|' /C calc'!A0" and about["B1"].data_type == "s"
    # no formula anywhere in the file
    import zipfile
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert all(b"<f>" not in z.read(n) for n in z.namelist() if n.endswith(".xml"))


def test_csv_export_neutralises_formula_names() -> None:
    st = standings(formula_event(), "WON", "fide")
    rows = {r[1]: r for r in csv.reader(io.StringIO(standings_csv(st)))}
    assert rows["2"][2] == "'" + FORMULA_NAMES[0]
    assert rows["3"][2] == "'+1" and rows["4"][2] == "'-F" and rows["5"][2] == "'@cmd"
    assert rows["1"][2] == "Ann" and rows["6"][2] == "Eve"
    assert neutralise("\tx") == "'\tx" and neutralise("\rx") == "'\rx" and neutralise("a=b") == "a=b"


# -- TRF-2026 records ---------------------------------------------------------------------------------

def _trf26(extra: list[str]) -> str:
    lines = SWISS16.read_text(encoding="utf-8").splitlines()
    body = [ln for ln in lines if not ln.startswith("XXR")]
    return "\n".join(body[:3] + extra + body[3:]) + "\n"


def test_trf2026_records_142_162_192_202_212_240_299() -> None:
    r299 = "299 Z" + " " * 8 + " 0.0" + " " * 2 + "  6" + " " + "   5"    # type col 5, points 14-17, round 20-22
    text = _trf26(["142 6", "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0", "192 FIDE_DUTCH_2025",
                   "202 BH/C1,BH,DE,ARO/C1,WIN,BWG,BPG,SB"]) + "240 H   6    3\n" + r299 + "\n"
    ev = read_trf(text, "t26.trf")
    assert ev.rounds == 6 and ev.event_type is EventType.SWISS and ev.header["192"] == "FIDE_DUTCH_2025"
    assert ev.file_tiebreaks == ("BH/C1", "BH", "DE", "ARO/C1", "WIN", "BWG", "BPG", "SB")
    assert preset_for(ev.file_tiebreaks) == "fide-swiss"
    assert ev.entries[3][5].kind is Kind.HPB and ev.entries[5][5].kind is Kind.ZPB
    written = write_trf(ev)
    assert "142 6\r\n" in written and "192 FIDE_DUTCH_2025" in written and "202 BH/C1,BH,DE" in written
    assert core(read_trf(written, "back.trf")) == core(ev)
    rr = read_trf(_trf26(["192 FIDE_ROUNDROBIN", "212 PTS,DE,WIN,SB,KS"]), "rr.trf")
    assert rr.event_type is EventType.ROUND_ROBIN and preset_for(rr.file_tiebreaks) == "fide-rr"


def test_preset_for() -> None:
    assert preset_for(["PTS", "mm", "bh", "cum", "ocum"]) == "uscf"
    assert preset_for(["SB", "LPERF"]) == "lichess"
    assert preset_for(["DE", "WIN", "BPG", "ARO/C1", "BH/C1", "BH", "SB"]) == "fide-swiss-a"
    assert preset_for(["BH/C1"]) is None and preset_for([]) is None and preset_for(["NOPE"]) is None


def test_trf_latin1_and_utf8_names() -> None:
    text = SWISS16.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("001    1"))
    renamed = text.replace(line, line[:14] + "Müller, Jörg".ljust(33) + line[47:])
    for data in (renamed.encode("utf-8"), renamed.encode("latin-1")):
        ev = read_event_bytes(data, "names.trf")
        assert ev.player(1).name == "Müller, Jörg" and ev.player(1).rating == 2200
    assert "Müller, Jörg" in write_trf(read_trf(renamed, "n.trf"))


# -- round trips of every sample through every writable format ----------------------------------------

@pytest.mark.parametrize("path", trf_files(), ids=lambda p: p.stem)
@pytest.mark.parametrize("ending", [".trf", ".json", ".csv"])
def test_every_sample_round_trips(path: Path, ending: str, tmp_path: Path) -> None:
    ev = load_event(path)
    out = tmp_path / f"copy{ending}"
    save_event(ev, out)
    back = load_event(out)
    assert core(back) == core(ev)
    assert back.name == ev.name and back.file_tiebreaks == ev.file_tiebreaks
    if ending != ".trf":
        assert [p.federation for p in back.players] == [p.federation for p in ev.players]


def test_pgn_is_not_writable(tmp_path: Path) -> None:
    with pytest.raises(EventError, match="cannot write PGN"):
        event_text(load_event(SWISS16), "x.pgn")


def test_size_limit_for_every_reader() -> None:
    for name in ("big.csv", "big.pgn", "big.json", "big.trf"):
        with pytest.raises(EventError, match="too large") as err:
            read_event_bytes(b" " * (MAX_BYTES + 1), name)
        assert str(err.value).startswith(name)


# -- command line: convert -----------------------------------------------------------------------------

def test_convert_every_format_pair(tmp_path: Path) -> None:
    src = {"trf": SWISS16, "json_chess": DATA / "fide_tec_rr6.chess.json"}
    expected = {"trf": core(load_event(SWISS16)), "json_chess": core(load_event(TRF_DIR / "fide_tec_rr6.trf"))}
    for key, path in src.items():
        previous = path
        for ending in (".csv", ".json", ".txt", ".trf", ".csv"):
            out = tmp_path / f"{key}_{ending[1:]}{len(list(tmp_path.iterdir()))}{ending}"
            code, stdout, err = cli("convert", str(previous), str(out))
            assert code == 0 and err == "", err
            assert stdout.startswith(f"wrote {out}:")
            assert core(load_event(out)) == expected[key], (key, ending)
            previous = out


def test_convert_pgn_warns_about_missing_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pgn = tmp_path / "club.pgn"
    pgn.write_text(PGN, encoding="utf-8")
    code, out, err = cli("convert", str(pgn), str(tmp_path / "club.trf"))
    assert code == 0 and "4 players, 2 rounds" in out and err == ""
    lines = capsys.readouterr().err.strip().splitlines()      # warnings go to standard error, like standings'
    lines = [ln for ln in lines if ln.startswith("warning:")]
    assert len(lines) == 1 and lines[0].startswith("warning: no game in the PGN for #1 Bob (round 2), #4 Dan "
                                                   "(round 2): written as absent (ABS)")
    back = load_event(tmp_path / "club.trf")
    assert notes(back, 1) == ["-B2", "ABS"]


def test_convert_errors_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("tpn,name,R1\n1,Ann,+W2\n2,Bob,+B1\n", encoding="utf-8")
    code, out, err = cli("convert", str(bad), str(tmp_path / "x.trf"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"{bad}:2:3: the cells disagree" in err
    code, _, err = cli("convert", str(SWISS16), str(tmp_path / "x.pgn"))
    assert code == 2 and "cannot write PGN" in err and not (tmp_path / "x.pgn").exists()
    code, _, err = cli("convert", str(SWISS16), str(tmp_path / "x.xlsx"))
    assert code == 2 and "unknown file type" in err


# -- the app: upload a PGN and settle its missing rounds; standings downloads ---------------------------

def test_build_page_pgn_upload_asks_about_missing_rounds() -> None:
    at = build_tab(open_page("Build event", timeout=60).run(), "Upload / download")
    at.file_uploader(key="upload").set_value(("club.pgn", PGN.encode("utf-8"), "text/plain")).run()
    assert not at.exception
    assert any("no game for 2 player-rounds" in w.value for w in at.warning)
    assert {t.value for t in at.text} >= {"#1 Bob, round 2", "#4 Dan, round 2"}
    at.selectbox(key="missing_1_2").set_value(Kind.PAB)
    at.selectbox(key="missing_4_2").set_value(Kind.HPB)
    at.button[[b.label for b in at.button].index("Apply")].click().run()
    assert not at.exception
    assert any("Settled 2 missing" in s.value for s in at.success)
    assert not any("no game for" in w.value for w in at.warning)
    assert not any(t.value == "#1 Bob, round 2" for t in at.text)
    at = build_tab(at, "Players and results")
    results = next(d.value for d in at.data_editor if "R2" in d.value.columns)
    r2 = dict(zip(results["tpn"].astype(int), results["R2"]))
    assert r2[1] == "PAB" and r2[4] == "HPB"


def test_standings_page_offers_csv_and_excel() -> None:
    at = open_page("Standings", timeout=60).run()
    assert not at.exception
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Standings as CSV" in labels and "Standings as Excel" in labels
