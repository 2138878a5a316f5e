"""Chess-JSON (Otto Milvang's "JSON for chess" event files, as FIDE's tie-break checker writes them): reader.

A Chess-JSON file holds an ``event`` with ``profiles`` (people) and ``tournaments``; each tournament has
``competitors`` (``cid`` = the starting number, which becomes our pairing number) and a ``gameList`` of
results.  A result names the two sides (``white`` / ``black``, a bye has only one), a score-system letter
for each side and two flags, ``played`` and ``rated``.  The letters are the score system's, not TRF's::

    W win   D draw   L loss   Z zero   P pairing-allocated bye   F full-point   H half-point   A/U unknown

How a side maps onto our entry kinds (the same reading as the checker's own TRF writer):

==========================  =========================================================
opponent, played             W/F -> game won, D/H -> drawn, L/Z -> lost (``rated`` kept)
opponent, not played         W/F -> forfeit win, L/Z -> forfeit loss
no opponent, letter P or     pairing-allocated bye
played
no opponent, not played      W/F -> FPB, D/H -> HPB, L/Z -> ZPB, U -> absent
no result in a round         absent
==========================  =========================================================

A side without a letter takes the complement of the other side's (a win against a loss, a forfeit win
against a forfeit loss).  Team tournaments and non-standard scoring are refused.  Only
:class:`EventError` escapes, naming the file, the line where we can find it, and the game.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Mapping

from engine.core.codes import parse_code
from engine.core.errors import EventError, located, reading
from engine.core.exact import fmt
from engine.core.limits import MAX_CODES, MAX_GAMES, MAX_PLAYERS, MAX_ROUNDS
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, make_event
from engine.core.said import Count, Joined, Said, said
from engine.formats.jsonfmt import json_document

_WIN, _DRAW, _LOSS = frozenset("WF"), frozenset("DH"), frozenset("LZ")
_COMPLEMENT = {"W": "L", "F": "Z", "D": "D", "H": "D", "L": "W", "Z": "W"}
_RR_WORDS = re.compile(r"round[\s_-]*robin|roundrobin|berger|\brr\b", re.IGNORECASE)


def looks_like_chessjson(text: str) -> bool:
    """Cheap sniffing for ``.json`` files: Chess-JSON has a ``filetype`` key, ours a ``format`` tag.

    A key inside a string value is escaped (``\\"filetype\\"``), so a player's name cannot fool it.
    """
    if re.search(r'"format"\s*:\s*"tiebreak-lab-event"', text):
        return False
    return bool(re.search(r'"filetype"\s*:', text))


def read_chessjson(data: str | bytes, source: str = "<chess-json>") -> Event:
    """Parse a Chess-JSON event into a validated :class:`Event`; only :class:`EventError` escapes."""
    with reading(source):
        return _read(data, source)


class _Doc:
    """The text (for line numbers) and the file name, shared by the helpers below."""

    def __init__(self, text: str, source: str):
        self.text = text
        self.source = source

    def line_of(self, pattern: str, start: int = 0) -> int | None:
        m = re.compile(pattern).search(self.text, start)
        return self.text.count("\n", 0, m.start()) + 1 if m else None

    def game_line(self, game: Any) -> int | None:
        if isinstance(game, dict) and isinstance(game.get("id"), int):
            start = max(self.text.find('"gameList"'), 0)
            return self.line_of(r'"id"\s*:\s*' + str(game["id"]) + r"\b", start)
        return None

    def error(self, message: str, line: int | None = None, key: str | None = None, **kw: Any) -> EventError:
        if line is None and key is not None:
            line = self.line_of(re.escape(f'"{key}"'))
        return EventError(message, file=self.source, line=line, **kw)


def _read(data: str | bytes, source: str) -> Event:
    doc, text = json_document(data, source)
    d = _Doc(text, source)
    if not isinstance(doc, dict):
        raise d.error(said("not a Chess-JSON event: the top level must be an object"), line=1)
    filetype = doc.get("filetype")
    if filetype != "Event":
        what = said("this is a tie-break result file, which holds no games") if filetype == "Tiebreak" \
            else said("\"filetype\" is {filetype}", filetype=repr(filetype))
        raise d.error(said("not a Chess-JSON event file: {what}; expected \"filetype\": \"Event\"", what=what), key="filetype")
    event = doc.get("event")
    if not isinstance(event, dict):
        raise d.error(said("\"event\" must be an object holding profiles and tournaments"), key="event")
    tournament = _tournament(event, d)
    declared = tournament.get("numRounds")
    if isinstance(declared, int) and not isinstance(declared, bool) and declared > MAX_ROUNDS:
        raise d.error(said("\"numRounds\" is {declared}; the most this program accepts is {most}",
                           declared=Count(declared), most=MAX_ROUNDS),
                      key="numRounds")
    profiles = _profiles(event, d)
    players = _players(tournament, profiles, d)
    tpns = {p.tpn for p in players}
    pab = _pab_points(tournament, d)
    entries, last = _games(tournament, tpns, pab, d)
    rounds = tournament.get("numRounds")
    if rounds is None or rounds == 0:
        rounds = last
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0:
        raise d.error(said("\"numRounds\" must be a whole number, not {rounds}", rounds=repr(rounds)), key="numRounds")
    if last > rounds:
        rounds = last
    info = _mapping(tournament.get("tournamentInfo"))
    event_info = _mapping(event.get("eventInfo"))
    name = _first_text(info.get("fullName"), event_info.get("fullName"), tournament.get("name"),
                       event.get("eventName"), event.get("name"))
    date = _first_text(info.get("startDate"), event_info.get("startDate"))
    kind = _first_text(tournament.get("tournamentType"))
    event_type = EventType.ROUND_ROBIN if _RR_WORDS.search(kind) else EventType.SWISS
    header = {"092": kind} if kind else {}
    tiebreaks, warnings = _tiebreaks(tournament)
    if warnings:
        line = d.line_of('"rankOrder"')          # once: it scans the text before the key
        header["warnings"] = Joined([located(w, file=source, line=line) for w in warnings], "\n")
    try:
        return make_event(name, players, entries, rounds=rounds, event_type=event_type, date=date,
                          pab_points=pab, file_tiebreaks=tiebreaks, header=header, source=source)
    except EventError as exc:
        line = d.line_of(r'"cid"\s*:\s*' + str(exc.player) + r"\b", max(d.text.find('"gameList"'), 0)) \
            if exc.player is not None else None
        raise EventError(exc.said or exc.message, file=source, line=line or exc.line, player=exc.player,
                         round=exc.round) from None


def _mapping(value: Any) -> dict[str, Any]:
    """A JSON object, or an empty one for anything else (a missing or malformed optional part)."""
    return value if isinstance(value, dict) else {}


def _first_text(*values: Any) -> str:
    for v in values:
        if isinstance(v, str) and v.strip():
            return v.strip()
    return ""


def _tournament(event: Mapping[str, Any], d: _Doc) -> Mapping[str, Any]:
    """The first individual tournament of the event (team tournaments are not supported)."""
    tournaments = event.get("tournaments")
    if not isinstance(tournaments, list) or not tournaments:
        raise d.error(said("the event has no tournaments (\"tournaments\" must be a non-empty list)"), key="tournaments")
    individual = [t for t in tournaments if isinstance(t, dict) and not t.get("teamTournament")]
    if not individual:
        raise d.error(said("only team tournaments in this file: team events are not supported"), key="teamTournament")
    return individual[0]


def _profiles(event: Mapping[str, Any], d: _Doc) -> dict[int, Mapping[str, Any]]:
    raw = event.get("profiles", [])
    if not isinstance(raw, list):
        raise d.error(said("\"profiles\" must be a list"), key="profiles")
    out: dict[int, Mapping[str, Any]] = {}
    for p in raw:
        if isinstance(p, dict) and isinstance(p.get("id"), int):
            out[p["id"]] = p
    return out


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value if isinstance(value, str) else ""


def _players(tournament: Mapping[str, Any], profiles: Mapping[int, Mapping[str, Any]], d: _Doc) -> list[Player]:
    raw = tournament.get("competitors")
    if not isinstance(raw, list) or not raw:
        raise d.error(said("the tournament has no competitors (\"competitors\" must be a non-empty "
                           "list)"),
                      key="competitors")
    if len(raw) > MAX_PLAYERS:
        raise d.error(said("the tournament lists {count} competitors; the most this program accepts "
                           "is {most}", count=Count(len(raw)), most=Count(MAX_PLAYERS)), key="competitors")
    players = []
    for i, c in enumerate(raw, start=1):
        if not isinstance(c, dict):
            raise d.error(said("competitor #{i} must be an object", i=i), key="competitors")
        cid = c.get("cid")
        # the line is looked up only for an error: a search per competitor would make big files quadratic
        if isinstance(cid, bool) or not isinstance(cid, int) or cid < 1:
            raise d.error(said("competitor #{i}: \"cid\" (the starting number) must be a positive "
                               "whole number, not {cid}", i=i, cid=repr(cid)),
                               line=d.line_of(r'"cid"\s*:\s*' + re.escape(str(cid)) + r"\b"))
        profile_id = c.get("profileId")
        prof = profiles.get(profile_id, {}) if isinstance(profile_id, int) and not isinstance(profile_id, bool) else {}
        name = _text(prof.get("fideName")).strip()
        if not name:
            last, first = _text(prof.get("lastName")).strip(), _text(prof.get("firstName")).strip()
            name = f"{last}, {first}" if last and first else last or first
        fide_id = _text(prof.get("fideId"))
        players.append(Player(tpn=cid, name=name, rating=_rating(c, prof, cid, d),
                              federation=_text(prof.get("federation")).strip(),
                              fide_id="" if fide_id in ("0", "") else fide_id,
                              sex={"m": "m", "w": "w", "f": "w"}.get(_text(prof.get("sex")).strip().lower(), ""),
                              title=_text(prof.get("fideTitle")).strip(), birth=_text(prof.get("birth")).strip()))
    return players


def _rating(c: Mapping[str, Any], prof: Mapping[str, Any], cid: int, d: _Doc) -> int | None:
    """The competitor's rating (``{"list": ..., "rating": 2200}`` or a number), else the profile's first."""
    raw = c.get("rating")
    if raw is None and isinstance(prof.get("rating"), list) and prof["rating"]:
        raw = prof["rating"][0]
    if isinstance(raw, dict):
        raw = raw.get("rating")
    if raw is None or raw == "":
        return None
    if isinstance(raw, str) and raw.strip().isdigit():
        raw = int(raw.strip())
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise d.error(said("competitor {cid}: rating must be a whole number, not {raw}", cid=cid, raw=repr(raw)),
                      line=d.line_of(r'"cid"\s*:\s*' + str(cid) + r"\b"), player=cid)
    return raw or None


def _number(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float, str)):
        try:
            return Fraction(Decimal(str(value).strip()))
        except (InvalidOperation, ValueError):
            return None
    return None


def _pab_points(tournament: Mapping[str, Any], d: _Doc) -> Fraction:
    """Check the game score system is 1 / ½ / 0 and return the PAB value (``P``, which may say ``W``)."""
    system = tournament.get("scoreSystem")
    game = system.get("game") if isinstance(system, dict) else None
    if not isinstance(game, dict):
        return ONE
    values: dict[str, Fraction] = {}
    standard = {"W": ONE, "D": HALF, "L": ZERO, "Z": ZERO}
    for key in ("W", "D", "L", "Z"):
        if key in game:
            v = _number(game[key])
            if v is None:
                raise d.error(said("score system value {key} = {value} is not a number",
                                   key=key, value=repr(game[key])), key="scoreSystem")
            if v != standard[key]:
                raise d.error(said("non-standard scoring ({key} = {found} instead of {standard}) is "
                                   "not supported: only 1 / ½ / 0 scoring (with a configurable PAB)",
                                   key=key, found=fmt(v), standard=fmt(standard[key])), key="scoreSystem")
            values[key] = v
    raw = game.get("P", "W")
    pab = values.get(raw, standard.get(raw)) if isinstance(raw, str) and raw in standard else _number(raw)
    if pab not in (ZERO, HALF, ONE):
        raise d.error(said("non-standard scoring (P = {raw}) is not supported; a PAB is worth 1, ½ "
                           "or 0", raw=repr(raw)),
                      key="scoreSystem")
    return pab


def _tiebreaks(tournament: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    raw = tournament.get("rankOrder", [])
    codes: list[str] = []
    warnings: list[str] = []
    if not isinstance(raw, list):
        return codes, ["\"rankOrder\" is not a list, ignored"]
    if len(raw) > MAX_CODES:            # a list of millions of unknown codes took gigabytes; real lists hold ten
        warnings.append(said("\"rankOrder\" lists {count} tie-breaks; only the first {most} were read",
                             count=Count(len(raw)), most=MAX_CODES))
        raw = raw[:MAX_CODES]
    for item in raw:
        name = item.get("name") if isinstance(item, dict) else item
        if not isinstance(name, str) or name.strip().upper() == "PTS":
            continue
        try:
            codes.append(str(parse_code(name)))
        except EventError as exc:
            warnings.append(said("tie-break {item} is not supported here and was skipped ({reason})", item=repr(name),
                                 reason=exc.said or exc.message))
    return codes, warnings


def _side(game: Mapping[str, Any], slot: str) -> tuple[int | None, str | None]:
    """(cid, result letter) of one side of a game; (None, None) for an empty side."""
    side = game.get(slot)
    if side is None:
        return None, None
    if not isinstance(side, dict):
        raise TypeError(said("\"{slot}\" must be an object or null", slot=slot))
    cid = side.get("cid")
    if cid in (None, 0):
        return None, None
    if isinstance(cid, bool) or not isinstance(cid, int):
        raise TypeError(said("\"{slot}\".cid must be a starting number, not {cid}", slot=slot, cid=repr(cid)))
    letter = side.get("result")
    if letter is not None and not isinstance(letter, str):
        raise TypeError(said("\"{slot}\".result must be a letter, not {letter}", slot=slot, letter=repr(letter)))
    return cid, (letter.strip().upper() or None) if letter is not None else None


def _games(tournament: Mapping[str, Any], tpns: set[int], pab: Fraction,
           d: _Doc) -> tuple[dict[int, list[Entry]], int]:
    raw = tournament.get("gameList", [])
    if not isinstance(raw, list):
        raise d.error(said("\"gameList\" must be a list of results"), key="gameList")
    if len(raw) > MAX_GAMES:
        raise d.error(said("\"gameList\" holds {count} results; the most this program accepts is "
                           "{most}", count=Count(len(raw)), most=Count(MAX_GAMES)),
                      key="gameList")
    entries: dict[int, dict[int, Entry]] = {t: {} for t in tpns}
    last = 0
    for i, game in enumerate(raw, start=1):
        # the label and line are made only for an error: a search per game would make big files quadratic
        def label() -> Said:
            if isinstance(game, dict) and "id" in game:
                return said("game #{i} (id {id})", i=i, id=repr(game["id"]))
            return said("game #{i}", i=i)
        try:
            placed = _one_game(game, tpns, pab)
        except (TypeError, ValueError) as exc:
            # our own reasons are records (written again in the reader's language); Python's own are its text
            problem = exc.args[0] if exc.args and isinstance(exc.args[0], Said) else str(exc)
            raise d.error(said("{game}: {problem}", game=label(), problem=problem), line=d.game_line(game)) from None
        rnd = game["round"]
        for tpn, entry in placed:
            if rnd in entries[tpn]:
                raise d.error(said("{game}: player {tpn} already has a result in round {rnd}", game=label(), tpn=tpn,
                                   rnd=rnd), line=d.game_line(game),
                              player=tpn, round=rnd)
            entries[tpn][rnd] = entry
        last = max(last, rnd)
    return {t: [row.get(r, ABSENT) for r in range(1, last + 1)] for t, row in entries.items()}, last


def _one_game(game: Any, tpns: set[int], pab: Fraction) -> list[tuple[int, Entry]]:
    """The entries one gameList item gives: two for a game or forfeit, one for a bye."""
    if not isinstance(game, dict):
        raise TypeError(said("must be an object"))
    rnd = game.get("round")
    if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 1:
        raise ValueError(said("\"round\" must be a positive whole number, not {rnd}", rnd=repr(rnd)))
    if rnd > MAX_ROUNDS:
        raise ValueError(said("\"round\" is {rnd}; an event has at most {most} rounds", rnd=Count(rnd), most=MAX_ROUNDS))
    played = game.get("played", True)
    rated = game.get("rated", True)
    if not isinstance(played, bool) or not isinstance(rated, bool):
        raise TypeError(said("\"played\" and \"rated\" must be true or false"))
    white, wres = _side(game, "white")
    black, bres = _side(game, "black")
    for cid in (white, black):
        if cid is not None and cid not in tpns:
            raise ValueError(said("starting number {cid} is not among the competitors", cid=cid))
    if white is None:
        if black is None:
            raise ValueError(said("names no player"))
        return [(black, _bye(bres, played, pab))]
    if black is None:
        return [(white, _bye(wres, played, pab))]
    if white == black:
        raise ValueError(said("player {tpn} is paired against themselves", tpn=white))
    if wres is None and bres is None:
        raise ValueError(said("has no result for either side (an unfinished game is not supported)"))
    wres = wres or _complement(bres)
    bres = bres or _complement(wres)
    return [(white, _paired(wres, black, "W", played, rated)), (black, _paired(bres, white, "B", played, rated))]


def _complement(letter: str | None) -> str:
    if letter not in _COMPLEMENT:
        raise ValueError(said("result {letter} has no known other side (expected W, D, L, Z, F or H)", letter=repr(letter)))
    return _COMPLEMENT[letter]


def _paired(letter: str, opponent: int, colour: str, played: bool, rated: bool) -> Entry:
    if played:
        if letter in _WIN:
            return Entry.game(opponent, colour, ONE, rated)
        if letter in _DRAW:
            return Entry.game(opponent, colour, HALF, rated)
        if letter in _LOSS:
            return Entry.game(opponent, colour, ZERO, rated)
    else:
        if letter in _WIN:
            return Entry(Kind.FW, opponent, colour, ONE)
        if letter in _LOSS:
            return Entry(Kind.FL, opponent, colour, ZERO)
        if letter in _DRAW:
            raise ValueError(said("an unplayed game cannot be drawn (no forfeit gives half a point)"))
    raise ValueError(said("result {letter} is not supported (expected W, D, L, Z, F or H; an unknown result A/U/X is "
                          "not)", letter=repr(letter)))


def _bye(letter: str | None, played: bool, pab: Fraction) -> Entry:
    if letter == "P" or (played and letter not in ("U", "A")):
        return Entry.bye(Kind.PAB, pab)
    if letter in _WIN:
        return Entry.bye(Kind.FPB)
    if letter in _DRAW:
        return Entry.bye(Kind.HPB)
    if letter in _LOSS:
        return Entry.bye(Kind.ZPB)
    if letter in ("U", None):
        return ABSENT
    raise ValueError(said("bye result {letter} is not supported (expected P, F/W, H/D, Z/L or U)", letter=repr(letter)))


__all__ = ["read_chessjson", "looks_like_chessjson"]
