"""English words for the engine's sentences: numbers, ordinals, plurals, lists of names, how far an event has gone.

Every sentence a parent or TD reads (the answer, the flips, the forecast, prizes, traces) is built from these,
so "2nd" and "second", "one round" and "3 rounds", "Ana, Bo and Cy" are written the same way everywhere.
Players are named, never given a guessed pronoun.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

__all__ = ["number_word", "ordinal", "ordinal_word", "with_article", "word_for", "plural", "counted", "join_names", "spoken_name",
           "possessive",
           "progress_text", "standings_heading", "unfinished_text", "as_if_ended_text", "if_ended_now_text"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
             "tenth", "eleventh", "twelfth")


def number_word(n: int) -> str:
    """``3`` -> ``three`` (up to twelve; digits after)."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``: a place, as a prize list and a table write it."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ordinal_word(n: int) -> str:
    """``3`` -> ``third`` inside a sentence (up to twelfth; ``13th`` after)."""
    return _ORDINALS[n] if 0 < n < len(_ORDINALS) else ordinal(n)


def with_article(words: str) -> str:
    """``a half-point bye``, ``an absence``."""
    return ("an " if words[:1] in ("a", "e", "i", "o", "u") else "a ") + words


def word_for(n: float | Fraction, word: str, many: str | None = None) -> str:
    """The word for ``n`` things, without the number: ``word`` for one, else ``many`` (``word + "s"`` unless
    given); where the number is written apart from its word ("the other", "half-points after +2").

    >>> word_for(1, "round"), word_for(3, "round"), word_for(Fraction(1, 2), "point"), word_for(2, "takes", "take")
    ('round', 'rounds', 'points', 'take')
    """
    return word if n == 1 else (many or word + "s")


def plural(n: int, singular: str, many: str | None = None) -> str:
    """``plural(1, "round")`` -> ``one round``; ``plural(3, "round")`` -> ``three rounds``."""
    return f"{number_word(n)} {word_for(n, singular, many)}"


def counted(n: int, word: str, many: str | None = None) -> str:
    """``counted(1, "game")`` -> ``1 game``; ``counted(4, "game")`` -> ``4 games`` (digits, for working).

    ``many`` is the word for any other number, for a word whose plural is not ``word + "s"``.  A verb is one:
    its "s" belongs to the single count ("1 differs", "3 differ").

    >>> counted(1, "differs", "differ"), counted(3, "differs", "differ"), counted(2, "game")
    ('1 differs', '3 differ', '2 games')
    """
    return f"{n} {word_for(n, word, many)}"


def join_names(names: Sequence[str]) -> str:
    """``Ana, Bo and Cy``; with names written "Last, First", ``Ju, Wenjun; Tan, Zhongyi; and Lagno, Kateryna``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    if any("," in n for n in names):
        return "; ".join(names[:-1]) + ("; and " if len(names) > 2 else " and ") + names[-1]
    return ", ".join(names[:-1]) + " and " + names[-1]


def spoken_name(name: str) -> str:
    """A name as it reads inside a sentence: ``Ivanov, Andrey`` -> ``Andrey Ivanov``.

    Rating lists and tournament files write the family name first, with a comma; a sentence ("Andrey Ivanov
    beats Cara Lee") or a pairing ("Ivanov, Andrey–Lee, Cara") reads wrongly that way.  Only a name with
    exactly one comma is turned round.  A side left empty is left out with its comma: real files write a
    player known by one name, or whose given names were not typed, as "SRIHARI L," (the Rochefort Masters
    2024), and a sentence must not read "If SRIHARI L, wins".  Anything else is kept as written.

    >>> spoken_name("Ivanov, Andrey"), spoken_name("Alyx"), spoken_name("Smith, John, Jr."), spoken_name("Lee,")
    ('Andrey Ivanov', 'Alyx', 'Smith, John, Jr.', 'Lee')
    >>> spoken_name(", Cara"), spoken_name("Ivanov, Andrey,"), spoken_name(" , ")
    ('Cara', 'Andrey Ivanov', ' , ')
    """
    family, sep, given = written_name(name).partition(",")
    if not sep or "," in given:
        return written_name(name)
    family, given = family.strip(), given.strip()
    if family and given:
        return f"{given} {family}"
    return family or given or name


def written_name(name: str) -> str:
    """A name as the file writes it ("Last, First"), without a comma left dangling at either end: ``SRIHARI L,``
    (a real file's player whose given names were not typed) -> ``SRIHARI L``; ``Ivanov, Andrey`` as it is.

    >>> written_name("SRIHARI L,"), written_name("Ivanov, Andrey,"), written_name(", Cara"), written_name("Alyx")
    ('SRIHARI L', 'Ivanov, Andrey', 'Cara', 'Alyx')
    """
    text = name.strip()
    while text.endswith(","):
        text = text[:-1].rstrip()
    while text.startswith(","):
        text = text[1:].lstrip()
    return text or name


def possessive(name: str) -> str:
    """``Ana`` -> ``Ana's``."""
    return f"{name}'s"


def progress_text(through: int, rounds: int) -> str:
    """How far an event has gone: ``after round 4 of 9`` while unfinished, ``9 rounds`` once finished.

    >>> progress_text(4, 9), progress_text(9, 9), progress_text(0, 5), progress_text(1, 1)
    ('after round 4 of 9', '9 rounds', 'before round 1 of 5', '1 round')
    """
    if through <= 0:
        return f"before round 1 of {rounds}" if rounds else "no rounds yet"
    if through < rounds:
        return f"after round {through} of {rounds}"
    return counted(rounds, "round")


def standings_heading(through: int, rounds: int) -> str:
    """What standings computed through round ``through`` are: ``Standings after round 4 of 9`` or
    ``Final standings after 9 rounds``.

    >>> standings_heading(4, 9), standings_heading(9, 9)
    ('Standings after round 4 of 9', 'Final standings after 9 rounds')
    """
    if 0 < through < rounds or through <= 0:
        return f"Standings {progress_text(through, rounds)}"
    return f"Final standings after {progress_text(through, rounds)}"


def unfinished_text(through: int, rounds: int, playing: int | None = None) -> str | None:
    """What is still to come in an event whose results go through round ``through`` of ``rounds``, with round
    ``playing`` paired and its games still waiting (None: no round is being played); None once it is over.

    >>> unfinished_text(3, 4, 4), unfinished_text(4, 9), unfinished_text(8, 9), unfinished_text(9, 9)
    ('Round 4 of 4 is still being played', 'Rounds 5 to 9 of 9 are still to be played', \
'Round 9 of 9 is still to be played', None)
    """
    if playing is not None:
        return f"Round {playing} of {rounds} is still being played"
    if through >= rounds:
        return None
    if through + 1 == rounds:
        return f"Round {rounds} of {rounds} is still to be played"
    return f"Rounds {through + 1} to {rounds} of {rounds} are still to be played"


def as_if_ended_text(through: int, rounds: int, playing: int | None = None) -> str | None:
    """The line above places shown before an event is over (None once it is): they are as if it ended now.

    >>> as_if_ended_text(3, 4, 4)
    'Round 4 of 4 is still being played: the places below are as if the event ended now, after round 3.'
    """
    still = unfinished_text(through, rounds, playing)
    if still is None:
        return None
    if through <= 0:
        return f"{still}: no round has its results yet, so nobody has a place."
    return f"{still}: the places below are as if the event ended now, after round {through}."


def if_ended_now_text(through: int, rounds: int, playing: int | None,
                      receivers: Sequence[tuple[str, str]]) -> str | None:
    """The line above the prize-giving before an event is over (None once it is): who would receive what if it
    ended now, the biggest amounts first (``receivers``: name and amount as shown, at most three are named).

    >>> if_ended_now_text(3, 4, 4, [("Dev Patel", "$500.00")])
    'Round 4 of 4 is still being played: if it ended now, Dev Patel would receive $500.00. The prizes below \
are as if the event ended now, after round 3.'
    >>> if_ended_now_text(3, 4, 4, [("Ana", "$500.00"), ("Bo", "$300.00"), ("Cy", "$100.00"), ("Di", "$50.00")])
    'Round 4 of 4 is still being played: if it ended now, Ana would receive $500.00, Bo $300.00, Cy $100.00 and \
1 more player as listed below. The prizes below are as if the event ended now, after round 3.'
    """
    still = unfinished_text(through, rounds, playing)
    if still is None:
        return None
    after = f"after round {through}" if through > 0 else "before round 1"
    if not receivers:
        return f"{still}: the prizes below are as if the event ended now, {after}."
    named = [f"{name} would receive {amount}" if i == 0 else f"{name} {amount}"
             for i, (name, amount) in enumerate(receivers[:3])]
    rest = len(receivers) - len(named)
    if rest:
        named.append(f"{counted(rest, 'more player')} as listed below")
    return (f"{still}: if it ended now, {join_names(named)}. The prizes below are as if the event ended now, "
            f"{after}.")
