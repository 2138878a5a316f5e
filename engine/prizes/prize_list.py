"""A prize list: place and class prizes, cash or indivisible (a trophy), who is eligible for each.

The list is checked as a whole (:func:`prize_list`): names unique, one cash prize and one trophy at most per
place, at most :data:`~engine.core.limits.MAX_PRIZES` prizes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from engine.core.errors import EventError
from engine.core.limits import MAX_PRIZES, check_count, check_name
from engine.core.model import Player
from engine.core.said import Joined, Ordinal, said
from engine.prizes.money import cash

KINDS = ("place", "class")

#: custom eligibility tests a prize can name (besides rating and age bounds)
PREDICATES: Mapping[str, tuple[str, Callable[[Player], bool]]] = {
    "unrated": (said("unrated players"), lambda p: p.rating is None),
    "female": (said("women and girls"), lambda p: p.sex.strip().upper() in ("F", "W")),
}

#: the key of a prize's class: lowest rating, highest rating, highest age, other condition
Eligibility = tuple[int | None, int | None, int | None, str | None]


@dataclass(frozen=True)
class Prize:
    """One prize of the prize list.

    ``amount`` is in cents; None means a trophy only (no cash).  A place prize has a ``place`` (1 =
    first).  A class prize has at least one eligibility bound: ``rating_max`` and ``rating_min`` are
    inclusive (an "under 1800" prize is ``rating_max=1799``), ``age_max`` is inclusive, ``predicate``
    names a test of :data:`PREDICATES`.  Unrated players and players of unknown age are not eligible
    for a rating- or age-bounded prize.  ``indivisible`` marks trophies, titles and qualifying spots:
    they go by tie-break order and are never shared.
    """

    name: str
    amount: int | None = None
    kind: str = "place"
    place: int | None = None
    rating_max: int | None = None
    rating_min: int | None = None
    age_max: int | None = None
    predicate: str | None = None
    indivisible: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise EventError(said("every prize needs a name"))
        check_name(said("a prize's name"), self.name)
        if self.kind not in KINDS:
            raise EventError(said("prize {name}: type must be place or class, not {kind}", name=repr(self.name),
                                  kind=repr(self.kind)))
        if self.amount is not None and self.amount < 0:
            raise EventError(said("prize {name}: the amount cannot be negative", name=repr(self.name)))
        if self.amount is None and not self.indivisible:
            object.__setattr__(self, "indivisible", True)     # no cash: a trophy
        if self.kind == "place":
            if self.place is None or self.place < 1:
                raise EventError(said("prize {name}: a place prize needs its place (1 for first)", name=repr(self.name)))
        elif not self.restricted:
            raise EventError(said("prize {name}: a class prize needs a rating, age or other eligibility rule",
                                  name=repr(self.name)))
        if self.predicate is not None and self.predicate not in PREDICATES:
            raise EventError(said("prize {name}: unknown eligibility {predicate}; known: {known}", name=repr(self.name),
                                  predicate=repr(self.predicate), known=", ".join(PREDICATES)))
        if self.rating_min is not None and self.rating_max is not None and self.rating_min > self.rating_max:
            raise EventError(said("prize {name}: the minimum rating is above the maximum", name=repr(self.name)))

    @property
    def restricted(self) -> bool:
        return any(v is not None for v in (self.rating_max, self.rating_min, self.age_max, self.predicate))

    @property
    def cash(self) -> bool:
        """Cash that can be shared (an indivisible prize is never pooled, whatever its value)."""
        return self.amount is not None and not self.indivisible

    @property
    def value(self) -> int:
        return self.amount or 0

    @property
    def eligibility(self) -> Eligibility:
        """The key of the prize's class: prizes with equal keys form one class (U2400 1st and 2nd)."""
        return (self.rating_min, self.rating_max, self.age_max, self.predicate)

    def eligible(self, player: Player) -> bool:
        """Can ``player`` win this prize?  Place prizes: everyone."""
        if self.rating_max is not None and (player.rating is None or player.rating > self.rating_max):
            return False
        if self.rating_min is not None and (player.rating is None or player.rating < self.rating_min):
            return False
        if self.age_max is not None and (player.age is None or player.age > self.age_max):
            return False
        if self.predicate is not None and not PREDICATES[self.predicate][1](player):
            return False
        return True

    def eligibility_text(self) -> str:
        """``rated 1799 or below``, ``aged 12 or under`` ... (``everyone`` for a place prize)."""
        parts: list[str] = []
        if self.rating_min is not None and self.rating_max is not None:
            parts.append(said("rated {low}–{high}", low=self.rating_min, high=self.rating_max))
        elif self.rating_max is not None:
            parts.append(said("rated {rating} or below", rating=self.rating_max))
        elif self.rating_min is not None:
            parts.append(said("rated {rating} or above", rating=self.rating_min))
        if self.age_max is not None:
            parts.append(said("aged {age} or under", age=self.age_max))
        if self.predicate is not None:
            parts.append(PREDICATES[self.predicate][0])
        return Joined(parts, ", ") if parts else said("everyone")

    def describe(self, currency: str = "$") -> str:
        """``1st ($300.00)``, ``Best junior (trophy)``, ``Qualifying spot ($100.00, indivisible)``."""
        if self.amount is None:
            return said("{prize} (trophy)", prize=self.name)
        if self.indivisible:
            return said("{prize} ({amount}, indivisible)", prize=self.name, amount=cash(self.amount, currency))
        return said("{prize} ({amount})", prize=self.name, amount=cash(self.amount, currency))


def prize_list(prizes: Iterable[Prize]) -> tuple[Prize, ...]:
    """Validate a prize list: names unique, one cash prize and one trophy at most per place."""
    out = tuple(prizes)
    check_count(said("the number of prizes"), len(out), MAX_PRIZES)
    names: set[str] = set()
    places: set[tuple[int, bool]] = set()
    for p in out:
        if p.name in names:
            raise EventError(said("two prizes are called {name}: give each prize its own name", name=repr(p.name)))
        names.add(p.name)
        if p.kind == "place":
            key = (p.place or 0, p.indivisible)
            if key in places:
                place = Ordinal(p.place or 0)
                raise EventError(said("two trophies for {place} place: merge them into one prize", place=place)
                                 if p.indivisible else
                                 said("two cash prizes for {place} place: merge them into one prize", place=place))
            places.add(key)
    return out
