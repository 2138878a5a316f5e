"""Team tie-break codes: one registry row per code, and the descriptor parser.

The codes and their modifiers are those of FIDE's tie-break regulations for team events (C.07 arts.
11-16) in the descriptor syntax of the TRF-2026 records 202/212: ``ACRONYM[:SCORE]{/MODIFIER}``, e.g.
``EDET/P``, ``EMGSB/C1/P``, ``BH:MP/C1/P``, ``SSSC/K5``.  A few orders of real events that FIDE's list
does not name (the Olympiad's Sonneborn-Berger, the Berlin tie-break, the ECU tie-break) have their
own codes here; each row says where it comes from.

>>> str(parse_team_code("bh:mp/c1/p")), str(parse_team_code("ESB:MG/C1"))
('BH:MP/C1/P', 'EMGSB/C1')
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from engine.core.codes import written_modifiers
from engine.core.errors import EventError
from engine.core.limits import MAX_CODES
from engine.core.said import Joined, Said, said, said_n


@dataclass(frozen=True)
class TeamCodeInfo:
    """One team tie-break code: its name, what it measures in plain words, the rule it follows."""

    code: str
    name: str
    sentence: str
    citation: str
    #: score selectors allowed after a colon (``MP``, ``GP``; ``MM``... for ESB)
    scores: tuple[str, ...] = ()
    #: modifier letters allowed: C cut, M median, P forfeits as played, F Fore Buchholz, K SSSC factor
    modifiers: str = ""
    higher_is_better: bool = True
    #: decided inside a tied group (a place in it), not a number of its own
    group_dependent: bool = False


TEAM_CODES: Mapping[str, TeamCodeInfo] = {c.code: c for c in [
    TeamCodeInfo("MPTS", "Match points", "Two points for a won match, one for a drawn match (or as the "
                 "regulations say), added up.", "FIDE C.07 art. 11.1"),
    TeamCodeInfo("GPTS", "Game points", "Every board's result added up over all matches.", "FIDE C.07 art. 11.1"),
    TeamCodeInfo("PTS", "Primary score", "Match points or game points, whichever the regulations make the "
                 "primary score.", "FIDE C.07 art. 11.1"),
    TeamCodeInfo("MPVGP", "Match points versus game points", "The other score: game points when match points "
                 "rank the teams, match points when game points do.", "FIDE C.07 art. 13.1"),
    TeamCodeInfo("BH", "Buchholz", "The final scores of the teams played, added up (on match or game points).",
                 "FIDE C.07 arts. 8, 13 and 16", scores=("MP", "GP"), modifiers="CMP"),
    TeamCodeInfo("FB", "Fore Buchholz", "Buchholz as if every match of the last round had been drawn.",
                 "FIDE C.07 arts. 8.3 and 13", scores=("MP", "GP"), modifiers="CMP"),
    TeamCodeInfo("AOB", "Average of opponents' Buchholz", "The Buchholz of each team met in a played match, "
                 "averaged.", "FIDE C.07 arts. 8.2 and 13", scores=("MP", "GP"), modifiers="F"),
    TeamCodeInfo("EMMSB", "Extended Sonneborn-Berger, match points by match points", "Each opponent's match "
                 "points times the match points taken from it, added up.", "FIDE C.07 art. 13.2",
                 modifiers="CP"),
    TeamCodeInfo("EMGSB", "Extended Sonneborn-Berger, match points by game points", "Each opponent's match "
                 "points times the game points scored against it, added up.", "FIDE C.07 art. 13.2",
                 modifiers="CP"),
    TeamCodeInfo("EGMSB", "Extended Sonneborn-Berger, game points by match points", "Each opponent's game "
                 "points times the match points taken from it, added up.", "FIDE C.07 art. 13.2",
                 modifiers="CP"),
    TeamCodeInfo("EGGSB", "Extended Sonneborn-Berger, game points by game points", "Each opponent's game "
                 "points times the game points scored against it, added up.", "FIDE C.07 art. 13.2",
                 modifiers="CP"),
    TeamCodeInfo("EDE", "Extended direct encounter", "The tied teams' matches against each other as a small "
                 "table: primary score first, then the other score.", "FIDE C.07 art. 13.3",
                 modifiers="P", group_dependent=True),
    TeamCodeInfo("EDEC", "Extended direct encounter, then board count", "Direct encounter; two teams still level "
                 "are split by the board count of their own match.", "FIDE C.07 arts. 13.3 and 12.1",
                 modifiers="P", group_dependent=True),
    TeamCodeInfo("EDET", "Extended direct encounter, then top board results", "Direct encounter; two teams still "
                 "level are split by their own match, top board first.", "FIDE C.07 arts. 13.3 and 12.2",
                 modifiers="P", group_dependent=True),
    TeamCodeInfo("EDEB", "Extended direct encounter, then bottom board elimination", "Direct encounter; two teams "
                 "still level are split by their own match, dropping bottom boards.", "FIDE C.07 arts. 13.3 and "
                 "12.3", modifiers="P", group_dependent=True),
    TeamCodeInfo("EDEBT", "Extended direct encounter, board count, top board results", "Direct encounter; two "
                 "teams still level: board count of their match, then its top boards.", "FIDE C.07 arts. 13.3, "
                 "12.1, 12.2", modifiers="P", group_dependent=True),
    TeamCodeInfo("EDEBB", "Extended direct encounter, board count, bottom board elimination", "Direct encounter; "
                 "two teams still level: board count of their match, then dropping bottom boards.",
                 "FIDE C.07 arts. 13.3, 12.1, 12.3", modifiers="P", group_dependent=True),
    TeamCodeInfo("BC", "Board count", "Each board's points times its board number, added up: points won on the "
                 "top boards weigh less, so the lower total is better.", "FIDE C.07 art. 12.1",
                 higher_is_better=False),
    TeamCodeInfo("TBR", "Top board results", "Points on board 1; if equal, on board 2; and so on.",
                 "FIDE C.07 art. 12.2", group_dependent=True),
    TeamCodeInfo("BBE", "Bottom board elimination", "Points on all boards but the last; if equal, without the "
                 "last two; and so on.", "FIDE C.07 art. 12.3", group_dependent=True),
    TeamCodeInfo("SSSC", "Score and schedule strength combination", "The other score plus Buchholz divided by a "
                 "factor that puts both on one scale.", "FIDE C.07 art. 13.4", modifiers="KFP"),
    TeamCodeInfo("DE", "Direct encounter", "The tied teams' matches against each other, on one score.",
                 "FIDE C.07 arts. 6 and 13", scores=("MP", "GP"), modifiers="P", group_dependent=True),
    TeamCodeInfo("WIN", "Matches won", "The number of matches won, by forfeit included.", "FIDE C.07 arts. 7 and 13"),
    TeamCodeInfo("WON", "Matches won over the board", "The number of matches won by playing.",
                 "FIDE C.07 arts. 7 and 13"),
    TeamCodeInfo("PS", "Progressive score", "The running score after each round, added up.",
                 "FIDE C.07 arts. 7 and 13", scores=("MP", "GP"), modifiers="C"),
    TeamCodeInfo("KS", "Koya system", "The score against the teams that finished on at least half the maximum.",
                 "FIDE C.07 arts. 9 and 13", scores=("MP", "GP")),
    TeamCodeInfo("OSB", "Olympiad Sonneborn-Berger", "Each opponent's match points times the game points scored "
                 "against it, leaving out the lowest opponent; a bye is a draw against a virtual team.",
                 "FIDE Chess Olympiad regulations (2016; 2026 with the cut on the bye round)", modifiers=""),
    TeamCodeInfo("OMP", "Olympiad opponents' match points", "The opponents' match points added up, leaving out "
                 "the lowest; a bye is a virtual team as in the Olympiad Sonneborn-Berger.",
                 "FIDE Chess Olympiad regulations (2016 and 2026)"),
    TeamCodeInfo("BERLIN", "Berlin tie-break (Berliner Wertung)", "A win on board 1 of n boards is worth n, on "
                 "board 2 n-1, down to 1 on the last board; a draw halves it.", "German Chess Federation "
                 "tournament rules (Berliner Wertung)"),
]}

#: spellings the files use for the same code
TEAM_ALIASES = {"MPVGP": "MPVGP", "ESB:MM": "EMMSB", "ESB:MG": "EMGSB", "ESB:GM": "EGMSB", "ESB:GG": "EGGSB",
                "BWT": "BERLIN"}

_MOD = re.compile(r"^(?:([CM])([0-9]{1,2})|(P)|(F)|K([0-9]{1,3}))$")


@dataclass(frozen=True)
class TeamCriterion:
    """One parsed team descriptor, kept with the spelling the user gave (columns are headed by it)."""

    code: str
    score: str = ""             #: "MP" / "GP" for BH, FB, PS, KS, DE; "" = the primary score
    cut: int = 0
    median: int = 0
    forfeits_played: bool = False
    fore: bool = False
    factor: int | None = None   #: SSSC/Kn
    given: str = ""

    @property
    def info(self) -> TeamCodeInfo:
        return TEAM_CODES[self.code]

    @property
    def higher_is_better(self) -> bool:
        return self.info.higher_is_better

    def __str__(self) -> str:
        text = self.code if self.code != "MPVGP" else "MPvGP"
        if self.score:
            text += ":" + self.score
        return text + written_modifiers(cut=self.cut, median=self.median, forfeits_played=self.forfeits_played,
                                        fore=self.fore, factor=self.factor)

    @property
    def label_said(self) -> Said:
        """The tie-break's name with its score and modifiers in words (``Buchholz (on match points, cut 1)``), as a
        record: the app and the command line write it again in the reader's language."""
        details: list[Said] = []
        if self.score:
            details.append(said("on match points") if self.score == "MP" else said("on game points"))
        if self.cut:
            details.append(said("cut {n}", n=self.cut))
        if self.median:
            details.append(said("median {n}", n=self.median))
        if self.forfeits_played:
            details.append(said("forfeits as played"))
        if self.fore:
            details.append(said("on Fore Buchholz"))
        if self.factor is not None:
            details.append(said("factor {n}", n=self.factor))
        name = said(self.info.name)
        return said("{name} ({modifiers})", name=name, modifiers=Joined(details, ", ")) if details else name

    @property
    def label(self) -> str:
        """The same in English."""
        return str(self.label_said)


def parse_team_code(text: str) -> TeamCriterion:
    """One descriptor; an unknown code or modifier is an error naming it."""
    raw = text.strip()
    if not raw:
        raise EventError(said("empty tie-break code"))
    parts = raw.upper().split("/")
    head = parts[0]
    score = ""
    if head in TEAM_ALIASES:
        head = TEAM_ALIASES[head]
    elif ":" in head:
        head, score = head.split(":", 1)
    if head not in TEAM_CODES:
        known = Joined([str(parse_team_code(c)) if c == "MPVGP" else c for c in TEAM_CODES], ", ")
        raise EventError(said("unknown team tie-break code {code} in {raw}; known codes: {known}", code=repr(parts[0]),
                              raw=repr(raw), known=known))
    info = TEAM_CODES[head]
    if score and score not in info.scores:
        if not info.scores:
            raise EventError(said("score :{score} is not valid for {head} in {raw} (allowed: none)", score=score,
                                  head=head, raw=repr(raw)))
        raise EventError(said("score :{score} is not valid for {head} in {raw} (allowed: {allowed})", score=score,
                              head=head, raw=repr(raw), allowed=Joined([":" + s for s in info.scores], ", ")))
    fields: dict[str, object] = {}
    for mod in parts[1:]:
        m = _MOD.match(mod)
        if not m or mod[:1] not in info.modifiers:
            if not info.modifiers:
                raise EventError(said("modifier /{mod} is not valid for {head} in {raw} (allowed: none)", mod=mod,
                                      head=head, raw=repr(raw)))
            raise EventError(said("modifier /{mod} is not valid for {head} in {raw} (allowed: {allowed})", mod=mod,
                                  head=head, raw=repr(raw), allowed=Joined(["/" + c for c in info.modifiers], ", ")))
        if m.group(1) == "C":
            fields["cut"] = int(m.group(2))
        elif m.group(1) == "M":
            fields["median"] = int(m.group(2))
        elif m.group(3):
            fields["forfeits_played"] = True
        elif m.group(4):
            fields["fore"] = True
        else:
            factor = int(m.group(5))
            if factor < 1:
                raise EventError(said("{raw}: the SSSC factor must be at least 1", raw=repr(raw)))
            fields["factor"] = factor
    if fields.get("cut") and fields.get("median"):
        raise EventError(said("{raw}: a cut and a median cannot be combined", raw=repr(raw)))
    return TeamCriterion(head, score, given=raw, **fields)  # type: ignore[arg-type]


def parse_team_codes(text: str | list[str]) -> list[TeamCriterion]:
    """A comma- or space-separated order; the same criterion twice is refused (it could never split anyone)."""
    items = text if isinstance(text, list) else re.split(r"[,\s]+", text.strip())
    items = [i.strip() for i in items if i.strip()]
    if not items:
        raise EventError(said("no tie-break codes given"))
    if len(items) > MAX_CODES:
        raise EventError(said_n("{n} tie-break codes given; at most {most}", "{n} tie-break codes given; at most {most}",
                                len(items), most=MAX_CODES))
    out = [parse_team_code(i) for i in items]
    seen: set[str] = set()
    for c in out:
        if str(c) in seen:
            raise EventError(said("tie-break {code} is given twice: a criterion can only break a tie once", code=str(c)))
        seen.add(str(c))
    return out
