"""The worked prize-splitting cases (US Chess rule 32B, the Hort system) as small events with their prize
lists, for the Prizes page and tests.

Each case pairs a prize list with an event whose score groups are those of the worked case: P1 one
leader and three tied behind; P2 three tied for first; P3 four tied, one of them a youth; P4 three
tied, one under 1800; P5 the forum's four-way tie for 3rd (one player rated 2495, three under 2400);
Hort the usual six-player Hort example (scores 8, 8, 7½, 7, 7, 7 over nine rounds).  Where the case
gives no crosstable, the games were chosen (round-robin pairings, results solved for the target
scores) so that the US Chess preset separates every tied player; the scores of P1–P4 are ours, the
groups and the prizes are the case's.  Each row: pairing number, name, rating, age (``-``: not given),
then the rounds in wallchart notation.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import EventError
from engine.core.model import Event, Player, make_event
from engine.core.notation import parse_notation
from engine.core.said import said
from engine.prizes.prize_list import Prize

_TABLES = {
    "P1": """
         2 Ada    1980  - +B10 +W8 =W1 +W7 +B9
         1 Ben    1870  - +W8 +B4 =B2 +W9 =B6
         4 Cleo   1905  - +W9 -W1 +W6 +W5 +W10
         3 Dev    1820  - -B6 +B9 +W5 +W10 +B7
         7 Eli    1760  - +W5 +B6 +W10 -B2 -W3
         6 Fay    1700  - +W3 -W7 -B4 +W8 =W1
         5 Gus    1640  - -B7 +B10 -B3 -B4 =B8
         9 Hana   1590  - -B4 -W3 +W8 -B1 -W2
         8 Ivo    1510  - -B1 -B2 -B9 -B6 =W5
        10 Jo     1450  - -W2 -W5 -B7 -B3 -B4
    """,
    "P2": """
         2 Ada    1850  - +W3 +W7 -B1 +B5
         1 Ben    1910  - +W6 -B5 +W2 +W8
         4 Cleo   1790  - =W8 +W3 =W6 +W7
         3 Dev    1720  - -B2 -B4 +W5 +W6
         7 Eli    1680  - +W5 -B2 +B8 -B4
         6 Fay    1600  - -B1 +W8 =B4 -B3
         5 Gus    1550  - -B7 +W1 -B3 -W2
         8 Hana   1480  - =B4 -B6 -W7 -B1
    """,
    "P3": """
         2 Ada    1950  - -W3 +B5 =W9 +W1 +B6
         1 Ben    1890  - +B5 =B9 +B8 -B2 +B7
         4 Cleo   1640 11 +B8 +W10 =W7 -B6 +W5
         3 Dev    1820  - +B2 +W8 =W6 -B10 +B9
         7 Eli    1760  - +W10 +W6 =B4 =B9 -W1
         6 Fay    1700  - +W9 -B7 =B3 +W4 -W2
         5 Gus    1610  - -W1 -W2 +W10 +B8 -B4
         9 Hana   1420 10 -B6 =W1 =B2 =W7 -W3
         8 Ivo    1500  - -W4 -B3 -W1 -W5 +B10
        10 Jo     1380  - -B7 -B4 -B5 +W3 -W8
    """,
    "P4": """
         2 Ada    1850  - -B4 +B3 +B6 +B1 +B8
         1 Ben    1750  - +B7 +W5 +B4 -W2 +B6
         4 Cleo   1920  - +W2 +W8 -W1 +B3 +B5
         3 Dev    1700  - +B5 -W2 +W8 -W4 +W7
         7 Eli    1810  - -W1 +W6 =B5 +B8 -B3
         6 Fay    1650  - +W8 -B7 -W2 +W5 -W1
         5 Gus    1600  - -W3 -B1 =W7 -B6 -W4
         8 Hana   1550  - -B6 -B4 -B3 -W7 -W2
    """,
    "P5": """
         2 Gina   2673  - +W3 +W1 +B4 +B14 +B9 -B5
         1 Hal    2699  - +W15 -B2 =W5 +B8 +W6 +B4
         4 Ivo    2495  - +B14 +B5 -W2 +B16 +W7 -W1
         3 Jan    2391  - -B2 =W9 +W8 =W7 +W14 +W16
         7 Kim    2387  - =B8 +B12 +B15 =B3 -B4 +W14
         6 Lee    2385  - -W16 +B15 +B14 +B10 -B1 +B12
         5 Max    2345  - =W12 -W4 =B1 =B9 +W13 +W2
         9 Nia    2340  - +W13 =B3 =W10 =W5 -W2 +B11
         8 Oli    2226  - =W7 +W11 -B3 -W1 +B16 +W10
        12 Pia    2208  - =B5 -W7 +W13 +B15 +W11 -W6
        10 Quinn  2148  - +B11 +W16 =B9 -W6 +W15 -B8
        11 Rosa   2105  - -W10 -B8 +B16 =W13 -B12 -W9
        13 Sam    2080  - -B9 =B14 -B12 =B11 -B5 =B15
        16 Tia    2040  - +B6 -B10 -W11 -W4 -W8 -B3
        14 Uma    1990  - -W4 =W13 -W6 -W2 -B3 -B7
        15 Vic    1960  - -B1 -W6 -W7 -W12 -B10 =W13
    """,
    "Hort": """
         2 Anna   2310  - +W5 +B11 +B12 +W9 +B4 -B3 +B7 +B10 +W8
         1 Boris  2285  - +W10 =W7 +B9 =B4 +W11 +W13 +W5 +W14 +B3
         4 Clara  2240  - +B12 +B13 +W8 =W1 -W2 +B5 +B6 +B9 +B11
         3 Dmitri 2205  - +B9 +B12 +W5 -W6 +B10 +W2 +W14 +B8 -W1
         7 Elena  2190  - +B13 =B1 +B10 +W14 +B8 +W11 -W2 =B6 +W9
         6 Felix  2160  - +B11 +W9 =B13 +B3 +B12 +W8 -W4 =W7 +B10
         5 Greta  2100  - -B2 +W8 -B3 -W10 +W14 -W4 -B1 -W13 +B12
         9 Hugo   2080  - -W3 -B6 -W1 -B2 +B13 =W10 +W12 -W4 -B7
         8 Ines   2050  - +B14 -B5 -B4 =W11 -W7 -B6 +B10 -W3 -B2
        12 Jonas  2010  - -W4 -W3 -W2 +W13 -W6 =W14 -B9 +W11 -W5
        10 Karin  1990  - -B1 =B14 -W7 +B5 -W3 =B9 -W8 -W2 -W6
        11 Lukas  1950  - -W6 -W2 +W14 =B8 -B1 -B7 =W13 -B12 -W4
        13 Mia    1920  - -W7 -W4 =W6 -B12 -W9 -B1 =B11 +B5 -W14
        14 Nils   1880  - -W8 =W10 -B11 -B7 -B5 =B12 -B3 -B1 +B13
    """,
}


@dataclass(frozen=True)
class PrizeCase:
    """A worked prize case: its event, prize list, method and the answer worked by hand."""

    name: str
    title: str
    method: str
    prizes: tuple[Prize, ...]
    expected: str
    currency: str = "$"

    def event(self) -> Event:
        return case_event(self.name)


def _d(dollars: int) -> int:
    return dollars * 100


CASES: dict[str, PrizeCase] = {c.name: c for c in [
    PrizeCase("P1", said("P1: one leader, three tied behind"), "uscf",
              (Prize("1st", _d(300), place=1), Prize("2nd", _d(200), place=2), Prize("3rd", _d(100), place=3),
               Prize("4th", _d(60), place=4)),
              said("Ada $300; Ben, Cleo and Dev each (200 + 100 + 60) / 3 = $120; the next group gets nothing.")),
    PrizeCase("P2", said("P2: three tied for first, two cash prizes and a trophy"), "uscf",
              (Prize("1st", _d(300), place=1), Prize("2nd", _d(150), place=2),
               Prize("Champion's trophy", None, place=1, indivisible=True)),
              said("$150 each; lower groups get nothing. The trophy goes by tie-break order.")),
    PrizeCase("P3", said("P3: four tied, one a youth (WinTD help example)"), "uscf",
              (Prize("1st", _d(300), place=1), Prize("2nd", _d(200), place=2),
               Prize("Top youth", _d(150), kind="class", age_max=12)),
              said("(300 + 200 + 150) / 4 = $162.50 each; the youth would get only $150 alone, so pooling stands. "
                   "Class prizes shared only among eligible players: the youth takes $150, the other three "
                   "(300 + 200) / 3 = $166.66 each.")),
    PrizeCase("P4", said("P4: three tied, one under 1800"), "uscf",
              (Prize("1st", _d(300), place=1), Prize("2nd", _d(200), place=2),
               Prize("Top U1800", _d(300), kind="class", rating_max=1799)),
              said("Pooling would give $266.67; the U1800 player gets more alone, so takes $300; the other two "
                   "split 300 + 200: $250 each. Class prizes shared only among eligible players: the same.")),
    PrizeCase("P5", said("P5: four tied for 3rd, class prizes above the place prizes (US Chess forum)"), "uscf",
              (Prize("1st", _d(2298), place=1), Prize("2nd", _d(1149), place=2), Prize("3rd", _d(536), place=3),
               Prize("4th", _d(306), place=4), Prize("5th", _d(230), place=5),
               Prize("U2400 1st", _d(1379), kind="class", rating_max=2399),
               Prize("U2400 2nd", _d(766), kind="class", rating_max=2399)),
              said("1379 + 766 + 536 + 306 = 2987, so $746.75 each; (b) gives the three under 2400 only $715. "
                   "Alternative reading (teaching only): the 2495 takes $536, the others $817 each. Class prizes "
                   "shared only among eligible players: the three under 2400 share 1379 + 766, $715 each; the "
                   "2495 takes 3rd, $536; 4th passes down.")),
    PrizeCase("Hort", said("Hort: two tied for first, three tied for fourth"), "hort",
              tuple(Prize(f"{i}{'st' if i == 1 else 'nd' if i == 2 else 'rd' if i == 3 else 'th'}", _d(v),
                          place=i) for i, v in enumerate((1000, 500, 350, 200, 150, 100), start=1)),
              said("875, 625, 350, 175, 150, 125: total 2300."), currency="€"),
]}


def case_event(name: str) -> Event:
    """The event of case ``name`` (a key of :data:`CASES`)."""
    if name not in _TABLES:
        raise EventError(said("unknown prize case {name}; choose one of {known}", name=repr(name),
                              known=", ".join(_TABLES)))
    players, entries = [], {}
    for line in _TABLES[name].strip().splitlines():
        tpn_text, pname, rating, age, *rounds = line.split()
        tpn = int(tpn_text)
        players.append(Player(tpn, pname, rating=int(rating), age=None if age == "-" else int(age)))
        entries[tpn] = [parse_notation(tok, f"prize case {name}", tpn, r) for r, tok in enumerate(rounds, start=1)]
    players.sort(key=lambda p: p.tpn)
    return make_event(f"Prize case {name}", players, entries)
