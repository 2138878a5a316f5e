"""Whose saved events these are: the laptop's single workspace, or one private workspace per browser.

The app runs in one of two modes, chosen by the ``TIEBREAK_LAB_MODE`` environment variable:

* ``laptop`` (the default, ``make run``): one person, one workspace; every session sees the same saved
  events, as a desktop program would.
* ``hosted`` (``TIEBREAK_LAB_MODE=hosted make run``, for a class or a club's web server): every browser
  gets its own private workspace.  It is identified by a random token (:func:`secrets.token_urlsafe`, 192
  bits, not a name or a counter) that the browser keeps in the page address as ``?w=…``, so a bookmark
  or a saved link brings it back.  The database stores only the token's SHA-256, never the token.  A
  missing, malformed or unknown token gets a new, empty workspace with a new token: a made-up token
  never opens anybody's events.

Streamlit cannot set cookies from the server, so the address is where the token lives; the sidebar says
so and offers the link as a download.  Any other value of the variable counts as ``hosted``: a typo
must fail private, not shared.
"""
from __future__ import annotations

import hashlib
import os
import re
import secrets
from urllib.parse import urlsplit

import streamlit as st

from engine.core.errors import EventError
from ui import store

ENV_VAR = "TIEBREAK_LAB_MODE"
LAPTOP, HOSTED = "laptop", "hosted"
QUERY = "w"
TOKEN_BYTES = 24                      # 32 URL-safe characters
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32}")
_TOKEN = "ws.token"
_REPLACED = "ws.replaced"


def mode() -> str:
    """``laptop`` or ``hosted``, read on every call so a test can switch it with the environment."""
    raw = os.environ.get(ENV_VAR, "").strip().lower()
    return LAPTOP if raw in ("", LAPTOP) else HOSTED


def hosted() -> bool:
    return mode() == HOSTED


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def owner_for(token: str) -> str:
    """The workspace's name in the database: the token's SHA-256 (the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _recognised(token: str) -> bool:
    if not _TOKEN_SHAPE.fullmatch(token or ""):
        return False
    try:
        return store.workspace_exists(owner_for(token))
    except EventError:
        return False


def owner() -> str:
    """The workspace of this session; call it on every run (it keeps the token in the page address).

    On a laptop it is :data:`ui.store.LAPTOP`.  Hosted, the session's token is settled on its first run:
    the address's ``?w=`` when the database knows it, else a brand-new workspace.
    """
    if not hosted():
        return store.LAPTOP
    ss = st.session_state
    if _TOKEN not in ss:
        given = st.query_params.get(QUERY, "")
        if _recognised(given):
            ss[_TOKEN] = given
        else:
            token = new_token()
            try:
                store.open_workspace(owner_for(token))
            except EventError:
                pass                       # no database: the session runs unsaved (ui.state says so)
            ss[_TOKEN] = token
            ss[_REPLACED] = bool(given)
    if st.query_params.get(QUERY) != ss[_TOKEN]:
        st.query_params[QUERY] = ss[_TOKEN]
    return owner_for(ss[_TOKEN])


def token() -> str:
    """This session's workspace token ('' on a laptop)."""
    owner()
    return st.session_state.get(_TOKEN, "")


def link() -> str:
    """The address that reopens this workspace (relative when no browser is behind the run)."""
    base = ""
    try:
        here = st.context.url or ""
    except Exception:  # no browser behind this run (AppTest)
        here = ""
    if here:
        parts = urlsplit(here)
        base = f"{parts.scheme}://{parts.netloc}"
    return f"{base}/?{QUERY}={token()}"


def where_saved() -> str:
    """One sentence for the screens: where the events are kept."""
    if hosted():
        return ("Your events are saved automatically in your private workspace on this server: bookmark this "
                "page (its address holds your private key) or download the link from the sidebar to come back "
                "to them.")
    return "Your event is saved automatically on this computer."


def key_box() -> None:
    """Hosted only: in the sidebar, how to keep the workspace (bookmark, or download its link)."""
    if not hosted():
        return
    token_now = token()
    with st.sidebar.container(border=True):
        st.markdown("**🔑 Your private workspace**")
        if st.session_state.pop(_REPLACED, False):
            st.warning("The workspace key in the address was not recognised, so a new, empty workspace was "
                       "opened. Nobody else's events can be opened with a made-up key.")
        st.caption("Your saved events are kept on this server under a private key that is part of this page's "
                   "address (it ends in ?w=…). Bookmark the page, or download the link, to come back to them "
                   "later or on another device. Without the key they cannot be reopened, by you or anybody; "
                   "anyone you give the link to can open and change them.")
        st.download_button("Download my workspace link", f"Tiebreak Lab workspace\n{link()}\n",
                           file_name="tiebreak-lab-workspace.txt", mime="text/plain", on_click="ignore",
                           key="ws.download", width="stretch")
        st.caption(f"Key: …{token_now[-6:]}")
