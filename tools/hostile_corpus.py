"""The hostile corpus: files and share links made to hurt the readers, ``python -m tools.hostile_corpus [DIR]``.

Each case is a tiny builder, so the corpus is reproducible byte for byte.  The small cases are committed in
``tests/data/hostile/`` (``python -m tools.hostile_corpus`` rewrites them; a test checks they still match
this script); the large ones (``BIG``: megabytes of players, results or games, up to the 20 MB limit) are
built on demand by the tests and by ``make bench`` into a temporary directory.

Every case names what must happen: ``"refused"`` (exit status 2, one line of our own) or ``"read"`` (a
valid file despite its shape, e.g. CR-only line ends).  ``.link`` files hold a share link's text.
"""
from __future__ import annotations

import base64
import json
import sys
import zlib
from pathlib import Path
from typing import Callable, Iterator

CORPUS_DIR = Path(__file__).resolve().parents[1] / "tests" / "data" / "hostile"

# -- small valid events in each format, to be spoiled ------------------------------------------------

TRF_HEAD = "012 Hostile Open\r\n042 2026/01/01\r\n"
def trf_player(tpn: int, name: str, points: str, blocks: str, rating: int = 2000) -> str:
    """One 001 record in TRF's fixed columns (name 15-47, rating 49-52, points 81-84, rounds from 90)."""
    return (f"001 {tpn:>4} m    {name:<33} {rating:>4} ENG {1234567890 + tpn:>11} {'1990/01/01':<10} "
            f"{points:>4} {tpn:>4}" + blocks + "\r\n")


TRF_PLAYERS = trf_player(1, "Alpha, Ann", "1.0", "     2 w 1") + trf_player(2, "Beta, Bob", "0.0", "     1 b 0")


def trf(head: str = TRF_HEAD, players: str = TRF_PLAYERS, tail: str = "") -> bytes:
    return (head + players + tail).encode("utf-8")


def ours(**changes: object) -> dict:
    doc: dict = {"format": "tiebreak-lab-event", "version": 1, "name": "Hostile Open", "date": "", "type": "swiss",
                 "pab_points": "1", "rounds": 1, "tiebreaks": [],
                 "players": [{"tpn": 1, "name": "Ann"}, {"tpn": 2, "name": "Bob"}],
                 "results": {"1": ["+W2"], "2": ["-B1"]}}
    doc.update(changes)
    return doc


def js(doc: object) -> bytes:
    return json.dumps(doc).encode("utf-8")


def chess_json(num_rounds: object = 1, game_round: object = 1, games: int = 1) -> bytes:
    game = {"id": 1, "round": game_round, "white": {"cid": 1, "result": "W"}, "black": {"cid": 2, "result": "L"}}
    doc = {"filetype": "Event", "event": {"eventName": "Hostile", "profiles": [
        {"id": 1, "lastName": "Ann"}, {"id": 2, "lastName": "Bob"}],
        "tournaments": [{"numRounds": num_rounds, "competitors": [{"cid": 1, "profileId": 1},
                                                                  {"cid": 2, "profileId": 2}],
                         "gameList": [game] * games}]}}
    return js(doc)


def pgn_game(round_text: str = "1", white: str = "Ann", black: str = "Bob", result: str = "1-0",
             newline: str = "\n") -> str:
    tags = [("Event", "Hostile"), ("Round", round_text), ("White", white), ("Black", black), ("Result", result)]
    return newline.join(f'[{k} "{v}"]' for k, v in tags) + newline + newline + f"1. e4 e5 {result}" + newline * 2


def csv_text(*rows: str, header: str = "tpn,name,rating,R1") -> bytes:
    return ("\n".join((header,) + rows) + "\n").encode("utf-8")


def link(payload: object, *, raw: bytes | None = None) -> bytes:
    """A share link with a valid check sum around any payload (the decoder must still refuse what is inside)."""
    data = raw if raw is not None else json.dumps(payload, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    blob = zlib.crc32(data).to_bytes(4, "big") + packer.compress(data) + packer.flush()
    return ("1" + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")).encode("ascii")


def link_event(doc: dict, **more: object) -> bytes:
    return link({"e": json.dumps(doc), "c": ["BH"], "r": "fide", "o": {}, "p": "why", "y": [], **more})


def paste(*rows: str, header: str = "Rk.;Name;1.Rd;2.Rd;Pts.;TB1", legend: str = "Tie Break1: Buchholz") -> bytes:
    """A published table as a person pastes it (``engine check``): header, rows, a legend."""
    return "\n".join([header, *rows, legend]).encode()


PASTE_ROWS = ("1;Ann;2w1;3b1;2;1", "2;Bob;1b0;-1;1;2", "3;Cy;-½;1w0;0,5;2")


# -- the cases: file name -> (what must happen, builder) --------------------------------------------

Case = tuple[str, Callable[[], bytes]]

CASES: dict[str, Case] = {
    # sizes stated in a few bytes
    "json_rounds_1e7.json": ("refused", lambda: js(ours(rounds=10_000_000))),
    "json_rounds_4301_digits.json": ("refused", lambda: js(ours()).replace(b'"rounds": 1', b'"rounds": 1' + b"0" * 4300)),
    "json_pab_infinite.json": ("refused", lambda: js(ours()).replace(b'"pab_points": "1"', b'"pab_points": 1e999')),
    "json_nan.json": ("refused", lambda: js(ours()).replace(b'"rounds": 1', b'"rounds": NaN')),
    "json_results_row_200.json": ("refused", lambda: js(ours(results={"1": ["ABS"] * 200}))),
    "json_header_items.json": ("refused", lambda: js(ours(header={str(i): "x" for i in range(1000)}))),
    "json_deep_nesting.json": ("refused", lambda: b'{"format": "tiebreak-lab-event", "x": ' + b"[" * 5_000
                               + b"]" * 5_000 + b"}"),
    "trf_142_1e7.trf": ("refused", lambda: trf(TRF_HEAD + "142 10000000\r\n")),
    "trf_xxr_4301_digits.trf": ("refused", lambda: trf(tail="XXR " + "9" * 4301 + "\r\n")),
    "trf_162_huge_number.trf": ("refused", lambda: trf(TRF_HEAD + "162 W " + "1" * 5000 + "\r\n")),
    "trf_blocks_1000.trf": ("refused", lambda: trf(
        players=trf_player(1, "Ann", "1.0", "     2 w 1" + " " * 9990 + "  0000 - H")
        + TRF_PLAYERS[TRF_PLAYERS.index("\r\n") + 2:])),
    "chessjson_numrounds_1e9.json": ("refused", lambda: chess_json(num_rounds=10 ** 9)),
    "chessjson_round_1e9.json": ("refused", lambda: chess_json(game_round=10 ** 9)),
    "pgn_round_1e7.pgn": ("refused", lambda: pgn_game(round_text="10000000").encode()),
    "pgn_round_5000_digits.pgn": ("refused", lambda: pgn_game(round_text="7" * 5000).encode()),
    "csv_round_column_1e7.csv": ("refused", lambda: csv_text("1,Ann,,", header="tpn,name,rating,R10000000")),
    "csv_tpn_5000_digits.csv": ("refused", lambda: csv_text("1" * 5000 + ",Ann,,")),
    "csv_200_round_columns.csv": ("refused", lambda: csv_text("1,Ann,,", header="tpn,name,rating,"
                                                              + ",".join(f"R{r}" for r in range(1, 201)))),
    # names that are not printable text
    "json_lone_surrogate.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\ud800"')),
    "json_escape_sequence_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\u001b[31mAnn\\u0007"')),
    "json_nul_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"A\\u0000nn"')),
    "json_bidi_override_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\u202eAnn"')),
    "json_long_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"' + b"A" * 10_000 + b'"')),
    "json_control_event_name.json": ("refused", lambda: js(ours(name="Open\u0007\u001b]0;pwned\u0007"))),
    "trf_escape_in_name.trf": ("refused", lambda: trf(players=TRF_PLAYERS.replace("Alpha, Ann ", "Alpha\x1bAnn "))),
    "pgn_bell_in_name.pgn": ("refused", lambda: pgn_game(white="Ann\x07").encode()),
    "csv_escape_in_name.csv": ("refused", lambda: csv_text("1,Ann\x1b[2J,,+W2", "2,Bob,,")),
    # Names that passed every reader before
    "json_rlm_in_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"A\\u200fnn"')),
    "json_arabic_letter_mark_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\u061cAnn"')),
    "json_tag_characters_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"Ann\\udb40\\udc41"')),
    "json_only_spaces_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"   "')),
    "json_zero_width_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\u200b\\u200d\\ufeff"')),
    # Names that only look blank, and a byte-order mark inside one
    "json_hangul_filler_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\u3164\\u3164"')),
    "json_braille_blank_name.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"\\u2800"')),
    "csv_bom_inside_name.csv": ("refused", lambda: csv_text("1,An\ufeffn,,+W2", "2,Bob,,")),
    "json_199_combining_marks.json": ("refused", lambda: js(ours()).replace(b'"Ann"', b'"A' + b"\\u0301" * 199 + b'"')),
    "csv_rlm_in_name.csv": ("refused", lambda: csv_text("1,Ann\u200f,,+W2", "2,Bob,,")),
    "trf_tag_in_name.trf": ("refused", lambda: trf(players=TRF_PLAYERS.replace("Alpha, Ann ", "Alpha,\U000e0041Ann "))),
    "pgn_zero_width_name.pgn": ("refused", lambda: pgn_game(white="\u200b\u200b").encode()),
    "binary_after_64k.trf": ("refused", lambda: trf(TRF_HEAD + "###" + " " * 70_000 + "\r\n") + bytes(range(1, 9)) * 2_500),
    "nul_at_end.json": ("refused", lambda: js(ours()) + b" " * 70_000 + b"\x00"),
    # shapes that parse into nonsense
    "csv_stray_quote.csv": ("refused", lambda: csv_text('1,"Alyx,2200,+W2', "2,Bob,2100,-B1",
                                                        *(f"{t},P{t},1500," for t in range(3, 40)))),
    "csv_short_rows.csv": ("refused", lambda: csv_text("1", "2", "3")),
    "empty.trf": ("refused", lambda: b""),
    # valid despite their shape
    "pgn_cr_only.pgn": ("read", lambda: (pgn_game(newline="\r") + pgn_game("2", "Bob", "Ann", "1/2-1/2", "\r"))
                        .encode()),
    "json_name_over_33.json": ("read", lambda: js(ours()).replace(b'"Ann"', b'"' + b"Wolfeschlegelsteinhausen"
                                                                  b"bergerdorff, Hubert Blaine" + b'"')),
    # published tables pasted into the check (engine check / the "Check published standings" page)
    "paste_half_table.paste": ("refused", lambda: paste(*PASTE_ROWS[:2])),
    "paste_cp1252.paste": ("read", lambda: paste("1;Müller Zoë;2w1;3b1;2;1", *PASTE_ROWS[1:]).decode()
                           .encode("cp1252")),
    "paste_utf16.paste": ("refused", lambda: paste(*PASTE_ROWS).decode().encode("utf-16")),
    "paste_200_round_columns.paste": ("refused", lambda: paste(
        "1;Ann;" + ";".join(["-1"] * 200) + ";200;0", header="Rk.;Name;" + ";".join(f"{r}.Rd" for r in range(1, 201))
        + ";Pts.;TB1")),
    "paste_rank_5000_digits.paste": ("refused", lambda: paste("9" * 5000 + ";Ann;2w1;3b1;2;1", *PASTE_ROWS[1:])),
    "paste_markup_in_names.paste": ("read", lambda: paste("1;<b>Ann</b> [x](http://e.example);2w1;3b1;2;1",
                                                          *PASTE_ROWS[1:])),
    "paste_escape_in_name.paste": ("refused", lambda: paste("1;Ann\x1b[2J;2w1;3b1;2;1", *PASTE_ROWS[1:])),
    # A row longer than any table, stopped at once (text and web page)
    "paste_row_of_100000_cells.paste": ("refused", lambda: paste("1;Ann;" + ";" * 100_000 + "2w1;2;1", *PASTE_ROWS[1:])),
    "paste_html_row_of_5000_cells.paste": ("refused", lambda: b"<table><tr><th>Rk.</th><th>Name</th>"
                                           + b"<td>1</td>" * 5000 + b"</tr></table>Tie Break1: Buchholz"),
    "paste_no_table.paste": ("refused", lambda: b"<html><body><p>Tie Break1: Buchholz</p></body></html>"),
    "paste_one_vega_page.paste": ("refused", lambda: b'<html><meta content="www.vegachess.com"><table><tr><th>Pos'
                                                     b'</th><th>Pts</th></tr></table></html>'),
    # share links
    "link_rounds_1e9.link": ("refused", lambda: link_event(ours(rounds=10 ** 9))),
    "link_players_chosen.link": ("refused", lambda: link_event(ours(), y=[1] * 100_000)),
    "link_codes_many.link": ("refused", lambda: link_event(ours(), c=["BH"] * 10_000)),
    "link_seed_digits.link": ("refused", lambda: link_event(ours(), o={"seed": int("9" * 30)})),
    "link_deflate_bomb.link": ("refused", lambda: link(None, raw=b" " * (64 * 1024 * 1024))),
    "link_not_base64.link": ("refused", lambda: b"1<script>alert(1)</script>"),
    "link_surrogate_name.link": ("refused", lambda: link_event(ours(name="\ud800"))),
    "link_round_99.link": ("refused", lambda: link_event(ours(), o={"round": 99})),
    "link_cumulative_3mb.link": ("refused", lambda: link_event(ours(), o={"cumulative": "x" * 3_000_000})),
    "link_kashdan_1e14.link": ("refused", lambda: link_event(ours(), o={"kashdan_unplayed": 10 ** 14})),
    "link_markdown_fields.link": ("refused", lambda: link({"e": json.dumps(ours()), "c": [], "p": "why", "o": {},
                                                           "r": "[Login](http://evil.example/x)"})),
}


def _many_players(n: int) -> bytes:
    players = ",".join(f'{{"tpn":{t},"name":"P{t}"}}' for t in range(1, n + 1))
    return (f'{{"format":"tiebreak-lab-event","version":1,"name":"Many","rounds":1,"players":[{players}],'
            f'"results":{{}}}}').encode()


def _row_of_results(n: int) -> bytes:
    return js(ours(rounds=None, results={"1": ["ABS"] * n}))


def big_pgn(target: int = 19 * 1024 * 1024) -> bytes:
    """A valid PGN of about ``target`` bytes: a 9-round Swiss-like event of short games (no long move texts)."""
    out: list[str] = []
    size, number = 0, 0
    while size < target:
        number += 1
        rnd = (number - 1) // 4999 + 1
        if rnd > 99:
            break
        board = (number - 1) % 4999
        white, black = f"Player {2 * board + (rnd % 2)}", f"Player {2 * board + 1 - (rnd % 2)}"
        game = pgn_game(f"{rnd}.{board + 1}", white, black, ("1-0", "0-1", "1/2-1/2")[number % 3])
        out.append(game)
        size += len(game)
    return "".join(out).encode()


#: megabytes each: built on demand, never committed
BIG: dict[str, Case] = {
    "big_json_200k_players.json": ("refused", lambda: _many_players(200_000)),
    "big_json_row_1e6.json": ("refused", lambda: _row_of_results(1_000_000)),
    "big_csv_stray_quote.csv": ("refused", lambda: csv_text('1,"Alyx,2200,', *(f"{t},P{t},1500," for t in
                                                                              range(2, 600_000)))),
    "big_trf_9999_players_99_rounds.trf": ("read", lambda: _big_trf()),
    "big_pgn_19mb.pgn": ("read", lambda: big_pgn()),
    "big_csv_huge_quoted_cell.csv": ("refused", lambda: csv_text('1,"' + "x" * 200_000 + '",,', "2,Bob,,")),
    # Read, with the warnings bounded (100 listed, the rest counted) and a long rankOrder cut at 50 codes
    "big_trf_junk_lines.trf": ("read", lambda: trf(tail="".join(f"XYZ junk {i}\r\n" for i in range(1_150_000)))),
    "big_chessjson_rank_order.json": ("read", lambda: _long_rank_order(1_450_000)),
}


def _big_swiss(players: int, rounds: int) -> bytes:
    """A seeded Swiss of ``players`` x ``rounds`` with byes, forfeits and withdrawals, in our JSON format (TRF
    holds at most 9,999 players; the generator is ``make bench``'s)."""
    from engine.events.generator import UnplayedRates, generate_event
    from engine.formats.jsonfmt import write_json
    return write_json(generate_event(players, rounds, seed=2026, rates=UnplayedRates.typical(),
                                    name=f"Hostile {players} x {rounds}")).encode()


#: no quadratic path: the pages' work on the largest event a shared server opens (20,000 players), each
#: step with the CPU seconds it may take (``python -m tests.hostile_run --pages FILE`` times them): Compare's four
#: default orderings; its heat map, every criterion alone, points first and not; the Why page's standings and answer.
#: The aim is 2 s each (``python -m tools.bench_scale`` prints the figures against it, 1.0-1.5 s on a quiet
#: machine). The test's ceiling is ten times that: a slower or busier test machine must not fail it (a test is not
#: a benchmark), while a path that grows with the square of the field (Compare took 338 s before) still does.
PAGE_TARGET_CPU = 2.0
PAGE_CEILING_CPU = 10 * PAGE_TARGET_CPU
PAGE_WORK: dict[str, tuple[dict[str, float], Callable[[], bytes]]] = {
    "big_swiss_20000x11.json": ({"compare": PAGE_CEILING_CPU, "single criteria": PAGE_CEILING_CPU,
                                 "why": PAGE_CEILING_CPU}, lambda: _big_swiss(20_000, 11)),
}


def _long_rank_order(codes: int) -> bytes:
    """A valid Chess-JSON event whose rankOrder lists ``codes`` unknown tie-breaks, after 2 MB of padding (the
    reader used to look for the key's line once per warning, from the start of the text)."""
    doc = json.loads(chess_json())
    doc["event"]["tournaments"][0]["rankOrder"] = [f"ZZ{i}" for i in range(codes)]
    return b" " * (2 * 1024 * 1024) + js(doc)


def _big_trf() -> bytes:
    """9,998 players x 99 rounds of draws in pairs (2i-1 v 2i every round): about 10 MB, the most TRF can hold,
    and every player tied on 49½ points (direct encounter over the whole field)."""
    lines = ["012 Big\r\n", "142 99\r\n"]
    for t in range(1, 9999):
        opp, colour = (t + 1, "w") if t % 2 else (t - 1, "b")
        lines.append(trf_player(t, f"Player {t}", "49.5", f"  {opp:>4} {colour} =" * 99))
    return "".join(lines).encode()


# -- Excel workbooks (the "Check published standings" page and ``engine check`` read them) -------------------
# Built here, never committed: the worst ones unpack to gigabytes.  A workbook is a zip of XML members; the
# sheet is written with inline strings, so the only members are the ones every workbook needs.

_XLSX_TYPES = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
               'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
               'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/'
               'workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+'
               'xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
               'officedocument.spreadsheetml.worksheet+xml"/></Types>')
_XLSX_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
              '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
              '2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
_XLSX_BOOK = ('<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
              '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
              '<sheet name="Standings" sheetId="1" r:id="rId1"/></sheets></workbook>')
_XLSX_BOOK_RELS = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                   'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                   'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
_SHEET_HEAD = ('<?xml version="1.0" encoding="UTF-8"?>{doctype}<worksheet xmlns="http://schemas.openxmlformats.org/'
               'spreadsheetml/2006/main"><dimension ref="{ref}"/><sheetData>')
_SHEET_TAIL = "</sheetData></worksheet>"


def _column_letters(n: int) -> str:
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def sheet_row(number: int, values: list[str], first_column: int = 1) -> str:
    """One ``<row>`` of inline-string cells."""
    cells = "".join(f'<c r="{_column_letters(first_column + i)}{number}" t="inlineStr"><is><t>{v}</t></is></c>'
                    for i, v in enumerate(values))
    return f'<row r="{number}">{cells}</row>'


#: the pasted table of :data:`PASTE_ROWS` as sheet rows: header, three players, the legend
TABLE_ROWS = "".join(sheet_row(i, line.split(";")) for i, line in enumerate(
    ["Rk.;Name;1.Rd;2.Rd;Pts.;TB1", *PASTE_ROWS, "Tie Break1: Buchholz"], 1))


def xlsx(sheet_parts: Callable[[], Iterator[str]] | str, *, ref: str = "A1:F5", doctype: str = "") -> bytes:
    """A workbook of one sheet: its rows (a string, or chunks written one by one so a sheet of gigabytes is
    never held whole), the dimension it declares, and an optional DTD before the root element."""
    import io
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as book:
        book.writestr("[Content_Types].xml", _XLSX_TYPES)
        book.writestr("_rels/.rels", _XLSX_RELS)
        book.writestr("xl/workbook.xml", _XLSX_BOOK)
        book.writestr("xl/_rels/workbook.xml.rels", _XLSX_BOOK_RELS)
        with book.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
            sheet.write(_SHEET_HEAD.format(doctype=doctype, ref=ref).encode())
            for part in ([sheet_parts] if isinstance(sheet_parts, str) else sheet_parts()):
                sheet.write(part.encode())
            sheet.write(_SHEET_TAIL.encode())
    return buffer.getvalue()


def _whitespace(total: int) -> Iterator[str]:
    yield TABLE_ROWS
    chunk = " " * (1024 * 1024)
    for _ in range(total // len(chunk)):
        yield chunk


def _many_cells(rows: int, columns: int) -> Iterator[str]:
    """``rows`` rows of ``columns`` one-digit cells (the cells give no reference: each is the next column)."""
    yield TABLE_ROWS
    row = "<c><v>1</v></c>" * columns
    for number in range(6, rows + 6):
        yield f'<row r="{number}">{row}</row>'


def _far_legend(row: int) -> bytes:
    """The table, its legend moved down to ``row``, and a dimension that says 16,384 columns by ``row`` rows."""
    head = TABLE_ROWS[:TABLE_ROWS.index('<row r="5">')]
    return xlsx(head + sheet_row(row, ["Tie Break1: Buchholz"]), ref=f"A1:XFD{row}")


#: entities that grow tenfold at each level: "billion laughs"
_LAUGHS = ('<!DOCTYPE worksheet [<!ENTITY l0 "ha">' + "".join(
    f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10)) + "]>")

#: workbooks: name -> (what must happen, builder).  ``"read"``: a sane workbook, read and checked.
WORKBOOKS: dict[str, Case] = {
    "xlsx_table.xlsx": ("read", lambda: xlsx(TABLE_ROWS)),
    # the sheet declares 16,384 columns (A to XFD) and its legend stands far down: the reader padded every row,
    # the empty ones between too, to the declared width (1.6 GB for 500 rows)
    "xlsx_dimension_xfd500.xlsx": ("read", lambda: _far_legend(500)),
    "xlsx_dimension_xfd2000.xlsx": ("read", lambda: _far_legend(2_000)),
    "xlsx_dimension_xfd100900.xlsx": ("read", lambda: _far_legend(100_900)),
    # a cell in the last column, and one in the last row: longer or deeper than any table
    "xlsx_cell_in_column_xfd.xlsx": ("refused", lambda: xlsx(TABLE_ROWS + sheet_row(6, ["x"], 16_384),
                                                             ref="A1:XFD6")),
    "xlsx_row_1048576.xlsx": ("refused", lambda: xlsx(TABLE_ROWS + sheet_row(1_048_576, ["x"]), ref="A1:F1048576")),
    # 1.5 GB of whitespace in the sheet, a 1.5 MB file
    "xlsx_zip_bomb.xlsx": ("refused", lambda: xlsx(lambda: _whitespace(1536 * 1024 * 1024))),
    # 32 million one-digit cells, under a megabyte
    "xlsx_32m_cells.xlsx": ("refused", lambda: xlsx(lambda: _many_cells(2_000, 16_000), ref="A1:WQJ2005")),
    # a DTD: entities that grow to a billion "ha"s, and an external entity naming a file of the server
    "xlsx_billion_laughs.xlsx": ("refused", lambda: xlsx(TABLE_ROWS.replace("Name", "&l9;"), doctype=_LAUGHS)),
    "xlsx_external_entity.xlsx": ("refused", lambda: xlsx(
        TABLE_ROWS.replace("Name", "&x;"), doctype='<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>')),
    # within the unpacked size: 3.2 million one-digit cells, more than any table
    "xlsx_3m_cells.xlsx": ("refused", lambda: xlsx(lambda: _many_cells(16_000, 200), ref="A1:GR16005")),
    # a sheet of 200 MB whose directory entry says 1,000 bytes
    "xlsx_lying_size.xlsx": ("refused", lambda: _lying_size()),
    "xlsx_not_a_zip.xlsx": ("refused", lambda: b"PK\x03\x04" + b"\x00" * 200),
}


def _lying_size() -> bytes:
    """A workbook whose sheet unpacks to 200 MB of spaces while the zip's directory says 1,000 bytes."""
    import struct
    book = bytearray(xlsx(TABLE_ROWS + " " * (200 * 1024 * 1024)))
    name = b"xl/worksheets/sheet1.xml"
    at = 0
    while (at := book.find(b"PK\x01\x02", at)) >= 0:       # the central directory's entries
        if book[at + 46:at + 46 + len(name)] == name:
            struct.pack_into("<I", book, at + 24, 1000)    # its uncompressed size
        at += 4
    return bytes(book)


def build(directory: Path, cases: dict[str, Case] = CASES) -> list[Path]:
    """Write ``cases`` into ``directory``; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    out = []
    for name, (_, make) in cases.items():
        path = directory / name
        path.write_bytes(make())
        out.append(path)
    return out


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS_DIR
    written = build(target)
    print(f"wrote {len(written)} cases to {target}")
