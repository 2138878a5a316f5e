"""What a visitor of a shared server sees when a page fails in a way nobody foresaw: one sentence and a reference.

On a laptop Streamlit's own box (the exception, its traceback) is the user's own business.  On a shared server it
shows server paths and library internals to strangers, and offers "Ask Google/ChatGPT" links, so in hosted mode:

* :func:`hide_details` sets Streamlit's ``client.showErrorDetails`` to ``"none"``, for whatever fails outside the
  page itself (a widget's callback runs before the page);
* :func:`run_page` runs the page and, should it raise, writes the whole traceback to the server's log under a
  short reference and shows the visitor one sentence with that reference, which the person who runs the server
  finds with ``grep`` in the log.

Nothing is saved by this: a failed page has not saved a half-changed event (saving is the last step of every
change), so the sentence can say the saved events are as they were.
"""
from __future__ import annotations

from typing import Callable

import streamlit as st
from streamlit.logger import get_logger

from ui.session import workspace
from ui.work.jobs import new_reference

_LOG = get_logger("tiebreak_lab")


def hide_details() -> None:
    """Hosted: Streamlit's own error box shows no message, type or traceback."""
    if workspace.hosted():
        st.set_option("client.showErrorDetails", "none")


def sentence(reference: str) -> str:
    return (f"Something went wrong on our side while showing this page, so it stopped; your saved events are as "
            f"they were. If it happens again, give the person who runs this server the reference {reference}.")


def run_page(run: Callable[[], object]) -> None:
    """``run()`` (the page); hosted, an unexpected exception becomes :func:`sentence` and a line in the log.

    Streamlit's own stops and reruns are not exceptions of the page (they derive from ``BaseException``) and
    pass through untouched."""
    if not workspace.hosted():
        run()
        return
    try:
        run()
    except Exception:
        reference = new_reference()
        _LOG.exception("page failed, reference %s", reference)
        st.error(sentence(reference))
