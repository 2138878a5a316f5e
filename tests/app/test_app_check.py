"""The "Check published standings" page under AppTest: paste a chess-results table, read the summary, open a
difference, load the event for the other pages; an unreadable paste gives one message."""
from __future__ import annotations

import pytest

from tests.pages import open_page
from tests.paths import DATA as TEST_DATA

DATA = TEST_DATA / "published"

PAGE = "Check published standings"


def plain(text: str) -> str:
    import re
    return re.sub(r"\\(.)", r"\1", text).replace("\u2060", "")


def test_paste_summary_differences_and_load(at):
    at.text_area(key="check.text").set_value((DATA / "stockholm_seniors_2026_r4.csv").read_text(encoding="utf-8")).run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert any(plain(s.value).startswith("TB3: 39 of 40 reproduced as Number of wins") for s in at.warning)
    assert any(plain(s.value) == "Pts: 40 of 40 reproduced as Points" for s in at.success)
    assert at.dataframe[0].value.shape[0] == 40
    labels = [plain(e.label) for e in at.expander]
    assert "Row 7, Evertsson Rune, TB3: published 1" in labels
    ev = at.expander[labels.index("Row 7, Evertsson Rune, TB3: published 1")]
    assert any("does not count the forfeit win in round 3 as a win" in plain(m.value) for m in ev.markdown)
    # our working, the engine's trace, after the 4 rounds the table counts: draws in rounds 1 and 4, a win
    # over Jansson in round 2 and the forfeit win against Ornstein in round 3: 2 wins
    working = next(c.value for c in ev.code)
    assert working.startswith("Number of wins (played or not) [WIN] for #7 Evertsson Rune: 2")
    assert "won by forfeit" in working
    at.button(key="check.load").click().run()
    assert not at.exception
    assert any("is now the current event" in plain(s.value) for s in at.success)
    # the other pages now open it: ranked after round 4 (the postponed games are rounds not played; round 5
    # is paired and waits for its results), under the order found
    from ui.session.state import _EVENT, _SETTINGS
    event, settings = at.session_state[_EVENT], at.session_state[_SETTINGS]
    assert event.name == "Seniorschack Stockholm KM Klassiskt 2026" and event.last_result_round() == 4
    assert event.first_pending_round() == 5
    assert settings.codes == ("MED", "DE", "WIN")


def test_unreadable_paste_gives_one_message(at):
    at.text_area(key="check.text").set_value("<b>not a table</b>\nhello").run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert len(at.error) == 1
    assert plain(at.error[0].value).startswith("This could not be read: line 1 of the pasted text: no header row")


def test_a_large_table_is_checked_in_a_separate_process(tmp_path):
    """Past the in-server size the check runs through ui.work.jobs (a spawned process) and gives the same answer."""
    from ui.check import IN_SERVER_BYTES, check_on_page, run_check
    text = (DATA / "stockholm_seniors_2026_r4.csv").read_text(encoding="utf-8")
    padded = text + "\n" + " " * (IN_SERVER_BYTES + 10)       # blank lines after the footer
    here, there = run_check([("t.csv", text)]), check_on_page([("t.csv", padded)])
    assert [c.summary() for c in there.columns] == [c.summary() for c in here.columns]
    assert [v.why for v in there.values] == [v.why for v in here.values]


def test_the_check_button_with_nothing_pasted_says_what_to_do(at):
    # the button is never disabled (a paste reaches the page only when the box loses focus, on this click)
    at.button(key="check.go").click().run()
    assert [i.value for i in at.info] == ["Paste the published table in the box, or upload its file, first."]
    assert "check.result" not in at.session_state


def test_a_pasted_papi_grid_and_swiss_chess_lists(at):
    """The constructed Fixture A tables of tests/reference/test_second_opinion.py (no real page was found): the
    same answers as the command line."""
    from tests.reference.test_second_opinion import papi_grid, swiss_chess_lists
    at.text_area(key="check.text").set_value(papi_grid(False)).run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert any(plain(m.value) == "Fixture A: 16 players, read as a Papi table." for m in at.markdown)
    assert any(plain(s.value).startswith("Tr.: 16 of 16 reproduced as Buchholz (Solkoff), with the lowest score cut")
               for s in at.success)
    assert any(plain(s.value) == "Cu.: 16 of 16 reproduced as Progressive score" for s in at.success)
    at.text_area(key="check.text").set_value(swiss_chess_lists()[0][1]).run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert any(plain(m.value) == "Fixture A: 16 players, read as a Swiss-Chess table." for m in at.markdown)
    assert any(plain(s.value) == "BuSumm: 16 of 16 reproduced as Sum of opponents' Buchholz, under FIDE's "
                                 "2023/2024 rules for unplayed games" for s in at.success)
    assert any("the games come from the pairing lists of 5 rounds" in plain(c.value) for c in at.caption)


def test_real_swiss_chess_lists_pasted_as_markdown_and_a_real_papi_grid_with_cu(at):
    """The real pages of tests/data/published: the Gerd Fornahl ranking and its nine pairing lists (a club
    website's Markdown pages) pasted as one text, and the Trophée Pelat 2015 Papi grid with its Cu. column:
    the same answers as the command line."""
    folder = DATA / "swisschess_gerd_fornahl_2024"
    names = ["rangliste_runde9.md", *(f"paarungen_runde{r}.md" for r in range(1, 10))]
    at.text_area(key="check.text").set_value("\n".join((folder / n).read_text(encoding="utf-8") for n in names)).run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert any(plain(m.value) == "Gerd Fornahl Turnier 2024: 19 players, read as a Swiss-Chess table."
               for m in at.markdown)
    assert any(plain(s.value) == "SoBerg: 19 of 19 reproduced as Sonneborn-Berger (Neustadtl), under FIDE's 2009 "
                                 "rules for unplayed games" for s in at.success)
    assert any("the games come from the pairing lists of 9 rounds" in plain(c.value) for c in at.caption)
    grid = (DATA / "papi_trophee_pelat_2015_after_round_7.html").read_text(encoding="utf-8")
    at.text_area(key="check.text").set_value(grid).run()
    at.button(key="check.go").click().run()
    assert not at.exception
    assert any(plain(m.value) == "TROPHEE PELAT 2015: 112 players, read as a Papi table." for m in at.markdown)
    assert any(plain(s.value) == "Cu.: 112 of 112 reproduced as Progressive score" for s in at.success)


def test_a_workbook_is_checked_in_a_separate_process_however_small(monkeypatch):
    """A workbook's cost is not told by its size (1.5 KB declaring A1:XFD2000 took 5.3 GB), so even the
    smallest is read in a job, with the job's time and memory limits, never in the server's process."""
    from tools.hostile_corpus import WORKBOOKS
    from ui import check
    from ui.work import jobs
    calls = []

    def in_a_job(fn, *args, seconds, what, **kwargs):
        calls.append(fn.__name__)
        return jobs.run_bounded(fn, *args, seconds=seconds, what=what, limit=jobs.HOSTED_LIMITS, **kwargs)

    monkeypatch.setattr(jobs, "run_on_page", in_a_job)
    data = WORKBOOKS["xlsx_table.xlsx"][1]()
    assert len(data) < check.IN_SERVER_BYTES
    result = check.check_on_page([("table.xlsx", data)])
    assert calls == ["run_check"]
    assert [result.event.player(t).name for t in result.published.order] == ["Ann", "Bob", "Cy"]
    assert check.in_server([("table.csv", b"Rk.;Name\n1;Ann\n")])
    # the event's games travel as bytes, and are read in the job when the table is
    assert not check.in_server([("table.csv", b"Rk.;Name\n")], ("games.pgn", b" " * check.IN_SERVER_BYTES))


@pytest.mark.parametrize("lang, words", [("de", "keine Kopfzeile: erwartet wird eine Zeile mit den Spaltennamen"),
                                         ("ru", "нет строки заголовка: ожидается строка с названиями столбцов")])
def test_a_table_that_cannot_be_read_is_said_in_german_and_russian(lang, words):
    app = open_page(PAGE)
    app.query_params["lang"] = lang
    app.run()
    app.text_area(key="check.text").input("nothing here but words").run()
    app.button(key="check.go").click().run()
    assert not app.exception, app.exception
    shown = app.error[0].value.replace("\\", "")
    assert words in shown and "expected a line" not in shown


def test_the_check_reads_in_german():
    """The engine's sentences (each column's summary, its shared pattern, the readers' notes, a difference's
    explanation) in the reader's language, written here by hand from the English the other test reads."""
    app = open_page(PAGE)
    app.query_params["lang"] = "de"
    app.run()
    app.text_area(key="check.text").set_value((DATA / "stockholm_seniors_2026_r4.csv").read_text(encoding="utf-8")).run()
    app.button(key="check.go").click().run()
    assert not app.exception, app.exception
    warnings = [plain(s.value) for s in app.warning]
    assert "TB3: 39 von 40 reproduziert als Anzahl der Siege (gespielt oder nicht); 1 weicht ab" in warnings
    assert "Pts: 40 von 40 reproduziert als Punkte" in [plain(s.value) for s in app.success]
    assert any(plain(s.value).startswith("TB1: 7 weichen ab: keine einzelne Änderung passt zu allen") for s in app.info)
    assert ("eine Zelle -1 (eine Runde mit einem Punkt ohne Gegner) wird als spielfrei durch Auslosung gelesen"
            in [plain(c.value) for c in app.caption])
    ev = next(e for e in app.expander if "Evertsson Rune, TB3" in plain(e.label))
    # Evertsson's forfeit win against Ornstein in round 3 is a win under WIN (2 wins) but not under WON (1)
    assert any(plain(m.value) == "die veröffentlichte 1 zählt die Runde 3 (kampfloser Sieg) nicht als Sieg (für "
               "Evertsson Rune); mit den Einstellungen, die den Rest dieser Spalte reproduzieren (Anzahl der Siege "
               "(gespielt oder nicht)), ist es 2" for m in ev.markdown)
    assert not any("reproduced" in w or "differ" in w for w in warnings)
    # our working too: two wins (round 2 over the board, round 3 by forfeit), in German
    working = next(c.value for c in ev.code)
    assert working.startswith("Anzahl der Siege (gespielt oder nicht) [WIN] für #7 Evertsson Rune: 2")
    assert "kampflos gewonnen" in working and "won by forfeit" not in working
