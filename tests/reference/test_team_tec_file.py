"""FIDE TEC's 14-team event read from its TRF-2026 file, every column of the book's answers compared.

``tests/data/teams/fide_tec_teams14.trf`` and ``.expected.csv`` (see that folder's README: typed from
FIDE TEC's Exercises in Tie-Breaking, checked against the book).  The book's rules are the 2024 edition.
"""
from __future__ import annotations

import csv
from decimal import Decimal
from fractions import Fraction

import pytest

from engine.core.exact import round_half_up
from engine.teams.codes import parse_team_code, parse_team_codes
from engine.teams.context import TeamContext
from engine.teams.encounter import split_group
from engine.teams.files import load_team_event
from engine.teams.model import TeamEvent
from engine.teams.standings import team_standings
from engine.teams.tiebreaks import compute
from tests.paths import REPO_ROOT

DATA = REPO_ROOT / "tests" / "data" / "teams"
EVENT = load_team_event(DATA / "fide_tec_teams14.trf")
CTX = TeamContext(EVENT, "fide2024")
with open(DATA / "fide_tec_teams14.expected.csv", encoding="utf-8") as f:
    BOOK = {int(r["TPN"]): r for r in csv.DictReader(f)}


@pytest.mark.parametrize("code", ["MPTS", "GPTS", "MPvGP", "BH:MP", "BH:MP/C1", "BH:GP", "BH:GP/C1", "EMMSB",
                                  "EMMSB/C1", "EGMSB", "EMGSB", "EGGSB"])
def test_every_value_of_the_book(code):
    wanted = {t: Fraction(r[code]) for t, r in BOOK.items() if r[code]}
    assert {t: Fraction(compute(CTX, parse_team_code(code), t).value or 0) for t in wanted} == wanted


def test_sssc_to_the_books_one_decimal():
    for t, r in BOOK.items():
        assert round_half_up(Fraction(compute(CTX, parse_team_code("SSSC"), t).value or 0), 1) == Decimal(r["SSSC"])


def test_the_score_each_team_counts_for_as_an_opponent():
    for t, r in BOOK.items():
        assert (CTX.adjusted(t, "MP")[0], CTX.adjusted(t, "GP")[0]) == (Fraction(r["Adj_MP"]), Fraction(r["Adj_GP"]))


def _ranks(ev: TeamEvent, primary: str) -> dict[int, int]:
    from dataclasses import replace
    e = replace(ev, scoring=replace(ev.scoring, primary=primary))
    st = team_standings(TeamContext(e, "fide2024"), parse_team_codes("MPvGP"))
    return {r.tpn: r.rank for r in st.rows}


def test_ex34_the_podium_depends_on_which_score_is_primary():
    assert _ranks(EVENT, "MP") == {t: int(r["Rank_MP_GP"]) for t, r in BOOK.items()}
    assert _ranks(EVENT, "GP") == {t: int(r["Rank_GP_MP"]) for t, r in BOOK.items()}


def test_ede_places_inside_each_match_point_group():
    ede = parse_team_code("EDE")
    groups: dict[Fraction, list[int]] = {}
    for t in EVENT.tpns:
        groups.setdefault(EVENT.mp(t), []).append(t)
    for group in groups.values():
        if len(group) < 2:
            continue
        sp = split_group(CTX, ede, group)
        assert {t: sp.place(t) for t in group} == {t: int(BOOK[t]["EDE_position"]) for t in group}


def test_ex46_to_48_on_the_koalas_narwhals_match():
    for code, last in (("EDEC", "3½ against 6½"), ("EDET", "1 against 0"), ("EDEB", "2 against 1")):
        sp = split_group(CTX, parse_team_code(code), [11, 14])
        assert [sp.place(11), sp.place(14)] == [int(BOOK[11]["TBR_position"]), int(BOOK[14]["TBR_position"])]
        assert last in sp.steps[-1]
    assert (BOOK[11]["BC_mutual_match"], BOOK[14]["BC_mutual_match"]) == ("3.5", "6.5")
    assert (BOOK[11]["BBE_mutual_match"], BOOK[14]["BBE_mutual_match"]) == ("2", "1")
