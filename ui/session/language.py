"""The language of each browser session, and the app's translation functions that follow it.

Streamlit serves every session from one process, so the language is never kept in a module: it lives in the
session's state, and ``t``/``tp``/``tn``/``tnp`` look it up on every call, returning the sentence in that
session's language.  It is chosen, in this order: ``?lang=`` in the address (a link someone typed or
bookmarked), the choice already made in this session (the sidebar's selector), on a hosted server the
language last chosen in this browser's workspace (kept with its saved events, so that a person coming back
finds the app in the language they chose), the browser's own language on a first visit, and English.

The language does not travel in share links (``ui/widgets/share.py`` builds them from the event alone), so a shared
link opens in the language of the person who opens it.  A choice made with the selector is written to the
address (``?lang=``) and written again on each page, because Streamlit clears the address's parameters when
the page changes.  The document's ``lang`` attribute follows, so that screen readers read the page in the
right voice.
"""
from __future__ import annotations

import contextlib
import json
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException
from streamlit.runtime.scriptrunner import get_script_run_ctx

from i18n.catalog import Translator, translator
from i18n.languages import DEFAULT, ENDONYMS, SUPPORTED, normalise
from ui.session import workspace

#: the session's language code, and whether the person chose it (then the address carries it too)
LANG = "lang"
CHOSEN = "lang.chosen"
#: the sidebar's selector (its options are the codes; only the labels are shown in each language's own name)
SELECTOR = "lang.selector"
QUERY = "lang"


def _browser_language() -> str | None:
    try:
        return normalise(st.context.locale)
    except Exception:                      # no browser behind this run (AppTest, a bare script run)
        return None


def current() -> str:
    """This session's language code, resolved once and then kept for the session."""
    ss = st.session_state
    asked = normalise(st.query_params.get(QUERY))
    if asked and (asked != ss.get(LANG) or not ss.get(CHOSEN)):
        _choose(asked)
    if ss.get(LANG) not in SUPPORTED:
        kept = normalise(workspace.kept_language())
        if kept:
            ss[LANG], ss[CHOSEN] = kept, True          # chosen on an earlier visit: the address carries it again
        else:
            ss[LANG] = _browser_language() or DEFAULT
    return str(ss[LANG])


def _choose(code: str) -> None:
    """The person chose ``code`` (the selector, or ``?lang=``): for this session, and, hosted, for the workspace."""
    ss = st.session_state
    if ss.get(LANG) != code or not ss.get(CHOSEN):
        workspace.keep_language(code)
    ss[LANG], ss[CHOSEN] = code, True


def tr() -> Translator:
    """This session's translator."""
    return translator(current())


def t(message: str, /, **fields: Any) -> str:
    """``message`` in this session's language, its named ``{fields}`` filled."""
    return tr().t(message, **fields)


def tp(context: str, message: str, /, **fields: Any) -> str:
    """``message`` as meant in ``context``, in this session's language."""
    return tr().tp(context, message, **fields)


def tn(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form for the whole count ``n`` in this session's language."""
    return tr().tn(singular, plural, n, **fields)


def tnp(context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """:func:`tn` with a context."""
    return tr().tnp(context, singular, plural, n, **fields)


#: Streamlit's widgets whose value travels between browser and server as the chosen option's label, as shown
#: (a selectbox, radio, multiselect, select slider, pills, segmented control), named by their value converters
_SENT_AS_LABEL = frozenset({"SelectboxSerde", "RadioSerde", "MultiSelectSerde", "SelectSliderSerde",
                            "_SingleSelectButtonGroupSerde", "_MultiSelectButtonGroupSerde"})


def _keep_choices() -> None:
    """Keep every option widget's choice across the language switch.

    Such a widget tells the server its choice by the label shown ("Paste the text"); after a switch no option
    carries that label any more ("Text einfügen"), so Streamlit would drop the choice and show the first option.
    Read now, before the page runs in the new language, each choice is still its option (``"paste"``), and
    written back as that value, which the widget keeps whatever its label says.  Widgets whose choice is a
    value of their own (numbers, text, toggles), and those whose value may not be set (buttons, uploads,
    editable grids), are left alone."""
    ctx = get_script_run_ctx()
    if ctx is None:
        return
    session = ctx.session_state._state          # Streamlit's own record of which key belongs to which widget
    ss = st.session_state
    for key in list(ss.keys()):
        if not isinstance(key, str) or key == SELECTOR:
            continue
        widget_id = session.get_widget_id_from_key(key)
        meta = session.get_widget_metadata(widget_id) if widget_id else None
        converter = getattr(meta.serializer, "__self__", None) if meta else None
        if type(converter).__name__ in _SENT_AS_LABEL:
            with contextlib.suppress(KeyError, StreamlitAPIException):
                ss[key] = ss[key]


def _chosen() -> None:
    code = st.session_state.get(SELECTOR)
    if code in SUPPORTED:
        _keep_choices()
        _choose(code)
        st.query_params[QUERY] = code


def language_selector() -> None:
    """The sidebar's selector: each language in its own name; a change reruns the page in that language and
    keeps every other choice (widgets have keys, their values are codes, only their labels change)."""
    lang = current()
    if st.session_state.get(SELECTOR) != lang:
        st.session_state[SELECTOR] = lang
    own = t("Language")           # and the English word beside it, for someone who cannot read this language
    st.sidebar.selectbox(own if lang == DEFAULT else f"{own} · Language", SUPPORTED,
                         format_func=ENDONYMS.__getitem__, key=SELECTOR, on_change=_chosen)


def keep_in_address() -> None:
    """Write the chosen language back into the address, which a page switch clears."""
    ss = st.session_state
    if ss.get(CHOSEN) and st.query_params.get(QUERY) != ss.get(LANG):
        st.query_params[QUERY] = str(ss[LANG])


def declare_document_language() -> None:
    """Set the page's ``lang`` attribute to this session's language (a constant script: only a code of ours)."""
    st.html(f"<script>document.documentElement.lang = {json.dumps(current())};</script>",
            unsafe_allow_javascript=True)
