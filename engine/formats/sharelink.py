"""Share a standing as a link: the event and the chosen ordering, compressed into the URL.

A tournament director answers a parent's "why is my child fifth?" by sending a link; opening it shows
exactly the same page.  So the link carries everything the page computes from: the event (our JSON format,
:func:`engine.formats.jsonfmt.write_json`, which round-trips exactly) with its settings (prizes, pairing method,
notes: plain data that :mod:`engine.events.settings` reads), the criteria, the rule set, the options, the page and
the players chosen on it.

Format: ``1`` (the format version) followed by URL-safe base64 (no padding) of a 4-byte CRC-32 of the
payload and the payload compressed with raw DEFLATE at level 9.  The payload is compact JSON.  A 60-player,
9-round event takes about 3,300 characters; :func:`fits` says whether a link stays under
:data:`MAX_LINK` characters (beyond that some mail programs and browsers cut links: offer the JSON file).

Decoding trusts nothing: a truncated, altered or invented link raises :class:`EventError` ("this link is
damaged or incomplete: ...") and never anything else; the event inside is validated like any uploaded file;
decompression stops at :data:`MAX_PAYLOAD` bytes.

>>> from engine.core.example import fide_exercise
>>> s = Shared(fide_exercise(), ordering_of(preset="uscf"), players=(16, 4))
>>> back = decode(encode(s))
>>> back == s, back.players
(True, (16, 4))
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Mapping, TypeVar

from engine.core.codes import parse_code
from engine.core.errors import EventError
from engine.core.limits import MAX_CODES
from engine.core.model import Event
from engine.core.ordering import Ordering, ordering_of
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS, Options, option_problem, shown_value
from engine.core.said import Count, said
from engine.formats.jsonfmt import bounded_loads, read_json_document, write_json

__all__ = ["Shared", "encode", "decode", "fits", "surely_too_long", "pack", "unpack", "read_or_damaged", "MAX_LINK",
           "LINK_MAX_PLAYERS", "MAX_PAYLOAD",
           "VERSION", "PAGES"]

VERSION = "1"
#: the longest link we hand out (about what mail programs and browsers keep intact)
MAX_LINK = 8000
#: an event of more players never fits in a link, however it compresses: 1,000 players of two-letter names and one
#: round, each paired with the next, make some 15,000 characters (the tests keep this true), so the page need
#: not write a large event's whole JSON (seconds for 20,000 players) only to find it does not fit
LINK_MAX_PLAYERS = 1_000
#: the most a link may decompress to (a hostile link must not exhaust memory)
MAX_PAYLOAD = 4 * 1024 * 1024
#: the longest link text we try to read: 32 times what we hand out (a link is never longer than we made it,
#: but a pasted address may carry other parameters)
MAX_LINK_READ = 32 * MAX_LINK
#: the most players a page chooses (Why: A and B; Explain: the player and a second one)
MAX_CHOSEN = 2
#: the longest code, rule-set or preset name a link may carry
MAX_NAME = 40
#: the pages a link may open
PAGES = ("why", "explain", "standings")
_DAMAGED = "this link is damaged or incomplete"
T = TypeVar("T")
_OPTION_TYPES: dict[str, tuple[type, ...]] = {f.name: () for f in fields(Options)}


@dataclass(frozen=True)
class Shared:
    """What a shared link carries."""

    event: Event
    ordering: Ordering
    page: str = "why"
    players: tuple[int, ...] = ()          # the players chosen on the page (A and B; Explain: player, other)
    code: str = ""                         # Explain: the criterion explained
    #: the event's settings as plain data (:func:`engine.events.settings.settings_to_dict`), None when not sent
    settings: Mapping[str, Any] | None = field(default=None, hash=False)


def _options_dict(options: Options) -> dict[str, Any]:
    """Only the options that differ from the defaults (the link stays short)."""
    default = Options()
    return {f.name: getattr(options, f.name) for f in fields(Options)
            if getattr(options, f.name) != getattr(default, f.name)}


def encode(shared: Shared) -> str:
    """The link text (the value of ``?s=``) for ``shared``."""
    payload = {
        "e": write_json(shared.event, shared.settings),
        "c": list(shared.ordering.codes),
        "r": shared.ordering.rules.name,
        "o": _options_dict(shared.ordering.options),
        "p": shared.page,
        "y": list(shared.players),
    }
    if shared.code:
        payload["k"] = shared.code
    if shared.ordering.preset:
        payload["s"] = shared.ordering.preset
    return pack(payload)


def pack(payload: Mapping[str, Any]) -> str:
    """A link's text for any payload of plain data (a team event's link packs its own): compact JSON, compressed,
    check-summed, URL-safe, behind the version mark."""
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    body = packer.compress(raw) + packer.flush()
    blob = zlib.crc32(raw).to_bytes(4, "big") + body
    return VERSION + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def surely_too_long(event: Event) -> bool:
    """Whether ``event``'s link would be longer than :data:`MAX_LINK` whatever it holds (decided without writing
    it: more than :data:`LINK_MAX_PLAYERS` players)."""
    return len(event.players) > LINK_MAX_PLAYERS


def fits(link: str) -> bool:
    """Whether a link (the ``?s=`` value, or a whole URL) is short enough to send as a link."""
    return len(link) <= MAX_LINK


def decode(link: str) -> Shared:
    """The objects a link carries; :class:`EventError` for anything damaged, incomplete or invented."""
    return read_or_damaged(lambda: _shared(_unpack(link)))


def unpack(link: str) -> Any:
    """The plain data a link packs (:func:`pack`), checked down to its check sum; :class:`EventError` ("this link is
    damaged or incomplete: ...") for anything else."""
    return read_or_damaged(lambda: _unpack(link))


def read_or_damaged(read: Callable[[], T]) -> T:
    """``read()``, with whatever it trips over said in one line: "this link is damaged or incomplete: ..."."""
    try:
        return read()
    except EventError as exc:
        if exc.message.startswith(_DAMAGED):
            raise EventError(exc.said or exc.message) from None
        raise _fail(exc.line_said()) from None
    except Exception as exc:  # whatever a corrupted link trips over, the user gets one clear line
        raise _fail(type(exc).__name__) from None


def _fail(why: str) -> EventError:
    return EventError(said("this link is damaged or incomplete: {why}", why=why))


def _unpack(link: str) -> Any:
    if not isinstance(link, str):
        raise _fail(said("it is not text"))
    text = link.strip()
    if "s=" in text:                       # a whole URL was pasted: take its ?s= value
        text = text.split("s=", 1)[1].split("&", 1)[0].split("#", 1)[0]
    if not text:
        raise _fail(said("it is empty"))
    if text[0] != VERSION:
        raise _fail(said("it does not start with the version mark {mark} (made by another program or cut)",
                        mark=repr(VERSION)))
    body = text[1:]
    if len(body) > MAX_LINK_READ:
        raise _fail(said("it is {length} characters long, far longer than any link this program makes",
                        length=Count(len(body))))
    try:
        blob = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise _fail(said("it contains characters a link cannot have")) from None
    if len(blob) < 5:
        raise _fail(said("it is too short"))
    crc, packed = int.from_bytes(blob[:4], "big"), blob[4:]
    unpacker = zlib.decompressobj(-15)
    try:
        raw = unpacker.decompress(packed, MAX_PAYLOAD)
    except zlib.error:
        raise _fail(said("its compressed data is broken")) from None
    if unpacker.unconsumed_tail:
        raise _fail(said("it unpacks to more than a shared event can hold"))
    if not unpacker.eof:
        raise _fail(said("it was cut short"))
    if unpacker.unused_data:
        raise _fail(said("it has extra characters at the end"))
    if zlib.crc32(raw) != crc:
        raise _fail(said("its check sum does not match (a character was changed)"))
    try:
        doc = bounded_loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, EventError):
        raise _fail(said("its content is not readable")) from None
    return doc


def _shared(doc: Any) -> Shared:
    if not isinstance(doc, dict):
        raise _fail(said("its content has the wrong shape"))
    event_text = doc.get("e")
    if not isinstance(event_text, str):
        raise _fail(said("it holds no event"))
    event, settings = read_json_document(event_text, "shared link")
    codes = doc.get("c", [])
    if not isinstance(codes, list) or not all(isinstance(c, str) and len(c) <= MAX_NAME for c in codes):
        raise _fail(said("its tie-break list is not a list of codes"))
    if len(codes) > MAX_CODES:
        raise _fail(said("it lists {count} tie-breaks; the most is {most}", count=Count(len(codes)), most=MAX_CODES))
    codes = tuple(str(parse_code(c)) for c in codes)
    rules = doc.get("r")
    if not isinstance(rules, str) or rules not in RULE_SETS:
        raise _fail(said("its rule set {name} is unknown", name=_shown(rules)))
    page = doc.get("p", "why")
    if not isinstance(page, str) or page not in PAGES:
        raise _fail(said("its page {name} is unknown", name=_shown(page)))
    players = doc.get("y", [])
    if not isinstance(players, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in players):
        raise _fail(said("its chosen players are not pairing numbers"))
    if len(players) > MAX_CHOSEN:
        raise _fail(said("it chooses {count} players; a page chooses at most {most}", count=Count(len(players)),
                        most=MAX_CHOSEN))
    for t in players:
        if t not in event.entries:
            raise _fail(said("it names player {tpn}, who is not in the event", tpn=t))
    code = doc.get("k", "")
    if not isinstance(code, str) or len(code) > MAX_NAME:
        raise _fail(said("its criterion is not a code"))
    if code:
        code = str(parse_code(code))
    preset = doc.get("s", "")
    if not isinstance(preset, str) or len(preset) > MAX_NAME:
        raise _fail(said("its preset is not a name"))
    ordering = ordering_of(codes, rules, _options(doc.get("o", {}), event.rounds), preset=preset if preset in PRESETS else None)
    return Shared(event, ordering, page, tuple(players), code, settings)


def _shown(value: Any) -> str:
    """A value from the link as it may appear in a message: quoted and short."""
    return shown_value(value)


def _options(raw: Any, rounds: int) -> Options:
    if not isinstance(raw, dict):
        raise _fail(said("its options have the wrong shape"))
    if len(raw) > len(_OPTION_TYPES):
        raise _fail(said("it has too many options"))
    values: dict[str, Any] = {}
    for name, value in raw.items():
        problem = option_problem(str(name), value, rounds)
        if problem is not None:
            raise _fail(said("its option {name} {problem}", name=_shown(name), problem=problem))
        values[name] = value
    if values.get("round") == 0:
        values["round"] = None
    return Options(**values)
