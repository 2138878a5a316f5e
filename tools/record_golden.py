"""Record (or check) the command line's output for every event file in ``tests/data``.

The engine's refactors must not change a byte of what a user sees.  This script runs ``standings`` under
every preset and every rule set, and ``explain --format json`` for a sample of players and codes, on each
file, and writes the outputs to ``tests/golden/<file>.json``.  ``tests/golden/test_golden.py`` runs the same
commands and compares.  The same ``explain`` commands in each other language (``--lang``, the working as a
person reads it), and ``why`` for three pairs, are recorded for the languages' event (:data:`LANGUAGE_EVENT`) in
``tests/golden/languages/<file>.<lang>.json``, with the announcement sheet's HTML in each language
(``announcement.<lang>.html``): checked once by hand against ``i18n/glossary/<lang>.toml``
(``tests/golden/README.md`` says how).  Re-record only when an output is meant to change, and say why in the commit:

    .venv/bin/python -m tools.record_golden
"""
from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stderr
from pathlib import Path

from engine.cli import main

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
DATA = GOLDEN.parent / "data"
PRESETS = ("uscf", "fide-swiss", "fide-swiss-a", "fide-rr", "washington", "puddletown", "lichess",
           "uscf-wintd", "uscf-wintd-old", "puddletown-h2h-last")
RULE_SETS = ("uscf", "fide", "fide2024", "fide2009", "raw", "lichess")
EXPLAIN_CODES = ("BH/C1", "MM", "SB", "CUM", "AOB", "KASH", "ARO", "DE")
#: the languages recorded besides English, and the event whose working they record
LANGUAGES = ("de", "fr", "es", "ru")
LANGUAGE_EVENT = "fide_tec_swiss16.trf"
#: the ``why`` questions recorded in each language: a first tie-break with no game between them, a later one
#: with their drawn game and changes that would reverse them, a later one after the number of wins
WHY_PAIRS = (("1,3", "BH/C1,SB"), ("3,4", "DE,BH"), ("1,3", "WIN,BH/C1"))


def event_files() -> list[Path]:
    """Every event file the golden check covers, in a stable order."""
    return sorted([*DATA.glob("trf/*.trf"), *DATA.glob("*.chess.json")])


def commands(path: Path) -> list[list[str]]:
    """The command lines recorded for one file (arguments after ``python -m engine``)."""
    cmds = []
    for name in PRESETS:
        for rules in RULE_SETS:
            cmds.append(["standings", str(path), "--preset", name, "--rules", rules, "--seed", "7",
                         "--format", "csv"])
    for code in EXPLAIN_CODES:
        for player in (1, 3):
            cmds.append(["explain", str(path), "--player", str(player), "--tiebreak", code, "--format", "json"])
    return cmds


def language_commands(path: Path, lang: str) -> list[list[str]]:
    """The ``explain`` command lines recorded in ``lang`` for one file: every code, players 1 and 3, as text."""
    explains = [["--lang", lang, "explain", str(path), "--player", str(player), "--tiebreak", code]
                for code in EXPLAIN_CODES for player in (1, 3)]
    whys = [["--lang", lang, "why", str(path), "--players", players, "--tiebreaks", codes]
            for players, codes in WHY_PAIRS]
    return explains + whys


def run(cmd: list[str]) -> str:
    """Exit status, standard output and standard error of one command, as one text."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        status = main(cmd, out=out, err=err)
    return f"exit {status}\n--- out\n{out.getvalue()}--- err\n{err.getvalue()}"


def key(cmd: list[str]) -> str:
    """The command with the file's path left out, so the record does not depend on where the clone is."""
    at = 3 if cmd[0] == "--lang" else 1
    return " ".join(c if i != at else "EVENT" for i, c in enumerate(cmd))


def outputs(path: Path) -> dict[str, str]:
    return {key(cmd): run(cmd) for cmd in commands(path)}


def golden_path(path: Path) -> Path:
    return GOLDEN / f"{path.name}.json"


def language_event() -> Path:
    return DATA / "trf" / LANGUAGE_EVENT


def language_outputs(lang: str) -> dict[str, str]:
    return {key(cmd): run(cmd) for cmd in language_commands(language_event(), lang)}


def announcement_html(lang: str) -> str:
    """The TD's announcement sheet as HTML in ``lang``: US Chess's order and rule set, a place prize and a class
    prize in euros (the money written the language's way), notes as typed."""
    from engine.prizes.prize_list import Prize
    from engine.teaching.announcement import to_html
    from i18n.announcement import announcement_in
    from i18n.catalog import translator
    prizes = [Prize("1st", 1234, place=1), Prize("Best under 1600", 100, kind="class", rating_max=1599)]
    sheet = announcement_in(translator(lang), ["MM", "BH", "CUM", "OCUM"], "uscf", "uscf", event_name="Club Open",
                            date="2026-12-06", preset="uscf", prizes=prizes, currency="€", notes="Bring a pen.")
    return to_html(sheet)


def announcement_golden_path(lang: str) -> Path:
    return GOLDEN / "languages" / f"announcement.{lang}.html"


def language_golden_path(lang: str) -> Path:
    return GOLDEN / "languages" / f"{LANGUAGE_EVENT}.{lang}.json"


def record() -> None:
    for path in event_files():
        golden_path(path).write_text(json.dumps(outputs(path), ensure_ascii=False, indent=0) + "\n",
                                     encoding="utf-8")
        print(f"recorded {golden_path(path).name}", file=sys.stderr)
    for lang in LANGUAGES:
        target = language_golden_path(lang)
        target.parent.mkdir(exist_ok=True)
        target.write_text(json.dumps(language_outputs(lang), ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        print(f"recorded languages/{target.name}", file=sys.stderr)
        announcement_golden_path(lang).write_text(announcement_html(lang), encoding="utf-8")


if __name__ == "__main__":
    record()
