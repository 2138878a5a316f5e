"""The Build-event grids: Event <-> DataFrames, cell validation, one-sided results, add/remove helpers."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest

from engine.core.errors import EventError
from engine.core.model import ABSENT, Entry, Kind, Player, complement, make_event
from engine.events.editing import add_player, add_round, edited_event, parse_token, remove_last_round, remove_player
from engine.events.settings import default_ordering
from engine.pairing.next_round import schedule
from engine.ranking.standings import standings
from tests.fixtures import fixture_a, fixture_b
from ui.render.grid import download_name, frames_to_event, pairings_frame, players_frame, results_frame
from ui.render.tables import preview_frame


def small():
    """Four players, two rounds: 1 beat 2 with White, 3 drew 4; then 1-3 and 2-4 still to enter."""
    players = [Player(1, "Ann", 2000), Player(2, "Bob", 1900), Player(3, "Cy", 1800), Player(4, "Di", None)]
    entries = {1: [Entry.game(2, "W", Fraction(1))], 2: [Entry.game(1, "B", Fraction(0))],
               3: [Entry.game(4, "W", Fraction(1, 2))], 4: [Entry.game(3, "B", Fraction(1, 2))]}
    return make_event("Small", players, entries, rounds=2)


def frames(event):
    return players_frame(event), results_frame(event)


def test_frames_have_the_documented_columns_and_types():
    ev = fixture_a()
    players, results = frames(ev)
    assert list(players.columns) == ["tpn", "name", "rating", "on_time"]
    # a rating is text, blank when unrated: a number column showed a missing one as "None" (issue 40)
    assert str(players["tpn"].dtype) == "Int64" and str(players["rating"].dtype) == "string"
    assert players["on_time"].dtype == bool
    assert list(results.columns) == ["tpn", "name", "pts", "R1", "R2", "R3", "R4", "R5"]
    row1 = results.iloc[0]
    assert [row1[f"R{r}"] for r in range(1, 6)] == ["+W9", "=B13", "=W2", "+B15", "=W4"]
    row12 = results[results["tpn"] == 12].iloc[0]
    assert list(row12[["R2", "R3", "R4"]]) == ["PAB", "+F14", "ABS"]


@pytest.mark.parametrize("fixture", [fixture_a, fixture_b])
def test_round_trip_keeps_the_event(fixture):
    ev = fixture()
    assert frames_to_event(*frames(ev), base=ev) == ev


def test_every_entry_kind_reads_from_a_cell():
    assert parse_token("+W9").kind is Kind.G and parse_token("=B13").points == Fraction(1, 2)
    assert parse_token("+F14").kind is Kind.FW and parse_token("-F11").kind is Kind.FL
    for token in ("PAB", "FPB", "HPB", "ZPB", "ABS"):
        assert parse_token(token).kind is Kind(token)
    assert parse_token("") == ABSENT
    with pytest.raises(ValueError):
        parse_token("x9")


def test_bad_cell_is_named_with_row_player_and_round():
    ev = small()
    players, results = frames(ev)
    results.loc[1, "R2"] = "x9"
    with pytest.raises(EventError) as err:
        frames_to_event(players, results, ev)
    assert str(err.value) == ("row 2 (Bob), R2: 'x9' is not a result; write +W9, =B9, -B9, +F9, -F9, "
                              "?W9 (still to be played), PAB, HPB, FPB, ZPB or ABS")


def test_unknown_opponent_and_self_pairing_are_refused():
    ev = small()
    players, results = frames(ev)
    results.loc[0, "R2"] = "+W7"
    with pytest.raises(EventError, match=r"row 1 \(Ann\), R2: .*no player with that number"):
        frames_to_event(players, results, ev)
    results.loc[0, "R2"] = "+W1"
    with pytest.raises(EventError, match="themselves"):
        frames_to_event(players, results, ev)


def test_one_sided_result_fills_the_other_side():
    ev = small()
    players, results = frames(ev)
    results.loc[0, "R2"] = "+W3"           # Ann beat Cy with White; Cy's cell is ABS
    results.loc[3, "R2"] = ""              # Di's cell empty, and Bob's says he beat Di with Black
    results.loc[1, "R2"] = "+B4"
    new = frames_to_event(players, results, ev)
    assert new.entry(3, 2) == Entry.game(1, "B", Fraction(0))
    assert new.entry(4, 2) == Entry.game(2, "W", Fraction(0))
    assert new.score(1) == 2 and new.score(2) == 1


def test_forfeit_fills_the_other_side():
    ev = small()
    players, results = frames(ev)
    results.loc[0, "R2"] = "+F3"
    new = frames_to_event(players, results, ev)
    assert new.entry(3, 2).kind is Kind.FL and new.entry(3, 2).opponent == 1


def test_both_sides_typed_and_disagreeing_are_refused_naming_both_cells():
    ev = small()
    players, results = frames(ev)
    results.loc[0, "R2"] = "+W3"
    results.loc[2, "R2"] = "+B1"           # both claim the win
    with pytest.raises(EventError) as err:
        frames_to_event(players, results, ev)
    text = str(err.value)
    assert "row 1 (Ann), R2" in text and "row 3 (Cy), R2" in text


def test_player_paired_twice_is_refused_naming_both_cells():
    ev = small()
    players, results = frames(ev)
    results.loc[0, "R2"] = "+W3"
    results.loc[2, "R2"] = "=W4"           # Cy says he played Di instead
    with pytest.raises(EventError, match=r"row 1 \(Ann\), R2.*row 3 \(Cy\), R2"):
        frames_to_event(players, results, ev)


def test_changing_one_side_of_a_game_carries_over():
    ev = small()
    players, results = frames(ev)
    results.loc[0, "R1"] = "=W2"           # Bob's cell still says -B1
    new = frames_to_event(players, results, ev)
    assert new.entry(2, 1) == Entry.game(1, "B", Fraction(1, 2))


def test_clearing_one_side_removes_the_game():
    ev = small()
    players, results = frames(ev)
    results.loc[2, "R1"] = ""
    new = frames_to_event(players, results, ev)
    assert new.entry(3, 1) == ABSENT and new.entry(4, 1) == ABSENT


def test_short_result_in_a_pending_cell():
    ev = schedule(small(), {2: [(1, 3), (4, 2)]})          # round 2 paired: 1 v 3 and 4 v 2 still to be played
    players, results = players_frame(ev), results_frame(ev)
    assert results.loc[0, "R2"] == "?W3" and results.loc[1, "R2"] == "?B4"
    results.loc[0, "R2"] = "="
    results.loc[1, "R2"] = "+"
    new = frames_to_event(players, results, ev)
    assert new.entry(3, 2) == Entry.game(1, "B", Fraction(1, 2))
    assert new.entry(4, 2) == Entry.game(2, "W", Fraction(0))


def test_players_grid_edits_add_and_validate():
    ev = small()
    players, results = frames(ev)
    players.loc[1, "name"] = "Robert"
    players.loc[1, "rating"] = "1950"
    added = pd.DataFrame({"tpn": pd.array([None], dtype="Int64"), "name": ["Eve"],
                          "rating": pd.array([None], dtype="Int64"), "on_time": [False]})
    new = frames_to_event(pd.concat([players, added], ignore_index=True), results, ev)
    assert new.player(2).name == "Robert" and new.player(2).rating == 1950
    assert new.player(5).name == "Eve" and new.player(5).on_time is False
    assert new.entries[5] == (ABSENT, ABSENT)
    players.loc[2, "name"] = " "
    with pytest.raises(EventError, match="players row 3: the name is empty"):
        frames_to_event(players, results, ev)


def test_removing_a_player_with_games_is_refused_and_without_games_allowed():
    ev = small()
    players, results = frames(ev)
    with pytest.raises(EventError, match="Bob .* was removed"):
        frames_to_event(players.drop(index=1), results, ev)
    with pytest.raises(EventError, match="played"):
        remove_player(ev, 2)
    lone = add_player(ev, "Eve", 1500)
    assert remove_player(lone, 5) == ev


def test_add_and_remove_round():
    ev = small()
    more = add_round(ev)
    assert more.rounds == 3 and more.entry(1, 3) == ABSENT
    assert remove_last_round(more) == ev
    assert list(results_frame(more).columns)[-1] == "R3"


def test_complement_swaps_result_and_colour():
    assert complement(Entry.game(9, "W", Fraction(1)), 4) == Entry.game(4, "B", Fraction(0))
    assert complement(Entry(Kind.FW, 9, None, Fraction(1)), 4).kind is Kind.FL


def test_views_and_helpers():
    ev = fixture_a()
    _, codes, rules = default_ordering(ev)
    table = preview_frame(standings(ev, list(codes), rules))
    assert list(table.columns[:4]) == ["Rank", "No.", "Name", "Points"] and len(table) == 16
    assert pairings_frame(small(), 1, [(1, 2), (3, 4)])["Result"].tolist() == ["1-0", "½-½"]
    assert download_name("FIDE TEC / Swiss #16", "trf") == "fide-tec-swiss-16.trf"


def test_the_engine_edits_from_plain_rows_without_the_grids():
    ev = small()
    players = [{"tpn": p.tpn, "name": p.name, "rating": p.rating, "on_time": True} for p in ev.players]
    rows = [(1, ["+W2", "+B3"]), (2, ["-B1", None]), (3, ["=W4", ""]), (4, ["=B3", None])]
    new = edited_event(players, rows, 2, ev)
    assert new.entry(3, 2) == Entry.game(1, "W", Fraction(0))     # Ann's win with Black: Cy lost with White
    assert new.score(1) == 2 and new.score(3) == Fraction(1, 2)


def test_an_unrated_players_rating_is_blank_not_none():
    """Issue 40: the players grid showed "None" for a player without a rating (unplayed_cases_8p5r's #8)."""
    from engine.formats.loader import load_event
    from tests.paths import TRF_DIR
    ev = load_event(TRF_DIR / "unplayed_cases_8p5r.trf")
    players, results = frames(ev)
    assert ev.player(8).rating is None and players.loc[players["tpn"] == 8, "rating"].item() == ""
    assert players.loc[players["tpn"] == 1, "rating"].item() == "2400"
    assert frames_to_event(players, results, ev) == ev            # read back unchanged: still unrated
