"""AppTests of values checked where they enter: a share link whose options are out of bounds or
name a round the event does not have is refused with one line on every page, never a traceback."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from engine.formats.jsonfmt import write_json
from tests.fixtures import fixture_a
from tests.pages import open_page

pytestmark = pytest.mark.usefixtures("fixture_a_example")


def link(options: dict) -> str:
    """A well-packed link (version 1: CRC, raw deflate, base64) holding Fixture A and ``options``, built by hand
    as a careless or hostile sender would."""
    raw = json.dumps({"e": write_json(fixture_a()), "c": ["MM", "BH"], "r": "uscf", "o": options, "p": "why",
                      "y": []}, separators=(",", ":")).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    blob = zlib.crc32(raw).to_bytes(4, "big") + packer.compress(raw) + packer.flush()
    return "1" + base64.urlsafe_b64encode(blob).decode().rstrip("=")


@pytest.mark.parametrize("page", ["Standings", "Explain", "Why is A above B?"])
def test_a_link_with_round_99_is_refused_in_one_line(page):
    at = open_page(page, timeout=120)
    at.query_params["s"] = link({"round": 99})
    at.run()
    assert not at.exception, at.exception
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "round 99, but the event has rounds 1 to 5" in errors[0]
    assert "Traceback" not in errors[0] and ".py" not in errors[0]
    at.run()                                            # a rerun: the same one line, still no traceback
    assert not at.exception and [e.value for e in at.error] == errors
    for other in ("Start", "Build event"):              # the event was left as it was: the other pages work
        later = open_page(other, timeout=120).run()
        assert not later.exception and not later.error


def test_an_unbounded_option_in_a_link_is_refused():
    at = open_page("Standings", timeout=120)
    at.query_params["s"] = link({"kashdan_unplayed": 10 ** 14})
    at.run()
    assert not at.exception
    assert any("kashdan" in e.value and "from 0 to 4" in e.value for e in at.error)   # the name is escaped for Markdown
