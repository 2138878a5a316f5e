"""Rule sets (how byes, forfeits and absences count) and the options where sources disagree, as data.

A :class:`RuleSet` answers the two questions every opponent-based tie-break asks: (a) what score does an
opponent count for when he had unplayed rounds, and (b) what do the player's own unplayed rounds count
for.  US Chess, FIDE (2009, 2023/2024, 2026), lichess and "no adjustment" answer them differently.
Calculators read these fields; they never test a rule set's name.

>>> RULE_SETS["fide"].dummy_cap, RULE_SETS["fide2024"].dummy_cap
(True, False)
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal, Mapping

from engine.core.errors import EventError
from engine.core.said import Count, said

#: what a user can do when rating criteria are empty because somebody is unrated, in plain words; the
#: command line names its own option instead (see :func:`engine.cli.cli_wording`)
UNRATED_REMEDY = "leave unrated opponents out of rating criteria, or give unrated players a rating"


#: the rule models as typed names: a misspelt model is a type error, not a silently different tie-break
OpponentModel = Literal["uscf", "fide", "half", "raw"]
OwnModel = Literal["zero", "dummy", "virtual", "lichess"]


@dataclass(frozen=True)
class RuleSet:
    """One unplayed-round model: the answers to questions (a) and (b) above."""

    name: str
    label: str
    #: how an opponent's score is adjusted: "uscf" (½ per unplayed round), "fide" (trailing VURs ½),
    #: "half" (every unplayed round ½, FIDE 2009), "raw" (real score)
    opponent_model: OpponentModel
    #: what the player's own unplayed round contributes: "zero", "dummy" (own score), "virtual"
    #: (FIDE 2009 virtual opponent), "lichess" (virtual opponent for a PAB only, else nothing)
    own_model: OwnModel
    #: FIDE 2026 caps on the dummy (16.4.1 / 16.4.2)
    dummy_cap: bool = False
    #: FIDE low-cut preference for the player's own VURs (16.5)
    vur_cut_preference: bool = False
    #: is this a FIDE model (round robins then follow FIDE C.07 art. 15: forfeits count as games, byes not at all)
    fide: bool = False
    citation: str = ""
    #: its name in a few words, for a selectbox on a phone and inside sentences ("under US Chess rules")
    short: str = ""
    #: the heading of its paragraph, and the paragraph: how it counts unplayed rounds, for parents and TDs
    heading: str = ""
    paragraph: str = ""


RULE_SETS: Mapping[str, RuleSet] = {
    "uscf": RuleSet("uscf", "US Chess (adjusted scores: every unplayed round counts ½, own unplayed rounds 0)",
                    "uscf", "zero", citation="US Chess rule 34E (adjusted scores)",
                    short="US Chess", heading="US Chess adjusted scores",
                    paragraph=("Byes and forfeits are not games, so US Chess adjusts them. Every round an opponent did not "
                               "play counts as ½ in their score (a full-point bye makes them look ½ weaker, a forfeit loss ½ "
                               "stronger), and each of your own unplayed rounds counts as an opponent with 0. A bye "
                               "therefore adds nothing to your Solkoff and is usually the score a median drops.")),
    "fide": RuleSet("fide", "FIDE C.07 2026 (dummy opponent, capped)", "fide", "dummy", dummy_cap=True,
                    vur_cut_preference=True, fide=True,
                    citation="FIDE C.07 art. 16, 2026 revision (in force since 1 March 2026), as "
                             "FIDE's reference calculator applies it",
                    short="FIDE 2026", heading="FIDE 2026 (dummy opponent, capped)",
                    paragraph=("FIDE's rules in force since 1 March 2026. An opponent's score counts as it stands, except "
                               "that requested byes and absences at the end of their event count as draws. Each of your own "
                               "unplayed rounds counts as a game against a dummy opponent with your own final score, capped "
                               "at 50 % of the maximum (for a bye) or at the scheduled opponent's score (for a forfeit); "
                               "rounds you chose not to play are the first to be cut.")),
    "fide2024": RuleSet("fide2024", "FIDE C.07 2023/2024 (dummy opponent = own score)", "fide", "dummy",
                        vur_cut_preference=True, fide=True, citation="FIDE C.07 art. 16, 2024",
                        short="FIDE 2023/2024", heading="FIDE 2023/2024 (dummy opponent)",
                        paragraph=("FIDE's rules of 2023 and 2024. An opponent's score counts as it stands, except that "
                                   "requested byes and absences at the end of their event count as draws. Each of your own "
                                   "unplayed rounds counts as a game against a dummy opponent with your own final score, without "
                                   "any cap; rounds you chose not to play are the first to be cut.")),
    "fide2009": RuleSet("fide2009", "FIDE 2009 (virtual opponent)", "half", "virtual", fide=True,
                        citation="FIDE 2009 tie-break rules, virtual opponent",
                        short="FIDE 2009", heading="FIDE 2009 (virtual opponent)",
                        paragraph=("The older FIDE rule, still used by some programs. Every unplayed round of an opponent counts "
                                   "as a draw, and each of your own unplayed rounds is a game against a virtual opponent who "
                                   "starts with your score before that round, takes the opposite result and then draws every "
                                   "later round.")),
    "raw": RuleSet("raw", "Raw (no adjustment: real scores, own unplayed rounds add nothing)", "raw", "zero",
                   citation="no adjustment, for teaching (what many club spreadsheets do)",
                   short="no adjustment", heading="Raw scores (no adjustment)",
                   paragraph=("No adjustment at all: opponents count their real final scores and your own unplayed rounds "
                              "add nothing. This is what many club spreadsheets do; the app offers it to show why official "
                              "numbers differ.")),
    "lichess": RuleSet("lichess", "Lichess Swiss (real points; a PAB is a win against a virtual opponent)",
                       "raw", "lichess", citation="lichess Swiss scoring (its SwissScoring source)",
                       short="Lichess", heading="Lichess Swiss",
                       paragraph=("Lichess counts opponents' real points. A pairing-allocated bye is scored as a win against a "
                                  "virtual opponent (the FIDE 2009 rule), and other rounds you did not play add nothing.")),
}


def rule_set(name: str) -> RuleSet:
    try:
        return RULE_SETS[name]
    except KeyError:
        raise EventError(said("unknown rule set {name}; choose one of {known}", name=repr(name),
                              known=", ".join(RULE_SETS))) from None


@dataclass(frozen=True)
class Options:
    """Every choice the rules leave open or the sources disagree on, with our default."""

    #: rating criteria when a participant is unrated: "off", "exclude", or a substitute rating (int)
    unrated: str | int = "off"
    #: the rounds computed (None: the last round with a game or forfeit result)
    round: int | None = None
    #: US Cumulative deduction: "us" (−1 for an unplayed win, −½ for a half-point bye), "one" (−1 only, as
    #: some club pages write it), "none" (as FIDE's progressive score), "strict" (teaching)
    cumulative: str = "us"
    #: Kashdan points for an unplayed round (0 as the US Chess rulebook is quoted; some clubs give 2)
    kashdan_unplayed: int = 0
    #: opponents met only by forfeit count in opposition cumulative (no source says; default no)
    ocum_forfeits: bool = False
    #: forfeits count in US head-to-head, Kashdan, most blacks (no source says; default no)
    us_forfeits: bool = False
    #: Modified Median "forum proposal" (a US Chess forum thread, non-standard): drop the lowest *played*
    #: opponent instead of the bye
    mm_forum: bool = False
    #: SB cut: the lichess way (smallest contribution) instead of FIDE's lowest-scored opponent (C.07 art. 14)
    sb_cut_lichess: bool = False
    #: time of first loss: does a zero-point bye / absence count as a loss (no source says; default no)
    tfl_byes: bool = False
    #: DE the lichess way: all tied players must have met, no recursion (FIDE C.07 art. 6 recurses)
    de_lichess: bool = False
    #: seed of the drawing of lots (FIDE C.07 art. 4.2), recorded so the draw can be replayed
    seed: int | None = None
    #: a local rule some US clubs announce (Michigan Chess Association, Big Rapids): on equal points, a
    #: player who scored something over the board ranks above one whose whole score came from unplayed
    #: rounds (byes, forfeit wins), before any tie-break.  Not in US Chess or FIDE rules, so off.
    played_score_first: bool = False

    def with_(self, **changes: Any) -> "Options":
        return replace(self, **changes)


#: the ways of counting US Cumulative (see :attr:`Options.cumulative`)
CUMULATIVE_MODES = ("us", "one", "none", "strict")
#: the most Kashdan points an unplayed round may be given (a win gives 4)
MAX_KASHDAN_UNPLAYED = 4


def option_problem(name: str, value: Any, rounds: int | None = None) -> str | None:
    """Why ``value`` cannot be option ``name`` (None when it can): the one check of options from a share link,
    a settings file and the command line, so none of them lets an unbounded or meaningless value through.

    ``rounds``: the event's rounds, when known; a round beyond them is refused here, where the value
    enters, rather than as an error on every page that ranks.
    """
    from engine.core.limits import MAX_RATING, MAX_ROUNDS, MAX_SEED
    default = Options()
    if name.startswith("_") or name == "with_" or not hasattr(default, name):
        return said("is an unknown option")

    def whole(low: int, high: int) -> bool:
        return type(value) is int and low <= value <= high
    if name == "unrated":
        if value in ("off", "exclude") or whole(0, MAX_RATING):
            return None
        return said("must be off, exclude or a rating from 0 to {most}", most=MAX_RATING)
    if name == "round":
        if value is None or value == 0:           # 0: the last round with a result, as the app's field has it
            return None
        if not whole(1, MAX_ROUNDS):
            return said("must be a round from 1 to {most}", most=MAX_ROUNDS)
        if rounds is not None and value > rounds:
            return said("is round {round}, but the event has rounds 1 to {rounds}", round=value, rounds=rounds)
        return None
    if name == "seed":
        return None if value is None or whole(0, MAX_SEED) else said("must be a whole number from 0 to {most}",
                                                                           most=Count(MAX_SEED))
    if name == "cumulative":
        return None if value in CUMULATIVE_MODES else said("must be one of {known}", known=", ".join(CUMULATIVE_MODES))
    if name == "kashdan_unplayed":
        return None if whole(0, MAX_KASHDAN_UNPLAYED) else said("must be a whole number from 0 to {most}",
                                                                 most=MAX_KASHDAN_UNPLAYED)
    return None if type(value) is bool else said("must be true or false")


def shown_value(value: Any) -> str:
    """A value from a file or a link as a message may quote it: short, whatever its size."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_unrated(text: str) -> str | int:
    t = text.strip().lower()
    if t in ("off", "exclude"):
        return t
    try:
        value = int(t)
    except ValueError:
        raise EventError(said("--unrated takes off, exclude or a rating, not {text}", text=repr(text))) from None
    problem = option_problem("unrated", value)
    if problem is not None:
        raise EventError(said("--unrated {problem}, not {text}", problem=problem, text=shown_value(text)))
    return value
