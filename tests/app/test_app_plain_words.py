"""No internal words on any screen, download or printout; every lesson renders without an error box.

Every page is run under AppTest with the example event and with a 52-player event read from a real TRF
file; everything it shows (texts, labels, help, options, table cells, alerts) is collected and searched for
the words a user must never see: our specification's name, its section sign, a command-line option or an
encyclopedia cited as a source.  The downloads and the TD announcement (HTML and PDF) are built by the
same functions the buttons call and searched the same way.
"""
from __future__ import annotations

import io
import re
import zipfile

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from engine.core.errors import EventError
from engine.core.presets import PRESETS
from engine.core.rules import RULE_SETS, Options
from engine.formats.export import standings_csv, standings_xlsx
from engine.formats.jsonfmt import write_json
from engine.formats.loader import event_text, load_event
from engine.prizes.cases import CASES
from engine.prizes.split import METHODS
from engine.ranking.standings import standings
from engine.teaching.announcement import announcement, to_html, to_pdf
from engine.teaching.explanations import OFFICIAL_RULE
from engine.teaching.scenarios import list_scenarios
from tests.citations import CITATION, SECTION, SPEC
from tests.engine.test_announcement import pdf_text
from tests.pages import every_tab_of, open_page
from tests.paths import REPO_ROOT
from ui.glossary import code_box
from ui.render.charts import bump_chart, chart_svg
from ui.session.navigation import PAGES

ROOT = REPO_ROOT
BIG = ROOT / "tests" / "data" / "trf" / "gros_2010_after_round4.trf"

#: what no user may read: the spec's file name, its section sign, a command-line option, the encyclopedia
FORBIDDEN = re.compile(CITATION.pattern + r"|(?<![\w-])--[a-z][a-z-]*|wikipedia", re.IGNORECASE)


def forbidden(text: str) -> list[str]:
    """Each forbidden word with a little context, so a failure says where it is."""
    return [text[max(0, m.start() - 40):m.end() + 40] for m in FORBIDDEN.finditer(text)]


def test_the_detector_finds_each_kind_of_internal_word():
    assert len(forbidden("see " + SPEC)) == 1
    assert len(forbidden("as " + SECTION + "2.3 says")) == 1
    assert len(forbidden("use --unrated exclude")) == 1
    assert len(forbidden("as quoted by Wikipedia")) == 1
    # a dash of prose, an em dash, a minus sign and a range are not options
    assert forbidden("rank 4–5 — a tie; −1 for a bye; 3 - 2; x--") == []


#: fields that hold instructions for the browser, never read by a person: a styled table's CSS rules and the
#: element ids they select (a CSS custom property is written ``--name``, like a command-line option)
NOT_SHOWN = {"styles", "uuid"}


def proto_strings(message: Message) -> list[str]:
    """Every text field of an element's message, nested ones included (labels, help, options, bodies)."""
    out: list[str] = []
    for field, value in message.ListFields():
        if field.name in NOT_SHOWN:
            continue
        values = value if field.is_repeated else [value]
        for v in values:
            if field.type == FieldDescriptor.TYPE_STRING:
                out.append(v)
            elif field.type == FieldDescriptor.TYPE_MESSAGE and isinstance(v, Message):
                out += proto_strings(v)
    return out


def shown_text(at: AppTest) -> str:
    """Everything a page puts on screen: every element's strings (labels, help, options, bodies) and the
    cells of every table and grid."""
    parts: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.extend(proto_strings(proto))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at._tree)
    for grid in [*at.dataframe, *at.table]:
        value = grid.value
        frame = getattr(value, "data", value)       # a Styler's frame
        parts.append(frame.to_csv())
        parts.append(" ".join(map(str, frame.columns)))
    # Markdown escapes (``\-\-round``, ``\*``) are shown without their backslashes, and the invisible
    # word joiner the escaper puts inside a dotted word (so it never becomes a link) is not seen either
    return re.sub(r"\\([^\w\s])", r"\1", "\n".join(parts)).replace("\u2060", "")


@pytest.fixture(params=["example", "big"])
def event_kind(request, monkeypatch) -> str:
    """The app opens with the built-in example, or with the 52-player event after round 4 of 9."""
    if request.param == "big":
        monkeypatch.setattr("ui.session.state.example_event", lambda: load_event(BIG))
    return request.param


@pytest.mark.slow
@pytest.mark.parametrize("title", [p.title for p in PAGES], ids=[p.url_path or "start" for p in PAGES])
def test_no_page_shows_internal_words(title, event_kind):
    for at in every_tab_of(open_page(title, timeout=120).run(), title):
        assert not at.exception, at.exception
        text = shown_text(at)
        assert len(text) > 200                     # the page really rendered something
        assert forbidden(text) == [], title


def test_every_lesson_renders_without_an_error_box():
    at = open_page("Lessons", timeout=120).run()
    slugs = list_scenarios()
    assert len(slugs) >= 20 and "prize-hort" in slugs
    for slug in slugs:
        at.selectbox(key="lesson_slug").set_value(slug).run()
        assert not at.exception, (slug, at.exception)
        assert not at.error, (slug, [e.value for e in at.error])
        assert forbidden(shown_text(at)) == [], slug


def test_the_hort_lesson_shows_the_cumulative_working_of_its_story():
    """Its story's numbers: Ada's Cumulative is 14 (1, 2, 3, 4 and 4 after losing round 5, US Chess)."""
    at = open_page("Lessons", timeout=120).run()
    at.selectbox(key="lesson_slug").set_value("prize-hort").run()
    assert not at.error
    working = [m.value for m in at.markdown if "CUM" in m.value and "= 14**" in m.value]
    assert len(working) == 1 and "Ada" in working[0], [m.value for m in at.markdown]


def test_the_reference_explains_every_code_with_its_official_rule():
    at = open_page("Glossary", timeout=60).run()
    assert not at.exception
    labels = [e.label for e in at.expander]
    for code in OFFICIAL_RULE:
        assert any(label.startswith(f"{code} · ") for label in labels), code
    for rules in RULE_SETS:
        assert any(label.startswith(f"{rules} · ") for label in labels), rules
    for code in OFFICIAL_RULE:              # every entry opened, as a reader's clicks do
        at.session_state[code_box(code)] = True
    at.run()
    text = shown_text(at)
    assert "FIDE C.07 art. 8.2" in text and "US Chess rule 34E" in text
    assert "least significant" in text          # the cut modifier, in words


def test_the_aro_warning_speaks_plain_words_on_screen(monkeypatch):
    """The 52-player file has unrated players: under FIDE's rule ARO is skipped, and the page says what to do
    in words (the command line names its option instead)."""
    monkeypatch.setattr("ui.session.state.example_event", lambda: load_event(BIG))
    at = open_page("Standings", timeout=120).run()
    at.selectbox(key="_ordering.preset").set_value("fide-swiss").run()
    warnings = [re.sub(r"\\([^\w\s])", r"\1", w.value).replace("\u2060", "") for w in at.warning]
    assert any("ARO/C1 is skipped" in w and "leave unrated opponents out" in w for w in warnings), warnings
    assert not any(forbidden(w) for w in warnings)


def test_the_command_line_still_names_its_option(tmp_path, capsys):
    from engine.cli import main
    assert main(["standings", str(BIG), "--preset", "fide-swiss", "--rules", "fide"]) == 0
    assert "use --unrated exclude or a rating" in capsys.readouterr().err
    assert main(["standings", str(BIG), "--preset", "uscf", "--round", "12"]) == 2
    assert "--round 12 is outside the event's rounds 1..9" in capsys.readouterr().err


def xlsx_text(data: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return " ".join(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xml"))


@pytest.mark.parametrize("path", [ROOT / "scenarios" / "example.json", BIG], ids=["example", "big"])
def test_no_download_contains_internal_words(path):
    event = load_event(path)
    texts = [write_json(event)]
    for ending in ("trf", "json", "csv", "pgn"):
        try:
            texts.append(event_text(event, f"x.{ending}"))
        except EventError:          # a format this event cannot be written in is refused, never half-written
            pass
    for preset in PRESETS.values():
        table = standings(event, preset.criteria, preset.rules, Options(seed=1))
        texts += [standings_csv(table), xlsx_text(standings_xlsx(table, "Event")), *table.warnings]
    table = standings(event, PRESETS["uscf"].criteria, "uscf", Options())
    ranks = {"a": {r.tpn: r.rank for r in table.rows}, "b": {r.tpn: r.rank for r in table.rows}}
    texts.append(chart_svg(bump_chart(ranks, {p.tpn: p.name for p in event.players})))
    for text in texts:
        assert forbidden(text) == []


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_announcement_contains_internal_words(preset):
    p = PRESETS[preset]
    case = CASES["P1"]
    for method in METHODS:
        sheet = announcement(list(p.codes), p.rules, method, event_name="Club", preset=preset,
                             prizes=case.prizes, notes="Bring a pen --no really")
        html, pdf = to_html(sheet), pdf_text(to_pdf(sheet))
        assert "Bring a pen" in html and "Bring a pen" in pdf
        # the user's own notes are theirs to word; everything else must be plain
        assert forbidden(html.replace("--no really", "")) == [], (preset, method)
        assert forbidden(pdf.replace("--no really", "")) == [], (preset, method)
    for rules in RULE_SETS:
        sheet = announcement(list(p.codes), rules, "uscf", preset=None)
        assert forbidden(to_html(sheet)) == [] and forbidden(pdf_text(to_pdf(sheet))) == [], rules
