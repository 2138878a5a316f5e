"""The TRF reader and writer against the sample files, hand-checked entries and every malformed case."""
from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import EventError
from engine.core.model import Event, EventType, Kind
from engine.formats.jsonfmt import read_json, write_json
from engine.formats.loader import load_event, read_event_bytes, save_event
from engine.formats.source import MAX_BYTES
from engine.formats.trf import load_trf, read_trf, warnings_of, write_trf
from tests.paths import TRF_DIR, trf_files

SWISS16 = TRF_DIR / "fide_tec_swiss16.trf"
HALF = Fraction(1, 2)


# -- helpers ----------------------------------------------------------------------------------------

def swiss_lines() -> list[str]:
    return SWISS16.read_text(encoding="utf-8").splitlines()


def line_no(lines: list[str], tpn: int) -> int:
    """1-based line number of player ``tpn``'s 001 record."""
    for i, line in enumerate(lines, start=1):
        if line.startswith("001") and int(line[4:8]) == tpn:
            return i
    raise AssertionError(f"no player {tpn}")


def set_cols(line: str, col: int, text: str) -> str:
    """``line`` with ``text`` written from 1-based column ``col`` on."""
    line = line.ljust(col - 1 + len(text))
    return line[:col - 1] + text + line[col - 1 + len(text):]


def block_col(rnd: int) -> int:
    return 92 + 10 * (rnd - 1)


def mutated(tpn: int, col: int, text: str) -> tuple[str, int]:
    """The swiss16 file with one field of player ``tpn`` changed, and that player's line number."""
    lines = swiss_lines()
    no = line_no(lines, tpn)
    lines[no - 1] = set_cols(lines[no - 1], col, text)
    return "\n".join(lines) + "\n", no


def assert_located(exc: EventError, file: str, line: int) -> None:
    text = str(exc)
    assert file in text, text
    assert re.search(rf"{re.escape(file)}:{line}\b", text), text


def points_column(path: Path) -> dict[int, Fraction]:
    """The points column of every 001 line, read straight from the text (independent of the reader)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("001"):
            out[int(line[4:8])] = Fraction(line[80:84].strip())
    return out


# -- the sample files -------------------------------------------------------------------------------

EXPECTED_SHAPE = {
    "fide_tec_rr6.trf": (6, 5, EventType.ROUND_ROBIN),
    "fide_tec_swiss16.trf": (16, 5, EventType.SWISS),
    "fide_tec_swiss16_r9.trf": (16, 9, EventType.SWISS),
    "fide_womens_world_rapid_2024.trf": (110, 11, EventType.SWISS),
    "gros_2010_after_round4.trf": (52, 9, EventType.SWISS),
    "unplayed_cases_8p5r.trf": (8, 5, EventType.SWISS),
    "uzchess_cup_masters_2025.trf": (10, 9, EventType.ROUND_ROBIN),
}


def test_every_sample_is_listed() -> None:
    assert {p.name for p in trf_files()} == set(EXPECTED_SHAPE)


@pytest.mark.parametrize("path", trf_files(), ids=lambda p: p.name)
def test_sample_shape_and_scores(path: Path) -> None:
    ev = load_trf(path)
    players, rounds, kind = EXPECTED_SHAPE[path.name]
    assert len(ev.players) == players
    assert ev.rounds == rounds
    assert ev.event_type is kind
    assert {p.tpn: ev.score(p.tpn) for p in ev.players} == points_column(path)
    assert warnings_of(ev) == []


@pytest.mark.parametrize("path", trf_files(), ids=lambda p: p.name)
def test_trf_round_trip(path: Path) -> None:
    ev = load_trf(path)
    text = write_trf(ev)
    assert read_trf(text, "again.trf") == ev
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    for line in text.split("\r\n"):
        if line.startswith("001"):
            assert len(line) >= 84 and line[47] == " " and line[79] == " "


def test_swiss16_entries_by_hand() -> None:
    ev = load_trf(SWISS16)
    assert ev.name.startswith("FIDE TEC Exercises")
    assert ev.date == "2024/03/18"
    assert ev.entry(4, 2).kind is Kind.HPB and ev.entry(4, 2).points == HALF
    assert ev.entry(12, 4).kind is Kind.ZPB and ev.entry(12, 5).kind is Kind.ZPB
    fl = ev.entry(9, 4)
    assert (fl.kind, fl.opponent, fl.colour, fl.points) == (Kind.FL, 11, "W", 0)
    fw = ev.entry(11, 4)
    assert (fw.kind, fw.opponent, fw.colour, fw.points) == (Kind.FW, 9, "B", 1)
    assert ev.entry(6, 3).kind is Kind.PAB and ev.entry(6, 3).points == 1
    assert ev.entry(9, 5).kind is Kind.PAB
    g = ev.entry(1, 1)
    assert (g.kind, g.opponent, g.colour, g.points, g.rated) == (Kind.G, 9, "W", 1, True)
    assert ev.entry(1, 2).points == HALF and ev.entry(1, 2).colour == "B"
    p1 = ev.player(1)
    assert (p1.name, p1.rating, p1.sex, p1.fide_id) == ("Alyx", 2200, "m", "0")
    assert ev.player(12).name == "Nick (W)"


def test_gros_trailing_rounds_and_header() -> None:
    ev = load_trf(TRF_DIR / "gros_2010_after_round4.trf")
    assert ev.rounds == 9 and ev.last_result_round() == 4
    assert ev.player(1).title == "g" and ev.player(1).fide_id == "13400304" and ev.player(1).birth == "1978"
    assert ev.player(6).rating is None  # rating written as 0
    assert ev.entry(1, 6).kind is Kind.ABS
    assert ev.header["022"] == "Donostia" and ev.header["112"] == ""
    assert "022 Donostia" in write_trf(ev)


def test_unplayed_cases_kinds() -> None:
    ev = load_trf(TRF_DIR / "unplayed_cases_8p5r.trf")
    assert ev.entry(3, 5).kind is Kind.FPB
    assert ev.entry(3, 3).kind is Kind.ZPB
    assert ev.entry(7, 2).kind is Kind.HPB
    assert ev.entry(4, 5).kind is Kind.FW and ev.entry(5, 5).kind is Kind.FL
    assert ev.player(8).rating is None


# -- dialects and encodings -------------------------------------------------------------------------

def test_line_endings_are_equivalent() -> None:
    lines = swiss_lines()
    ref = read_trf("\n".join(lines), "lf.trf")
    assert read_trf("\r\n".join(lines) + "\r\n", "crlf.trf") == ref
    assert read_trf("\r".join(lines), "cr.trf") == ref


def test_utf8_bom_and_cp1252_bytes() -> None:
    text, _ = mutated(1, 15, "Müller, Jörg".ljust(33))
    for data in (b"\xef\xbb\xbf" + text.encode("utf-8"), text.encode("cp1252"), text.encode("latin-1")):
        assert read_trf(data, "enc.trf").player(1).name == "Müller, Jörg"


def test_comments_blank_and_unknown_lines_are_skipped_with_warnings() -> None:
    lines = swiss_lines()
    lines[6:6] = ["### SSSS sTTT NNNN ruler", "", "12345678901234567890", "NOR    1 m    Alyx"]
    ev = read_trf("\n".join(lines), "noisy.trf")
    assert len(ev.players) == 16
    warnings = warnings_of(ev)
    assert len(warnings) == 2 and all("noisy.trf:" in w for w in warnings)


EXAMPLE_71 = """\
012 Example Rapid Open
042 2016/05/14
092 Individual: Swiss-System
001    1 m GM Alpha, Adam                       2600 ENG     1000001 1990/01/15  1.5    3     4 w 1     2 b =     3 w 0
001    2 w IM Bravo, Beth                       2450 SCO     1000002 1995/03/02  1.5    3     5 b 1     1 w =     6 w 0
001    3 m FM Charlie, Carl                     2300 WLS     1000003 2001/07/30  2.5    1     6 w =     7 b 1     1 b 1
001    4 m    Delta, Dan                        2100 ENG     1000004 1988/00/00  1.5    3     1 b 0  0000 - H     7 w 1
001    5 w    Echo, Eve                         1950 IRL     1000005 2008/11/11  0.0    7     2 w 0     6 b -  0000 - Z
001    6 m    Foxtrot, Finn                     1800 ENG     1000006 2010/02/02  2.5    1     3 b =     5 w +     2 b 1
001    7 m    Golf, Gus                              ENG                         1.0    6  0000 - U     3 w 0     4 b 0
XXR 3
XXC white1
"""

EXAMPLE_73 = """\
012 Tolerance test
042 14.05.2016
092 Individual: Swiss-System
001    1 m  g Alpha,Adam                        2500 ENG     1000021 1985        1.5    1  0003 w 1  0004 b d
001    2 m  m Bravo,Bob                         2400 ENG     1000022 1990        1.0    2  0004 w =  0000 - h
001    3 w    Charlie,Cleo                         0 ENG           0             0.0    4  0001 b 0
001    4 m    Delta,Dirk                        2100 ENG     1000024 1999        1.0    2  0002 b =  0001 w d
XXR 2
"""


def test_trf_note_example_71() -> None:
    ev = read_trf(EXAMPLE_71, "ex71.trf")
    assert ev.player(2).title == "IM" and ev.player(2).sex == "w" and ev.player(7).rating is None
    assert ev.entry(6, 2).kind is Kind.FW and ev.entry(6, 2).colour == "W"
    assert ev.entry(5, 2).kind is Kind.FL and ev.entry(5, 3).kind is Kind.ZPB
    assert ev.entry(7, 1).kind is Kind.PAB and ev.entry(4, 2).kind is Kind.HPB
    assert ev.header["XXC"] == "white1" and "XXC white1" in write_trf(ev)
    assert read_trf(write_trf(ev), "again.trf") == ev


def test_trf_note_dirty_example_73() -> None:
    ev = read_trf(EXAMPLE_73, "ex73.trf")
    assert ev.date == "14.05.2016" and ev.player(1).name == "Alpha,Adam"
    d = ev.entry(1, 2)
    assert (d.kind, d.opponent, d.points, d.rated) == (Kind.G, 4, HALF, False)
    assert ev.entry(2, 2).kind is Kind.HPB
    assert ev.entry(3, 2).kind is Kind.ABS  # block cut off by trailing-space trimming
    assert ev.player(3).rating is None
    assert warnings_of(ev) == []
    again = read_trf(write_trf(ev), "again.trf")
    assert again == ev and again.entry(1, 2).rated is False


def test_double_forfeit_and_old_style_forfeit_colour() -> None:
    text, _ = mutated(11, block_col(4), "   9 - -")
    lines = text.splitlines()
    no = line_no(lines, 9)
    lines[no - 1] = set_cols(lines[no - 1], block_col(4), "  11 - -")
    lines[line_no(lines, 11) - 1] = set_cols(lines[line_no(lines, 11) - 1], 81, " 1.5")
    ev = read_trf("\n".join(lines), "dff.trf")
    assert ev.entry(9, 4).kind is Kind.FL and ev.entry(11, 4).kind is Kind.FL
    assert ev.entry(9, 4).colour is None
    assert warnings_of(ev) == []
    assert read_trf(write_trf(ev), "again.trf") == ev


def test_round_robin_detection() -> None:
    lines = swiss_lines()
    for text, expected in (("092 Round Robin", EventType.ROUND_ROBIN), ("092 RR", EventType.ROUND_ROBIN),
                           ("092 Berger tables", EventType.ROUND_ROBIN), ("092 Swiss", EventType.SWISS)):
        lines[4] = text
        assert read_trf("\n".join(lines), "t.trf").event_type is expected
    lines[4] = "092 Individual: Swiss-System"
    lines.insert(5, "192 FIDE_ROUNDROBIN")
    ev = read_trf("\n".join(lines), "t.trf")
    assert ev.event_type is EventType.ROUND_ROBIN
    assert read_trf(write_trf(ev), "again.trf") == ev


def test_xxr_larger_than_blocks_pads_with_absences() -> None:
    text = SWISS16.read_text(encoding="utf-8").replace("XXR 5", "142 7")
    ev = read_trf(text, "r7.trf")
    assert ev.rounds == 7 and ev.entry(1, 7).kind is Kind.ABS and ev.last_result_round() == 5


def test_tiebreak_records_202_212() -> None:
    lines = swiss_lines()
    ev = read_trf("\n".join(lines + ["202 BH/C1,BH,DE,WON,GE"]), "tb.trf")
    assert ev.file_tiebreaks == ("BH/C1", "BH", "DE", "WON", "REP")
    assert read_trf(write_trf(ev), "again.trf") == ev
    ev = read_trf("\n".join(lines + ["212 PTS,SB/C1,EDET/P,KS/L+2"]), "tb.trf")
    assert ev.file_tiebreaks == ("SB/C1", "KS/L+2")
    assert any("EDET/P" in w and "tb.trf:23" in w for w in warnings_of(ev))


def test_scoring_162_pab_value_and_nonstandard_refusal() -> None:
    lines = swiss_lines()
    ev = read_trf("\n".join(lines[:5] + ["162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5"] + lines[5:]),
                  "pab.trf")
    assert ev.pab_points == HALF and ev.entry(6, 3).points == HALF
    assert any("points column" in w for w in warnings_of(ev))  # the file's totals count the PAB as 1
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5" in write_trf(ev)
    assert read_trf(write_trf(ev), "again.trf").pab_points == HALF
    with pytest.raises(EventError) as err:
        read_trf("\n".join(lines[:5] + ["162  W 3.0    D 1.0"] + lines[5:]), "310.trf")
    assert "non-standard scoring" in str(err.value)
    assert_located(err.value, "310.trf", 6)


def test_240_fills_blank_blocks_and_299_is_warned() -> None:
    text, no = mutated(4, block_col(2), "        ")
    text += "240 H   2    4\n" + "299 H" + " " * 9 + "0.5    2    4\n" + "299" + " " * 10 + "-1.0  000    7\n"
    ev = read_trf(text, "byes.trf")
    assert ev.entry(4, 2).kind is Kind.HPB
    warnings = warnings_of(ev)
    assert len(warnings) == 1 and "299" in warnings[0] and "byes.trf:25" in warnings[0]


def test_240_for_the_round_to_be_paired_extends_the_event() -> None:
    ev = read_trf(SWISS16.read_text(encoding="utf-8") + "240 Z   6    3   5\n", "next.trf")
    assert ev.rounds == 6 and ev.entry(3, 6).kind is Kind.ZPB and ev.entry(1, 6).kind is Kind.ABS


def test_points_column_mismatch_is_only_a_warning() -> None:
    text, no = mutated(2, 81, " 9.5")
    ev = read_trf(text, "pts.trf")
    assert ev.score(2) == 4
    assert any(f"pts.trf:{no}" in w and "9.5" in w for w in warnings_of(ev))


# -- malformed input --------------------------------------------------------------------------------

def raises_at(text: str | bytes, file: str, line: int, *words: str) -> EventError:
    with pytest.raises(EventError) as err:
        read_trf(text, file)
    assert_located(err.value, file, line)
    for word in words:
        assert word in str(err.value), str(err.value)
    return err.value


def test_empty_file() -> None:
    raises_at("", "empty.trf", 1, "no player records (001)")
    raises_at(b"", "empty.trf", 1, "no player records")
    raises_at("012 Only a name\n", "name.trf", 1, "no player records")


def test_binary_junk() -> None:
    raises_at(bytes(range(256)) * 8, "junk.trf", 1, "binary")
    head = SWISS16.read_bytes()[:500]
    raises_at(head + b"\x00\x01\x02", "tail.trf", head.count(b"\n") + 1, "binary")


def test_truncated_line() -> None:
    lines = swiss_lines()
    no = line_no(lines, 3)
    lines[no - 1] = lines[no - 1][:60]
    raises_at("\n".join(lines), "trunc.trf", no, "truncated")


def test_unknown_opponent() -> None:
    text, no = mutated(1, block_col(1), "  99")
    err = raises_at(text, "opp.trf", no, "99")
    assert err.player == 1 and err.round == 1 and err.column == block_col(1)


def test_asymmetric_results() -> None:
    text, no = mutated(1, block_col(1) + 7, "0")
    raises_at(text, "asym.trf", no, "contradicts")


def test_forfeit_against_a_game_is_asymmetric() -> None:
    text, no = mutated(11, block_col(4) + 7, "1")
    with pytest.raises(EventError) as err:
        read_trf(text, "ff.trf")
    assert err.value.line in (no, line_no(swiss_lines(), 9))
    assert "ff.trf:" in str(err.value)


def test_duplicate_pairing_number() -> None:
    text, no = mutated(5, 5, "   4")
    raises_at(text, "dup.trf", no, "used twice", str(line_no(swiss_lines(), 4)))


def test_non_numeric_rating() -> None:
    text, no = mutated(2, 49, "21x0")
    err = raises_at(text, "rating.trf", no, "rating", "21x0")
    assert err.column == 49 and f"rating.trf:{no}:49" in str(err)


def test_bad_result_code() -> None:
    text, no = mutated(2, block_col(1) + 7, "X")
    err = raises_at(text, "code.trf", no, "unknown result code 'X'")
    assert err.column == block_col(1) + 7


def test_bad_colour_and_opponent_text() -> None:
    text, no = mutated(2, block_col(1) + 5, "x")
    raises_at(text, "colour.trf", no, "colour")
    text, no = mutated(2, block_col(1), "  1a")
    raises_at(text, "oppnum.trf", no, "opponent")


def test_player_paired_twice_in_one_round() -> None:
    text, no = mutated(1, block_col(1), "  10")  # 10 plays 2 in round 1
    raises_at(text, "twice.trf", no, "paired twice")


def test_self_opponent() -> None:
    text, no = mutated(1, block_col(1), "   1")
    raises_at(text, "self.trf", no, "against themselves")


def test_zero_point_bye_with_an_opponent() -> None:
    text, no = mutated(12, block_col(4), "   5 - Z")
    raises_at(text, "z.trf", no, "cannot have an opponent")


def test_game_result_without_opponent_whose_opponent_still_names_him() -> None:
    """A win with no opponent is read as a full-point bye (tests/robustness/test_trf_variants.py); here #9's own row
    still says he lost to #1 in round 1, so the file contradicts itself and is refused at #9's line."""
    text, _ = mutated(1, block_col(1), "   0 w 1")
    raises_at(text, "noopp.trf", line_no(swiss_lines(), 9), "one-sided result")


def test_bad_pairing_number_and_rounds() -> None:
    text, no = mutated(3, 5, "  x3")
    raises_at(text, "tpn.trf", no, "pairing number")
    raises_at(SWISS16.read_text(encoding="utf-8").replace("XXR 5", "XXR five"), "xxr.trf", 6, "rounds")


def test_too_large() -> None:
    with pytest.raises(EventError) as err:
        read_trf(b" " * (MAX_BYTES + 1), "huge.trf")
    assert "huge.trf" in str(err.value) and "too large" in str(err.value)


# -- io ---------------------------------------------------------------------------------------------

def test_io_dispatch_and_errors(tmp_path: Path) -> None:
    ev = load_event(SWISS16)
    assert read_event_bytes(SWISS16.read_bytes(), "upload.TRF") == ev
    txt = tmp_path / "copy.txt"
    txt.write_bytes(SWISS16.read_bytes())
    assert load_event(txt) == ev
    for name in ("out.trf", "out.json"):
        save_event(ev, tmp_path / name)
        assert load_event(tmp_path / name) == ev
    assert (tmp_path / "out.trf").read_bytes().count(b"\r\n") > 16
    with pytest.raises(EventError, match=r"supported endings: \.csv, \.json, \.pgn, \.trf, \.txt"):
        load_event(tmp_path / "event.xlsx")
    with pytest.raises(EventError, match="supported endings"):
        read_event_bytes(b"", "upload")
    with pytest.raises(EventError, match="not found") as err:
        load_event(tmp_path / "missing.trf")
    assert "missing.trf" in str(err.value)
    folder = tmp_path / "dir.trf"
    folder.mkdir()
    with pytest.raises(EventError, match="directory"):
        load_event(folder)
    with pytest.raises(EventError, match="too large"):
        read_event_bytes(b" " * (MAX_BYTES + 1), "big.trf")


# -- robustness -------------------------------------------------------------------------------------

SAMPLE_TEXTS = [p.read_text(encoding="utf-8") for p in trf_files()]


@st.composite
def mutated_trf(draw: st.DrawFn) -> str:
    """A real sample with a few random edits: flips, insertions, deletions, truncated lines."""
    text = draw(st.sampled_from(SAMPLE_TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            break
        pos = draw(st.integers(0, len(text) - 1))
        op = draw(st.sampled_from(["flip", "insert", "delete", "truncate"]))
        char = draw(st.characters(codec="utf-8") | st.sampled_from(list("0123456789 +-=WDLHFUZwb\n\r")))
        if op == "flip":
            text = text[:pos] + char + text[pos + 1:]
        elif op == "insert":
            text = text[:pos] + char + text[pos:]
        elif op == "delete":
            text = text[:pos] + text[pos + 1:]
        else:
            end = text.find("\n", pos)
            text = text[:pos] + (text[end:] if end >= 0 else "")
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_random_bytes_raise_only_event_error(data: bytes) -> None:
    for reader in (read_trf, read_json):
        try:
            reader(data, "fuzz")
        except EventError as exc:
            assert "fuzz" in str(exc)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_trf())
def test_mutated_samples_raise_only_event_error(text: str) -> None:
    for data in (text, text.encode("utf-8")):
        try:
            ev = read_trf(data, "fuzz.trf")
        except EventError as exc:
            assert "fuzz.trf" in str(exc)
        else:
            assert_rewrites_faithfully(ev)
        try:
            read_json(data, "fuzz.json")
        except EventError:
            pass


def assert_rewrites_faithfully(ev: Event) -> None:
    """A mutation that still reads must survive write and re-read (warnings aside)."""
    try:
        text = write_trf(ev)
    except EventError:  # e.g. a score that no longer fits the points column
        return
    again = read_trf(text, "again.trf")
    assert again.players == ev.players and again.entries == ev.entries and again.rounds == ev.rounds
    assert (again.event_type, again.pab_points, again.file_tiebreaks) == \
        (ev.event_type, ev.pab_points, ev.file_tiebreaks)
    plain = replace(ev, header={k: v for k, v in ev.header.items() if k != "warnings"})
    assert read_json(write_json(ev), "again.json") == plain


def test_writer_keeps_records_on_one_line_and_refuses_overflow() -> None:
    ev = load_trf(SWISS16)
    odd = replace(ev, name="Two\nlines", players=tuple(replace(p, name=p.name + "\r\nx") if p.tpn == 1 else p
                                                       for p in ev.players))
    again = read_trf(write_trf(odd), "odd.trf")
    assert again.name == "Two lines" and again.player(1).name == "Alyx x" and warnings_of(again) == []
    big = replace(ev, players=tuple(replace(p, rating=12345) if p.tpn == 2 else p for p in ev.players))
    with pytest.raises(EventError, match="rating"):
        write_trf(big)


def test_what_trf_cannot_hold_is_named_before_writing():
    """A page says why there is no TRF download without writing the file: the same refusal the writer gives."""
    from engine.core.model import Player, make_event
    from engine.formats.trf import trf_problem
    fine = make_event("", [Player(1, "Ann", 2000), Player(2, "Bob", 1900)], {})
    assert trf_problem(fine) is None
    too_wide = make_event("", [Player(1, "Ann", 12345), Player(2, "Bob", 1900)], {})
    assert trf_problem(too_wide) == "rating '12345' of player 1 does not fit TRF's 4 columns"
    with pytest.raises(EventError, match="rating '12345' of player 1 does not fit TRF's 4 columns"):
        write_trf(too_wide)
    far = make_event("", [Player(10_000, "Ann", 2000), Player(2, "Bob", 1900)], {})
    assert trf_problem(far) == "player 10000: pairing number 10000 does not fit TRF's 4 columns"
