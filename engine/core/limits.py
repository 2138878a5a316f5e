"""The stated bounds of an event, and the checks that keep user text plain, printable text.

Every size a file, a link or the grid can state is bounded here, far above any real tournament and low
enough that the largest input we accept (20 MB) is read and ranked in seconds.  The bounds are checked
where a number is first read, before any work in proportion to it (a file that says "10,000,000 rounds"
must not make us build ten million entries to find out), and once more in :func:`engine.core.model.make_event`
for events built any other way.

Text from users (names, the event's name, federations, dates) must be printable Unicode: control
characters (NUL, ESC, BEL ...), lone surrogates (half of a character, which no file can encode), line and
paragraph separators and the bidirectional overrides that reorder what a reader sees are refused with a
message naming the field and the character; they are never silently removed, so what is stored is exactly
what the user wrote or nothing.
"""
from __future__ import annotations

import re
import unicodedata

from engine.core.errors import EventError
from engine.core.said import Count, Said, said, said_n

#: rounds of one event (real events have at most about 15; a round robin of 50 double rounds is 98)
MAX_ROUNDS = 99
#: players of one event (twice the largest field we benchmark; the biggest real opens have about 10,000)
MAX_PLAYERS = 100_000
#: player-rounds of one event (players x rounds): e.g. 20,000 x 99 or 100,000 x 20
MAX_CELLS = 2_000_000
#: games (PGN games, Chess-JSON results) in one file
MAX_GAMES = 1_000_000
#: characters of a name (player or event) and of every other one-line field
MAX_TEXT = 200
#: characters of one kept header record (free text a TRF file carries for its round trip)
MAX_HEADER_TEXT = 10_000
#: header records kept for the round trip
MAX_HEADER_ITEMS = 200
#: tie-break codes in one list
MAX_CODES = 50
#: prizes in one prize list
MAX_PRIZES = 500
#: the largest seed for the drawing of lots (the app draws and accepts seeds up to a billion)
MAX_SEED = 10 ** 9
#: the highest rating given to unrated players (what the app's field accepts)
MAX_RATING = 4000
#: reader warnings (repairs) listed for one file; the rest are counted in one closing line.  A file of five
#: million junk lines made five million warnings (3 GB, one page of five million bullets)
MAX_WARNINGS = 100
#: sampled rounds of one forecast (the app's field offers 500 to 100,000; 10,000 give chances to about 1 %)
MAX_SAMPLES = 100_000
#: digits of a whole number in a file (a FIDE id has at most 10)
MAX_DIGITS = 15

#: a published table (a spreadsheet or a copied page): rows, columns, and cells in all.  The rows are the most
#: players plus room for headers and legends; 256 columns hold 99 rounds, 50 tie-breaks and every column about
#: the player; three million cells hold the largest event's table (100,000 players x 20 rounds, a few more
#: columns).  A workbook's own "dimension" is never believed: it is a claim of the file, not its content.
MAX_TABLE_ROWS = MAX_PLAYERS + 1000
MAX_TABLE_COLUMNS = 256
MAX_TABLE_CELLS = 3_000_000
#: bytes a compressed input may unpack to, all its parts together (the largest table's sheet is about 100 MB
#: of XML; a 1.5 MB "zip bomb" unpacks to 1.5 GB of spaces)
MAX_UNPACKED = 128 * 1024 * 1024

#: combining marks one character may carry (Vietnamese stacks two, Hebrew and Arabic pointing three or four;
#: a "Zalgo" name carries hundreds, and they spill over the lines around it)
MAX_COMBINING = 6

#: characters never allowed in user text: C0/C1 controls and DEL, surrogates, line/paragraph separators,
#: bidirectional embeddings, overrides and isolates, the direction marks (U+200E, U+200F, U+061C: invisible,
#: they reorder what a reader sees around them), the TAG characters U+E0000-U+E007F (invisible text) and the
#: byte-order mark U+FEFF (a file's first character, which the readers drop; inside a name it only hides)
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f\ufeff"
_FORBIDDEN = re.compile(f"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{_BIDI}]")
#: the same, but a line break is allowed (kept multi-line header records)
_FORBIDDEN_MULTILINE = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{_BIDI}]")
#: categories that show nothing by themselves: spaces, format characters (zero-width ones), marks
_INVISIBLE = {"Zs", "Zl", "Zp", "Cf", "Mn", "Me", "Cc"}
#: characters of other categories that print as nothing: the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0,
#: letters by category, blank on screen) and the blank Braille pattern U+2800 (a symbol with no dots)
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def check_count(what: str, value: int, limit: int, *, file: str | None = None, line: int | None = None,
                column: int | None = None) -> None:
    """Refuse ``value`` above ``limit``: ``"the number of rounds is 3,000,000; the most this program accepts is 99"``.

    ``what`` is the quantity as a phrase of its own (``said("the number of rounds")``), the subject of the
    sentence, so another language writes it whole and the counts grouped its own way.
    """
    if value > limit:
        raise EventError(said("{what} is {value}; the most this program accepts is {limit}", what=what,
                              value=Count(value), limit=Count(limit)), file=file, line=line, column=column)


def character_name(ch: str) -> str:
    """``U+001B (escape)``: a character named so a person can find it, even one that cannot be shown."""
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return f"U+{code:04X} (half of a character: a lone surrogate)"
    name = unicodedata.name(ch, "")
    if not name and code < 0x20:
        name = {0: "NUL", 7: "BEL, the bell", 8: "backspace", 9: "tab", 10: "line break", 13: "carriage return",
                27: "escape"}.get(code, "a control character")
    elif not name:
        name = "a control character"
    return f"U+{code:04X} ({name.lower()})"


def text_problem(value: str, limit: int = MAX_TEXT, *, multiline: bool = False) -> str | None:
    """Why ``value`` is not acceptable user text (None when it is): too long, or an unprintable character."""
    fault = _text_fault("", value, limit, multiline=multiline)
    return None if fault is None else str(fault)[1:]


def _text_fault(field: str, value: str, limit: int = MAX_TEXT, *, multiline: bool = False) -> Said | None:
    """The whole sentence refusing ``value`` as the text ``field`` names (a phrase of its own, the sentence's
    subject), or None when it is acceptable."""
    if len(value) > limit:
        return said("{field} is {length} characters long; the most is {most}", field=field, length=Count(len(value)),
                    most=Count(limit))
    m = (_FORBIDDEN_MULTILINE if multiline else _FORBIDDEN).search(value)
    if m:
        return said("{field} holds {character} at character {position}, which is not printable text", field=field,
                    character=character_name(m.group()), position=m.start() + 1)
    where = _runaway_marks(value)
    if where is not None:
        return said("{field} has more than {most} combining marks on one character (from character {position}), "
                    "which would spill over the text around it", field=field, most=MAX_COMBINING, position=where)
    return None


def _runaway_marks(value: str) -> int | None:
    """Where a run of more than :data:`MAX_COMBINING` combining marks starts (1 first), or None."""
    if value.isascii():
        return None
    run = 0
    for i, ch in enumerate(value):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            run += 1
            if run > MAX_COMBINING:
                return i - run + 2
        else:
            run = 0
    return None


def looks_empty(value: str) -> bool:
    """True for text that is not empty but shows nothing: only spaces, zero-width characters or marks."""
    if not value:
        return False
    if value.isascii():
        return not value.strip()
    return all(ch.isspace() or ch in BLANK_LOOKING or unicodedata.category(ch) in _INVISIBLE for ch in value)


def name_problem(value: str, limit: int = MAX_TEXT) -> str | None:
    """Why ``value`` cannot be a name (a player's, an event's, a saved event's, a prize's), None when it can.

    The one check every way a name enters goes through (the readers, Rename, New event, prizes, share links):
    :func:`text_problem`, and a name that is there but shows nothing is refused too, since nobody could
    tell it from an empty one on a wall chart.
    """
    problem = text_problem(value, limit)
    if problem is None and looks_empty(value):
        problem = "shows no visible character (only spaces or invisible characters)"
    return problem


def check_name(field: str, value: str, limit: int = MAX_TEXT, *, file: str | None = None, line: int | None = None,
               column: int | None = None, player: int | None = None) -> None:
    """Refuse a name :func:`name_problem` finds fault with, naming the field (and the player, the file ...)."""
    fault = _text_fault(field, value, limit)
    if fault is None and looks_empty(value):
        fault = said("{field} shows no visible character (only spaces or invisible characters)", field=field)
    if fault is not None:
        raise EventError(fault, file=file, line=line, column=column, player=player)


def check_text(field: str, value: str, limit: int = MAX_TEXT, *, multiline: bool = False,
               file: str | None = None, line: int | None = None, column: int | None = None,
               player: int | None = None) -> None:
    """Refuse a text field that is too long or holds an unprintable character, naming the field.

    >>> check_text("the name", "Ann\\x1b[31m", player=3)
    Traceback (most recent call last):
    engine.core.errors.EventError: player 3: the name holds U+001B (escape) at character 4, which is not printable text
    """
    fault = _text_fault(field, value, limit, multiline=multiline)
    if fault is not None:
        raise EventError(fault, file=file, line=line, column=column, player=player)


def more_warnings(count: int) -> Said:
    """The closing line of a warning list cut at :data:`MAX_WARNINGS`: how many more there were."""
    return said_n("... and {count} more repair of the same kinds, not listed (only the first {most} are)",
                  "... and {count} more repairs of the same kinds, not listed (only the first {most} are)",
                  count, count=Count(count), most=MAX_WARNINGS)


def bounded_int(text: str) -> int:
    """``int(text)`` for a number read from a file, refusing more than :data:`MAX_DIGITS` digits.

    Python itself refuses 4,300 digits with a message about an interpreter setting; we refuse far earlier
    and in our own words.
    """
    digits = text.strip().lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise EventError(said("a number has {digits} digits; the most this program reads is {most}",
                              digits=Count(len(digits)), most=MAX_DIGITS))
    return int(text)


__all__ = ["MAX_ROUNDS", "MAX_PLAYERS", "MAX_CELLS", "MAX_GAMES", "MAX_TEXT", "MAX_HEADER_TEXT",
           "MAX_HEADER_ITEMS", "MAX_CODES", "MAX_DIGITS", "MAX_TABLE_ROWS", "MAX_TABLE_COLUMNS",
           "MAX_TABLE_CELLS", "MAX_UNPACKED", "MAX_SAMPLES", "MAX_WARNINGS", "MAX_PRIZES", "MAX_SEED",
           "MAX_RATING", "MAX_COMBINING", "check_count", "check_text", "text_problem", "check_name", "name_problem",
           "looks_empty", "more_warnings", "character_name", "bounded_int"]
