"""The team event on screen: kept beside the current event, which is then its players' own event.

A team event is loaded whole (the example, a file, a random one).  The current event of every other page
becomes the players' event built from its boards (:func:`engine.teams.model.players_event`), so the
individual pages keep working on its players; the team event itself is kept under one session key with
the players' event it made.  The team view is on while that players' event is still the current one: as
soon as another event is opened (or the players' event is edited), the pages show the individual view
again, and the team event is forgotten.  The team event is also kept beside the saved players' event
(:mod:`ui.teams.keep`), so a reload or a new session on the same saved event shows the team event again.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import streamlit as st

from engine.core.errors import EventError
from engine.core.said import said
from engine.teams.files import load_team_event
from engine.teams.model import TeamEvent, players_event
from ui.session import state, workspace
from ui.teams.keep import keep_team, kept_team

EXAMPLE_TEAM_PATH = Path(__file__).resolve().parents[2] / "scenarios" / "team-example.trf"
EXAMPLE_TEAM_NAME = "Example team event"
_TEAM = "tl_team_event"
#: the event version whose saved team event was already looked for (one look per change of event)
_LOOKED = "tl_team_looked"


def example_team_event() -> TeamEvent:
    """The built-in example: five teams of four boards, four rounds, a bye each round, a forfeited board."""
    return load_team_event(EXAMPLE_TEAM_PATH)


def active_team() -> TeamEvent | None:
    """The team event on screen, or None when the current event is an individual one."""
    kept = st.session_state.get(_TEAM)
    if kept is None:
        return _restored()
    team, players = kept
    if players is not state.current_event():
        del st.session_state[_TEAM]
        return None
    return team


def open_team(team: TeamEvent, name: str, new: bool = True) -> None:
    """Make ``team`` the event on screen: its players' event becomes the current event, saved as a new one
    (``new``) or over the one on screen (a change typed in)."""
    try:
        players = players_event(team)
    except EventError as exc:
        raise EventError(said("the players' own results cannot be built from this team event: {reason}",
                               reason=exc.said if exc.said == str(exc) else str(exc))) from None
    state.set_event(players, name, new=new)
    st.session_state[_TEAM] = (team, state.current_event())
    keep_team(workspace.owner(), state.event_id(), team)


def adopt_team(team: TeamEvent) -> None:
    """Make ``team`` the team event on screen over the current event, which is already its players' event (a
    saved copy reopened)."""
    st.session_state[_TEAM] = (team, state.current_event())
    keep_team(workspace.owner(), state.event_id(), team)


def _restored() -> TeamEvent | None:
    """The team event saved with the current event (after a reload), looked for once per event version."""
    ss = st.session_state
    if ss.get(_LOOKED) == (state.event_id(), state.event_version()):
        return None
    ss[_LOOKED] = (state.event_id(), state.event_version())
    team = kept_team(workspace.owner(), state.event_id())
    if team is None:
        return None
    ss[_TEAM] = (team, state.current_event())
    return team


def players_only_note() -> None:
    """On a page without a team view: say that it works on the team event's players, not on its teams."""
    if active_team() is not None:
        from ui.session.language import t
        st.info(t("This is a team event. This page does not rank teams yet: it works on the players' own games "
                  "(each board a game). Standings, Explain, Why, Compare orderings and the TD announcement show "
                  "the teams."))


def team_page(view: Callable[[TeamEvent], None]) -> None:
    """When the event on screen is a team event: draw the team version of the page and stop the page there."""
    team = active_team()
    if team is not None:
        view(team)
        st.stop()
