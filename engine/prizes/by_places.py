"""Sharing cash by places, as FIDE-style regulations do: equal split of the tied places' prizes, by tie-break
order (only exact shared places share), or the Hort system (half by tie-break place, half pooled).

One cash prize per player: the place prizes first, then each class prize among the eligible players who have
no cash prize yet.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Mapping, Sequence

from engine.core.exact import nice
from engine.core.words import ordinal, word_for
from engine.prizes.finishes import Award, Finish, Working, best_first, rank_groups, score_groups
from engine.prizes.prize_list import Eligibility, Prize


def share_by_places(fin: Sequence[Finish], cash: Sequence[Prize], work: Working, awards: dict[int, Award],
          method: str) -> list[str]:
    roster = work.roster
    places = {p.place: p for p in cash if p.kind == "place" and p.place is not None}
    if places:
        work.say("Place prizes: " + work.prizes([places[k] for k in sorted(places)]) + ".")
        _split(fin, places, work, awards, method)
    unawarded = []
    by_class: dict[Eligibility, list[Prize]] = {}
    for p in cash:
        if p.kind == "class":
            by_class.setdefault(p.eligibility, []).append(p)
    for key, cprizes in sorted(by_class.items(), key=lambda kv: -max(p.value for p in kv[1])):
        cprizes = best_first(cprizes)
        text = cprizes[0].eligibility_text()
        pool = [f for f in fin if cprizes[0].eligible(roster[f.tpn]) and not awards[f.tpn].exact]
        eligible = work.who(f.tpn for f in pool) or "none"
        work.say(f"Class prizes ({text}): {work.prizes(cprizes)}. Eligible teams without a cash prize, in final "
                 f"order: {eligible}." if work.teams else
                 f"Class prizes ({text}): {work.prizes(cprizes)}. Eligible players without a cash prize, in "
                 f"final order: {eligible}.")
        sub = [replace(f, position=i) for i, f in enumerate(pool, start=1)]
        _split(sub, {i: p for i, p in enumerate(cprizes, start=1)}, work, awards, method)
        unawarded += [p.name for p in cprizes[len(sub):]]
    return unawarded


def _split(fin: Sequence[Finish], by_place: Mapping[int, Prize], work: Working, awards: dict[int, Award],
           method: str) -> None:
    """Share the prizes of positions 1.. among ``fin`` (positions are ``Finish.position``)."""
    def prize_at(pos: int) -> int:
        return by_place[pos].value if pos in by_place else 0

    def names(pos_from: int, pos_to: int) -> tuple[str, ...]:
        return tuple(by_place[q].name for q in range(pos_from, pos_to + 1) if q in by_place)

    top = max(by_place, default=0)
    groups = rank_groups(fin) if method == "order" else score_groups(fin)
    for group in groups:
        first, last = group[0].position, group[-1].position
        if first > top:
            break
        members = [f.tpn for f in group]
        k = len(members)
        pool = sum(prize_at(q) for q in range(first, last + 1))
        span = ordinal(first) if k == 1 else f"{ordinal(first)}–{ordinal(last)}"
        parts = " + ".join(work.m(prize_at(q)) for q in range(first, last + 1))
        if k == 1:
            awards[members[0]].exact = Fraction(pool)
            awards[members[0]].shares_in = names(first, last)
            awards[members[0]].how = f"{span} place"
            work.say(f"{span} place: {work.who(members)} receives {work.m(pool)}.")
            continue
        why = ("shared places: the tie-breaks could not separate them" if method == "order"
               else f"tied on {nice(group[0].score)} {word_for(group[0].score, work.score_word)}")
        if method in ("equal", "order"):
            share = Fraction(pool, k)
            work.say(f"{span} place, {why}: {work.who(members)}. Their places' prizes {parts} = {work.m(pool)}, "
                     f"divided by {k}: {work.m(share)} each.")
            for t in members:
                awards[t].exact = share
                awards[t].shares_in = names(first, last)
                awards[t].how = f"{span} shared equally"
            continue
        # Hort: half by tie-break place, half pooled
        half_pool = Fraction(pool, 2)
        pooled = half_pool / k
        work.say(f"{span} place, {why}: {work.who(members)}. Hort: each keeps half the prize of their own "
                 f"tie-break place; the other halves ({parts} = {work.m(pool)}, half is {work.m(half_pool)}) are pooled: "
                 f"{work.m(half_pool)} ÷ {k} = {work.m(pooled)} each.")
        for sub in rank_groups(group):
            lo, hi = sub[0].position, sub[-1].position
            own = Fraction(sum(prize_at(q) for q in range(lo, hi + 1)), 2 * len(sub))
            for f in sub:
                awards[f.tpn].exact = own + pooled
                awards[f.tpn].shares_in = names(first, last)
                awards[f.tpn].how = f"Hort: {ordinal(lo)} on tie-breaks"
                place_text = (f"{ordinal(lo)} on tie-breaks" if len(sub) == 1
                              else f"{ordinal(lo)}–{ordinal(hi)} on tie-breaks (shared)")
                work.say(f"  {work.who([f.tpn])}: {place_text}, half of {work.m(own * 2)} is {work.m(own)}, "
                         f"plus {work.m(pooled)} = {work.m(own + pooled)}.")
