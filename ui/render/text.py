"""User text in Markdown: the one escaping function every page uses where a name meets Markdown.

Streamlit renders ``st.markdown``, captions, alerts, expander labels and headers as GitHub-flavoured
Markdown: a name such as ``Club ![t](http://host/pixel.png) [Login here](http://host/phish)`` would make
the visitor's browser fetch the image and show a link, and even a plain ``www.host.example``,
``http://host`` or ``me@host.example`` in a name becomes clickable (an "autolink").  :func:`md_escape` makes
any text show exactly as typed and never as markup.

Backslashes alone do not stop autolinks: the browser's Markdown renderer finds web and e-mail addresses in
the text *after* the escapes are resolved (verified in Chromium: ``http\\:\\/\\/host`` still became a link).
So an invisible WORD JOINER (U+2060) also goes where an address would be joined: before the ``:`` of
``://``, before the ``.`` after ``www``, and before every ``@``.  The renderer then finds no address, while the
screen shows the same text.  Nowhere else: it would reach the text a user copies (a file name, an amount, a
rule's number), and the renderer links no bare ``name.example`` (verified in Chromium: ``evil.example``,
``pixel.png`` and ``C.07`` stay plain text; ``www.host.example`` and ``me@host.example`` become links).
"""
from __future__ import annotations

import re

from engine.core.codes import parse_code
from engine.core.errors import EventError
from engine.core.presets import PRESETS
from i18n import render
from i18n.catalog import Translator

#: every character Markdown, GFM or Streamlit gives a meaning to (all ASCII punctuation, which CommonMark
#: lets a backslash make literal)
_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-!|<>~$=^/&:.@])")
#: where web and e-mail addresses are joined: the colon of "://", the dot after "www", any "@"
_ADDRESS = re.compile(r":(?=//)|(?<=www)\.|@", re.IGNORECASE)
WORD_JOINER = "\u2060"
#: line breaks and the other characters that would start a new block or hide text
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def md_escape(text: object) -> str:
    r"""Text that Streamlit's Markdown shows literally: no emphasis, link, image, autolink, HTML or directive.

    Every Markdown marker is backslash-escaped, which also stops Streamlit's ``:red[...]`` and
    ``:material/x:`` directives; a word joiner goes before the ``:`` of ``://``, the ``.`` after ``www``, and
    every ``@``, which breaks web and e-mail addresses (``http://x``, ``www.x.org``, ``a@b.org``); line breaks
    (and any control character) become one space, so a name cannot start a new block.

    >>> print(md_escape("**Bob** ![t](http://h/p.png) <b> $1,379.00 :red[z]. a@b.org").replace(WORD_JOINER, "+"))
    \*\*Bob\*\* \!\[t\]\(http+\:\/\/h\/p\.png\) \<b\> \$1,379\.00 \:red\[z\]\. a+\@b\.org
    """
    joined = _ADDRESS.sub(lambda m: WORD_JOINER + m.group(), _BREAKS.sub(" ", str(text)))
    return _SPECIAL.sub(r"\\\1", joined)


__all__ = ["md_escape", "WORD_JOINER"]


def search_key(text: object) -> str:
    """Text as a search compares it: lower case, without spaces, hyphens or other marks, so that "tiebreak",
    "tie-break" and "tie break" (or "Sonneborn Berger" and "Sonneborn-Berger") find the same entries.

    >>> search_key("Tie-break"), search_key("tie break"), search_key(" Sonneborn Berger ")
    ('tiebreak', 'tiebreak', 'sonnebornberger')
    """
    return "".join(ch for ch in str(text).casefold() if ch.isalnum())


def ordering_name(label: str, tr: Translator | None = None) -> str:
    """An ordering's name with its words: ``uscf · US Chess recommended (individual Swiss)``, ``BH/C1 ·
    Buchholz (Solkoff) (cut 1)``, in the language of ``tr`` (English without one); anything else as it is (the
    coin's own words, a user's name)."""
    if label in PRESETS:
        return f"{label} · {PRESETS[label].label if tr is None else render.preset_label(tr, label)}"
    try:
        words = parse_code(label).label if tr is None else render.criterion_name(tr, label)
    except EventError:
        return label
    return f"{label} · {words}"
