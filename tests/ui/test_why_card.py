"""The card to hand over (ui/why/card.py), the decision ladder (ui/render/charts.py) and `python -m engine why`.

Values: Fixture A under the US Chess preset, #16 Stephan over #4 David (the US Chess recommended order: both 3½, Modified Median
10½ each, Solkoff 12 against 10½); their Solkoff rows are the opponents' US Chess adjusted scores (Appendix A2).
"""
from __future__ import annotations

import html
import io
import json
import re

import vl_convert
from PIL import Image

from engine.cli import main
from engine.core.model import Player, make_event
from engine.core.presets import PRESETS
from engine.core.rules import Options
from engine.ranking.flips import search_flips
from engine.ranking.why_above import compare_players
from engine.ranking.why_answer import plain_answer
from tests.engine.test_announcement import pdf_text
from tests.fixtures import build, fixture_a
from tests.paths import TRF_DIR
from ui.render.charts import ladder_data
from ui.why.card import (
    card_content,
    card_pdf,
    card_picture,
    card_png,
    file_stem,
    ladder_for,
    ladder_png,
    ordering_words,
)

USCF = PRESETS["uscf"].criteria
ANSWER = ("Stephan is above David: both scored 3½ and were not separated by the first tie-break; the second, the "
          "Solkoff (the total score of the opponents each played), gives Stephan 12 against David's 10½, mostly "
          "because David's half-point bye counts as an opponent on 0.")


def stephan_and_david():
    cmp = compare_players(fixture_a(), 16, 4, USCF, "uscf", Options(seed=1))
    return plain_answer(cmp), search_flips(fixture_a(), 16, 4, USCF, "uscf", Options(seed=1))


def test_the_ladder_has_the_criteria_in_order_with_both_values():
    answer, _ = stephan_and_david()
    df = ladder_data(answer.ladder, "#16 Stephan", "#4 David", "#16 Stephan")
    steps = list(dict.fromkeys(df["step"]))
    assert steps == ["1. Points", "2. Modified Median", "3. Solkoff", "4. Cumulative score",
                     "5. Opposition Cumulative"]
    cell = {(r.step, r.column): (r.text, r.outcome) for r in df.itertuples()}
    assert cell[("1. Points", "#16 Stephan")] == ("3½", "equal")
    assert cell[("2. Modified Median", "#4 David")] == ("10½", "equal")
    assert cell[("3. Solkoff", "#16 Stephan")] == ("12", "ahead")
    assert cell[("3. Solkoff", "#4 David")] == ("10½", "behind")
    assert cell[("3. Solkoff", "Outcome")] == ("decides", "words")
    assert cell[("4. Cumulative score", "#4 David")] == ("–", "not needed")


def test_the_card_says_the_answer_the_working_and_a_change_that_keeps_the_points():
    answer, flips = stephan_and_david()
    card = card_content(answer, "Fixture A", ordering_words(answer), flips)
    assert card.title == "Why is Stephan above David?"
    assert " ".join(card.answer) == ANSWER
    assert card.subtitle == ("Fixture A · Order: points, Modified Median, Solkoff, Cumulative score, Opposition "
                             "Cumulative")
    # Solkoff rows (US Chess adjusted scores): 2½ + 2 + 1½ + 4 + 2 = 12 and 2 + 0 + 1½ + 3½ + 3½ = 10½
    assert card.working == [
        "Stephan's Solkoff 12: round 1 Irina 2½; round 2 Maria 2; round 3 Genevieve 1½; round 4 Bruno 4; "
        "round 5 Reine 2",
        "David's Solkoff 10½: round 1 Nick 2; round 2 half-point bye 0; round 3 Opal 1½; round 4 Charline 3½; "
        "round 5 Alyx 3½"]
    assert len(card.changes) == 3 and all(f.keeps_points for f in flips.keeping[:3])
    assert card.changes[0] == flips.keeping[0].sentence


def test_the_pdf_is_one_page_with_the_answer():
    answer, flips = stephan_and_david()
    card = card_content(answer, "Open <b>&", ordering_words(answer), flips)
    data = card_pdf(card, ladder_png(answer))
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page\n") + data.count(b"/Type /Page ") >= 1
    assert data.count(b"/Count 1") == 1
    # the text operands, octal escapes decoded (½ is \275 in the PDF's WinAnsi), compared without spaces
    text = re.sub(r"\\([0-7]{3})", lambda m: bytes([int(m.group(1), 8)]).decode("cp1252"), pdf_text(data))
    flat = "".join(text.split())
    for expected in ("Why is Stephan above David?", ANSWER, "Open <b>&", "The key working",
                     "What would have changed it", flips.keeping[0].sentence):
        assert "".join(expected.split()) in flat, expected


def test_the_png_is_a_phone_sized_picture_of_the_whole_card():
    answer, flips = stephan_and_david()
    card = card_content(answer, "Fixture A", ordering_words(answer), flips)
    spec = card_picture(card, answer).to_dict()
    lines = [row["line"] for data in spec["datasets"].values() for row in data if "line" in row]
    assert "Why is Stephan above David?" in lines
    assert " ".join(lines).count("gives Stephan 12 against David's 10½") == 1
    png = card_png(card, answer, scale=1)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and 500 < image.width < 1200 and image.height > image.width


def test_file_names_are_plain():
    answer, _ = stephan_and_david()
    assert file_stem(answer) == "why-stephan-above-david"


def test_a_shared_place_card_and_no_change_message():
    event = build("two", """
    1 =W2
    2 =B1
    """, names={1: "Ana", 2: "Bo"})
    answer = plain_answer(compare_players(event, 1, 2, "BH", "raw"))
    found = search_flips(event, 1, 2, "BH", "raw")
    card = card_content(answer, "", ordering_words(answer), found)
    assert card.title == "Why do Ana and Bo share a place?"
    assert file_stem(answer) == "why-ana-and-bo"


# -- the command line ------------------------------------------------------------------------------------

def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_cli_why_prints_the_answer_then_the_changes_one_per_line():
    code, out, err = run("why", str(TRF_DIR / "fide_tec_swiss16.trf"), "--players", "16,4", "--preset", "uscf")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Stephan is above David: both scored 3½ and were not separated by the first "
                               "tie-break; the second, the Solkoff")
    assert lines[1] == "Changes that keep the points of Stephan and David as they are:"
    own = lines.index("Changes to the points of Stephan and David themselves:")
    assert own > 2 and all(line.split(". ", 1)[0].isdigit() for line in lines[2:own] + lines[own + 1:])
    assert "1. Round 2: David's half-point bye recorded as a full-point bye. Then David would score 4 against " \
           "Stephan's 3½." == lines[own + 1]


def test_cli_why_json_contract():
    code, out, _ = run("why", str(TRF_DIR / "fide_tec_rr6.trf"), "--players", "3,4", "--preset", "fide-rr",
                       "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert set(doc) >= {"answer", "decided_by", "met", "flips"}
    assert doc["decided_by"] == "PTS"
    assert doc["met"] == [{"round": 1, "result": "1-0", "played": True}]
    assert doc["answer"].startswith("Charline is above David on points")
    assert doc["flips"] and all({"change", "keeps_points", "then", "decided_by"} <= set(f) for f in doc["flips"])
    keeps = [f["keeps_points"] for f in doc["flips"]]
    assert keeps == sorted(keeps, reverse=True)                # the points-keeping ones first


def test_cli_why_bad_players_is_one_line():
    code, out, err = run("why", str(TRF_DIR / "fide_tec_rr6.trf"), "--players", "3", "--preset", "fide-rr")
    assert code == 2 and out == ""
    assert err == "error: --players takes two pairing numbers separated by a comma, such as 4,16, not '3'\n"
    code, _, err = run("why", str(TRF_DIR / "fide_tec_rr6.trf"), "--players", "3,99", "--preset", "fide-rr")
    assert code == 2 and err == "error: there is no player with pairing number 99\n"


# -- whole labels (the ladder's labels were cut with "…") ---------------------------------------

LONG_A = "Maximilian Alexander von Hohenberg"
LONG_B = "Anna-Katharina Szczepańska-Wiśniewska"


def svg_labels(spec_json: str) -> list[str]:
    """Every text the picture draws, as vl-convert renders it to SVG: a label drawn on several lines is one
    ``<text>`` with a ``<tspan>`` per line, read back with its lines joined by spaces."""
    svg = vl_convert.vegalite_to_svg(spec_json)
    texts = []
    for body in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, flags=re.S):
        parts = re.findall(r"<tspan\b[^>]*>(.*?)</tspan>", body, flags=re.S) or [body]
        texts.append(re.sub(r"- ", "-", " ".join(html.unescape(p) for p in parts)))   # "Anna-" / "Katharina"
    return texts


def long_names_answer():
    """Fixture A with #16 and #4 renamed to long names, under an order with long step names (FIDE rules)."""
    event = fixture_a()
    players = [Player(p.tpn, {16: LONG_A, 4: LONG_B}.get(p.tpn, p.name), p.rating) for p in event.players]
    renamed = make_event(event.name, players, event.entries, rounds=event.rounds, event_type=event.event_type)
    return plain_answer(compare_players(renamed, 16, 4, ("OCUM", "AOB", "BH/C1", "TPR", "DE"), "fide", Options(seed=1)))


def test_the_ladder_draws_every_label_whole_on_the_page_the_png_and_the_pdf():
    """The step names and both players' names are drawn whole, on lines of whole words, never ending in "…":
    in the page's ladder (which the PDF embeds as a PNG, :func:`ladder_png`) and in the PNG card."""
    answer = long_names_answer()
    card = card_content(answer, "Fixture A", ordering_words(answer), None)
    steps = [f"{r.position + 1}. {r.name[0].upper() + r.name[1:]}" for r in answer.ladder]
    assert any(len(s) > 24 for s in steps)                          # a step longer than one line
    for spec in (ladder_for(answer).to_json(), card_picture(card, answer).to_json()):
        drawn = svg_labels(spec)
        assert not [t for t in drawn if "…" in t], drawn
        for label in [*steps, LONG_A, LONG_B, "Outcome"]:
            assert label in drawn, (label, drawn)
    image = Image.open(io.BytesIO(ladder_png(answer, scale=1)))
    assert image.width < 560                                         # still a picture for a phone's width


def test_the_png_cards_text_starts_where_the_ladders_row_names_do():
    """The card's ladder stuck out to the left of its text (the row names are drawn left of the
    cells, the text at the cells' edge); every line of text now starts as far left as the row names reach."""
    from engine.core.ordering import ordering_of
    from engine.core.presets import PRESETS
    from engine.formats.loader import load_event
    from engine.ranking.why_above import compare_players
    from engine.ranking.why_answer import plain_answer
    from tests.paths import TRF_DIR
    from ui.why.card import _ladder, _names_width, card_content, card_picture, ordering_words
    event = load_event(TRF_DIR / "fide_tec_swiss16.trf")
    preset = PRESETS["uscf"]
    answer = plain_answer(compare_players(event, 16, 4, ordering_of(list(preset.codes), preset.rules)))
    left = _names_width(_ladder(answer, width=300, configured=False))
    assert 100 < left < 200            # "2. Modified Median" in 12 px type, and the axis' padding
    spec = card_picture(card_content(answer, "FIDE exercise", ordering_words(answer)), answer).to_dict()
    texts = [part for part in spec["vconcat"] if part.get("mark", {}).get("type") == "text"]
    assert texts and all(part["encoding"]["x"] == {"value": -left} for part in texts)


def test_the_card_in_german_and_russian_says_the_answer_in_that_language():
    """The card's words follow the reader's language (the answer, the headings, the changes); a Russian PDF
    declares its language and embeds a font with Cyrillic letters."""
    import re

    from i18n.catalog import translator
    from ui.why.card import card_pdf, ordering_words
    answer, flips = stephan_and_david()
    de = card_content(answer, "Fixture A", ordering_words(answer, translator("de")), flips, tr=translator("de"))
    assert de.title == "Warum steht Stephan vor David?"
    assert de.answer[0].startswith("Stephan steht vor David: Beide erzielten 3½")
    assert de.subtitle.startswith("Fixture A · Reihenfolge: ")
    assert de.ladder_title == "Wie die Reihenfolge entschieden wurde" and de.footer == "Erstellt mit Tiebreak Lab."
    assert de.changes[0].startswith("Runde 3: ")
    assert de.working[0].startswith("Buchholz-Wertung von Stephan: 12: Runde 1 ")
    ru = card_content(answer, "Fixture A", ordering_words(answer, translator("ru")), flips, tr=translator("ru"))
    from ui.why.card import ladder_png
    pdf = card_pdf(ru, ladder_png(answer))
    assert re.search(rb"/Lang \(ru\)", pdf) and b"DejaVuSans" in pdf


def test_the_ladder_table_in_german_names_each_step_and_outcome():
    from i18n.catalog import translator
    from ui.widgets.chart_text import ladder_table
    answer, _ = stephan_and_david()
    df = ladder_table(answer.ladder, "Stephan", "David", translator("de"))
    assert list(df.columns) == ["Schritt", "Stephan", "David", "Ergebnis"]
    assert df.iloc[0].tolist() == ["1. Punkte", "3½", "3½", "gleich"]
    assert df.iloc[2].tolist() == ["3. Buchholz-Wertung", "12", "10½", "entscheidet"]
