"""The grids' problems keep their English sentence and carry a kind and values: the app's English template for
each kind writes the very sentence the engine wrote (so the two cannot drift apart), and the German one names
the same cell, text and numbers."""
from __future__ import annotations

import pytest

from engine.core.errors import EventError
from engine.events.editing import HELP_TOKENS, players_from_rows
from i18n.catalog import translator
from tests.fixtures import fixture_a
from ui.build.problems import TEMPLATES
from ui.render.grid import players_frame, with_one_result


def written(exc: EventError, lang: str) -> str:
    """``exc`` written from its template in ``lang`` (the cell and the notation as the page fills them in)."""
    tr = translator(lang)
    values = dict(exc.values)
    if "who" in values:
        values["cell"] = tr.t("row {row} ({who}), R{round}", **{k: values[k] for k in ("row", "who", "round")})
    values["tokens"] = HELP_TOKENS if lang == "en" else \
        tr.t("+W9, =B9, -B9, +F9, -F9, ?W9 (still to be played), PAB, HPB, FPB, ZPB or ABS")
    return tr.t(TEMPLATES[exc.code], **values)


@pytest.mark.parametrize("text, code", [("xyz", "not_a_result"), ("+W1", "self_pairing"), ("+W99", "unknown_opponent")])
def test_a_bad_cell_is_written_from_its_template(text, code):
    event = fixture_a()
    with pytest.raises(EventError) as caught:
        with_one_result(event, 1, 1, text)
    exc = caught.value
    assert exc.code == code and exc.values["round"] == 1
    assert written(exc, "en") == str(exc)
    german = written(exc, "de")
    assert german.startswith(f"Zeile {exc.values['row']} ({exc.values['who']}), R1: „{text}“")


@pytest.mark.parametrize("row, code", [({"tpn": 0, "name": "A"}, "row_number_too_small"),
                                       ({"tpn": 2, "name": ""}, "row_name_empty"),
                                       ({"tpn": 2, "name": "A", "rating": "abc"}, "row_rating_not_whole"),
                                       ({"tpn": 2, "name": "A", "rating": 12000}, "row_rating_out_of_range"),
                                       ({"tpn": "x", "name": "A"}, "row_number_not_whole")])
def test_a_bad_players_row_is_written_from_its_template(row, code):
    event = fixture_a()
    with pytest.raises(EventError) as caught:
        players_from_rows([row], event)
    exc = caught.value
    assert exc.code == code and exc.values["row"] == 1
    assert written(exc, "en") == str(exc)
    assert written(exc, "ru").startswith("строка участников 1")


def test_a_number_used_twice_and_no_players():
    event = fixture_a()
    rows = players_frame(event).to_dict("records")
    with pytest.raises(EventError) as caught:
        players_from_rows([rows[0], {**rows[1], "tpn": rows[0]["tpn"]}], event)
    assert caught.value.code == "row_number_used" and written(caught.value, "en") == str(caught.value)
    with pytest.raises(EventError) as caught:
        players_from_rows([], event)
    assert caught.value.code == "no_players" and written(caught.value, "en") == str(caught.value)
