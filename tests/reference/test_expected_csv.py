"""Every value of tests/data/trf/*.expected*.csv against our engine (see that folder's README.md).

The files hold published or independently computed tie-breaks keyed by ``StartNo``; their column names are
the peer's (gacrux) codes: ``GE`` is our ``REP``, ``BH/C1/N`` the cut without the VUR exception, ``BH/P``
forfeits counted as played, ``VUR`` the number of voluntarily unplayed rounds, ``DE_position`` the place
inside the group tied on points (our DE value with the order ``PTS DE``).  Each TRF is read with our own
reader (``engine.formats.trf.load_trf``) and computed under the rule set in force for the file:

* ``fide_tec_swiss16.expected.csv``: FIDE TEC official solutions, C.07 2023/2024 -> ``fide2024``.
* ``fide_tec_swiss16.expected_2026.csv``: the same event under the 2026 revision -> ``fide``.
* ``unplayed_cases_8p5r.expected.csv``: hand-computed under 2023/2024 with the unrated opponent left out of
  ARO/TPR -> ``fide2024`` with ``unrated="exclude"``.
* ``fide_tec_rr6.expected.csv``: round robin, official SB, SB/C1, KS and DE (TEC exercises 14-16, 26).
* ``uzchess_cup_masters_2025.expected.csv``: round robin; ``DE_position`` 0 marks a player not tied on points
  (our DE value None).
* ``fide_womens_world_rapid_2024.expected.csv``: 110 players, 11 rounds, no unplayed games.
"""
from __future__ import annotations

import csv
import functools
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from engine.core.codes import parse_code, parse_codes
from engine.core.exact import Number, round_fraction
from engine.core.model import Event
from engine.core.rules import Options
from engine.formats.trf import load_trf, warnings_of
from engine.ranking.standings import standings, traced_values
from tests.paths import TRF_DIR

#: columns that are not tie-break values
NOT_VALUES = {"StartNo", "Name", "FideId"}
#: columns of the files that have no counterpart in our engine: the DE points inside the tied group are
#: only shown in DE's explanation; the resulting position (DE_position) is compared
NOT_OURS = {"DE_points"}
#: gacrux column name -> our code
RENAMED = {"GE": "REP", "DE_position": "DE"}


@dataclass(frozen=True)
class Case:
    csv: str
    trf: str
    rules: str
    unrated: str | int = "off"
    #: an empty cell: True = "no value" (our None); False = "not given in the source" (not compared)
    empty_is_none: bool = True
    #: DE_position 0 means "not tied": our None
    de_zero_is_none: bool = False
    #: columns printed rounded: ours is rounded half up to this many decimals before comparing
    places: tuple[tuple[str, int], ...] = ()
    #: the source printed those columns from binary floats (an exact x.xx5 may come out either way)
    float_printed: bool = False

    @property
    def id(self) -> str:
        return self.csv.removesuffix(".csv")


CASES: tuple[Case, ...] = (
    # AOB: FIDE C.07 art. 8.2 as FIDE's reference calculator applies it keeps 2 decimals below 9 rounds, but the TEC
    # solutions were published to 1 decimal (13.375 -> 13.4); the official figure is compared at its precision.
    Case("fide_tec_swiss16.expected.csv", "fide_tec_swiss16.trf", "fide2024", places=(("AOB", 1),)),
    # BH/C1 is not given for #2, #6 and #10 (empty cells); AOB is printed to 2 decimals, trailing 0 dropped.
    Case("fide_tec_swiss16.expected_2026.csv", "fide_tec_swiss16.trf", "fide", empty_is_none=False,
         places=(("AOB", 2),)),
    Case("unplayed_cases_8p5r.expected.csv", "unplayed_cases_8p5r.trf", "fide2024", unrated="exclude"),
    Case("fide_tec_rr6.expected.csv", "fide_tec_rr6.trf", "fide2024"),
    Case("uzchess_cup_masters_2025.expected.csv", "uzchess_cup_masters_2025.trf", "fide2024", de_zero_is_none=True),
    # AOB is printed to 2 decimals although 11 rounds keep 3 (FIDE's reference calculator does).  The lichess
    # snapshot formatted binary doubles: 25 of the exact values end in 5 at the third decimal and 12 of them
    # were printed down (64.455 is stored as 64.45499...), so ours is formatted the same way, not rounded
    # half up; all 110 then agree.  The official value is the 3-decimal one.
    Case("fide_womens_world_rapid_2024.expected.csv", "fide_womens_world_rapid_2024.trf", "fide2024",
         places=(("AOB", 2),), float_printed=True),
)


def read_expected(case: Case) -> tuple[list[str], list[dict[str, str]]]:
    with (TRF_DIR / case.csv).open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        return list(reader.fieldnames or []), rows


def our_code(column: str) -> str:
    """The file's column as our canonical code (an unknown code is an error, never skipped)."""
    return str(parse_code(RENAMED.get(column, column)))


def value_columns(case: Case) -> list[str]:
    header, _ = read_expected(case)
    return [c for c in header if c not in NOT_VALUES and c not in NOT_OURS]


@functools.lru_cache(maxsize=None)
def event_of(name: str) -> Event:
    event = load_trf(TRF_DIR / name)
    assert not warnings_of(event), warnings_of(event)
    return event


@functools.lru_cache(maxsize=None)
def our_values(case: Case, traced: bool) -> dict[str, dict[int, Number | None]]:
    """Our value of every column for every player: one ranking for the group-independent codes, and
    ``PTS DE`` for direct encounter (its value depends on who is tied when it is reached).  ``traced``:
    through the explaining calculators instead of the standings' fast path."""
    event = event_of(case.trf)
    options = Options(unrated=case.unrated)
    codes = [our_code(c) for c in value_columns(case)]
    plain = [c for c in codes if c not in ("PTS", "DE")]
    values: dict[str, dict[int, Number | None]] = {}
    st = standings(event, parse_codes(plain or ["PTS"]), case.rules, options,
                   values_provider=traced_values if traced else None)
    for code in ["PTS", *plain]:
        values[code] = {row.tpn: row.values[code] for row in st.rows}
    if "DE" in codes:
        de = standings(event, parse_codes(["DE"]), case.rules, options)
        values["DE"] = {row.tpn: row.values["DE"] for row in de.rows}
    return values


def expected_value(case: Case, column: str, cell: str) -> tuple[bool, Fraction | None]:
    """(compare?, value) for one cell."""
    cell = cell.strip()
    if not cell:
        return case.empty_is_none, None
    value = Fraction(cell)
    if column == "DE_position" and case.de_zero_is_none and value == 0:
        return True, None
    return True, value


def comparable(case: Case, column: str, value: Number | None) -> Fraction | None:
    if value is None:
        return None
    places = dict(case.places)
    if column in places and case.float_printed:
        return Fraction(format(float(value), f".{places[column]}f"))
    if column in places:
        return round_fraction(Fraction(value), places[column])
    return Fraction(value)


PARAMS = [pytest.param(case, column, id=f"{case.id}-{column}") for case in CASES for column in value_columns(case)]


@pytest.mark.parametrize("case,column", PARAMS)
def test_column_equals_expected(case: Case, column: str) -> None:
    _, rows = read_expected(case)
    compared = 0
    bad: list[str] = []
    for traced in (False, True):
        ours = our_values(case, traced)[our_code(column)]
        path = "traced calculators" if traced else "standings"
        for row in rows:
            tpn = int(row["StartNo"])
            wanted, expected = expected_value(case, column, row[column])
            if not wanted:
                continue
            compared += 1
            mine = comparable(case, column, ours[tpn])
            if mine != expected:
                name = row.get("Name", "")
                bad.append(f"{case.csv} [{case.rules}, {path}] player {tpn} {name}: {column} ours {mine} "
                           f"(exact {ours[tpn]}) vs expected {row[column]!r}")
    assert compared > 0
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_every_player_of_the_file_is_listed(case: Case) -> None:
    """The CSV and the TRF have the same players, and every column is one we know."""
    _, rows = read_expected(case)
    assert sorted(int(r["StartNo"]) for r in rows) == sorted(event_of(case.trf).tpns)
    for column in value_columns(case):
        our_code(column)


def test_files_are_all_covered() -> None:
    on_disk = {p.name for p in Path(TRF_DIR).glob("*.expected*.csv")}
    assert on_disk == {c.csv for c in CASES}
