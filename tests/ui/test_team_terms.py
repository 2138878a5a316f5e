"""The team registries' words are marked for translation exactly as the engine writes them."""
from __future__ import annotations

from engine.teams.codes import TEAM_CODES
from engine.teams.context import RULE_WORDS
from engine.teams.model import KIND_WORDS
from engine.teams.presets import TEAM_PRESETS
from i18n.team_terms import TEAM_CITATIONS, TEAM_CODE_WORDS, TEAM_KIND_WORDS, TEAM_PRESET_WORDS, TEAM_RULE_WORDS


def test_every_team_code_has_its_name_and_sentence_marked() -> None:
    assert TEAM_CODE_WORDS == {code: (info.name, info.sentence) for code, info in TEAM_CODES.items()}


def test_every_team_code_has_its_rule_marked() -> None:
    assert TEAM_CITATIONS == {info.citation for info in TEAM_CODES.values()}


def test_every_team_preset_has_its_name_and_source_marked() -> None:
    assert TEAM_PRESET_WORDS == {key: (p.name, p.source) for key, p in TEAM_PRESETS.items()}


def test_every_unplayed_kind_and_rules_edition_is_marked() -> None:
    assert TEAM_KIND_WORDS == dict(KIND_WORDS)
    assert TEAM_RULE_WORDS == dict(RULE_WORDS)


def test_a_marked_team_name_is_translated_in_german() -> None:
    from babel.messages.pofile import read_po

    with open("i18n/locales/de/LC_MESSAGES/messages.po", "rb") as f:
        german = read_po(f, locale="de")
    words = {m.id: m.string for m in german if isinstance(m.id, str) and not m.context}
    assert words["Match points"] == "Mannschaftspunkte"
    assert words["half-point bye"] == "Freilos mit einem halben Punkt"


def test_a_team_label_in_english_reads_as_the_engines_label() -> None:
    from engine.teams.codes import parse_team_code
    from ui.teams.words import team_label

    for code in ("BH:MP/C1/P", "BH:GP/M1", "EMGSB/C1", "FB:MP", "SSSC/K5", "EDET/P", "MPTS"):
        crit = parse_team_code(code)
        assert team_label(crit) == crit.label, code
    assert team_label(parse_team_code("BH:MP/C1")) == "Buchholz (on match points, cut 1)"


def test_a_bye_that_parts_team_and_player_points_is_named_whole_in_the_language() -> None:
    from i18n.catalog import translator
    from ui.teams.state import example_team_event
    from ui.teams.tables import points_gap

    ev = example_team_event()
    brookside = next(tpn for tpn in ev.tpns if ev.name_of(tpn) == "Brookside")
    # the example gives Brookside the bye of round 4, worth a drawn match: 2 of its 4 boards' game points
    assert points_gap(ev, brookside)[2] == [
        "round 4 (bye from the pairing: 2 game points for the team, none for its players)"]
    assert points_gap(ev, brookside, translator("de"))[2] == [
        "Runde 4 (spielfrei durch Auslosung: 2 Brettpunkte für die Mannschaft, keine für ihre Spieler)"]
