"""What every team tie-break reads: each team's score as somebody's opponent and its own unplayed rounds.

FIDE C.07 art. 16 applies to teams with "points" meaning match points or game points:

- as an opponent (16.3), a team's unplayed rounds count at what they gave, except that a requested bye
  or absence followed only by rounds it chose not to play counts as a drawn match;
- a team's own unplayed round (16.4) counts as a match against a dummy team holding the team's own
  score; since the 2026 edition capped: a forfeit at the scheduled opponent's score, any other unplayed
  round at a draw's points times the number of rounds;
- a cut (16.5) takes a round the team chose not to play first.

Swiss-Manager's team Buchholz ("Buchholz variable 2023") counts an opponent's bye from the pairing as
a drawn match, where FIDE's checker counts it at what it gave: :attr:`TeamOptions.pab_as_draw`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Literal

from engine.core.model import ZERO
from engine.core.said import Joined, Said, num, said
from engine.teams.model import KIND_WORDS, TeamEvent, TeamRound

Edition = Literal["2024", "2026"]
RULES = {"fide": "2026", "fide2026": "2026", "fide2024": "2024"}
RULE_WORDS = {"2026": "FIDE C.07, edition of 1 March 2026 (dummy opponent capped)",
              "2024": "FIDE C.07, edition of 1 August 2024 (dummy opponent not capped)"}


@dataclass(frozen=True)
class TeamOptions:
    """Readings where the editions or the programs differ; the defaults follow the edition."""

    #: count an opponent's bye from the pairing as a drawn match (Swiss-Manager's "Buchholz variable 2023")
    pab_as_draw: bool = False
    #: EDE on a new tied subgroup: "restart" with the primary score (2026 wording) or "same" score
    #: (FIDE TEC's exercise book: "still within the same application"); None: the edition's
    ede_subgroup: Literal["restart", "same"] | None = None
    #: SSSC factor from the "scheduled" rounds (FIDE TEC) or the rounds "played" so far (FIDE's checker)
    sssc_rounds: Literal["scheduled", "played"] = "scheduled"
    #: the Olympiad Sonneborn-Berger's edition: "2016" (cut on the lowest opponent) or "2026" (cut on the bye)
    olympiad: Literal["2016", "2026"] = "2026"
    #: board count separates only teams equal on this score: match points (FIDE TEC's book) or game points
    #: (the 2026 wording as summarised); with match points primary, "MP" puts no extra condition
    board_count_needs: Literal["MP", "GP"] = "MP"


def edition_of(rules: str) -> Edition:
    try:
        return RULES[rules.lower()]  # type: ignore[return-value]
    except KeyError:
        from engine.core.errors import EventError
        raise EventError(said("unknown rule set {rules} for a team event; use fide (2026) or fide2024",
                              rules=repr(rules))) from None


@dataclass
class Contribution:
    """One round of one team in a Buchholz-like sum: the opponent's (or dummy's) score, and why."""

    round: int
    row: TeamRound
    score: Fraction
    as_match: bool
    vur: bool
    note: str


class TeamContext:
    """An event, the rules' edition and the options, with the scores every calculation shares."""

    def __init__(self, event: TeamEvent, rules: str = "fide", options: TeamOptions | None = None):
        self.event = event
        self.edition: Edition = edition_of(rules)
        self.rules = rules
        self.options = options or TeamOptions()
        self.n = event.rounds
        self._adjusted: dict[tuple[str, int, bool], tuple[Fraction, str]] = {}
        self._cache: dict[tuple[object, ...], object] = {}

    @property
    def rules_words(self) -> str:
        return RULE_WORDS[self.edition]

    @property
    def ede_subgroup(self) -> str:
        return self.options.ede_subgroup or ("restart" if self.edition == "2026" else "same")

    def name(self, tpn: int) -> str:
        return self.event.name_of(tpn)

    def who(self, tpn: int) -> Said:
        """A team as the working names it: its number and name (``#4 Deer``; Russian writes ``№4 Deer``)."""
        return said("#{team} {name}", team=tpn, name=self.name(tpn))

    def round_value(self, row: TeamRound, which: str) -> Fraction:
        return row.mp if which == "MP" else row.gp

    def draw_value(self, which: str) -> Fraction:
        s = self.event.scoring
        return s.draw if which == "MP" else s.draw_gp(self.event.boards)

    def total(self, tpn: int, which: str) -> Fraction:
        return self.event.score(tpn, which)

    @cached_property
    def counted_rounds(self) -> int:
        return self.event.played_rounds

    def fore_total(self, tpn: int, which: str) -> Fraction:
        """The team's score with its last-round match counted as drawn (Fore Buchholz, FIDE C.07 art. 8.3)."""
        rows = self.event.team_rounds(tpn)[: self.counted_rounds]
        total = self.total(tpn, which)
        if rows and rows[-1].has_opponent:
            total += self.draw_value(which) - self.round_value(rows[-1], which)
        return total

    def adjusted(self, tpn: int, which: str, fore: bool = False) -> tuple[Fraction, str]:
        """The team's score as an opponent (FIDE C.07 art. 16.3), and a note when it differs from its score."""
        key = (which, tpn, fore)
        if key not in self._adjusted:
            self._adjusted[key] = self._make_adjusted(tpn, which, fore)
        return self._adjusted[key]

    def _make_adjusted(self, tpn: int, which: str, fore: bool = False) -> tuple[Fraction, str]:
        rows = self.event.team_rounds(tpn)[: self.counted_rounds]
        real = self.fore_total(tpn, which) if fore else self.total(tpn, which)
        paired_last = bool(rows) and rows[-1].has_opponent
        last = self.counted_rounds if fore and paired_last else max((r.round for r in rows if not r.vur), default=0)
        draw = ZERO if self.event.round_robin else self.draw_value(which)
        adj = real
        notes: list[Said] = []
        if fore and paired_last and self.round_value(rows[-1], which) != self.draw_value(which):
            notes.append(said("its last-round match counts as drawn (Fore Buchholz)"))
        for r in rows:
            value = self.round_value(r, which)
            if r.round > last and not r.has_opponent and value != draw:
                adj += draw - value
                notes.append(said("round {round} ({kind}, nothing played after it) counts as a drawn match, {value}",
                                  round=r.round, kind=said(KIND_WORDS[r.kind]), value=num(draw)))
            elif self.options.pab_as_draw and r.kind == "PAB" and value != draw:
                adj += draw - value
                notes.append(said("round {round}'s bye from the pairing counts as a drawn match, {value} "
                                  "(Swiss-Manager's reading)", round=r.round, value=num(draw)))
        if not notes:
            return adj, ""
        total = self.total(tpn, which)
        return adj, said("{team} scored {total} {score}; {notes}: {value}", team=self.who(tpn), total=num(total),
                         score=which, notes=Joined(notes, "; "), value=num(adj))

    def contributions(self, tpn: int, which: str, forfeits_played: bool = False,
                      fore: bool = False) -> list[Contribution]:
        """Each round's opponent score (art. 16.3) or dummy score (art. 16.4), with the reason in words; with
        ``fore`` every team's last-round match counts as drawn and a last-round forfeit as played."""
        key = ("contrib", tpn, which, forfeits_played, fore)
        if key in self._cache:
            return self._cache[key]  # type: ignore[return-value]
        out = []
        own = self.fore_total(tpn, which) if fore else self.total(tpn, which)
        for r in self.event.team_rounds(tpn)[: self.counted_rounds]:
            as_match = r.played or (r.has_opponent and (forfeits_played or self.event.round_robin or
                                                        (fore and r.round == self.counted_rounds)))
            if as_match and r.opponent is not None:
                score, why = self.adjusted(r.opponent, which, fore)
                note = why or said("{team} scored {value} {score}", team=self.who(r.opponent), value=num(score),
                                   score=which)
                if not r.played:
                    note = said("{note}; the forfeited match counts as played", note=note)
                out.append(Contribution(r.round, r, score, True, False, note))
                continue
            if self.event.round_robin:
                out.append(Contribution(r.round, r, ZERO, False, False,
                                        said("{kind} in a round robin: not counted", kind=said(KIND_WORDS[r.kind]))))
                continue
            score = own
            note = said("{kind}: a dummy team with this team's own score, {value} {score}", kind=said(KIND_WORDS[r.kind]),
                        value=num(own), score=which)
            if self.edition == "2026":
                if r.opponent is not None:
                    cap = self.adjusted(r.opponent, which, fore)[0]
                    if cap < own:
                        score = cap
                        note = said("{note}, capped at the scheduled opponent's {value} (2026 rule)", note=note,
                                    value=num(cap))
                else:
                    cap = self.draw_value(which) * self.counted_rounds
                    if cap < own:
                        score = cap
                        note = said("{note}, capped at a draw's {draw} x {rounds} rounds = {value} (2026 rule)",
                                    note=note, draw=num(self.draw_value(which)), rounds=self.counted_rounds,
                                    value=num(cap))
            if r.vur:
                note = said("{note}; a round the team chose not to play", note=note)
            out.append(Contribution(r.round, r, score, False, r.vur, note))
        self._cache[key] = out
        return out

    def memo(self, key: tuple[object, ...], make):  # type: ignore[no-untyped-def]
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]
