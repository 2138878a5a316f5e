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


def test_standings_over_the_worked_once_size_are_shown_plain_not_restyled_on_every_run():
    """The shading of a 20,000-player table was worked out again on every redraw (3-5 s of the server's
    CPU each time); past WORKED_ONCE_CELLS the table is plain, its Tie column still numbering the groups."""
    from pandas.io.formats.style import Styler

    from engine.core.ordering import ordering_of
    from engine.core.rules import Options
    from engine.events.generator import generate_event
    from ui.work.cached import WORKED_ONCE_CELLS, _standings_styled
    chosen = ordering_of(preset="fide-swiss", options=Options())
    big, small = generate_event(players=2_500, rounds=3, seed=1), generate_event(players=100, rounds=3, seed=1)
    plain = _standings_styled("big", "fide-swiss", big, chosen)
    assert isinstance(plain, pd.DataFrame) and plain.size > WORKED_ONCE_CELLS and TIED in plain.columns
    shaded = _standings_styled("small", "fide-swiss", small, chosen)
    assert isinstance(shaded, Styler) and shaded.data.size <= WORKED_ONCE_CELLS


def test_the_compare_chart_draws_at_most_60_players_of_a_huge_tie(monkeypatch):
    """The "places 1-20" of a field tied in two groups held 10,000 players (20,000 x 20): their chart cost
    the server 12 s.  Here 200 players paired 1-2, 3-4, ... twice, the odd ones winning: 100 share place 1."""
    from engine.core.model import ONE, ZERO, Entry, Player, make_event
    entries = {t: [Entry.game(t + 1, "W", ONE) if t % 2 else Entry.game(t - 1, "B", ZERO)] * 2 for t in range(1, 201)}
    event = make_event("Two groups", [Player(t, f"P{t}") for t in range(1, 201)], entries)
    monkeypatch.setattr("ui.session.state.example_event", lambda: event)
    at = open_page("Compare orderings", timeout=120).run()
    assert not at.exception
    captions = [c.value for c in at.caption if "share these places" in c.value]
    assert len(captions) == 1 and captions[0].startswith("100 players share these places, too many for one chart: "
                                                         "the first 60 of them under ")
