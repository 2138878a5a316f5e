"""Build event's team panel: open the example team event, a team file or a random team event, go back to the
individual example, and download the team event on screen as TRF-2026 or our JSON."""
from __future__ import annotations

from functools import partial

import streamlit as st

from engine.core.errors import EventError
from engine.core.said import said
from engine.formats.source import MAX_BYTES
from engine.teams.chessresults_xml import read_team_upload
from engine.teams.files import team_event_text
from engine.teams.generate import generate_team_event
from engine.teams.jsonteams import read_team_json
from engine.teams.model import TeamEvent, players_event
from engine.teams.trf_teams import read_team_trf, warnings_of
from ui.render.grid import download_name
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import t
from ui.teams.builder import match_entry, new_team_event_form
from ui.teams.state import EXAMPLE_TEAM_NAME, active_team, example_team_event, open_team
from ui.widgets.ordering import error_text
from ui.widgets.page import problem
from ui.work import jobs
from ui.work.upload import check_event_size

UPLOAD = "team.upload"


def read_team_file(data: bytes, name: str) -> TeamEvent:
    """A team event from an uploaded file's bytes, by its ending (a clear error naming the file otherwise)."""
    if len(data) > MAX_BYTES:
        raise EventError(said("{name}: the file is larger than {mb} MB", name=name, mb=MAX_BYTES // 2 ** 20))
    lower = name.lower()
    if lower.endswith(".json"):
        team = read_team_json(data, name)
    elif lower.endswith(".xml"):
        team = read_team_upload(data, name)
    else:
        team = read_team_trf(data, name)
    # held to the size of event this server opens, as a single event's upload is (its players' event)
    check_event_size(players_event(team), jobs.limits())
    return team


def _opened(team: TeamEvent, name: str, what: str) -> None:
    open_team(team, name)
    state.notice(t("{what}: {name}, {teams} teams of {boards} boards, {rounds} rounds. Standings, Explain and "
                   "Why now show it as a team event.", what=what, name=name, teams=len(team.teams),
                   boards=team.boards, rounds=team.rounds))
    st.rerun()


def team_event_panel() -> None:
    """The team panel: open, switch, generate, download."""
    team = active_team()
    with st.expander(t("Team events: the example, a team file, a random team event"), expanded=team is not None):
        if team is not None:
            st.info(t("On screen: the team event {name}. The other pages show its teams; the players' grid below "
                      "holds its players' own games.", name=md_escape(state.shown_event_name())))
        left, right = st.columns(2)
        if left.button(t("Open the example team event"), key="team.example", width="stretch"):
            _opened(example_team_event(), EXAMPLE_TEAM_NAME, t("Opened the example team event"))
        if right.button(t("Back to the individual example"), key="team.back", width="stretch"):
            state.open_example()
            st.rerun()
        _upload()
        _random()
        with st.popover(t("Build a team event by hand"), width="stretch"):
            new_team_event_form()
        if team is not None:
            match_entry(team)
            _downloads(team)


def _upload() -> None:
    upload = st.file_uploader(t("Open a team event file: TRF (TRF-16 team lines or TRF-2026 team records), our "
                                "JSON, or a chess-results upload file (XML)"),
                              type=["trf", "txt", "json", "xml"], key=UPLOAD)
    if upload is None or not state.upload_is_new(f"team:{upload.file_id}"):
        return
    try:
        team = read_team_file(upload.getvalue(), upload.name)
        state.keep_reader_warnings(warnings_of(team))     # the file's repairs, listed on Build event after the rerun
        _opened(team, team.name or upload.name, t("Opened {file}", file=upload.name))
    except EventError as exc:
        problem(t("The file was not opened; your event is unchanged. {reason}", reason=error_text(exc)))


def _random() -> None:
    with st.form("team.random"):
        a, b, c, d = st.columns(4)
        teams = a.number_input(t("Teams"), min_value=2, max_value=200, value=8, step=1, key="team.rand_teams")
        rounds = b.number_input(t("Rounds"), min_value=1, max_value=15, value=5, step=1, key="team.rand_rounds")
        boards = c.number_input(t("Boards"), min_value=1, max_value=10, value=4, step=1, key="team.rand_boards")
        seed = d.number_input(t("Seed"), min_value=0, value=1, step=1, key="team.rand_seed")
        make = st.form_submit_button(t("Make a random team event"))
    if make:
        try:
            team = generate_team_event(int(teams), int(rounds), int(boards), seed=int(seed))
        except EventError as exc:
            problem(error_text(exc))
            return
        _opened(team, team.name, t("Made a random team event"))


def _downloads(team: TeamEvent) -> None:
    def text(ending: str) -> bytes:
        return team_event_text(team, f"event.{ending}").encode("utf-8")

    left, right = st.columns(2)
    for column, ending, label, mime in ((left, "trf", t("Download TRF-2026"), "text/plain"),
                                        (right, "json", t("Download JSON"), "application/json")):
        column.download_button(label, partial(text, ending), file_name=download_name(state.event_name(), ending),
                               mime=mime, key=f"team.download_{ending}", width="stretch", on_click="ignore")
