"""Whose saved events these are: the laptop's single workspace, or one private workspace per browser.

The app runs in one of two modes, chosen by the ``TIEBREAK_LAB_MODE`` environment variable:

* ``laptop`` (the default, ``make run``): one person, one workspace; every session sees the same saved
  events, as a desktop program would.
* ``hosted`` (``TIEBREAK_LAB_MODE=hosted make run``, for a class or a club's web server): every browser
  gets its own private workspace.  It is identified by a random token (:func:`secrets.token_urlsafe`, 192
  bits, not a name or a counter).  The database stores only the token's SHA-256, never the token.  A
  missing, malformed or unknown token gets a new, empty workspace with a new token: a made-up token
  never opens anybody's events.

Where the browser keeps the token: in a first-party cookie (:data:`COOKIE`), never in the page address,
because an address travels: a parent forwarding "this page", a share link, a screenshot of the address
bar would all give the workspace away.  Streamlit reads cookies (``st.context.cookies``, sent when the
page connects) but cannot set them, so a tiny script in the page writes it and reports back that the
browser kept it.  Old bookmarks that carry the key as ``?w=…`` still open their workspace: the key is
moved into the cookie and, once the browser says the cookie is kept, dropped from the address.  A
browser that refuses cookies keeps the key in the address, the only place left for it.  A share link
(``?s=…``, :mod:`ui.widgets.share`) carries no key, so it opens in the opener's own workspace.

Any other value of the variable counts as ``hosted``: a typo must fail private, not shared.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

import streamlit as st
from streamlit.components.v2.types import ComponentRenderer

from engine.core.errors import EventError
from i18n.catalog import translator
from i18n.languages import DEFAULT
from ui.session import store

ENV_VAR = "TIEBREAK_LAB_MODE"
LAPTOP, HOSTED = "laptop", "hosted"
QUERY = "w"
#: the cookie that keeps the workspace key in this browser (first-party, this server only)
COOKIE = "tiebreak_lab_ws"
COOKIE_DAYS = 180
TOKEN_BYTES = 24                      # 32 URL-safe characters
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32}")
_TOKEN = "ws.token"
_ARRIVAL = "ws.arrival"               # how the session found its workspace (for the sidebar's notice)
_FORGOTTEN = "ws.forgotten"           # the key this session was told to forget (its cookie may still arrive)
_CONFIRM = "ws.confirm_forget"
_WRITER = "ws.cookie"                 # the cookie writer's key; its state says what the browser kept

#: the browser side: write the cookie, read it back, and tell the server when it was refused (""), or, when
#: asked, that it was kept.  Each answer reruns the page, so the usual visit (no key in the address) gets none.
#: Trusted, fixed code: the only data is the token's own characters.
_WRITER_JS = """
export default function (component) {
  const { data, setStateValue } = component;
  if (!data || !/^[A-Za-z0-9_-]{32}$/.test(data.value)) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${data.name}=${data.value}; Path=/; Max-Age=${data.maxAge}; SameSite=Strict${secure}`;
  const kept = document.cookie.split("; ").includes(`${data.name}=${data.value}`);
  if (!kept && !data.refusalKnown) setStateValue("stored", "");
  else if (kept && data.report) setStateValue("stored", data.value);
}
"""


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


def well_formed(token: str) -> bool:
    return bool(_TOKEN_SHAPE.fullmatch(token or ""))


def _recognised(token: str) -> bool:
    if not well_formed(token):
        return False
    try:
        return store.workspace_exists(owner_for(token))
    except EventError:
        return False


# --- the decisions, pure: no Streamlit, no database (``known`` answers "does this key open a workspace?")

@dataclass(frozen=True)
class Arrival:
    """Which workspace a session opens on its first run, and what to tell the user about it.

    ``token`` is ``""`` when a new workspace must be made.  ``unknown_link`` is True when the address
    carried a key that opens nothing (a made-up or mistyped one): the sidebar says so, once.
    """
    token: str
    unknown_link: bool = False

    @property
    def new(self) -> bool:
        return not self.token


def arrive(query: str, cookie: str, known: Callable[[str], bool], forgotten: str = "") -> Arrival:
    """Settle a session's workspace from the address's ``?w=`` and the browser's cookie.

    A known key in the address wins: it is an old bookmark, or the private link someone downloaded to
    move their workspace to this browser, and opening it is what they asked for.  Else the browser's
    own cookie (unless this session was just told to forget it: its old cookie still arrives until the
    page reconnects).  Else a new workspace.  A share link carries no key, so it lands in the cookie's
    workspace.  An unknown key never opens anything but the browser's own or a new workspace.
    """
    if query and known(query):
        return Arrival(query)
    unknown = bool(query)
    if cookie and cookie != forgotten and known(cookie):
        return Arrival(cookie, unknown)
    return Arrival("", unknown)


def address_key(token: str, query: str, cookie: str, stored: str | None) -> str | None:
    """What the address's ``?w=`` should hold now (None: no key in the address).

    The cookie is known to be kept when the browser sent it with this very key (``cookie``), or when it
    reported so (``stored``: None before it answered, the token once the cookie is kept, "" when the
    browser refuses cookies: then the address is the only place left for the key).  An old ``?w=`` link
    keeps a key in the address (the session's, which replaces an unknown one) until the cookie is known
    to be kept; an address that never had one is never given one.
    """
    if cookie == token or stored == token:
        return None
    if stored == "":
        return token
    return token if query else None


def must_report(token: str, query: str, cookie: str, stored: str | None) -> bool:
    """Whether the browser must say that it kept the cookie: only while a key waits in the address to be
    dropped, and not when the browser already sent this very key or has answered (each answer reruns the
    page, which must not happen on a usual first visit while the person starts typing).  A refusal is
    reported whatever this says, once."""
    return bool(query) and cookie != token and stored not in (token, "")


# --- the Streamlit glue

def _cookie() -> str:
    """The workspace cookie the browser sent when the page connected ('' when none or unreadable)."""
    try:
        cookies = st.context.cookies
        value = (cookies.get(COOKIE, "") if cookies else "") or ""
    except Exception:  # no browser behind this run (AppTest)
        return ""
    return value if well_formed(value) else ""


def _cookie_unless_forgotten() -> str:
    cookie = _cookie()
    return "" if cookie and cookie == st.session_state.get(_FORGOTTEN) else cookie


def _stored() -> str | None:
    """What the browser reported about the cookie (None before it answered)."""
    state: object = st.session_state.get(_WRITER)
    value = state.get("stored") if isinstance(state, Mapping) else None
    return value if isinstance(value, str) else None


def owner() -> str:
    """The workspace of this session; call it on every run.

    On a laptop it is :data:`ui.session.store.LAPTOP`.  Hosted, the session's workspace is settled on its first
    run by :func:`arrive`; a new one is registered once per session, never once per rerun.
    """
    if not hosted():
        return store.LAPTOP
    ss = st.session_state
    if _TOKEN not in ss:
        query = st.query_params.get(QUERY, "")
        arrival = arrive(query, _cookie(), _recognised, ss.get(_FORGOTTEN, ""))
        token = arrival.token
        if arrival.new:
            token = new_token()
            try:
                store.open_workspace(owner_for(token))
            except EventError:
                pass                       # no database: the session runs unsaved (ui.session.state says so)
        else:
            try:
                store.touch_workspace(owner_for(token))     # in use: the last to go when the server is full
            except EventError:
                pass
        ss[_TOKEN] = token
        ss[_ARRIVAL] = arrival
    token = ss[_TOKEN]
    wanted = address_key(token, st.query_params.get(QUERY, ""), _cookie_unless_forgotten(), _stored())
    if wanted is None:
        if QUERY in st.query_params:
            del st.query_params[QUERY]
    elif st.query_params.get(QUERY) != wanted:
        st.query_params[QUERY] = wanted
    return owner_for(token)


def token() -> str:
    """This session's workspace token ('' on a laptop)."""
    owner()
    return st.session_state.get(_TOKEN, "")


def link() -> str:
    """The private link that opens this workspace in any browser (relative when no browser is behind the run).

    It is only ever offered as a download, never put in the address or in a share link."""
    base = ""
    try:
        here = st.context.url or ""
    except Exception:  # no browser behind this run (AppTest)
        here = ""
    if here:
        parts = urlsplit(here)
        base = f"{parts.scheme}://{parts.netloc}"
    return f"{base}/?{QUERY}={token()}"


def kept_language() -> str | None:
    """Hosted: the language last chosen in this session's workspace, so that a browser coming back opens in it
    (None on a laptop, when none was chosen, or when the database cannot say)."""
    if not hosted():
        return None
    try:
        return store.workspace_language(owner())
    except EventError:
        return None


def keep_language(code: str) -> None:
    """Hosted: keep ``code`` with this session's workspace (the choice still holds for the session when the
    database cannot keep it)."""
    if not hosted():
        return
    try:
        store.set_workspace_language(owner(), code)
    except EventError:
        pass


def where_saved() -> str:
    """One sentence for the screens: where the events are kept, in the session's language (resolved by
    :mod:`ui.session.language` at the top of every run; that module asks this one for the workspace's
    language, so this one reads the code it left in the session instead of importing it)."""
    t = translator(str(st.session_state.get("lang", DEFAULT))).t
    if hosted():
        return t("Your events are saved automatically in your private workspace on this server, and this browser "
                 "remembers it: come back on this computer and they are here. To open them on another device, "
                 "download your private link from the sidebar.")
    return t("Your event is saved automatically on this computer.")


def _writer() -> None:
    """Mount the browser-side cookie writer: no height, no text, nothing for a screen reader to announce."""
    token_now = st.session_state[_TOKEN]
    cookie = _cookie_unless_forgotten()
    stored = _stored()
    data = {"name": COOKIE, "value": token_now, "maxAge": COOKIE_DAYS * 24 * 3600, "refusalKnown": stored == "",
            "report": must_report(token_now, st.query_params.get(QUERY, ""), cookie, stored)}
    _cookie_component()(key=_WRITER, data=data, on_stored_change=lambda: None, height=0)


@functools.cache
def _cookie_component() -> ComponentRenderer:
    """Registered on first use (inside a run), once per process."""
    return st.components.v2.component("tiebreak_lab_workspace_cookie", js=_WRITER_JS)


def _ask_forget() -> None:
    st.session_state[_CONFIRM] = True


def _keep() -> None:
    st.session_state[_CONFIRM] = False


def _forget() -> None:
    """Forget the workspace in this browser: the session starts over in a new, empty workspace whose key
    replaces the cookie (the old cookie still arrives until the page reconnects, so it is named as forgotten).
    The forgotten workspace's events stay on the server; only its private link opens them again."""
    ss = st.session_state
    old = ss.get(_TOKEN, "")
    for name in list(ss.keys()):
        del ss[name]
    ss[_FORGOTTEN] = old
    ss[_FORGOT_NOTICE] = True
    st.query_params.clear()


_FORGOT_NOTICE = "ws.forgot_notice"


def key_box() -> None:
    """Hosted only: in the sidebar, how this browser keeps the workspace, its private link, and how to forget it."""
    if not hosted():
        return
    token_now = token()
    ss = st.session_state
    with st.sidebar.container(border=True):
        st.markdown(":material/key: **Your private workspace**")
        # both notices stay for the session: the browser's cookie report reruns the page right after them
        arrival = ss.get(_ARRIVAL)
        if isinstance(arrival, Arrival) and arrival.unknown_link and not ss.get(_FORGOT_NOTICE):
            where = "a new, empty workspace was opened" if arrival.new else "your own workspace on this browser was opened"
            st.warning(f"The workspace key in the address was not recognised, so {where}. Nobody else's events "
                       "can be opened with a made-up key.")
        if ss.get(_FORGOT_NOTICE):
            st.success("This computer has forgotten that workspace. A new, empty one is open; the old events "
                       "come back only with their private link.")
        if _stored() == "":
            st.caption("This browser does not keep cookies, so your private key stays in this page's address: "
                       "bookmark the page or download the link to come back to your events.")
        else:
            st.caption("This browser remembers your workspace, so your saved events are here when you come back "
                       "on this computer. To open them on another device, keep your private link: anyone who has "
                       "it can open and change your events, so give it to nobody. On a shared computer, press "
                       "\"Forget\" below before you leave.")
        st.download_button("Download my workspace link", f"Tiebreak Lab workspace\n{link()}\n",
                           file_name="tiebreak-lab-workspace.txt", mime="text/plain", on_click="ignore",
                           key="ws.download", width="stretch")
        st.caption(f"Key: …{token_now[-6:]}")
        if not ss.get(_CONFIRM):
            st.button("Forget this workspace on this computer", key="ws.forget", on_click=_ask_forget,
                      width="stretch", help="On a shared computer: so that the next person does not see your events.")
        else:
            st.warning("After this, this computer no longer opens your workspace. Your events stay saved, but only "
                       "your private link opens them again: download it above first if you want them back.")
            st.button("Forget it now", key="ws.forget_now", on_click=_forget, type="primary", width="stretch")
            st.button("Keep it", key="ws.keep", on_click=_keep, width="stretch")
    with st.sidebar:                                   # after the box: its zero height adds no gap inside it
        _writer()
