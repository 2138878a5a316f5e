"""The test events, typed in from their crosstables (compact wallchart notation).

Fixture A is FIDE TEC's tie-break exercise of 2024 (16 players, 5 rounds; player 12's row rebuilt from the
other rows, which reproduces FIDE's published BH(4) = 15); B a 6-player round robin; D one player with a
pairing bye among filler players; L a 3-player lichess Swiss from a lichess forum bug report."""
from __future__ import annotations

from fractions import Fraction

from engine.core.model import Entry, Event, EventType, Kind, Player, make_event


def parse_cell(token: str) -> Entry:
    """``+W9`` win with White vs 9, ``=B13`` draw with Black, ``-F11`` forfeit loss, ``+F14`` forfeit win."""
    if token in ("PAB", "FPB", "HPB", "ZPB", "ABS"):
        return Entry.bye(Kind(token))
    sign, rest = token[0], token[1:]
    if rest[0] == "F":
        opp = int(rest[1:])
        return Entry(Kind.FW, opp, None, Fraction(1)) if sign == "+" else Entry(Kind.FL, opp, None, Fraction(0))
    colour, opp = rest[0], int(rest[1:])
    points = {"+": Fraction(1), "=": Fraction(1, 2), "-": Fraction(0)}[sign]
    return Entry.game(opp, colour, points)


def build(name: str, table: str, ratings: dict[int, int | None] | None = None,
          names: dict[int, str] | None = None, event_type: EventType = EventType.SWISS) -> Event:
    players, entries = [], {}
    for line in table.strip().splitlines():
        cells = line.split()
        tpn = int(cells[0])
        players.append(Player(tpn, (names or {}).get(tpn, f"Player {tpn}"),
                              rating=(ratings or {}).get(tpn)))
        entries[tpn] = [parse_cell(c) for c in cells[1:]]
    return make_event(name, players, entries, event_type=event_type)


FIXTURE_A = """
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

FIXTURE_B = """
1 +W6 =W2 +B3 -W4 +B5
2 +W5 =B1 =W6 =W3 +B4
3 +W4 =B5 -W1 =B2 +W6
4 -B3 +B6 +W5 +B1 -W2
5 -B2 =W3 -B4 +B6 -W1
6 -B1 -W4 =B2 -W5 -B3
"""

FIXTURE_L = """
1 =W2 +W3 PAB
2 =B1 PAB +W3
3 HPB -B1 -B2
"""

FIXTURE_A_NAMES = {1: "Alyx", 2: "Bruno", 3: "Charline", 4: "David", 5: "Helene", 6: "Franck", 7: "Genevieve",
                   8: "Irina", 9: "Jessica", 10: "Lais", 11: "Maria", 12: "Nick", 13: "Opal", 14: "Paul",
                   15: "Reine", 16: "Stephan"}


def fixture_a() -> Event:
    """FIDE TEC's 16-player, 5-round Swiss exercise; ratings are ours, 2250 − 50·k (they match the six the
    exercise gives)."""
    return build("Fixture A", FIXTURE_A, {k: 2250 - 50 * k for k in range(1, 17)}, FIXTURE_A_NAMES)


def fixture_b() -> Event:
    """A 6-player round robin, players A–F."""
    return build("Fixture B", FIXTURE_B, names=dict(enumerate("ABCDEF", start=1)),
                 event_type=EventType.ROUND_ROBIN)


def fixture_d() -> Event:
    """One player P (#1) in a 4-round Swiss with a PAB in round 2; X, Y, Z finish on 2, 3 and 2½.

    Filler players complete the pairings so that X (#2), Y (#3) and Z (#4) reach their scores with no
    unplayed game of their own.
    """
    table = """
    1 +W2 PAB -B3 =W4
    2 -B1 +W5 =B6 =W7
    3 +W5 =B6 +W1 =B8
    4 =B6 +W7 =W8 =B1
    5 -B3 -B2 +W9 =W6
    6 =W4 =W3 =W2 =B5
    7 +W8 -B4 PAB =B2
    8 -B7 +W9 =B4 =W3
    9 PAB -B8 -B5 PAB
    """
    return build("Fixture D", table, names={1: "P", 2: "X", 3: "Y", 4: "Z"})


def fixture_l() -> Event:
    """The 3-player lichess Swiss of a forum bug report (P3's late-entry half point as an HPB)."""
    return build("Fixture L", FIXTURE_L, names={1: "P1", 2: "P2", 3: "P3"})
