"""Seeded random events: Swiss and round-robin crosstables to teach with, demo and test against.

Real crosstables are few and rarely contain every awkward case at once, yet the tie-break rules differ
most exactly there: byes, forfeits, late entries and withdrawals.  The generator makes
events of any size that contain such cases at chosen rates, and makes them *reproducibly*: the same
arguments and seed give the same event on every machine and Python version, because the only source of
randomness is one :class:`random.Random` seeded with ``seed`` and consumed in a fixed order.

The pairing is deliberately simple, not a FIDE (Dutch) pairing engine.  It only has to produce
plausible events: players meet others on the same score, nobody meets the same opponent twice when
that can be avoided, colours stay balanced, and the odd player out gets the pairing-allocated bye.
It runs in about linear time per round, so even 50,000 players are quick.

>>> ev = generate_event(12, 5, seed=7)
>>> len(ev.players), ev.rounds, ev.player(1).rating >= ev.player(12).rating
(12, 5, True)
>>> generate_event(12, 5, seed=7) == ev
True
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields
from typing import Callable

from engine.core.chances import UNRATED_STRENGTH, draw_result, elo_chances
from engine.core.errors import EventError
from engine.core.model import ABSENT, BYE_POINTS, HALF, ONE, ZERO, Entry, Event, EventType, Kind, Player, make_event
from engine.core.said import said
from engine.pairing.berger import berger_pairings
from engine.pairing.matching import pair_least_bad, pair_without_rematches, preferred_order

__all__ = [
    "UnplayedRates",
    "PairingHook",
    "generate_event",
    "generate_round_robin",
    "missing_kinds",
    "REQUIRED_KINDS",
]

RATING_FLOOR = 1000
RATING_CEILING = 2800

#: the labels :func:`missing_kinds` checks, in the order it reports them
REQUIRED_KINDS: tuple[str, ...] = ("PAB", "HPB", "ZPB", "FPB", "FW/FL", "withdrawal")

# Short, international, easy to read aloud in a class.  Combined first x last they give 1,600 distinct
# names; larger events fall back to numbered names so that every name stays unique.
_FIRST_NAMES = (
    "Anna", "Boris", "Carla", "David", "Elena", "Farid", "Greta", "Hugo", "Irina", "Jonas",
    "Kira", "Lars", "Maya", "Nikolai", "Olga", "Pablo", "Quinn", "Rosa", "Samir", "Tanja",
    "Umar", "Vera", "Wei", "Ximena", "Yusuf", "Zofia", "Arjun", "Beatriz", "Chen", "Dmitri",
    "Emma", "Femi", "Hana", "Ivan", "Julia", "Kofi", "Lena", "Mateo", "Nadia", "Oscar",
)
_LAST_NAMES = (
    "Almeida", "Berg", "Castro", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova", "Jensen",
    "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quist", "Rossi", "Silva", "Tanaka",
    "Usman", "Varga", "Weber", "Xu", "Yilmaz", "Zhang", "Abebe", "Brandt", "Costa", "Dang",
    "Eze", "Fournier", "Gupta", "Haddad", "Ito", "Janssen", "Kumar", "Larsen", "Mensah", "Novak",
)

_HALF_POINTS = {ONE: 2, HALF: 1, ZERO: 0}     # scores are kept in half-points while generating
_GAME_POINTS = ((ZERO, ONE), (HALF, HALF), (ONE, ZERO))  # (white, black) by white's half-points
_BYES = {kind: Entry.bye(kind) for kind in (Kind.PAB, Kind.FPB, Kind.HPB, Kind.ZPB)}

#: another pairing system plugged into :func:`generate_event`: given the event so far (every round
#: before ``round`` finished, requested byes of ``round`` entered, all ``rounds`` declared), the round
#: number and the players to pair, it returns the boards as (White, Black) and the player who gets the
#: pairing-allocated bye (or ``None``); returning ``None`` instead leaves that round to the built-in
#: pairing.  It draws no random numbers from the generator, so results stay decided by the seed.
PairingHook = Callable[[Event, int, list[int]], "tuple[list[tuple[int, int]], int | None] | None"]


# -- rates ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class UnplayedRates:
    """How often each kind of unplayed round happens, as a probability per player and round.

    ``hpb``, ``zpb`` and ``fpb`` are requested byes: the player is not paired that round.  ``forfeit``
    is per scheduled game; ``double_forfeit`` is the share of forfeits where neither player shows (both
    get ``FL``).  ``withdraw`` is drawn after each round but the last: the player is absent (``ABS``)
    from the next round on.  ``late`` is drawn once per player: a late entrant misses the first one or
    two rounds (``ABS``) and is marked ``on_time=False``.

    Kept as data (not keyword soup) so that a teaching page can show and name the mix it used.
    """

    hpb: float = 0.0
    zpb: float = 0.0
    fpb: float = 0.0
    forfeit: float = 0.0
    double_forfeit: float = 0.1
    withdraw: float = 0.0
    late: float = 0.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
                raise EventError(said("the {name} rate must be a probability between 0 and 1, not {value}", name=f.name,
                                      value=repr(value)))
        if self.hpb + self.zpb + self.fpb > 1.0:
            raise EventError(said("the bye rates hpb + zpb + fpb add up to more than 1"))

    @classmethod
    def typical(cls) -> "UnplayedRates":
        """A weekend open: a few requested byes, the odd forfeit, withdrawal and late entry."""
        return cls(hpb=0.03, zpb=0.02, fpb=0.005, forfeit=0.02, withdraw=0.01, late=0.02)

    @classmethod
    def every_kind(cls) -> "UnplayedRates":
        """High enough that a 12-player, 5-round event nearly always shows every kind of unplayed round.

        About 19 seeds in 20 give all of :data:`REQUIRED_KINDS`; most misses lack the PAB, which needs an
        odd number of players to pair in some round.  ``ensure_every_kind`` covers the rest.
        Unrealistic on purpose: it is the mix for exercises about unplayed rounds.
        """
        return cls(hpb=0.12, zpb=0.10, fpb=0.10, forfeit=0.25, double_forfeit=0.15, withdraw=0.12, late=0.06)

    @property
    def any(self) -> bool:
        return bool(self.hpb or self.zpb or self.fpb or self.forfeit or self.withdraw or self.late)


# -- players ----------------------------------------------------------------------------------------
def _draw_roster(rng: random.Random, n: int, rating_mean: int, rating_sd: int,
                 unrated_share: float) -> list[tuple[str, int | None]]:
    """``n`` (name, rating) pairs in pairing-number order: rating descending, unrated players last.

    Unrated players go last because that is how Swiss starting ranks are usually made, and it keeps
    "TPN 1 = strongest" true for the pairing.
    """
    ratings: list[int | None] = []
    for _ in range(n):
        r = round(rng.gauss(rating_mean, rating_sd))
        ratings.append(min(RATING_CEILING, max(RATING_FLOOR, r)))
    if unrated_share > 0:
        ratings = [None if rng.random() < unrated_share else r for r in ratings]
    combos = len(_FIRST_NAMES) * len(_LAST_NAMES)
    if n <= combos:
        picks = rng.sample(range(combos), n)
        names = [f"{_FIRST_NAMES[k % len(_FIRST_NAMES)]} {_LAST_NAMES[k // len(_FIRST_NAMES)]}" for k in picks]
    else:
        width = len(str(n))
        names = [f"Player {i:0{width}d}" for i in range(1, n + 1)]
    roster = list(zip(names, ratings))
    # the name breaks rating ties so the order does not depend on the draw order
    roster.sort(key=lambda nr: (nr[1] is None, -(nr[1] or 0), nr[0]))
    return roster


def _check(players: int, rounds: int, draw_rate: float, rating_sd: int, unrated_share: float) -> None:
    if not isinstance(players, int) or players < 2:
        raise EventError(said("an event needs at least 2 players, not {players}", players=repr(players)))
    if not isinstance(rounds, int) or rounds < 1:
        raise EventError(said("an event needs at least 1 round, not {rounds}", rounds=repr(rounds)))
    if not 0.0 <= draw_rate <= 1.0:
        raise EventError(said("the draw rate must be between 0 and 1, not {value}", value=repr(draw_rate)))
    if rating_sd < 0:
        raise EventError(said("the rating spread must not be negative, not {value}", value=repr(rating_sd)))
    if not 0.0 <= unrated_share <= 1.0:
        raise EventError(said("the unrated share must be between 0 and 1, not {value}", value=repr(unrated_share)))


# -- results ----------------------------------------------------------------------------------------
def _white_points(rng: random.Random, white_strength: float, black_strength: float,
                  draw_rate: float) -> int:
    """White's result in half-points, drawn from :func:`elo_chances`."""
    return draw_result(rng, elo_chances(white_strength, black_strength, draw_rate))


def _game_entries(white: int, black: int, white_half_points: int) -> tuple[Entry, Entry]:
    pw, pb = _GAME_POINTS[white_half_points]
    return Entry(Kind.G, black, "W", pw), Entry(Kind.G, white, "B", pb)


def _forfeit_entries(rng: random.Random, white: int, black: int,
                     double_share: float) -> tuple[Entry, Entry, int, int]:
    """A forfeited game: (white's entry, black's entry, white's and black's half-points).

    The entries keep the scheduled colours (TRF writes them); they never count as a game played with that
    colour (FIDE C.07 art. 7.3 counts games played over the board), and the colour bookkeeping here follows that.
    """
    if double_share and rng.random() < double_share:
        return Entry(Kind.FL, black, "W", ZERO), Entry(Kind.FL, white, "B", ZERO), 0, 0
    if rng.random() < 0.5:
        return Entry(Kind.FW, black, "W", ONE), Entry(Kind.FL, white, "B", ZERO), 2, 0
    return Entry(Kind.FL, black, "W", ZERO), Entry(Kind.FW, white, "B", ONE), 0, 2


# -- Swiss pairing ----------------------------------------------------------------------------------
def _choose_pab(ranked: list[int], pabs: list[int]) -> int:
    """The lowest-ranked player without a PAB yet; if all have one, the lowest-ranked with fewest."""
    for p in reversed(ranked):
        if pabs[p] == 0:
            return p
    fewest = min(pabs[p] for p in ranked)
    return next(p for p in reversed(ranked) if pabs[p] == fewest)


def _colour_need(whites: int, blacks: int, last: str | None, streak: int) -> str:
    """The colour a player must get next ("W", "B" or ""): difference past 2 or three in a row is out."""
    if whites - blacks >= 2 or (last == "W" and streak >= 2):
        return "B"
    if blacks - whites >= 2 or (last == "B" and streak >= 2):
        return "W"
    return ""


def _colours(a: int, b: int, board: int, whites: list[int], blacks: list[int], last: list[str | None],
             need: list[str], first_board_white: bool) -> tuple[int, int]:
    """(white, black) for a pairing: a colour a player must get, then balance, then the fewer whites,
    then the colour that is due.

    The higher-rated player (lower TPN) decides a full tie by getting the colour he is due, the
    opposite of his last one; in his first game the boards alternate from a colour drawn by lot.
    """
    if need[a] or need[b]:
        if need[a] == "W" or need[b] == "B":
            return a, b
        return b, a
    da, db = whites[a] - blacks[a], whites[b] - blacks[b]
    if da != db:
        return (a, b) if da < db else (b, a)
    if whites[a] != whites[b]:
        return (a, b) if whites[a] < whites[b] else (b, a)
    hi, lo = (a, b) if a < b else (b, a)
    if last[hi] is not None:
        hi_white = last[hi] == "B"
    elif last[lo] is not None:
        hi_white = last[lo] == "W"
    else:
        hi_white = (board % 2 == 0) == first_board_white
    return (hi, lo) if hi_white else (lo, hi)


# -- Swiss events -----------------------------------------------------------------------------------
def _swiss(players: int, rounds: int, seed: int, rates: UnplayedRates, draw_rate: float, rating_mean: int,
           rating_sd: int, unrated_share: float, name: str | None, pairing: PairingHook | None = None) -> Event:
    """One Swiss from one seed.  Every random draw happens here, in a fixed order, so the seed alone
    decides the event; the bookkeeping lists are indexed by TPN and scores are kept in half-points.

    Kept as one function: cut in parts, the order of the random draws (which the seed's event depends on)
    would be spread over several functions and could change unseen."""
    rng = random.Random(seed)
    n = players
    roster = _draw_roster(rng, n, rating_mean, rating_sd, unrated_share)
    strength = [0.0] + [float(UNRATED_STRENGTH if r is None else r) for _, r in roster]

    # each player takes part in rounds first[p] <= r < stop[p] (0-based); outside he is ABS
    first = [0] * (n + 1)
    stop = [rounds] * (n + 1)
    if rates.late and rounds > 1:
        for p in range(1, n + 1):
            if rng.random() < rates.late:
                first[p] = min(rng.choice((1, 2)), rounds - 1)

    score2 = [0] * (n + 1)                 # score in half-points
    whites = [0] * (n + 1)
    blacks = [0] * (n + 1)
    last: list[str | None] = [None] * (n + 1)
    streak = [0] * (n + 1)                 # games in a row with the colour ``last``
    pabs = [0] * (n + 1)
    met: list[dict[int, int]] = [{} for _ in range(n + 1)]
    rows: list[list[Entry]] = [[ABSENT] * rounds for _ in range(n + 1)]
    first_board_white = rng.random() < 0.5
    p_hpb, p_zpb = rates.hpb, rates.hpb + rates.zpb
    roster_players = [Player(tpn, nm, rating=rt, on_time=first[tpn] == 0)
                      for tpn, (nm, rt) in enumerate(roster, start=1)]
    title = name if name is not None else f"Generated Swiss {players}x{rounds} (seed {seed})"
    p_bye = p_zpb + rates.fpb

    for r in range(rounds):
        pairable: list[int] = []
        for p in range(1, n + 1):
            if r < first[p] or r >= stop[p]:
                continue                   # stays ABS
            if p_bye:
                u = rng.random()
                if u < p_bye:
                    kind = Kind.HPB if u < p_hpb else Kind.ZPB if u < p_zpb else Kind.FPB
                    rows[p][r] = _BYES[kind]
                    score2[p] += _HALF_POINTS[BYE_POINTS[kind]]
                    continue
            pairable.append(p)

        hooked = None
        if pairing is not None:
            so_far = make_event(title, roster_players, {p: rows[p] for p in range(1, n + 1)}, rounds=rounds,
                                event_type=EventType.SWISS)
            hooked = pairing(so_far, r + 1, sorted(pairable))
        if hooked is not None:
            boards, bye = _checked_hook_pairing(hooked, pairable, r + 1)
            if bye is not None:
                rows[bye][r] = _BYES[Kind.PAB]
                score2[bye] += 2
                pabs[bye] += 1
        else:
            # score desc, then rating desc, which is TPN asc
            pairable.sort(key=lambda q: (-score2[q], q))
            if len(pairable) % 2:
                bye = _choose_pab(pairable, pabs)
                pairable.remove(bye)
                rows[bye][r] = _BYES[Kind.PAB]
                score2[bye] += 2
                pabs[bye] += 1

            order = preferred_order(pairable, score2)
            need = [""] * (n + 1)
            for p in pairable:
                if last[p] is not None:
                    need[p] = _colour_need(whites[p], blacks[p], last[p], streak[p])
            # colour limits are dropped before rematches are allowed: a rematch is the worse flaw
            pairs = (pair_without_rematches(order, met, need) or pair_without_rematches(order, met)
                     or pair_least_bad(order, met))
            # colours read only the two players of a board, so they can all be chosen before any result
            boards = [_colours(a, b, board, whites, blacks, last, need, first_board_white)
                      for board, (a, b) in enumerate(pairs)]
        for white, black in boards:
            # a forfeited pairing counts as met too: FIDE would allow pairing them again, but a teaching
            # crosstable where two players "meet" twice only confuses
            met[white][black] = met[white].get(black, 0) + 1
            met[black][white] = met[black].get(white, 0) + 1
            if rates.forfeit and rng.random() < rates.forfeit:
                ew, eb, sw, sb = _forfeit_entries(rng, white, black, rates.double_forfeit)
            else:
                sw = _white_points(rng, strength[white], strength[black], draw_rate)
                sb = 2 - sw
                ew, eb = _game_entries(white, black, sw)
                whites[white] += 1
                blacks[black] += 1
                streak[white] = streak[white] + 1 if last[white] == "W" else 1
                streak[black] = streak[black] + 1 if last[black] == "B" else 1
                last[white], last[black] = "W", "B"
            rows[white][r], rows[black][r] = ew, eb
            score2[white] += sw
            score2[black] += sb

        if rates.withdraw and r < rounds - 1:
            for p in range(1, n + 1):
                if first[p] <= r < stop[p] and rng.random() < rates.withdraw:
                    stop[p] = r + 1

    return make_event(title, roster_players, {p: rows[p] for p in range(1, n + 1)}, rounds=rounds,
                      event_type=EventType.SWISS)


def _checked_hook_pairing(hooked: tuple[list[tuple[int, int]], int | None], pairable: list[int],
                          rnd: int) -> tuple[list[tuple[int, int]], int | None]:
    """A plugged-in pairing, checked to pair exactly the players to pair, each once."""
    boards, bye = hooked
    boards = [(int(w), int(b)) for w, b in boards]
    seen = [p for wb in boards for p in wb] + ([bye] if bye is not None else [])
    if sorted(seen) != sorted(pairable):
        raise EventError(f"round {rnd}: the pairing hook did not pair each available player exactly once")
    return boards, bye


def missing_kinds(event: Event) -> list[str]:
    """Which of :data:`REQUIRED_KINDS` the event lacks ("withdrawal" is an ABS after a round taken part in).

    >>> missing_kinds(generate_event(6, 3, seed=1))
    ['PAB', 'HPB', 'ZPB', 'FPB', 'FW/FL', 'withdrawal']
    """
    found: set[str] = set()
    for row in event.entries.values():
        taken_part = False
        for e in row:
            if e.kind is Kind.ABS:
                if taken_part:
                    found.add("withdrawal")
                continue
            taken_part = True
            if e.kind in (Kind.FW, Kind.FL):
                found.add("FW/FL")
            elif e.kind is not Kind.G:
                found.add(e.kind.value)
    return [k for k in REQUIRED_KINDS if k not in found]


def generate_event(players: int, rounds: int, *, seed: int, rates: UnplayedRates | None = None,
                   draw_rate: float = 0.3, rating_mean: int = 1800, rating_sd: int = 300,
                   unrated_share: float = 0.0, name: str | None = None, ensure_every_kind: bool = False,
                   max_attempts: int = 50, pairing: PairingHook | None = None) -> Event:
    """A seeded, reproducible Swiss event of ``players`` x ``rounds``, validated by :func:`make_event`.

    Players get pairing numbers by rating (TPN 1 = highest; unrated last), ratings are normal
    (``rating_mean``, ``rating_sd``) clipped to 1000..2800, and results follow the Elo expectation with
    ``draw_rate`` draws between equals (unrated players play as 1500).  ``rates`` adds byes, forfeits,
    withdrawals and late entries; by default there are none.

    ``ensure_every_kind`` asks for every kind in :data:`REQUIRED_KINDS`: seeds ``seed``, ``seed + 1``,
    ... are tried in turn (up to ``max_attempts``) and the first event that has them all is returned;
    its name records the seed actually used.  Without ``rates`` it uses :meth:`UnplayedRates.every_kind`.

    ``pairing`` plugs in another pairing system (see :data:`PairingHook`), e.g. the FIDE Dutch system
    of :func:`engine.pairing.dutch.dutch_pairs`; by default the built-in fast pairing is used.
    """
    _check(players, rounds, draw_rate, rating_sd, unrated_share)
    if not ensure_every_kind:
        return _swiss(players, rounds, seed, rates or UnplayedRates(), draw_rate, rating_mean, rating_sd,
                      unrated_share, name, pairing)
    rates = rates or UnplayedRates.every_kind()
    impossible = [label for label, ok in (("HPB", rates.hpb), ("ZPB", rates.zpb), ("FPB", rates.fpb),
                                          ("FW/FL", rates.forfeit), ("withdrawal", rates.withdraw))
                  if not ok]
    if rounds < 2:
        impossible.append("withdrawal (needs 2 rounds)")
    if impossible:
        raise EventError("every kind of unplayed round was asked for, but these can never occur with the "
                         "given rates: " + ", ".join(impossible))
    missing: list[str] = []
    for k in range(max_attempts):
        event = _swiss(players, rounds, seed + k, rates, draw_rate, rating_mean, rating_sd, unrated_share, name,
                       pairing)
        missing = missing_kinds(event)
        if not missing:
            return event
    raise EventError(f"no event with every kind of unplayed round in {max_attempts} seeds from {seed} "
                     f"(the last lacked {', '.join(missing)}); raise the rates or the size")


# -- round robins -----------------------------------------------------------------------------------
def generate_round_robin(players: int, *, seed: int, draw_rate: float = 0.3, forfeit_rate: float = 0.0,
                         rating_mean: int = 1800, rating_sd: int = 300, unrated_share: float = 0.0,
                         name: str | None = None) -> Event:
    """A seeded single round robin on the Berger tables (``EventType.ROUND_ROBIN``).

    Pairing numbers follow rating (TPN 1 = highest), results are drawn as in :func:`generate_event`,
    and ``forfeit_rate`` turns a game into a forfeit (one side, chosen by lot).  With an odd number of
    players, whoever meets the Berger dummy sits out that round: it is recorded as ``ABS`` with 0
    points, because a round robin has no pairing-allocated bye worth a point.
    """
    _check(players, 1, draw_rate, rating_sd, unrated_share)
    if not 0.0 <= forfeit_rate <= 1.0:
        raise EventError(said("the forfeit rate must be between 0 and 1, not {value}", value=repr(forfeit_rate)))
    rng = random.Random(seed)
    roster = _draw_roster(rng, players, rating_mean, rating_sd, unrated_share)
    strength = [0.0] + [float(UNRATED_STRENGTH if r is None else r) for _, r in roster]
    table = berger_pairings(players)
    rows: dict[int, list[Entry]] = {p: [ABSENT] * len(table) for p in range(1, players + 1)}
    for r, pairs in enumerate(table):
        for white, black in pairs:
            if white > players or black > players:
                continue                   # the dummy's game: the other player stays ABS
            if forfeit_rate and rng.random() < forfeit_rate:
                ew, eb, _, _ = _forfeit_entries(rng, white, black, 0.0)
            else:
                ew, eb = _game_entries(white, black,
                                       _white_points(rng, strength[white], strength[black], draw_rate))
            rows[white][r], rows[black][r] = ew, eb
    roster_players = [Player(tpn, nm, rating=rt) for tpn, (nm, rt) in enumerate(roster, start=1)]
    title = name if name is not None else f"Generated round robin {players} players (seed {seed})"
    return make_event(title, roster_players, rows, rounds=len(table), event_type=EventType.ROUND_ROBIN)


def blank_event(name: str, players: int, rounds: int | None = None,
                event_type: EventType | str = EventType.SWISS) -> Event:
    """A new event to fill in: ``players`` numbered players ("Player 1", ...) and ``rounds`` empty rounds.

    A round robin has as many rounds as its Berger tables (``rounds`` is then ignored): one fewer than
    the players, or as many when their number is odd.

    >>> ev = blank_event("Club night", 5, event_type="rr")
    >>> ev.rounds, ev.players[4].name, ev.last_entered_round()
    (5, 'Player 5', 0)
    """
    kind = EventType(event_type)
    if players < 2:
        raise EventError(said("an event needs at least 2 players, not {players}", players=str(players)))
    if kind is EventType.ROUND_ROBIN:
        rounds = len(berger_pairings(players))
    elif rounds is None or rounds < 1:
        raise EventError(said("a Swiss needs at least 1 round, not {rounds}", rounds=str(rounds)))
    roster = [Player(t, f"Player {t}") for t in range(1, players + 1)]
    return make_event(name.strip() or "New event", roster, {}, rounds=rounds, event_type=kind)
