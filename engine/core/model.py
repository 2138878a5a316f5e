"""The event model: players, and one entry per player per round.

The vocabulary is that of the tie-break rules: a game played over the board, a forfeit win or loss, a
pairing-allocated bye (PAB), a full-, half- or zero-point bye, an absence.  An :class:`Entry` stores the
*kind* of a round, not only its points, because two rounds that both gave "1 point" (a win over the board
and a pairing-allocated bye) are treated differently by almost every tie-break.

>>> e = Entry.game(opponent=9, colour="W", points=Fraction(1))
>>> e.kind, e.played, e.unplayed
(<Kind.G: 'G'>, True, False)
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Iterable, Iterator, Literal, Mapping, NamedTuple, Sequence

from engine.core.errors import EventError
from engine.core.limits import (
    MAX_CELLS,
    MAX_CODES,
    MAX_HEADER_ITEMS,
    MAX_HEADER_TEXT,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TEXT,
    check_count,
    check_name,
    check_text,
    looks_empty,
    text_problem,
)
from engine.core.said import dec, said
from engine.core.words import with_article

HALF = Fraction(1, 2)
ONE = Fraction(1)
ZERO = Fraction(0)


#: a :class:`Kind` written as text (a trace row's kind)
KindCode = Literal["G", "FW", "FL", "PAB", "FPB", "HPB", "ZPB", "ABS", "SCH"]


class Kind(str, enum.Enum):
    """What happened to one player in one round."""

    G = "G"        #: a game played over the board
    FW = "FW"      #: forfeit win: the scheduled opponent did not show
    FL = "FL"      #: forfeit loss: the player did not show
    PAB = "PAB"    #: pairing-allocated bye (the odd player out)
    FPB = "FPB"    #: full-point bye granted by the arbiter
    HPB = "HPB"    #: half-point bye, requested
    ZPB = "ZPB"    #: zero-point bye, requested or announced absence
    ABS = "ABS"    #: absent / withdrawn / not yet entered: not paired
    SCH = "SCH"    #: a game paired (both players and colours known) whose result is still to come

    @property
    def has_opponent(self) -> bool:
        return self in (Kind.G, Kind.FW, Kind.FL, Kind.SCH)

    @property
    def code(self) -> KindCode:
        """The kind's code as text (``"G"``, ``"PAB"``), typed so that a misspelt code is a type error."""
        return self.value      # each kind's value is its code

    @property
    def description(self) -> str:
        return KIND_DESCRIPTIONS[self]


KIND_DESCRIPTIONS: Mapping[Kind, str] = {
    Kind.G: said("game played"),
    Kind.FW: said("forfeit win"),
    Kind.FL: said("forfeit loss"),
    Kind.PAB: said("bye from the pairing"),
    Kind.FPB: said("full-point bye"),
    Kind.HPB: said("half-point bye"),
    Kind.ZPB: said("zero-point bye"),
    Kind.ABS: said("absence"),
    Kind.SCH: said("game still to be played"),
}

#: what happened in a round, as a table cell says it to a parent ("lost by forfeit", "did not play")
KIND_WORDS: Mapping[Kind, str] = {
    Kind.G: said("game"),
    Kind.FW: said("won by forfeit"),
    Kind.FL: said("lost by forfeit"),
    Kind.PAB: said("bye from the pairing"),
    Kind.FPB: said("full-point bye"),
    Kind.HPB: said("half-point bye"),
    Kind.ZPB: said("zero-point bye"),
    Kind.ABS: said("did not play"),
    Kind.SCH: said("game still to be played"),
}


#: the kinds without an opponent, and the points each gives by default
BYE_POINTS: Mapping[Kind, Fraction] = {Kind.PAB: ONE, Kind.FPB: ONE, Kind.HPB: HALF, Kind.ZPB: ZERO,
                                       Kind.ABS: ZERO}


@dataclass(frozen=True)
class Entry:
    """One player's round: its kind, the (scheduled) opponent, the colour and the points awarded.

    ``rated`` is False for a game that lasted less than one move (TRF ``W``/``D``/``L``): it counts as
    played for every tie-break but is left out of the rating criteria.
    """

    kind: Kind
    opponent: int | None = None
    colour: str | None = None          # "W", "B" or None
    points: Fraction = ZERO
    rated: bool = True

    def __post_init__(self) -> None:
        # only a game can be unrated; keep every other kind in one canonical form so equal rounds compare equal
        if self.kind is not Kind.G and not self.rated:
            object.__setattr__(self, "rated", True)

    @staticmethod
    def game(opponent: int, colour: str | None, points: Fraction, rated: bool = True) -> "Entry":
        return Entry(Kind.G, opponent, colour, points if type(points) is Fraction else Fraction(points), rated)

    @staticmethod
    def scheduled(opponent: int, colour: str | None) -> "Entry":
        """A paired game without its result yet: it gives no points and no tie-break counts it."""
        return Entry(Kind.SCH, opponent, colour, ZERO)

    @property
    def pending(self) -> bool:
        """A scheduled game still waiting for its result."""
        return self.kind is Kind.SCH

    @staticmethod
    def bye(kind: Kind, points: Fraction | None = None) -> "Entry":
        return Entry(kind, None, None, BYE_POINTS[kind] if points is None else Fraction(points))

    @property
    def played(self) -> bool:
        """Played over the board (the only kind that is)."""
        return self.kind is Kind.G

    @property
    def unplayed(self) -> bool:
        return self.kind is not Kind.G

    @property
    def is_win(self) -> bool:
        return self.points >= ONE

    @property
    def is_vur(self) -> bool:
        """A voluntarily unplayed round (FIDE C.07 art. 16.2): a requested bye, an absence or a forfeit loss."""
        return self.kind in (Kind.HPB, Kind.ZPB, Kind.ABS, Kind.FL)

    def words(self) -> str:
        """The round in words for a trace note: ``win against #9``, ``lost by forfeit to #11``, ``half-point bye``."""
        if self.kind is Kind.G:
            if self.points == ONE:
                return said("win against #{opponent}", opponent=self.opponent)
            if self.points == HALF:
                return said("draw against #{opponent}", opponent=self.opponent)
            return said("loss against #{opponent}", opponent=self.opponent)
        if self.kind is Kind.FW:
            return said("won by forfeit against #{opponent}", opponent=self.opponent)
        if self.kind is Kind.FL:
            return said("lost by forfeit to #{opponent}", opponent=self.opponent)
        return KIND_WORDS[self.kind]

    def notation(self) -> str:
        """Compact wallchart notation: ``+W9``, ``=B13``, ``-F11``, ``+F14``, ``PAB``, ``HPB``, ``ABS``;
        a game still to be played is ``?W9`` (a question mark where the result will go)."""
        if self.kind is Kind.SCH:
            return f"?{self.colour or ''}{self.opponent}"
        if self.kind is Kind.G:
            sign = "+" if self.points == ONE else "=" if self.points == HALF else "-"
            return f"{sign}{self.colour or ''}{self.opponent}"
        if self.kind is Kind.FW:
            return f"+F{self.opponent}"
        if self.kind is Kind.FL:
            return f"-F{self.opponent}"
        return self.kind.code


ABSENT = Entry(Kind.ABS)


def complement(entry: Entry, player: int) -> Entry:
    """The opponent's side of ``entry``, a game or forfeit of ``player``: the other result, the other colour."""
    colour = {"W": "B", "B": "W"}.get(entry.colour or "")
    if entry.kind is Kind.G:
        return Entry.game(player, colour, ONE - entry.points, rated=entry.rated)
    if entry.kind is Kind.FW:
        return Entry(Kind.FL, player, colour, ZERO)
    if entry.kind is Kind.FL:
        return Entry(Kind.FW, player, colour, ONE)
    if entry.kind is Kind.SCH:
        return Entry.scheduled(player, colour)
    raise ValueError("only games and forfeits have another side")


def sides_agree(a: Entry, a_player: int, b: Entry, b_player: int) -> bool:
    """Do two entries tell the same game (or forfeit) from both sides, as :func:`validate` requires?"""
    if not (a.kind.has_opponent and b.kind.has_opponent) or a.opponent != b_player or b.opponent != a_player:
        return False
    if a.kind is Kind.G:
        return (b.kind is Kind.G and a.points + b.points == ONE
                and not (a.colour and b.colour and a.colour == b.colour))
    if a.kind is Kind.SCH:
        return b.kind is Kind.SCH and not (a.colour and b.colour and a.colour == b.colour)
    if a.kind is Kind.FW:
        return b.kind is Kind.FL
    return b.kind in (Kind.FW, Kind.FL)      # a forfeit loss: the other won by forfeit, or a double forfeit


def sum_points(values: Iterable[Fraction]) -> Fraction:
    """The exact sum of points, without a Fraction addition per round (numerators summed per denominator).

    >>> sum_points([HALF, ONE, HALF, Fraction(1, 4)])
    Fraction(9, 4)
    """
    by_den: dict[int, int] = {}
    for v in values:
        d = v.denominator
        by_den[d] = by_den.get(d, 0) + v.numerator
    if len(by_den) == 1:
        (d, num), = by_den.items()
        return Fraction(num, d)
    return sum((Fraction(num, d) for d, num in by_den.items()), ZERO)


@dataclass(frozen=True)
class Player:
    """A participant, identified by the tournament pairing number (TPN, the TRF starting rank)."""

    tpn: int
    name: str
    rating: int | None = None
    federation: str = ""
    on_time: bool = True
    fide_id: str = ""
    sex: str = ""
    title: str = ""
    birth: str = ""
    age: int | None = None
    #: the rating is an estimate, not one a federation published (the FFE's Papi prints ``799 E``): Papi's
    #: performance replaces it by an estimate of its own (:mod:`engine.tiebreaks.ratings`)
    estimated: bool = False


class PendingGame(NamedTuple):
    """A game paired and still to be played: its round, White and Black (pairing numbers).  The one shape of
    such a game everywhere: the forecast, the pairing of the next round and the count tie by tie read it."""

    round: int
    white: int
    black: int

    def label(self, event: Event) -> str:
        w, b = event.player(self.white), event.player(self.black)
        return f"{w.name} (#{w.tpn}) – {b.name} (#{b.tpn})"


class EventType(str, enum.Enum):
    SWISS = "swiss"
    ROUND_ROBIN = "rr"


@dataclass(frozen=True)
class Event:
    """A tournament: its players and, for each, one entry per round.

    ``entries[tpn]`` has exactly ``rounds`` entries (index 0 is round 1).  Construct through
    :func:`make_event`, which validates; an ``Event`` that exists is consistent.
    """

    name: str
    players: tuple[Player, ...]
    entries: Mapping[int, tuple[Entry, ...]]
    rounds: int
    event_type: EventType = EventType.SWISS
    date: str = ""
    pab_points: Fraction = ONE
    #: tie-break codes found in the file (TRF-2026 records 202/212), in our code syntax
    file_tiebreaks: tuple[str, ...] = ()
    #: extra header facts kept for a faithful round trip (record id -> text)
    header: Mapping[str, str] = field(default_factory=dict)

    # -- lookups -----------------------------------------------------------------------------------
    def player(self, tpn: int) -> Player:
        found = self._by_tpn.get(tpn)
        if found is None:
            raise EventError(said("there is no player with pairing number {tpn}", tpn=tpn))
        return found

    @cached_property
    def _by_tpn(self) -> dict[int, Player]:
        """Pairing number -> player, built on first use (a trace names players in every row)."""
        return {p.tpn: p for p in self.players}

    @property
    def tpns(self) -> list[int]:
        return [p.tpn for p in self.players]

    def entry(self, tpn: int, rnd: int) -> Entry:
        """The entry of player ``tpn`` in round ``rnd`` (1-based); rounds past the end are absences."""
        row = self.entries[tpn]
        return row[rnd - 1] if 1 <= rnd <= len(row) else ABSENT

    def score(self, tpn: int, through: int | None = None) -> Fraction:
        n = self.rounds if through is None else through
        return sum_points(e.points for e in self.entries[tpn][:n])

    @property
    def is_round_robin(self) -> bool:
        return self.event_type is EventType.ROUND_ROBIN

    def last_result_round(self) -> int:
        """The round the standings are computed after, by default: the last round in which at least one
        game or forfeit has a result (a round of byes and absences only does not count), but never a round
        that still has a game to be played: while games are pending, the standings are those after the
        last *completed* round."""
        with_opponent = (Kind.G, Kind.FW, Kind.FL)
        rows = list(self.entries.values())
        last = 0
        for r in range(max((len(row) for row in rows), default=0), 0, -1):   # from the end: usually one pass
            if any(len(row) >= r and row[r - 1].kind in with_opponent for row in rows):
                last = r
                break
        first_pending = self.first_pending_round()
        return last if first_pending is None else min(last, first_pending - 1)

    def first_pending_round(self) -> int | None:
        """The first round that still has a scheduled game without its result (None: every game is done)."""
        return self._first_pending

    @cached_property
    def _first_pending(self) -> int | None:
        rounds = [r for row in self.entries.values() for r, e in enumerate(row, start=1) if e.kind is Kind.SCH]
        return min(rounds) if rounds else None

    def pending_games(self) -> list[PendingGame]:
        """Every game still to be played, once: ``(round, white, black)`` (White first when colours are
        known, else the lower pairing number first), in round and board order of pairing numbers."""
        out: list[PendingGame] = []
        for tpn, row in self.entries.items():
            for r, e in enumerate(row, start=1):
                opp = e.opponent
                if e.kind is Kind.SCH and opp is not None and (e.colour == "W" or (e.colour is None and tpn < opp)):
                    out.append(PendingGame(r, tpn, opp))
        return sorted(out)

    def last_entered_round(self) -> int:
        """The last round in which anybody has an entry other than an absence (a result, a bye).

        Later rounds are still to be played: a file that declares 9 rounds after round 4 has them empty.
        """
        for r in range(self.rounds, 0, -1):
            if any(row[r - 1].kind is not Kind.ABS for row in self.entries.values()):
                return r
        return 0

    def first_round_to_pair(self) -> int:
        """The first round nobody has been paired in yet: after the last round with a game (played or still
        to be played) or a forfeit.  Byes and absences do not count: requested byes and absences are recorded
        before pairing, and so is, in some pairing programs' files, the pairing-allocated bye of the round
        about to be paired (Perpignan 2025 after round 5 has ``0000 - U`` for round 6, and no game yet).
        It may be one past the last round: the event then needs a new round."""
        paired = (Kind.G, Kind.FW, Kind.FL, Kind.SCH)
        for r in range(self.rounds, 0, -1):
            if any(row[r - 1].kind in paired for row in self.entries.values()):
                return r + 1
        return 1

    def rated_everyone(self) -> bool:
        return all(p.rating is not None for p in self.players)

    def with_entries(self, entries: Mapping[int, Sequence[Entry]], rounds: int | None = None) -> "Event":
        """A validated copy with other entries (the original is never changed)."""
        return make_event(self.name, self.players, entries, rounds=rounds, event_type=self.event_type,
                          date=self.date, pab_points=self.pab_points, file_tiebreaks=self.file_tiebreaks,
                          header=self.header)

    def with_players(self, players: Iterable[Player]) -> "Event":
        return replace(self, players=tuple(players))

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)


def make_event(name: str, players: Iterable[Player], entries: Mapping[int, Sequence[Entry]], *,
               rounds: int | None = None, event_type: EventType | str = EventType.SWISS, date: str = "",
               pab_points: Fraction | int | str = ONE, file_tiebreaks: Sequence[str] = (),
               header: Mapping[str, str] | None = None, source: str | None = None) -> Event:
    """Build an :class:`Event`, padding short rows with absences, and validate it.

    Raises :class:`EventError` naming the player and round of the first inconsistency.  The sizes and
    texts are checked first (:mod:`engine.core.limits`), before any row is padded to the round count.
    """
    players = tuple(players)
    check_count(said("the number of players"), len(players), MAX_PLAYERS, file=source)
    seen: set[int] = set()
    for p in players:
        if p.tpn in seen:
            raise EventError(said("pairing number {tpn} is used twice", tpn=p.tpn), file=source, player=p.tpn)
        if p.tpn < 1:
            raise EventError(said("pairing number {tpn} must be a positive whole number", tpn=p.tpn), file=source)
        seen.add(p.tpn)
    for tpn in entries:
        if tpn not in seen:
            raise EventError(said("results are given for player {tpn}, who is not in the player list", tpn=tpn),
                             file=source)
    n = rounds if rounds is not None else max((len(r) for r in entries.values()), default=0)
    check_count(said("the number of rounds"), n, MAX_ROUNDS, file=source)
    check_count(said("players x rounds"), len(players) * n, MAX_CELLS, file=source)
    check_event_texts(name, date, players, header or {}, file_tiebreaks, source)
    full: dict[int, tuple[Entry, ...]] = {}
    for p in players:
        row = entries.get(p.tpn, ())
        if len(row) == n:           # the usual case: a full row, taken as it is
            full[p.tpn] = tuple(row)
            continue
        row = list(row)
        if len(row) > n:
            extra = row[n:]
            if any(e.kind is not Kind.ABS for e in extra):
                raise EventError(said("has results after round {round}, the last round of the event", round=n),
                                 file=source, player=p.tpn)
            row = row[:n]
        row += [ABSENT] * (n - len(row))
        full[p.tpn] = tuple(row)
    event = Event(name=name, players=players, entries=full, rounds=n, event_type=EventType(event_type),
                  date=date, pab_points=Fraction(pab_points), file_tiebreaks=tuple(file_tiebreaks),
                  header=dict(header or {}))
    validate(event, source=source)
    return event


_PLAYER_TEXTS = (("name", said("the name")), ("federation", said("the federation")), ("fide_id", said("the FIDE id")),
                  ("sex", said("the sex")), ("title", said("the title")), ("birth", said("the birth date")))
#: header entries the readers write themselves (their own messages), not user text
_OWN_HEADER = ("warnings", "missing")


def check_event_texts(name: str, date: str, players: Sequence[Player], header: Mapping[str, str],
                      file_tiebreaks: Sequence[str], source: str | None = None) -> None:
    """Every text of an event is printable and within its length (one pass over all names at once)."""
    for label, value in ((said("the event's name"), name), (said("the event's date"), date)):
        if not isinstance(value, str):
            raise EventError(said("{label} must be text", label=label), file=source)
        check_text(label, value, file=source)
    check_name(said("the event's name"), name, file=source)
    texts = [getattr(p, key) for p in players for key, _ in _PLAYER_TEXTS]
    if not all(type(t) is str for t in texts) or (texts and (max(map(len, texts)) > MAX_TEXT
                                                             or text_problem("".join(texts), len("".join(texts)))
                                                             is not None)):
        for p in players:           # the rare bad event: find the player and the field
            for key, label in _PLAYER_TEXTS:
                value = getattr(p, key)
                if not isinstance(value, str):
                    raise EventError(said("{label} must be text, not {kind}", label=label, kind=type(value).__name__),
                                     file=source, player=p.tpn)
                check_text(label, value, file=source, player=p.tpn)
    for p in players:                   # a name that is there but shows nothing (only spaces, zero-width ...)
        if looks_empty(p.name):
            check_name(said("the name"), p.name, file=source, player=p.tpn)
    check_count(said("the number of header records"), len(header), MAX_HEADER_ITEMS, file=source)
    for key, value in header.items():
        check_text(said("a header record's id"), str(key), file=source)
        if key not in _OWN_HEADER:
            check_text(said("header record {key}", key=key), str(value), MAX_HEADER_TEXT, multiline=True, file=source)
    check_count(said("the number of tie-breaks listed"), len(file_tiebreaks), MAX_CODES, file=source)


def validate(event: Event, source: str | None = None) -> None:
    """Check that every entry fits its kind and agrees with its opponent's entry.

    The checks: points fit the kind (a game 0, ½ or 1; a forfeit win 1, a forfeit loss 0; byes their
    value), the opponent exists and is not the player, the opponent's entry in that round names the
    player back with the complementary result and the other colour, nobody is paired twice in a round.
    Points are compared by identity first (readers share the constant Fractions), which makes validating
    a 50,000-player event affordable; the checks themselves are exact.
    """
    entries = event.entries
    pab = event.pab_points
    G, FW, FL, PAB, SCH = Kind.G, Kind.FW, Kind.FL, Kind.PAB, Kind.SCH
    colours = (None, "W", "B")
    # one pass with local names and identity tests: this loop sees every entry of a 50,000-player event.
    # A game's points usually are the shared constants, whose complement is found by id.
    complement = {id(ONE): ZERO, id(HALF): HALF, id(ZERO): ONE}
    for p in event.players:
        tpn = p.tpn
        for r, e in enumerate(entries[tpn]):
            kind = e.kind
            if kind is G:
                opp = e.opponent
                row = entries.get(opp) if opp is not None else None
                if row is not None and opp != tpn and e.colour in colours:
                    other = row[r]
                    if other.opponent == tpn and other.kind is G and \
                            (complement.get(id(e.points)) is other.points or
                             _game_points_agree(e.points, other.points)) and \
                            not (e.colour and e.colour == other.colour):
                        continue
            elif kind is FW or kind is FL:
                opp = e.opponent
                row = entries.get(opp) if opp is not None else None
                if row is not None and opp != tpn and e.colour in colours:
                    other = row[r]
                    if other.opponent == tpn:
                        theirs = other.kind
                        if kind is FW:
                            if theirs is FL and _same(e.points, ONE):
                                continue
                        elif (theirs is FW or theirs is FL) and _same(e.points, ZERO):
                            continue
            elif kind is SCH:
                opp = e.opponent
                row = entries.get(opp) if opp is not None else None
                if row is not None and opp != tpn and e.colour in colours and e.points == ZERO:
                    other = row[r]
                    if other.opponent == tpn and other.kind is SCH and not (e.colour and e.colour == other.colour):
                        continue
            elif e.opponent is None and _same(e.points, pab if kind is PAB else BYE_POINTS[kind]):
                continue
            _entry_error(event, p, r + 1, e, source)


def _same(a: Fraction, b: Fraction) -> bool:
    return a is b or a == b


def _game_points_agree(a: Fraction, b: Fraction) -> bool:
    """Both are game points (0, ½ or 1) and they add up to 1; the shared constants settle it by identity."""
    if a is ONE:
        return _same(b, ZERO)
    if a is HALF:
        return _same(b, HALF)
    if a is ZERO:
        return _same(b, ONE)
    return a in (ZERO, HALF, ONE) and a + b == ONE


def _entry_error(event: Event, p: Player, r: int, e: Entry, source: str | None) -> None:
    """Raise the error of an entry that failed the fast checks (the full checks, in their usual order)."""
    valid_game_points = {ZERO, HALF, ONE}

    def fail(message: str) -> EventError:
        return EventError(message, file=source, player=p.tpn, round=r)

    if e.kind.has_opponent:
        if e.opponent is None:
            raise fail(said("a {kind} needs an opponent", kind=e.kind.description))
        if e.opponent == p.tpn:
            raise fail(said("player {tpn} is paired against themselves in round {round}", tpn=p.tpn, round=r))
        if e.opponent not in event.entries:
            raise fail(said("player {tpn}'s opponent in round {round}, {opponent}, is not in the player list",
                            tpn=p.tpn, round=r, opponent=e.opponent))
        if e.colour not in (None, "W", "B"):
            raise fail(said("colour must be W or B, not {text}", text=repr(e.colour)))
        other = event.entries[e.opponent][r - 1]
        if other.opponent != p.tpn or not other.kind.has_opponent:
            shown = other.notation()
            raise fail(said("player {tpn} is paired with {opponent} in round {round}, but {opponent}'s round {round} "
                            "says {shown}: a player paired twice or a one-sided result",
                            tpn=p.tpn, opponent=e.opponent, round=r, shown=shown))
        if e.kind is Kind.SCH:
            if other.kind is not Kind.SCH:
                raise fail(said("player {tpn}'s game against {opponent} in round {round} is still to be played, but "
                                "{opponent}'s round {round} says {shown}", tpn=p.tpn, opponent=e.opponent, round=r,
                                shown=other.notation()))
            if e.points != ZERO:
                raise fail(said("a game still to be played gives no points yet"))
            if e.colour and other.colour and e.colour == other.colour:
                raise fail(said("both {tpn} and {opponent} have {colour} in round {round}", tpn=p.tpn, opponent=e.opponent,
                                colour=e.colour, round=r))
        elif e.kind is Kind.G:
            if e.points not in valid_game_points:
                raise fail(said("a game gives 1, ½ or 0 points, not {points}", points=dec(e.points)))
            if other.kind is not Kind.G or other.points + e.points != ONE:
                raise fail(said("result contradicts the opponent's: {tpn} has {mine} and {opponent} has {theirs} in "
                                "round {round}", tpn=p.tpn, mine=e.notation(), opponent=e.opponent,
                                theirs=other.notation(), round=r))
            if e.colour and other.colour and e.colour == other.colour:
                raise fail(said("both {tpn} and {opponent} have {colour} in round {round}", tpn=p.tpn, opponent=e.opponent,
                                colour=e.colour, round=r))
        elif e.kind is Kind.FW:
            if e.points != ONE:
                raise fail(said("a forfeit win gives 1 point, not {points}", points=dec(e.points)))
            if other.kind is not Kind.FL:
                raise fail(said("result contradicts the opponent's: {tpn} won by forfeit but {opponent} has {theirs} in "
                                "round {round}", tpn=p.tpn, opponent=e.opponent, theirs=other.notation(), round=r))
        else:  # FL
            if e.points != ZERO:
                raise fail(said("a forfeit loss gives 0 points, not {points}", points=dec(e.points)))
            if other.kind not in (Kind.FW, Kind.FL):
                raise fail(said("result contradicts the opponent's: {tpn} lost by forfeit but {opponent} has {theirs} in "
                                "round {round}", tpn=p.tpn, opponent=e.opponent, theirs=other.notation(), round=r))
    else:
        if e.opponent is not None:
            raise fail(said("an {kind} has no opponent", kind=e.kind.description)
                       if with_article(e.kind.description).startswith("an ")
                       else said("a {kind} has no opponent", kind=e.kind.description))
        expected = event.pab_points if e.kind is Kind.PAB else BYE_POINTS[e.kind]
        if e.points != expected:
            raise fail(said("an {kind} gives {expected} points, not {points}", kind=e.kind.description,
                            expected=dec(expected), points=dec(e.points))
                       if with_article(e.kind.description).startswith("an ")
                       else said("a {kind} gives {expected} points, not {points}", kind=e.kind.description,
                                 expected=dec(expected), points=dec(e.points)))
    raise AssertionError(f"entry {e!r} of player {p.tpn} in round {r} failed a check but no rule names it")
