"""A real team Swiss: the Cretan Friendship Cup 2024 (Heraklion), 15 teams, 7 rounds, 6 boards, TRF-16.

The official match points, game points, EGGSB and BH:MP of every team (the event ran under the 2024 rules)
are in ``tests/data/teams/heraklion_2024_team_swiss.expected.csv``; the README there says where they come
from and why one team's published EGGSB (308.25) needs one board of round 6 read as a forfeit win.
"""
from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from engine.teams.codes import parse_team_code
from engine.teams.context import TeamContext
from engine.teams.files import load_team_event
from engine.teams.tiebreaks import compute
from engine.teams.trf_teams import warnings_of
from tests.paths import REPO_ROOT

DATA = REPO_ROOT / "tests" / "data" / "teams"
with open(DATA / "heraklion_2024_team_swiss.expected.csv", encoding="utf-8") as f:
    OFFICIAL = {int(r["TPN"]): r for r in csv.DictReader(f)}


def value(ctx: TeamContext, code: str, t: int) -> Fraction:
    return Fraction(compute(ctx, parse_team_code(code), t).value or 0)


@pytest.mark.parametrize("code", ["MPTS", "GPTS", "EGGSB", "BH:MP"])
def test_the_corrected_file_gives_every_official_value(code):
    ev = load_team_event(DATA / "heraklion_2024_team_swiss_corrected.trf")
    ctx = TeamContext(ev, "fide2024")
    assert {t: value(ctx, code, t) for t in ev.tpns} == {t: Fraction(r[code]) for t, r in OFFICIAL.items()}


def test_the_original_file_the_bye_rounds_and_the_one_disputed_value():
    ev = load_team_event(DATA / "heraklion_2024_team_swiss.trf")
    ctx = TeamContext(ev, "fide2024")
    warnings = warnings_of(ev)
    # no team-level records in TRF-16: each round's team without a match is read as the pairing bye,
    # worth a drawn match on six boards (1 MP, 3 GP)
    assert sum("taken as the bye from the pairing" in w for w in warnings) == 7
    assert (ev.mp(5), ev.gp(5)) == (4, 18)          # ΚΥΔΩΝ: 1W 1D 4L and the bye
    # player 41's points column (1.0) disagrees with her games (0): said, and the games are used
    assert any("player 41's points column" in w for w in warnings)
    assert ev.gp(13) == Fraction(27, 2)             # 14.5 published
    # from the games alone Α.Σ.ΗΡΟΔΟΤΟΣ's EGGSB is 308.25 - 22 - 3: one game point fewer in round 6 against
    # Σ.A.ΧΕΡΣΟΝΗΣΟΥ (22 GP), and its bye round (3 GP) against a dummy with its own 13.5 instead of 14.5
    assert value(ctx, "EGGSB", 13) == Fraction(308_25, 100) - 22 - 3
    # every other team's BH:MP is unaffected by that point
    assert {t: value(ctx, "BH:MP", t) for t in ev.tpns} == {t: Fraction(r["BH:MP"]) for t, r in OFFICIAL.items()}
