"""Tiebreak Lab's JSON for team events: the players, the teams and every match board by board.

A document ``{"format": "tiebreak-lab-team-event", "version": 1, ...}`` whose ``team`` section holds the
scoring, the teams (roster in board order), the matches (boards with players, the first team's colour
and both results; or a whole-match forfeit), the byes and the arbiter's awards.  Numbers are written as
text (``"2.5"``) so that no value passes through a float.
"""
from __future__ import annotations

import json
import os
from fractions import Fraction
from typing import Any, Mapping

from engine.core.errors import EventError, reading
from engine.core.exact import fmt
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS
from engine.core.model import Player
from engine.core.said import Said, said
from engine.formats.jsonfmt import json_document
from engine.formats.source import read_limited
from engine.teams.model import Award, Board, Match, Team, TeamEvent, TeamScoring, make_team_event

FORMAT_NAME = "tiebreak-lab-team-event"
VERSION = 1


def _n(x: Fraction) -> str:
    return fmt(x)


def team_json_document(ev: TeamEvent) -> dict[str, Any]:
    s = ev.scoring
    return {
        "format": FORMAT_NAME, "version": VERSION, "name": ev.name, "date": ev.date, "rounds": ev.rounds,
        "tiebreaks": list(ev.file_tiebreaks),
        "players": [{"tpn": p.tpn, "name": p.name, **({"rating": p.rating} if p.rating else {}),
                     **({"federation": p.federation} if p.federation else {}),
                     **({"fide_id": p.fide_id} if p.fide_id else {}),
                     **{k: getattr(p, k) for k in ("sex", "title", "birth") if getattr(p, k)}} for p in ev.players],
        "team": {
            "boards": ev.boards, "round_robin": ev.round_robin, "colours": ev.colours,
            "scoring": {"primary": s.primary, "match": [_n(s.win), _n(s.draw), _n(s.loss)],
                        "game": [_n(s.game_win), _n(s.game_draw), _n(s.game_loss)],
                        "unplayed": {k: [_n(mp), _n(gp)] for k, mp, gp in s.unplayed}},
            "teams": [{"tpn": t.tpn, "name": t.name, "short": t.short, "players": list(t.players)} for t in ev.teams],
            "matches": [{"round": m.round, "teams": [m.home, m.away], **({"forfeit": m.forfeit} if m.forfeit else {}),
                         **({"boards": [{"board": b.number, "players": list(b.players), "colour": b.colour,
                                         "result": [_n(b.points[0]), _n(b.points[1])],
                                         **({} if b.played else {"played": False})} for b in m.boards]}
                            if m.boards else {})} for m in ev.matches],
            "byes": [{"round": r, "team": t, "kind": k} for (r, t), k in sorted(ev.byes.items())],
            "awards": [{"kind": a.kind, "mp": _n(a.mp), "gp": _n(a.gp), "round": a.round, "teams": list(a.teams)}
                       for a in ev.awards],
        },
    }


def write_team_json(ev: TeamEvent) -> str:
    return json.dumps(team_json_document(ev), ensure_ascii=False, indent=1) + "\n"


def is_team_json(doc: object) -> bool:
    return isinstance(doc, dict) and doc.get("format") == FORMAT_NAME


def load_team_json(path: str | os.PathLike[str]) -> TeamEvent:
    return read_team_json(read_limited(path), os.path.basename(os.fspath(path)))


def read_team_json(data: str | bytes, source: str = "<json>") -> TeamEvent:
    with reading(source):
        doc, _ = json_document(data, source)
        return _read(doc, source)


class _At:
    def __init__(self, source: str):
        self.source = source

    def fail(self, where: str, problem: Said) -> EventError:
        """The problem at ``where`` (a path into the document such as ``team.matches[2].round``)."""
        return EventError(said("{where}: {problem}", where=where, problem=problem), file=self.source)


def _frac(at: _At, where: str, value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise at.fail(where, said("expected a number written as text or a whole number, not {value}", value=repr(value)))
    try:
        return Fraction(str(value).replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise at.fail(where, said("{value} is not a number", value=repr(value))) from None


def _int(at: _At, where: str, value: Any, low: int = 0, high: int = MAX_PLAYERS) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise at.fail(where, said("expected a whole number from {low} to {high}, not {value}", low=low, high=high,
                                  value=repr(value)))
    return value


def _list(at: _At, where: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise at.fail(where, said("expected a list"))
    return value


def _obj(at: _At, where: str, value: Any) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise at.fail(where, said("expected an object"))
    return value


def _read(doc: Any, source: str) -> TeamEvent:
    """Check the document's format and version, then read its sections in the order they are written."""
    at = _At(source)
    doc = _obj(at, said("the document"), doc)
    if doc.get("format") != FORMAT_NAME:
        raise at.fail("format", said("this is not a team event file (format {format})", format=repr(doc.get("format"))))
    if doc.get("version") != VERSION:
        raise at.fail("version", said("version {version} cannot be read; this program reads version {ours}",
                                      version=repr(doc.get("version")), ours=VERSION))
    team = _obj(at, "team", doc.get("team"))
    players = _players(at, doc)
    scoring = _scoring(at, team)
    teams = _teams(at, team)
    matches = [_match(at, f"team.matches[{i}]", m) for i, m in enumerate(_list(at, "team.matches", team.get("matches", [])))]
    byes = _byes(at, team)
    awards = _awards(at, team)
    tbs = [str(c) for c in _list(at, "tiebreaks", doc.get("tiebreaks", []))]
    return make_team_event(str(doc.get("name", "")) or "Team event", teams, players, matches,
                           rounds=_int(at, "rounds", doc.get("rounds"), 0, MAX_ROUNDS),
                           boards=_int(at, "team.boards", team.get("boards", 0), 0, 1000), byes=byes,
                           scoring=scoring, source=source, round_robin=bool(team.get("round_robin", False)),
                           date=str(doc.get("date", "")), file_tiebreaks=tuple(tbs),
                           colours=str(team.get("colours", "")), awards=tuple(awards))


def _players(at: _At, doc: Mapping[str, Any]) -> list[Player]:
    """The ``players`` list: a pairing number each, the rest optional text."""
    players = []
    for i, p in enumerate(_list(at, "players", doc.get("players", []))):
        p = _obj(at, f"players[{i}]", p)
        rating = p.get("rating")
        players.append(Player(_int(at, f"players[{i}].tpn", p.get("tpn"), 1), str(p.get("name", "")),
                              _int(at, f"players[{i}].rating", rating, 0, 4000) if rating is not None else None,
                              str(p.get("federation", "")), fide_id=str(p.get("fide_id", "")),
                              sex=str(p.get("sex", "")), title=str(p.get("title", "")), birth=str(p.get("birth", ""))))
    return players


def _scoring(at: _At, team: Mapping[str, Any]) -> TeamScoring:
    """``team.scoring``: match and game points for a win, draw and loss, the main score, unplayed values."""
    sc = _obj(at, "team.scoring", team.get("scoring", {}))
    match = [_frac(at, "team.scoring.match", v) for v in _list(at, "team.scoring.match", sc.get("match", ["2", "1", "0"]))]
    game = [_frac(at, "team.scoring.game", v) for v in _list(at, "team.scoring.game", sc.get("game", ["1", "0.5", "0"]))]
    if len(match) != 3 or len(game) != 3:
        raise at.fail("team.scoring", said("match and game need three values each (win, draw, loss)"))
    primary = sc.get("primary", "MP")
    if primary not in ("MP", "GP"):
        raise at.fail("team.scoring.primary", said("must be MP or GP, not {value}", value=repr(primary)))
    scoring = TeamScoring(match[0], match[1], match[2], game[0], game[1], game[2], primary)
    for k, v in _obj(at, "team.scoring.unplayed", sc.get("unplayed", {})).items():
        if k not in ("PAB", "FPB", "HPB", "ZPB", "FW", "FL"):
            raise at.fail("team.scoring.unplayed", said("unknown kind {kind}", kind=repr(k)))
        v = _list(at, f"team.scoring.unplayed.{k}", v)
        scoring = scoring.with_value(k, _frac(at, k, v[0]), _frac(at, k, v[1]))
    return scoring


def _teams(at: _At, team: Mapping[str, Any]) -> list[Team]:
    """``team.teams``: each team's number, names and roster in board order."""
    teams = []
    for i, t in enumerate(_list(at, "team.teams", team.get("teams"))):
        t = _obj(at, f"team.teams[{i}]", t)
        teams.append(Team(_int(at, f"team.teams[{i}].tpn", t.get("tpn"), 1), str(t.get("name", "")),
                          str(t.get("short", "")),
                          tuple(_int(at, f"team.teams[{i}].players", p, 1) for p in
                                _list(at, f"team.teams[{i}].players", t.get("players", [])))))
    return teams


def _match(at: _At, w: str, m: Any) -> Match:
    """One of ``team.matches`` (named ``w`` in messages): two teams, then its boards or a whole-match forfeit."""
    m = _obj(at, w, m)
    pair = _list(at, w + ".teams", m.get("teams"))
    if len(pair) != 2:
        raise at.fail(w + ".teams", said("a match needs two teams"))
    forfeit = m.get("forfeit", "")
    if forfeit not in ("", "+-", "-+", "--"):
        raise at.fail(w + ".forfeit", said("must be +-, -+ or --, not {value}", value=repr(forfeit)))
    boards = [_board(at, f"{w}.boards[{j}]", b) for j, b in enumerate(_list(at, w + ".boards", m.get("boards", [])))]
    return Match(_int(at, w + ".round", m.get("round"), 1, MAX_ROUNDS), _int(at, w, pair[0], 1),
                 _int(at, w, pair[1], 1), tuple(boards), forfeit)


def _board(at: _At, wb: str, b: Any) -> Board:
    """One board of a match (named ``wb`` in messages): two seats (a player or null), the colour, two results."""
    b = _obj(at, wb, b)
    seats = _list(at, wb + ".players", b.get("players"))
    res = _list(at, wb + ".result", b.get("result"))
    if len(seats) != 2 or len(res) != 2:
        raise at.fail(wb, said("a board needs two players (or null) and two results"))
    colour = b.get("colour", "W")
    if colour not in ("W", "B"):
        raise at.fail(wb + ".colour", said("must be W or B, not {value}", value=repr(colour)))
    return Board(_int(at, wb + ".board", b.get("board"), 1, 1000),
                 tuple(None if s is None else _int(at, wb + ".players", s, 1) for s in seats),  # type: ignore[arg-type]
                 colour, (_frac(at, wb, res[0]), _frac(at, wb, res[1])), b.get("played", True) is not False)


def _byes(at: _At, team: Mapping[str, Any]) -> dict[tuple[int, int], str]:
    """``team.byes``: (round, team) -> the kind of bye."""
    byes = {}
    for i, b in enumerate(_list(at, "team.byes", team.get("byes", []))):
        b = _obj(at, f"team.byes[{i}]", b)
        kind = b.get("kind")
        if kind not in ("PAB", "FPB", "HPB", "ZPB"):
            raise at.fail(f"team.byes[{i}].kind", said("must be PAB, FPB, HPB or ZPB, not {value}", value=repr(kind)))
        byes[(_int(at, f"team.byes[{i}].round", b.get("round"), 1, MAX_ROUNDS),
              _int(at, f"team.byes[{i}].team", b.get("team"), 1))] = kind
    return byes


def _awards(at: _At, team: Mapping[str, Any]) -> list[Award]:
    """``team.awards``: points the arbiter gave, with their kind, round and teams."""
    awards = []
    for i, a in enumerate(_list(at, "team.awards", team.get("awards", []))):
        a = _obj(at, f"team.awards[{i}]", a)
        awards.append(Award(str(a.get("kind", "")), _frac(at, "mp", a.get("mp", "0")), _frac(at, "gp", a.get("gp", "0")),
                            _int(at, "round", a.get("round", 0), 0, MAX_ROUNDS),
                            tuple(_int(at, "teams", t, 1) for t in _list(at, "teams", a.get("teams", [])))))
    return awards
