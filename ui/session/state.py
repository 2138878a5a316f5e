"""The one module that knows the session-state keys of the current event (kept under plain keys, which
Streamlit never drops, unlike a widget's state when its page is not shown).

Pages read the event through :func:`current_event` and change it only through :func:`set_event`, which
replaces it whole (events are immutable and validated), bumps the grid revision so every editor starts
afresh from the new event, bumps the version other pages use as a cache key, and autosaves to the
SQLite store.  Nothing here ever stores an editor's output as its input.

The event's own settings (ordering, prizes, pairing method, notes: :class:`engine.events.settings.EventSettings`)
live next to it: :func:`settings` reads them, :func:`set_settings` replaces them and saves them at once,
so every page starts from the same ordering and a reload restores it.

Public API used by every page: ``ensure_state``, ``current_event``, ``set_event``, ``event_name``,
``event_id``, ``event_version``, ``settings``, ``set_settings``.  The rest (grid keys, saved-event actions, one-shot
notices) serves the Build-event page.

Saved events belong to the session's workspace (:mod:`ui.session.workspace`: the laptop's, or a hosted browser's
own).  The session remembers the saved version its event started from; a save from a tab whose event was
saved meanwhile by another tab is refused (:class:`ui.session.store.StaleSave`), the change stays on screen, and
the Build-event page offers to reload the saved event or to keep this one as a copy.
"""
from __future__ import annotations

from pathlib import Path
from typing import Sequence

import streamlit as st

from engine.core.errors import EventError
from engine.core.limits import check_name
from engine.core.model import Event
from engine.core.said import said
from engine.events.settings import EventSettings, default_settings
from engine.events.settings import example_settings as _example_settings
from i18n.catalog import N_
from i18n.said import error_text
from ui.session import store, workspace
from ui.session.language import t, tr

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_PATH = ROOT / "scenarios" / "example.json"
EXAMPLE_NAME = "Example event"
#: the name ``scenarios/example.json`` gives the built-in example (FIDE's exercise), as Training shows it
EXAMPLE_FILE_NAME = "Example: FIDE's tie-break exercise (16 players, 5 rounds)"
#: the name of the example "Before the last round" opens (``scenarios/before-the-last-round.json``)
FORECAST_EXAMPLE_NAME = "Before the last round: FIDE's exercise after round 4 (round 5 paired)"

_EVENT = "tl_event"
_ID = "tl_event_id"
_NAME = "tl_event_name"
_VERSION = "tl_event_version"
_GRID_REV = "tl_grid_rev"
_NOTICE = "tl_notice"
_UPLOADS = "tl_seen_uploads"
_SAVED_VERSION = "tl_saved_version"
_STALE = "tl_stale"
_SETTINGS = "tl_settings"
_SETTINGS_VERSION = "tl_settings_version"
#: the version of the saved settings this session's copy started from (see ui.session.store.save_settings)
_SAVED_SETTINGS = "tl_saved_settings"
_READER_WARNINGS = "tl_reader_warnings"
#: hosted: the example is on screen and not saved yet (a new workspace keeps nothing until its first change)
_UNSAVED_EXAMPLE = "tl_unsaved_example"
#: why the event on screen is not saved (its last save was refused: a full disk, the workspace's quota); absent once
#: a save went through
_NOT_SAVED = "tl_not_saved"


def example_event() -> Event:
    """The built-in example: ``scenarios/example.json`` if present, else a seeded generated Swiss.

    The generated fallback (16 players, 5 rounds, seed 1) is deterministic, so every fresh install
    shows the same example until the curated file is added.
    """
    if EXAMPLE_PATH.exists():
        from engine.formats.loader import load_event
        try:
            return load_event(EXAMPLE_PATH)
        except EventError:
            pass                         # a damaged example must not stop the app: use the generated one
    from engine.events.generator import generate_event
    return generate_event(players=16, rounds=5, seed=1, name=EXAMPLE_NAME)


def example_settings(event: Event) -> EventSettings:
    """The example's settings: its default ordering and the example prize list of the rules (case P1)."""
    from engine.prizes.cases import CASES
    case = CASES["P1"]
    return _example_settings(event, case.prizes, case.method, case.currency)


def leave_first_load_page_mode() -> None:
    """Hand a deep link's very first run over to ``app.py``'s navigation.

    Until some session has run ``app.py``, Streamlit treats an app with a ``pages/`` folder as an old-style
    multipage app and runs the page file alone, with a navigation built from file names.  The page files
    are named after our url paths (``pages/explain.py`` is ``/explain``), so that first run finds the
    page instead of showing "Page not found"; this switches the server to the entrypoint's navigation and
    reruns the same page through it (a page's identity is its url path, so the rerun lands on it).
    """
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # a Streamlit without this internal: nothing to do
        return
    if getattr(PagesManager, "uses_pages_directory", None) and st.runtime.exists():
        PagesManager.uses_pages_directory = False
        st.rerun()


def ensure_state() -> None:
    """Make sure the session has a current event; idempotent, so every page calls it first.

    On a session's first call the most recently autosaved event is reopened (so a reload or a restart
    continues where the user left off); with nothing saved, the example is loaded.  On a laptop it is saved at
    once; hosted, only with its first change (of the event, its settings or its name), so a visit that changes
    nothing leaves its workspace empty, and empty workspaces expire (:func:`ui.session.store.open_workspace`).
    """
    leave_first_load_page_mode()
    owner = workspace.owner()
    ss = st.session_state
    if _EVENT in ss:
        return
    ss[_VERSION] = 0
    ss[_GRID_REV] = 0
    ss[_SETTINGS_VERSION] = 0
    ss[_UPLOADS] = set()
    ss[_STALE] = False
    try:
        found = store.latest(owner)
    except EventError as exc:          # an unusable database must not stop the app: run unsaved
        found = None
        notice(t("Autosave is off: {reason}", reason=_reason(exc)), "warning")
    if found is not None:
        id_, name, event = found
        ss[_EVENT], ss[_ID], ss[_NAME] = event, id_, name
        ss[_SAVED_VERSION] = _saved_version(id_)
        ss[_SAVED_SETTINGS] = _saved_settings_version(id_)
        ss[_SETTINGS] = _saved_settings(id_, event)
        return
    event = example_event()
    ss[_EVENT], ss[_NAME], ss[_ID], ss[_SAVED_VERSION] = event, EXAMPLE_NAME, 0, None
    ss[_SETTINGS] = example_settings(event)
    if workspace.hosted():
        ss[_UNSAVED_EXAMPLE] = True
        return
    _autosave(new=True)


def _reason(exc: EventError, first: bool = False) -> str:
    """An error in the session's language, to quote in a notice; ``first``: begun with a capital letter (the
    notice's first sentence)."""
    text = error_text(tr(), exc)
    return text[:1].upper() + text[1:] if first else text


def _why_not_saved(exc: EventError) -> str:
    """The reason of a refused save, short enough for the page's heading: the workspace's quota, or what the
    database said (``"the event could not be saved: the disk is full or failing"`` gives its second half)."""
    if isinstance(exc, store.QuotaFull):
        return N_("this workspace keeps no more on this server")
    if isinstance(exc, store.ServerFull):
        return N_("this server keeps no more events just now")
    return str(exc).split(": ", 1)[-1]


def not_saved() -> str | None:
    """Why the event on screen is not saved (its last save was refused), or None when it is saved."""
    ensure_state()
    return st.session_state.get(_NOT_SAVED)


def unsaved_example() -> bool:
    """Hosted: the untouched example is on screen, not saved in the workspace yet."""
    ensure_state()
    return bool(st.session_state.get(_UNSAVED_EXAMPLE))


def _saved_version(id_: int) -> int | None:
    """The saved version of event ``id_`` (None when unknown: no stale-tab check then, saves overwrite)."""
    try:
        return store.version_of(id_, workspace.owner())
    except EventError:
        return None


def _saved_settings_version(id_: int) -> int | None:
    """The saved version of event ``id_``'s settings (None when unknown: then saves overwrite)."""
    try:
        return store.settings_version_of(id_, workspace.owner())
    except EventError:
        return None


def _saved_settings(id_: int, event: Event) -> EventSettings:
    """The settings saved with an event; its defaults (and a notice) when they cannot be read."""
    try:
        return store.load_settings(id_, event, workspace.owner())
    except EventError as exc:
        notice(t("The saved settings of this event could not be read, so its defaults are used: {reason}",
                 reason=_reason(exc)), "warning")
        return default_settings(event)


def current_event() -> Event:
    """The event every page shows."""
    ensure_state()
    return st.session_state[_EVENT]


def event_name() -> str:
    """The name the event is saved under (shown as plain text by the pages)."""
    ensure_state()
    return st.session_state[_NAME]


def shown_name(name: str) -> str:
    """An event's name as a page shows it: the built-in example's names in the session's language (the stored
    event keeps its English name, which the workspace and its files know it by); any other name as given."""
    from ui.session.language import tp
    if name == EXAMPLE_NAME:
        return tp("event name", "Example event")
    if name == EXAMPLE_FILE_NAME:
        return tp("event name", "Example: FIDE's tie-break exercise (16 players, 5 rounds)")
    if name == FORECAST_EXAMPLE_NAME:
        return tp("event name", "Before the last round: FIDE's exercise after round 4 (round 5 paired)")
    return name


def shown_event_name() -> str:
    """The open event's name as the pages show it (:func:`shown_name`)."""
    return shown_name(event_name())


def event_id() -> int:
    """The store id of the current event (0 while autosave is unavailable)."""
    ensure_state()
    return st.session_state[_ID]


def event_version() -> int:
    """A counter that changes on every change of the event: a cache key for derived tables."""
    ensure_state()
    return st.session_state[_VERSION]


def settings() -> EventSettings:
    """The current event's own settings: its ordering, prizes, pairing method and notes."""
    ensure_state()
    return st.session_state[_SETTINGS]


def settings_version() -> int:
    """A counter that changes whenever the settings change (a key for widgets showing them)."""
    ensure_state()
    return st.session_state[_SETTINGS_VERSION]


def set_settings(new: EventSettings) -> None:
    """Replace the event's settings and save them with it (every page sees the change)."""
    ensure_state()
    ss = st.session_state
    if ss[_SETTINGS] == new:
        return
    ss[_SETTINGS] = new
    ss[_SETTINGS_VERSION] += 1
    if ss.get(_UNSAVED_EXAMPLE):
        _autosave(new=True)                     # the example's first change: saved with its new settings
    elif ss[_ID] and not ss.get(_STALE):
        try:
            ss[_SAVED_SETTINGS] = store.save_settings(ss[_ID], new, workspace.owner(), base=ss.get(_SAVED_SETTINGS))
        except store.StaleSave:
            ss[_STALE] = True                   # the same two choices as a stale event: reload, or keep a copy
        except EventError as exc:
            notice(t("{reason}. They are kept in this page, but not saved.", reason=_reason(exc, first=True)),
                   "warning")


def set_event(event: Event, name: str | None = None, *, new: bool = False,
              settings: EventSettings | None = None, text: str | None = None) -> None:
    """Replace the current event whole and autosave it.

    ``name`` renames it (None keeps the name); ``new`` saves it as another saved event instead of
    overwriting the current one (uploads, random events); ``settings`` gives its settings (None: a new event starts
    from its defaults, a changed one keeps its settings, with a pairing method that fits its type).  ``text``: the
    event as our JSON, when a job wrote it already (see :func:`ui.session.store.save_event`).
    """
    ensure_state()
    ss = st.session_state
    ss[_EVENT] = event
    if settings is None:
        settings = default_settings(event) if new else ss[_SETTINGS].fitted_to(event)
    if settings != ss[_SETTINGS]:
        ss[_SETTINGS] = settings
        ss[_SETTINGS_VERSION] += 1
    if name is not None:
        ss[_NAME] = name.strip() or ss[_NAME]
    if new:
        forget_page_choices()
    ss[_VERSION] += 1
    ss[_GRID_REV] += 1
    _autosave(new=new, text=text)


#: the pages' remembered choices that belong to one event (its players, its orderings to compare): kept under
#: ``ordering.<name>`` and ``_ordering.<name>`` by :func:`ui.session.memory.kept`; a page's other choices (how many
#: samples, the prize rounding) are the user's and stay
_EVENT_CHOICES = ("why.", "explain.", "standings.", "compare.", "forecast.player")


def forget_page_choices() -> None:
    """Another event is opened (an upload, a new or random event, a saved one, a shared link): every page
    starts from it, so the players, pair and orderings picked for the previous event are dropped.  Player
    numbers 1, 2, 3 exist in nearly every event, so a remembered pick would otherwise survive and compare
    two players of the new event who are not even tied."""
    ss = st.session_state
    for key in [k for k in ss if isinstance(k, str)]:
        name = key[len("_ordering."):] if key.startswith("_ordering.") else \
            key[len("ordering."):] if key.startswith("ordering.") else None
        if name is not None and name.startswith(_EVENT_CHOICES):
            del ss[key]


def _autosave(new: bool = False, text: str | None = None) -> None:
    """Save the current event over the one it was opened from, unless another tab saved that one since.

    ``new`` saves it as another saved event instead.  A refused save leaves the event on screen and marks
    the session stale (see :func:`stale`); so does every further change until the user chooses.
    """
    ss = st.session_state
    if new:
        ss[_STALE] = False
    try:
        stamp = store.save_event(ss[_NAME], ss[_EVENT], None if new or not ss[_ID] else ss[_ID],
                                 ss[_SETTINGS], owner=workspace.owner(),
                                 base=None if new else ss.get(_SAVED_VERSION),
                                 settings_base=None if new else ss.get(_SAVED_SETTINGS), text=text)
    except store.StaleSave:
        ss[_STALE] = True
        return
    except EventError as exc:
        notice(t("{reason}. Your event is kept in this page, but it is not saved.", reason=_reason(exc, first=True)),
               "warning")
        ss[_NOT_SAVED] = _why_not_saved(exc)
        return
    ss.pop(_UNSAVED_EXAMPLE, None)
    ss.pop(_NOT_SAVED, None)
    if stamp.recreated:
        notice(t("The saved event had been deleted in another tab or window; this event was saved again as a "
                 "new saved event."), "info")
    ss[_ID], ss[_SAVED_VERSION], ss[_SAVED_SETTINGS] = stamp.id, stamp.version, stamp.settings_version


# -- Build-event helpers ----------------------------------------------------------------------------

def grid_key(which: str) -> str:
    """The widget key of an editor; it changes with every new event so stale edits cannot come back."""
    ensure_state()
    return f"{which}_grid_{st.session_state[_GRID_REV]}"


def discard_edits() -> None:
    """Throw away what was typed in the grids and show the current event again."""
    ensure_state()
    st.session_state[_GRID_REV] += 1


def open_saved(id: int) -> None:
    """Make saved event ``id`` the current one (raises :class:`~engine.core.errors.EventError` if it cannot be read)."""
    ensure_state()
    owner = workspace.owner()
    version = store.version_of(id, owner)
    event = store.load(id, owner)
    ss = st.session_state
    ss[_EVENT], ss[_ID], ss[_NAME] = event, id, store.name_of(id, owner)
    ss.pop(_UNSAVED_EXAMPLE, None)
    ss.pop(_NOT_SAVED, None)
    forget_page_choices()
    ss[_SAVED_VERSION], ss[_STALE] = version, False
    ss[_SAVED_SETTINGS] = _saved_settings_version(id)
    ss[_SETTINGS] = _saved_settings(id, event)
    ss[_SETTINGS_VERSION] += 1
    ss[_VERSION] += 1
    ss[_GRID_REV] += 1
    try:
        store.set_last_opened(id, owner)
    except EventError:
        pass                                # only a reload's starting point is lost: the event is open


def open_copy(name: str, event: Event, settings: EventSettings | None = None) -> bool:
    """Open the saved event that is ``event`` under ``name`` (a shared link's copy, the example, opened before)
    with ``settings`` (None: its saved ones); False when the workspace has no such event (or cannot be read)."""
    ensure_state()
    try:
        found = store.find_copy(name, event, workspace.owner())
        if found is None:
            return False
        if found != event_id():
            open_saved(found)
    except EventError:
        return False
    forget_page_choices()
    if settings is not None:
        set_settings(settings)
    return True


def open_example() -> None:
    """Back to the built-in example: its saved copy when the workspace still has it unchanged (the list keeps
    one entry per event), else a fresh copy saved next to the user's events."""
    event = example_event()
    if not open_copy(EXAMPLE_NAME, event, example_settings(event)):
        set_event(event, EXAMPLE_NAME, new=True, settings=example_settings(event))


def saved_events() -> list[store.SavedEvent]:
    """The events saved in this session's workspace, newest first (names and sizes only)."""
    ensure_state()
    return store.list_events(workspace.owner())


def delete_saved(id: int) -> None:
    """Delete saved event ``id`` of this session's workspace (never the one on screen)."""
    ensure_state()
    if id != event_id():
        store.delete(id, workspace.owner())


def rename_current(name: str) -> None:
    """Rename the current saved event (refused with :class:`ui.session.store.StaleSave` when another tab saved it)."""
    ensure_state()
    ss = st.session_state
    if ss.get(_UNSAVED_EXAMPLE):                # its first change: saved under the new name
        name = (name or "").strip()
        if not name:
            raise EventError(said("a saved event needs a name"))
        check_name(said("the new name"), name)
        ss[_NAME] = name
        _autosave(new=True)
        return
    try:
        ss[_SAVED_VERSION] = store.rename(event_id(), name, workspace.owner(), ss.get(_SAVED_VERSION))
    except store.StaleSave:
        ss[_STALE] = True
        raise
    ss[_NAME] = name.strip()


def stale() -> bool:
    """True when the saved event moved on (another tab or window saved it) since this session opened it.

    One small read of the saved version, so the Build-event page can say so before the user even saves.
    """
    ensure_state()
    ss = st.session_state
    if ss.get(_STALE):
        return True
    if not ss[_ID] or ss.get(_SAVED_VERSION) is None:
        return False
    try:
        now = store.version_of(ss[_ID], workspace.owner())
        settings_now = store.settings_version_of(ss[_ID], workspace.owner())
    except EventError:
        return False
    ss[_STALE] = now is not None and (now != ss[_SAVED_VERSION] or (
        ss.get(_SAVED_SETTINGS) is not None and settings_now != ss[_SAVED_SETTINGS]))
    return ss[_STALE]


def reload_saved() -> None:
    """Drop this tab's copy and show the saved event as it is now."""
    ensure_state()
    open_saved(event_id())


def save_as_copy() -> None:
    """Keep this tab's copy as another saved event ("… (copy)"), leaving the other tab's save alone."""
    ensure_state()
    ss = st.session_state
    ss[_NAME] = f"{ss[_NAME]} (copy)"
    _autosave(new=True)


def upload_is_new(file_id: str) -> bool:
    """True the first time a given uploaded file is seen (the uploader keeps it across reruns)."""
    ensure_state()
    seen: set[str] = st.session_state[_UPLOADS]
    if file_id in seen:
        return False
    seen.add(file_id)
    return True


def notice(text: str, kind: str = "success") -> None:
    """A message for the next run of the page (after the rerun an action causes).

    A pending warning is never replaced by good news (an action that opened an event but could not save it,
    say because the workspace is full, must still say so): the two are shown together, as a warning."""
    pending = st.session_state.get(_NOTICE)
    if pending is not None and pending[0] == "warning" and kind != "warning":
        st.session_state[_NOTICE] = ("warning", f"{text} {pending[1]}")
        return
    st.session_state[_NOTICE] = (kind, text)


def take_notice() -> tuple[str, str] | None:
    """The pending message, once."""
    return st.session_state.pop(_NOTICE, None)


def keep_reader_warnings(lines: Sequence[str]) -> None:
    """The repairs the reader made while opening a file, for the next run of the page (after the rerun)."""
    st.session_state[_READER_WARNINGS] = list(lines)


def take_reader_warnings() -> list[str]:
    """The pending reader warnings, once (empty when the last file read cleanly)."""
    return st.session_state.pop(_READER_WARNINGS, [])


def page_link(path: str, what: str, label: str | None = None) -> None:
    """A link to another page, with the sidebar's title and icon, then ``what`` it is for (or ``label``, the
    question it answers, instead); plain text when the page is run on its own (AppTest has no navigation)."""
    from streamlit.errors import StreamlitAPIException

    from ui.session.language import t
    from ui.session.navigation import page_info
    info = page_info(path)
    label = label or t("{page}: {what}", page=t(info.title), what=what)
    try:
        st.page_link(path, label=label, icon=info.icon)
    except StreamlitAPIException:
        st.text(label)


def pending_note(event: Event) -> str | None:
    """A sentence for pages that show places while a round is still being played (None otherwise): they are as
    if the event ended now."""
    first = event.first_pending_round()
    if first is None:
        return None
    from ui.session.language import t
    return t("Round {round} of {rounds} is still being played: the places below are as if the event ended now, "
             "after round {before}. The “Before the last round” page shows everyone's chances.",
             round=first, rounds=event.rounds, before=event.last_result_round())
