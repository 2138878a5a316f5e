"""The standings' CSV and Excel downloads in the reader's language: headings, sheet names and the About
sheet's labels and names from the catalogs; codes and numbers as they are (FIDE's test Swiss: Bruno first
with 4 points, BH/C1 12)."""
from __future__ import annotations

import io

from openpyxl import load_workbook

from engine.core.ordering import ordering_of
from engine.formats.export import standings_csv, standings_xlsx
from engine.formats.loader import load_event
from engine.ranking.standings import standings
from i18n.catalog import translator
from i18n.render import criterion_name
from tests.paths import REPO_ROOT

EVENT = REPO_ROOT / "tests" / "data" / "trf" / "fide_tec_swiss16.trf"
KEYS = ("rank", "starting number", "name", "Standings", "About", "Event", "Rules", "After round", "Note")


def table():
    return standings(load_event(EVENT), ordering_of(["BH/C1"], "fide"))


def test_csv_headings_in_german_and_english_unchanged():
    de = translator("de")
    words = {k: de.t(k) for k in KEYS}
    assert standings_csv(table(), words).splitlines()[:2] == ["Rang,Startnummer,Name,PTS,BH/C1", "1,2,Bruno,4,12"]
    assert standings_csv(table()).splitlines()[0] == "rank,starting number,name,PTS,BH/C1"


def test_the_workbook_in_russian_names_its_sheets_and_the_tie_breaks():
    ru = translator("ru")
    words = {k: ru.t(k) for k in KEYS}
    names = {"BH/C1": criterion_name(ru, "BH/C1"), "rules": "правила"}
    book = load_workbook(io.BytesIO(standings_xlsx(table(), "Open", (), words, names)))
    assert book.sheetnames == [ru.t("Standings"), "О файле"] and ru.t("Standings") != "Standings"
    first = [c.value for c in book.worksheets[0][1]]
    assert first == ["место", "стартовый номер", "имя", "PTS", "BH/C1"]
    about = {row[0].value: row[1].value for row in book.worksheets[1].iter_rows()}
    assert about["Турнир"] == "Open" and about["BH/C1"] == criterion_name(ru, "BH/C1")
