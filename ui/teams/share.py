"""Share links for a team event: open a team link (``?s=``) on Standings, Explain or Why, and the "Share this"
box of those team pages.

A team link carries the team event itself, the order chosen and the teams on the page
(:mod:`engine.teams.sharelink`), so whoever opens it sees the same team event on the same page.  Opening it makes
the team event the one on screen (a copy saved in the session's workspace, as a single event's link does; the
same link opened again reopens that copy) and sets the page's choices.  :func:`apply_team_link` runs before the
single-event link is read (:func:`ui.widgets.share.apply_shared_link`), which then leaves a team link alone.
"""
from __future__ import annotations

import streamlit as st

from engine.core.errors import EventError
from engine.formats.sharelink import MAX_LINK, fits, unpack
from engine.teams.model import TeamEvent, players_event
from engine.teams.sharelink import SharedTeam, encode_team_link, is_team_link, team_link_from
from i18n.numbers import number
from ui.render.grid import download_name
from ui.render.text import md_escape
from ui.session import state
from ui.session.language import current, t
from ui.teams import keys
from ui.teams import order as team_order
from ui.teams.cached import share_token, team_json
from ui.teams.state import active_team, adopt_team, open_team
from ui.widgets.ordering import error_text
from ui.widgets.share import QUERY, already_opened, link_digest, link_url, mark_link


def apply_team_link() -> None:
    """Open the team link in ``?s=`` once per session and link (a single event's link is left to
    :func:`ui.widgets.share.apply_shared_link`, which also reports a damaged link)."""
    state.ensure_state()
    token = st.query_params.get(QUERY)
    if not token:
        return
    digest = link_digest(token)
    if already_opened(digest):
        return
    try:
        doc = unpack(token)
    except EventError:
        return                                   # damaged: the single-event reader says so
    if not is_team_link(doc):
        return
    try:
        shared = team_link_from(doc)
    except EventError as exc:
        mark_link(digest, t("The shared link could not be opened: {reason}. Your current event is unchanged; ask "
                            "for the link again, or for the team file.", reason=md_escape(error_text(exc))))
        return
    mark_link(digest, "")
    players = players_event(shared.event)
    if state.open_copy(shared.name, players):    # a link opened before reopens the copy it made
        adopt_team(shared.event)
    else:
        open_team(shared.event, shared.name)
    _set_choices(shared)
    st.toast(t("Opened the shared team event and its order."))


def _set_choices(shared: SharedTeam) -> None:
    """The page's choices as the sender had them: the order, the rules' edition, the teams, the tie-break."""
    ss = st.session_state
    ss[team_order.PRESET] = shared.preset
    ss[f"{team_order.RULES}.{shared.preset}"] = shared.rules
    if shared.typed:
        ss[team_order.TYPED] = shared.typed
    if shared.page == "why" and len(shared.teams) == 2:
        ss[keys.WHY_A], ss[keys.WHY_B] = shared.teams
    if shared.page == "explain":
        if shared.teams:
            ss[keys.EXPLAIN_TEAM] = shared.teams[0]
        if shared.code:
            ss[keys.EXPLAIN_CODE] = shared.code


def team_share_box(page: str, *, teams: tuple[int, ...] = (), code: str = "") -> None:
    """"Share this" on a team page: the link to the same page, or the team file when the event is too large."""
    team = active_team()
    if team is None:
        return
    st.header(t("Share this"))
    ss = st.session_state
    preset = str(ss.get(team_order.PRESET) or "fide-team")
    shared = SharedTeam(team, state.event_name(), page, preset, str(ss.get(f"{team_order.RULES}.{preset}") or "fide"),
                        str(ss.get(team_order.TYPED) or "") if preset == team_order.TYPED_ORDER else "", teams, code)
    url = link_url(_token(team, shared), page)
    length, most = number(len(url), current()), number(MAX_LINK, current())
    if fits(url):
        with st.container(key="share_link"):      # the fit checks know this one line scrolls on purpose
            st.code(url, language=None, wrap_lines=False)
        st.caption(t("Copy the link with the button at the right of the box. Anyone who opens it sees this page: the "
                     "team event, the order and the teams chosen travel inside the link ({n} characters, nothing is "
                     "stored on a server).", n=length))
        return
    st.warning(t("This team event is too large to share as a link ({n} characters; links are kept under {most} so "
                 "that mail programs do not cut them). Send the team file instead: the other person opens it in Build "
                 "event's team panel and chooses the same order.", n=length, most=most))
    st.download_button(t("Download the team event (JSON)"), lambda: team_json(team),
                       file_name=download_name(state.event_name(), "json"), mime="application/json",
                       key=f"team.share.download.{page}", on_click="ignore")


def _token(team: TeamEvent, shared: SharedTeam) -> str:
    """The link's text, packed from the event's JSON written once for every page (:func:`ui.teams.cached.team_json`),
    kept while the team event on screen and the page's choices stay the same."""
    choices = (shared.name, shared.page, shared.preset, shared.rules, shared.typed, shared.teams, shared.code)
    return share_token(team, choices, lambda: encode_team_link(shared, team_json(team)))
