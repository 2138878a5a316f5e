"""An Olympiad-size team event stays within what a shared server opens and keeps; a larger one is refused in one
line.

The Chess Olympiad's open section is about 190 teams of four boards (and a reserve) over eleven rounds: 950
players, 10,450 player-rounds.  A shared server opens events of at most 20,000 players and 400,000 player-rounds
from an upload, takes files of at most 20 MB, and keeps 100 MB of saved events per browser.
"""
from __future__ import annotations

import pytest

from engine.core.errors import EventError
from engine.formats.jsonfmt import write_json
from engine.formats.source import MAX_BYTES
from engine.teams.generate import generate_team_event
from engine.teams.jsonteams import write_team_json
from engine.teams.model import players_event
from engine.teams.trf_write import write_team_trf
from tests.paths import REPO_ROOT
from ui.session.store import MAX_BYTES_PER_WORKSPACE
from ui.teams import load
from ui.work import jobs
from ui.work.upload import check_event_size


def test_an_olympiad_size_team_event_is_within_the_hosted_limits(monkeypatch):
    olympiad = generate_team_event(190, 11, 4, seed=11, reserves=1)
    players = players_event(olympiad)
    assert (len(players.players), players.rounds) == (950, 11)
    limits = jobs.HOSTED_LIMITS
    assert limits.event_players is not None and limits.event_cells is not None
    assert len(players.players) <= limits.event_players and 950 * 11 <= limits.event_cells
    check_event_size(players, limits)                            # no error: the server opens it
    trf = write_team_trf(olympiad).encode("utf-8")
    team_json = write_team_json(olympiad).encode("utf-8")
    # the files a TD uploads are far below the 20 MB a server takes
    assert len(trf) < MAX_BYTES and len(team_json) < MAX_BYTES
    # what the server keeps of it (the players' event and the team event beside it) leaves room for many more
    kept = len(write_json(players).encode("utf-8")) + len(team_json)
    assert 10 * kept < MAX_BYTES_PER_WORKSPACE
    # and the team panel's reader opens the uploaded file on a hosted server
    monkeypatch.setattr(jobs, "limits", lambda: limits)
    assert len(load.read_team_file(trf, "olympiad.trf").teams) == 190


def test_a_team_event_beyond_the_servers_size_is_refused_in_one_line(monkeypatch):
    small = jobs.Limits(job_seconds=60, dutch_players=100, sim_workers=1, sim_player_rounds=None,
                        sim_dutch_player_rounds=None, flip_seconds=30, event_players=100, event_cells=1_000)
    monkeypatch.setattr(jobs, "limits", lambda: small)
    trf = write_team_trf(generate_team_event(30, 5, 4, seed=1, reserves=0)).encode("utf-8")    # 120 players
    with pytest.raises(EventError) as caught:
        load.read_team_file(trf, "big.trf")
    assert "at most 100 players" in str(caught.value) and "120 players" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_real_olympiad_opens_on_a_hosted_server(monkeypatch):
    # the open section of the Chennai 2022 Olympiad as uploaded (tests/data/teams/README.md): 187 teams, 920
    # players, 11 rounds
    path = REPO_ROOT / "tests" / "data" / "teams" / "chennai_2022_olympiad_open.trf"
    limits = jobs.HOSTED_LIMITS
    monkeypatch.setattr(jobs, "limits", lambda: limits)
    ev = load.read_team_file(path.read_bytes(), path.name)
    assert (len(ev.teams), len(ev.players), ev.rounds) == (187, 920, 11)
    check_event_size(players_event(ev), limits)                  # no error: the server opens it
