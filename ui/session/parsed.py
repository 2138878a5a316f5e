"""Saved events already read, shared by every session of the server, and each event's content digest.

Every new session of a workspace (a reload, an address typed, a page opened in a new tab) reopens the
workspace's last event.  Reading the largest event a shared server opens (20,000 players x 20 rounds, some
15 MB of JSON) cost the server process more than a second of CPU each time, and hashing it for the pages'
caches (``repr`` of half a million games) another one to three.  Events are immutable, so the sessions that
open the same saved version may share one: :func:`remember` keeps the last few read or saved, under the row's
id, version and time of its save, and :func:`digest` gives the SHA-256 of an event's JSON text (the text the
store keeps, so it names the event's content), known for every event read or saved here.
"""
from __future__ import annotations

import hashlib
import threading
import weakref
from collections import OrderedDict
from typing import Hashable

from engine.core.model import Event

#: events kept read: a workspace's last event for each of the few workspaces in use at once; the largest allowed
#: (20,000 x 20, read from its JSON) takes about 15 MB, and every session that has it open holds it anyway
KEPT = 4

#: re-entrant: dropping an event from the cache may end its life, whose finaliser forgets its digest
_lock = threading.RLock()
_events: OrderedDict[Hashable, Event] = OrderedDict()
_digests: dict[int, str] = {}


def text_digest(text: str) -> str:
    """The SHA-256 of an event's JSON text (a few milliseconds for the largest)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def note_digest(event: Event, digest: str) -> None:
    """``event``'s JSON text has ``digest``: kept as long as the event lives."""
    key = id(event)
    with _lock:
        if key not in _digests:
            weakref.finalize(event, _forget, key)
        _digests[key] = digest


def _forget(key: int) -> None:
    with _lock:
        _digests.pop(key, None)


def digest(event: Event) -> str | None:
    """The digest of ``event``'s JSON text if it was read or saved here (None otherwise)."""
    return _digests.get(id(event))


def recall(key: Hashable) -> Event | None:
    """The event kept under ``key`` (the store's database, row, version and time of save), or None."""
    with _lock:
        event = _events.get(key)
        if event is not None:
            _events.move_to_end(key)
        return event


def remember(key: Hashable, event: Event) -> None:
    """Keep ``event`` under ``key``, dropping the one used longest ago past :data:`KEPT`."""
    with _lock:
        _events[key] = event
        _events.move_to_end(key)
        while len(_events) > KEPT:
            _events.popitem(last=False)
