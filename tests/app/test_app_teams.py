"""Team events in the app under AppTest: opening the example team event on Build event, its standings, a team's
players, random team events, and back to the individual example.

The example (scenarios/team-example.trf) was worked by hand: five teams of four boards, four rounds, one bye
from the pairing a round (worth a drawn match: 1 match point and 2 game points).

    R1 Ashford-Brookside 2½-1½, Castleton-Dunmore 2-2, Elmwood bye
    R2 Ashford-Castleton 1½-2½, Brookside-Elmwood 3-1, Dunmore bye
    R3 Ashford-Elmwood 2-2, Brookside-Dunmore 2½-1½ (board 4 won by forfeit), Castleton bye
    R4 Ashford-Dunmore 3-1, Castleton-Elmwood 1½-2½, Brookside bye

MP / GP: Ashford 5 / 9, Brookside 5 / 9, Castleton 4 / 8, Elmwood 4 / 7½, Dunmore 2 / 6½.
"""
from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.pages import open_page
from ui.teams import order as team_order
from ui.teams.state import example_team_event

TEAM_KEY = "tl_team_event"
EXAMPLE_TRF = Path(__file__).resolve().parents[2] / "scenarios" / "team-example.trf"


def with_example_team(title: str) -> AppTest:
    """Page ``title`` with the example team event on screen (as Build event's button leaves it)."""
    at = open_page(title).run()
    assert not at.exception, at.exception
    from engine.teams.model import players_event
    team = example_team_event()
    at.session_state["tl_event"] = players_event(team)
    at.session_state[TEAM_KEY] = (team, at.session_state["tl_event"])
    at.run()
    assert not at.exception, at.exception
    return at


def test_build_event_opens_the_example_team_event_and_goes_back():
    at = open_page("Build event").run()
    at.button(key="team.example").click().run()
    assert not at.exception, at.exception
    assert TEAM_KEY in at.session_state
    assert any("5 teams of 4 boards, 4 rounds" in s.value for s in at.success)
    # the players' own event is the current one: 25 players (five a team), four rounds
    event = at.session_state["tl_event"]
    assert (len(event.players), event.rounds) == (25, 4)
    assert len(at.get("download_button")) >= 2          # the team event's TRF-2026 and JSON
    at.button(key="team.back").click().run()
    assert not at.exception
    assert TEAM_KEY not in at.session_state
    assert len(at.session_state["tl_event"].players) != 25


def test_a_random_team_event_is_made_from_the_form():
    at = open_page("Build event").run()
    at.number_input(key="team.rand_teams").set_value(6)
    at.number_input(key="team.rand_rounds").set_value(3)
    at.button[[b.label for b in at.button].index("Make a random team event")].click().run()
    assert not at.exception, at.exception
    team, _ = at.session_state[TEAM_KEY]
    assert (len(team.teams), team.rounds, team.boards) == (6, 3, 4)


def test_team_standings_under_fide_sample_order():
    at = with_example_team("Standings")
    df = at.dataframe[0].value
    assert df["Team"].tolist() == ["Ashford", "Brookside", "Elmwood", "Castleton", "Dunmore"]
    assert df["MP"].tolist() == ["5", "5", "4", "4", "2"]
    assert df["GP"].tolist() == ["9", "9", "7½", "8", "6½"]
    # Brookside: 5 x 1½ (Ashford) + 4 x 3 (Elmwood) + 2 x 2½ (Dunmore, cut: fewest MP) + its bye against a dummy
    # team capped at a draw's 1 MP x 4 rounds = 4, x 2 game points = 8: 7½ + 12 + 8 = 27½
    assert df[df["Team"] == "Brookside"]["EMGSB/C1/P"].item() == "27½"
    assert df[df["Team"] == "Ashford"]["EMGSB/C1/P"].item() == "26½"


def test_the_ecu_order_puts_brookside_first_on_sonneborn_berger():
    at = with_example_team("Standings")
    at.selectbox(key="team.preset").set_value("ecu").run()
    df = at.dataframe[0].value
    assert df["Team"].tolist()[:2] == ["Brookside", "Ashford"]


def test_a_teams_players_and_the_game_points_note():
    at = with_example_team("Standings")
    # the crosstable's box starts folded and holds nothing until opened (an Olympiad's is 187 x 187 cells)
    assert len(at.dataframe) == 3 and "R1" not in at.dataframe[1].value.columns
    at.session_state["team.crosstable_open"] = True
    at.selectbox(key="team.players_of").set_value(2).run()
    crosstable = at.dataframe[1].value.set_index("Team")
    assert crosstable.loc["Ashford", "R1"] == "2½–1½ v Brookside" and crosstable.loc["Elmwood", "R1"] == \
        "bye from the pairing"
    players = at.dataframe[2].value
    assert players["Player"].tolist()[0] == "Quinn, Fay"
    # Quinn ½ + 1 + 1; Ibarra 0 + 1 + 0; Sato 1 + ½ + ½; Kowal 0 + ½ + 1 (forfeit); Dunne never played
    assert players["Points"].tolist() == ["2½", "1", "2", "1½", "0"]
    # their games, one row per round and board: Kowal's board-4 win by forfeit in round 3, the round-4 bye
    games = at.dataframe[3].value
    kowal = games[(games["Round"] == "3") & (games["Board"] == "4")]
    assert kowal[["Player", "Result", "Opponent"]].values.tolist() == [["Kowal, Ivo", "1 by forfeit", "Mensah, Tom"]]
    assert games[games["Round"] == "4"]["Result"].tolist() == ["bye from the pairing"]
    assert len(games) == 3 * 4 + 1
    note = " ".join(i.value for i in at.info)
    assert "9 game points, its players 7 points" in note and "round 4" in note


def explain(code: str, team: int) -> AppTest:
    at = with_example_team("Explain")
    at.selectbox(key="team.explain_team").set_value(team)
    at.selectbox(key="team.explain_code").set_value(code).run()
    assert not at.exception, at.exception
    return at


def test_explain_brooksides_sonneborn_berger_with_its_cut_and_its_bye():
    at = explain("EMGSB/C1/P", 2)
    assert at.metric[0].value == "27½"
    rows = at.dataframe[0].value.set_index("Round")
    assert rows.loc["3", "Value"] == "5" and "fewest MP" in rows.loc["3", "Left out"]   # Dunmore, 2 MP x 2½
    assert rows.loc["4", "Value"] == "8"                                              # bye: 4 MP x 2 GP
    assert any("Round 4" in m.value and "capped" in m.value for m in at.markdown)
    assert not at.info                      # the product left out (5) is also the smallest: nothing to point out
    assert rows.loc["1", "Value"] == "7½" and rows.loc["2", "Value"] == "12"


def test_explain_a_cut_that_is_not_the_smallest_product():
    # Elmwood: its bye (a dummy team on its own 4 MP, within the cap of 1 x 4) 4 x 2 = 8, Brookside 5 x 1 = 5,
    # Ashford 5 x 2 = 10, Castleton 4 x 2½ = 10; the fewest MP are 4 (the dummy and Castleton), of those the
    # smaller product 8 goes, not the smallest product 5: 5 + 10 + 10 = 25
    at = explain("EMGSB/C1/P", 5)
    assert at.metric[0].value == "25"
    rows = at.dataframe[0].value.set_index("Round")
    assert rows.loc["1", "Left out"] != "" and rows.loc["2", "Left out"] == ""
    assert "not the smallest product" in at.info[0].value


def test_explain_the_direct_encounter_of_castleton_and_elmwood():
    at = explain("EDET/P", 3)
    mini = at.dataframe[0].value
    assert mini["Team"].tolist() == ["Castleton", "Elmwood"]
    assert mini.set_index("Team").loc["Castleton", "Elmwood"] == "1½-2½"
    assert mini["MP"].tolist() == ["0", "2"]
    assert any("Place of Castleton in it: 2 of 2" in m.value for m in at.markdown)


def test_explain_ashford_and_brookside_show_their_own_match_board_by_board():
    at = explain("EDET/P", 1)
    own = at.dataframe[1].value
    assert own["Result"].tolist() == ["½-½", "1-0", "0-1", "1-0", "2½-1½"]


def test_explain_sssc_factor_and_sum():
    # F = floor(2 MP x 4 rounds / 4 boards) = 2; Ashford: 9 GP + (5 + 4 + 4 + 2) / 2 = 16½
    at = explain("SSSC", 1)
    assert at.metric[0].value == "16½"
    assert any("rounded down: 2" in m.value.replace("\\", "") for m in at.markdown)


def why(a: int, b: int, preset: str | None = None) -> AppTest:
    at = with_example_team("Why is A above B?")
    if preset:
        at.selectbox(key="team.preset").set_value(preset)
    at.selectbox(key="team.why_a").set_value(a)
    at.selectbox(key="team.why_b").set_value(b).run()
    assert not at.exception, at.exception
    return at


def answer_of(at: AppTest) -> str:
    return at.markdown[0].value.replace("\\", "")


def test_why_ashford_is_above_brookside_their_own_match():
    text = answer_of(why(2, 1))
    assert text.count(". ") + 1 <= 3
    assert "both have 5 match points" in text
    assert "Ashford and Brookside met in round 1: 2½–1½" in text


def test_why_brookside_is_above_ashford_under_the_ecu_order_names_the_products():
    text = answer_of(why(1, 2, "ecu"))
    assert "(EMGSB/C1) decides: 27½ against 26½" in text
    # Brookside's largest product: 3-1 against Elmwood (4 MP) = 12; Ashford's smallest kept: 1½-2½ against
    # Castleton (4 MP) = 6
    assert "Brookside's 3–1 against Elmwood, who finished on 4 MP: 12" in text
    assert "Ashford's 1½–2½ against Castleton, who finished on 4 MP: 6" in text


def test_why_a_team_with_more_match_points_and_every_order():
    at = why(5, 4)
    assert "Elmwood is above Dunmore on match points: 4 against 2" in answer_of(at)
    orders = at.dataframe[0].value
    assert set(orders["Above"]) == {"Elmwood"}


def test_why_lists_the_one_board_changes_that_reverse_it():
    at = why(2, 1)
    at.button(key="team.why_reverse").click().run()
    assert not at.exception, at.exception
    changes = at.dataframe[1].value
    first = changes.iloc[0]
    # their own match, board 1: ½–½ -> 0–1 makes it 2-2; Brookside alone on 6 MP, Ashford 4th (worked in
    # tests/engine/test_team_reverse.py)
    assert (first["Round"], first["Board"], first["Was"], first["If"], first["Places then"]) == \
        ("1", "1", "½–½", "0–1", "1 and 4")


def test_a_new_session_on_the_saved_event_shows_the_team_event_again():
    at = open_page("Build event").run()
    at.button(key="team.example").click().run()
    assert not at.exception, at.exception
    later = open_page("Standings").run()               # a reload: a fresh session reopens the last saved event
    assert not later.exception, later.exception
    assert later.dataframe[0].value["Team"].tolist()[:2] == ["Ashford", "Brookside"]


def test_a_team_event_built_by_hand_with_a_match_typed_board_by_board():
    at = open_page("Build event").run()
    at.text_input(key="team.new_name").set_value("Club league")
    at.number_input(key="team.new_boards").set_value(4)
    at.text_area(key="team.new_rosters").set_value("North: Ann, Bob, Cid, Dee\nSouth: Eve, Fay, Gil, Hal, Ivy\n")
    at.button[[b.label for b in at.button].index("Create the team event")].click().run()
    assert not at.exception, at.exception
    team, _ = at.session_state[TEAM_KEY]
    assert (team.name, [t.name for t in team.teams], team.matches) == ("Club league", ["North", "South"], ())
    # North-South, round 1: 1-0, ½-½, 0-1 and board 4 won by South by forfeit: 1½-2½, South 2 MP
    grid = f"team.grid.1.1.2.{at.session_state['tl_event_version']}"
    at.session_state[grid] = {"edited_rows": {0: {"Result": "1–0"}, 1: {"Result": "½–½"}, 2: {"Result": "0–1"},
                                              3: {"Result": "0–1 forfeit"}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert any("1½–2½" in c.value for c in at.caption), [c.value for c in at.caption]
    at.button(key="team.entry_keep").click().run()
    assert not at.exception, at.exception
    team, _ = at.session_state[TEAM_KEY]
    assert (team.mp(1), team.gp(1), team.mp(2), team.gp(2)) == (0, 1.5, 2, 2.5)
    assert any("Round 1: North 1½–2½ South kept." in s.value.replace("\\", "") for s in at.success)


def test_a_match_with_a_board_left_without_result_is_refused():
    at = open_page("Build event").run()
    at.button[[b.label for b in at.button].index("Create the team event")].click().run()
    at.button(key="team.entry_keep").click().run()
    assert not at.exception, at.exception
    assert any("board 1: choose a result" in e.value.replace("\\", "") for e in at.error)
    team, _ = at.session_state[TEAM_KEY]
    assert team.matches == ()


def test_compare_team_orders_who_moves():
    at = with_example_team("Compare orderings")
    df = at.dataframe[0].value.set_index("Team")
    # Ashford won the match against Brookside (FIDE's sample order and the Olympiad 2026 order put it first);
    # the ECU order's Sonneborn-Berger puts Brookside first (27½ against 26½, worked in the Why tests)
    assert df.loc["Ashford", "FIDE's sample team order"] == "1" and df.loc["Brookside", "FIDE's sample team order"] == "2"
    assert df.loc["Brookside", "European Team Championship (ECU)"] == "1"
    moves = " ".join(m.value for m in at.markdown)
    assert "Brookside" in moves and "Dunmore" not in moves
    assert at.get("vega_lite_chart") or at.get("arrow_vega_lite_chart")


def test_td_announcement_for_a_team_event():
    at = with_example_team("TD announcement")
    sheet = " ".join(m.value for m in at.markdown).replace("\\", "")
    assert "A won match gives 2 match points, a drawn match 1, a lost match 0" in sheet
    assert "bye from the pairing: match points 1, game points 2 for the team; none for its players" in sheet
    assert "1. **EDET/P**" in sheet and "FIDE C.07 art. 13.2" in sheet


def glossary_terms(query: str) -> list[str]:
    at = open_page("Glossary").run()
    at.text_input(key="glossary_search").set_value(query).run()
    assert not at.exception, at.exception
    assert "Team events" in [h.value for h in at.header]
    return [str(i) for table in at.table for i in table.value.index]


def test_the_glossary_finds_team_terms_by_their_everyday_names():
    assert "Game points" in glossary_terms("board points")
    assert "Extended Sonneborn-Berger" in glossary_terms("Olympiad tie-break")
    assert "Match points" in glossary_terms("match points")
    assert "Team bye" in glossary_terms("odd team out")


def test_team_lessons_check_their_claims_and_load_their_event():
    at = open_page("Lessons").run()
    at.toggle(key="lessons.teams").set_value(True).run()
    assert not at.exception, at.exception
    assert at.table[0].value["Agrees"].tolist() == ["✓ yes"] * 6
    at.selectbox(key="team.lesson").set_value("tec").run()
    assert at.table[0].value["Agrees"].tolist() == ["✓ yes"] * 5
    assert at.table[0].value["Engine"].tolist()[:2] == ["88", "74"]
    at.button(key="team.lesson_load.tec").click().run()
    assert not at.exception, at.exception
    team, _ = at.session_state[TEAM_KEY]
    assert len(team.teams) == 14
    assert any("Baku" in m.value for m in at.markdown)



def test_a_team_lesson_tells_its_story_in_the_language_of_the_page():
    at = open_page("Lessons")
    at.query_params["lang"] = "es"
    at.run()
    at.toggle(key="lessons.teams").set_value(True).run()
    assert not at.exception, at.exception
    assert at.header[0].value == "Torneo por equipos de ejemplo"
    assert any(m.value.startswith("Cinco equipos de club") for m in at.markdown)
    assert "Five club teams" not in "".join(m.value for m in at.markdown)



def team_lessons_in(lang: str) -> AppTest:
    at = open_page("Lessons")
    at.query_params["lang"] = lang
    at.run()
    at.toggle(key="lessons.teams").set_value(True).run()
    assert not at.exception, at.exception
    return at


def test_the_team_lessons_chooser_claims_and_baku_story_in_german():
    at = team_lessons_in("de")
    assert at.selectbox(key="team.lesson").options == [
        "Zwei Mannschaften gleichauf: der Kampf gegeneinander oder die Gegner?",
        "Die Mannschaftsübungen der FIDE: Gestrichen wird nicht das kleinste Produkt"]
    claims = at.table[0].value
    assert list(claims.columns) == ["Aussage", "Rechenkern", "Stimmt"]
    assert claims["Aussage"].tolist()[:3] == ["Ashford: 5 Mannschaftspunkte", "Brookside: 5 Mannschaftspunkte",
                                              "Ashford und Brookside: je 9 Brettpunkte"]
    # Brookside: 5 x 1½ (Ashford) + 4 x 3 (Elmwood) + 4 x 2 (its bye, a drawn match against a team on its own 4)
    assert claims["Rechenkern"].tolist()[3] == "27½"
    assert claims["Stimmt"].tolist() == ["✓ ja"] * 6
    baku = [m.value for m in at.markdown if "Baku" in m.value]
    assert baku and baku[0].startswith("**Baku 2016: ein Titel, entschieden durch die Partie einer dritten Mannschaft.**")
    assert "match points" not in baku[0]
    at.selectbox(key="team.lesson").select_index(1).run()     # the second lesson, FIDE's team exercises
    claims = at.table[0].value
    assert claims["Aussage"].tolist()[:2] == ["Antelopes: EMMSB 88 (Übung 38)", "Antelopes: EMMSB mit Cut 1, 74"]
    assert claims["Rechenkern"].tolist()[:3] == ["88", "74", "64"]
    assert claims["Stimmt"].tolist() == ["✓ ja"] * 5


def test_the_team_lessons_chooser_claims_and_baku_story_in_russian():
    at = team_lessons_in("ru")
    assert at.selectbox(key="team.lesson").options == [
        "Две команды вровень: их личный матч или соперники?",
        "Командные упражнения ФИДЕ: отбрасывается не наименьшее произведение"]
    claims = at.table[0].value
    assert list(claims.columns) == ["Утверждение", "Расчёт", "Совпадает"]
    assert claims["Утверждение"].tolist()[0] == "Ashford: 5 командных очков"
    assert claims["Утверждение"].tolist()[5] == (
        "У Elmwood: 25; отбрасывается свободный тур (8), а не наименьшее произведение (5)")
    assert claims["Совпадает"].tolist() == ["✓ да"] * 6
    assert at.header[0].value == "Пример командного турнира"
    assert any(m.value.startswith("Пять клубных команд") for m in at.markdown)
    baku = [m.value for m in at.markdown if "Баку" in m.value]
    assert baku and baku[0].startswith("**Баку 2016: титул, решённый партией третьей команды.**")
    assert not any("match points" in m.value or "Baku" in m.value for m in at.markdown)
    at.selectbox(key="team.lesson").select_index(1).run()
    assert at.table[0].value["Утверждение"].tolist()[3] == "Cougars: коэффициент Бухгольца по командным очкам 58"
    assert at.header[0].value == "Командные упражнения ФИДЕ: усекается не наименьшее произведение"
    assert not any(c.value.startswith("История этого командного урока") for c in at.caption)


def test_a_team_lesson_not_yet_translated_says_its_story_is_in_english(monkeypatch):
    # both team lessons have their Russian story: this one is read as a lesson added before its translation
    from ui.teams import lessons
    monkeypatch.setattr(lessons, "translated_narrative", lambda slug, lang: None)
    at = team_lessons_in("ru")
    assert any(c.value.startswith("История этого командного урока ещё не переведена") for c in at.caption)
    assert at.header[0].value == "Example team event"
    assert any(m.value.startswith("Five club teams") for m in at.markdown)
    assert at.table[0].value["Утверждение"].tolist()[1] == "Brookside: 5 командных очков"


#: the example's values worked by hand (2026 rules): match and game points, Buchholz on match points (a team's own
#: bye counts as a dummy team on its own match points, capped at a draw's 1 x 4 rounds)
HAND = {(t, "MPTS"): v for t, v in ((1, 5), (2, 5), (3, 4), (4, 2), (5, 4))}
HAND |= {(t, "GPTS"): v for t, v in ((1, 9), (2, 9), (3, 8), (4, 6.5), (5, 7.5))}
HAND |= {(t, "BH:MP"): v for t, v in ((1, 15), (2, 15), (3, 15), (4, 16), (5, 18))}
HAND |= {(1, "EMGSB/C1"): 26.5, (2, "EMGSB/C1"): 27.5, (5, "EMGSB/C1"): 25, (1, "SSSC"): 16.5}


def test_team_training_checks_answers_exactly():
    import re
    at = with_example_team("Training")
    at.toggle(key="train.teams").set_value(True).run()
    at.radio(key="team.train_source").set_value("current")
    at.number_input(key="team.train_count").set_value(20).run()
    assert not at.exception, at.exception
    names = {"Ashford": 1, "Brookside": 2, "Castleton": 3, "Dunmore": 4, "Elmwood": 5}
    asked = [re.search(r"\*\*(\d+)\.\*\* What is (\w+)'s .*\((.+)\)\?", m.value.replace("\\", ""))
             for m in at.markdown]
    asked = [(int(q.group(1)), names[q.group(2)], q.group(3)) for q in asked if q]
    assert len(asked) == 20
    known = [(n, team, code) for n, team, code in asked if (team, code) in HAND]
    assert len(known) >= 3
    for n, team, code in known:
        at.text_input(key=f"team.train_answer.1.{n}").set_value(str(HAND[(team, code)]))
    n, team, code = known[0]
    at.text_input(key=f"team.train_answer.1.{n}").set_value("1000")
    at.run()
    assert not at.exception, at.exception
    assert len(at.success) == len(known) - 1 and len(at.error) == 1


def test_pages_without_a_team_view_say_they_work_on_the_players():
    at = with_example_team("Simulation lab")
    assert any("This is a team event" in i.value for i in at.info)


def team_prizes(at: AppTest, rows: list[dict]) -> AppTest:
    """Type ``rows`` into the team prize list (as the browser sends them) and press Apply prize list."""
    editor = next(e for e in at.data_editor if e.key.startswith("team_prizes_editor_"))
    at.session_state[editor.key] = {"edited_rows": {}, "added_rows": rows,
                                    "deleted_rows": list(range(len(editor.value)))}
    next(b for b in at.button if b.label == "Apply prize list").click()
    return at.run()


def test_team_prizes_by_the_ranking_and_shared_among_teams_level_on_points():
    at = with_example_team("Prizes")
    assert at.title[0].value == "Team prizes"
    at = team_prizes(at, [{"Prize": "1st", "Amount": 300.0, "Type": "place", "Place": "1"},
                          {"Prize": "2nd", "Amount": 200.0, "Type": "place", "Place": "2"},
                          {"Prize": "3rd", "Amount": 100.0, "Type": "place", "Place": "3"},
                          {"Prize": "Best under 1850", "Amount": 50.0, "Type": "class", "Rating max": "1849"}])
    assert not at.exception, at.exception
    got = dict(zip(at.dataframe[-1].value["Name"], at.dataframe[-1].value["Receives"]))
    # FIDE's sample order: Ashford, Brookside, Elmwood; the best team under 1850 without a prize: Dunmore (1810)
    assert got == {"Ashford": "$300.00", "Brookside": "$200.00", "Elmwood": "$100.00", "Dunmore": "$50.00"}
    at.radio(key="_ordering.team.prizes.method").set_value("equal").run()
    got = dict(zip(at.dataframe[-1].value["Name"], at.dataframe[-1].value["Receives"]))
    # 5 match points: ($300 + $200) / 2; 4 match points: Elmwood and Castleton share $100
    assert got == {"Ashford": "$250.00", "Brookside": "$250.00", "Elmwood": "$50.00", "Castleton": "$50.00",
                   "Dunmore": "$50.00"}
    working = at.markdown[-1].value.replace("\\", "")
    assert "tied on 5 match points: #1 Ashford, #2 Brookside" in working and "Dunmore 1810" in working


def test_team_prizes_working_in_german():
    at = with_example_team("Prizes")
    at = team_prizes(at, [{"Prize": "1st", "Amount": 300.0, "Type": "place", "Place": "1"},
                          {"Prize": "2nd", "Amount": 200.0, "Type": "place", "Place": "2"},
                          {"Prize": "3rd", "Amount": 100.0, "Type": "place", "Place": "3"},
                          {"Prize": "Best under 1850", "Amount": 50.0, "Type": "class", "Rating max": "1849"}])
    at.radio(key="_ordering.team.prizes.method").set_value("equal").run()
    at.query_params["lang"] = "de"
    at.run()
    assert not at.exception, at.exception
    working = at.markdown[-1].value.replace("\\", "")
    # 5 match points: Ashford and Brookside share the 1st and 2nd prizes, (300 + 200) / 2 = 250 each
    assert ("1.–2. Platz, gleichauf mit 5 Mannschaftspunkten: #1 Ashford, #2 Brookside. Die Preise ihrer Plätze "
            "300,00\xa0$ + 200,00\xa0$ = 500,00\xa0$, geteilt durch 2: je 250,00\xa0$.") in working
    assert working.startswith("1. Die Mannschaften enden in der Reihenfolge der Mannschaftstabelle: zuerst "
                              "Mannschaftspunkte")
    assert "Dunmore 1810" in working and "match point" not in working


def test_before_the_last_round_for_teams():
    at = with_example_team("Before the last round")
    chances = at.dataframe[0].value.set_index("Team")
    assert chances.loc["Brookside", "4th"] == "" and chances.loc["Brookside", "5th"] == ""   # never below 3rd
    needs = " ".join(m.value for m in at.markdown).replace("\\", "")
    assert "81 combinations" in needs
    assert "Ashford against Dunmore:" in needs and "Castleton against Elmwood:" in needs


def test_before_the_last_round_for_teams_in_german_writes_its_places_the_german_way():
    """The places' columns and the needs read "1.", "2." ... in German (they read "1st", "2nd" before), and a
    need ends on its place's own full stop."""
    at = with_example_team("Before the last round")
    at.query_params["lang"] = "de"
    at.run()
    chances = at.dataframe[0].value
    assert list(chances.columns) == ["Team", "1.", "2.", "3.", "4.", "5."]
    assert chances.set_index("Team").loc["Brookside", "4."] == ""                   # never below 3rd, as in English
    needs = " ".join(m.value for m in at.markdown).replace("\\", "")
    assert "81 Kombinationen" in needs and "Ashford gegen Dunmore:" in needs
    assert "1st" not in needs and ".." not in needs


def test_a_team_file_dropped_in_the_individual_uploader_is_sent_to_the_team_panel():
    from tests.pages import build_tab
    from ui.teams.state import EXAMPLE_TEAM_PATH
    at = build_tab(open_page("Build event").run(), "Upload / download")
    before = at.session_state["tl_event"]
    at.file_uploader(key="upload").set_value(("team.trf", EXAMPLE_TEAM_PATH.read_bytes(), "text/plain")).run()
    assert not at.exception, at.exception
    assert any("holds a team event" in e.value for e in at.error)
    assert at.session_state["tl_event"] is before and TEAM_KEY not in at.session_state


def test_a_broken_team_file_is_refused_in_one_line_and_nothing_changes():
    at = open_page("Build event").run()
    before = at.session_state["tl_event"]
    # team 2 names player 99, whom nobody knows
    text = EXAMPLE_TRF.read_text(encoding="utf-8").replace("    6    7    8    9   10", "    6    7    8    9   99", 1)
    at.file_uploader(key="team.upload").set_value(("broken.trf", text.encode(), "text/plain")).run()
    assert not at.exception, at.exception
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any("The file was not opened; your event is unchanged." in e and "broken.trf" in e for e in errors), errors
    assert at.session_state["tl_event"] is before and TEAM_KEY not in at.session_state


def test_check_a_chess_results_team_upload_against_its_own_columns():
    """Eschlkam 2025 (tests/data/teams/README.md): Swiss-Manager's match points (#13), game points (#1) and its
    Buchholz variable 2023 (#84) for each of the 11 teams, read from the file and computed again."""
    xml = Path(__file__).resolve().parents[1] / "data" / "teams" / "eschlkam_2025_team_swiss.xml"
    at = open_page("Build event").run()
    at.file_uploader(key="team.upload").set_value(("eschlkam.xml", xml.read_bytes(), "text/xml")).run()
    assert not at.exception, at.exception
    check = open_page("Check published standings").run()              # a new session on the saved team event
    assert not check.exception, check.exception
    check.selectbox(key="team.preset").set_value("swiss-manager").run()
    frame = check.dataframe[0].value
    assert len(frame) == 11
    marks = [c for c in frame.columns if not c.strip()]
    tb = [c for c in marks if frame[c].tolist().count("✓") == 11]
    assert len(tb) >= 3                                   # TB1, TB2, TB3 agree for every team
    assert frame.set_index("Team").loc["DJK Regensburg-Nord", "TB3 (file)"] == "54"


def test_an_olympiad_size_event_opens_on_every_team_page():
    """190 teams of 4 boards, 11 rounds (a random team event): every team page draws it."""
    from engine.teams.generate import generate_team_event
    from engine.teams.model import players_event
    big = generate_team_event(190, 11, 4, seed=3)
    for title in ("Standings", "Explain", "Why is A above B?", "Compare orderings", "Before the last round",
                  "Prizes", "TD announcement", "Check published standings"):
        at = open_page(title).run()
        at.session_state["tl_event"] = players_event(big)
        at.session_state[TEAM_KEY] = (big, at.session_state["tl_event"])
        at.run()
        assert not at.exception, (title, at.exception)


def test_team_and_player_names_are_shown_as_text():
    from engine.teams.model import players_event
    from ui.teams.entry import blank_team_event, parse_rosters, with_match
    ev = blank_team_event("<b>Cup</b>", parse_rosters("**Bold** <i>FC</i>: A_1, B*2\nSouth: C, D", 2), 1, 2)
    ev = with_match(ev, 1, 1, 2, [(1, "1–0", 3), (2, "0–1", 4)])
    for title in ("Standings", "Why is A above B?", "Before the last round"):
        at = open_page(title).run()
        at.session_state["tl_event"] = players_event(ev)
        at.session_state[TEAM_KEY] = (ev, at.session_state["tl_event"])
        at.run()
        assert not at.exception, (title, at.exception)
        shown = " ".join(m.value for m in [*at.markdown, *at.caption, *at.info])
        assert "<i>" not in shown.replace("\\<i\\>", "") and "**Bold**" not in shown, (title, shown)


def test_the_why_card_holds_the_question_the_answer_and_the_order():
    from engine.teams.standings import team_standings
    from ui.teams.answer import answer_card, short_answer
    at = why(2, 1)
    assert at.get("download_button")
    from engine.teams.context import TeamContext
    from engine.teams.presets import team_preset
    from ui.teams.order import TeamOrder
    team = example_team_event()
    criteria = team_preset("fide-team").criteria
    order = TeamOrder(team, TeamContext(team), criteria, "")
    card = answer_card(order, short_answer(order, team_standings(order.context, criteria), 2, 1), 2, 1, "Club")
    lines = card.splitlines()
    assert lines[:2] == ["Brookside and Ashford: which is above, and why", "Club"]
    assert "Ashford and Brookside met in round 1: 2½–1½." in card
    assert lines[-1].startswith("Order: EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP. Rules: FIDE C.07, edition of 1 March 2026")


def test_a_team_link_opens_the_same_team_event_page_and_order():
    from engine.teams.jsonteams import write_team_json
    from engine.teams.sharelink import SharedTeam, decode_team_link, encode_team_link
    link = encode_team_link(SharedTeam(example_team_event(), "Club cup", "why", "ecu", "fide", teams=(1, 2)))
    at = open_page("Why is A above B?", timeout=120)
    at.query_params["s"] = link
    at.run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert TEAM_KEY in at.session_state
    assert at.caption[0].value.startswith("Team event: Club cup — 5 teams, 4 boards, 4 rounds")
    assert at.title[0].value == "Why is team A above team B?"
    assert (at.selectbox(key="team.preset").value, at.selectbox(key="team.why_a").value,
            at.selectbox(key="team.why_b").value) == ("ecu", 1, 2)
    # the ECU order puts Brookside first on Sonneborn-Berger: the answer says Ashford is below
    answer = " ".join(m.value for m in at.markdown).replace("\\", "")
    assert "Brookside" in answer and "Ashford" in answer
    # the page's own share box gives the link back: the same team event, page, order and teams
    shown = at.code[0].value
    assert shown.startswith("/why?s=1")
    back = decode_team_link(shown.split("s=", 1)[1])
    assert write_team_json(back.event) == write_team_json(example_team_event())
    assert (back.page, back.preset, back.teams) == ("why", "ecu", (1, 2))
    at.run()                                            # a rerun keeps what the user has since chosen
    assert not at.exception and at.selectbox(key="team.preset").value == "ecu"


def test_team_standings_and_explain_offer_their_link():
    from engine.teams.sharelink import decode_team_link
    at = with_example_team("Explain")
    back = decode_team_link(at.code[-1].value.split("s=", 1)[1])
    assert (back.page, back.teams, back.code) == ("explain", (1,), "EDET/P")
    st = with_example_team("Standings")
    assert decode_team_link(st.code[-1].value.split("s=", 1)[1]).page == "standings"


def test_a_damaged_team_link_is_refused_and_the_event_is_unchanged():
    from engine.teams.sharelink import SharedTeam, encode_team_link
    link = encode_team_link(SharedTeam(example_team_event(), "Club cup", "standings"))
    at = open_page("Standings", timeout=120)
    at.query_params["s"] = link[:-30]
    at.run()
    assert not at.exception, at.exception
    assert len(at.error) == 1 and "damaged or incomplete" in at.error[0].value
    assert TEAM_KEY not in at.session_state


def test_a_broken_team_file_and_a_refused_match_are_said_in_german():
    """The refusal's own sentence is German too, with the file's name and line as they are."""
    at = open_page("Build event")
    at.query_params["lang"] = "de"
    at.run()
    text = EXAMPLE_TRF.read_text(encoding="utf-8").replace("    6    7    8    9   10", "    6    7    8    9   99", 1)
    at.file_uploader(key="team.upload").set_value(("broken.trf", text.encode(), "text/plain")).run()
    assert not at.exception, at.exception
    errors = [e.value.replace("\\", "") for e in at.error]
    assert "Die Datei wurde nicht geöffnet; Ihr Turnier ist unverändert. broken.trf:37: Mannschaft 2 (Brookside) " \
           "nennt Spieler 99, der keine 001-Zeile hat" in errors, errors
    at.button[[b.label for b in at.button].index("Mannschaftsturnier anlegen")].click().run()
    at.button(key="team.entry_keep").click().run()
    assert not at.exception, at.exception
    assert any("Brett 1: wählen Sie ein Ergebnis" in e.value.replace("\\", "") for e in at.error), \
        [e.value for e in at.error]


def test_a_team_file_s_repairs_are_listed_on_build_event_in_german():
    """A hand-made team TRF (two teams of one board, one round): Ann won, but her points column says 0.5 (line 3);
    Cy (line 5) is in no team.  Both repairs are listed in German after the upload, as the reader's records."""
    def p001(tpn: int, name: str, points: str, *blocks: str) -> str:
        return f"001 {tpn:4d}      {name:<33} {'':4} {'':3} {'':11} {'':10} {points:>4} {'':4}" + \
            "".join(f"  {b}" for b in blocks)
    text = "\n".join(["012 Club match", "142 1", p001(1, "Alpha, Ann", "0.5", "   2 w 1"),
                      p001(2, "Bravo, Bea", "0.0", "   1 b 0"), p001(3, "Charlie, Cy", "0.0"),
                      "013 Team A                          1", "013 Team B                          2", ""])
    at = open_page("Build event")
    at.query_params["lang"] = "de"
    at.run()
    at.file_uploader(key="team.upload").set_value(("club.trf", text.encode(), "text/plain")).run()
    assert not at.exception, at.exception
    shown = " ".join(w.value for w in at.warning).replace("\\", "")
    assert "Die Datei wurde mit 2 Korrekturen geöffnet" in shown, shown
    assert "club.trf:3: die Punktespalte von Spieler 1 sagt 0,5, die Partien ergeben 1: die Partien gelten" in shown
    assert "club.trf:5: Spieler 3 gehört zu keiner Mannschaft: bei den Kämpfen nicht berücksichtigt" in shown


def test_a_team_page_works_the_event_out_once_per_order(monkeypatch):
    """The standings and the event's JSON (the share link carries it) are worked out on the first run, then kept
    while the team event on screen stays the same: another run, another team's players, or a return to an order
    already shown works nothing out again; another order works out its own standings once; a new team event on
    screen starts afresh.  The share link is packed once per choice, and only the latest choice's link is kept."""
    import ui.teams.cached as cached
    import ui.teams.share as share
    calls = {"standings": 0, "json": 0, "link": 0}

    def counted(name, real):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)
        return wrapper
    monkeypatch.setattr(cached, "team_standings", counted("standings", cached.team_standings))
    monkeypatch.setattr(cached, "write_team_json", counted("json", cached.write_team_json))
    monkeypatch.setattr(share, "encode_team_link", counted("link", share.encode_team_link))
    at = with_example_team("Standings")
    assert calls == {"standings": 1, "json": 1, "link": 1}
    at.run()
    at.selectbox(key="team.players_of").set_value(2).run()
    assert calls == {"standings": 1, "json": 1, "link": 1}
    first = at.selectbox(key=team_order.PRESET).value
    at.selectbox(key=team_order.PRESET).set_value("ecu").run()
    at.selectbox(key=team_order.PRESET).set_value(first).run()
    assert calls == {"standings": 2, "json": 1, "link": 3}
    from engine.teams.model import players_event
    team = example_team_event()             # the same event read again: another object on screen
    at.session_state["tl_event"] = players_event(team)
    at.session_state[TEAM_KEY] = (team, at.session_state["tl_event"])
    at.run()
    assert not at.exception and calls["standings"] == 3
