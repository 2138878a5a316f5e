"""Which languages the app speaks, each by its own name, and how a browser's or a shell's locale maps to one.

English is the source language (the message ids are English); the others each have a catalog in
``i18n/locales/<code>/LC_MESSAGES/messages.po`` and a glossary of arbiters' terms in ``i18n/glossary/``.
"""
from __future__ import annotations

import os
from typing import Mapping

DEFAULT = "en"

#: every language the app speaks, English first, each shown in its own name (an endonym), never translated:
#: a person who cannot read the current language still finds their own
ENDONYMS: Mapping[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "ru": "Русский",
}
SUPPORTED: tuple[str, ...] = tuple(ENDONYMS)
#: the languages with a catalog (all but the source language)
TRANSLATED: tuple[str, ...] = tuple(code for code in SUPPORTED if code != DEFAULT)


def normalise(tag: str | None) -> str | None:
    """A language tag or locale name as one of our codes, or None when it names none of them.

    Browsers send ``de-AT`` or ``fr``; shells set ``de_AT.UTF-8`` or ``ru_RU@euro``; ``C`` and ``POSIX`` name
    no language.

    >>> normalise("de-AT"), normalise("fr_CA.UTF-8"), normalise("RU"), normalise("pt-BR"), normalise("C")
    ('de', 'fr', 'ru', None, None)
    """
    if not tag:
        return None
    base = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in ENDONYMS else None


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the shell's locale names, the way GNU gettext looks for it: ``LANGUAGE`` (a colon-separated
    list of preferences), then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``; the first that names one of ours wins.

    >>> from_environment({"LANGUAGE": "pt:es", "LANG": "de_DE.UTF-8"}), from_environment({"LANG": "C.UTF-8"})
    ('es', None)
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in env.get(name, "").split(":"):
            if code := normalise(tag):
                return code
    return None
