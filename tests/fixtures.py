"""The test events, typed in from their crosstables (compact wallchart notation).

Fixture A is FIDE TEC's tie-break exercise of 2024 (16 players, 5 rounds; player 12's row rebuilt from the
other rows, which reproduces FIDE's published BH(4) = 15); B a 6-player round robin; D one player with a
pairing bye among filler players; L a 3-player lichess Swiss from a lichess forum bug report."""
from __future__ import annotations

from engine.core.example import build, fide_exercise  # noqa: F401 (tests import them from here)
from engine.core.model import Event, EventType

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


def fixture_a() -> Event:
    """FIDE TEC's 16-player, 5-round Swiss exercise; ratings are ours, 2250 − 50·k (they match the six the
    exercise gives)."""
    return fide_exercise()


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
