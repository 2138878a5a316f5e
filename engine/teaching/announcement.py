"""The TD's announcement sheet: the tie-break order, what each criterion means, the rule set, and how
cash prizes are shared — told to the players before round 1 (seed 000), printable as HTML or PDF.

The content is built once as plain data (:class:`Sheet`) from :mod:`engine.teaching.explanations`; two renderers
turn it into a self-contained HTML page with print styles (:func:`to_html`) and a PDF made with
reportlab (:func:`to_pdf`).  Every text that may come from a user (event name, prize names, notes) is
escaped in both outputs: the sheet is a document, never a place where markup runs.

>>> sheet = announcement(["MM", "BH"], "uscf", "uscf", event_name="Club <Open>")
>>> [c.code for c in sheet.criteria]
['PTS', 'MM', 'BH']
>>> "Club &lt;Open&gt;" in to_html(sheet)
True
"""
from __future__ import annotations

import html
import io
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence
from xml.sax.saxutils import escape as xml_escape

from engine.core.codes import parse_code
from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS
from engine.core.said import said
from engine.prizes.money import money
from engine.prizes.prize_list import Prize
from engine.prizes.split import METHODS
from engine.teaching.explanations import ORDER_FIXED_TEXT, PRIZE_METHODS_TEXT, TROPHIES_TEXT, Explanation, explain_code

#: what the sheet says about players still equal when no drawing of lots is in the order
SHARED_PLACES_TEXT = ("Players still equal after every tie-break share the place; a drawing of lots decides an "
                      "indivisible prize.")


@dataclass(frozen=True)
class Sheet:
    """Everything the announcement says, in reading order."""

    event_name: str
    date: str
    ordering_label: str
    source: str
    criteria: tuple[Explanation, ...]          # points first
    rules: str
    rules_title: str
    rules_text: str
    method: str
    method_label: str
    method_text: str
    trophies_text: str
    order_fixed_text: str
    prizes: tuple[str, ...] = ()               # one line per prize, already formatted
    notes: str = ""
    ties_text: str = SHARED_PLACES_TEXT
    #: the sheet's language (the document's ``lang``) and its fixed words in that language, keyed by the
    #: English (headings, "Example:", the footer): the layer above fills them, the engine writes English
    lang: str = "en"
    words: tuple[tuple[str, str], ...] = ()

    def w(self, english: str, **fields: object) -> str:
        """One of the sheet's fixed words in its language, its ``{fields}`` filled."""
        text = dict(self.words).get(english, english)
        return text.format(**fields) if fields else text

    @property
    def title(self) -> str:
        return self.w("Tie-breaks and prizes")


def announcement(codes: Sequence[str], rules: str, method: str, *, event_name: str = "", date: str = "",
                 preset: str | None = None, prizes: Iterable[Prize] = (), currency: str = "$",
                 notes: str = "") -> Sheet:
    """The sheet for an ordering (codes after points), a rule set and a prize method.

    Raises :class:`EventError` for an unknown code, rule set, method or preset.
    """
    if rules not in RULE_SETS:
        raise EventError(said("unknown rule set {name}; choose one of {choices}", name=repr(rules),
                              choices=", ".join(RULE_SETS)))
    if method not in METHODS:
        raise EventError(said("unknown prize method {name}; choose one of {choices}", name=repr(method),
                              choices=", ".join(METHODS)))
    clean = [str(parse_code(c)) for c in codes if str(c).strip() and str(c).upper() != "PTS"]
    crits = tuple(explain_code(c) for c in ["PTS", *dict.fromkeys(clean)])
    if preset is not None:
        if preset not in PRESETS:
            raise EventError(said("unknown preset {name}; choose one of {choices}", name=repr(preset),
                                  choices=", ".join(PRESETS)))
        label, source = PRESETS[preset].label, PRESETS[preset].source
        if tuple(PRESETS[preset].codes) != tuple(clean):
            label, source = f"Based on {label}, changed by the organiser", ""
    else:
        label, source = "Chosen by the organiser", ""
    title, text = RULE_SETS[rules].heading, RULE_SETS[rules].paragraph
    lines = tuple(_prize_line(p, currency) for p in prizes)
    if "LOTS" in clean:
        ties = "A drawing of lots (the last tie-break) separates any players still equal."
    else:
        ties = SHARED_PLACES_TEXT
    return Sheet(event_name.strip(), date.strip(), label, source, crits, rules, title, text, method,
                 METHODS[method], PRIZE_METHODS_TEXT[method], TROPHIES_TEXT, ORDER_FIXED_TEXT, lines,
                 notes.strip(), ties)


def _prize_line(p: Prize, currency: str) -> str:
    what = money(p.amount, currency) if p.amount is not None else "trophy"
    who = "" if p.kind == "place" else f" — {p.eligibility_text()}"
    return f"{p.name}: {what}{who}"


# -- HTML ------------------------------------------------------------------------------------------

_CSS = """
@page { size: A4; margin: 16mm 16mm 18mm 16mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 11pt; line-height: 1.45;
       color: #111; max-width: 180mm; margin: 0 auto; padding: 8mm 0; }
h1 { font-size: 20pt; margin: 0 0 2mm 0; }
h2 { font-size: 14pt; margin: 7mm 0 2mm 0; border-bottom: 1.5pt solid #0072b2; padding-bottom: 1mm; }
h3 { font-size: 11.5pt; margin: 0 0 1mm 0; }
.meta { color: #333; margin: 0 0 4mm 0; }
ol.order { font-size: 12pt; font-weight: bold; margin: 2mm 0 2mm 6mm; }
.criterion { border-left: 3pt solid #e69f00; padding: 1mm 0 1mm 4mm; margin: 0 0 4mm 0;
             break-inside: avoid; page-break-inside: avoid; }
.criterion .code { font-family: "DejaVu Sans Mono", Consolas, monospace; color: #444; font-weight: normal; }
.example { color: #222; font-style: italic; margin: 1mm 0 0 0; }
.box { border: 1pt solid #999; padding: 3mm 4mm; margin: 3mm 0; break-inside: avoid; page-break-inside: avoid; }
.prizes { break-before: auto; }
ul.prizes-list { margin: 1mm 0 0 6mm; padding: 0; }
.small { font-size: 9.5pt; color: #333; }
@media print {
  body { padding: 0; max-width: none; }
  h2 { break-after: avoid; page-break-after: avoid; }
  .page-break { break-before: page; page-break-before: always; }
}
"""


def to_html(sheet: Sheet) -> str:
    """A self-contained HTML page (inline CSS, no scripts, no external resources), every text escaped."""
    e = html.escape
    parts = ["<!DOCTYPE html>", f'<html lang="{e(sheet.lang)}"><head><meta charset="utf-8">',
             f"<title>{e(sheet.title)}{' — ' + e(sheet.event_name) if sheet.event_name else ''}</title>",
             f"<style>{_CSS}</style></head><body>",
             f"<h1>{e(sheet.title)}</h1>"]
    meta = " · ".join(x for x in (sheet.event_name, sheet.date) if x)
    if meta:
        parts.append(f'<p class="meta"><strong>{e(meta)}</strong></p>')
    parts.append(f'<p class="box">{e(sheet.order_fixed_text)}</p>')
    parts.append(f"<h2>{e(sheet.w('The order'))}</h2>")
    parts.append(f'<p class="small">{e(sheet.ordering_label)}{" — " + e(sheet.source) if sheet.source else ""}'
                 "</p>")
    parts.append('<ol class="order">' + "".join(
        f"<li>{e(c.name)} <span class=\"small\">({e(c.code)})</span></li>" for c in sheet.criteria) + "</ol>")
    parts.append(f"<p>{e(sheet.ties_text)}</p>")
    parts.append(f"<h2>{e(sheet.w('What each criterion means'))}</h2>")
    for i, c in enumerate(sheet.criteria, start=1):
        parts.append(f'<div class="criterion"><h3>{i}. {e(c.name)} <span class="code">{e(c.code)}</span></h3>'
                     f"<p>{e(c.sentences)}</p><p class=\"example\">{e(sheet.w('Example: {example}', example=c.example))}</p>"
                     "</div>")
    parts.append(f"<h2>{e(sheet.w('Byes, forfeits and absences'))}</h2>")
    rule_set = e(sheet.w("(rule set {rules})", rules=sheet.rules))
    parts.append(f"<h3>{e(sheet.rules_title)} <span class=\"small\">{rule_set}</span></h3><p>{e(sheet.rules_text)}</p>")
    parts.append(f'<div class="prizes"><h2>{e(sheet.w("How prizes are shared"))}</h2>')
    parts.append(f"<h3>{e(sheet.method_label)}</h3><p>{e(sheet.method_text)}</p><p>{e(sheet.trophies_text)}</p>")
    if sheet.prizes:
        parts.append(f"<h3>{e(sheet.w('Prize list'))}</h3><ul class=\"prizes-list\">"
                     + "".join(f"<li>{e(line)}</li>" for line in sheet.prizes) + "</ul>")
    parts.append("</div>")
    if sheet.notes:
        parts.append(f"<h2>{e(sheet.w('Notes'))}</h2><p>{_lines_html(sheet.notes, e)}</p>")
    parts.append(f'<p class="small">{e(sheet.w("Prepared with Tiebreak Lab."))}</p></body></html>')
    return "\n".join(parts)


# -- PDF -------------------------------------------------------------------------------------------

#: characters the PDF's built-in fonts (WinAnsi) cannot show, and what to print instead
_PDF_FALLBACK = {"−": "-", "≈": "~", "≥": ">=", "≤": "<=", "→": "->", "⅓": " 1/3", "⅔": " 2/3", "·": "·",
                 "–": "-", "—": "-",
                 "‘": "'", "’": "'", "“": '"', "”": '"'}


def pdf_text(text: str, unicode: bool = False) -> str:
    """Text the built-in PDF fonts can show (WinAnsi), escaped for reportlab's paragraph markup (the
    announcement and the Why page's card both print through it); with a ``unicode`` font every letter is kept."""
    if unicode:
        return xml_escape(text)
    out = []
    for ch in text:
        ch = _PDF_FALLBACK.get(ch, ch)
        try:
            ch.encode("cp1252")
        except UnicodeEncodeError:
            ch = "?"
        out.append(ch)
    return xml_escape("".join(out))


def _lines_html(text: str, escape: Callable[[str], str], br: str = "<br>") -> str:
    """User text with its line breaks kept: each line escaped on its own, joined by line-break tags."""
    return br.join(escape(line) for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def to_pdf(sheet: Sheet) -> bytes:
    """The sheet as an A4 PDF (reportlab, built-in Helvetica: no font files, nothing downloaded)."""
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_LEFT
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Paragraph, SimpleDocTemplate, Spacer

    base = getSampleStyleSheet()
    regular, bold, oblique = pdf_fonts(sheet.lang)
    body = ParagraphStyle("body", parent=base["BodyText"], fontName=regular, fontSize=10.5, leading=14.5,
                          alignment=TA_LEFT, spaceAfter=3)
    small = ParagraphStyle("small", parent=body, fontSize=9, leading=12, textColor=colors.HexColor("#333333"))
    example = ParagraphStyle("example", parent=body, fontName=oblique, leftIndent=8)
    h1 = ParagraphStyle("h1", parent=base["Title"], fontName=bold, fontSize=20, leading=24,
                        alignment=TA_LEFT, spaceAfter=4)
    h2 = ParagraphStyle("h2", parent=base["Heading2"], fontName=bold, fontSize=14, leading=18,
                        spaceBefore=10, spaceAfter=4, textColor=colors.HexColor("#00466e"))
    h3 = ParagraphStyle("h3", parent=base["Heading3"], fontName=bold, fontSize=11, leading=14,
                        spaceBefore=4, spaceAfter=2)
    boxed = ParagraphStyle("box", parent=body, borderColor=colors.HexColor("#999999"), borderWidth=0.8,
                           borderPadding=6, spaceBefore=6, spaceAfter=10)
    def t(text: str) -> str:
        return pdf_text(text, unicode=regular != "Helvetica")
    story: list[Any] = [Paragraph(t(sheet.title), h1)]
    meta = " · ".join(x for x in (sheet.event_name, sheet.date) if x)
    if meta:
        story.append(Paragraph(f"<b>{t(meta)}</b>", body))
    story.append(Paragraph(t(sheet.order_fixed_text), boxed))
    story.append(Paragraph(t(sheet.w("The order")), h2))
    story.append(Paragraph(t(sheet.ordering_label + (" — " + sheet.source if sheet.source else "")), small))
    story.append(ListFlowable([ListItem(Paragraph(f"<b>{t(c.name)}</b> ({t(c.code)})", body))
                               for c in sheet.criteria], bulletType="1", leftIndent=14))
    story.append(Paragraph(t(sheet.ties_text), body))
    story.append(Paragraph(t(sheet.w("What each criterion means")), h2))
    for i, c in enumerate(sheet.criteria, start=1):
        story.append(KeepTogether([Paragraph(f"{i}. {t(c.name)} <font name='Courier'>{t(c.code)}</font>", h3),
                                   Paragraph(t(c.sentences), body),
                                   Paragraph(t(sheet.w("Example: {example}", example=c.example)), example),
                                   Spacer(1, 3)]))
    story.append(Paragraph(t(sheet.w("Byes, forfeits and absences")), h2))
    story.append(KeepTogether([Paragraph(t(sheet.rules_title + " " + sheet.w("(rule set {rules})", rules=sheet.rules)),
                                         h3),
                               Paragraph(t(sheet.rules_text), body)]))
    story.append(Paragraph(t(sheet.w("How prizes are shared")), h2))
    story.append(KeepTogether([Paragraph(t(sheet.method_label), h3), Paragraph(t(sheet.method_text), body),
                               Paragraph(t(sheet.trophies_text), body)]))
    if sheet.prizes:
        story.append(Paragraph(t(sheet.w("Prize list")), h3))
        story.append(ListFlowable([ListItem(Paragraph(t(line), body)) for line in sheet.prizes],
                                  bulletType="bullet", leftIndent=14))
    if sheet.notes:
        story.append(Paragraph(t(sheet.w("Notes")), h2))
        story.append(Paragraph(_lines_html(sheet.notes, t, "<br/>"), body))
    story.append(Spacer(1, 8))
    story.append(Paragraph(t(sheet.w("Prepared with Tiebreak Lab.")), small))

    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=18 * mm, title=_pdf_plain(sheet.title + (" — " + sheet.event_name
                                                                                  if sheet.event_name else "")),
                            author="Tiebreak Lab", invariant=1, lang=sheet.lang)
    footer = _footer(regular, sheet.w("Page {page}", page="{page}"))
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buf.getvalue()


def _pdf_plain(text: str) -> str:
    return "".join(_PDF_FALLBACK.get(ch, ch) for ch in text)


def _footer(font: str, page: str) -> Callable[[Any, Any], None]:
    """The page number at the foot of each page, in the sheet's font and words ("Page {page}")."""
    def draw(canvas: Any, doc: Any) -> None:  # pragma: no cover - drawing only
        from reportlab.lib.units import mm
        canvas.saveState()
        canvas.setFont(font, 8.5)
        canvas.drawRightString(doc.pagesize[0] - 18 * mm, 10 * mm, page.format(page=doc.page))
        canvas.restoreState()
    return draw


#: a font with Cyrillic letters for sheets in Russian (the built-in PDF fonts have none), where the system has it
_UNICODE_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf")


def pdf_fonts(lang: str) -> tuple[str, str, str]:
    """The regular, bold and oblique fonts for a sheet in ``lang``: the built-in Helvetica for the languages
    it can write (English, German, French, Spanish), DejaVu Sans for Russian when the system has it (else
    Helvetica, whose missing letters print as "?")."""
    if lang != "ru":
        return "Helvetica", "Helvetica-Bold", "Helvetica-Oblique"
    from pathlib import Path

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    names = ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique")
    if not all(Path(p).exists() for p in _UNICODE_FONTS):
        return "Helvetica", "Helvetica-Bold", "Helvetica-Oblique"
    for name, path in zip(names, _UNICODE_FONTS):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, path))
    return names
