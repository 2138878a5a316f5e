"""Reading and writing team event files by their ending: TRF (``.trf``, ``.txt``), our JSON (``.json``), and
Swiss-Manager's chess-results upload (``.xml``, read only)."""
from __future__ import annotations

import json
import os
import re

from engine.core.errors import EventError
from engine.core.said import said
from engine.formats.loader import write_atomically
from engine.formats.source import read_limited
from engine.teams.chessresults_xml import read_team_upload
from engine.teams.jsonteams import FORMAT_NAME, read_team_json, write_team_json
from engine.teams.model import TeamEvent
from engine.teams.trf_teams import read_team_trf
from engine.teams.trf_write import write_team_trf


def is_team_file(path: str | os.PathLike[str]) -> bool:
    """Whether a file holds a team event, told from its bytes without decoding them (a file that cannot be
    read is not: its reader then says why)."""
    name = os.fspath(path).lower()
    if not name.endswith((".trf", ".txt", ".json", ".xml")):
        return False
    try:
        data = read_limited(path)
    except (EventError, OSError):
        return False
    if name.endswith(".json"):
        return FORMAT_NAME.encode() in data
    if name.endswith(".xml"):
        return b"<chessresults" in data[:4000] and re.search(rb'\btype="[23]"', data[:20000]) is not None
    return re.search(rb"^(?:013|310) ", data, re.MULTILINE) is not None


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
    raise EventError(said("cannot write a team event as {name}: use a .trf or .json ending", name=repr(filename)))


def save_team_event(ev: TeamEvent, path: str | os.PathLike[str]) -> None:
    text = team_event_text(ev, os.fspath(path))
    json.loads(text) if os.fspath(path).lower().endswith(".json") else None
    write_atomically(path, text.encode("utf-8"))
