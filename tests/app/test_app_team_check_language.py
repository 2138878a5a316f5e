"""Check published standings for a team event in the reader's language: the side-by-side table's heads and the
legend of the file's tie-break columns, as the player check's heads are (the codes MP, GP, TB1 ... stay as
chess-results prints them).

The German words are the catalog's hand translations; the numbers are those of the English test (Eschlkam 2025,
tests/data/teams/README.md: Swiss-Manager's match points #13, game points #1, Buchholz variable 2023 #84)."""
from __future__ import annotations

from pathlib import Path

from tests.pages import open_page

XML = Path(__file__).resolve().parents[1] / "data" / "teams" / "eschlkam_2025_team_swiss.xml"


def test_the_team_checks_heads_and_legend_are_german():
    at = open_page("Build event").run()
    at.file_uploader(key="team.upload").set_value(("eschlkam.xml", XML.read_bytes(), "text/xml")).run()
    assert not at.exception, at.exception
    check = open_page("Check published standings")
    check.query_params["lang"] = "de"
    # chosen before the first run: AppTest's rerun matches a chosen option by its English label
    check.session_state["team.preset"] = "swiss-manager"
    check.run()
    assert not check.exception, check.exception
    assert check.selectbox(key="team.preset").value == "swiss-manager"
    frame = check.dataframe[0].value
    heads = [c for c in frame.columns if c.strip()]
    assert heads[:3] == ["Mannschaft", "Rang (Datei)", "Rang (unser Wert)"]
    assert {"TB1 (Datei)", "TB1 (unser Wert)", "TB3 (Datei)", "TB3 (unser Wert)"} <= set(heads)
    assert not [c for c in heads if "(file)" in c or "(ours)" in c or c == "Team"]
    row = frame.set_index("Mannschaft").loc["DJK Regensburg-Nord"]
    assert row["TB3 (Datei)"] == "54" and row["TB3 (unser Wert)"] == "54"
    legend = [c.value.replace("\\", "") for c in check.caption]         # shown escaped as Markdown
    assert any(c.startswith("TB1: Mannschaftspunkte (Swiss-Manager Nr. 13)") for c in legend), legend
    assert any("Brettpunkte (die „Punkte“ des Swiss-Managers) (Swiss-Manager Nr. 1)" in c for c in legend), legend
    assert any("„Buchholz variable (2023)“ des Swiss-Managers" in c and "(Swiss-Manager Nr. 84)" in c
               for c in legend), legend
