"""Where the hosted workspace key comes from and where it may show (ui.session.workspace's pure
decisions): every combination of an address key, a browser cookie and the browser's report,
worked out by hand from the rules: a known address key wins, else the browser's own cookie, else a new
workspace; the address shows a key only while an old ``?w=`` link waits for the cookie, or when the browser
refuses cookies."""
from __future__ import annotations

import pytest

from ui.session.workspace import Arrival, address_key, arrive, must_report, well_formed

MINE, OTHER, FORGED = "M" * 32, "O" * 32, "F" * 32
KNOWN = {MINE, OTHER}


def known(token: str) -> bool:
    return token in KNOWN


@pytest.mark.parametrize("query, cookie, forgotten, expected", [
    # no key anywhere: a new workspace, nothing to say
    ("", "", "", Arrival("")),
    # the browser's cookie: its own workspace (a share link opened in this browser lands here)
    ("", MINE, "", Arrival(MINE)),
    # an old bookmark or a downloaded private link: the address's key wins over the cookie
    (OTHER, MINE, "", Arrival(OTHER)),
    (MINE, "", "", Arrival(MINE)),
    (MINE, MINE, "", Arrival(MINE)),
    # a made-up key: the browser's own workspace if it has one, else a new one; said once either way
    (FORGED, MINE, "", Arrival(MINE, unknown_link=True)),
    (FORGED, "", "", Arrival("", unknown_link=True)),
    # a cookie the server does not know (its workspace expired, or a forged cookie): a new workspace
    ("", FORGED, "", Arrival("")),
    # the session was told to forget MINE; the old cookie still arrives until the page reconnects
    ("", MINE, MINE, Arrival("")),
    ("", OTHER, MINE, Arrival(OTHER)),
    # ... but the private link, opened on purpose, still opens it
    (MINE, MINE, MINE, Arrival(MINE)),
])
def test_which_workspace_a_session_opens(query, cookie, forgotten, expected):
    arrival = arrive(query, cookie, known, forgotten)
    assert arrival == expected
    assert arrival.new is (expected.token == "")


def test_a_new_workspace_has_no_token_yet():
    assert Arrival("").new and not Arrival(MINE).new


@pytest.mark.parametrize("token, query, cookie, stored, expected", [
    # a first visit with no key in the address: never given one, whatever the browser has answered so far
    (MINE, "", "", None, None),
    (MINE, "", "", MINE, None),
    # an old ?w= link: the key stays until the browser says the cookie is kept, then leaves the address
    (MINE, MINE, "", None, MINE),
    (MINE, MINE, "", MINE, None),
    # ... or at once when the browser already sent this very key as its cookie
    (MINE, MINE, MINE, None, None),
    # a made-up key in the address is replaced by the session's new key until the cookie is kept
    (MINE, FORGED, "", None, MINE),
    (MINE, FORGED, "", MINE, None),
    # a browser that refuses cookies: the address is the only place left for the key
    (MINE, "", "", "", MINE),
    (MINE, MINE, "", "", MINE),
    # an answer about an older key (before "forget") does not count for the new one
    (MINE, MINE, "", OTHER, MINE),
    (MINE, "", OTHER, OTHER, None),
])
def test_what_the_address_shows(token, query, cookie, stored, expected):
    assert address_key(token, query, cookie, stored) == expected


@pytest.mark.parametrize("token, query, cookie, stored, expected", [
    (MINE, MINE, "", None, True),          # an old ?w= link: ask, so that the key can leave the address
    (MINE, FORGED, "", None, True),        # the session's key replaced a made-up one in the address: the same
    (MINE, "", "", None, False),           # a usual first visit: no key in the address, so no answer (no rerun)
    (MINE, MINE, MINE, None, False),       # the browser already sent this very key: nothing to ask
    (MINE, MINE, "", MINE, False),         # answered: asking again would cost a rerun per run
    (MINE, MINE, "", "", False),           # answered "refused": asking again would loop
    (MINE, MINE, OTHER, OTHER, True),      # an answer about another key does not count
])
def test_when_the_browser_is_asked_to_report(token, query, cookie, stored, expected):
    assert must_report(token, query, cookie, stored) is expected


@pytest.mark.parametrize("token, ok", [
    ("A" * 32, True), ("aZ09_-" * 5 + "xy", True), ("A" * 31, False), ("A" * 33, False),
    ("A" * 31 + "=", False), ("A" * 31 + " ", False), ("", False), ("../" + "A" * 29, False),
])
def test_only_well_formed_keys_are_read(token, ok):
    assert well_formed(token) is ok
