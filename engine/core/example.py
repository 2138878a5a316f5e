"""A small real event the engine ships for its examples: FIDE's 16-player, 5-round Swiss exercise.

The crosstable is written in a compact wallchart notation, one line per player: ``+W9`` a win with White
against #9, ``=B13`` a draw with Black against #13, ``-F11`` a forfeit loss against #11, ``+F14`` a forfeit
win, or a bye code (``PAB``, ``HPB``, ``FPB``, ``ZPB``, ``ABS``).  Ratings are 2250 − 50·k for player #k.

>>> event = fide_exercise()
>>> len(event.players), event.rounds, event.player(16).name
(16, 5, 'Stephan')
"""
from __future__ import annotations

from engine.core.model import Event, EventType, Player, make_event
from engine.core.notation import parse_notation

FIDE_EXERCISE = """
1 +W9 =B13 =W2 +B15 =W4
2 +B10 +W7 =B1 +W16 =B3
3 =W11 +B6 +W8 =B4 =W2
4 +B12 HPB +W13 =W3 =B1
5 -W13 -B15 +W11 =B7 +W10
6 -B14 -W3 PAB +W10 +B8
7 +W15 -B2 -B16 =W5 -B11
8 =B16 +W14 -B3 +W13 -W6
9 -B1 -W10 HPB -F11 PAB
10 -W2 +B9 -W15 -B6 -B5
11 =B3 -W16 -B5 +F9 +W7
12 -W4 PAB +F14 ABS ABS
13 +B5 =W1 -B4 -B8 -W14
14 +W6 -B8 -F12 ABS +B13
15 -B7 +W5 +B10 -W1 -B16
16 =W8 +B11 +W7 -B2 +W15
"""

FIDE_EXERCISE_NAMES = {1: "Alyx", 2: "Bruno", 3: "Charline", 4: "David", 5: "Helene", 6: "Franck", 7: "Genevieve",
                       8: "Irina", 9: "Jessica", 10: "Lais", 11: "Maria", 12: "Nick", 13: "Opal", 14: "Paul",
                       15: "Reine", 16: "Stephan"}


def build(name: str, table: str, ratings: dict[int, int | None] | None = None,
          names: dict[int, str] | None = None, event_type: EventType = EventType.SWISS) -> Event:
    """An event from a crosstable in the compact notation (players without a name are "Player k")."""
    players, entries = [], {}
    for line in table.strip().splitlines():
        cells = line.split()
        tpn = int(cells[0])
        players.append(Player(tpn, (names or {}).get(tpn, f"Player {tpn}"), rating=(ratings or {}).get(tpn)))
        entries[tpn] = [parse_notation(c, name, tpn, r) for r, c in enumerate(cells[1:], start=1)]
    return make_event(name, players, entries, event_type=event_type)


def fide_exercise() -> Event:
    """FIDE TEC's 16-player, 5-round Swiss exercise, with ratings 2250 − 50·k."""
    return build("Fixture A", FIDE_EXERCISE, {k: 2250 - 50 * k for k in range(1, 17)}, FIDE_EXERCISE_NAMES)
