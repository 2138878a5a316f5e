"""Pairing the next round, and drawing results for it: every way the app pairs a round (the Build-event page).

Three ways to pair, because they serve different needs:

* ``dutch``: the FIDE Dutch system (C.04.3) through the ``caissify-pairings`` engine, the real thing;
  it takes seconds per round on a 100-player field.
* ``fast``: a simple Swiss (score groups, top half against bottom half, no rematches, balanced colours)
  that runs in well under a second on any field, for big demonstration events.
* ``berger``: FIDE's Berger tables, for round robins.

Which methods an event may use is the event's business (:func:`engine.pairing.methods.pairings_for`): a Swiss is
paired by a Swiss method and never with a game its players already played (:mod:`engine.pairing.repeats`), a
round robin by Berger tables.  A paired round is returned as the event (the pairing-allocated bye entered,
every game entered as "still to be played", ``?W9``) plus the boards waiting for their results.
"""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Literal, Mapping

from engine.core.chances import UNRATED_STRENGTH, draw_result, elo_chances
from engine.core.errors import EventError
from engine.core.model import HALF, ONE, ZERO, Entry, Event, Kind
from engine.core.said import Joined, Lowered, said, said_n
from engine.pairing.berger import berger_pairings
from engine.pairing.dutch import dutch_pairs
from engine.pairing.matching import pair_least_bad, pair_without_rematches, preferred_order
from engine.pairing.methods import PAIRING_METHODS, pairings_for
from engine.pairing.repeats import describe, repeated_boards

#: runs the Dutch engine: ``run(dutch_pairs, event, round, players)`` -> its boards and bye
DutchRunner = Callable[..., tuple[list[tuple[int, int]], "int | None"]]

Method = Literal["dutch", "fast", "berger"]
METHODS: dict[str, str] = dict(PAIRING_METHODS)
#: how strong an unrated player plays when results are drawn


@dataclass(frozen=True)
class RoundPairing:
    """The pairing of one round: boards (White, Black), the player with the bye, how it was made."""

    round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None = None
    method: str = ""
    seconds: float = 0.0
    sitting_out: tuple[int, ...] = field(default=())


# -- which round, who plays -------------------------------------------------------------------------

def round_to_pair(event: Event) -> int:
    """The round a "pair next round" fills: the first round nobody is paired in yet (a new one when every
    round is taken).  An event uploaded after round 4 of 9 continues with round 5.

    A round counts as empty when it holds only absences and requested byes (HPB, ZPB, FPB), which an
    arbiter records before pairing.
    """
    return event.first_round_to_pair()


def last_round(event: Event) -> int:
    """The event's last round: the number of rounds it declares (a Swiss), or the Berger tables' number (a
    round robin of n players has n - 1 rounds, n when n is odd, whatever its file declares)."""
    players = len(event.players)
    if event.is_round_robin and players >= 2:
        return players + players % 2 - 1
    return event.rounds


def next_round(event: Event) -> int | None:
    """The round "pair next round" would fill, or None when every round of the event is paired: never a
    round past the last one (:func:`last_round`).  A Swiss that is to have one round more says so itself
    (the Build page's "add a round", the command line's ``--extra-round``), which makes that round declared."""
    rnd = round_to_pair(event)
    return rnd if rnd <= last_round(event) else None


def all_paired_text(event: Event) -> str:
    """What the Build page and the command line say when there is no next round to pair."""
    last = last_round(event)
    if event.is_round_robin and len(event.players) >= 2:
        return said("All {rounds} rounds of this round robin are paired", rounds=last)
    if last == 0:
        return said("This event has no rounds yet")
    if last == 1:
        return said("Round 1, the event's only round, is paired")
    return said("All {rounds} rounds are paired", rounds=last)


def withdrawn(event: Event, rnd: int) -> list[int]:
    """Players who look withdrawn before round ``rnd``: absent in the previous round after taking part."""
    if rnd < 2:
        return []
    out = []
    for t in event.tpns:
        row = [event.entry(t, r) for r in range(1, rnd)]
        if row[-1].kind is Kind.ABS and any(e.kind is not Kind.ABS for e in row[:-1]):
            out.append(t)
    return out


def _with_round(event: Event, rnd: int) -> Event:
    return event if rnd <= event.rounds else event.with_entries(event.entries, rounds=rnd)


def _score(event: Event, tpn: int, before: int) -> Fraction:
    return event.score(tpn, through=before - 1)


def pairable(event: Event, rnd: int, absent: Iterable[int] = ()) -> list[int]:
    """Who is paired in round ``rnd``: everyone still absent in it, except those named in ``absent``."""
    left_out = set(absent)
    return [t for t in sorted(event.tpns) if event.entry(t, rnd).kind is Kind.ABS and t not in left_out]


# -- the three methods ------------------------------------------------------------------------------

def pair_next_round(event: Event, method: Method, absent: Iterable[int] = (),
                    progress: Callable[[str], None] | None = None,
                    run_dutch: DutchRunner | None = None,
                    max_dutch: int | None = None, extra_round: bool = False) -> tuple[Event, RoundPairing]:
    """Pair the next round (see :func:`round_to_pair`) and return the event with its bye, and the boards.

    ``absent`` lists players to leave out (withdrawn, absent); ``progress`` receives a line of text at
    each stage.  The FIDE Dutch engine can take minutes on a big field: ``run_dutch`` decides where it runs
    (called as ``run_dutch(dutch_pairs, event, round, players)``; the app passes one that uses a separate,
    time-limited process it can stop); without it the engine runs right here.  ``max_dutch`` refuses the
    Dutch pairing for more players than that (a shared server's limit).

    A round past the event's last one (:func:`last_round`) is refused, unless ``extra_round`` asks for it
    deliberately (a Swiss only: the round is then added to the event).  A pairing-allocated bye already
    entered for the round (some programs enter it before the boards) is kept, and its player left out.
    """
    say = progress or (lambda _msg: None)
    waiting = event.first_pending_round()
    if waiting is not None:
        games = sum(1 for r, _w, _b in event.pending_games() if r == waiting)
        raise EventError(said_n("round {round} still has {n} game to be played; enter its result before pairing "
                                "the next round",
                                "round {round} still has {n} games to be played; enter their results before "
                                "pairing the next round", games, round=waiting))
    rnd = round_to_pair(event)
    if rnd > last_round(event) and not (extra_round and not event.is_round_robin):
        if last_round(event) == 0:
            raise EventError(said("this event has no rounds yet: add its first round before pairing it"))
        raise EventError(said("{paired}: round {round} would be past the event's last round; add a round to the "
                              "event first if it is to have one more", paired=Lowered(all_paired_text(event)),
                              round=rnd))
    if method not in pairings_for(event):
        kind = said("a round robin") if event.is_round_robin else said("a Swiss")
        allowed = [said(METHODS[m]) for m in pairings_for(event)]
        chosen = said(METHODS[method]) if method in METHODS else method
        if len(allowed) == 2:
            raise EventError(said("this event is {kind}: pair it by {first} or {second}, not by {method}", kind=kind,
                                  first=allowed[0], second=allowed[1], method=chosen))
        raise EventError(said("this event is {kind}: pair it by {allowed}, not by {method}", kind=kind,
                              allowed=Joined(allowed, " or "), method=chosen))
    start = time.perf_counter()
    if method == "berger":
        boards, bye, out = _berger(event, rnd)
    else:
        players = pairable(event, rnd, absent)
        if len(players) < 2:
            raise EventError(said("round {round} needs at least two players to pair; {count} available", round=rnd,
                                  count=len(players)))
        say(f"Round {rnd}: pairing {len(players)} players")
        if method == "dutch":
            if max_dutch is not None and len(players) > max_dutch:
                raise EventError(said("the FIDE Dutch pairing is limited to {most} players on this shared server (round "
                                      "{round} has {count}: it would take minutes and slow down everybody's pages); "
                                      "choose the fast pairing, or run Tiebreak Lab on your own computer for the "
                                      "exact Dutch pairing", most=max_dutch, round=rnd, count=len(players)))
            boards, bye = _dutch(event, rnd, players, say, run_dutch)
        elif method == "fast":
            boards, bye = _fast(event, rnd, players)
        else:
            raise EventError(said("unknown pairing method {method}; choose one of {known}", method=repr(method),
                                  known=", ".join(METHODS)))
        out = []
        repeats = repeated_boards(event, rnd, boards)
        if repeats:
            repeated = Joined([said("{pair} (they played in round {round})", pair=describe(event, w, b), round=met)
                               for w, b, met in repeats], "; ")
            raise EventError(said("round {round} was not paired: the pairing found would repeat games already played "
                                  "({repeated}). Try the FIDE Dutch system, or leave fewer players out", round=rnd,
                                  repeated=repeated))
    ev = _with_round(event, rnd)
    if bye is not None:
        entries = {t: list(row) for t, row in ev.entries.items()}
        entries[bye][rnd - 1] = Entry.bye(Kind.PAB, ev.pab_points)
        ev = ev.with_entries(entries, rounds=ev.rounds)
    ev = schedule(ev, {rnd: boards})
    seconds = time.perf_counter() - start
    say(f"Round {rnd}: {len(boards)} boards paired in {seconds:.1f} s")
    return ev, RoundPairing(rnd, tuple(boards), bye, method, seconds, tuple(out))


def _dutch(event: Event, rnd: int, players: list[int], say: Callable[[str], None],
           run_dutch: DutchRunner | None) -> tuple[list[tuple[int, int]], int | None]:
    """:func:`engine.pairing.dutch.dutch_pairs`, where ``run_dutch`` says (here when it is None)."""
    say("Collecting scores, colours, floats and earlier opponents")
    say("Running the FIDE Dutch engine (this is the slow part on big fields)")
    try:
        return run_dutch(dutch_pairs, event, rnd, players) if run_dutch else dutch_pairs(event, rnd, players)
    except EventError as exc:  # the engine's own failure (or its time limit) reaches the user as a plain sentence
        raise EventError(said("the Dutch pairing engine could not pair round {round} ({reason}); try the fast pairing",
                              round=rnd, reason=exc.line_said())) from None


def _berger(event: Event, rnd: int) -> tuple[list[tuple[int, int]], None, list[int]]:
    """Round ``rnd`` of the Berger tables over all players in pairing-number order."""
    order = sorted(event.tpns)
    table = berger_pairings(len(order))
    if rnd > len(table):
        raise EventError(said("a single round robin of {players} players has {rounds} rounds; round {round} does not "
                              "exist", players=len(order), rounds=len(table), round=rnd))
    boards, out = [], []
    for white, black in table[rnd - 1]:
        if white > len(order) or black > len(order):
            out.append(order[(black if white > len(order) else white) - 1])
            continue
        boards.append((order[white - 1], order[black - 1]))
    for w, b in boards:
        if event.entry(w, rnd).kind is not Kind.ABS or event.entry(b, rnd).kind is not Kind.ABS:
            raise EventError(said("round {round} already has an entry for {white} or {black}; clear the round first",
                                  round=rnd, white=w, black=b))
    return boards, None, out


def _fast(event: Event, rnd: int, players: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """A simple Swiss: score groups, top half v bottom half, no rematch when avoidable, balanced colours."""
    score = {t: _score(event, t, rnd) for t in players}
    ranked = sorted(players, key=lambda t: (-score[t], t))
    met: dict[int, Counter[int]] = {t: Counter() for t in event.tpns}
    had_bye: set[int] = set()
    whites = {t: 0 for t in event.tpns}
    last: dict[int, str | None] = {t: None for t in event.tpns}
    for t in event.tpns:
        for r in range(1, rnd):
            e = event.entry(t, r)
            if e.kind is Kind.G and e.opponent is not None:
                met[t][e.opponent] += 1
                whites[t] += 1 if e.colour == "W" else -1 if e.colour == "B" else 0
                last[t] = e.colour
            elif e.kind in (Kind.PAB, Kind.FW):
                had_bye.add(t)
    bye = None
    if len(ranked) % 2:
        bye = next((t for t in reversed(ranked) if t not in had_bye), ranked[-1])
        ranked.remove(bye)
    order = preferred_order(ranked, score)
    # rematch-free when it can be found quickly; otherwise the fewest rematches, at the bottom of the list
    pairs = pair_without_rematches(order, met, budget=5000, window=len(order)) or pair_least_bad(order, met)
    boards: list[tuple[int, int]] = []
    for a, b in pairs:
        da, db = whites[a], whites[b]
        if da != db:
            white = a if da < db else b
        elif last[a] != last[b] and (last[a] or last[b]):
            white = a if last[a] == "B" or last[b] == "W" else b
        else:
            white = min(a, b) if (len(boards) + rnd) % 2 else max(a, b)
        boards.append((white, b if white == a else a))
    return boards, bye


# -- results ----------------------------------------------------------------------------------------

def waiting_boards(event: Event, rnd: int, boards: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The boards of round ``rnd`` that still have no result on either side (a game still to be played,
    or, in events saved before games could be scheduled, two empty cells)."""
    waiting = (Kind.ABS, Kind.SCH)
    return [(w, b) for w, b in boards if rnd <= event.rounds
            and event.entry(w, rnd).kind in waiting and event.entry(b, rnd).kind in waiting]


def schedule(event: Event, boards: Mapping[int, Iterable[tuple[int, int]]]) -> Event:
    """The event with each board (White, Black) of each round entered as a game still to be played
    (``?W9`` / ``?B4``): both players and colours known, the result to come.

    A board whose two cells already hold something else (a result entered meanwhile, a bye) is left as it
    is, so entering the same pairing twice, or over results, changes nothing.
    """
    entries = {t: list(row) for t, row in event.entries.items()}
    changed = False
    for rnd, pairs in boards.items():
        for w, b in pairs:
            if not (1 <= rnd <= event.rounds and w in entries and b in entries):
                continue
            if {entries[w][rnd - 1].kind, entries[b][rnd - 1].kind} <= {Kind.ABS, Kind.SCH}:
                entries[w][rnd - 1] = Entry.scheduled(b, "W")
                entries[b][rnd - 1] = Entry.scheduled(w, "B")
                changed = True
    return event.with_entries(entries, rounds=event.rounds) if changed else event


def scheduled_boards(event: Event) -> dict[int, list[tuple[int, int]]]:
    """The games still to be played, as boards (White, Black) per round."""
    out: dict[int, list[tuple[int, int]]] = {}
    for rnd, w, b in event.pending_games():
        out.setdefault(rnd, []).append((w, b))
    return out


def random_results(event: Event, rnd: int, boards: Iterable[tuple[int, int]], seed: int,
                   draw_rate: float = 0.3) -> Event:
    """The event with every waiting board of round ``rnd`` given a result drawn from the ratings.

    White's expected score is the Elo expectation; draws are likeliest between equals
    (``draw_rate * (1 - |2E - 1|)``), and the same seed always gives the same results.
    """
    rng = random.Random(seed)
    entries = {t: list(row) for t, row in _with_round(event, rnd).entries.items()}
    for w, b in waiting_boards(event, rnd, boards):
        chances = elo_chances(event.player(w).rating or UNRATED_STRENGTH, event.player(b).rating or UNRATED_STRENGTH,
                              draw_rate)
        points = (ZERO, HALF, ONE)[draw_result(rng, chances)]
        entries[w][rnd - 1] = Entry.game(b, "W", points)
        entries[b][rnd - 1] = Entry.game(w, "B", ONE - points)
    return event.with_entries(entries, rounds=max(event.rounds, rnd))

