"""Tiebreak Lab's own versioned JSON event format.

The results use the compact wallchart notation of :mod:`engine.core.notation` (``+W9``, ``=B13``,
``-F11``, ``PAB`` ...), so a file stays readable and hand-editable; the file writes its full form, which keeps
a TRF round trip faithful (unrated games and the colours of forfeits).
"""
from __future__ import annotations

import json
import os
import re
from fractions import Fraction
from typing import Any, Mapping

from engine.core.codes import parse_code
from engine.core.errors import EventError, reading
from engine.core.exact import fmt, parse_number
from engine.core.limits import MAX_CODES, MAX_HEADER_ITEMS, MAX_PLAYERS, MAX_ROUNDS, bounded_int
from engine.core.model import HALF, ONE, ZERO, Entry, Event, EventType, Player, make_event
from engine.core.notation import full_notation, parse_notation
from engine.core.said import Count, said
from engine.formats.source import decode_text, read_limited

FORMAT_NAME = "tiebreak-lab-event"
#: the version written; version 2 added the event's ``settings`` object (ordering, prizes, pairing, notes)
VERSION = 2
#: the versions read: a version-1 file is a version-2 file without settings
READABLE_VERSIONS = (1, 2)

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_PLAYER_KEYS = ("tpn", "name", "rating", "federation", "on_time", "fide_id", "sex", "title", "birth", "age")
#: written only when true: a rating Papi prints as an estimate ("799 E"), which Papi's performance replaces
_PLAYER_FLAGS = ("estimated",)
_PLAYER_KEYSET = frozenset(_PLAYER_KEYS + _PLAYER_FLAGS)
_PLAYER_TEXTS = ("name", "federation", "fide_id", "sex", "title", "birth")


# -- reading ----------------------------------------------------------------------------------------

def load_json(path: str | os.PathLike[str]) -> Event:
    """Read a JSON event file from disk."""
    return read_json(read_limited(path), str(path))


def read_json(text: str | bytes, source: str = "<json>") -> Event:
    """Parse our JSON event format; every problem is an :class:`EventError` naming the file."""
    return read_json_document(text, source)[0]


def read_json_document(text: str | bytes, source: str = "<json>") -> tuple[Event, dict[str, Any] | None]:
    """The event and its ``settings`` object as plain data (None when the file has none).

    The settings are only checked to be an object here; :mod:`engine.events.settings` reads their meaning.
    """
    with reading(source):
        return _read(text, source)


def json_document(data: str | bytes, source: str) -> tuple[object, str]:
    """Decode and parse a JSON file: the document and its text (for line numbers in later errors).

    Shared by every JSON-based reader so that empty files and syntax errors read the same everywhere.
    """
    text = decode_text(data, source)
    if not text.strip():
        raise EventError(said("the file is empty"), file=source, line=1)
    try:
        return bounded_loads(text), text
    except json.JSONDecodeError as exc:
        raise EventError(said("not valid JSON: {msg}", msg=exc.msg), file=source, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise EventError(said("not valid JSON: nested too deeply"), file=source) from None
    except EventError as exc:          # a number we refuse (too many digits, infinite)
        raise exc.located(file=source) from None


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise EventError(said("the number {text} is too large", text=text[:20]))
    return value


def _no_constant(name: str) -> float:
    raise EventError(said("{name} is not a number this program accepts", name=name))


def bounded_loads(text: str) -> Any:
    """``json.loads`` refusing numbers with too many digits, infinities and NaN, in our own words."""
    return json.loads(text, parse_int=bounded_int, parse_float=_finite_float, parse_constant=_no_constant)


def _read(data: str | bytes, source: str) -> tuple[Event, dict[str, Any] | None]:
    doc, text = json_document(data, source)
    if not isinstance(doc, dict):
        raise EventError(said("not a Tiebreak Lab event: the top level must be an object"), file=source, line=1)
    loc = _Locator(text, source)
    _check_format(doc, loc)
    pab = _pab_points(doc, loc)
    rounds = doc.get("rounds")
    if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds > MAX_ROUNDS:
        raise loc.error(said("\"rounds\" is {rounds}; the most this program accepts is {most}", rounds=Count(rounds),
                             most=MAX_ROUNDS), '"rounds"')
    players = _players(doc, loc)
    tpns = {p.tpn for p in players}
    entries = _results(doc, loc, tpns, pab)
    rounds = doc.get("rounds")
    if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 0):
        raise loc.error(said("\"rounds\" must be a whole number, not {rounds}", rounds=repr(rounds)), '"rounds"')
    settings = doc.get("settings")
    if settings is not None and not isinstance(settings, dict):
        raise loc.error(said("\"settings\" must be an object"), '"settings"')
    try:
        return make_event(_text(doc, "name", loc), players, entries, rounds=rounds,
                          event_type=_event_type(doc, loc), date=_text(doc, "date", loc), pab_points=pab,
                          file_tiebreaks=_tiebreaks(doc, loc), header=_header(doc, loc), source=source), settings
    except EventError as exc:
        line = loc.results_line(exc.player) if exc.player is not None else None
        raise EventError(exc.said or exc.message, file=source, line=line or exc.line, column=exc.column, player=exc.player,
                         round=exc.round) from None


class _Locator:
    """Best-effort line numbers for errors in a parsed document (json.loads keeps no positions)."""

    def __init__(self, text: str, source: str):
        self.text = text
        self.source = source

    def line_of(self, pattern: str) -> int | None:
        m = re.search(pattern, self.text)
        return self.text.count("\n", 0, m.start()) + 1 if m else None

    def player_line(self, tpn: Any) -> int | None:
        return self.line_of(r'"tpn"\s*:\s*"?' + re.escape(str(tpn)) + r'\b') if tpn is not None else None

    def results_line(self, tpn: Any) -> int | None:
        start = self.text.find('"results"')
        if start < 0:
            return None
        m = re.compile(r'"' + re.escape(str(tpn)) + r'"\s*:').search(self.text, start)
        return self.text.count("\n", 0, m.start()) + 1 if m else None

    def error(self, message: str, key: str | None = None, **kw: Any) -> EventError:
        line = kw.pop("line", None) or (self.line_of(re.escape(key)) if key else None)
        return EventError(message, file=self.source, line=line, **kw)


def _check_format(doc: Mapping[str, Any], loc: _Locator) -> None:
    if doc.get("format") != FORMAT_NAME:
        raise loc.error(said("not a Tiebreak Lab event: \"format\" must be {expected}, not {found}",
                             expected=repr(FORMAT_NAME), found=repr(doc.get('format'))), '"format"', line=None)
    version = doc.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise loc.error(said("unsupported format version {version}; this program reads versions "
                             "{versions}", version=repr(version),
                             versions=' and '.join(map(str, READABLE_VERSIONS))), '"version"')


def _text(doc: Mapping[str, Any], key: str, loc: _Locator, default: str = "") -> str:
    value = doc.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise loc.error(said("\"{key}\" must be text, not {value}", key=key, value=repr(value)), f'"{key}"')
    return value


def _pab_points(doc: Mapping[str, Any], loc: _Locator) -> Fraction:
    raw = doc.get("pab_points", "1")
    try:
        if isinstance(raw, bool) or not isinstance(raw, (str, int, float)):
            raise ValueError
        value = parse_number(raw) if isinstance(raw, str) else Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise loc.error(said("\"pab_points\" must be 1, 0.5 or 0, not {raw}", raw=repr(raw)), '"pab_points"') from None
    if value not in (ZERO, HALF, ONE):
        raise loc.error(said("\"pab_points\" must be 1, 0.5 or 0, not {raw}", raw=repr(raw)), '"pab_points"')
    return value


def _event_type(doc: Mapping[str, Any], loc: _Locator) -> EventType:
    raw = doc.get("type", "swiss")
    try:
        return EventType(raw)
    except ValueError:
        raise loc.error(said("\"type\" must be \"swiss\" or \"rr\", not {raw}", raw=repr(raw)), '"type"') from None


def _tiebreaks(doc: Mapping[str, Any], loc: _Locator) -> list[str]:
    raw = doc.get("tiebreaks", [])
    if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
        raise loc.error(said("\"tiebreaks\" must be a list of codes such as \"BH/C1\""), '"tiebreaks"')
    if len(raw) > MAX_CODES:
        raise loc.error(said("\"tiebreaks\" lists {count} codes; the most is {most}", count=Count(len(raw)),
                             most=MAX_CODES), '"tiebreaks"')
    try:
        return [str(parse_code(c)) for c in raw if c.strip().upper() != "PTS"]
    except EventError as exc:
        raise loc.error(exc.said or exc.message, '"tiebreaks"') from None


def _header(doc: Mapping[str, Any], loc: _Locator) -> dict[str, str]:
    raw = doc.get("header", {})
    if not isinstance(raw, dict) or not all(isinstance(v, str) for v in raw.values()):
        raise loc.error(said("\"header\" must map record ids to text"), '"header"')
    if len(raw) > MAX_HEADER_ITEMS:
        raise loc.error(said("\"header\" has {count} records; the most is {most}", count=Count(len(raw)),
                             most=MAX_HEADER_ITEMS), '"header"')
    return dict(raw)


def _players(doc: Mapping[str, Any], loc: _Locator) -> list[Player]:
    raw = doc.get("players")
    if not isinstance(raw, list) or not raw:
        raise loc.error(said("\"players\" must be a non-empty list of players"), '"players"')
    if len(raw) > MAX_PLAYERS:
        raise loc.error(said("\"players\" lists {count} players; the most this program accepts is "
                             "{most}", count=Count(len(raw)), most=Count(MAX_PLAYERS)), '"players"')
    return [_player(item, i, loc) for i, item in enumerate(raw, start=1)]


def _player(item: Any, index: int, loc: _Locator) -> Player:
    if not isinstance(item, dict):
        raise loc.error(said("player #{index} must be an object", index=index), '"players"')
    tpn = item.get("tpn")
    # line numbers are looked up only for an error: a search per player would make big files quadratic
    if isinstance(tpn, bool) or not isinstance(tpn, int) or tpn < 1:
        raise loc.error(said("player #{index}: \"tpn\" must be a positive whole number, not {tpn}",
                             index=index, tpn=repr(tpn)), '"tpn"',
                        line=loc.player_line(tpn))
    if not _PLAYER_KEYSET.issuperset(item):
        unknown = set(item) - _PLAYER_KEYSET
        raise loc.error(said("player {tpn}: unknown field(s) {fields}", tpn=tpn, fields=', '.join(sorted(unknown))),
                             line=loc.player_line(tpn))
    strings = {k: _player_text(item, k, tpn, loc) for k in _PLAYER_TEXTS}
    on_time, estimated = item.get("on_time", True), item.get("estimated", False)
    for key, flag in (("on_time", on_time), ("estimated", estimated)):
        if not isinstance(flag, bool):
            raise loc.error(said("player {tpn}: \"{key}\" must be true or false, not {flag}", tpn=tpn, key=key, flag=repr(flag)),
                            line=loc.player_line(tpn))
    return Player(tpn=tpn, name=strings["name"], rating=_whole(item, "rating", tpn, loc),
                  federation=strings["federation"], on_time=on_time, fide_id=strings["fide_id"],
                  sex=strings["sex"], title=strings["title"], birth=strings["birth"],
                  age=_whole(item, "age", tpn, loc), estimated=estimated)


def _player_text(item: Mapping[str, Any], key: str, tpn: int, loc: _Locator) -> str:
    value = item.get(key, "")
    if type(value) is str:      # nearly always: settled at once
        return value
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and key == "fide_id":
        return str(value)
    if not isinstance(value, str):
        raise loc.error(said("player {tpn}: \"{key}\" must be text, not {value}",
                             tpn=tpn, key=key, value=repr(value)), line=loc.player_line(tpn))
    return value


def _whole(item: Mapping[str, Any], key: str, tpn: int, loc: _Locator) -> int | None:
    """A rating or age: a whole number, digit text, or null/empty/0 for none."""
    value = item.get(key)
    if type(value) is int and value > 0:    # nearly always: settled at once
        return value
    if value is None or value == "":
        return None
    if isinstance(value, str) and re.fullmatch(r"\s*[0-9]+\s*", value, re.ASCII):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise loc.error(said("player {tpn}: \"{key}\" must be a whole number or null, not {value}",
                             tpn=tpn, key=key, value=repr(value)),
                        line=loc.player_line(tpn))
    return value or None if key == "rating" else value


def _results(doc: Mapping[str, Any], loc: _Locator, tpns: set[int], pab: Fraction) -> dict[int, list[Entry]]:
    raw = doc.get("results", {})
    if not isinstance(raw, dict):
        raise loc.error(said("\"results\" must map pairing numbers to lists of results"), '"results"')
    entries: dict[int, list[Entry]] = {}
    known = _KnownTokens(loc.source, pab)
    for key, row in raw.items():
        # the line is looked up only for an error (a search per player would make big files quadratic)
        if not _DIGITS.fullmatch(key) or int(key) not in tpns:
            raise loc.error(said("results are given for {key}, which is not a player's pairing number", key=repr(key)),
                            line=loc.results_line(key))
        tpn = int(key)
        if not isinstance(row, list):
            raise loc.error(said("player {tpn}: results must be a list like [\"+W9\", \"HPB\"]", tpn=tpn),
                            line=loc.results_line(key))
        if len(row) > MAX_ROUNDS:
            raise loc.error(said("player {tpn}: {count} results, but an event has at most "
                                 "{most} rounds", tpn=tpn, count=Count(len(row)), most=MAX_ROUNDS),
                            line=loc.results_line(key))
        try:
            entries[tpn] = list(map(known.__getitem__, row))
        except (EventError, TypeError):     # a bad or unhashable token: read again, to name player and round
            try:
                entries[tpn] = [parse_notation(tok, loc.source, tpn, r, pab_points=pab)
                                for r, tok in enumerate(row, start=1)]
            except EventError as exc:
                raise EventError(exc.said or exc.message, file=loc.source, line=loc.results_line(key), column=exc.column,
                                 player=exc.player, round=exc.round) from None
    return entries


class _KnownTokens(dict[str, Entry]):
    """Token -> :class:`Entry`, each distinct token parsed once (``known[token]``).

    A big event repeats its tokens (every ``ABS``, every ``+W13353`` against the same opponent), and an
    :class:`Entry` is immutable, so players can share one.  A token that cannot be read raises here
    without a location; :func:`_results` then reads that row again token by token for the full message.
    """

    def __init__(self, source: str, pab: Fraction):
        super().__init__()
        self.source = source
        self.pab = pab

    def __missing__(self, token: str) -> Entry:
        entry = self[token] = parse_notation(token, self.source, pab_points=self.pab)
        return entry


# -- writing ----------------------------------------------------------------------------------------

def write_json(event: Event, settings: Mapping[str, Any] | None = None, keep_warnings: bool = False) -> str:
    """Our JSON for ``event``: stable key order, one player and one results row per line.

    ``settings`` (plain data from :func:`engine.events.settings.settings_to_dict`) is written as the event's
    ``settings`` object, on one line, before the players.  The reader's repairs of the file the event came from
    are left out of a file written for others; ``keep_warnings`` keeps them (the app's own saved copy, so that
    its pages still say, after a reload, that the file's points column disagreed with its results).
    """
    head: dict[str, Any] = {
        "format": FORMAT_NAME, "version": VERSION, "name": event.name, "date": event.date,
        "type": event.event_type.value, "pab_points": fmt(event.pab_points), "rounds": event.rounds,
        "tiebreaks": list(event.file_tiebreaks),
    }
    out = ["{"]
    for key, value in head.items():
        out.append(f" {json.dumps(key)}: {_dump(value)},")
    header = {k: v for k, v in event.header.items() if keep_warnings or k != "warnings"}
    if header:
        out.append(f' "header": {_dump(dict(sorted(header.items())))},')
    if settings is not None:
        out.append(f' "settings": {_dump(dict(settings))},')
    out.append(' "players": [')
    rows = [" " * 2 + _dump({k: getattr(p, k) for k in _PLAYER_KEYS + tuple(f for f in _PLAYER_FLAGS if getattr(p, f))})
            for p in event.players]
    out.append(",\n".join(rows))
    out.append(" ],")
    out.append(' "results": {')
    rows = [f'  "{p.tpn}": {_dump([full_notation(e) for e in event.entries[p.tpn]])}' for p in event.players]
    out.append(",\n".join(rows))
    out.append(" }")
    out.append("}")
    return "\n".join(line for line in out if line) + "\n"


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


__all__ = ["read_json", "read_json_document", "write_json", "load_json", "FORMAT_NAME", "VERSION", "READABLE_VERSIONS"]
