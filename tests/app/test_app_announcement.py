"""The TD-announcement page under AppTest: the sheet shows the chosen order and escapes user text."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine.core.presets import PRESETS
from engine.teaching.explanations import PRIZE_METHODS_TEXT, explain_code

PAGE = "TD announcement"


def shown(app: AppTest) -> str:
    return "\n".join(m.value for m in app.markdown)


def test_default_sheet_lists_the_us_chess_order(at):
    assert at.title[0].value == "TD announcement"
    text = shown(at).replace("\\", "").replace("\u2060", "")
    for code in PRESETS["uscf"].codes:
        assert explain_code(code).name in text
    assert "before round 1" in at.info[0].value
    assert [b.label for b in at.get("download_button")] == ["Download HTML", "Download PDF"]


def test_preset_and_method_change_the_sheet(at):
    at.selectbox(key="_ordering.preset").set_value("fide-swiss").run()
    at.selectbox(key="_ordering.prizes.method").set_value("hort").run()
    text = shown(at).replace("\\", "").replace("\u2060", "")
    for code in PRESETS["fide-swiss"].codes:
        assert explain_code(code).name in text, code
    assert PRIZE_METHODS_TEXT["hort"][:40] in text
    assert "FIDE 2026" in text


def test_event_name_is_shown_as_text(at):
    next(t for t in at.text_input if t.label == "Event name on the sheet").set_value("<script>alert(1)</script>").run()
    assert not at.exception
    first = at.markdown[0].value
    assert "<script>" not in first and "\\<script\\>" in first
