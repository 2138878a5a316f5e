"""A second opinion on standings another program published: recompute each tie-break column, find the
settings that reproduce it, explain every difference, and check the published order against its own numbers.

The standings people argue about are published by other programs (Swiss-Manager on chess-results.com,
Vega, Swiss-Chess, SwissSys), whose settings dialogs (unplayed games, cuts, unrated players) are easy to
get wrong.  This module takes what a reader found in such a table (:class:`Published`: the event itself plus
the published columns) and answers three questions:

1. Which settings reproduce each column?  Every plausible system, cut and rule set is tried (the legend's own
   system first, when it names one) and the one that reproduces the most values wins.
2. Why does a value differ?  Single changes are tried: another rule set for that player, a forfeit counted
   as a game, an unplayed round read as another kind, a withdrawn player's later rounds read as byes.  The
   first change that gives the published number is the likely cause; otherwise we say none does.
3. Is the published order consistent with its own numbers ("rows 12 and 13 have equal points and TB1 23
   against 24, yet 12 is above 13")?

>>> published_number("23,5"), published_number("3½"), published_number(" 7.2 "), published_number("")
((Fraction(47, 2), 1), (Fraction(7, 2), 1), (Fraction(36, 5), 1), None)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from engine.core.codes import CODES, Criterion, parse_code
from engine.core.errors import EventError
from engine.core.exact import Number, fmt
from engine.core.model import ONE, ZERO, Entry, Event, Kind
from engine.core.ordering import ordering_of
from engine.core.rules import RULE_SETS, Options, RuleSet
from engine.core.said import CodeName, Joined, Listed, Lowered, num, said, said_n, term
from engine.core.trace import Result
from engine.tiebreaks.fast import FastValues

#: the rule sets tried, in the order a tie between them is settled (today's FIDE rules first)
RULES_TRIED = ("fide", "fide2024", "fide2009", "uscf", "raw")

#: a rule set in the words of a settings dialog
RULE_WORDS: Mapping[str, str] = {
    "fide": said("FIDE's 2026 rules for unplayed games"),
    "fide2024": said("FIDE's 2023/2024 rules for unplayed games"),
    "fide2009": said("FIDE's 2009 rules for unplayed games"),
    "uscf": said("US Chess rules for unplayed games"),
    "raw": said("no adjustment for unplayed games"),
    "lichess": said("lichess's scoring"),
}

#: what each rule set makes of a player's own unplayed round, for the explanations
OWN_ROUND_WORDS: Mapping[str, str] = {
    "dummy": said("a game against a stand-in opponent on the player's own score"),
    "virtual": said("a game against a virtual opponent"),
    "zero": said("an opponent on 0 points"),
    "lichess": said("nothing (a bye is a win against a virtual opponent)"),
}

#: the systems tried for a column whose legend names none (or that has no legend)
DEFAULT_CODES = ("BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "MM", "MED", "SB", "SB/C1", "PS", "CUM", "ARO",
                 "ARO/C1", "WIN", "WON", "BPG", "BWG", "REP", "KS", "AOB", "FB", "OCUM", "TPR", "DE")

#: the most differing values the search for causes looks at (the rest say so): it rebuilds the event per change
MAX_SEARCHED = 60
#: the most event changes tried in all
MAX_CHANGES = 160


def published_number(text: str | None) -> tuple[Fraction, int] | None:
    """A published number and the decimals it shows: decimal comma or point, ``½``; None when empty."""
    if text is None:
        return None
    t = text.strip().replace("\u00a0", "").replace(" ", "")
    if not t or t in ("-", "–", "—"):
        return None
    half = Fraction(0)
    if t.endswith("½"):
        half = Fraction(1, 2)
        t = t[:-1]
        if not t:
            return half, 1
    t = t.replace(",", ".")
    if not re.fullmatch(r"[+-]?\d+(\.\d*)?|[+-]?\.\d+", t):
        return None
    decimals = len(t.split(".")[1]) if "." in t else 0
    value = Fraction(t) + half
    return value, max(decimals, 1 if half else 0)


def agrees(ours: Number | None, published: tuple[Fraction, int] | None, average: bool = False) -> bool:
    """Does our exact value print as the published one?  A number shown with decimals agrees when ours is
    within half a unit of its last decimal (whichever way the program rounds); a whole number must be
    exact, except for averages (a rounded rating)."""
    if published is None:
        return ours is None
    if ours is None:
        return False
    value, decimals = published
    if decimals == 0 and not average:
        return Fraction(ours) == value
    return abs(Fraction(ours) - value) <= Fraction(1, 2 * 10 ** decimals)


# -- what a reader hands over ------------------------------------------------------------------------------

@dataclass(frozen=True)
class PublishedColumn:
    """One published tie-break column: its label (``TB1``, ``BH/C1``), the legend's words for it, the values."""

    label: str
    legend: str | None
    #: pairing number -> the value as printed
    values: Mapping[int, str]


@dataclass(frozen=True)
class Published:
    """What a reader found in a published table: the event (players, games, byes) and the printed columns."""

    event: Event
    #: the program or kind of table ("chess-results", "Vega", "round-robin grid", "standings table")
    program: str
    #: pairing numbers from the top of the table down
    order: tuple[int, ...]
    #: pairing number -> published rank (equal ranks are shared places)
    ranks: Mapping[int, int]
    #: pairing number -> points as printed
    points: Mapping[int, str]
    columns: tuple[PublishedColumn, ...]
    #: how the table was read ("opponents are given by final rank"), one line each
    notes: tuple[str, ...] = ()
    #: players the table marks as withdrawn (Vega's "(W)" after the name), top of the table first
    withdrawn: tuple[int, ...] = ()


# -- the legend: which system a column claims to be -------------------------------------------------------

@dataclass(frozen=True)
class Claim:
    """What a legend says about a column: the systems it may be, the rule sets it may use (empty: any)."""

    codes: tuple[str, ...]
    rules: tuple[str, ...] = ()
    #: the legend leaves the cut or the rules open ("variabel with parameter")
    vague: bool = False


#: legend words -> our code family, the most specific first
_LEGEND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # the column heads of Swiss-Chess ("Buchh", "SoBerg", "BuSumm") and Papi ("Tr.", "Bu.", "Cu.", "Perf.")
    (r"busumm|buchholz-?summe|sum of opponents.? buchholz", ("OBH",)),
    (r"^soberg\.?$|^sobe\.?$", ("SB", "SB/C1")),
    # Papi's "Tr." (Buchholz tronqué) cuts the lowest score in events of up to 7 rounds, the two lowest in
    # events of 8 to 12 rounds, the three lowest beyond (the number of rounds planned, not yet played)
    (r"^tr\.?$", ("BH/C1", "BH/C2", "BH/C3")),
    (r"buchholz tronqu", ("BH/C1",)),
    (r"^bu\.?$|^buchh\.?$", ("BH", "BH/C1", "BH/C2", "BH/M1")),
    (r"^cu\.?$|cumulatif", ("PS", "CUM")),
    # Swiss-Chess's "DiVerg" (direkter Vergleich)
    (r"^diverg\.?$", ("DE",)),
    # the names German, French, Spanish and Russian rule texts give them (i18n/glossary), first: "nombre de
    # victoires" must not be read as the English "DE" below
    (r"victoires avec les noirs|schwarzsiege", ("BWG",)),
    (r"schwarzpartien|сыгранн\w* ч[её]рными", ("BPG",)),
    (r"nombre de victoires|n[úu]mero de victorias|anzahl der siege|количеств\w* побед|числ\w* (?:побед|выигранных)",
     ("WIN", "WON")),
    (r"confrontation directe|encuentro directo|direkter vergleich|личн\w* встреч", ("DE",)),
    (r"valoraci[óo]n media|средн\w* рейтинг", ("ARO", "ARO/C1")),
    (r"бергер", ("SB", "SB/C1")),
    (r"buchholz m[ée]dian|бухгольц\w* медиан", ("BH/M1", "BH/M2")),
    (r"бухгольц", ("BH", "BH/C1", "BH/C2", "BH/M1")),
    (r"scores? cumul|acumulad|acumulativ|прогресс|нарастающ", ("PS", "CUM")),
    (r"average of opponents.? buchholz|\baob\b", ("AOB",)),
    (r"fore.?buchholz", ("FB",)),
    (r"median.?buchholz|buchholz.*median", ("BH/M1", "BH/M2")),
    (r"modified median", ("MM",)),
    (r"\bmedian\b|harkness", ("MED", "BH/M1")),
    (r"buchholz|solkoff", ("BH", "BH/C1", "BH/C2", "BH/M1")),
    (r"sonneborn|berger|neustadtl", ("SB", "SB/C1")),
    (r"direct encounter|head.?to.?head|\bde\b", ("DE",)),
    (r"koya", ("KS",)),
    (r"progressive|cumulative|fortschritt", ("PS", "CUM")),
    (r"opposition cumulative|cumulative of opp", ("OCUM",)),
    (r"games won with black|\bbwg\b", ("BWG",)),
    (r"games (played )?with black|most black|\bbpg\b", ("BPG",)),
    (r"wins including byes|\(win\)", ("WIN",)),
    (r"number of wins|victories|\bwin\b", ("WIN", "WON")),
    (r"won games|games won|\bwon\b", ("WON",)),
    (r"average rating of opp|average elo|\baro\b|schnitt", ("ARO", "ARO/C1")),
    (r"performance|\btpr\b|\bperf\b|^rp\.?$", ("TPR", "PERF", "PPR")),
    (r"rounds one elected|\brep\b|\bge\b", ("REP",)),
    (r"kashdan", ("KASH",)),
)


def read_legend(legend: str | None) -> Claim | None:
    """The systems a legend line names, or None when it names none we know.

    >>> read_legend("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)")
    Claim(codes=('BH/C1',), rules=('fide',), vague=False)
    >>> read_legend("Buchholz Tie-Breaks (variabel with parameter)").vague
    True
    >>> read_legend("BH/C1 : Buchholz Cut 1").codes
    ('BH/C1',)
    """
    if not legend:
        return None
    text = legend.strip()
    low = text.lower()
    # a column headed "Perf" is any program's performance (Papi heads its own so), not only our linear PERF
    if re.fullmatch(r"perf\.?", low):
        return Claim(("TPR", "PERF", "PPR"))
    # a column headed by a code of ours ("BH", "SB/C1"), or a legend that starts with one ("BH/C1 : Buchholz Cut 1")
    if re.fullmatch(r"[A-Za-z]{2,5}(?:/[A-Za-z]\d*)*", text):
        try:
            return Claim((str(parse_code(text)),))
        except EventError:
            pass
    head = re.match(r"\s*([A-Za-z]{2,5}(?:/[A-Za-z]\d*)*)\s*[:=]", text)
    if head:
        try:
            crit = parse_code(head.group(1))
            return Claim((str(crit),), _legend_rules(low))
        except EventError:
            pass
    family: tuple[str, ...] | None = None
    for pattern, codes in _LEGEND_WORDS:
        if re.search(pattern, low):
            family = codes
            break
    if family is None:
        return None
    found_cut = re.search(r"cut\s*-?\s*(\d)|buchholz\s+-\s*(\d)\b", low)       # "Cut1"; Spanish "Buchholz -1"
    cut = (found_cut.group(1) or found_cut.group(2)) if found_cut else \
        "1" if re.search(r"tronqu|усеч[её]нн", low) else None     # "Buchholz tronqué", "усечённый": the lowest cut
    median = re.search(r"median\s*-?\s*(\d)", low)
    if family[0] in ("BH", "SB", "ARO") or family[0].startswith("BH/M"):
        base = family[0].split("/")[0]
        if cut:
            family = (f"{base}/C{cut}",)
        elif median:
            family = (f"{base}/M{median.group(1)}",)
        elif re.search(r"\btotal\b|\bfull\b|\bno cut|without cut", low):
            family = (base,)
    if re.search(r"forfeit(ed)? games? count|forfeits? as played", low) and "P" in CODES[family[0].split("/")[0]].modifiers:
        family = tuple(f"{c}/P" for c in family)
    rules = _legend_rules(low)
    vague = bool(re.search(r"variab|parameter", low)) and (len(family) > 1 or not rules)
    return Claim(family, rules, vague)


def _legend_rules(low: str) -> tuple[str, ...]:
    if "2026" in low:
        return ("fide",)
    if re.search(r"2023|2024", low):
        return ("fide2024",)
    if "2009" in low or "virtual opponent" in low:
        return ("fide2009",)
    if re.search(r"us ?chess|uscf|solkoff|adjusted", low):
        return ("uscf",)
    return ()


# -- recomputing -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setting:
    """One way of computing a column: a system under a rule set, with the option for unrated players."""

    crit: Criterion
    rules: str
    unrated: str = "off"
    #: games paired in the counted rounds but not played yet (postponed) count as games against the
    #: scheduled opponent, as forfeits do under ``/P`` (what the program behind a table may do)
    postponed_played: bool = False

    @property
    def code(self) -> str:
        return str(self.crit)

    @property
    def rule_set(self) -> RuleSet:
        """The rule set named by ``rules`` (a setting keeps the name: it is its key and what it reports)."""
        return RULE_SETS[self.rules]

    def words(self) -> str:
        """``Buchholz, with the lowest score cut, under FIDE's 2009 rules for unplayed games``: the system's name
        and one whole phrase per setting, listed with commas (a record each, for the reader's language)."""
        c = self.crit
        parts: list[str] = [CodeName(CODES[c.code].name, c.code)]
        # a cut leaves out the opponent with the lowest score, or, for an average of ratings, the lowest rating
        rating = CODES[c.code].rating_based
        if c.cut:
            parts.append((said("with the lowest rating cut") if rating else said("with the lowest score cut"))
                         if c.cut == 1 else said("with the {n} lowest ratings cut", n=c.cut) if rating
                         else said("with the {n} lowest scores cut", n=c.cut))
        if c.median:
            parts.append((said("with the highest and lowest rating cut") if rating
                          else said("with the highest and lowest score cut")) if c.median == 1
                         else said("with the {n} highest and {n} lowest ratings cut", n=c.median) if rating
                         else said("with the {n} highest and {n} lowest scores cut", n=c.median))
        if c.plain:
            parts.append(said("cutting without the exception for unplayed rounds"))
        if c.forfeits_played:
            parts.append(said("counting forfeits as games against the scheduled opponent"))
        if CODES[c.code].depends_on_rules:
            parts.append(said("under {rules}", rules=RULE_WORDS[self.rules]))
        if CODES[c.code].rating_based and self.unrated == "exclude":
            parts.append(said("leaving unrated opponents out"))
        if self.postponed_played:
            parts.append(said("counting forfeits and games not played yet as games against the scheduled opponent"))
        return Joined(parts, ", ")

    def as_json(self) -> dict[str, object]:
        return {"code": self.code, "rules": self.rules, "unrated": self.unrated,
                "postponed_played": self.postponed_played, "words": str(self.words())}


def counted_rounds(event: Event) -> int:
    """The rounds a published table counts: up to the last round with a result.  A game still to be played
    in an earlier round (postponed) counts as nothing yet, as the publishing program counts it."""
    done = (Kind.G, Kind.FW, Kind.FL)
    return max((r for row in event.entries.values() for r, e in enumerate(row, 1) if e.kind in done), default=0)


def settled(event: Event, n: int | None = None) -> Event:
    """The event as a published table counts it after ``n`` rounds (default: the rounds it counts): a game
    postponed in those rounds is a round not played, on both sides; games already paired for a later round
    stay to be played.  The other pages open the event in this form, so they rank it after the same rounds."""
    n = counted_rounds(event) if n is None else n
    first = event.first_pending_round()
    if first is None or first > n:
        return event
    rows = {t: [Entry.bye(Kind.ABS) if e.kind is Kind.SCH and r <= n else e for r, e in enumerate(row, 1)]
            for t, row in event.entries.items()}
    return event.with_entries(rows, rounds=event.rounds)


def _postponed_as_forfeits(event: Event, n: int) -> Event | None:
    """The event with every game of the counted rounds still to be played as a double forfeit (a round
    with a scheduled opponent and no points on either side), for a system read with ``/P``; None if none."""
    first = event.first_pending_round()
    if first is None or first > n:
        return None
    rows = {t: [Entry(Kind.FL, e.opponent, e.colour, ZERO) if e.kind is Kind.SCH and r <= n else e
                for r, e in enumerate(row, 1)] for t, row in event.entries.items()}
    return event.with_entries(rows, rounds=event.rounds)


class Calculator:
    """Our values under any setting, each computed once (the fast whole-field path, a ranking for DE)."""

    def __init__(self, event: Event):
        self.n = counted_rounds(event)
        self.event = settled(event, self.n)
        #: the event with each postponed game in the counted rounds as a double forfeit (None: there is none)
        self.postponed = _postponed_as_forfeits(event, self.n)
        self._fast: dict[tuple[str, str, bool], FastValues] = {}
        self._memo: dict[Setting, dict[int, Number | None]] = {}
        self._groups: dict[tuple[Setting, tuple[Setting, ...]], dict[int, Number | None]] = {}
        #: per group-dependent setting, the players in a tied group that it leaves wholly tied
        self._unseparated: dict[tuple[Setting, tuple[Setting, ...]], set[int]] = {}

    def fast(self, s: Setting) -> FastValues:
        """The fast values under ``s``'s rule set and options (shared by every setting differing only in code)."""
        key = (s.rules, s.unrated, s.postponed_played)
        if key not in self._fast:
            event = self.postponed if s.postponed_played and self.postponed is not None else self.event
            self._fast[key] = FastValues(event, s.rule_set, Options(unrated=s.unrated), n=self.n)
        return self._fast[key]

    def values(self, s: Setting, before: Sequence[Setting] = ()) -> dict[int, Number | None]:
        """Every player's value under ``s`` (for a group-dependent code, inside the groups still tied after
        points and the settings ``before``: the points scored in the games between them, 0 when alone)."""
        if s.crit.info.group_dependent:
            key = (s, tuple(b for b in before if not b.crit.info.group_dependent))
            if key not in self._groups:
                self._groups[key], self._unseparated[key] = self._encounter(s, before)
            return self._groups[key]
        if s not in self._memo:
            crit = parse_code(f"{s.crit}/P") if s.postponed_played and not s.crit.forfeits_played else s.crit
            self._memo[s] = self.fast(s).values(crit)
        return self._memo[s]

    def unseparated(self, s: Setting, before: Sequence[Setting] = ()) -> set[int]:
        """The players whose tied group ``s`` (direct encounter) leaves wholly tied: not all of them met, and
        nobody's score in the games between them is out of the others' reach."""
        self.values(s, before)
        return self._unseparated[(s, tuple(b for b in before if not b.crit.info.group_dependent))]

    def _encounter(self, s: Setting, before: Sequence[Setting]) -> tuple[dict[int, Number | None], set[int]]:
        """Direct encounter inside the groups still tied after points and the columns before it, each of
        those columns computed under its own settings (a Buchholz under the 2009 rules groups players as the
        2009 rules number them, whatever rules the direct encounter itself is read under)."""
        keys = [self.values(b) for b in before if not b.crit.info.group_dependent]
        return self.encounter_in_groups(s, self.groups(keys))

    def groups(self, columns: Sequence[Mapping[int, Number | None]]) -> list[list[int]]:
        """The players with equal points and equal values in every one of ``columns``, two or more each."""
        by: dict[tuple[object, ...], list[int]] = {}
        for t in self.event.tpns:
            values = [c.get(t) for c in columns]
            key = (self.event.score(t, self.n), *(None if x is None else Fraction(x) for x in values))
            by.setdefault(key, []).append(t)
        return [g for g in by.values() if len(g) > 1]

    def encounter_in_groups(self, s: Setting, groups: Sequence[Sequence[int]]
                            ) -> tuple[dict[int, Number | None], set[int]]:
        """Each player's points in the games between the players of his group (0 alone), and the players
        whose group it leaves wholly tied."""
        from engine.tiebreaks.context import Context
        ctx = Context(self.event, s.rule_set, Options(unrated=s.unrated), n=self.n)
        out: dict[int, Number | None] = dict.fromkeys(self.event.tpns, Fraction(0))
        unseparated: set[int] = set()
        for group in groups:
            split = ctx.split(s.crit, sorted(group), 0)
            if len(split.classes) == 1:
                unseparated.update(group)
            if split.passes:
                for t, (score, _) in split.passes[0][1].items():
                    out[t] = score
        return out, unseparated


# -- the verdict -------------------------------------------------------------------------------------------

@dataclass
class ValueCheck:
    """One published value beside ours, and why they differ."""

    tpn: int
    rank: int
    name: str
    column: str
    published: str
    ours: Number | None
    agree: bool
    #: why it differs (a record: :class:`~engine.core.said.Said`, read in the reader's language)
    why: str = ""
    #: the setting our value was computed under (None for the points column)
    setting: Setting | None = None
    #: the kind of cause found ("change:forfeit", "setting:<words>", "separates nobody", "groups"; "" none)
    cause: str = ""
    #: for a cause "setting:...", the other setting's words as a record
    cause_words: str = ""

    def as_json(self) -> dict[str, object]:
        return {"rank": self.rank, "name": self.name, "column": self.column, "published": self.published.strip(),
                "ours": None if self.ours is None else fmt(self.ours), "agree": self.agree, "why": str(self.why)}


@dataclass
class ColumnCheck:
    label: str
    legend: str | None
    setting: Setting | None
    agree: int
    total: int
    #: the runners-up: other settings and how many values each reproduces, best first
    tried: list[tuple[Setting, int]] = field(default_factory=list)
    #: what the differing values of this column have in common, once for the column ("" when fewer than two)
    pattern: str = ""

    @property
    def code(self) -> str | None:
        return self.setting.code if self.setting else None

    def summary(self) -> str:
        """``TB1: 176 of 179 reproduced under ...; 3 differ`` (``1 differs`` when one does), a record."""
        if self.total == 0:
            return said("{label}: the table prints no value in this column, so there is nothing to check",
                        label=self.label)
        if self.setting is None:
            return said("{label}: no system we know reproduces these values ({total} values)", label=self.label,
                        total=self.total)
        differ = self.total - self.agree
        if differ:
            return said_n("{label}: {agree} of {total} reproduced as {setting}; {n} differs",
                          "{label}: {agree} of {total} reproduced as {setting}; {n} differ", differ,
                          label=self.label, agree=self.agree, total=self.total, setting=self.setting.words())
        return said("{label}: {agree} of {total} reproduced as {setting}", label=self.label, agree=self.agree,
                    total=self.total, setting=self.setting.words())

    def as_json(self) -> dict[str, object]:
        return {"label": self.label, "legend": self.legend, "code": self.code,
                "settings": self.setting.as_json() if self.setting else None, "agree": self.agree, "total": self.total,
                "pattern": str(self.pattern)}


@dataclass
class Check:
    published: Published
    columns: list[ColumnCheck]
    values: list[ValueCheck]
    order_consistent: bool
    order_notes: list[str]

    @property
    def event(self) -> Event:
        return self.published.event

    def summary_lines(self) -> list[str]:
        return [c.summary() for c in self.columns]

    def differences(self) -> list[ValueCheck]:
        return [v for v in self.values if not v.agree]

    def as_json(self) -> dict[str, object]:
        ev = self.event
        return {"players": len(ev.players), "rounds": counted_rounds(ev),
                "columns": [c.as_json() for c in self.columns],
                "values": [v.as_json() for v in self.values],
                "order": {"consistent": self.order_consistent, "notes": [str(n) for n in self.order_notes]}}


def candidates(column: PublishedColumn, event: Event, postponed: bool = False) -> list[Setting]:
    """The settings tried for a column: the legend's systems under its rule sets (or all), else every system."""
    claim = read_legend(column.legend) or read_legend(column.label)
    codes: Iterable[str] = claim.codes if claim else DEFAULT_CODES
    rules: Sequence[str] = claim.rules if claim and claim.rules else RULES_TRIED
    if claim and claim.vague:       # "variabel with parameter": any cut, any rules
        rules = RULES_TRIED
    out: list[Setting] = []
    for code in codes:
        crit = parse_code(code)
        variants = [crit]
        if claim and claim.vague and crit.code in ("BH", "SB"):
            variants += [parse_code(f"{crit.code}/{m}") for m in ("C1", "C2", "M1")]
        for v in dict.fromkeys(variants):
            rule_list = rules if v.info.depends_on_rules else rules[:1]
            for r in rule_list:
                out.append(Setting(v, r))
                if v.info.rating_based and not event.rated_everyone():
                    out.append(Setting(v, r, "exclude"))
    if postponed:       # a program may count a game not played yet as played: each system read that way too
        out += [Setting(s.crit, s.rules, s.unrated, True) for s in out
                if "P" in s.crit.info.modifiers and not s.crit.info.group_dependent]
    return list(dict.fromkeys(out))


def check_published(pub: Published, search: bool = True) -> Check:
    """Recompute every published column, infer its settings, explain each difference, check the order."""
    event = pub.event
    calc = Calculator(event)
    names = {p.tpn: p.name for p in event.players}
    values: list[ValueCheck] = []
    columns: list[ColumnCheck] = []
    # the points first: a wrong score explains many tie-break differences
    if pub.points:
        ok = 0
        for tpn in pub.order:
            text = pub.points.get(tpn, "")
            ours = event.score(tpn, calc.n)
            a = agrees(ours, published_number(text))
            ok += a
            values.append(ValueCheck(tpn, pub.ranks.get(tpn, 0), names[tpn], "Pts", text, ours, a,
                                     "" if a else _points_why(event, tpn, ours, text, calc.n)))
        columns.append(ColumnCheck("Pts", None, Setting(parse_code("PTS"), "fide"), ok, len(pub.order)))
    chosen: list[Setting] = []
    for col in pub.columns:
        cands = candidates(col, event, calc.postponed is not None)
        scored: list[tuple[Setting, int]] = []
        for s in cands:
            vals = calc.values(s, chosen)
            average = s.crit.info.kind == "average"
            n = sum(agrees(vals.get(t), published_number(col.values.get(t)), average) for t in pub.order
                    if col.values.get(t, "").strip())
            scored.append((s, n))
        # the most values reproduced wins, but a system that gives everybody the same number (a cut of 2 at
        # each end after 4 rounds) explains nothing when the published numbers vary: it comes last
        varies = len({published_number(col.values.get(t)) for t in pub.order}) > 1

        def flat(s: Setting) -> bool:
            return varies and len({calc.values(s, chosen).get(t) for t in pub.order}) == 1
        scored.sort(key=lambda x: (flat(x[0]), -x[1]))
        filled = [t for t in pub.order if col.values.get(t, "").strip()]
        best = scored[0][0] if scored and scored[0][1] > 0 else None
        agree_n = scored[0][1] if best else 0
        columns.append(ColumnCheck(col.label, col.legend, best, agree_n, len(filled), scored[:6]))
        if best is None:
            for t in filled:
                values.append(ValueCheck(t, pub.ranks.get(t, 0), names[t], col.label, col.values[t], None, False,
                                         said("no tie-break system we know gives these numbers")))
            continue
        chosen.append(best)
        vals = calc.values(best, chosen[:-1])
        for t in filled:
            average = best.crit.info.kind == "average"
            a = agrees(vals.get(t), published_number(col.values[t]), average)
            values.append(ValueCheck(t, pub.ranks.get(t, 0), names[t], col.label, col.values[t], vals.get(t), a,
                                     setting=best))
    if search:
        explain_differences(calc, pub, values, [c for c in columns if c.label != "Pts"])
    for v in values:
        if not v.agree and not v.why:
            v.why = said("not searched: too many differences to try every change for each (the first ones are "
                         "explained)")
    for c in columns:
        c.pattern = column_pattern(calc, c, [v for v in values if v.column == c.label])
    consistent, notes = check_order(pub)
    return Check(pub, columns, values, consistent, notes)


def _points_why(event: Event, tpn: int, ours: Fraction, text: str, n: int) -> str:
    byes = [said("round {round}", round=r) for r, e in enumerate(event.entries[tpn][:n], 1) if e.unplayed and e.points]
    if byes:
        return said("the table prints {published} points, but the results in its own rounds add up to {ours}; the "
                    "rounds not played over the board that gave points: {rounds}", published=text.strip(),
                    ours=num(ours), rounds=Joined(byes, ", "))
    return said("the table prints {published} points, but the results in its own rounds add up to {ours}",
                published=text.strip(), ours=num(ours))


# -- why a value differs -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Change:
    """One change to the event as a program may have read it: a forfeit as a game, a bye as another kind."""

    #: the changed rows: pairing number -> round -> the entry as the program may have read it
    edits: tuple[tuple[int, int, Entry], ...]
    words: str
    #: the change is a round counted as a game against its scheduled opponent (the system's /P reading)
    as_played: bool = False


def _postponed_near(original: Event, tpn: int, n: int, names: Mapping[int, str]) -> list[Change]:
    """Games of ``tpn`` and his opponents paired in the counted rounds but not played yet (postponed): a
    program may count one as a game against the scheduled opponent, each scoring against the other's total."""
    rows = original.entries
    people = [tpn] + [e.opponent for e in rows[tpn][:n] if e.opponent is not None]
    out: list[Change] = []
    seen: set[tuple[int, int, int]] = set()
    for q in dict.fromkeys(people):
        for r, e in enumerate(rows[q][:n], 1):
            o = e.opponent
            if e.kind is Kind.SCH and o is not None and (r, min(q, o), max(q, o)) not in seen:
                seen.add((r, min(q, o), max(q, o)))
                back = rows[o][r - 1]
                out.append(Change(((q, r, Entry(Kind.FL, o, e.colour, ZERO)), (o, r, Entry(Kind.FL, q, back.colour, ZERO))),
                                  said("counts the game between {player} and {opponent} in round {round}, not played "
                                       "yet, as a game played, each scoring against the other's total",
                                       player=names[q], opponent=names[o], round=r), as_played=True))
    return out


def _changes_near(event: Event, tpn: int, n: int, names: Mapping[int, str]) -> list[Change]:
    """The plausible misreadings in ``tpn``'s own rounds and his opponents' rounds (what his values read)."""
    people = [tpn] + [e.opponent for e in event.entries[tpn][:n] if e.opponent is not None]
    out: list[Change] = []
    for q in dict.fromkeys(people):
        row = event.entries[q][:n]
        who = names[q]
        for r, e in enumerate(row, 1):
            if e.kind is Kind.FW and e.opponent is not None:
                o = e.opponent
                out.append(Change(((q, r, Entry.game(o, e.colour, ONE)),
                                   (o, r, Entry.game(q, None, ZERO))),
                                  said("counts {player}'s forfeit win in round {round} as a game won against "
                                       "{opponent}", player=who, round=r, opponent=names[o])))
            elif e.kind is Kind.FL and e.opponent is not None and event.entries[e.opponent][r - 1].kind is Kind.FW:
                o = e.opponent
                out.append(Change(((q, r, Entry.game(o, e.colour, ZERO)),
                                   (o, r, Entry.game(q, None, ONE))),
                                  said("counts {player}'s forfeit loss in round {round} as a game lost to {opponent}",
                                       player=who, round=r, opponent=names[o])))
            elif e.kind is Kind.PAB:
                out.append(Change(((q, r, Entry.bye(Kind.FPB)),),
                                  said("reads {player}'s bye from the pairing in round {round} as a full-point bye "
                                       "the player asked for", player=who, round=r)))
            elif e.kind is Kind.FPB and event.pab_points == 1:
                out.append(Change(((q, r, Entry(Kind.PAB, None, None, event.pab_points)),),
                                  said("reads {player}'s full-point bye in round {round} as a bye from the pairing",
                                       player=who, round=r)))
            elif e.kind is Kind.ZPB:
                out.append(Change(((q, r, Entry.bye(Kind.ABS)),),
                                  said("reads {player}'s zero-point bye in round {round} as an absence",
                                       player=who, round=r)))
        later = []
        for r in range(len(row), 0, -1):
            if row[r - 1].kind is not Kind.ABS:
                break
            later.append(r)
        if later and len(later) < len(row):
            rounds = sorted(later)
            out.append(Change(tuple((q, r, Entry.bye(Kind.ZPB)) for r in rounds),
                              said("reads {player}'s rounds after withdrawing ({rounds}) as zero-point byes the "
                                   "player asked for", player=who, rounds=_rounds_text(rounds))))
    return out


def _rounds_text(rounds: Sequence[int]) -> str:
    return said("round {round}", round=rounds[0]) if len(rounds) == 1 else \
        said("rounds {first} to {last}", first=rounds[0], last=rounds[-1])


def _apply(event: Event, change: Change) -> Event | None:
    rows = {t: list(row) for t, row in event.entries.items()}
    for t, r, e in change.edits:
        rows[t][r - 1] = e
    try:
        return event.with_entries(rows, rounds=event.rounds)
    except EventError:
        return None


def _setting_variants(s: Setting) -> list[tuple[Setting, str]]:
    """Other settings a program may have used for this column, with their words."""
    c = s.crit
    out: list[tuple[Setting, str]] = []
    if c.info.depends_on_rules:
        for r in RULES_TRIED:
            if r != s.rules:
                out.append((Setting(c, r, s.unrated), said("is what {rules} give", rules=RULE_WORDS[r])))
    if "P" in c.info.modifiers and not c.forfeits_played:
        crit = parse_code(str(c) + "/P")
        out.append((Setting(crit, s.rules, s.unrated),
                    said("counts forfeits as games against the scheduled opponent")))
    if c.cut and "N" in c.info.modifiers and not c.plain:
        out.append((Setting(parse_code(str(c) + "/N"), s.rules, s.unrated),
                    said("cuts the lowest score even when it is the player's own unplayed round")))
    if c.code == "WIN":
        out.append((Setting(parse_code("WON"), s.rules, s.unrated),
                    said("counts only the games won over the board (not forfeit wins or byes)")))
    elif c.code == "WON":
        out.append((Setting(parse_code("WIN"), s.rules, s.unrated), said("counts forfeit wins and byes as wins too")))
    if c.cut:
        base = parse_code(c.code)
        out.append((Setting(base, s.rules, s.unrated), said("has no cut (the full total)")))
    elif "C" in c.info.modifiers:
        out.append((Setting(parse_code(c.code + "/C1"), s.rules, s.unrated), said("cuts the lowest score")))
    return out


def explain_differences(calc: Calculator, pub: Published, values: list[ValueCheck],
                        columns: Sequence[ColumnCheck]) -> None:
    """Fill ``why`` for every differing value: the first single change that gives the published number."""
    event = calc.event
    names = {p.tpn: p.name for p in event.players}
    own_words = {name: OWN_ROUND_WORDS[rs.own_model] for name, rs in RULE_SETS.items()}
    settings = {c.label: c.setting for c in columns}
    before = _settings_before(columns)
    differing = {(d.tpn, d.column): d for d in values if not d.agree}
    changed_events: dict[Change, Event | None] = {}
    fast: dict[tuple[Change, str, str], FastValues] = {}
    searched = 0
    for v in values:
        if v.agree or v.column == "Pts" or v.why:
            continue
        s = settings.get(v.column)
        if s is None:
            continue
        pub_num = published_number(v.published)
        pub_text = num(pub_num[0]) if pub_num is not None else (v.published.strip() or said("nothing"))
        ours_text = num(v.ours) if v.ours is not None else said("no value")
        if searched >= MAX_SEARCHED:
            continue
        searched += 1
        average = s.crit.info.kind == "average"
        found: str = ""
        # one misread round first (the most specific cause), then another setting for the whole column
        if not s.crit.info.group_dependent:
            postponed = (_postponed_near(pub.event, v.tpn, calc.n, names)
                         if "P" in s.crit.info.modifiers and not s.crit.forfeits_played else [])
            for change in _changes_near(event, v.tpn, calc.n, names) + postponed:
                if change not in changed_events:
                    if len(changed_events) >= MAX_CHANGES:
                        break
                    changed_events[change] = _apply(event, change)
                changed = changed_events[change]
                if changed is None:
                    continue
                key = (change, s.rules, s.unrated)
                fv = fast.get(key)
                if fv is None:
                    fv = fast[key] = FastValues(changed, s.rule_set, Options(unrated=s.unrated), n=calc.n)
                alt_v = fv.values(parse_code(f"{s.crit}/P") if change.as_played else s.crit).get(v.tpn)
                if agrees(alt_v, pub_num, average):
                    found = said("the published {published} {change}; {treatment}, giving {ours}",
                                 published=pub_text, change=change.words, ours=ours_text,
                                 treatment=_rules_treatment(change, s, own_words, v.tpn, event, changed, calc.n,
                                                            names))
                    v.cause = "change:" + _change_kind(change)
                    break
        nearest: tuple[Fraction, Number, str] | None = None      # (distance, value, words) of the closest reading
        words: str
        if not found and not s.crit.info.group_dependent:
            for alt, words in _setting_variants(s):
                alt_v = calc.values(alt).get(v.tpn)
                if agrees(alt_v, pub_num, average):
                    if {s.crit.code, alt.crit.code} == {"WIN", "WON"}:
                        words = _win_words(event, v.tpn, calc.n, counted=alt.crit.code == "WIN") or words
                    moves = _what_moves(event, v.tpn, s, alt, calc.n, names) \
                        if alt.rules != s.rules and alt.crit == s.crit else ""
                    found = _other_setting_why(s, v, words, pub_text, ours_text, moves)
                    v.cause, v.cause_words = "setting:" + alt.words(), alt.words()
                    break
                if alt_v is not None and pub_num is not None and v.ours is not None:
                    gap = abs(Fraction(alt_v) - pub_num[0])
                    if gap < abs(Fraction(v.ours) - pub_num[0]) and (nearest is None or gap < nearest[0]):
                        reading = (said("{rules} give {value}", rules=RULE_WORDS[alt.rules], value=num(alt_v))
                                   if alt.rules != s.rules else
                                   said("a reading that {change} gives {value}", change=words, value=num(alt_v)))
                        nearest = (gap, alt_v, reading)
        if (not found and s.crit.info.group_dependent and pub_num is not None and pub_num[0] == 0
                and v.tpn in calc.unseparated(s, before[v.column])):
            found, v.cause = _separates_nobody(s, v, ours_text), "separates nobody"
        if not found and s.crit.info.group_dependent:
            found = _encounter_why(calc, pub, v, s, before[v.column], columns, pub_text, ours_text, names,
                                   differing)
            v.cause = "groups"
        if not found:
            found = _nothing_fits(s, pub_text, ours_text, nearest[2] if nearest else None)
        v.why = found


def _other_setting_why(s: Setting, v: ValueCheck, words: str, pub_text: str, ours_text: str, moves: str) -> str:
    """Another setting gives the published number: what it does, what ours gives, and what moves between them."""
    fields = dict(published=pub_text, change=words, name=v.name, setting=s.words(), ours=ours_text)
    if moves:
        return said("the published {published} {change} for {name}; with the settings that reproduce the rest of this "
                    "column ({setting}) it is {ours}; what moves: {moves}", moves=moves, **fields)
    return said("the published {published} {change} for {name}; with the settings that reproduce the rest of this "
                "column ({setting}) it is {ours}", **fields)


def _separates_nobody(s: Setting, v: ValueCheck, ours_text: str) -> str:
    """Why a published 0 differs from our direct-encounter value although the order is the same."""
    return said("the published 0 is what a program prints when {system} separates nobody: {name}'s {ours} from "
                "the games between the tied players leaves them all tied (the rules separate a player only when no "
                "other can still reach that score), so the order is the same",
                system=Lowered(CodeName(s.crit.info.name, s.crit.code)), name=v.name, ours=ours_text)


def _nothing_fits(s: Setting, pub_text: str, ours_text: str, nearest: str | None) -> str:
    """What was tried when no single change gives the published number, and the nearest reading."""
    fields = dict(published=pub_text, ours=ours_text, setting=s.words())
    if nearest:
        return said("published {published}, ours {ours} ({setting}): no single change we tried gives the published "
                    "number (we tried another rule set, a cut, forfeits as games, one unplayed round read as another "
                    "kind, a withdrawal read as byes); the nearest: {nearest}", nearest=nearest, **fields)
    return said("published {published}, ours {ours} ({setting}): no single change we tried gives the published "
                "number (we tried another rule set, a cut, forfeits as games, one unplayed round read as another "
                "kind, a withdrawal read as byes); none of them comes nearer than ours", **fields)


def _settings_before(columns: Sequence[ColumnCheck]) -> dict[str, list[Setting]]:
    """For each column, the settings of the columns before it: a group-dependent criterion (direct encounter)
    is worked out inside the groups those columns make."""
    before: dict[str, list[Setting]] = {}
    acc: list[Setting] = []
    for c in columns:
        before[c.label] = list(acc)
        if c.setting:
            acc.append(c.setting)
    return before


def _what_moves(event: Event, tpn: int, s: Setting, alt: Setting, n: int, names: Mapping[int, str]) -> str:
    """Between two rule sets, what really moves in one player's value: the opponents whose score each rule
    set counts differently, and the player's own unplayed rounds (each rule set has its own stand-in)."""
    from engine.tiebreaks.context import Context
    ours = Context(event, s.rule_set, Options(unrated=s.unrated), n=n).table()
    theirs = Context(event, alt.rule_set, Options(unrated=alt.unrated), n=n).table()
    parts: list[str] = []
    for e in event.entries[tpn][:n]:
        o = e.opponent
        if o is not None and e.kind.has_opponent and ours.adjusted[o] != theirs.adjusted[o]:
            part = said("{opponent}'s score counts {theirs} under {their_rules} and {ours} under {our_rules}",
                        opponent=names[o], theirs=num(theirs.adjusted[o]), their_rules=term("rule set", alt.rule_set.short),
                        ours=num(ours.adjusted[o]), our_rules=term("rule set", s.rule_set.short))
            if part not in parts:
                parts.append(part)
    own = [r for r, e in enumerate(event.entries[tpn][:n], 1) if e.unplayed]
    if own:
        fields = dict(player=names[tpn], their_words=OWN_ROUND_WORDS[alt.rule_set.own_model],
                      their_rules=term("rule set", alt.rule_set.short), our_words=OWN_ROUND_WORDS[s.rule_set.own_model],
                      our_rules=term("rule set", s.rule_set.short))
        parts.append(said("{player}'s own unplayed round {round} counts as {their_words} under {their_rules} and as "
                          "{our_words} under {our_rules}", round=own[0], **fields) if len(own) == 1 else
                     said("{player}'s own unplayed rounds {rounds} count as {their_words} under {their_rules} and as "
                          "{our_words} under {our_rules}", rounds=Joined(own, ", "), **fields))
    if not parts:
        return ""
    moves: str = parts[0]
    for later in parts[1:]:
        moves = said("{earlier}; and {later}", earlier=moves, later=later)
    return moves


def _encounter_why(calc: Calculator, pub: Published, v: ValueCheck, s: Setting, before: Sequence[Setting],
                   columns: Sequence[ColumnCheck], pub_text: str, ours_text: str, names: Mapping[int, str],
                   differing: Mapping[tuple[int, str], ValueCheck]) -> str:
    """Why a direct-encounter value differs, from the tied groups themselves: the group the table's own
    numbers put the player in (equal printed points and equal printed values in the columns before) against
    the group ours put him in, and the direct encounter inside each."""
    labels = [c.label for c in columns[:next(i for i, c in enumerate(columns) if c.label == v.column)]]
    after = Listed([said("points"), *labels])
    ours_group = next((g for g in calc.groups([calc.values(b) for b in before if not b.crit.info.group_dependent])
                       if v.tpn in g), [v.tpn])
    printed = [pub.points] if pub.points else []
    printed += [next(c.values for c in pub.columns if c.label == lab) for lab in labels]

    def key(t: int) -> tuple[object, ...]:
        return tuple((published_number(col.get(t)) or (None,))[0] for col in printed)
    table_group = [t for t in pub.order if key(t) == key(v.tpn)] if printed else [v.tpn]

    def who(group: Sequence[int]) -> str:
        others = [names[t] for t in group if t != v.tpn]
        if not others:
            return said("nobody")
        if len(others) > 6:
            return said("{names} and {n} more", names=Listed(others[:6]), n=len(others) - 6)
        return Listed(others)
    if sorted(table_group) == sorted(ours_group):
        return _same_group_why(calc, v, s, before, labels, after, ours_group, pub_text, ours_text, names)
    in_table = calc.encounter_in_groups(s, [table_group] if len(table_group) > 1 else [])[0].get(v.tpn)
    fields = dict(name=v.name, after=after, group=who(table_group))
    table_words = (said("the table's own numbers tie {name} after {after} with {group}, and the games between them "
                        "give exactly the published {published}", published=pub_text, **fields)
                   if agrees(in_table, published_number(v.published)) else
                   said("the table's own numbers tie {name} after {after} with {group}, where the games between them "
                        "give {value}", value=num(in_table) if in_table is not None else said("nothing"), **fields))
    parting = _differing(differing, set(table_group) | set(ours_group), labels, names)
    fields = dict(published=pub_text, ours=ours_text, table=table_words, name=v.name, group=who(ours_group))
    if parting:
        return said("published {published}, ours {ours}: {table}; our numbers tie {name} with {group}; the groups "
                    "part at {parting}", parting=parting, **fields)
    return said("published {published}, ours {ours}: {table}; our numbers tie {name} with {group}", **fields)


def _same_group_why(calc: Calculator, v: ValueCheck, s: Setting, before: Sequence[Setting], labels: Sequence[str],
                    after: str, group: Sequence[int], pub_text: str, ours_text: str, names: Mapping[int, str]) -> str:
    """The table's numbers and ours tie the player with the same players: a sentence that holds ("the
    tied groups are the same, so the games between them are counted differently" was said of a player tied with
    nobody).  The group and the games inside it, or the reading that fits: the games between everybody on the
    same points, before the columns before separate them."""
    if labels and agrees(calc.values(s, ()).get(v.tpn), published_number(v.published)):
        cols = Listed(labels)
        return said_n("the published {published} counts the games between all the players on {name}'s points, "
                      "before {columns} separates them; counted inside the group still tied after {columns}, as the "
                      "rules do, it is {ours}",
                      "the published {published} counts the games between all the players on {name}'s points, "
                      "before {columns} separate them; counted inside the group still tied after {columns}, as the "
                      "rules do, it is {ours}", len(labels), published=pub_text, name=v.name, columns=cols,
                      ours=ours_text)
    fields = dict(published=pub_text, ours=ours_text, after=after, name=v.name)
    others = [t for t in group if t != v.tpn]
    if not others:
        return said("published {published}, ours {ours}: after {after}, the table's numbers and ours leave {name} "
                    "tied with nobody, so there are no games between tied players to count; no single change we "
                    "tried gives the published number", **fields)
    met = [t for t in others if any(e.opponent == t and e.kind.has_opponent
                                    for e in calc.event.entries[v.tpn][:calc.n])]
    games = (said("they did not play each other") if not met and len(others) == 1 else
             said("{name} played none of them", name=v.name) if not met else
             said("{name} played {opponents} of them", name=v.name, opponents=Listed([names[t] for t in met])))
    fields.update(players=Listed([names[t] for t in others]), games=games)
    if labels:
        return said("published {published}, ours {ours}: after {after}, the table's numbers and ours tie {name} "
                    "with the same players ({players}); {games}, which gives {ours}; no single change we tried gives "
                    "the published number (we also counted the games between all the players on the same points)",
                    **fields)
    return said("published {published}, ours {ours}: after {after}, the table's numbers and ours tie {name} with "
                "the same players ({players}); {games}, which gives {ours}; no single change we tried gives the "
                "published number", **fields)


def _differing(differing: Mapping[tuple[int, str], ValueCheck], people: set[int], labels: Sequence[str],
               names: Mapping[int, str]) -> str:
    """Where the groups part: the values of the columns before that differ from ours for these players."""
    found = [differing[(t, lab)] for lab in ["Pts", *labels] for t in sorted(people) if (t, lab) in differing]
    if not found:
        return ""
    parts = [said("{name}'s {column} (published {published}, ours {ours})", name=names[d.tpn], column=d.column,
                  published=d.published.strip(), ours=num(d.ours) if d.ours is not None else said("none"))
             for d in found[:4]]
    if len(found) > 4:
        return said("{names} and {n} more", names=Listed(parts), n=len(found) - 4)
    return Listed(parts)


def _change_kind(change: Change) -> str:
    if change.as_played:
        return "postponed"
    if "forfeit" in change.words:
        return "forfeit"
    if "withdrawing" in change.words:
        return "withdrawal"
    return "bye"


#: one cause shared by every difference of a column, in words ("{n}" the number of differences)
_CAUSE_WORDS: Mapping[str, str] = {
    "change:forfeit": said("each comes from a forfeit counted as a game against the scheduled opponent"),
    "change:bye": said("each comes from a bye read as another kind of bye"),
    "change:withdrawal": said("each comes from the rounds after a withdrawal read as byes the player asked for"),
    "change:postponed": said("each comes from a game not played yet counted as played"),
    "separates nobody": said("the table prints 0 where direct encounter separates nobody (the tied players did not "
                             "all meet, and nobody's score in their games is out of the others' reach)"),
    "groups": said("each comes from the tied groups: the table's own numbers in the columns before tie other "
                   "players"),
}

#: what a player may have that the others do not, in words, for the column's pattern
_TRAITS: tuple[tuple[str, str], ...] = (
    ("own", said("every player who differs has an unplayed round of their own (a bye, a forfeit or an absence)")),
    ("opponent", said("every player who differs met an opponent who has an unplayed round")),
    ("forfeit", said("every player who differs has a forfeit, won or lost")),
    ("withdrew", said("every player who differs withdrew (absent in every round after some point)")),
)


def _traits(event: Event, tpn: int, n: int) -> set[str]:
    row = event.entries[tpn][:n]
    out = set()
    if any(e.unplayed for e in row):
        out.add("own")
    if any(e.opponent is not None and any(x.unplayed for x in event.entries[e.opponent][:n]) for e in row):
        out.add("opponent")
    if any(e.kind in (Kind.FW, Kind.FL) for e in row):
        out.add("forfeit")
    if row and row[-1].kind is Kind.ABS and any(e.kind is not Kind.ABS for e in row):
        out.add("withdrew")
    return out


def column_pattern(calc: Calculator, column: ColumnCheck, values: Sequence[ValueCheck]) -> str:
    """What the differences of one column share, said once for the column, then the players.

    One cause for all ("each comes from a forfeit counted as a game"), and what sets the differing players
    apart ("every player who differs has an unplayed round of his own, and no other player has one"); where no
    single cause fits, what was tried and what they have in common.
    """
    diffs = [v for v in values if not v.agree]
    if len(diffs) < 2 or column.setting is None:
        return ""
    event = calc.event
    traits = {v.tpn: _traits(event, v.tpn, calc.n) for v in values}
    differing = {v.tpn for v in diffs}
    shared = []
    agreeing = [t for t in traits if t not in differing]
    for key, words in _TRAITS:
        if all(key in traits[t] for t in differing):
            others = [t for t in agreeing if key in traits[t]]
            if 2 * len(others) >= len(agreeing) and others:
                continue        # most players who agree have it too: it sets nobody apart
            shared.append(said("{trait}, and no other player does", trait=words) if not others else
                          said("{trait} (so do {n} who agree)", n=len(others), trait=words))
    causes = {v.cause for v in diffs}
    who = Joined(shared, "; ")
    names = Joined([v.name for v in diffs[:8]], ", ")
    listed = said("{names} and {n} more", names=names, n=len(diffs) - 8) if len(diffs) > 8 else names
    fields = dict(label=column.label, n=len(diffs), listed=listed, common=who)
    if len(causes) == 1 and "" not in causes:
        cause = causes.pop()
        if cause.startswith("setting:"):
            words = next((v.cause_words for v in diffs if v.cause_words), cause[8:])
            text: str = said("each is what another setting gives: {setting}", setting=words)
        else:
            text = _CAUSE_WORDS.get(cause, said("each has the same cause"))
        if shared:
            return said("{label}: {n} differ, with one cause: {cause}; {common} ({listed})", cause=text, **fields)
        return said("{label}: {n} differ, with one cause: {cause} ({listed})", cause=text, **fields)
    if shared:
        return said("{label}: {n} differ: no single change fits them all (we tried another rule set, a cut, forfeits "
                    "as games, one unplayed round read as another kind, a withdrawal read as byes); what they have "
                    "in common: {common} ({listed})", **fields)
    return said("{label}: {n} differ: no single change fits them all (we tried another rule set, a cut, forfeits as "
                "games, one unplayed round read as another kind, a withdrawal read as byes); they share nothing we "
                "can name (an unplayed round, an opponent's unplayed round, a forfeit, a withdrawal) ({listed})",
                **fields)


def _win_words(event: Event, tpn: int, n: int, counted: bool) -> str:
    """The player's own rounds that make the difference between WIN and WON, in words: "does not count the
    bye from the pairing in round 1 as a win" (an empty string when there is none)."""
    rounds = [said("the {kind} in round {round}", kind=e.kind.description, round=r)
              for r, e in enumerate(event.entries[tpn][:n], 1) if e.unplayed and e.is_win]
    if not rounds:
        return ""
    listed = rounds[0] if len(rounds) == 1 else said("{earlier} and {last}", earlier=Joined(rounds[:-1], ", "),
                                                     last=rounds[-1])
    return said("counts {rounds} as a win too", rounds=listed) if counted else \
        said("does not count {rounds} as a win", rounds=listed)


def _rules_treatment(change: Change, s: Setting, own_words: Mapping[str, str], tpn: int, event: Event,
                     changed: Event, n: int, names: Mapping[int, str]) -> str:
    """How the rules count what the change misread, in words: for a round of the player's own, what the rule
    set makes of his unplayed round; for an opponent's round, what really moves, that opponent's score as
    the player's value reads it."""
    own = any(t == tpn for t, _, _ in change.edits)
    if not own and not change.as_played and s.crit.info.reach and s.crit.info.depends_on_rules:
        from engine.tiebreaks.context import Context
        opp = change.edits[0][0]
        ours = Context(event, s.rule_set, Options(unrated=s.unrated), n=n).table()
        theirs = Context(changed, s.rule_set, Options(unrated=s.unrated), n=n).table()
        if ours.adjusted[opp] != theirs.adjusted[opp]:
            note = ours.adjusted_note[opp]
            how = (said("under {rules}, {note}", rules=RULE_WORDS[s.rules], note=note) if note else
                   said("under {rules}, {opponent}'s score counts as it stands, {score}", rules=RULE_WORDS[s.rules],
                        opponent=names[opp], score=num(ours.adjusted[opp])))
            return said("read that way, {opponent}'s score counts as {score} in {player}'s {system}; {how}",
                        opponent=names[opp], score=num(theirs.adjusted[opp]), player=names[tpn],
                        system=CodeName(s.crit.info.name, s.crit.code), how=how)
        return said("the rules count {opponent}'s round as the kind the table shows", opponent=names[opp])
    if "forfeit" in change.words:
        return said("the rules count a forfeit as an unplayed round, which {rules} treat as {treatment}",
                    rules=RULE_WORDS[s.rules], treatment=own_words[s.rules])
    if change.as_played:
        return said("the rules count a game not played yet as a round not played")
    if "withdrawing" in change.words:
        return said("the rules count rounds after a withdrawal as absences, not as byes the player asked for")
    return said("the rules count the round as the kind the table shows")


# -- the order ---------------------------------------------------------------------------------------------

def check_order(pub: Published) -> tuple[bool, list[str]]:
    """Is the published order consistent with its own points and tie-break numbers, read in the declared order?

    For each pair of neighbouring rows: the upper must not have fewer points; with equal points, the first
    tie-break column on which they differ must favour the upper row (lower is better only for systems whose
    legend says so).  Equal everywhere with different ranks is allowed (a criterion not printed, lots).
    """
    notes: list[str] = []
    cols = [(c, _better_is_higher(c)) for c in pub.columns]
    order = list(pub.order)
    for up, down in zip(order, order[1:]):
        ru, rd = pub.ranks.get(up, 0), pub.ranks.get(down, 0)
        pu, pd = published_number(pub.points.get(up)), published_number(pub.points.get(down))
        if ru and rd and ru > rd:
            notes.append(said("rows {upper} and {lower} are printed in the wrong order", upper=ru, lower=rd))
            continue
        if pu is not None and pd is not None:
            if pu[0] < pd[0]:
                notes.append(said("rows {upper} and {lower}: {upper} has {points} points against {other}, yet is above",
                                  upper=ru, lower=rd, points=num(pu[0]), other=num(pd[0])))
                continue
            if pu[0] > pd[0]:
                continue
        for c, higher in cols:
            a, b = published_number(c.values.get(up)), published_number(c.values.get(down))
            if a is None or b is None or a[0] == b[0]:
                continue
            if (a[0] < b[0]) == higher:
                notes.append(said("rows {upper} and {lower} have equal points and {column} {value} against {other}, "
                                  "yet {upper} is above {lower}", upper=ru, lower=rd, column=c.label, value=num(a[0]),
                                  other=num(b[0])))
            break
        else:
            if ru and rd and ru == rd:
                continue
    return (not notes, notes)


def _better_is_higher(col: PublishedColumn) -> bool:
    claim = read_legend(col.legend) or read_legend(col.label)
    if claim and claim.codes:
        try:
            return parse_code(claim.codes[0]).higher_is_better
        except EventError:
            return True
    return True


def working(event: Event, tpn: int, setting: Setting, before: Sequence[Setting] = ()) -> str:
    """Our working for one player and one column, as text (the trace of the engine's calculator)."""
    from engine.core.render import trace_text
    return trace_text(working_result(event, tpn, setting, before), event.player(tpn).name)


def working_result(event: Event, tpn: int, setting: Setting, before: Sequence[Setting] = ()) -> Result:
    """Our value for one player and one column with its trace (what :func:`working` writes; the app writes it in
    the reader's language)."""
    from engine.ranking.standings import explain
    crits = [b.crit for b in before if b.crit.code != setting.crit.code]
    rules = setting.rule_set
    if setting.crit.info.group_dependent:
        # the tied groups are those of the columns before, under the rules found for them
        rules = next((b.rule_set for b in before if b.crit.info.depends_on_rules), rules)
    o = ordering_of(crits + [setting.crit] if setting.crit.info.group_dependent else [setting.crit], rules,
                    Options(unrated=setting.unrated))
    return explain(settled(event), tpn, setting.crit, o)      # after the rounds the table counts


def preceding(check: Check, label: str) -> list[Setting]:
    """The settings of the columns before ``label`` (what a direct encounter column was ranked after)."""
    out: list[Setting] = []
    for c in check.columns:
        if c.label == label:
            break
        if c.setting is not None and c.label != "Pts":
            out.append(c.setting)
    return out

