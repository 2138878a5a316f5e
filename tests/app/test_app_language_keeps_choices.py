"""Switching language keeps every choice made on the page: the whole app under AppTest (the sidebar's selector
is drawn by the entrypoint), a page opened, its choices changed away from their defaults, then German and
Russian chosen in the sidebar; each choice must read the same after each switch, only its label changes.

The values picked are the pages' own options (player numbers, codes, preset names, numbers), which are the
same in every language: only how they are shown changes.

AppTest reads each widget's shown label again between two runs, outside any run, where no session (so no
language) exists and the app would answer in English: the ``shown`` fixture answers there in the language
the page was last drawn in, as the labels a real browser holds are.
"""
from __future__ import annotations

from typing import Any

import pytest
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.testing.v1 import AppTest

from tests.paths import REPO_ROOT
from ui.session import language
from ui.session.language import LANG, SELECTOR
from ui.session.memory import shadow_key

#: (Under AppTest the whole app does not keep a change of the event or of its settings, such as a preset or an
#: example loaded; the tie-break order is drawn from the event on every run anyway, so no language touches it.)
#: a page, a button to press first ("" for none), then each choice on it: (how AppTest finds the widget, its key,
#: the value to choose), and widgets whose value a choice set (read before and after each switch as well)
Choice = tuple[str, str, Any]
CASES: dict[str, tuple[str, str, list[Choice], list[tuple[str, str]]]] = {
    "explain": ("pages/explain.py", "", [("selectbox", shadow_key("explain.player"), 16),
                                         ("selectbox", shadow_key("explain.code"), "CUM"),
                                         ("selectbox", shadow_key("explain.other"), 4)], []),
    "why": ("pages/why.py", "", [("selectbox", shadow_key("why.a"), 4), ("selectbox", shadow_key("why.b"), 16)], []),
    "compare": ("pages/compare.py", "", [("multiselect", shadow_key("compare.presets"), ["uscf", "fide-rr"]),
                                         ("toggle", shadow_key("compare.points_first"), False)], []),
    "glossary": ("pages/glossary.py", "", [("text_input", "glossary_search", "Solkoff")], []),
    "check-paste": ("pages/check.py", "", [("text_area", "check.text", "Rk.,Name,Pts\n1,Anna,3\n")], []),
    "check-upload": ("pages/check.py", "", [("radio", "check.how", "upload")], []),
    "training": ("pages/training.py", "", [("radio", "train_source", "random"), ("number_input", "train_seed", 7),
                                           ("number_input", "train_count", 4)], []),
    "simulation": ("pages/simulation.py", "", [("selectbox", "sim.experiment", "US Chess order vs FIDE order")],
                   [("number_input", "sim.players"), ("number_input", "sim.rounds"), ("multiselect", "sim.presets")]),
    "lessons": ("pages/lessons.py", "", [("selectbox", "lesson_slug", "cumulative-early-wins")], []),
}


SHOWN = {"lang": "en"}


@pytest.fixture(autouse=True)
def shown(monkeypatch):
    SHOWN["lang"] = "en"
    in_a_run = language.current
    monkeypatch.setattr(language, "current", lambda: in_a_run() if get_script_run_ctx() else SHOWN["lang"])


def widget(at: AppTest, kind: str, key: str):
    return getattr(at, kind)(key=key)


def choose(at: AppTest, kind: str, key: str, value: Any) -> Any:
    """Set the widget to ``value`` and run the page; the value chosen."""
    w = widget(at, kind, key)
    if kind in ("text_input", "text_area"):
        w.input(value)
    else:
        w.set_value(value)
    at.run()
    assert not at.exception, at.exception
    return value


def switch_language(at: AppTest, lang: str) -> AppTest:
    at.sidebar.selectbox(key=SELECTOR).set_value(lang).run()
    SHOWN["lang"] = lang
    assert not at.exception, at.exception
    assert at.session_state[LANG] == lang
    return at


@pytest.mark.parametrize("name", list(CASES))
def test_switching_language_keeps_every_choice_on_the_page(name: str) -> None:
    path, first, choices, also = CASES[name]
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(path).run()
    if first:
        at.button(key=first).click().run()
    assert not at.exception, at.exception
    for kind, key, value in choices:
        assert widget(at, kind, key).value != value, f"{key} already shows {value!r}: the test would prove nothing"
        assert choose(at, kind, key, value) == value
        assert widget(at, kind, key).value == value
    watched = [(kind, key) for kind, key, _ in choices] + also
    chosen = {key: widget(at, kind, key).value for kind, key in watched}
    labels = {key: widget(at, kind, key).label for kind, key in watched}
    for lang in ("de", "ru", "en"):
        switch_language(at, lang)
        assert {key: widget(at, kind, key).value for kind, key in watched} == chosen, f"{name} in {lang}"
    # back in English, the labels are the English ones again (the page was drawn anew in each language)
    assert {key: widget(at, kind, key).label for kind, key in watched} == labels


def test_a_choice_made_in_german_reads_the_same_in_english_on_the_next_page() -> None:
    at = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=120)
    at.run()
    switch_language(at, "de")
    at.switch_page("pages/explain.py").run()
    choose(at, "selectbox", shadow_key("explain.player"), 16)
    label_de = at.selectbox(key=shadow_key("explain.player")).label
    switch_language(at, "en")
    assert at.selectbox(key=shadow_key("explain.player")).value == 16
    assert (label_de, at.selectbox(key=shadow_key("explain.player")).label) == ("Spieler", "Player")
    at.switch_page("pages/why.py").run()
    at.switch_page("pages/explain.py").run()
    assert at.selectbox(key=shadow_key("explain.player")).value == 16
