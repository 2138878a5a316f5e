"""Our team tie-breaks against FIDE TEC's own checker, ``gacrux``, on generated team events.

Each event has byes from the pairing, half- and zero-point byes, forfeited matches (one side or both),
forfeited boards, empty boards and reserves sitting out.  It is written as TRF-2026 by our writer, read back
by our reader and by ``gacrux``, and every value compared.  Dates before and after 1 March 2026 select the
2024 and 2026 editions in ``gacrux``; we pass the same edition.
"""
from __future__ import annotations

import csv
import io
import subprocess
import sys
from fractions import Fraction

import pytest

from engine.teams.codes import parse_team_code, parse_team_codes
from engine.teams.context import TeamContext
from engine.teams.generate import generate_team_event
from engine.teams.standings import team_standings
from engine.teams.tiebreaks import compute
from engine.teams.trf_teams import read_team_trf
from engine.teams.trf_write import write_team_trf

NUMERIC = ["MPTS", "GPTS", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "BH:MP/P", "EMMSB", "EMGSB",
           "EGMSB", "EGGSB", "EMMSB/C1", "EMGSB/C1/P", "EGGSB/C1", "SSSC", "BC", "PS:MP", "KS:MP", "WIN", "FB:MP",
           "FB:GP/C1", "AOB:MP", "AOB:GP/F"]
EDITIONS = [("2025/05/01", "fide2024"), ("2026/06/01", "fide")]


def gacrux(path: str, codes: list[str], *extra: str) -> dict[int, dict[str, str]]:
    done = subprocess.run([sys.executable, "-m", "gacrux.tiebreakchecker", "-i", path, "-t", *codes, *extra,
                           "-d", "C"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return {int(r["StartNo"]): r for r in csv.DictReader(io.StringIO(done.stdout))}


def event_file(tmp_path, seed: int, date: str, **kw):  # type: ignore[no-untyped-def]
    ev = generate_team_event(teams=11 + seed % 4, rounds=5 + seed % 4, boards=3 + seed % 3, seed=seed, date=date, **kw)
    path = tmp_path / f"gen{seed}.trf"
    path.write_text(write_team_trf(ev), encoding="utf-8")
    return str(path), read_team_trf(path.read_text(encoding="utf-8"), path.name)


@pytest.mark.parametrize("date,rules", EDITIONS)
def test_every_value_agrees_with_the_fide_checker(tmp_path, date, rules):
    compared = 0
    for seed in range(1, 5):
        path, ev = event_file(tmp_path, seed, date)
        theirs = gacrux(path, NUMERIC)
        ctx = TeamContext(ev, rules)
        for t in ev.tpns:
            for code in NUMERIC:
                ours = compute(ctx, parse_team_code(code), t).value
                assert Fraction(theirs[t][code]) == ours, (seed, t, code)
                compared += 1
    assert compared >= 900


@pytest.mark.parametrize("code", ["EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "EDEC", "EDE/P", "TBR", "BBE"])
def test_direct_encounter_and_board_tie_breaks_rank_as_the_fide_checker(tmp_path, code):
    compared = 0
    for seed in range(1, 7):
        ev = generate_team_event(teams=9 + seed % 4, rounds=4 + seed % 3, boards=2 + seed % 3, seed=seed,
                                 date="2025/05/01", forfeit_match=0.05)
        path = tmp_path / f"ede{seed}.trf"
        path.write_text(write_team_trf(ev), encoding="utf-8")
        ev = read_team_trf(path.read_text(encoding="utf-8"), path.name)
        theirs = gacrux(str(path), ["MPTS", code], "-r")
        st = team_standings(TeamContext(ev, "fide2024"), parse_team_codes(code))
        assert {r.tpn: r.rank for r in st.rows} == {t: int(r["Rank"]) for t, r in theirs.items()}, seed
        compared += len(st.rows)
    assert compared > 60


def test_a_team_round_robin_agrees_with_the_fide_checker(tmp_path):
    from dataclasses import replace
    codes = ["MPTS", "GPTS", "BH:MP", "BH:GP/C1", "EMMSB", "EMGSB/C1", "EGGSB", "SSSC", "BC"]
    compared = 0
    for seed in range(1, 4):
        ev = replace(generate_team_event(teams=7 + seed % 2, rounds=6, boards=4, seed=seed, date="2025/05/01",
                                         requested_bye=0.05), round_robin=True)
        path = tmp_path / f"rr{seed}.trf"
        path.write_text(write_team_trf(ev), encoding="utf-8")
        ev = read_team_trf(path.read_text(encoding="utf-8"), path.name)
        assert ev.round_robin
        theirs = gacrux(str(path), codes)
        ctx = TeamContext(ev, "fide2024")
        for t in ev.tpns:
            for code in codes:
                assert Fraction(theirs[t][code]) == compute(ctx, parse_team_code(code), t).value, (seed, t, code)
                compared += 1
    assert compared > 150
