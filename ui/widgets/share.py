"""Shared links in the app: open a ``?s=<link>`` on any page, and build the link for the page on screen.

A link (:mod:`engine.formats.sharelink`) carries the event, the ordering and the players chosen, so that a parent
who opens it sees exactly the page the tournament director saw.  :func:`apply_shared_link` is called at the
top of every page that can be shared (after ``state.ensure_state()``): the first time a session sees a
given link it makes the link's event the current one under its own name (saved as a new event in the
session's workspace, the user's own events stay untouched) with the settings the link carries and the
link's ordering, and loads the chosen players into the page's remembered values; later reruns with the
same link change nothing, so the user can go on exploring.  A link opened again in a later session (a
reload, the same link clicked twice) reopens the copy it made, unchanged since, instead of adding another.
A damaged link shows an error and leaves the current event alone.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import streamlit as st

from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.ordering import CUSTOM, Ordering
from engine.events.settings import EventSettings, settings_from_dict, settings_to_dict, write_saved
from engine.formats.sharelink import MAX_LINK, Shared, decode, encode, fits, surely_too_long
from i18n.numbers import number
from ui.render.text import md_escape
from ui.session import memory, state
from ui.session.language import current, t
from ui.widgets.ordering import error_text
from ui.widgets.page import show_notice
from ui.work.cached import fingerprint, order_key

QUERY = "s"
_APPLIED = "share.applied"
_ERROR = "share.error"
#: the url_path of each shareable page (app.py)
URL_PATHS = {"why": "why", "explain": "explain", "standings": "standings"}


def apply_shared_link() -> None:
    """Load the link in ``?s=`` once per session and link; show an error for a damaged one."""
    state.ensure_state()
    token = st.query_params.get(QUERY)
    if not token:
        return
    digest = link_digest(token)
    ss = st.session_state
    if ss.get(_APPLIED) == digest:
        if ss.get(_ERROR):
            st.error(ss[_ERROR])
        return
    ss[_APPLIED] = digest
    try:
        shared = decode(token)
    except EventError as exc:
        ss[_ERROR] = t("The shared link could not be opened: {problem}. Your current event is unchanged; ask for the "
                       "link again, or for the event file.", problem=md_escape(error_text(exc)))
        st.error(ss[_ERROR])
        return
    ss[_ERROR] = ""
    try:
        settings = shared_settings(shared)
    except EventError as exc:
        ss[_ERROR] = t("The shared link could not be opened: {problem}. Your current event is unchanged.",
                       problem=md_escape(error_text(exc)))
        st.error(ss[_ERROR])
        return
    name = shared.event.name or "Shared event"
    if not state.open_copy(name, shared.event, settings):      # a link opened before reopens the copy it made
        state.set_event(shared.event, name=name, new=True, settings=settings)
    show_notice()                  # autosave failed: the event is open but unsaved (a warning, said now)
    for name, value in page_values(shared).items():
        memory.set_value(name, value)
    st.toast(t("Opened the shared event and ordering."))


def link_digest(token: str) -> str:
    """The fingerprint a session keeps of the link it opened (one opening per link and session)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def already_opened(digest: str) -> bool:
    return bool(st.session_state.get(_APPLIED) == digest)


def mark_link(digest: str, error: str) -> None:
    """Record that the link ``digest`` was opened in this session (by a team page's reader), with the error it
    met ("" for none; shown now and again on each rerun with the same link)."""
    st.session_state[_APPLIED] = digest
    st.session_state[_ERROR] = error
    if error:
        st.error(error)


def shared_settings(shared: Shared) -> EventSettings:
    """The settings the link's event opens with: those it carries, under the ordering the page showed."""
    base = settings_from_dict(shared.settings, shared.event, "shared link")
    chosen = shared.ordering
    return base.with_ordering(chosen.preset or CUSTOM, chosen.codes, chosen.rules.name, chosen.options)


def ordering_values(shared: Shared) -> dict[str, object]:
    """The chooser's values (:data:`ui.session.memory.DEFAULTS` names) that give the shared ordering."""
    return memory.values_of(shared_settings(shared))


def page_values(shared: Shared) -> dict[str, object]:
    """The page's own remembered choices (the names its ``kept`` widgets use)."""
    players = list(shared.players)
    if shared.page == "why" and len(players) >= 2:
        return {"why.a": players[0], "why.b": players[1]}
    if shared.page == "explain":
        out: dict[str, object] = {}
        if players:
            out["explain.player"] = players[0]
            out["explain.other"] = players[1] if len(players) > 1 else 0
        if shared.code:
            out["explain.code"] = shared.code
        return out
    return {}


def link_url(token: str, page: str) -> str:
    """The whole link: the app's address (as the browser shows it) + the page + ``?s=``."""
    base = ""
    try:
        here = st.context.url or ""
    except Exception:  # no browser behind this run (AppTest): a relative link
        here = ""
    if here:
        parts = urlsplit(here)
        base = f"{parts.scheme}://{parts.netloc}"
    return f"{base}/{URL_PATHS.get(page, page)}?{QUERY}={token}"


@st.cache_data(max_entries=32, show_spinner=False)
def _token(key: str, order: str, _event: Event, name: str, _chosen: Ordering, page: str, players: tuple[int, ...],
           code: str, settings: dict[str, Any]) -> str:
    """The link's text, written once per event content and question (the one key of :mod:`ui.work.cached`): the
    whole event travels in it."""
    return encode(Shared(replace(_event, name=name), _chosen, page, players, code, settings))


def share_box(page: str, chosen: Ordering, *, players: tuple[int, ...] | list[int] = (), code: str = "") -> None:
    """"Share this": the link for the page on screen, or, when the event is too large, its JSON file."""
    st.header(t("Share this"))
    name = state.event_name()                                         # the name the user knows it by
    event, lang = state.current_event(), current()
    if not surely_too_long(event):
        token = _token(fingerprint(), order_key(chosen), event, name, chosen, page, tuple(players), code,
                       settings_to_dict(state.settings()))
        url = link_url(token, page)
        if fits(url):
            # one line, folded: the box's copy button (at its right) takes the whole link, which can run to
            # thousands of characters; written out on the page it was a block longer than the page above it
            with st.container(key="share_link"):      # the fit checks know this one line scrolls on purpose
                st.code(url, language=None, wrap_lines=False)
            st.caption(t("Copy the link with the button at the right of the box. Anyone who opens it sees this page: "
                         "the event, the ordering and the players travel inside the link ({characters} characters, "
                         "nothing is stored on a server).", characters=number(len(url), lang)))
            return
        st.warning(t("This event is too large to share as a link ({characters} characters; links are kept under "
                     "{limit} characters so that mail programs do not cut them). Send the event file instead: the "
                     "other person opens it on the Build event page and chooses the same ordering ({codes}, rule set "
                     "{rules}).", characters=number(len(url), lang), limit=number(MAX_LINK, lang),
                     codes=", ".join(chosen.codes) or t("points only"), rules=chosen.rules.name))
    else:
        st.warning(t("This event is too large to share as a link ({players} players, and a link carries the whole "
                     "event; links are kept under {limit} characters so that mail programs do not cut them). Send the "
                     "event file instead: the other person opens it on the Build event page and chooses the same "
                     "ordering ({codes}, rule set {rules}).", players=number(len(event.players), lang),
                     limit=number(MAX_LINK, lang), codes=", ".join(chosen.codes) or t("points only"),
                     rules=chosen.rules.name))
    event, settings = replace(event, name=name), state.settings()
    # written only when the button is pressed (copying a large event under its name costs a second)
    st.download_button(t("Download the event (JSON)"), lambda: write_saved(event, settings),
                       file_name=_file_name(event.name), mime="application/json", key=f"share.download.{page}",
                       on_click="ignore")


def _file_name(name: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name.strip())[:60].strip("-")
    return f"{safe or 'event'}.json"
