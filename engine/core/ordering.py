"""How an event is ranked: points, then a list of criteria, under a rule set, with options.

Every part of the engine that ranks (standings, explain, the comparison of orderings, why one player is
above another, what would flip it, share links, the simulation) takes one :class:`Ordering`, and the app's
chooser makes one.  What a person typed or chose (``"bh/c1, sb"``, ``"uscf"``, a preset's name) becomes an
ordering in one place, :func:`ordering_of`: codes are parsed (case, aliases, modifiers), points and repeated
codes dropped, the rule set looked up, and anything unknown refused with one clear line.

"After which round" is resolved in one place too, :func:`rounds_counted`; a round the event does not have
raises :class:`RoundOutOfRange`, whose words each reader (the app, the command line) can phrase for itself.

>>> o = ordering_of("mm, solkoff bh/c1", "uscf")
>>> o.codes, o.rules.name, o.label
(('MM', 'BH', 'BH/C1'), 'uscf', 'custom · uscf')
>>> ordering_of(preset="fide-rr").label, ordering_of(preset="fide-rr", rules="uscf").label
('fide-rr', 'fide-rr · uscf')
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Sequence, Union

from engine.core.codes import Criterion, parse_code, parse_codes
from engine.core.errors import EventError
from engine.core.model import Event
from engine.core.presets import PRESETS, preset_for
from engine.core.presets import preset as find_preset
from engine.core.rules import Options, RuleSet, rule_set
from engine.core.said import said

#: the name of an ordering that is not a preset
CUSTOM = "custom"

#: points: always the first criterion, never listed in an ordering
PTS = Criterion("PTS")


@dataclass(frozen=True)
class Ordering:
    """Points, then :attr:`criteria` in turn, under :attr:`rules` with :attr:`options`.

    ``preset`` is the preset the criteria come from (None for a list of one's own); ``name`` is how a
    screen names it when the usual :attr:`label` will not do (the comparison's "yours · fide").
    """

    criteria: tuple[Criterion, ...]
    rules: RuleSet
    options: Options = field(default_factory=Options)
    preset: str | None = None
    name: str = ""

    @property
    def codes(self) -> tuple[str, ...]:
        """The criteria after points as codes: ``("BH/C1", "SB")``."""
        return tuple(str(c) for c in self.criteria)

    @property
    def ranked(self) -> list[Criterion]:
        """Every criterion applied, points first."""
        return [PTS, *self.criteria]

    @property
    def label(self) -> str:
        """``uscf`` (a preset under its own rule set), ``uscf · fide`` (under another) or ``custom · fide``."""
        if self.name:
            return self.name
        if self.preset is not None and PRESETS[self.preset].rules == self.rules.name:
            return self.preset
        return f"{self.preset or CUSTOM} · {self.rules.name}"

    @staticmethod
    def from_preset(name: str, rules: RuleSet | str | None = None, options: Options | None = None) -> "Ordering":
        """A preset's ordering, under its own rule set or ``rules``."""
        return ordering_of(preset=name, rules=rules, options=options)

    def named(self, name: str) -> "Ordering":
        return replace(self, name=name)

    def with_options(self, options: Options) -> "Ordering":
        return replace(self, options=options)


#: what the ranking functions accept besides an :class:`Ordering`: codes as one text or a list
Criteria = Union[str, Sequence[Union[str, Criterion]]]


def ordering_of(criteria: Ordering | Criteria | None = None, rules: RuleSet | str | None = None,
             options: Options | None = None, *, preset: str | None = None, name: str = "") -> Ordering:
    """The ordering meant by what a person typed or chose; :class:`EventError` for anything unknown.

    ``criteria`` may be an :class:`Ordering` already (then ``rules`` and ``options``, when given, replace
    its own), a text of codes (``"MM, BH/C1"``), or a list of codes or parsed criteria.  With ``preset``
    and no criteria, the preset's list; without ``rules``, the preset's rule set, else FIDE's.  When the
    criteria are exactly a preset's, the ordering says so (the app shows that preset as chosen).
    """
    if isinstance(criteria, Ordering):
        o = criteria
        if rules is not None:
            o = replace(o, rules=_rules(rules))
        if options is not None:
            o = replace(o, options=options)
        return replace(o, name=name) if name else o
    p = find_preset(preset) if preset not in (None, CUSTOM) else None
    if criteria is None:
        crits = p.criteria if p is not None else []
    elif isinstance(criteria, str):
        crits = parse_codes(criteria) if criteria.strip() else []
    else:
        crits = [c if isinstance(c, Criterion) else parse_code(c) for c in criteria if str(c).strip()]
    unique = tuple(dict.fromkeys(c for c in crits if c.code != "PTS"))
    codes = tuple(str(c) for c in unique)
    if p is None or tuple(p.codes) != codes:
        found = preset_for(codes) if preset != CUSTOM else None
        p = PRESETS[found] if found is not None else None
    chosen = _rules(rules if rules is not None else (p.rules if p is not None else "fide"))
    return Ordering(unique, chosen, options or Options(), p.name if p is not None else None, name)


def _rules(rules: RuleSet | str) -> RuleSet:
    return rule_set(rules) if isinstance(rules, str) else rules


class RoundOutOfRange(EventError):
    """Asked to rank after a round the event does not have.

    The message says it in plain words; ``requested`` and ``rounds`` let the command line name its
    option and the app its field.
    """

    def __init__(self, requested: int, rounds: int):
        super().__init__(said("the event has rounds 1 to {rounds}, so it cannot be ranked after round {round}",
                              rounds=rounds, round=requested))
        self.requested = requested
        self.rounds = rounds


def rounds_counted(event: Event, options: Options) -> int:
    """How many rounds are counted: the round the options ask for, else the last round with a result.

    A round the event does not have raises :class:`RoundOutOfRange`; a round from the first one with games
    still to be played on has no standings yet (:class:`EventError`).
    """
    n = options.round
    if n is None:
        return event.last_result_round()
    if n < 1 or n > event.rounds:
        raise RoundOutOfRange(n, event.rounds)
    first_pending = event.first_pending_round()
    if first_pending is not None and n >= first_pending:
        raise EventError(said("round {round} still has games to be played; standings exist up to round {last}",
                              round=first_pending, last=first_pending - 1))
    return n
