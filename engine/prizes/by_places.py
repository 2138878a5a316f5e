"""Sharing cash by places, as FIDE-style regulations do: equal split of the tied places' prizes, by tie-break
order (only exact shared places share), or the Hort system (half by tie-break place, half pooled).

One cash prize per player: the place prizes first, then each class prize among the eligible players who have
no cash prize yet.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Mapping, Sequence

from engine.core.said import Joined, Ordinal, num, said, said_n
from engine.prizes.finishes import Award, Finish, Working, best_first, rank_groups, score_groups
from engine.prizes.prize_list import Eligibility, Prize


def share_by_places(fin: Sequence[Finish], cash: Sequence[Prize], work: Working, awards: dict[int, Award],
          method: str) -> list[str]:
    roster = work.roster
    places = {p.place: p for p in cash if p.kind == "place" and p.place is not None}
    if places:
        work.say(said("Place prizes: {prizes}.", prizes=work.prizes([places[k] for k in sorted(places)])))
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
        fields = {"eligibility": text, "prizes": work.prizes(cprizes),
                  "eligible": work.who(f.tpn for f in pool) or said("none")}
        work.say(said("Class prizes ({eligibility}): {prizes}. Eligible teams without a cash prize, in final order: "
                      "{eligible}.", **fields) if work.teams else
                 said("Class prizes ({eligibility}): {prizes}. Eligible players without a cash prize, in final "
                      "order: {eligible}.", **fields))
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
        span = Ordinal(first) if k == 1 else Joined((Ordinal(first), Ordinal(last)), "–")
        parts = Joined((work.m(prize_at(q)) for q in range(first, last + 1)), " + ")
        if k == 1:
            awards[members[0]].exact = Fraction(pool)
            awards[members[0]].shares_in = names(first, last)
            awards[members[0]].how = said("{place} place", place=span)
            work.say(said("{place} place: {who} receives {amount}.", place=span, who=work.who(members),
                          amount=work.m(pool)))
            continue
        why = (said("shared places: the tie-breaks could not separate them") if method == "order"
               else _tied_on(group[0].score, work.score_word))
        if method in ("equal", "order"):
            share = Fraction(pool, k)
            work.say(said("{places} place, {why}: {who}. Their places' prizes {parts} = {pool}, divided by {k}: "
                          "{share} each.", places=span, why=why, who=work.who(members), parts=parts,
                          pool=work.m(pool), k=k, share=work.m(share)))
            for t in members:
                awards[t].exact = share
                awards[t].shares_in = names(first, last)
                awards[t].how = said("{places} shared equally", places=span)
            continue
        # Hort: half by tie-break place, half pooled
        half_pool = Fraction(pool, 2)
        pooled = half_pool / k
        work.say(said("{places} place, {why}: {who}. Hort: each keeps half the prize of their own tie-break place; "
                      "the other halves ({parts} = {pool}, half is {half}) are pooled: {half} ÷ {k} = {share} each.",
                      places=span, why=why, who=work.who(members), parts=parts, pool=work.m(pool),
                      half=work.m(half_pool), k=k, share=work.m(pooled)))
        for sub in rank_groups(group):
            lo, hi = sub[0].position, sub[-1].position
            own = Fraction(sum(prize_at(q) for q in range(lo, hi + 1)), 2 * len(sub))
            for f in sub:
                awards[f.tpn].exact = own + pooled
                awards[f.tpn].shares_in = names(first, last)
                awards[f.tpn].how = said("Hort: {place} on tie-breaks", place=Ordinal(lo))
                place_text = (said("{place} on tie-breaks", place=Ordinal(lo)) if len(sub) == 1
                              else said("{places} on tie-breaks (shared)",
                                        places=Joined((Ordinal(lo), Ordinal(hi)), "–")))
                work.say(said("{who}: {place}, half of {prize} is {half}, plus {pooled} = {total}.",
                              who=work.who([f.tpn]), place=place_text, prize=work.m(own * 2), half=work.m(own),
                              pooled=work.m(pooled), total=work.m(own + pooled)), depth=1)


def _tied_on(score: Fraction, score_word: str) -> str:
    """``tied on 3½ points`` (or match points, game points: what the score counts)."""
    if score_word == "match point":
        return said_n("tied on {points} match point", "tied on {points} match points", _count(score),
                      points=num(score))
    if score_word == "game point":
        return said_n("tied on {points} game point", "tied on {points} game points", _count(score),
                      points=num(score))
    return said_n("tied on {points} point", "tied on {points} points", _count(score), points=num(score))


def _count(score: Fraction) -> int:
    """The count that chooses the plural of a score's word: English says "1 point" and "1½ points"."""
    return 1 if score == 1 else (int(score) if score.denominator == 1 else 2)
