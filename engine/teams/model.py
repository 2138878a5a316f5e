"""The team event model: teams, matches board by board, team byes and forfeits, and the scoring.

A team's round is a *match* (played, or forfeited as a whole) or an unplayed round of the team (a
pairing-allocated bye, a requested bye, an absence).  A match holds its boards: who sat on each board
for either team, with which colour, and what each side scored, over the board or not (a forfeited
board; an unoccupied board).  Match points (MP) and game points (GP) come from the boards and the
event's :class:`TeamScoring` (FIDE C.07 art. 11.1); every player's own rounds come from the boards
too (:func:`players_event`), so the individual features work on a team event's players.

>>> s = TeamScoring()
>>> s.match_points(Fraction(5, 2), Fraction(3, 2)), s.draw_gp(4)
(Fraction(2, 1), Fraction(2, 1))
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Literal, Mapping, Sequence

from engine.core.errors import EventError
from engine.core.limits import MAX_PLAYERS, MAX_ROUNDS, check_count, check_name, check_text
from engine.core.model import ABSENT, HALF, ONE, ZERO, Entry, Event, Kind, Player, make_event
from engine.core.said import Said, said, said_n

#: what one team's round was: a match played, a match won or lost by forfeit, a double forfeit,
#: a pairing-allocated bye, a full-, half- or zero-point bye (requested), or not taking part
TeamKind = Literal["G", "FW", "FL", "FF", "PAB", "FPB", "HPB", "ZPB", "ABS"]
BYE_KINDS: tuple[TeamKind, ...] = ("PAB", "FPB", "HPB", "ZPB")

KIND_WORDS: Mapping[str, str] = {
    "G": "match played", "FW": "match won by forfeit", "FL": "match lost by forfeit",
    "FF": "match forfeited by both teams", "PAB": "bye from the pairing", "FPB": "full-point bye",
    "HPB": "half-point bye", "ZPB": "zero-point bye", "ABS": "did not play",
}
#: unplayed rounds the team chose (FIDE C.07 art. 16.2): requested byes, absences, forfeits lost
VUR_KINDS = frozenset({"HPB", "ZPB", "ABS", "FL", "FF"})


@dataclass(frozen=True)
class TeamScoring:
    """How a team event scores: match points for a won, drawn, lost match; game points per board;
    which score is primary; what an unplayed round of a team is worth.

    ``unplayed`` maps a kind (``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``FW``, ``FL``) to its (MP, GP) when the
    regulations set it; otherwise a PAB and an HPB are worth a drawn match (FIDE C.04.6's default for the
    PAB), an FPB and a forfeit win a won match with every board won, a ZPB and a forfeit loss nothing.
    These defaults are the values of FIDE TEC's team exercises.
    """

    win: Fraction = Fraction(2)
    draw: Fraction = ONE
    loss: Fraction = ZERO
    game_win: Fraction = ONE
    game_draw: Fraction = HALF
    game_loss: Fraction = ZERO
    primary: Literal["MP", "GP"] = "MP"
    unplayed: tuple[tuple[str, Fraction, Fraction], ...] = ()

    def match_points(self, own: Fraction, other: Fraction) -> Fraction:
        return self.win if own > other else self.loss if own < other else self.draw

    def draw_gp(self, boards: int) -> Fraction:
        return self.game_draw * boards

    def value_of(self, kind: str, boards: int) -> tuple[Fraction, Fraction]:
        """(MP, GP) of an unplayed round of ``kind`` for a team of ``boards`` boards."""
        for k, mp, gp in self.unplayed:
            if k == kind:
                return mp, gp
        if kind in ("PAB", "HPB"):
            return self.draw, self.draw_gp(boards)
        if kind in ("FPB", "FW"):
            return self.win, self.game_win * boards
        return ZERO, ZERO

    def with_value(self, kind: str, mp: Fraction, gp: Fraction) -> "TeamScoring":
        rest = tuple(u for u in self.unplayed if u[0] != kind)
        return replace(self, unplayed=rest + ((kind, Fraction(mp), Fraction(gp)),))

    @property
    def secondary(self) -> Literal["MP", "GP"]:
        return "GP" if self.primary == "MP" else "MP"

    def words(self) -> str:
        from engine.core.exact import nice
        return (f"match points {nice(self.win)}/{nice(self.draw)}/{nice(self.loss)} for a won/drawn/lost match; "
                f"primary score {'match points' if self.primary == 'MP' else 'game points'}")


@dataclass(frozen=True)
class Team:
    """A team: its pairing number, name, short name and players in board order (reserves after the boards)."""

    tpn: int
    name: str
    short: str = ""
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class Board:
    """One board of a match, seen from the first-listed team (``home``).

    ``players``: the home and away players (None: the board was left unoccupied); ``colour``: the home
    player's colour; ``points``: what each side scored on it; ``played``: over the board (False for a
    forfeit or an unoccupied board).
    """

    number: int
    players: tuple[int | None, int | None]
    colour: str
    points: tuple[Fraction, Fraction]
    played: bool = True


@dataclass(frozen=True)
class Match:
    """Two teams' match in one round: their boards, or a forfeit of the whole match (``+-``, ``-+``, ``--``)."""

    round: int
    home: int
    away: int
    boards: tuple[Board, ...] = ()
    forfeit: str = ""

    def side(self, team: int) -> int:
        return 0 if team == self.home else 1


@dataclass(frozen=True)
class TeamBoard:
    """A board seen from one team: its player, the opponent, the colour, the points, played or not."""

    number: int
    player: int | None
    opponent: int | None
    colour: str
    points: Fraction
    against: Fraction
    played: bool


@dataclass(frozen=True)
class TeamRound:
    """One team's round: what it was, against whom, the match and game points it brought."""

    round: int
    kind: str
    opponent: int | None
    mp: Fraction
    gp: Fraction
    colour: str = ""
    boards: tuple[TeamBoard, ...] = ()
    opponent_gp: Fraction = ZERO

    @property
    def played(self) -> bool:
        return self.kind == "G"

    @property
    def has_opponent(self) -> bool:
        return self.opponent is not None

    @property
    def vur(self) -> bool:
        return self.kind in VUR_KINDS

    def words(self) -> Said:
        """The round in words, as a record (the working's note): ``2½-1½ against #8``, ``match won by forfeit
        against #6``, ``bye from the pairing``."""
        if self.kind == "G":
            result = f"{fmt_gp(self.gp)}-{fmt_gp(self.opponent_gp)}"
            return said("{result} against #{team}", result=result, team=self.opponent)
        if self.opponent is not None:
            return said("{kind} against #{team}", kind=said(KIND_WORDS[self.kind]), team=self.opponent)
        return said(KIND_WORDS[self.kind])


def fmt_gp(x: Fraction) -> str:
    from engine.core.exact import nice
    return nice(x)


@dataclass(frozen=True)
class Award:
    """A TRF-2026 ``299`` line: match and game points set by the arbiter (a penalty or a bonus when no kind)."""

    kind: str
    mp: Fraction
    gp: Fraction
    round: int
    teams: tuple[int, ...]


@dataclass(frozen=True)
class TeamEvent:
    """A team tournament.  Build with :func:`make_team_event`, which checks it."""

    name: str
    teams: tuple[Team, ...]
    players: tuple[Player, ...]
    rounds: int
    boards: int
    matches: tuple[Match, ...]
    byes: Mapping[tuple[int, int], str] = field(default_factory=dict)    #: (round, team) -> PAB/FPB/HPB/ZPB
    scoring: TeamScoring = TeamScoring()
    round_robin: bool = False
    date: str = ""
    file_tiebreaks: tuple[str, ...] = ()
    colours: str = ""                 #: board colour sequence of the first team (TRF-2026 record 352)
    awards: tuple[Award, ...] = ()
    header: Mapping[str, str] = field(default_factory=dict)
    #: match points, game points and ranks a file stated (TRF-2026 record 310), for checking
    stated: Mapping[int, tuple[Fraction | None, Fraction | None, int | None]] = field(default_factory=dict)
    #: rounds paired whose results are not all in: they count for nothing yet
    pending_rounds: frozenset[int] = frozenset()

    # -- lookups ------------------------------------------------------------------------------------
    @cached_property
    def _teams(self) -> dict[int, Team]:
        return {t.tpn: t for t in self.teams}

    def team(self, tpn: int) -> Team:
        try:
            return self._teams[tpn]
        except KeyError:
            raise EventError(said("there is no team with pairing number {tpn}", tpn=tpn)) from None

    @property
    def tpns(self) -> list[int]:
        return [t.tpn for t in self.teams]

    def name_of(self, tpn: int) -> str:
        return self._teams[tpn].name if tpn in self._teams else f"team {tpn}"

    @cached_property
    def _players(self) -> dict[int, Player]:
        return {p.tpn: p for p in self.players}

    def player_name(self, tpn: int | None) -> str:
        if tpn is None:
            return "(empty)"
        p = self._players.get(tpn)
        return p.name if p else f"player {tpn}"

    @cached_property
    def _rounds(self) -> dict[int, tuple[TeamRound, ...]]:
        return build_rounds(self)

    def team_rounds(self, tpn: int) -> tuple[TeamRound, ...]:
        return self._rounds[tpn]

    def team_round(self, tpn: int, rnd: int) -> TeamRound:
        return self._rounds[tpn][rnd - 1]

    @cached_property
    def _totals(self) -> dict[int, tuple[Fraction, Fraction]]:
        out = {}
        bonus = {t: [ZERO, ZERO] for t in self.tpns}
        for a in self.awards:
            if not a.kind:
                for t in a.teams:
                    if t in bonus:
                        bonus[t][0] += a.mp
                        bonus[t][1] += a.gp
        for t, rows in self._rounds.items():
            out[t] = (sum((r.mp for r in rows), ZERO) + bonus[t][0], sum((r.gp for r in rows), ZERO) + bonus[t][1])
        return out

    def mp(self, tpn: int) -> Fraction:
        return self._totals[tpn][0]

    def gp(self, tpn: int) -> Fraction:
        return self._totals[tpn][1]

    def score(self, tpn: int, which: str) -> Fraction:
        return self.mp(tpn) if which == "MP" else self.gp(tpn)

    def primary(self, tpn: int) -> Fraction:
        return self.score(tpn, self.scoring.primary)

    def matches_of(self, rnd: int) -> list[Match]:
        return [m for m in self.matches if m.round == rnd]

    def match_between(self, a: int, b: int) -> list[Match]:
        return [m for m in self.matches if {m.home, m.away} == {a, b}]

    def team_of_player(self) -> dict[int, int]:
        return {p: t.tpn for t in self.teams for p in t.players}

    @cached_property
    def played_rounds(self) -> int:
        """The last round with any match or bye whose results are all in (the rounds still to come count for
        nothing yet)."""
        done = [m.round for m in self.matches] + [r for r, _ in self.byes]
        return max([r for r in done if r not in self.pending_rounds], default=0)


def _team_board(b: Board, side: int) -> TeamBoard:
    other = 1 - side
    colour = b.colour if side == 0 else {"W": "B", "B": "W"}.get(b.colour, "")
    return TeamBoard(b.number, b.players[side], b.players[other], colour, b.points[side], b.points[other], b.played)


def build_rounds(ev: TeamEvent) -> dict[int, tuple[TeamRound, ...]]:
    """Every team's rounds, from its matches, byes and the arbiter's awards."""
    rows: dict[int, list[TeamRound | None]] = {t: [None] * ev.rounds for t in ev.tpns}
    s = ev.scoring
    for m in ev.matches:
        for side, team in ((0, m.home), (1, m.away)):
            other = m.away if side == 0 else m.home
            colour = "W" if side == 0 else "B"
            if m.forfeit:
                won = m.forfeit[side] == "+"
                kind = "FW" if won else ("FF" if m.forfeit == "--" else "FL")
                mp, gp = s.value_of("FW" if won else "FL", ev.boards)
                lost_mp, lost_gp = s.value_of("FL" if won else "FW", ev.boards) if m.forfeit != "--" else (ZERO, ZERO)
                rows[team][m.round - 1] = TeamRound(m.round, kind, other, mp, gp, colour, opponent_gp=lost_gp)
                continue
            boards = tuple(_team_board(b, side) for b in m.boards)
            gp = sum((b.points for b in boards), ZERO)
            ogp = sum((b.against for b in boards), ZERO)
            rows[team][m.round - 1] = TeamRound(m.round, "G", other, s.match_points(gp, ogp), gp, colour, boards, ogp)
    for (rnd, team), kind in ev.byes.items():
        mp, gp = s.value_of(kind, ev.boards)
        rows[team][rnd - 1] = TeamRound(rnd, kind, None, mp, gp)
    for a in ev.awards:
        if not a.kind:
            continue
        for team in a.teams:
            for rnd in ([a.round] if a.round else range(1, ev.rounds + 1)):
                old = rows[team][rnd - 1]
                if old is not None:
                    rows[team][rnd - 1] = replace(old, mp=a.mp, gp=a.gp)
    return {t: tuple(r if r is not None else TeamRound(i, "ABS", None, ZERO, ZERO) for i, r in enumerate(row, 1))
            for t, row in rows.items()}


def make_team_event(name: str, teams: Sequence[Team], players: Sequence[Player], matches: Sequence[Match], *,
                    rounds: int | None = None, boards: int | None = None, byes: Mapping[tuple[int, int], str] | None = None,
                    scoring: TeamScoring | None = None, source: str | None = None, **extra: object) -> TeamEvent:
    """Build and check a team event: every team and player known once, nobody twice in a round."""
    check_count(said("the number of teams"), len(teams), MAX_PLAYERS, file=source)
    check_count(said("the number of players"), len(players), MAX_PLAYERS, file=source)
    check_name(said("the event's name"), name, file=source)
    n = rounds if rounds is not None else max([m.round for m in matches] + [r for r, _ in (byes or {})], default=0)
    check_count(said("the number of rounds"), n, MAX_ROUNDS, file=source)
    size = boards if boards is not None else max([len(m.boards) for m in matches], default=0)
    known = {t.tpn for t in teams}
    if len(known) != len(teams):
        dup = next(t.tpn for t in teams if sum(1 for u in teams if u.tpn == t.tpn) > 1)
        raise EventError(said("team number {dup} is used twice", dup=dup), file=source)
    player_ids = {p.tpn for p in players}
    member: dict[int, int] = {}
    for t in teams:
        check_name(said("team {team}'s name", team=t.tpn), t.name, file=source)
        check_text(said("team {team}'s short name", team=t.tpn), t.short, file=source)
        for p in t.players:
            if p in member and member[p] != t.tpn:
                raise EventError(said("player {p} is in two teams, {first} and {second}", p=p, first=member[p], second=t.tpn),
                                 file=source)
            if p not in player_ids:
                raise EventError(said("team {team} names player {p}, who is not in the player list", team=t.tpn, p=p),
                                 file=source)
            member[p] = t.tpn
    busy: dict[tuple[int, int], str] = {}
    seated: dict[tuple[int, int], int] = {}
    for m in matches:
        where = said("round {round}, match {home}-{away}", round=m.round, home=m.home, away=m.away)
        if not 1 <= m.round <= n:
            raise EventError(said_n("{where}: round {round} is outside the event's {n} rounds",
                                    "{where}: round {round} is outside the event's {n} rounds", n, where=where,
                                    round=m.round), file=source)
        if m.home == m.away:
            raise EventError(said("{where}: a team cannot meet itself", where=where), file=source)
        for team in (m.home, m.away):
            if team not in known:
                raise EventError(said("{where}: there is no team {team}", where=where, team=team), file=source)
            if (m.round, team) in busy:
                raise EventError(said("{where}: team {team} is paired twice in round {round}", where=where, team=team,
                                      round=m.round), file=source)
            busy[(m.round, team)] = where
        for b in m.boards:
            for side, seat in enumerate(b.players):
                if seat is None:
                    continue
                p = seat
                if p not in player_ids:
                    raise EventError(said("{where}, board {board}: player {p} is not in the player list", where=where,
                                          board=b.number, p=p), file=source)
                team = (m.home, m.away)[side]
                if member.get(p, team) != team:
                    raise EventError(said("{where}, board {board}: player {p} plays for team {own}, not {team}", where=where,
                                          board=b.number, p=p, own=member[p], team=team), file=source)
                if (m.round, p) in seated:
                    raise EventError(said("{where}: player {p} sits at two boards in round {round}", where=where, p=p,
                                          round=m.round), file=source)
                seated[(m.round, p)] = b.number
    for (rnd, team), kind in (byes or {}).items():
        if team not in known:
            raise EventError(said("round {round}: a bye for team {team}, which does not exist", round=rnd, team=team),
                             file=source)
        if (rnd, team) in busy:
            raise EventError(said("round {round}: team {team} has a bye and a match", round=rnd, team=team), file=source)
        if not 1 <= rnd <= n:
            raise EventError(said_n("round {round}: a bye outside the event's {n} rounds",
                                    "round {round}: a bye outside the event's {n} rounds", n, round=rnd), file=source)
    return TeamEvent(name=name, teams=tuple(teams), players=tuple(players), rounds=n, boards=size,
                     matches=tuple(matches), byes=dict(byes or {}), scoring=scoring or TeamScoring(),
                     **extra)  # type: ignore[arg-type]


def players_event(ev: TeamEvent) -> Event:
    """The players' own event: each board a game (or a forfeit), every other round an absence.

    A team's bye gives its team game points but its players nothing (FIDE TEC: game points and the players'
    points can differ); a match won by forfeit gives a point to each player of the winning team's usual
    line-up (its first players, one per board), with no opponent to name.
    """
    entries: dict[int, list[Entry]] = {p.tpn: [ABSENT] * ev.rounds for p in ev.players}
    for m in ev.matches:
        if m.forfeit:
            for side, team in ((0, m.home), (1, m.away)):
                if m.forfeit[side] == "+":
                    for p in ev.team(team).players[: ev.boards]:
                        entries[p][m.round - 1] = Entry.bye(Kind.FPB, ONE)
            continue
        for b in m.boards:
            a, z = b.players
            other = {"W": "B", "B": "W"}.get(b.colour)
            for me, opp, col, pts in ((a, z, b.colour, b.points[0]), (z, a, other, b.points[1])):
                if me is None:
                    continue
                if opp is None:
                    entries[me][m.round - 1] = Entry.bye(Kind.FPB if pts >= ONE else Kind.ZPB, ONE if pts >= ONE else ZERO)
                elif b.played:
                    entries[me][m.round - 1] = Entry.game(opp, col, pts)
                else:
                    entries[me][m.round - 1] = Entry(Kind.FW if pts >= ONE else Kind.FL, opp, col, ONE if pts >= ONE else ZERO)
    return make_event(ev.name, ev.players, entries, rounds=ev.rounds,
                      event_type="rr" if ev.round_robin else "swiss", date=ev.date)
