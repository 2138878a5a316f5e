"""The team pages' tables, built without Streamlit: standings, a team's players, a tie-break's working, the
tied teams' own small crosstable.  Numbers are written as on paper (2½), user text is left as text."""
from __future__ import annotations

from fractions import Fraction

import pandas as pd

from engine.core.exact import nice
from engine.core.trace import Result
from engine.teams.encounter import GroupSplit
from engine.teams.model import KIND_WORDS, TeamEvent
from engine.teams.reverse import BoardChange
from engine.teams.standings import TeamStandings
from i18n.catalog import Translator, translator

ENGLISH = translator("en")


def standings_frame(table: TeamStandings) -> pd.DataFrame:
    """One row per team: rank, pairing number, name, match and game points, then each tie-break's value."""
    codes = [c.given or str(c) for c in table.criteria]
    rows = []
    for r in table.rows:
        row = {"Rank": str(r.rank), "#": str(r.tpn), "Team": r.name, "MP": nice(r.mp), "GP": nice(r.gp)}
        row.update({code: nice(r.values.get(code)) if r.values.get(code) is not None else "" for code in codes})
        rows.append(row)
    return pd.DataFrame(rows, columns=["Rank", "#", "Team", "MP", "GP", *codes])


def players_points(ev: TeamEvent, tpn: int) -> dict[int, Fraction]:
    """Each player's own points for the team, board by board (a forfeited board counts; a team's bye gives the
    players nothing; a match won by forfeit gives a point to each of the first players, one per board)."""
    team = ev.team(tpn)
    points = {p: Fraction(0) for p in team.players}
    for r in ev.team_rounds(tpn):
        for b in r.boards:
            if b.player is not None:
                points[b.player] = points.get(b.player, Fraction(0)) + b.points
        if r.kind == "FW":
            for p in team.players[: ev.boards]:
                points[p] += ev.scoring.game_win
    return points


def players_frame(ev: TeamEvent, tpn: int) -> pd.DataFrame:
    """A team's players in board order with their rating and their own points (their games:
    :func:`player_games_frame`; a table of rounds side by side would be wider than a laptop's page)."""
    points = players_points(ev, tpn)
    players = {p.tpn: p for p in ev.players}
    return pd.DataFrame([{"Order": str(k), "Player": ev.player_name(p), "Rating": str(players[p].rating or ""),
                          "Points": nice(points.get(p, Fraction(0)))}
                         for k, p in enumerate(ev.team(tpn).players, 1)])


def player_games_frame(ev: TeamEvent, tpn: int, tr: Translator = ENGLISH) -> pd.DataFrame:
    """A team's games, one row per round and board: the board, who played it, the result, against whom; a round
    without a match is one row saying what it was."""
    rows = []
    for r in ev.team_rounds(tpn):
        if not r.boards:
            rows.append({"Round": str(r.round), "Board": "", "Player": "", "Result": tr.t(KIND_WORDS[r.kind]),
                         "Opponent": ""})
        for b in r.boards:
            if b.player is None:
                rows.append({"Round": str(r.round), "Board": str(b.number), "Player": "", "Result": tr.t("empty board"),
                             "Opponent": ev.player_name(b.opponent) if b.opponent is not None else ""})
                continue
            result = nice(b.points) if b.played else tr.t("{points} by forfeit", points=nice(b.points))
            rows.append({"Round": str(r.round), "Board": str(b.number), "Player": ev.player_name(b.player),
                         "Result": result,
                         "Opponent": ev.player_name(b.opponent) if b.opponent is not None else tr.t("empty board")})
    return pd.DataFrame(rows, columns=["Round", "Board", "Player", "Result", "Opponent"])


def points_gap(ev: TeamEvent, tpn: int, tr: Translator = ENGLISH) -> tuple[Fraction, Fraction, list[str]]:
    """The team's game points, its players' points added up, and the rounds that make them differ (each one
    whole in ``tr``'s language)."""
    gp = ev.gp(tpn)
    players = sum(players_points(ev, tpn).values(), Fraction(0))
    reasons = [tr.t("round {round} ({what}: {gp} game points for the team, none for its players)", round=r.round,
                    what=tr.t(KIND_WORDS[r.kind]), gp=nice(r.gp))
               for r in ev.team_rounds(tpn) if not r.boards and r.kind != "FW" and r.gp]
    return gp, players, reasons


def trace_frame(result: Result, ev: TeamEvent, tr: Translator | None = None) -> pd.DataFrame:
    """A number tie-break's working: one row per round, the value it gave, and whether the cut left it out; its
    words in the language of ``tr`` (English without it)."""
    from i18n.said import render
    tr = tr or translator("en")
    rows = []
    for r in result.trace.rows:
        rows.append({
            "Round": str(r.round),
            "Opponent": ev.name_of(r.opponent) if r.opponent is not None else "—",
            "What": tr.t(KIND_WORDS[r.kind]) if r.kind in KIND_WORDS else r.kind,
            "Match": r.result or "",
            "Value": nice(r.value) if r.value is not None else "—",
            "Left out": render(tr, r.drop_reason) if r.dropped else "",
            "How": render(tr, r.note),
        })
    return pd.DataFrame(rows, columns=["Round", "Opponent", "What", "Match", "Value", "Left out", "How"])


def trace_heads(tr: Translator) -> dict[str, str]:
    """The heads of :func:`trace_frame`'s columns as the screen shows them, in the language of ``tr``."""
    return {"Round": tr.t("Round"), "Opponent": tr.t("Opponent"), "What": tr.tp("team working", "What"),
            "Match": tr.tp("working column", "Match"), "Value": tr.t("Value"), "Left out": tr.t("Left out"),
            "How": tr.t("How")}


def mini_table_frame(split: GroupSplit, ev: TeamEvent) -> pd.DataFrame | None:
    """The tied teams' matches against each other (game points), with their match and game points among them."""
    table = split.extra.get("mini_table")
    if not table:
        return None
    group = list(table["teams"])
    rows = []
    for t in group:
        row = {"Team": ev.name_of(t)}
        for o in group:
            row[ev.name_of(o)] = "×" if o == t else table["cells"].get(f"{t}-{o}", "not played")
        row["MP"] = table["totals"][t]["MP"]
        row["GP"] = table["totals"][t]["GP"]
        rows.append(row)
    return pd.DataFrame(rows)


def mini_matches_frame(split: GroupSplit, ev: TeamEvent) -> pd.DataFrame | None:
    """The same matches as :func:`mini_table_frame`, one row per pair of tied teams that met (game points).

    For a big tied group (a Swiss of Olympiad size puts twenty teams on one score): its crosstable is
    mostly empty and wider than the page, while the few matches they played fit in three columns."""
    table = split.extra.get("mini_table")
    if not table:
        return None
    group = list(table["teams"])
    rows = [{"Team": ev.name_of(a), "Score": table["cells"][f"{a}-{b}"], "Opponent": ev.name_of(b)}
            for i, a in enumerate(group) for b in group[i + 1:] if f"{a}-{b}" in table["cells"]]
    return pd.DataFrame(rows, columns=["Team", "Score", "Opponent"])


def mini_totals_frame(split: GroupSplit, ev: TeamEvent) -> pd.DataFrame | None:
    """Each tied team's match and game points among the tied teams (the crosstable's last two columns)."""
    table = split.extra.get("mini_table")
    if not table:
        return None
    return pd.DataFrame([{"Team": ev.name_of(x), "MP": table["totals"][x]["MP"], "GP": table["totals"][x]["GP"]}
                         for x in table["teams"]], columns=["Team", "MP", "GP"])


def own_match_frame(ev: TeamEvent, a: int, b: int) -> pd.DataFrame | None:
    """The two teams' own match board by board (None when they did not play each other)."""
    for r in ev.team_rounds(a):
        if r.opponent == b and r.boards:
            rows = [{"Board": str(bd.number), ev.name_of(a): ev.player_name(bd.player), "Result":
                     f"{nice(bd.points)}-{nice(bd.against)}" + ("" if bd.played else " (forfeit)"),
                     ev.name_of(b): ev.player_name(bd.opponent)} for bd in r.boards]
            rows.append({"Board": "Total", ev.name_of(a): "", "Result": f"{nice(r.gp)}-{nice(r.opponent_gp)}",
                         ev.name_of(b): ""})
            return pd.DataFrame(rows)
    return None


def reversals_frame(ev: TeamEvent, changes: list[BoardChange]) -> pd.DataFrame:
    """The one-board changes, one row each: where, the result it had, the result that reverses, the places."""
    rows = [{"Round": str(c.round), "Match": f"{ev.name_of(c.home)}–{ev.name_of(c.away)}", "Board": str(c.board),
             "Was": f"{nice(c.before[0])}–{nice(c.before[1])}", "If": f"{nice(c.after[0])}–{nice(c.after[1])}",
             "Places then": f"{c.rank_b} and {c.rank_a}"} for c in changes]
    return pd.DataFrame(rows, columns=["Round", "Match", "Board", "Was", "If", "Places then"])


def crosstable_frame(ev: TeamEvent) -> pd.DataFrame:
    """The team crosstable: each team's round against whom and by how much, and its match and game points."""
    rows = []
    for tpn in ev.tpns:
        row = {"#": str(tpn), "Team": ev.name_of(tpn)}
        for r in ev.team_rounds(tpn):
            if r.opponent is not None and r.played:
                row[f"R{r.round}"] = f"{nice(r.gp)}–{nice(r.opponent_gp)} v {ev.name_of(r.opponent)}"
            elif r.opponent is not None:
                row[f"R{r.round}"] = f"{KIND_WORDS[r.kind]} v {ev.name_of(r.opponent)}"
            else:
                row[f"R{r.round}"] = KIND_WORDS[r.kind]
        row.update({"MP": nice(ev.mp(tpn)), "GP": nice(ev.gp(tpn))})
        rows.append(row)
    return pd.DataFrame(rows)
