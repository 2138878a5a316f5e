"""AppTests of bounded by-products: the PGN "missing rounds" form and the standings of a field too
large for pandas' styler."""
from __future__ import annotations

import pandas as pd

from engine.core.model import Kind
from engine.formats.loader import read_event_bytes
from engine.formats.pgn import missing_rounds
from tests.pages import build_tab, open_page
from ui.build.missing_rounds import MAX_FORM_ROWS
from ui.render.tables import TIED, style_standings


def game(rnd: int, white: str, black: str) -> str:
    return (f'[Event "Club"]\n[Round "{rnd}"]\n[White "{white}"]\n[Black "{black}"]\n[Result "1-0"]\n\n1-0\n\n')


def pgn_with_missing(players: int) -> bytes:
    """Round 1: everybody plays (P1-P2, P3-P4, ...); round 2: only P1-P2.  So ``players - 2`` player-rounds of
    round 2 have no game."""
    text = "".join(game(1, f"P{i}", f"P{i + 1}") for i in range(1, players + 1, 2)) + game(2, "P2", "P1")
    return text.encode()


def test_the_missing_rounds_form_lists_at_most_40_rows_and_settles_the_rest_at_once(monkeypatch):
    event = read_event_bytes(pgn_with_missing(100), "club.pgn")
    assert len(missing_rounds(event)) == 98
    monkeypatch.setattr("ui.session.state.example_event", lambda: event)
    at = open_page("Build event", timeout=120).run()
    assert not at.exception
    at = build_tab(at, "Upload / download")
    rows = [s for s in at.selectbox if s.key and s.key.startswith("missing_") and s.key != "missing_rest"]
    assert len(rows) == MAX_FORM_ROWS == 40
    rest = next(s for s in at.selectbox if s.key == "missing_rest")
    assert rest.label == "All the other 58 player-rounds"                 # 98 - 40
    rest.set_value(Kind.HPB)
    next(b for b in at.button if b.label == "Apply").click()
    at.run()
    assert not at.exception
    assert not any("missing_" in (s.key or "") for s in at.selectbox)   # all 98 settled: no form left


def test_a_table_too_large_for_the_styler_is_shown_plain():
    big = pd.DataFrame({"Rank": ["1"] * 30_000, "Name": ["x"] * 30_000, **{f"c{i}": ["1"] * 30_000 for i in range(8)},
                        TIED: ["1"] * 30_000})                         # 300,000 cells > pandas' 262,144
    assert isinstance(style_standings(big), pd.DataFrame)
    assert not isinstance(style_standings(big.head(100)), pd.DataFrame)
