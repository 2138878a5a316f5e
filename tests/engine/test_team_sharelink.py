"""A team event's share link: the whole team event and the page's choices travel and come back the same; a damaged
or invented link is refused in one line."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.formats.sharelink import decode, pack, unpack
from engine.teams.files import load_team_event
from engine.teams.jsonteams import write_team_json
from engine.teams.sharelink import SharedTeam, decode_team_link, encode_team_link, is_team_link

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = load_team_event(ROOT / "scenarios" / "team-example.trf")


def test_the_example_team_event_travels_whole_with_the_page_and_its_choices():
    link = encode_team_link(SharedTeam(EXAMPLE, "Club cup", "why", "ecu", "fide2024", teams=(2, 1)))
    back = decode_team_link(link)
    assert (back.name, back.page, back.preset, back.rules, back.teams) == ("Club cup", "why", "ecu", "fide2024", (2, 1))
    assert write_team_json(back.event) == write_team_json(EXAMPLE)
    assert [(back.event.mp(t), back.event.gp(t)) for t in (1, 2)] == [(5, 9), (5, 9)]
    assert is_team_link(unpack(link))
    # a team link is no single event's link: that reader says so in one line
    with pytest.raises(EventError, match="damaged or incomplete: it holds no event"):
        decode(link)


def test_explain_and_typed_codes():
    link = encode_team_link(SharedTeam(EXAMPLE, "x", "explain", "typed", "fide", "EDE, BC", (3,), "EMGSB/C1"))
    back = decode_team_link(link)
    assert (back.typed, back.teams, back.code) == ("EDE, BC", (3,), "EMGSB/C1")


def payload(**changes: object) -> str:
    doc = {"t": write_team_json(EXAMPLE), "n": "x", "p": "standings", "q": "fide-team", "r": "fide", "y": []}
    doc.update(changes)
    return pack(doc)


@pytest.mark.parametrize("changes, why", [
    ({"q": "olympiad-1900"}, "team order 'olympiad-1900' is unknown"),
    ({"q": "file"}, "the file's own order, but its event has none"),
    ({"r": "uscf"}, "rules' edition is unknown"),
    ({"p": "prizes"}, "page is not one a link opens"),
    ({"y": [1, 99]}, "chosen teams are not teams of the event"),
    ({"y": [1, 2, 3]}, "chosen teams are not teams of the event"),
    ({"k": "NOPE"}, "NOPE"),
    ({"q": "typed", "x": "BH:XX"}, "BH:XX"),
    ({"t": json.dumps({"format": "tiebreak-lab-team-event", "version": 1})}, "shared link"),
])
def test_an_invented_team_link_is_refused_in_one_line(changes, why):
    with pytest.raises(EventError) as caught:
        decode_team_link(payload(**changes))
    message = str(caught.value)
    assert message.startswith("this link is damaged or incomplete") and why in message and "\n" not in message


def test_a_cut_team_link_is_refused():
    link = encode_team_link(SharedTeam(EXAMPLE, "x"))
    with pytest.raises(EventError, match="damaged or incomplete"):
        decode_team_link(link[:-20])
