"""Swiss-Manager's chess-results uploads of team events: Eschlkam 2025 (team Swiss), Halle 2025 (round robin)."""
from __future__ import annotations

import io
from fractions import Fraction

import pytest

from engine.cli import main
from engine.core.errors import EventError
from engine.teams.chessresults_xml import read_team_upload
from engine.teams.codes import parse_team_code
from engine.teams.context import TeamContext
from engine.teams.files import is_team_file, load_team_event
from engine.teams.presets import team_preset
from engine.teams.tiebreaks import compute
from tests.paths import REPO_ROOT

DATA = REPO_ROOT / "tests" / "data" / "teams"
XML = DATA / "eschlkam_2025_team_swiss.xml"


def test_the_upload_reads_the_same_event_as_its_trf_conversion():
    x, t = load_team_event(XML), load_team_event(DATA / "eschlkam_2025_team_swiss.trf")
    assert is_team_file(XML)
    assert {i: (x.mp(i), x.gp(i)) for i in x.tpns} == {i: (t.mp(i), t.gp(i)) for i in t.tpns}
    assert x.scoring.value_of("PAB", 4) == (2, 4)        # the bye: a 4-0 win
    assert {(m.round, frozenset((m.home, m.away))) for m in x.matches} == \
        {(m.round, frozenset((m.home, m.away))) for m in t.matches}


def test_its_own_published_tie_breaks_are_reproduced():
    ev = load_team_event(XML)
    preset = team_preset("swiss-manager")
    ctx = TeamContext(ev, preset.rules or "fide", preset.options)
    for t in ev.tpns:
        # tb1 = match points (#13), tb2 = game points (#1), tb3 = Buchholz variable 2023 (#84)
        published = [Fraction(ev.header[f"team {t} tb{k}"].replace(",", ".")) for k in (1, 2, 3)]
        assert [ev.mp(t), ev.gp(t), compute(ctx, parse_team_code("BH:MP"), t).value] == published


def test_the_command_line_reads_an_upload():
    out, err = io.StringIO(), io.StringIO()
    assert main(["standings", str(XML), "--preset", "swiss-manager", "--format", "csv"], out=out, err=err) == 0
    assert out.getvalue().splitlines()[1].startswith("1,3,PTSV SK Hof,17.5,50,11,17.5")


def test_a_round_robin_upload_with_a_board_left_without_result():
    ev = load_team_event(DATA / "halle_2025_team_roundrobin.xml")
    assert ev.round_robin and (ev.mp(1), ev.gp(1), ev.mp(2), ev.gp(2)) == (2, Fraction(5, 2), 2, Fraction(5, 2))
    first = next(m for m in ev.matches if m.round == 1)
    assert not first.boards[0].played and first.boards[0].points == (0, 0)


def test_a_document_type_declaration_is_refused():
    text = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><chessresults></chessresults>'
    with pytest.raises(EventError) as err:
        read_team_upload(text, "bomb.xml")
    assert str(err.value).startswith("bomb.xml:") and "document type" in str(err.value)
