"""FIDE Tournament Report File (TRF-16, with the TRF-2026 records we need): reader and writer.

The reader is strict about what would change a tie-break (result codes, opponents, ratings) and lenient
about the rest (encodings, line ends, trimmed trailing spaces, unknown records, which become warnings in
``event.header["warnings"]``).  Every problem is an :class:`EventError` naming file, line and, where it
helps, column.  The record layouts are those of FIDE's Tournament Report File specifications (TRF-16 and
TRF-2026), plus the XX records of the JaVaFo pairing program.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from engine.core.codes import parse_code
from engine.core.errors import EventError, located, reading
from engine.core.exact import fmt
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_WARNINGS, bounded_int, check_count, more_warnings
from engine.core.model import ABSENT, BYE_POINTS, HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, make_event, sum_points
from engine.core.said import Joined, dec, said
from engine.formats.source import decode_text, one_line, read_limited

#: the 001 record must reach the points column (81-84)
MIN_PLAYER_LINE = 84
#: column (1-based) of the first round block's leading spaces; round r starts 10 columns later each
FIRST_BLOCK_COL = 90

_INT = re.compile(r"[0-9]+", re.ASCII)
_NUMBER = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?", re.ASCII)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_RECORD_ID = re.compile(r"^(?:[0-9]{3}|XX[A-Z])$")

#: tournament-section records kept verbatim in ``event.header`` for a faithful round trip
_KEPT = {"022", "032", "052", "082", "102", "112", "122", "132", "152", "172", "182", "192", "222",
         "250", "260", "XXC", "XXP", "XXA", "XXZ"}
_GAME_POINTS = {"1": ONE, "=": HALF, "0": ZERO, "W": ONE, "D": HALF, "L": ZERO}
_BYE_CODES = {"H": Kind.HPB, "F": Kind.FPB, "U": Kind.PAB, "Z": Kind.ZPB}
#: a game result written without an opponent: the bye worth the same points
_BYE_OF_POINTS = {ONE: Kind.FPB, HALF: Kind.HPB, ZERO: Kind.ZPB}
_RR_WORDS = re.compile(r"round[\s_-]*robin|berger|\brr\b", re.IGNORECASE)


# -- reading ----------------------------------------------------------------------------------------

@dataclass
class _PlayerLine:
    """A parsed 001 record before cross-checks: the player, the round entries and where it was."""

    player: Player
    entries: list[Entry]
    line: int
    points: Fraction | None


@dataclass
class _Parse:
    """Everything gathered while reading one file."""

    source: str
    name: str = ""
    date: str = ""
    type_text: str = ""
    type_code: str = ""
    rounds: int = 0
    pab_points: Fraction = ONE
    tiebreaks_202: list[str] | None = None
    tiebreaks_212: list[str] | None = None
    header: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    #: warnings past :data:`MAX_WARNINGS`, counted only
    unlisted: int = 0
    players: list[_PlayerLine] = field(default_factory=list)
    bye_lines: list[tuple[int, str]] = field(default_factory=list)     # 240
    abnormal_lines: list[tuple[int, str]] = field(default_factory=list)  # 299
    #: round block text -> its entry, for blocks read without a warning (a block means the same anywhere)
    blocks: dict[str, Entry] = field(default_factory=dict)

    def warn(self, line: int | None, message: str) -> None:
        """Keep the first :data:`MAX_WARNINGS` repairs and count the rest (a file of junk lines must not
        make millions of them)."""
        if len(self.warnings) < MAX_WARNINGS:
            self.warnings.append(located(message, file=self.source, line=line))
        else:
            self.unlisted += 1

    def error(self, line: int, message: str, column: int | None = None, **kw: int | None) -> EventError:
        return EventError(message, file=self.source, line=line, column=column, player=kw.get("player"),
                          round=kw.get("round"))


def load_trf(path: str | os.PathLike[str]) -> Event:
    """Read a TRF file from disk (size-capped; missing files and directories are EventErrors)."""
    return read_trf(read_limited(path), str(path))


def read_trf(text_or_bytes: str | bytes, source: str = "<trf>") -> Event:
    """Parse TRF text or bytes into a validated :class:`Event`; only :class:`EventError` escapes."""
    with reading(source):
        return _read(text_or_bytes, source)


def _read(data: str | bytes, source: str) -> Event:
    text = decode_text(data, source)
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    st = _Parse(source)
    # pass 1: header records (so scoring and rounds are known before the player blocks are decoded)
    for no, line in enumerate(lines, start=1):
        _read_header_line(st, no, line)
    # pass 2: player records
    for no, line in enumerate(lines, start=1):
        if line[:3] == "001":
            check_count(said("the number of players"), len(st.players) + 1, MAX_PLAYERS, file=source, line=no)
            st.players.append(_read_player(st, no, line))
    if not st.players:
        where = len(lines) or 1
        raise EventError(said("no player records (001): this is not a TRF file, or it is empty"), file=source,
                         line=where)
    _check_duplicates(st)
    _apply_byes(st)
    _apply_abnormal(st)
    return _build(st)


def _read_header_line(st: _Parse, no: int, line: str) -> None:
    """Dispatch one non-player line on its record id; unknown lines become warnings."""
    if not line.strip() or line.startswith("###") or line[:3] == "001":
        return
    code = line[:3].upper()
    value = line[4:].rstrip() if len(line) > 3 else ""
    if len(line) > 3 and line[3] != " ":
        st.warn(no, said("unrecognised line (no space after the record id {line}), skipped", line=repr(line[:3])))
        return
    handler = _HEADER_HANDLERS.get(code)
    if handler is not None:
        handler(st, no, value)
    elif code in _KEPT:
        st.header[code] = value if code not in st.header else st.header[code] + "\n" + value
    elif _RECORD_ID.match(code):
        st.warn(no, said("record {code} is not used by this program, skipped", code=code))
    else:
        st.warn(no, said("unrecognised line starting {line}, skipped", line=repr(line[:3])))


def _h_name(st: _Parse, no: int, value: str) -> None:
    st.name = value.strip()


def _h_date(st: _Parse, no: int, value: str) -> None:
    st.date = value.strip()


def _h_type_text(st: _Parse, no: int, value: str) -> None:
    st.type_text = value.strip()


def _h_type_code(st: _Parse, no: int, value: str) -> None:
    st.type_code = value.strip()
    st.header["192"] = value.strip()


def _h_ignore(st: _Parse, no: int, value: str) -> None:
    """Counts the writer recomputes (062, 072)."""


def _h_rounds(st: _Parse, no: int, value: str) -> None:
    text = value.strip()
    if not _INT.fullmatch(text):
        raise st.error(no, said("the number of rounds must be a whole number, not {text}", text=repr(text[:20])),
                       column=5)
    rounds = _bounded(st, no, text, 5)
    check_count(said("the number of rounds"), rounds, MAX_ROUNDS, file=st.source, line=no, column=5)
    st.rounds = max(st.rounds, rounds)


def _bounded(st: _Parse, no: int, text: str, column: int | None = None) -> int:
    """A whole number of the file, located when it has too many digits."""
    try:
        return bounded_int(text)
    except EventError as exc:
        raise st.error(no, exc.said or exc.message, column=column) from None


def _h_scoring_162(st: _Parse, no: int, value: str) -> None:
    """Read a TRF-2026 162 line; only the PAB value may differ from 1 / ½ / 0."""
    pairs = re.findall(r"([A-Za-z])\s*(-?[0-9]+(?:[.,][0-9]+)?)", value, re.ASCII)
    if not pairs and value.strip():
        raise st.error(no, said("cannot read the scoring system record 162: {text}", text=repr(value.strip())),
                       column=5)
    scores: dict[str, Fraction] = {}
    for sym, val in pairs:
        scores["A" if sym.upper() == "Z" else sym.upper()] = Fraction(val.replace(",", "."))
    _check_scoring(st, no, scores, {"W": ONE, "D": HALF, "L": ZERO, "A": ZERO}, "P", "X")


def _h_scoring_xxs(st: _Parse, no: int, value: str) -> None:
    """Read JaVaFo's XXS CODE=VALUE pairs with the same restriction as 162."""
    scores: dict[str, Fraction] = {}
    for token in value.split():
        key, sep, val = token.partition("=")
        if not sep or not _NUMBER.fullmatch(val):
            raise st.error(no, said("cannot read the scoring record XXS: {text}", text=repr(token)), column=5)
        scores[key.upper()] = Fraction(val.replace(",", "."))
    standard = {"WW": ONE, "BW": ONE, "WD": HALF, "BD": HALF, "WL": ZERO, "BL": ZERO, "FW": ONE,
                "FL": ZERO, "ZPB": ZERO, "HPB": HALF, "FPB": ONE, "W": ONE, "D": HALF}
    _check_scoring(st, no, scores, standard, "PAB", None)


def _check_scoring(st: _Parse, no: int, scores: dict[str, Fraction], standard: dict[str, Fraction],
                   pab_key: str, ignored: str | None) -> None:
    for key, val in scores.items():
        if key == pab_key or key == ignored:
            continue
        if key not in standard:
            st.warn(no, said("unknown scoring symbol {key}, ignored", key=repr(key)))
        elif val != standard[key]:
            raise st.error(no, said("non-standard scoring ({key} = {value} instead of {standard}) is not supported: "
                                    "only 1 / ½ / 0 scoring (with a configurable PAB)", key=key, value=fmt(val),
                                    standard=fmt(standard[key])), column=5)
    if pab_key in scores:
        pab = scores[pab_key]
        if pab not in (ZERO, HALF, ONE):
            raise st.error(no, said("non-standard scoring (PAB = {value}) is not supported; a PAB is worth 1, ½ or 0",
                                    value=fmt(pab)), column=5)
        st.pab_points = pab


def _h_tiebreaks(st: _Parse, no: int, value: str, with_pts: bool) -> None:
    """202/212: FIDE descriptors mapped onto our codes; unknown ones are warned about and skipped."""
    codes: list[str] = []
    for item in re.split(r"[,\s]+", value.strip()):
        if not item or item.upper() == "PTS":
            continue
        try:
            codes.append(str(parse_code(item)))
        except EventError as exc:
            st.warn(no, said("tie-break {item} is not supported here and was skipped ({reason})", item=repr(item),
                             reason=exc.said or exc.message))
    if with_pts:
        st.tiebreaks_212 = codes
    else:
        st.tiebreaks_202 = codes


def _h_202(st: _Parse, no: int, value: str) -> None:
    _h_tiebreaks(st, no, value, with_pts=False)


def _h_212(st: _Parse, no: int, value: str) -> None:
    _h_tiebreaks(st, no, value, with_pts=True)


def _h_240(st: _Parse, no: int, value: str) -> None:
    st.bye_lines.append((no, value))


def _h_299(st: _Parse, no: int, value: str) -> None:
    st.abnormal_lines.append((no, value))


_HEADER_HANDLERS = {
    "012": _h_name, "042": _h_date, "092": _h_type_text, "192": _h_type_code, "062": _h_ignore,
    "072": _h_ignore, "142": _h_rounds, "XXR": _h_rounds, "162": _h_scoring_162, "XXS": _h_scoring_xxs,
    "202": _h_202, "212": _h_212, "240": _h_240, "299": _h_299,
}


def _read_player(st: _Parse, no: int, line: str) -> _PlayerLine:
    """Decode one 001 record: the fixed-column static part and the round blocks."""
    if len(line) < MIN_PLAYER_LINE:
        raise st.error(no, said("player record (001) is truncated: {length} characters, but it needs at least "
                                "{least} (through the points in columns 81-84)", length=len(line),
                                least=MIN_PLAYER_LINE), column=len(line) + 1)
    tpn_text = line[4:8].strip()
    if not _INT.fullmatch(tpn_text) or int(tpn_text) < 1:
        raise st.error(no, said("pairing number (columns 5-8) must be a positive whole number, not {text}",
                                text=repr(tpn_text)), column=5)
    tpn = int(tpn_text)
    player = Player(tpn=tpn, name=line[14:47].strip(), rating=_rating(st, no, line[48:52]),
                    federation=line[53:56].strip(), fide_id=line[57:68].strip(), sex=line[9].strip(),
                    title=line[10:13].strip(), birth=line[69:79].strip())
    points_text = line[80:84].strip()
    points: Fraction | None = None
    if _NUMBER.fullmatch(points_text):
        points = Fraction(points_text.replace(",", "."))
    elif points_text:
        st.warn(no, said("points column (81-84) {points_text} is not a number, ignored", points_text=repr(points_text)))
    body = line.rstrip()
    count = max(0, -(-(len(body) - (FIRST_BLOCK_COL - 1)) // 10))
    check_count(said("the number of round blocks on this player's line"), count, MAX_ROUNDS, file=st.source, line=no,
                column=block_column(MAX_ROUNDS + 1) - 2 if count > MAX_ROUNDS else None)
    body = body.ljust(FIRST_BLOCK_COL - 1 + 10 * count)
    entries = [_read_block(st, no, tpn, r, body) for r in range(1, count + 1)]
    return _PlayerLine(player, entries, no, points)


def _rating(st: _Parse, no: int, text: str) -> int | None:
    """Columns 49-52: blank or 0 means unrated."""
    t = text.strip()
    if not t:
        return None
    if not _INT.fullmatch(t):
        raise st.error(no, said("rating (columns 49-52) must be a number, not {text}", text=repr(t)), column=49)
    return int(t) or None


def block_column(rnd: int) -> int:
    """1-based column of the opponent field of round ``rnd``'s block (92, 102, 112, ...)."""
    return FIRST_BLOCK_COL + 2 + 10 * (rnd - 1)


def _read_block(st: _Parse, no: int, tpn: int, rnd: int, body: str) -> Entry:
    """Decode one 10-column round block ``  OOOO C R`` into an Entry."""
    start = FIRST_BLOCK_COL - 1 + 10 * (rnd - 1)
    block = body[start:start + 10]
    known = st.blocks.get(block)
    if known is not None:
        return known
    warned = len(st.warnings)
    entry = _decode_block(st, no, tpn, rnd, block)
    if len(st.warnings) == warned:
        st.blocks[block] = entry
    return entry


def _decode_block(st: _Parse, no: int, tpn: int, rnd: int, block: str) -> Entry:
    col = block_column(rnd)
    where = dict(player=tpn, round=rnd)
    if not block.strip():
        return ABSENT
    if block[0:2].strip() or block[6] != " " or block[8] != " ":
        raise st.error(no, said("round {round} block {block} is not aligned to columns {first}-{last}", round=rnd,
                                block=repr(block), first=col - 2, last=col + 7), column=col - 2, **where)
    opp_text, colour_text, code = block[2:6].strip(), block[7], block[9].upper()
    opponent: int | None = None
    if opp_text:
        if not _INT.fullmatch(opp_text):
            raise st.error(no, said("opponent (columns {first}-{last}) must be a pairing number, not {text}",
                                    first=col, last=col + 3, text=repr(opp_text)), column=col, **where)
        opponent = int(opp_text) or None
    colour = {"W": "W", "B": "B", "-": None, " ": None}.get(colour_text.upper(), "?")
    if colour == "?":
        raise st.error(no, said("colour (column {column}) must be w, b or -, not {text}", column=col + 5,
                                text=repr(colour_text)), column=col + 5, **where)
    return _entry_from_code(st, no, code, opponent, colour, col + 7, where)


def _entry_from_code(st: _Parse, no: int, code: str, opponent: int | None, colour: str | None, col: int,
                     where: dict[str, int]) -> Entry:
    """Map a TRF result code (with its opponent and colour) onto our entry kinds."""
    if code in _GAME_POINTS:
        if opponent is None:
            # Swiss-Master, older Swiss-Manager versions and rating systems write a bye as the points it
            # gave (`0000 - =` for a half-point bye); other readers accept that, so do we, with a warning
            kind = _BYE_OF_POINTS[_GAME_POINTS[code]]
            st.warn(no, said("round {round}: result {code} without an opponent read as a "
                             "{description} ({value})", round=where['round'], code=repr(code),
                             description=kind.description, value=kind.value))
            return Entry.bye(kind)
        if colour is None:
            # older writers leave the colour out ('-'); the game counts, but for neither colour (BPG, BWG)
            st.warn(no, said("round {round}: the game against {opponent} has no colour ('-'): read "
                             "as played with an unknown colour, so it counts as a game with neither "
                             "White nor Black", round=where['round'], opponent=opponent))
        return Entry.game(opponent, colour, _GAME_POINTS[code], rated=code in "1=0")
    if code == "A" and opponent is None:
        st.warn(no, said("round {round}: result 'A' (absent, as some programs write it) without an "
                         "opponent read as a {description} ({value})",
                         round=where["round"], description=Kind.ZPB.description, value=Kind.ZPB.value))
        return Entry.bye(Kind.ZPB)
    if code in "+-":
        if opponent is None:
            kind = Kind.FPB if code == "+" else Kind.ZPB
            st.warn(no, said("round {round}: forfeit {code} without an opponent read as {value}",
                             round=where['round'], code=repr(code), value=kind.value))
            return Entry.bye(kind)
        return Entry(Kind.FW if code == "+" else Kind.FL, opponent, colour, ONE if code == "+" else ZERO)
    if code in _BYE_CODES:
        if opponent is not None:
            raise st.error(no, said("result {code} ({kind}) cannot have an opponent ({opponent})", code=repr(code),
                                    kind=_BYE_CODES[code].description, opponent=opponent), column=col - 7, **where)
        kind = _BYE_CODES[code]
        return Entry.bye(kind, st.pab_points if kind is Kind.PAB else None)
    if code == "?":
        if opponent is None:
            raise st.error(no, said("result '?' (game still to be played) needs an opponent"), column=col, **where)
        return Entry.scheduled(opponent, colour)
    if code == " ":
        if opponent is not None:
            raise st.error(no, said("opponent {opponent} is given but the result (column {column}) is blank",
                                    opponent=opponent, column=col), column=col, **where)
        return ABSENT
    raise st.error(no, said("unknown result code {code} in column {column} (expected one of 1 = 0 W D L + - H F U Z "
                            "A, ? or blank)", code=repr(code), column=col), column=col, **where)


def _check_duplicates(st: _Parse) -> None:
    seen: dict[int, int] = {}
    for pl in st.players:
        tpn = pl.player.tpn
        if tpn in seen:
            raise st.error(pl.line, said("pairing number {number} is used twice (lines {first} and {second})",
                                         number=tpn, first=seen[tpn], second=pl.line), column=5)
        seen[tpn] = pl.line


def _record_fields(value: str, round_slice: slice, ids_from: int) -> tuple[str, list[str]]:
    """The round field and the list of pairing numbers of a 240/299 record (columns, then whitespace)."""
    return value[round_slice].strip(), value[ids_from:].split()


def _apply_byes(st: _Parse) -> None:
    """240 records: fill a blank round of the named players with the bye (the 001 block wins)."""
    for no, value in st.bye_lines:
        kind = _BYE_CODES.get(value[:1].upper())
        rnd_text, ids = _record_fields(value, slice(2, 5), 6)
        if kind is None:
            raise st.error(no, said("240 bye type (column 5) must be F, H or Z, not {text}", text=repr(value[:1])),
                           column=5)
        _fill_byes(st, no, kind, rnd_text, ids, "240")


def _fill_byes(st: _Parse, no: int, kind: Kind, rnd_text: str, ids: Sequence[str], record: str) -> None:
    if not _INT.fullmatch(rnd_text) or int(rnd_text) < 1:
        raise st.error(no, said("{record} round must be a positive whole number, not {text}", record=record,
                                text=repr(rnd_text)))
    rnd = int(rnd_text)
    check_count(said("the round of this {record} record", record=record), rnd, MAX_ROUNDS, file=st.source, line=no)
    by_tpn = {pl.player.tpn: pl for pl in st.players}
    for item in ids:
        if not _INT.fullmatch(item) or int(item) not in by_tpn:
            raise st.error(no, said("{record} names pairing number {text}, which has no player record (001)",
                                    record=record, text=repr(item)))
        pl = by_tpn[int(item)]
        while len(pl.entries) < rnd:
            pl.entries.append(ABSENT)
        current = pl.entries[rnd - 1]
        if current.kind is Kind.ABS:
            pl.entries[rnd - 1] = Entry.bye(kind, st.pab_points if kind is Kind.PAB else None)
        elif current.kind is not kind:
            st.warn(no, said("{record} gives player {tpn} a {value} in round {rnd}, but the 001 "
                             "record (line {line}) says {kept}; the 001 record is kept", record=record,
                             tpn=pl.player.tpn, value=kind.value, rnd=rnd, line=pl.line, kept=current.notation()))


def _apply_abnormal(st: _Parse) -> None:
    """299 records: a bye at its normal value is applied like 240; anything else is ignored with a warning."""
    for no, value in st.abnormal_lines:
        kind_char = value[:1].upper()
        points_text = value[9:13].strip()
        rnd_text, ids = _record_fields(value, slice(15, 18), 19)
        kind = {"F": Kind.FPB, "H": Kind.HPB, "Z": Kind.ZPB}.get(kind_char)
        points = Fraction(points_text.replace(",", ".")) if _NUMBER.fullmatch(points_text) else None
        if kind is not None and points == BYE_POINTS[kind] and _INT.fullmatch(rnd_text) and int(rnd_text) > 0:
            _fill_byes(st, no, kind, rnd_text, ids, "299")
        else:
            st.warn(no, said("abnormal point assignment (299) is not supported and was ignored"))


def _event_type(st: _Parse) -> EventType:
    """192 (a code) wins over 092 (free text); a round-robin word in either makes it a round robin."""
    text = st.type_code or st.type_text
    return EventType.ROUND_ROBIN if _is_rr(text) else EventType.SWISS


def _is_rr(text: str) -> bool:
    """Does a 092 text or 192 code describe a round robin ("Round Robin", "RR", "Berger", FIDE_ROUNDROBIN)?"""
    return bool(_RR_WORDS.search(text.upper().replace("ROUNDROBIN", "ROUND ROBIN")))


def _tiebreaks(st: _Parse) -> list[str]:
    if st.tiebreaks_212 is not None:
        if st.tiebreaks_202 is not None and st.tiebreaks_202 != st.tiebreaks_212:
            st.warn(None, said("records 202 and 212 list different tie-breaks; 212 is used"))
        return st.tiebreaks_212
    return st.tiebreaks_202 or []


def _build(st: _Parse) -> Event:
    """Call make_event and relocate its errors onto the 001 line of the player concerned."""
    rounds = max([st.rounds] + [len(pl.entries) for pl in st.players])
    header = dict(st.header)
    if st.type_text:
        header["092"] = st.type_text
    tiebreaks = _tiebreaks(st)
    _check_points(st)
    if st.warnings:
        header["warnings"] = Joined(st.warnings + ([more_warnings(st.unlisted)] if st.unlisted else []), "\n")
    line_of = {pl.player.tpn: pl.line for pl in st.players}
    try:
        return make_event(st.name, [pl.player for pl in st.players],
                          {pl.player.tpn: pl.entries for pl in st.players}, rounds=rounds,
                          event_type=_event_type(st), date=st.date, pab_points=st.pab_points,
                          file_tiebreaks=tiebreaks, header=header, source=st.source)
    except EventError as exc:
        line = line_of.get(exc.player) if exc.player is not None else None
        column = block_column(exc.round) if line and exc.round else exc.column
        raise EventError(exc.said or exc.message, file=st.source, line=line or exc.line, column=column,
                         player=exc.player, round=exc.round) from None


def _check_points(st: _Parse) -> None:
    for pl in st.players:
        total = sum_points(e.points for e in pl.entries)
        if pl.points is not None and pl.points != total:
            st.warn(pl.line, said("player {tpn}: points column says {points} but the results add up "
                                  "to {total}", tpn=pl.player.tpn, points=dec(pl.points), total=dec(total)))


# -- writing ----------------------------------------------------------------------------------------

def write_trf(event: Event) -> str:
    """TRF-16 text (CRLF) for ``event``, plus a 162 line for a non-1 PAB and a 202 line for file tie-breaks."""
    lines: list[str] = []
    kept = {k: v for k, v in event.header.items() if k in _KEPT}
    heads: dict[str, list[str]] = {code: [one_line(t) for t in text.split("\n")] for code, text in kept.items()
                                   if code[0].isdigit()}
    heads["012"] = [one_line(event.name)]
    if event.date:
        heads["042"] = [one_line(event.date)]
    heads["062"] = [str(len(event.players))]
    heads["142"] = [str(event.rounds)]     # TRF-2026's spelling; the XXR twin below is for older engines
    heads["092"] = [_type_text(event)]
    if "192" in heads and _is_rr(event.header["192"]) != event.is_round_robin:
        heads.pop("192")  # the code no longer describes the event
    if event.pab_points != ONE:
        heads["162"] = [_scoring_line(event.pab_points)]
    if event.file_tiebreaks:
        heads["202"] = [",".join(event.file_tiebreaks)]
    for code in sorted(heads):
        for value in heads[code]:
            lines.append(f"{code} {value}".rstrip())
    ranks = _ranks(event)
    for p in event.players:
        lines.append(_player_line(event, p, ranks[p.tpn]))
    lines.append(f"XXR {event.rounds}")
    for code in sorted(k for k in kept if k.startswith("XX")):
        for value in kept[code].split("\n"):
            lines.append(f"{code} {one_line(value)}".rstrip())
    return "\r\n".join(lines) + "\r\n"


def _type_text(event: Event) -> str:
    """Keep the file's own 092 text while the event type (192 first, as on reading) still matches it."""
    text = event.header.get("092", "")
    code = event.header.get("192", "")
    code_agrees = bool(code) and _is_rr(code) == event.is_round_robin
    if text and (code_agrees or (not code and _is_rr(text) == event.is_round_robin)):
        return one_line(text)
    return "Round Robin" if event.is_round_robin else "Individual: Swiss-System"


def _scoring_line(pab: Fraction) -> str:
    pairs = [("W", ONE), ("D", HALF), ("L", ZERO), ("A", ZERO), ("P", pab)]
    return "".join(f" {sym}{float(val):4.1f}   " for sym, val in pairs).rstrip()


def _ranks(event: Event) -> dict[int, int]:
    """Rank by score alone, ties sharing the best place (the column is informative only)."""
    scores = {p.tpn: event.score(p.tpn) for p in event.players}
    ordered = sorted(scores.values(), reverse=True)
    first: dict[Fraction, int] = {}            # a score -> 1 + how many scored more (one sort, not N²)
    for i, s in enumerate(ordered):
        first.setdefault(s, i + 1)
    return {tpn: first[mine] for tpn, mine in scores.items()}


def _fit(event: Event, p: Player, what: str, text: str, width: int) -> str:
    if len(text) > width:
        raise EventError(said("{what} {text} of player {tpn} does not fit TRF's {width} columns", what=what,
                              text=repr(text), tpn=p.tpn, width=width), player=p.tpn)
    return text


#: the fixed-column player fields the writer may have to cut: attribute, words, width
_CUT_FIELDS = (("name", said("the name"), 33), ("title", said("the title"), 3),
               ("federation", said("the federation"), 3), ("fide_id", said("the FIDE id"), 11),
               ("birth", said("the birth date"), 10), ("sex", said("the sex"), 1))


def cut_fields(event: Event) -> list[str]:
    """One warning per player field too wide for TRF's fixed columns (the writer keeps its start only).

    >>> from engine.core.model import make_event
    >>> [line] = cut_fields(make_event("", [Player(1, "Wolfeschlegelsteinhausenbergerdorff, Hubert")], {}))
    >>> head, tail = line.split(" is cut to ")
    >>> head
    'player 1: the name "Wolfeschlegelsteinhausenbergerdorff, Hubert"'
    >>> tail
    'its first 33 characters in TRF: "Wolfeschlegelsteinhausenbergerdor"'
    """
    out: list[str] = []
    for p in event.players:
        for attr, words, width in _CUT_FIELDS:
            text = one_line(getattr(p, attr))
            if len(text) > width:
                out.append(said('player {tpn}: {what} "{text}" is cut to its first {width} characters in TRF: '
                                '"{cut}"', tpn=p.tpn, what=words, text=text, width=width, cut=text[:width]))
    return out


def _check_fits(event: Event, p: Player, score: Fraction | None) -> None:
    """The player's fields the writer cannot cut: an :class:`EventError` when one is too wide for TRF
    (``score`` None: not checked, the caller knows it fits)."""
    if p.tpn > 9999:
        raise EventError(said("pairing number {tpn} does not fit TRF's 4 columns", tpn=p.tpn), player=p.tpn)
    if score is not None and (score >= 100 or score <= -10):
        raise EventError(said("score {score} of player {tpn} does not fit TRF's points column", score=dec(score),
                              tpn=p.tpn), player=p.tpn)
    _fit(event, p, said("rating"), str(p.rating) if p.rating else "", 4)


def trf_problem(event: Event) -> str | None:
    """Why :func:`write_trf` would refuse ``event`` (None when it would not), found without writing it: a
    page can say so beside its download button and write the file only when it is asked for."""
    most = event.rounds * max(ONE, abs(event.pab_points))      # no score can be bigger than this
    try:
        for p in event.players:
            _check_fits(event, p, event.score(p.tpn) if most >= 10 else None)
    except EventError as exc:
        return str(exc)
    return None


def _player_line(event: Event, p: Player, rank: int) -> str:
    score = event.score(p.tpn)
    _check_fits(event, p, score)
    rating = str(p.rating) if p.rating else ""
    sex, title, name, fed, fide_id, birth = (one_line(t) for t in (p.sex, p.title, p.name, p.federation,
                                                                     p.fide_id, p.birth))
    static = (f"001 {p.tpn:>4} {sex[:1]:1}{title[:3]:>3} {name[:33]:<33} {rating:>4} {fed[:3]:<3} "
              f"{fide_id[:11]:>11} {birth[:10]:<10} {float(score):4.1f} {rank:>4}")
    blocks = "".join(_block(e) for e in event.entries[p.tpn])
    return (static + blocks).rstrip()


def _block(e: Entry) -> str:
    """One 10-column round block; an absence is written blank so it reads back as ABS, not ZPB."""
    if e.kind is Kind.ABS:
        return " " * 10
    colour = e.colour.lower() if e.colour else "-"
    if e.kind is Kind.G:
        code = {ONE: "1", HALF: "=", ZERO: "0"}[e.points]
        if not e.rated:
            code = {"1": "W", "=": "D", "0": "L"}[code]
        return f"  {e.opponent:>4} {colour} {code}"
    if e.kind in (Kind.FW, Kind.FL):
        return f"  {e.opponent:>4} {colour} {'+' if e.kind is Kind.FW else '-'}"
    if e.kind is Kind.SCH:          # the unofficial "result still to come" code of the pairing committee
        return f"  {e.opponent:>4} {colour} ?"
    code = {Kind.PAB: "U", Kind.FPB: "F", Kind.HPB: "H", Kind.ZPB: "Z"}[e.kind]
    return f"  0000 - {code}"


def warnings_of(event: Event) -> list[str]:
    """The reader's warnings, one per item (empty when the file was clean): their records when the file was
    just read, so that the app writes each in the reader's language."""
    text = event.header.get("warnings", "")
    if isinstance(text, Joined):
        return [str(item) if not isinstance(item, str) else item for item in text.items]
    return text.split("\n") if text else []


__all__ = ["read_trf", "write_trf", "cut_fields", "load_trf", "warnings_of", "block_column"]
