"""An event from a PGN file's games (tags only, through python-chess).

Each game gives one pairing: ``White``, ``Black``, ``Result`` and ``Round`` (``3.1`` -> round 3; the part
after the dot is the board), with ``WhiteElo`` / ``BlackElo`` as ratings.  Players are numbered by rating
(highest first, unrated last), then by name.

PGN has no byes and no forfeits: a player without a game in a round could have had a pairing-allocated
bye, a requested bye, or been absent.  The reader makes such rounds absences (ABS) and reports them as
*missing*: :func:`read_pgn_missing` returns them next to the event, :func:`missing_rounds` finds them
again on an event read through :func:`engine.formats.loader.load_event` (kept in ``event.header["missing"]``), and
:func:`resolve_missing` applies what the user says happened.  An unfinished game (``*``) is an error that
names the game, since no tie-break can be computed around it.
"""
from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import AbstractSet, Mapping

from engine.core.errors import EventError, located, reading
from engine.core.limits import MAX_GAMES, MAX_PLAYERS, MAX_ROUNDS, MAX_TEXT, check_count, check_text
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, make_event
from engine.core.said import Count, Joined, said, said_n
from engine.formats.source import decode_text, line_of

#: header key holding the missing rounds ("tpn:round tpn:round ...") until the user settles them
MISSING_KEY = "missing"
#: what the user may say about a missing round
MISSING_CHOICES = (Kind.PAB, Kind.HPB, Kind.ZPB, Kind.FPB, Kind.ABS)

_RESULTS = {"1-0": (ONE, ZERO), "0-1": (ZERO, ONE), "1/2-1/2": (HALF, HALF), "½-½": (HALF, HALF),
            "0.5-0.5": (HALF, HALF), "=-=": (HALF, HALF)}
_ROUND = re.compile(r"^\s*([0-9]+)(?:\.[0-9]+)*\s*$")
_ELO = re.compile(r"^\s*([0-9]{1,4})\s*$")


@dataclass(frozen=True)
class _Game:
    number: int
    line: int
    white: str
    black: str
    round: int
    white_points: Fraction
    black_points: Fraction
    white_elo: int | None
    black_elo: int | None

    @property
    def label(self) -> str:
        return f"game {self.number} ({self.white} - {self.black}, line {self.line})"


def read_pgn(data: str | bytes, source: str = "<pgn>") -> Event:
    """The event of a PGN file; only :class:`EventError` escapes."""
    return read_pgn_missing(data, source)[0]


def read_pgn_missing(data: str | bytes, source: str = "<pgn>") -> tuple[Event, list[tuple[int, int]]]:
    """The event and its missing (player, round) pairs, which are provisionally absences."""
    with reading(source):
        return _read(data, source)


def _games(text: str, source: str) -> list[_Game]:
    import chess.pgn  # python-chess: imported here so the engine loads without it until PGN is used

    handle = io.StringIO(text)
    games: list[_Game] = []
    counted_to, line = 0, 1            # lines are counted on from the previous game: linear in the file
    players: set[str] = set()
    while True:
        start = handle.tell()
        headers = chess.pgn.read_headers(handle)
        if headers is None:
            break
        tag_at = text.find("[", start)
        at = tag_at if tag_at >= 0 else start
        line += text.count("\n", counted_to, at)
        counted_to = at
        if handle.tell() == start:  # no progress: stop rather than loop
            break
        check_count(said("the number of games"), len(games) + 1, MAX_GAMES, file=source, line=line)
        game = _game(headers, len(games) + 1, line, source, players)
        players.add(game.white)
        players.add(game.black)
        check_count(said("the number of players"), len(players), MAX_PLAYERS, file=source, line=line)
        games.append(game)
    return games


def _game(tags: Mapping[str, str], number: int, line: int, source: str,
          known: AbstractSet[str] = frozenset()) -> _Game:
    """One game's tags, checked; ``known`` names were checked already (a name is checked once, not per game)."""
    def err(message: str) -> EventError:
        who = f"{_shown(tags.get('White', '?'))} - {_shown(tags.get('Black', '?'))}"
        return EventError(said("game {number} ({who}): {message}", number=number, who=who, message=message),
                          file=source, line=line)

    white, black = (tags.get(k, "").strip() for k in ("White", "Black"))
    for side, name in (("White", white), ("Black", black)):
        if name in known:
            continue
        if not name or name == "?":
            raise err(said("the {side} tag is missing or '?': every game needs both players' names", side=side))
        try:
            check_text(said("the {side} tag", side=side), name, MAX_TEXT)
        except EventError as exc:
            raise EventError(said("game {number}: {problem}", number=number, problem=exc.said or exc.message),
                             file=source, line=line) from None
    if white == black:
        raise err(said("{name} cannot play themselves", name=white))
    result = tags.get("Result", "").strip()
    if result == "*":
        raise err(said("the result is '*' (unfinished or unknown): enter the result, or remove the game"))
    if result not in _RESULTS:
        raise err(said("the Result tag must be 1-0, 0-1 or 1/2-1/2, not {text}", text=repr(result)))
    round_text = tags.get("Round", "")
    m = _ROUND.match(round_text)
    if not m or len(m.group(1)) > 15 or int(m.group(1)) < 1:
        raise err(said("the Round tag must be a round number such as 3 or 3.1, not {text}", text=repr(round_text[:20])))
    if int(m.group(1)) > MAX_ROUNDS:
        raise err(said("the Round tag says round {round}; an event has at most {most} rounds",
                       round=format(int(m.group(1)), ","), most=MAX_ROUNDS))
    wp, bp = _RESULTS[result]
    return _Game(number, line, white, black, int(m.group(1)), wp, bp, _elo(tags.get("WhiteElo")),
                 _elo(tags.get("BlackElo")))


def _shown(name: str) -> str:
    """A name from a tag as it may appear in a message: short, and quoted when it is not plain text."""
    return name if name.isprintable() and len(name) <= 40 else repr(name[:40])


def _elo(text: str | None) -> int | None:
    m = _ELO.match(text or "")
    return int(m.group(1)) or None if m else None


def _read(data: str | bytes, source: str) -> tuple[Event, list[tuple[int, int]]]:
    # one kind of line end: python-chess reads lines, and a file with CR-only ends (old Mac tools) would
    # otherwise be one long line; a CRLF or CR is still one line break for the line numbers
    text = decode_text(data, source).replace("\r\n", "\n").replace("\r", "\n")
    games = _games(text, source)
    if not games:
        raise EventError(said("no games found: this is not a PGN file, or it is empty"), file=source,
                         line=max(line_of(text, len(text)) - 1, 1))
    ratings: dict[str, int | None] = {}
    for g in sorted(games, key=lambda g: (g.round, g.number)):
        for name, elo in ((g.white, g.white_elo), (g.black, g.black_elo)):
            if ratings.get(name) is None:
                ratings[name] = elo
    order = sorted(ratings, key=lambda n: (ratings[n] is None, -(ratings[n] or 0), n.casefold(), n))
    tpn = {name: i for i, name in enumerate(order, start=1)}
    rounds = max(g.round for g in games)
    rows: dict[int, dict[int, tuple[Entry, _Game]]] = {t: {} for t in tpn.values()}
    made: dict[tuple[int, str, Fraction], Entry] = {}   # entries are immutable: one per opponent, colour, result
    for g in games:
        w, b = tpn[g.white], tpn[g.black]
        for me, opp, colour, points in ((w, b, "W", g.white_points), (b, w, "B", g.black_points)):
            if g.round in rows[me]:
                earlier = rows[me][g.round][1]
                raise EventError(said("{game} and {other} both give {name} a game in round {round}", game=g.label,
                                      other=earlier.label, name=order[me - 1], round=g.round), file=source,
                                 line=g.line)
            entry = made.get((opp, colour, points))
            if entry is None:
                entry = made[(opp, colour, points)] = Entry.game(opp, colour, points)
            rows[me][g.round] = (entry, g)
    missing = [(t, r) for t in sorted(rows) for r in range(1, rounds + 1) if r not in rows[t]]
    entries = {t: [rows[t][r][0] if r in rows[t] else ABSENT for r in range(1, rounds + 1)] for t in rows}
    players = [Player(tpn=tpn[n], name=n, rating=ratings[n]) for n in order]
    name = _most_common([g_tags for g_tags in _tag_values(text, "Event")])
    header = {}
    if missing:
        header[MISSING_KEY] = " ".join(f"{t}:{r}" for t, r in missing)
        header["warnings"] = Joined([located(said_n("no game in {n} player-round, read as absent: {missing}",
                                                    "no game in {n} player-rounds, read as absent: {missing}",
                                                    len(missing), missing=missing_text_of(players, missing)),
                                             file=source)], "\n")
    event = make_event(name, players, entries, rounds=rounds, event_type=_event_type(text, entries),
                       date=_most_common(_tag_values(text, "Date")), header=header, source=source)
    return event, missing


def _tag_values(text: str, tag: str) -> list[str]:
    """The values of one tag across the file (read with a regex: only for the event's name and date)."""
    return [v for v in re.findall(r'^\s*\[' + tag + r'\s+"((?:[^"\\]|\\.)*)"\s*\]', text, re.MULTILINE)
            if v.strip() and v.strip() != "?" and "?" not in v.strip()[:4]]


def _most_common(values: list[str]) -> str:
    return Counter(v.strip() for v in values).most_common(1)[0][0] if values else ""


def _event_type(text: str, entries: Mapping[int, list[Entry]]) -> EventType:
    """A round robin when the EventType tag says "tourn" or every pair of players met equally often."""
    kinds = {v.strip().lower() for v in _tag_values(text, "EventType")}
    if kinds & {"tourn", "rr", "round robin", "round-robin"}:
        return EventType.ROUND_ROBIN
    if kinds:
        return EventType.SWISS
    meetings: Counter[tuple[int, int]] = Counter()
    for tpn, row in entries.items():
        for e in row:
            if e.opponent is not None and tpn < e.opponent:
                meetings[(tpn, e.opponent)] += 1
    n = len(entries)
    pairs = n * (n - 1) // 2
    if n >= 3 and len(meetings) == pairs and len(set(meetings.values())) == 1:
        return EventType.ROUND_ROBIN
    return EventType.SWISS


def missing_text_of(players: list[Player] | tuple[Player, ...], missing: list[tuple[int, int]],
                    limit: int = 10) -> str:
    """``#3 Carol (round 2), #5 Eve (rounds 1, 4)``: the missing rounds in one line.

    At most ``limit`` players are named; the rest are counted (``... and 412 more players``), so a large file
    cannot turn one warning into pages of text.
    """
    names = {p.tpn: p.name for p in players}
    by_player: dict[int, list[int]] = {}
    for t, r in missing:
        by_player.setdefault(t, []).append(r)
    parts = [said_n("#{tpn} {name} (round {rounds})", "#{tpn} {name} (rounds {rounds})", len(rs), tpn=t,
                    name=names.get(t, ""), rounds=", ".join(map(str, rs)))
             for t, rs in sorted(by_player.items())[:limit]]
    if len(by_player) > limit:
        more = len(by_player) - limit
        parts.append(said_n("and {n} more players", "and {n} more players", more, n=Count(more)))
    return Joined(parts, ", ")


def missing_rounds(event: Event) -> list[tuple[int, int]]:
    """The (player, round) pairs a PGN import could not settle that are still absences."""
    out = []
    for item in event.header.get(MISSING_KEY, "").split():
        t, _, r = item.partition(":")
        if t.isdigit() and r.isdigit():
            tpn, rnd = int(t), int(r)
            if tpn in event.entries and event.entry(tpn, rnd).kind is Kind.ABS:
                out.append((tpn, rnd))
    return out


def resolve_missing(event: Event, choices: Mapping[tuple[int, int], Kind | str]) -> Event:
    """``event`` with each missing round set to the chosen bye (PAB, HPB, ZPB, FPB or ABS).

    The missing list is dropped afterwards (the user has answered), so the question is not asked again.
    """
    entries = {t: list(row) for t, row in event.entries.items()}
    for (tpn, rnd), choice in choices.items():
        kind = Kind(choice)
        if kind not in MISSING_CHOICES:
            raise EventError(said("a missing round can only become {allowed}, not {kind}",
                                  allowed=", ".join(k.value for k in MISSING_CHOICES), kind=kind.value),
                             player=tpn, round=rnd)
        if tpn not in entries or not 1 <= rnd <= event.rounds:
            raise EventError(said("there is no round {round} of player {tpn}", round=rnd, tpn=tpn))
        if entries[tpn][rnd - 1].kind is not Kind.ABS:
            raise EventError(said("round {round} already has a result ({shown})", round=rnd,
                                  shown=entries[tpn][rnd - 1].notation()),
                             player=tpn, round=rnd)
        entries[tpn][rnd - 1] = Entry.bye(kind, event.pab_points if kind is Kind.PAB else None)
    updated = event.with_entries(entries, rounds=event.rounds)
    header = {k: v for k, v in updated.header.items() if k not in (MISSING_KEY, "warnings")}
    return replace(updated, header=header)


__all__ = ["read_pgn", "read_pgn_missing", "missing_rounds", "resolve_missing", "missing_text_of",
           "MISSING_CHOICES", "MISSING_KEY"]
