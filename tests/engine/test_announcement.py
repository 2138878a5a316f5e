"""The TD announcement sheet and the explanations it reads (engine/teaching/announcement.py, engine/teaching/explanations.py)."""
from __future__ import annotations

import base64
import re
import zlib

import pytest

from engine.core.codes import CODES
from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.prizes.cases import CASES
from engine.prizes.split import METHODS
from engine.teaching.announcement import announcement, to_html, to_pdf
from engine.teaching.explanations import CRITERIA, PRIZE_METHODS_TEXT, explain_code

EVIL = "<script>alert(1)</script>"


def pdf_text(data: bytes) -> str:
    """The text shown by a reportlab PDF: the string operands of its page streams (ASCII85 + Flate)."""
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)\s*endstream", data, re.S):
        raw = m.group(1).strip()
        if raw.endswith(b"~>"):
            raw = base64.a85decode(raw[:-2])
        try:
            raw = zlib.decompress(raw)
        except zlib.error:
            pass
        for s in re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", raw):
            text = re.sub(rb"\\([()\\])", rb"\1", s)
            out.append(text.decode("cp1252", "replace"))
    return " ".join(out)


def test_every_code_and_rule_set_is_explained_in_two_sentences():
    assert set(CRITERIA) == set(CODES)
    for code, e in CRITERIA.items():
        assert e.name and e.example, code
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", e.sentences.strip()) if s]
        assert len(sentences) == 2, (code, sentences)
    assert all(rs.heading and rs.paragraph for rs in RULE_SETS.values())
    assert set(PRIZE_METHODS_TEXT) == set(METHODS)


def test_modified_codes_say_what_the_modifier_does():
    e = explain_code("BH/C1")
    assert e.name == "Buchholz (Solkoff), cut 1"
    assert "the value of the lowest-scoring opponent is left out" in e.sentences


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_criterion_of_a_preset_appears(preset):
    p = PRESETS[preset]
    sheet = announcement(list(p.codes), p.rules, "uscf", preset=preset)
    page = to_html(sheet)
    for code in p.codes:
        name = explain_code(code).name
        assert name.replace("'", "&#x27;") in page, (preset, code)
    assert sheet.ordering_label == p.label


def test_html_escapes_user_text_and_is_self_contained():
    prizes = (*CASES["P4"].prizes[:2],)
    sheet = announcement(["MM", "BH"], "uscf", "uscf", event_name=f"Open {EVIL}", notes=EVIL, prizes=prizes)
    page = to_html(sheet)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "@page" in page and "A4" in page                               # print styles
    assert "http://" not in page and "https://" not in page and "<link" not in page


def test_sheet_says_order_is_fixed_and_how_prizes_are_shared():
    page = to_html(announcement(["SB"], "lichess", "hort"))
    assert "before round 1" in page
    assert "Hort" in page and "half" in page
    assert RULE_SETS["lichess"].heading in page


def test_pdf_has_the_criterion_names():
    sheet = announcement(list(PRESETS["fide-swiss"].codes), "fide", "equal", event_name=f"Open {EVIL}",
                         preset="fide-swiss")
    data = to_pdf(sheet)
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    for code in PRESETS["fide-swiss"].codes:
        assert explain_code(code).name in text, code
    assert "Open<script>alert(1)</script>" in text.replace(" ", "")      # printed as text, not lost


def test_unknown_inputs_are_errors():
    with pytest.raises(EventError):
        announcement(["XYZ"], "uscf", "uscf")
    with pytest.raises(EventError):
        announcement(["BH"], "nope", "uscf")
    with pytest.raises(EventError):
        announcement(["BH"], "uscf", "nope")


def _pdf_strings(pdf: bytes) -> list[bytes]:
    """The text strings a PDF shows, from its content streams (reportlab writes them ASCII85 + Flate)."""
    import base64
    import re
    import zlib
    out = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        body = stream.strip()
        if body.endswith(b"~>"):
            body = base64.a85decode(body[:-2], ignorechars=b" \t\r\n")
        try:
            body = zlib.decompress(body)
        except zlib.error:
            pass
        out += re.findall(rb"\((.*?)\) Tj", body)
    return out


def test_notes_keep_their_line_breaks_in_html_and_pdf():
    notes = "Round 1 at 10:00.\nBring a clock <b>please</b>."
    sheet = announcement(["MM", "BH"], "uscf", "uscf", notes=notes)
    page = to_html(sheet)
    assert "<p>Round 1 at 10:00.<br>Bring a clock &lt;b&gt;please&lt;/b&gt;.</p>" in page
    shown = _pdf_strings(to_pdf(sheet))
    assert b"Round 1 at 10:00." in shown                       # a line of its own, not run into the next
    assert any(s.startswith(b"Bring a clock") for s in shown)


@pytest.mark.parametrize("code,sentence,example", [
    ("BH/C1", "Cut 1: the value of the lowest-scoring opponent is left out",
     # by hand: 3 + 2½ + 4 + 1½ without the 1½
     "Opponents finished on 3, 2½, 4 and 1½; cut 1 leaves out the lowest-scoring opponent's 1½: 3 + 2½ + 4 = 9½."),
    ("BH/C2", "Cut 2: the values of the two lowest-scoring opponents are left out",
     "Opponents finished on 3, 2½, 4 and 1½; cut 2 leaves out the two lowest-scoring opponents' 1½ and 2½: "
     "3 + 4 = 7."),
    ("BH/M1", "Median 1: the highest and the lowest value are left out",
     "Opponents finished on 3, 2½, 4 and 1½; median 1 leaves out the lowest-scoring opponent's 1½ and the "
     "highest-scoring opponent's 4: 3 + 2½ = 5½."),
    ("ARO/C1", "Cut 1: the value of the lowest-rated opponent is left out",
     "Opponents rated 1800, 1600 and 2000; cut 1 leaves out the lowest-rated opponent's 1600: "
     "(1800 + 2000) / 2 = 1900."),
    ("PS/C1", "The running total of the first round is left out",
     "Draw, draw, win, win: running totals ½, 1, 2, 3; leaving out the first round (½): 1 + 2 + 3 = 6."),
])
def test_each_cut_is_explained_in_words_and_its_example_makes_the_cut(code, sentence, example):
    """Every figure worked by hand; no "value(s)" or "round(s)" anywhere on the sheet."""
    e = explain_code(code)
    assert sentence in e.sentences and e.example == example
    sheet = announcement([code, "SB/C1", "KS/L+1"], "fide", "uscf")
    html = to_html(sheet)
    assert example in html.replace("&#x27;", "'")
    assert "(s)" not in html and "first 1 round" not in html
