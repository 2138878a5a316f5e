"""What one player needs, in words: for each result of her own last game, the places it leads to and
the one to three other games that decide between them.

Everything is read from a forecast's enumeration (or its sample), never written by hand: within the
outcomes where she wins (then draws, then loses), we look for the smallest set of other games whose
results alone fix her place.  When no set of up to three games fixes it completely, the set that
explains the most probability is named and the sentence says "usually".

Each sentence is a :class:`~engine.core.said.Said` record (its English text, and the templates another language
writes it from): the places are :class:`~engine.core.said.Place` records, the chances written as percentages.

>>> from engine.forecast.needs import outcome_phrase
>>> outcome_phrase(frozenset({0, 1}), "Ann", "Bob")
'Ann does not lose to Bob'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal, Sequence, TypeAlias

from engine.core.errors import EventError
from engine.core.model import Event, PendingGame
from engine.core.said import Joined, Listed, Place, Said, said
from engine.core.words import spoken_name
from engine.forecast.places import Chance, Forecast, chance_text

#: her own game's result, or "result" when she has no game left (one branch then)
Result: TypeAlias = Literal["win", "draw", "loss", "result"]
#: one outcome as a branch reads it: every relevant game's result (0, 1, 2 from White's side), its chance,
#: her place
_Row: TypeAlias = tuple[tuple[int, ...], Chance, int]

_RESULTS: tuple[Result, ...] = ("win", "draw", "loss")
#: her result -> the game outcome (from White's side) that gives it, for White and for Black
_CODE: dict[tuple[Result, bool], int] = {("win", True): 0, ("draw", True): 1, ("loss", True): 2,
         ("win", False): 2, ("draw", False): 1, ("loss", False): 0}
_NOUN: dict[Result, Said] = {"win": said("A win"), "draw": said("A draw"), "loss": said("A loss")}
MAX_DECIDING = 3


def outcome_phrase(outcomes: frozenset[int], white: str, black: str) -> Said:
    """A set of a game's outcomes (0 White wins, 1 draw, 2 Black wins) in words."""
    words = {
        frozenset({0}): said("{winner} beats {loser}", winner=white, loser=black),
        frozenset({2}): said("{winner} beats {loser}", winner=black, loser=white),
        frozenset({1}): said("{white} and {black} draw", white=white, black=black),
        frozenset({0, 1}): said("{player} does not lose to {opponent}", player=white, opponent=black),
        frozenset({1, 2}): said("{player} does not lose to {opponent}", player=black, opponent=white),
        frozenset({0, 2}): said("{white}–{black} is not drawn", white=white, black=black),
    }
    return words.get(frozenset(outcomes), said("{white}–{black} ends any way", white=white, black=black))


@dataclass
class Branch:
    """One result of hers: its chance, the places it leads to (chances given that result), the deciding
    games and the sentence."""

    result: Result
    chance: Chance
    places: dict[int, Chance]           #: her place -> its chance given this result
    deciding: list[PendingGame] = field(default_factory=list)
    exact_rule: bool = True
    text: str = ""                      #: a :class:`~engine.core.said.Said` record once the branch is read


@dataclass
class Conditions:
    """What one player needs: a branch per result of her own last game (one when she has none left)."""

    player: int
    game: PendingGame | None
    branches: list[Branch]

    def sentences(self) -> list[str]:
        return [b.text for b in self.branches]


def _place_words(place: int, lumped: int | None) -> str:
    return said("{place} place or lower", place=Place(place - 1)) if lumped is not None and place == lumped \
        else Place(place)


def conditions(event: Event, fc: Forecast, player: int) -> Conditions:
    """The conditions for ``player`` read from ``fc`` (a forecast of her place, exact or sampled)."""
    if not fc.outcomes:
        raise EventError(said("the forecast kept no outcomes to read conditions from; ask about one player"))
    games = fc.relevant
    mine = next((i for i, g in enumerate(games) if player in (g.white, g.black)), None)
    name = event.player(player).name
    lumped = fc.lumped()
    if mine is None:
        rows = [(o, p, places[player]) for o, p, places in fc.outcomes]
        branch = _branch("result", rows, games, None, event, lumped, said("{name} has no game left:", name=name),
                         not fc.exact)
        return Conditions(player, None, [branch])
    game = games[mine]
    white = game.white == player
    branches: list[Branch] = []
    for result in _RESULTS:
        code = _CODE[(result, white)]
        rows = [(o, p, places[player]) for o, p, places in fc.outcomes if o[mine] == code]
        if not rows:
            continue
        branches.append(_branch(result, rows, games, mine, event, lumped, _NOUN[result], not fc.exact))
    return Conditions(player, game, branches)


def _branch(result: Result, rows: Sequence[_Row], games: Sequence[PendingGame], mine: int | None, event: Event,
            lumped: int | None, noun: Said, sampled: bool = False) -> Branch:
    total = sum((p for _, p, _ in rows), type(rows[0][1])(0))
    places: dict[int, Chance] = {}
    for _, p, place in rows:
        places[place] = places.get(place, 0) + p
    given = {k: v / total for k, v in sorted(places.items())}
    branch = Branch(result, total, given)
    if len(given) == 1:
        (only,) = given
        only_place = _place_words(only, lumped)
        branch.text = said("{noun} gives {place} in every sampled round.", noun=noun, place=only_place) if sampled \
            else said("{noun} gives {place} whatever happens on the other boards.", noun=noun, place=only_place)
        return branch
    others = [i for i in range(len(games)) if i != mine]
    deciding, exact = _deciding(rows, others, total)
    branch.deciding = [games[i] for i in deciding]
    branch.exact_rule = exact
    branch.text = _sentence(noun, rows, deciding, games, event, total, lumped, exact)
    if sampled:
        branch.text = said("{sentence} (Read from the sample: the chances are estimates.)", sentence=branch.text)
    return branch


def _deciding(rows: Sequence[_Row], others: list[int], total: Chance) -> tuple[tuple[int, ...], bool]:
    """The smallest set of games that fixes the place (exact), else the set of up to three explaining
    the most probability."""
    # only games whose result changes the place somewhere can decide anything
    movers = [i for i in others if _matters(rows, i)]
    best: tuple[int, ...] = ()
    best_mass = -1.0
    for size in range(1, min(MAX_DECIDING, len(movers)) + 1):
        for subset in combinations(movers, size):
            mass = _explained(rows, subset)
            if mass == total or (isinstance(mass, float) and abs(mass - float(total)) <= 1e-9 * float(total)):
                return subset, True
            if float(mass) > best_mass + 1e-12:
                best, best_mass = subset, float(mass)
    return best, False


def _matters(rows: Sequence[_Row], i: int) -> bool:
    seen: dict[tuple[int, ...], int] = {}
    for o, _, place in rows:
        key = o[:i] + o[i + 1:]
        if seen.setdefault(key, place) != place:
            return True
    return False


def _explained(rows: Sequence[_Row], subset: tuple[int, ...]) -> Chance:
    """Sum over the subset's result combinations of the likeliest place's probability."""
    by: dict[tuple[int, ...], dict[int, Chance]] = {}
    for o, p, place in rows:
        key = tuple(o[i] for i in subset)
        d = by.setdefault(key, {})
        d[place] = d.get(place, 0) + p
    return sum(max(d.values()) for d in by.values())


def _sentence(noun: Said, rows: Sequence[_Row], deciding: tuple[int, ...], games: Sequence[PendingGame], event: Event,
              total: Chance, lumped: int | None, exact: bool) -> Said:
    """"A draw gives 1st if X does not lose to Y (40 %); otherwise 2nd (60 %)."  Each place's share is its
    chance given her result."""
    by: dict[tuple[int, ...], dict[int, Chance]] = {}
    for o, p, place in rows:
        key = tuple(o[i] for i in deciding)
        d = by.setdefault(key, {})
        d[place] = d.get(place, 0) + p
    combos: dict[int, list[tuple[int, ...]]] = {}
    mass: dict[int, Chance] = {}
    for key, d in by.items():
        place = max(d, key=lambda k: (d[k], -k))
        combos.setdefault(place, []).append(key)
        mass[place] = mass.get(place, 0) + sum(d.values())
    order = sorted(combos, key=lambda k: (-float(mass[k]), k))
    names = [(spoken_name(event.player(games[i].white).name), spoken_name(event.player(games[i].black).name))
             for i in deciding]
    terms = {place: _merge([tuple(frozenset({v}) for v in key) for key in combos[place]]) for place in order}
    simple = exact and len(order) > 1 and all(len(terms[p]) <= 2 for p in order[:-1])
    if not simple:
        # too many cases for one sentence: the chances, and the games that decide them (most)
        places: dict[int, Chance] = {}
        for _, p, place in rows:
            places[place] = places.get(place, 0) + p
        ranked = sorted(places, key=lambda k: (-float(places[k]), k))
        listed = _either([said("{place} ({chance})", place=_place_words(k, lumped),
                               chance=chance_text(places[k] / total)) for k in ranked])
        if not names:       # a sample in which no other game stood out: the chances alone
            return said("{noun} gives {places}; no single other game decides it.", noun=noun, places=listed)
        games_said = Listed([f"{w}–{b}" for w, b in names])
        if exact:
            return said("{noun} gives {places}; the games that decide it together: {games}.", noun=noun,
                        places=listed, games=games_said)
        return said("{noun} gives {places}; the games that decide it most: {games}.", noun=noun, places=listed,
                    games=games_said)
    # one condition: "1st if X beats Y (40 %); otherwise 2nd (60 %)".  Several: a short numbered list of cases,
    # so that no reader has to guess how a chain of "and" and "or" groups
    cases = any(len(terms[p]) > 1 for p in order[:-1])
    parts: list[Said] = []
    for n, place in enumerate(order):
        share = chance_text(mass[place] / total)
        words = _place_words(place, lumped)
        if n == len(order) - 1:
            parts.append(said("Otherwise {place} ({chance})", place=words, chance=share) if cases else
                         said("otherwise {place} ({chance})", place=words, chance=share))
            continue
        if len(terms[place]) == 1:
            parts.append(said("{place} if {condition} ({chance})", place=words, condition=_term(terms[place][0], names),
                              chance=share))
        else:
            numbered = Joined((said("({number}) {condition}", number=i, condition=_term(t, names))
                             for i, t in enumerate(terms[place], start=1)), "; ")
            parts.append(said("{place} ({chance}) in any of these cases: {cases}", place=words, chance=share,
                              cases=numbered))
    return said("{noun} gives {parts}.", noun=noun, parts=Joined(parts, ". " if cases else "; "))


def _either(items: list[Said]) -> Said:
    """``A or B or C``: each alternative joined to the ones before it by a whole phrase of its own."""
    out = items[0]
    for item in items[1:]:
        out = said("{first} or {second}", first=out, second=item)
    return out


def _both(items: list[Said]) -> Said:
    """``A and B and C``: each condition joined to the ones before it by a whole phrase of its own."""
    out = items[0]
    for item in items[1:]:
        out = said("{first} and {second}", first=out, second=item)
    return out


def _merge(terms: list[tuple[frozenset[int], ...]]) -> list[tuple[frozenset[int], ...]]:
    """Join terms that differ in one game only, until none do (a small ternary simplification)."""
    terms = list(dict.fromkeys(terms))
    changed = True
    while changed:
        changed = False
        for a in range(len(terms)):
            for b in range(a + 1, len(terms)):
                x, y = terms[a], terms[b]
                diff = [i for i in range(len(x)) if x[i] != y[i]]
                if len(diff) == 1:
                    i = diff[0]
                    merged = x[:i] + (x[i] | y[i],) + x[i + 1:]
                    terms = [t for k, t in enumerate(terms) if k not in (a, b)] + [merged]
                    changed = True
                    break
            if changed:
                break
    return terms


def _term(term: tuple[frozenset[int], ...], names: list[tuple[str, str]]) -> Said:
    phrases = [outcome_phrase(s, *names[i]) for i, s in enumerate(term) if len(s) < 3]
    return _both(phrases) if phrases else said("anything happens")
