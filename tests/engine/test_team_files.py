"""Team files: TRF-16 team lines, TRF-2026 team records, our JSON; round trips and one-line errors."""
from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from engine.core.errors import EventError
from engine.teams.files import is_team_file, load_team_event, save_team_event
from engine.teams.jsonteams import read_team_json, write_team_json
from engine.teams.trf_teams import read_team_trf, warnings_of
from engine.teams.trf_write import write_team_trf
from tests.paths import REPO_ROOT

DATA = REPO_ROOT / "tests" / "data" / "teams"
TEC = DATA / "fide_tec_teams14.trf"


def expected(name: str) -> dict[int, dict[str, str]]:
    with open(DATA / name, encoding="utf-8") as f:
        return {int(r["TPN"]): r for r in csv.DictReader(f)}


def test_the_tec_trf2026_file_reads_the_book_crosstable():
    ev = load_team_event(TEC)
    assert ev.boards == 4 and ev.rounds == 7 and len(ev.teams) == 14 and len(ev.players) == 84
    exp = expected("fide_tec_teams14.expected.csv")
    for t in ev.tpns:
        assert (ev.mp(t), ev.gp(t)) == (Fraction(exp[t]["MPTS"]), Fraction(exp[t]["GPTS"])), t
    assert ev.byes[(5, 12)] == "PAB" and ev.byes[(5, 14)] == "HPB" and ev.byes[(7, 7)] == "ZPB"
    assert [m.forfeit for m in ev.matches if m.round == 6 and 1 in (m.home, m.away)] == ["-+"]
    assert ev.file_tiebreaks == ("MPvGP",)
    assert warnings_of(ev) == []


@pytest.mark.parametrize("writer,reader", [(write_team_trf, read_team_trf), (write_team_json, read_team_json)])
def test_a_file_written_back_reads_the_same(writer, reader):
    ev = load_team_event(TEC)
    again = reader(writer(ev), "again")
    assert (again.teams, again.matches, again.byes, again.scoring, again.players, again.rounds, again.boards) == \
        (ev.teams, ev.matches, ev.byes, ev.scoring, ev.players, ev.rounds, ev.boards)
    assert reader(writer(again), "twice").matches == ev.matches


def p001(tpn: int, name: str, points: str, *blocks: str) -> str:
    return f"001 {tpn:4d}      {name:<33} {'':4} {'':3} {'':11} {'':10} {points:>4} {'':4}" + "".join(f"  {b}" for b in blocks)


SMALL = "\n".join([
    "012 Two teams, two boards", "142 1", "352 WB",
    p001(1, "Alpha, Ann", "1.0", "0000 - +"), p001(2, "Bravo, Bea", "1.0", "   4 w 1"), p001(3, "Charlie, Cy", "0.0"),
    p001(4, "Delta, Dan", "0.0", "   2 b 0"), p001(5, "Echo, Eve", "0.0"), p001(6, "Fox, Fay", "0.0"),
    "310   1 Team A                           A      1800    2.0    2.0   1     1    2    3",
    "310   2 Team B                           B      1700    0.0    0.0   2     4    5    6",
    "300   1   1   2    2    1", "300   1   2   1    4    0",
])


def test_a_line_up_out_of_roster_order_and_an_empty_board_go_through_300(tmp_path):
    ev = read_team_trf(SMALL, "small.trf")
    (m,) = ev.matches
    assert (m.home, m.away) == (1, 2)
    b1, b2 = m.boards
    assert b1.players == (2, 4) and b1.played and b1.points == (1, 0)
    assert b2.players == (1, None) and not b2.played and b2.points == (1, 0)
    assert (ev.mp(1), ev.gp(1), ev.mp(2), ev.gp(2)) == (2, 2, 0, 0)
    assert warnings_of(ev) == []
    path = tmp_path / "out.trf"
    save_team_event(ev, path)
    text = path.read_text(encoding="utf-8")
    assert "300   1   1   2    2    1" in text and "300   1   2   1    4    0" in text
    assert load_team_event(path).matches == ev.matches


def test_the_draft_numbering_reads_byes_from_330_and_forfeits_from_340():
    text = TEC.read_text(encoding="utf-8")
    text = text.replace("330 -+   6   6   1", "340 -+   6   6   1").replace("240 H   5   14", "330 H   5   14")
    ev = read_team_trf(text, "draft.trf")
    assert ev.byes[(5, 14)] == "HPB"
    assert any(m.forfeit == "-+" for m in ev.matches)
    assert any("2024 draft numbering" in w for w in warnings_of(ev))


@pytest.mark.parametrize("change,message", [
    (("310  12 Lynxes", "310  12 Lynxes"), None),
    (("   53   63", "   53    1"), "player 1 is in two teams"),
    (("   53   63", "   53  999"), "names player 999, who has no 001 line"),
])
def test_bad_team_lines_are_one_line_naming_file_and_line(change, message):
    text = TEC.read_text(encoding="utf-8").replace(*change)
    if message is None:
        read_team_trf(text, "tec.trf")
        return
    with pytest.raises(EventError) as err:
        read_team_trf(text, "tec.trf")
    assert message in str(err.value) and str(err.value).startswith("tec.trf:") and "\n" not in str(err.value)


def test_a_board_result_that_disagrees_with_its_opponent_is_refused():
    lines = TEC.read_text(encoding="utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    # player 1 won against 28 in round 1; make it a draw on one side only
    lines[i] = lines[i].replace("  28 w 1", "  28 w =", 1)
    with pytest.raises(EventError) as err:
        read_team_trf("\n".join(lines), "tec.trf")
    assert f"tec.trf:{i + 1}:" in str(err.value) and "disagrees" in str(err.value)


def test_a_json_team_file_with_a_bad_value_names_where():
    doc = write_team_json(load_team_event(TEC)).replace('"primary": "MP"', '"primary": "XP"')
    with pytest.raises(EventError) as err:
        read_team_json(doc, "t.json")
    assert "t.json" in str(err.value) and "team.scoring.primary" in str(err.value)


def test_team_files_are_told_from_individual_ones(tmp_path):
    assert is_team_file(TEC)
    single = tmp_path / "single.trf"
    single.write_text("012 x\n001    1      A                                                             0.0    1\n")
    assert not is_team_file(single)


def test_an_arbiters_award_changes_the_round_and_survives_a_round_trip():
    # 299: Koalas' round 3 match (a 2-2 draw) set to 0 MP and 1 GP by the arbiter; a 1 MP penalty for Lynxes
    text = TEC.read_text(encoding="utf-8") + "299 L   0.0   1.0   3   11\n299     -1.0   0.0   0   12\n"
    ev = read_team_trf(text, "award.trf")
    assert ev.team_round(11, 3).mp == 0 and ev.team_round(11, 3).gp == 1
    assert ev.mp(11) == 3 and ev.gp(11) == Fraction(21, 2)
    assert ev.mp(12) == 1
    again = read_team_trf(write_team_trf(ev), "again.trf")
    assert (again.mp(11), again.gp(11), again.mp(12)) == (3, Fraction(21, 2), 1)


def test_a_bye_record_for_a_million_rounds_is_refused_at_once():
    text = TEC.read_text(encoding="utf-8") + "320  1.0  2.0" + "   1" * 1_000_000 + "\n"
    with pytest.raises(EventError) as err:
        read_team_trf(text, "huge.trf")
    assert "huge.trf:" in str(err.value) and "more than 99 rounds" in str(err.value)


def test_a_trf16_bye_written_as_won_boards_is_the_pairing_bye():
    # three teams, one board: 1 and 2 play, team 3's player has "0000 - +" (some programs write the bye so)
    text = "\n".join([
        "012 Three teams", "092 Team Swiss System",
        p001(1, "Alpha, Ann", "1.0", "   2 w 1"), p001(2, "Bravo, Bea", "0.0", "   1 b 0"),
        p001(3, "Charlie, Cy", "1.0", "0000 - +"),
        "013 Team A                          1", "013 Team B                          2",
        "013 Team C                          3"])
    ev = read_team_trf(text, "three.trf")
    assert ev.byes == {(1, 3): "PAB"} and (ev.mp(3), ev.gp(3)) == (1, Fraction(1, 2))
    assert any("taken as the bye from the pairing" in w for w in warnings_of(ev))


def test_the_second_teams_line_up_may_only_seat_its_own_players():
    """Both teams' ``300`` line-ups are checked: team B's naming team A's player 3 is refused, not read."""
    text = SMALL.replace("300   1   2   1    4    0", "300   1   2   1    4    3")
    with pytest.raises(EventError) as err:
        read_team_trf(text, "small.trf")
    assert "the line-up (300) of team 2 names player 3, who is not in that team" in str(err.value)
    assert str(err.value).startswith("small.trf")
