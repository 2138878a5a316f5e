"""The scenario library: every scenario loads, every number its story states equals the engine's,
and together the scenarios cover every tie-break system and every kind of round.

The claimed numbers live in each narrative's ```claims block; they were worked by hand from the
crosstables (Fixtures A, B, D and L: tests/fixtures.py), never from the engine.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from engine.core.errors import EventError
from engine.core.model import Kind
from engine.core.presets import PRESETS
from engine.ranking.standings import standings
from engine.teaching.scenarios import (
    SCENARIO_DIR,
    Try,
    apply_try,
    check_claims,
    claim_value,
    list_scenarios,
    load_scenario,
    parse_scenario,
    what_moved,
)
from tests.fixtures import fixture_a, fixture_b, fixture_d, fixture_l

SLUGS = list_scenarios()

#: the systems (by code) that must each be claimed somewhere
SYSTEMS = ("BH MED MM FB AOB PS CUM OCUM SB KS KASH H2H DE WIN WON BPG BWG REP ARO TPR PTP PERF APRO APPO "
           "TFL LATE RTNG").split()


def test_there_are_at_least_fifteen_scenarios_and_the_example_comes_first():
    assert len(SLUGS) >= 15
    assert SLUGS[0] == "example"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_scenario_loads_and_every_claim_equals_the_engine(slug):
    sc = load_scenario(slug)
    assert sc.title and sc.narrative_markdown.strip()
    assert "```claims" not in sc.narrative_markdown          # the machine block is not shown as text
    wrong = [(c.line, c.text, actual) for c, actual, ok in check_claims(sc) if not ok]
    assert not wrong, f"{slug}.md claims that disagree with the engine: {wrong}"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_try_gives_a_valid_event_and_highlights_name_real_rounds(slug):
    sc = load_scenario(slug)
    for t in sc.tries:
        after = apply_try(sc.event, t)
        assert after.entry(t.player, t.round).notation().lstrip("+=-") or True
        assert after.entries != sc.event.entries
    for h in sc.highlights:
        assert all(1 <= r <= sc.event.rounds for r in h.rounds)


def test_every_system_of_rules_section_2_is_claimed_somewhere():
    claimed = {c.code.split("/")[0] for s in SLUGS for c in load_scenario(s).claims}
    assert set(SYSTEMS) - claimed == set()


def test_every_kind_of_round_occurs_in_some_scenario():
    kinds = {e.kind for s in SLUGS for row in load_scenario(s).event.entries.values() for e in row}
    assert set(Kind) - kinds == set()


def test_the_fixture_scenarios_are_rules_md_crosstables():
    same = {"example": fixture_a(), "round-robin": fixture_b(), "one-bye-five-rules": fixture_d(),
            "lichess-bye": fixture_l()}
    for slug, fixture in same.items():
        ev = load_scenario(slug).event
        assert ev.rounds == fixture.rounds and ev.event_type == fixture.event_type
        def cells(event):      # the example file writes Nick's and Paul's absences as zero-point byes
            return {t: [e.notation().replace("ABS", "ZPB") for e in row] for t, row in event.entries.items()}
        assert cells(ev) == cells(fixture), slug


def test_us_chess_and_fide_crown_different_winners():
    ev = load_scenario("us-vs-fide-winners").event
    us, fide = PRESETS["uscf"], PRESETS["fide-swiss"]
    us_winner = standings(ev, us.criteria, us.rules).rows[0].tpn
    fide_winner = standings(ev, fide.criteria, fide.rules).rows[0].tpn
    assert (us_winner, fide_winner) == (2, 1)      # Blake under US Chess, Avery under FIDE (worked in the .md)


def test_the_seed_examples_are_all_there():
    """Elizabeth 17 / Timothy 16½, Mikaila 9 / Gray 10½, 6½ / 7, the 8½ bye variant (worked by hand from the
    club handouts' examples)."""
    def value(slug: str, player: int, code: str, rules: str = "uscf") -> Fraction:
        sc = load_scenario(slug)
        claim = next(c for c in sc.claims if c.player == player and c.code == code and c.rules == rules
                     and not c.options and c.round is None)
        return Fraction(claim_value(sc.event, claim))
    assert (value("solkoff-elizabeth-timothy", 1, "BH"), value("solkoff-elizabeth-timothy", 2, "BH")) == \
           (17, Fraction(33, 2))
    assert (value("cumulative-mikaila-gray", 1, "CUM"), value("cumulative-mikaila-gray", 2, "CUM")) == \
           (9, Fraction(21, 2))
    assert (value("cumulative-early-wins", 1, "CUM"), value("cumulative-early-wins", 2, "CUM")) == \
           (Fraction(13, 2), 7)
    assert value("cumulative-half-point-bye", 2, "CUM") == Fraction(17, 2)


def test_a_try_changes_a_copy_and_reports_what_moved():
    sc = load_scenario("cumulative-half-point-bye")
    change = sc.tries[0]                      # Ana's round-4 draw becomes a half-point bye
    after = apply_try(sc.event, change)
    assert sc.event.entry(1, 4).kind is Kind.G and after.entry(1, 4).kind is Kind.HPB
    moved = {m.tpn: m for m in what_moved(sc.event, after, ["CUM"], "uscf")}
    assert moved[1].before["CUM"] == 9 and moved[1].after["CUM"] == Fraction(17, 2)
    assert moved[2].before["CUM"] == moved[2].after["CUM"] == Fraction(17, 2)   # Ben's 8½ did not change
    assert (moved[1].rank_after, moved[2].rank_after) == (5, 5)               # now a shared place


def test_a_try_mirrors_the_opponents_result():
    ev = fixture_a()
    after = apply_try(ev, Try("Alyx beats David", 1, 5, "+W4"))
    assert after.entry(4, 5).notation() == "-B1" and after.score(1) == 4


EVENT_ROW = fixture_b()


@pytest.mark.parametrize("text, message", [
    ("no title\n```claims\nplayer=1; code=SB; value=1\n```\n", "Title"),
    ("# T\nno claims here\n", "no ```claims"),
    ("# T\n```claims\nplayer=1; code=SB; value=abc\n```\n", ":3: value must be a number"),
    ("# T\n```claims\nplayer=9; code=SB; value=1\n```\n", ":3: there is no player 9"),
    ("# T\n```claims\nplayer=1; code=XYZ; value=1\n```\n", ":3: unknown tie-break code"),
    ("# T\n```claims\nplayer=1; code=RANK; value=1\n```\n", ":3: a RANK claim needs"),
    ("# T\n```claims\nplayer=1 code=SB value=1\n```\n", ":3: player must be a whole number"),
    ("# T\n```claims\nplayer=1; code=SB; value=1\n```\n```try\nlabel=x; player=1; round=2; result=+W5\n```\n",
     ":6: this change does not give a valid event"),
    ("# T\n```claims\nplayer=1; code=SB; value=1\n", "not closed"),
])
def test_parse_errors_name_the_file_and_line(text, message):
    with pytest.raises(EventError) as info:
        parse_scenario("x", EVENT_ROW, text, source="x.md")
    assert "x.md" in str(info.value) and message in str(info.value)


def test_a_missing_scenario_is_an_event_error(tmp_path):
    with pytest.raises(EventError, match="no scenario"):
        load_scenario("nope", tmp_path)
    with pytest.raises(EventError, match="not a scenario name"):
        load_scenario("../etc", tmp_path)


def test_listing_needs_both_files(tmp_path):
    (tmp_path / "a.md").write_text("# A\n", encoding="utf-8")
    (tmp_path / "b.json").write_text("{}", encoding="utf-8")
    assert list_scenarios(tmp_path) == []
    assert Path(SCENARIO_DIR / "example.json").exists()


def test_the_fide_example_names_every_bye_of_its_crosstable():
    """FIDE's exercise has two half-point byes (#4 David in round 2, #9 Jessica in round 3,
    read off the TRF: ``0 - H``) and three pairing byes (#12 in round 2, #6 in round 3, #9 in round 5); the
    lesson's story names each with its round."""
    sc = load_scenario("example")
    story = " ".join(sc.narrative_markdown.split())
    byes = {(t, r, e.kind) for t in sc.event.tpns for r, e in enumerate(sc.event.entries[t], start=1)
            if e.kind in (Kind.HPB, Kind.PAB)}
    assert byes == {(4, 2, Kind.HPB), (9, 3, Kind.HPB), (12, 2, Kind.PAB), (6, 3, Kind.PAB), (9, 5, Kind.PAB)}
    assert "two half-point byes (David #4 in round 2, Jessica #9 in round 3)" in story
    assert "pairing byes (Nick #12 in round 2, Franck #6 in round 3, Jessica #9 in round 5)" in story
