"""Reading and writing team event files by their ending: TRF (``.trf``, ``.txt``), our JSON (``.json``), and
Swiss-Manager's chess-results upload (``.xml``, read only)."""
from __future__ import annotations

import json
import os

from engine.core.errors import EventError
from engine.formats.loader import write_atomically
from engine.formats.source import decode_text, read_limited
from engine.teams.chessresults_xml import is_team_upload, read_team_upload
from engine.teams.jsonteams import FORMAT_NAME, read_team_json, write_team_json
from engine.teams.model import TeamEvent
from engine.teams.trf_teams import is_team_trf, read_team_trf
from engine.teams.trf_write import write_team_trf


def is_team_file(path: str | os.PathLike[str]) -> bool:
    """Whether a file holds a team event (read once, cheaply; a file that cannot be read is not)."""
    try:
        text = decode_text(read_limited(path), os.fspath(path))
    except (EventError, OSError):
        return False
    if os.fspath(path).lower().endswith(".json"):
        return f'"{FORMAT_NAME}"' in text[:2000] or f'"{FORMAT_NAME}"' in text
    if os.fspath(path).lower().endswith(".xml"):
        return is_team_upload(text)
    return is_team_trf(text)


def load_team_event(path: str | os.PathLike[str]) -> TeamEvent:
    name = os.path.basename(os.fspath(path))
    data = read_limited(path)
    if name.lower().endswith(".json"):
        return read_team_json(data, name)
    if name.lower().endswith(".xml"):
        return read_team_upload(data, name)
    return read_team_trf(data, name)


def team_event_text(ev: TeamEvent, filename: str) -> str:
    if filename.lower().endswith(".json"):
        return write_team_json(ev)
    if filename.lower().endswith((".trf", ".txt")):
        return write_team_trf(ev)
    raise EventError(f"cannot write a team event as {filename!r}: use a .trf or .json ending")


def save_team_event(ev: TeamEvent, path: str | os.PathLike[str]) -> None:
    text = team_event_text(ev, os.fspath(path))
    json.loads(text) if os.fspath(path).lower().endswith(".json") else None
    write_atomically(path, text.encode("utf-8"))
