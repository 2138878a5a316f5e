"""The card a TD hands to a parent: the plain answer, the decision ladder and the key working on one page.

Two forms of the same content, both made offline: a one-page A4 PDF (reportlab's built-in Helvetica, the
ladder embedded as a PNG) and a PNG for a phone (the whole card drawn as one Vega-Lite picture by
vl-convert).  :func:`card_content` gathers the text once, so both say exactly the same; the builders are
pure functions of it (tested without Streamlit).  Names and other user text are escaped for reportlab's
paragraph markup and never interpreted.
"""
from __future__ import annotations

import io
import re
import textwrap
from dataclasses import dataclass, field
from typing import Literal, Sequence

import altair as alt
import pandas as pd
import vl_convert

from engine.core.said import CodeName, Joined, said
from engine.ranking.flips import FlipSearch
from engine.ranking.why_above import who
from engine.ranking.why_answer import Answer
from engine.teaching.announcement import pdf_fonts, pdf_text
from i18n.catalog import Translator, translator
from i18n.said import render
from i18n.why import answer_sentences
from ui.render.charts import chart_png, ladder_chart, ladder_layers
from ui.render.tables import player_label


@dataclass
class Card:
    """What the card says, in reading order."""

    title: str
    subtitle: str
    answer: list[str]
    working: list[str]
    changes_title: str
    changes: list[str] = field(default_factory=list)
    footer: str = "Prepared with Tiebreak Lab."
    #: the card's language (its PDF's /Lang and font) and its two headings in that language
    lang: str = "en"
    ladder_title: str = "How the order was decided"
    working_title: str = "The key working"


def card_title(answer: Answer, tr: Translator | None = None) -> str:
    tr = tr or translator("en")
    cmp = answer.comparison
    if cmp.tied:
        return tr.t("Why do {a} and {b} share a place?", a=cmp.name(cmp.a), b=cmp.name(cmp.b))
    assert cmp.above is not None and cmp.below is not None
    return tr.t("Why is {above} above {below}?", above=cmp.name(cmp.above), below=cmp.name(cmp.below))


def card_content(answer: Answer, event_name: str, ordering_words: str, flips: FlipSearch | None = None,
                 most: int = 3, tr: Translator | None = None) -> Card:
    """The card's text: the answer, the working of the deciding rule, and up to ``most`` changes that keep
    both players' points (or the closest pair, or that there is none), in the language of ``tr`` (English
    without one)."""
    tr = tr or translator("en")
    changes: list[str] = []
    title = tr.t("What would have changed it")
    if flips is not None:
        if flips.keeping:
            changes = [render(tr, f.sentence) for f in flips.keeping[:most]]
        elif flips.pair is not None:
            changes = [tr.t("No single change that keeps both players' points reverses them. The smallest pair of "
                            "changes that does: {change}", change=render(tr, flips.pair.sentence))]
        else:
            changes = [tr.t("No change that keeps both players' points reverses them: only a different result in "
                            "their own games (their points) would.")]
    subtitle = " · ".join(x for x in (event_name, ordering_words) if x)
    return Card(card_title(answer, tr), subtitle, answer_sentences(tr, answer), [render(tr, w) for w in answer.working],
                title,
                changes, tr.t("Prepared with Tiebreak Lab."), tr.lang, tr.t("How the order was decided"),
                tr.t("The key working"))


def ordering_words(answer: Answer, tr: Translator | None = None) -> str:
    """``Order: points, Modified Median, Solkoff, Cumulative score, Opposition Cumulative``."""
    names = Joined((CodeName(r.name, r.code) for r in answer.ladder), ", ")   # each language names the codes
    return render(tr or translator("en"), said("Order: {names}", names=names))


def ladder_names(answer: Answer) -> tuple[str, str, str | None]:
    """The two players as the ladder names them (with their numbers when they share a name), and the one
    above (None: tied)."""
    cmp = answer.comparison
    la, lb = who(cmp.event, cmp.a), who(cmp.event, cmp.b)
    if la == lb:                                     # two players of the same name: add their numbers
        la = player_label(cmp.a, cmp.event.player(cmp.a).name)
        lb = player_label(cmp.b, cmp.event.player(cmp.b).name)
    return la, lb, None if cmp.above is None else (la if cmp.above == cmp.a else lb)


def _ladder(answer: Answer, width: int = 300, configured: bool = True, tr: Translator | None = None) -> alt.LayerChart:
    la, lb, above = ladder_names(answer)
    if not configured:
        return ladder_layers(answer.ladder, la, lb, above, width=width, tr=tr)
    return ladder_chart(answer.ladder, la, lb, above, width=width, tr=tr)


def ladder_for(answer: Answer, width: int = 300, tr: Translator | None = None) -> alt.LayerChart:
    """The page's picture of this answer (the same one the card prints), in the language of ``tr``."""
    return _ladder(answer, width, tr=tr)


# -- PDF -------------------------------------------------------------------------------------------------

def card_pdf(card: Card, picture_png: bytes) -> bytes:
    """The card as a one-page A4 PDF: title, answer, the ladder picture, the key working, the changes."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Image, Paragraph, SimpleDocTemplate, Spacer

    regular, bold, _ = pdf_fonts(card.lang)

    def text(line: str) -> str:
        return pdf_text(line, unicode=regular != "Helvetica")

    body = ParagraphStyle("body", fontName=regular, fontSize=10, leading=13.5, spaceAfter=3)
    big = ParagraphStyle("big", parent=body, fontSize=13, leading=18, spaceAfter=6, borderColor=colors.HexColor(
        "#0072B2"), borderWidth=1, borderPadding=8, backColor=colors.HexColor("#eef5fb"))
    small = ParagraphStyle("small", parent=body, fontSize=9, leading=12, textColor=colors.HexColor("#444444"))
    h1 = ParagraphStyle("h1", fontName=bold, fontSize=19, leading=23, spaceAfter=3)
    h2 = ParagraphStyle("h2", fontName=bold, fontSize=12.5, leading=16, spaceBefore=10, spaceAfter=4,
                        textColor=colors.HexColor("#00466e"))
    story: list = [Paragraph(text(card.title), h1)]
    if card.subtitle:
        story.append(Paragraph(text(card.subtitle), small))
    story += [Spacer(1, 8), Paragraph(text(" ".join(card.answer)), big), Spacer(1, 6)]
    story.append(Paragraph(text(card.ladder_title), h2))
    picture = Image(io.BytesIO(picture_png))
    scale = min(1.0, (120 * mm) / picture.imageWidth, (95 * mm) / picture.imageHeight)
    picture.drawWidth, picture.drawHeight = picture.imageWidth * scale, picture.imageHeight * scale
    picture.hAlign = "LEFT"
    story.append(picture)
    story.append(Paragraph(text(card.working_title), h2))
    story += [Paragraph(text(line), body) for line in card.working]
    if card.changes:
        story.append(Paragraph(text(card.changes_title), h2))
        story += [Paragraph(text(line), body) for line in card.changes]
    story += [Spacer(1, 10), Paragraph(text(card.footer), small)]
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=15 * mm,
                            bottomMargin=15 * mm, title=text(card.title), author="Tiebreak Lab", invariant=1,
                            lang=card.lang)
    doc.build(story)
    return buf.getvalue()


# -- PNG -------------------------------------------------------------------------------------------------

WIDTH = 560


def _text_block(lines: Sequence[str], size: int, weight: Literal["normal", "bold"] = "normal", colour: str = "#111111",
                chars: int = 68, left: float = 0) -> alt.Chart:
    """Lines of text, wrapped at ``chars``, starting ``left`` pixels left of the part's origin (the ladder's row
    names start there: see :func:`_names_width`)."""
    wrapped = [part for line in lines for part in (textwrap.wrap(line, chars) or [""])]
    data = pd.DataFrame({"i": list(range(len(wrapped))), "line": wrapped})
    height = int(size * 1.45 * max(len(wrapped), 1))
    return (alt.Chart(data).mark_text(align="left", baseline="top", fontSize=size, fontWeight=weight,
                                      color=colour, font="sans-serif")
            .encode(x=alt.value(-left), y=alt.Y("i:O", axis=None, scale=alt.Scale(paddingOuter=0, paddingInner=0)),
                    text="line:N")
            .properties(width=WIDTH, height=height))


def _names_width(ladder: alt.LayerChart) -> float:
    """How far the ladder's row names reach left of its cells, in pixels: the width it is drawn with its names,
    less the width without them (Vega lays the text out, so the card's text can start where the names do)."""
    def width(chart: alt.LayerChart) -> float:
        svg = vl_convert.vegalite_to_svg(chart.properties(padding=0).to_json())
        found = re.search(r'<svg[^>]* width="([0-9.]+)"', svg)
        return float(found.group(1)) if found else 0.0
    return max(0.0, width(ladder.copy(deep=True)) - width(ladder.copy(deep=True).configure_axisY(labels=False)))


def card_picture(card: Card, answer: Answer) -> alt.VConcatChart:
    """The whole card as one Vega-Lite picture (for the PNG): every line of text starts where the ladder's row
    names start, so the ladder lines up with the text (its names used to stick out to the left)."""
    ladder = _ladder(answer, width=300, configured=False, tr=translator(card.lang))
    left = _names_width(ladder)
    parts: list[alt.Chart | alt.LayerChart] = [_text_block([card.title], 22, "bold", chars=44, left=left)]
    if card.subtitle:
        parts.append(_text_block([card.subtitle], 12, colour="#444444", chars=90, left=left))
    parts.append(_text_block(card.answer, 16, chars=60, left=left))
    parts.append(_text_block([card.ladder_title], 15, "bold", "#00466e", left=left))
    parts.append(ladder)
    parts.append(_text_block([card.working_title], 15, "bold", "#00466e", left=left))
    parts.append(_text_block(card.working, 12, chars=84, left=left))
    if card.changes:
        parts.append(_text_block([card.changes_title], 15, "bold", "#00466e", left=left))
        parts.append(_text_block(card.changes, 12, chars=84, left=left))
    parts.append(_text_block([card.footer], 11, colour="#666666", left=left))
    return (alt.vconcat(*parts, spacing=10).properties(padding=24, background="white")
            .configure_view(stroke=None))


def card_png(card: Card, answer: Answer, scale: float = 2) -> bytes:
    """The card as a PNG for a phone, rendered offline by vl-convert."""
    return vl_convert.vegalite_to_png(card_picture(card, answer).to_json(), scale=scale)


def ladder_png(answer: Answer, scale: float = 2, tr: Translator | None = None) -> bytes:
    return chart_png(_ladder(answer, tr=tr), scale=scale)


def card_files(answer: Answer, event_name: str, flips: FlipSearch | None) -> tuple[bytes, bytes]:
    """Both downloads: (PDF, PNG)."""
    return card_pdf_file(answer, event_name, flips), card_png_file(answer, event_name, flips)


def card_pdf_file(answer: Answer, event_name: str, flips: FlipSearch | None, tr: Translator | None = None) -> bytes:
    """The card to print: made only when asked for (the page hands this to its download button)."""
    return card_pdf(card_content(answer, event_name, ordering_words(answer, tr), flips, tr=tr),
                    ladder_png(answer, tr=tr))


def card_png_file(answer: Answer, event_name: str, flips: FlipSearch | None, tr: Translator | None = None) -> bytes:
    """The card for a phone: made only when asked for."""
    return card_png(card_content(answer, event_name, ordering_words(answer, tr), flips, tr=tr), answer)


def file_stem(answer: Answer) -> str:
    """``why-stephan-above-david``: a file name from the two names (letters and digits only)."""
    cmp = answer.comparison
    first, second = (cmp.above, cmp.below) if cmp.above is not None and cmp.below is not None else (cmp.a, cmp.b)
    words = [who(cmp.event, first), "above" if cmp.above is not None else "and", who(cmp.event, second)]
    text = "-".join("".join(ch for ch in w.lower() if ch.isalnum()) or "player" for w in words)
    return "why-" + text
