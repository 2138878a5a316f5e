"""Share a team event's page as a link: the team event, the team order chosen and the teams on the page.

The same link format as a single event's (:mod:`engine.formats.sharelink`: version mark, check sum, compressed
JSON), with its own payload: ``t`` the team event as our team JSON (:mod:`engine.teams.jsonteams`, which
round-trips exactly), ``n`` the event's name as the sender knows it, ``p`` the page, ``q`` the order chosen (a
preset's key, the file's own list or codes typed in), ``r`` the rules' edition, ``x`` the codes typed, ``y`` the
teams chosen on the page (Why: A and B; Explain: the team), ``k`` the tie-break explained.  The presence of ``t``
tells a team link from a single event's.

Decoding trusts nothing: the team event inside is read like an uploaded team file, every choice is checked
against what the app offers, and anything wrong is "this link is damaged or incomplete: ...".

>>> from engine.teams.model import Team, make_team_event
>>> from engine.core.model import Player
>>> ev = make_team_event("Cup", [Team(1, "North", players=(1,)), Team(2, "South", players=(2,))],
...                      [Player(1, "A"), Player(2, "B")], [], rounds=1, boards=1)
>>> back = decode_team_link(encode_team_link(SharedTeam(ev, "Cup", "why", "ecu", "fide", teams=(2, 1))))
>>> back.event.name_of(2), back.preset, back.teams
('South', 'ecu', (2, 1))
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import EventError
from engine.core.limits import check_name
from engine.core.said import Said, said
from engine.formats.sharelink import PAGES, pack, read_or_damaged, unpack
from engine.teams.codes import parse_team_code, parse_team_codes
from engine.teams.jsonteams import read_team_json, write_team_json
from engine.teams.model import TeamEvent
from engine.teams.presets import TEAM_PRESETS

#: the orders a link may name besides the presets: the file's own list, codes typed in
OTHER_ORDERS = ("file", "typed")
#: the rules' editions a team page offers
TEAM_RULES = ("fide", "fide2024")
#: the longest list of codes typed in that a link may carry
MAX_TYPED = 400
#: the longest code a link may carry
MAX_CODE = 40


@dataclass(frozen=True)
class SharedTeam:
    """What a team event's link carries."""

    event: TeamEvent
    name: str
    page: str = "standings"
    preset: str = "fide-team"
    rules: str = "fide"
    typed: str = ""                        # the codes typed, when ``preset`` is "typed"
    teams: tuple[int, ...] = ()            # Why: A and B; Explain: the team
    code: str = ""                         # Explain: the tie-break explained


def encode_team_link(shared: SharedTeam, event_json: str | None = None) -> str:
    """The link text (the value of ``?s=``) for ``shared``.  ``event_json`` is the event's team JSON when the
    caller has written it already (a page links the same event from every page: an Olympiad takes 0.4 s to write)."""
    event_json = write_team_json(shared.event) if event_json is None else event_json
    payload: dict[str, Any] = {"t": event_json, "n": shared.name, "p": shared.page,
                               "q": shared.preset, "r": shared.rules, "y": list(shared.teams)}
    if shared.typed:
        payload["x"] = shared.typed
    if shared.code:
        payload["k"] = shared.code
    return pack(payload)


def is_team_link(doc: Any) -> bool:
    """Whether the plain data of a link (:func:`engine.formats.sharelink.unpack`) is a team event's."""
    return isinstance(doc, dict) and "t" in doc


def decode_team_link(link: str) -> SharedTeam:
    """The team event and choices a team link carries; :class:`EventError` for anything damaged or invented."""
    return team_link_from(unpack(link))


def team_link_from(doc: Any) -> SharedTeam:
    """The team event and choices of a link's plain data (already unpacked)."""
    return read_or_damaged(lambda: _read(doc))


def _text(doc: dict[str, Any], key: str, longest: int, wrong: Said) -> str:
    """The link's text under ``key``; ``wrong`` is the whole sentence said when it is not text or too long."""
    value = doc.get(key, "")
    if not isinstance(value, str) or len(value) > longest:
        raise EventError(wrong)
    return value


def _read(doc: Any) -> SharedTeam:
    if not is_team_link(doc) or not isinstance(doc["t"], str):
        raise EventError(said("it holds no team event"))
    event = read_team_json(doc["t"], "shared link")
    name = _text(doc, "n", 200, said("its event name is not text of at most {longest} characters", longest=200))
    name = name or event.name or "Shared team event"
    check_name(said("the event's name"), name)
    page = doc.get("p")
    if page not in PAGES:
        raise EventError(said("its page is not one a link opens"))
    preset = _text(doc, "q", MAX_CODE, said("its order is not text of at most {longest} characters", longest=MAX_CODE))
    if preset not in TEAM_PRESETS and preset not in OTHER_ORDERS:
        raise EventError(said("its team order {preset} is unknown", preset=repr(preset)))
    if preset == "file" and not event.file_tiebreaks:
        raise EventError(said("it names the file's own order, but its event has none"))
    rules = doc.get("r")
    if rules not in TEAM_RULES:
        raise EventError(said("its rules' edition is unknown"))
    typed = _text(doc, "x", MAX_TYPED, said("its codes typed is not text of at most {longest} characters",
                                                   longest=MAX_TYPED))
    if preset == "typed":
        parse_team_codes(typed)
    teams = doc.get("y", [])
    if not isinstance(teams, list) or len(teams) > 2 or not all(
            isinstance(t, int) and not isinstance(t, bool) and t in event.tpns for t in teams):
        raise EventError(said("its chosen teams are not teams of the event"))
    code = _text(doc, "k", MAX_CODE, said("its tie-break is not text of at most {longest} characters", longest=MAX_CODE))
    if code:
        parse_team_code(code)
    return SharedTeam(event, name, str(page), preset, str(rules), typed, tuple(teams), code)
