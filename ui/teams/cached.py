"""The team pages' engine answers, kept for the session while the team event on screen stays the same.

A :class:`~engine.teams.context.TeamContext` remembers every score and tie-break value it has worked out, but the
pages made a new one on every run, so each page switch and each change worked the whole event out again: on an
Olympiad of 187 teams the standings took 0.4 s a run, Compare's three orders 1.6 s, and the share link (the event
written out as JSON) 0.4 s.  Here one context is kept per event, order and rules' edition, the standings are
kept inside it, and the event's JSON once per event.

Kept in the session, not in a cache the server shares: the team event is the session's own object (a session's
changes replace it), so its identity is the key, and a new team event on screen drops everything kept for the
old one.
"""
from __future__ import annotations

from typing import Any, Callable

import streamlit as st

from engine.teams.codes import TeamCriterion
from engine.teams.context import TeamContext, TeamOptions
from engine.teams.jsonteams import write_team_json
from engine.teams.model import TeamEvent
from engine.teams.standings import TeamStandings, team_standings

_KEPT = "team.cached"


def _kept(base: TeamEvent) -> dict[Any, Any]:
    """What is kept for ``base`` (the team event on screen); a new one starts afresh.  The event itself is kept
    beside it, so that its identity cannot be taken by another object while the entries live."""
    held = st.session_state.get(_KEPT)
    if held is None or held[0] is not base:
        held = (base, {})
        st.session_state[_KEPT] = held
    return held[1]


def _once(base: TeamEvent, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    kept = _kept(base)
    if key not in kept:
        kept[key] = make()
    return kept[key]


def team_context(base: TeamEvent, event: TeamEvent, rules: str, options: TeamOptions | None = None) -> TeamContext:
    """The context of ``event`` under ``rules`` and ``options``, the same object on every run while ``base`` is on
    screen.  ``event`` is ``base`` itself or ``base`` with another primary score (a preset's ``apply``: an order may
    rank by game points first), so the primary score, the rules and the options name it."""
    options = options or TeamOptions()
    return _once(base, ("context", event.scoring.primary, rules, options), lambda: TeamContext(event, rules, options))


def standings_in(ctx: TeamContext, criteria: list[TeamCriterion]) -> TeamStandings:
    """The standings of ``ctx`` under ``criteria``, kept inside the context (a kept context keeps them too)."""
    key = ("standings", tuple(repr(c) for c in criteria))
    table: TeamStandings = ctx.memo(key, lambda: team_standings(ctx, criteria))
    return table


def team_json(base: TeamEvent) -> str:
    """The team event as our team JSON (the share link carries it), written once per event."""
    text: str = _once(base, ("json",), lambda: write_team_json(base))
    return text


def share_token(base: TeamEvent, choices: tuple[Any, ...], make: Callable[[], str]) -> str:
    """The share link's text for ``base`` and the page's ``choices``, packed once while they stay the same (a large
    team event takes a moment to pack); only the latest choices' link is kept."""
    kept = _kept(base)
    held = kept.get(("link",))
    if held is None or held[0] != choices:
        held = kept[("link",)] = (choices, make())
    token: str = held[1]
    return token
