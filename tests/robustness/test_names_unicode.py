"""Names from the whole Unicode range (surrogates, controls, separators included), drawn by hypothesis.

A name is accepted exactly when it is printable text: no character of the Unicode categories Cc (controls,
NUL among them), Cs (lone surrogates), Zl and Zp (line and paragraph separators), none of the nine
bidirectional embedding/override/isolate characters, and at most 200 characters.  The oracle below asks
:mod:`unicodedata` directly, not the engine's own pattern.  An accepted name survives our JSON, the CSV
wallchart and a share link exactly, and TRF up to its 33 columns; a refused one is an :class:`EventError`
naming the player.  In Markdown every name shows as typed and never as a link, an image or an address.
"""
from __future__ import annotations

import json
import re
import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import EventError
from engine.core.model import HALF, Entry, Player, make_event
from engine.core.ordering import ordering_of
from engine.formats.jsonfmt import read_json, write_json
from engine.formats.sharelink import Shared, decode, encode
from engine.formats.trf import read_trf, write_trf
from engine.formats.wallchart import read_wallchart, write_wallchart
from ui.render.text import WORD_JOINER, md_escape

BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters and a symbol by their category that print as nothing: the Hangul fillers (U+115F choseong,
#: U+1160 jungseong, U+3164 and the halfwidth U+FFA0) and the Braille pattern without dots (U+2800)
BLANK_LOOKING = set("\u115f\u1160\u3164\uffa0\u2800")
NAMES = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: any code point at all, surrogates and controls included
any_char = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
#: mostly ordinary letters, with the troublemakers mixed in often enough to matter
name_chars = st.one_of(st.characters(categories=("L", "N", "Zs", "P", "S", "M")), any_char,
                       st.sampled_from(sorted(BIDI_CONTROLS) + ["\x00", "\x1b", "\x07", "\ud800", "\udfff",
                                                                 "\u2028", "\x85", "\t", "\n", "\ufeff"]
                                       + sorted(BLANK_LOOKING)))
names = st.text(name_chars, min_size=1, max_size=60)


#: The direction marks (LRM, RLM, the Arabic letter mark) and the TAG characters are refused too, and the
#: byte-order mark (U+FEFF, "zero width no-break space") inside a name
DIRECTION_MARKS = set("\u200e\u200f\u061c\ufeff") | {chr(c) for c in range(0xE0000, 0xE0080)}


def _marks_run(name: str) -> int:
    """The longest run of combining marks (category M without spacing ones, or a non-zero combining class)."""
    longest = run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") or unicodedata.combining(ch) else 0
        longest = max(longest, run)
    return longest


def printable(name: str) -> bool:
    """The oracle: what a name may hold, from the Unicode database: no control, surrogate, line or paragraph
    separator, bidirectional control, direction mark or TAG; at most 6 combining marks in a row;
    and at least one character that shows (not only spaces, format characters and marks)."""
    shows = any(not ch.isspace() and ch not in BLANK_LOOKING
                and unicodedata.category(ch) not in ("Zs", "Zl", "Zp", "Cf", "Mn", "Me", "Cc") for ch in name)
    return (len(name) <= 200 and (shows or not name) and _marks_run(name) <= 6
            and not any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS
                        or ch in DIRECTION_MARKS for ch in name))


def event_named(name: str):
    players = [Player(1, name), Player(2, "Bob")]
    return make_event("Open", players, {1: [Entry.game(2, "W", HALF)], 2: [Entry.game(1, "B", HALF)]})


@NAMES
@given(names)
def test_a_name_is_accepted_exactly_when_it_is_printable_text(name):
    try:
        event = event_named(name)
    except EventError as exc:
        assert not printable(name), f"refused a printable name {name!r}: {exc}"
        assert exc.player == 1 and "the name" in str(exc)
        assert str(exc).isprintable()                  # the message itself never carries the character
        return
    assert printable(name), f"accepted {name!r}"
    assert event.player(1).name == name


@NAMES
@given(names)
def test_an_accepted_name_survives_every_writer(name):
    if not printable(name) or name != name.strip() or not name.strip():
        return                                          # the readers trim the spaces around a cell or field
    event = event_named(name)
    assert read_json(write_json(event), "x.json").player(1).name == name
    assert read_wallchart(write_wallchart(event), "x.csv").player(1).name == name
    assert decode(encode(Shared(event, ordering_of(("BH",), "fide")))).event.player(1).name == name
    assert read_trf(write_trf(event), "x.trf").player(1).name == name[:33].strip()


@NAMES
@given(names)
def test_a_refused_name_in_a_file_is_an_error_naming_the_player(name):
    if printable(name):
        return
    doc = json.loads(write_json(event_named("Placeholder")))
    doc["players"][0]["name"] = name
    text = json.dumps(doc)                              # ASCII with \\u escapes: surrogates and NUL travel too
    try:
        read_json(text, "x.json")
    except EventError as exc:
        assert str(exc).startswith("x.json:") and "player 1" in str(exc)
    else:
        raise AssertionError(f"accepted {name!r}")


#: GitHub-flavoured Markdown's autolinks, as the browser's renderer finds them in the text it shows
AUTOLINK = re.compile(r"(https?://|www(?=\.))[-.\w]+|[-.\w+]+@[-\w]+(\.[-\w]+)+", re.ASCII | re.IGNORECASE)


@NAMES
@given(st.one_of(names, st.from_regex(r"(https?://|www\.)[a-z]{1,8}\.[a-z]{2,4}(/[a-z]*)?|[a-z]+@[a-z]+\.org",
                                       fullmatch=True),
                 st.lists(st.sampled_from(["[", "]", "(", ")", "!", "<", ">", "*", "_", "`", ":", ".", "@", "/",
                                           "http", "www", "evil", "org", " ", "\\", "#", "$", "~", "|"]),
                          max_size=30).map("".join)))
def test_markdown_shows_every_name_as_typed_and_never_as_a_link(name):
    shown = md_escape(name)
    assert "\n" not in shown and "\r" not in shown
    naked = re.sub(r"\\.", "", shown)                   # what is left for Markdown to act on
    assert not re.search(r"[\[\]()!<>*_`#$~|]", naked)
    resolved = re.sub(r"\\(.)", r"\1", shown)          # what the reader sees
    assert not AUTOLINK.search(resolved)
    plain = re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+", " ", name)
    assert resolved.replace(WORD_JOINER, "") == plain


def test_names_that_only_look_blank_and_a_bom_inside_a_name_are_refused():
    """A probe got these past every check; each is refused with the reason a person can act on."""
    from engine.core.limits import name_problem
    for blank in ("\u2800", "\u3164", "\u115f", "\u1160", "\uffa0", "\u3164\u3164 \u2800"):
        assert name_problem(blank) == "shows no visible character (only spaces or invisible characters)", blank
    assert name_problem("An\ufeffn") == ("holds U+FEFF (zero width no-break space) at character 3, which is not "
                                         "printable text")
    assert name_problem("\u3164Ann") is None              # a filler beside letters hides nothing
