"""argparse's own words (``usage:``, ``options``, "the following arguments are required: ...") in the reader's
language, for the command line's help and its refusals.

Python's argparse translates its messages with the module :mod:`gettext`'s global functions, which it imported
under the names ``argparse._`` and ``argparse.ngettext``.  :func:`argparse_speaking` lends argparse one
:class:`~i18n.catalog.Translator`'s catalog under those names while a parser is built and reads its command
line (the section heads and the ``--help`` line are written when the parser is built, ``usage:`` and the
refusals while it reads), and puts argparse's own functions back afterwards, so the rest of the process keeps
its gettext as it was.  A lock keeps two such readings from lending argparse two languages at once.

The English message ids below are argparse's exact strings (Python 3.11), listed here only so that
``pybabel extract`` puts them in our catalogs: the ones a person using our command line can meet.  The
translations keep argparse's ``%s``, ``%r`` and ``%(name)s`` placeholders as they are, since argparse fills them
itself.
"""
from __future__ import annotations

import argparse
import threading
from contextlib import contextmanager
from typing import Iterator

from i18n.catalog import N_, Translator

#: argparse's own words that our command line can show, marked for the catalogs (argparse looks each up itself)
ARGPARSE_MESSAGES: tuple[str, ...] = (
    # the help: the usage line's prefix, the two section heads and the line of -h/--help
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    # the refusals: an option's message is put after its name ...
    N_("argument %(argument_name)s: %(message)s"),
    # ... and these are the messages: a choice that is not one of the list (a command, --format, --lang ...),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # a value that the option's type refused without saying why,
    N_("invalid %(type)s value: %(value)r"),
    # an option given without its value,
    N_("expected one argument"),
    # a file or a command missing,
    N_("the following arguments are required: %s"),
    # words left over that no option takes,
    N_("unrecognized arguments: %s"),
    # two options that exclude each other (--tiebreaks and --preset),
    N_("not allowed with argument %s"),
    # a value given to an option that takes none (--quiet=yes),
    N_("ignored explicit argument %r"),
    # and a shortened option that could be more than one (--p for --player or --preset).
    N_("ambiguous option: %(option)s could match %(matches)s"),
)

_LENDING = threading.Lock()


@contextmanager
def argparse_speaking(tr: Translator) -> Iterator[None]:
    """argparse's own messages in ``tr``'s language while the block runs (building a parser and reading a command
    line with it); argparse's functions are put back when it ends, however it ends (``--help`` ends it with
    :exc:`SystemExit`)."""
    with _LENDING:
        kept = argparse._, argparse.ngettext  # type: ignore[attr-defined]
        argparse._ = tr.catalog.gettext  # type: ignore[attr-defined]
        argparse.ngettext = tr.catalog.ngettext  # type: ignore[attr-defined]
        try:
            yield
        finally:
            argparse._, argparse.ngettext = kept  # type: ignore[attr-defined]
