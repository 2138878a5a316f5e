"""Sharing cash as US Chess rule 32B has TDs do it, step by step.

One cash prize per player (32B1); tied players pool the best prizes they bring in and share them equally
(32B2); players eligible for a class prize take that class's prizes alone when that pays them more (32B3,
alternative (b)).  Two other readings are kept as options: the minority "alternative reading" of case P5 (a
player capped at the largest prize he is himself eligible for), for teaching only, and class prizes shared
only among the players eligible for them, as some organisers announce.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from engine.core.exact import nice
from engine.core.model import Player
from engine.core.words import counted, ordinal, word_for
from engine.prizes.finishes import Award, Finish, Working, best_first, score_groups
from engine.prizes.prize_list import Eligibility, Prize


def _matchable(prizes: Sequence[Prize], members: Sequence[int], roster: Mapping[int, Player]) -> bool:
    """Can each prize be brought in by a different member (eligibility respected)?  Augmenting paths."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for t in members:
            if t in seen or not prizes[i].eligible(roster[t]):
                continue
            seen.add(t)
            if t not in owner or place(owner[t], seen):
                owner[t] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(prizes)))


def bring_in(members: Sequence[int], candidates: Iterable[Prize], roster: Mapping[int, Player]) -> list[Prize]:
    """The best prizes a tied group can bring in, at most one per member (US Chess rule 32B3: one prize per
    player, best first).

    Greedy, best prize first, keeping a prize only if the chosen set can still be matched to distinct
    eligible members; sets that can be so matched form a matroid, so greedy gives the best total.
    """
    chosen: list[Prize] = []
    for p in best_first(candidates):
        if len(chosen) == len(members):
            break
        if p.value and _matchable(chosen + [p], members, roster):
            chosen.append(p)
    return chosen


def share_us_chess(fin: Sequence[Finish], cash: Sequence[Prize], work: Working, awards: dict[int, Award],
          alternative: bool, eligible_only: bool = False) -> list[str]:
    available = list(cash)
    roster = work.roster
    for group in score_groups(fin):
        if not available:
            work.say(f"Score {nice(group[0].score)} and below: no cash prizes are left, so they receive nothing.")
            break
        members = [f.tpn for f in group]
        k = len(members)
        first, last = group[0].position, group[-1].position
        places = ordinal(first) if k == 1 else f"{ordinal(first)}–{ordinal(last)}"
        candidates = [p for p in available
                      if p.kind == "place" or any(p.eligible(roster[t]) for t in members)]
        chosen = bring_in(members, candidates, roster)
        head = (f"Score {nice(group[0].score)}: {work.who(members)}"
                + (f" — {k} players tied for {places} place." if k > 1 else f" — alone in {places} place."))
        if not chosen:
            work.say(head + " No prize left can be brought in by them.")
            continue
        passed = [p for p in candidates if p not in chosen]
        if k == 1:
            work.say(head + f" The best prize {work.who(members)} can win: {work.prizes(chosen)}.")
        else:
            work.say(head + f" They bring in the {counted(len(chosen), 'best prize')} they can "
                     f"win, at most one each: {work.prizes(chosen)}."
                     + (f" Passed down to lower scores: {work.prizes(best_first(passed))}." if passed else ""))
        if eligible_only:
            shares = _settle_eligible(members, chosen, candidates, work, depth=0)
            used = [p for p in candidates if any(p in prizes_in for _, prizes_in, _ in shares.values())]
            leftover = [p for p in chosen if p not in used]
        else:
            shares, leftover = _settle(members, chosen, work, alternative, depth=0)
            used = [p for p in chosen if p not in leftover]
        for t, (amount, prizes_in, how) in shares.items():
            awards[t].exact = amount
            awards[t].shares_in = tuple(p.name for p in prizes_in)
            awards[t].how = how
        if k > 1 and len({amount for amount, _, _ in shares.values()}) > 1:
            work.say("So, for this group: " + "; ".join(
                f"{work.who(ts)} {work.m(amount)}{' each' if len(ts) > 1 else ''}"
                for amount, ts in _by_amount(shares)) + ".")
        available = [p for p in available if p not in used]
        if leftover:
            work.say(f"Not needed by this group, so passed down: {work.prizes(leftover)}.")
    return [p.name for p in available]


def _settle(members: list[int], chosen: list[Prize], work: Working, alternative: bool, depth: int
            ) -> tuple[dict[int, tuple[Fraction, list[Prize], str]], list[Prize]]:
    """Split the prizes a tied group brought in: (a) pool, or (b) a class takes its own prizes.

    Returns each member's exact share (cents), the prizes in their pool, a short note; and the prizes
    not used (they pass down).

    Kept as one function: its steps (pool; a class takes its own prizes; the capped reading) write the
    working at their depth of recursion, in the order a TD reads it out.
    """
    roster = work.roster
    k = len(members)
    indent = "  " * depth
    total = sum(p.value for p in chosen)
    a = Fraction(total, k)
    if k == 1:
        work.say(f"{indent}{work.who(members)} receives {work.sum(chosen)}.")
        return {members[0]: (a, chosen, "alone")}, []
    shares_a = _capped(members, chosen, roster, alternative)
    closed = _closed_classes(members, chosen, roster)
    if closed:
        # (a) would put a class prize in a pool with players who cannot win it: a figure to compare with (b)
        work.say(f"{indent}(a) If all {k} shared equally: {work.sum(chosen)}, divided by {k}: {work.m(a)} each.")
    else:
        work.say(f"{indent}(a) Pool: {work.sum(chosen)}, divided by {k}: {work.m(a)} each.")
    if alternative and any(v != a for v in shares_a.values()):
        capped = [t for t in members if shares_a[t] < a]
        work.say(f"{indent}Alternative reading (teaching only): nobody may receive more than the largest prize they "
                 f"are themselves eligible for; {work.who(capped)} "
                 f"{'is' if len(capped) == 1 else 'are'} capped at {work.m(shares_a[capped[0]])} and the excess "
                 f"is shared by the others: {work.m(shares_a[[t for t in members if t not in capped][0]])} each.")
    best: tuple[Fraction, Eligibility, list[int], list[Prize], Fraction] | None = None
    classes: dict[Eligibility, list[Prize]] = {}
    for p in chosen:
        if p.kind == "class":
            classes.setdefault(p.eligibility, []).append(p)
    for key, cprizes in classes.items():
        eligible = [t for t in members if cprizes[0].eligible(roster[t])]
        m = len(eligible)
        label = cprizes[0].eligibility_text()
        if m == k:
            work.say(f"{indent}(b) for the class {word_for(len(cprizes), 'prize')} ({label}): every tied "
                     "player is eligible, so (b) is the same as (a).")
            continue
        own = best_first(cprizes)[:m]
        b = Fraction(sum(p.value for p in own), m)
        now = min(shares_a[t] for t in eligible)
        verdict = "more" if b > now else "not more"
        prize_words = f"{'the class prizes' if len(own) > 1 else 'the class prize'} {work.sum(own)}"
        if m == 1:
            what = f"takes {prize_words} alone: {work.m(b)}"
        else:
            what = f"share {prize_words}, divided by {m}: {work.m(b)} each"
        work.say(f"{indent}(b) Only {work.who(eligible)} ({label}) {what} — {verdict} than the "
                 f"{work.m(now)} of (a), so (b) {'wins' if b > now else 'loses'}.")
        if b > now and (best is None or b - now > best[0]):
            best = (b - now, key, eligible, own, b)
    if best is None:
        if closed and not alternative:
            eligible_words = "; ".join(
                f"{work.who(t for t in members if ps[0].eligible(roster[t]))} would get less by taking "
                f"{'it' if len(ps) == 1 else 'them'} alone" for ps in closed.values())
            names = ", ".join(p.name for ps in closed.values() for p in ps)
            work.say(f"{indent}Result: rule 32B3 pools the prizes the tied players bring in, the class "
                     f"{word_for(sum(len(ps) for ps in closed.values()), 'prize')} ({names}) included, "
                     f"because {eligible_words}: {work.who(members)} receive {work.m(a)} each.")
        else:
            work.say(f"{indent}Result: {work.who(members)} receive "
                     + (f"{work.m(a)} each (pooled)." if not alternative or all(v == a for v in shares_a.values())
                        else "the shares of the alternative reading."))
        if not alternative:
            biggest = max(p.value for p in chosen)
            work.say(f"{indent}Cap check: nobody receives more than {work.m(biggest)}, the largest prize in play.")
        return {t: (shares_a[t], chosen, "(a) pooled") for t in members}, []
    _, key, eligible, own, b = best
    others = [t for t in members if t not in eligible]
    rest = [p for p in chosen if p not in own]
    work.say(f"{indent}So {work.who(eligible)} {word_for(len(eligible), 'takes', 'take')} (b): {work.m(b)}"
             f"{' each' if len(eligible) > 1 else ''}. "
             f"The {word_for(len(others), 'other')} ({work.who(others)}) share again without them.")
    out: dict[int, tuple[Fraction, list[Prize], str]] = {
        t: (b, own, f"(b) class prize ({own[0].eligibility_text()})") for t in eligible}
    brought = bring_in(others, rest, roster)
    leftover = [p for p in rest if p not in brought]
    if not brought:
        work.say(f"{indent}The others can bring in nothing that is left, so they receive nothing here.")
        out.update({t: (Fraction(0), [], "") for t in others})
        return out, leftover
    if len(brought) < len(rest):
        work.say(f"{indent}The {counted(len(others), 'other')} bring in "
                 f"{work.prizes(brought)}; left over: {work.prizes(leftover)}.")
    sub, sub_left = _settle(others, brought, work, alternative, depth + 1)
    out.update(sub)
    return out, leftover + sub_left


def _closed_classes(members: Sequence[int], chosen: Sequence[Prize], roster: Mapping[int, Player]
                    ) -> dict[Eligibility, list[Prize]]:
    """The class prizes among ``chosen`` that some tied player cannot win, by class (best prize first):
    pooling them with the whole tie would share them with ineligible players."""
    out: dict[Eligibility, list[Prize]] = {}
    for p in best_first(chosen):
        if p.kind == "class" and not all(p.eligible(roster[t]) for t in members):
            out.setdefault(p.eligibility, []).append(p)
    return out


def _by_amount(shares: Mapping[int, tuple[Fraction, list[Prize], str]]) -> list[tuple[Fraction, list[int]]]:
    """The members grouped by what they receive, the largest amount first."""
    groups: dict[Fraction, list[int]] = {}
    for t, (amount, _, _) in shares.items():
        groups.setdefault(amount, []).append(t)
    return sorted(groups.items(), key=lambda kv: -kv[0])


def _settle_eligible(members: list[int], chosen: list[Prize], candidates: list[Prize], work: Working, depth: int
                     ) -> dict[int, tuple[Fraction, list[Prize], str]]:
    """Share the prizes a tied group brought in without ever pooling a prize with a player not eligible for
    it (the ``eligible_only`` reading).

    When every member can win every prize in ``chosen``, they pool and share equally.  Otherwise one class
    some member cannot win is settled first (the narrowest: fewest eligible members, then the largest
    prize); its eligible members, together as in rule 32B3's alternative (b), share its prizes
    among themselves, unless leaving them to lower scores and sharing the place prizes with the rest of the
    tie pays them more (then those class prizes pass down); the others settle in the same way with what is
    left of ``candidates`` (every prize the group could bring in).  Returns each member's exact share, the
    prizes of that share and a short note; the prizes used are those named in the shares.
    """
    roster = work.roster
    k = len(members)
    indent = "  " * depth
    if not chosen:
        work.say(f"{indent}{work.who(members)} can bring in nothing that is left, so they receive nothing here.")
        return {t: (Fraction(0), [], "") for t in members}
    if k == 1:
        work.say(f"{indent}{work.who(members)} receives {work.sum(chosen)}.")
        return {members[0]: (Fraction(sum(p.value for p in chosen)), chosen, "alone")}
    closed = _closed_classes(members, chosen, roster)
    if not closed:
        a = Fraction(sum(p.value for p in chosen), k)
        work.say(f"{indent}Every one of {work.who(members)} can win every prize here, so they pool them: "
                 f"{work.sum(chosen)}, divided by {k}: {work.m(a)} each.")
        return {t: (a, chosen, "pooled (all eligible)") for t in members}
    # the narrowest class first (fewest eligible players; then the largest prize): a player eligible for both
    # an under-1800 and an under-2000 prize settles the under-1800 one before the wider class is shared
    key, cprizes = min(closed.items(), key=lambda kv: (sum(1 for t in members if kv[1][0].eligible(roster[t])),
                                                       -kv[1][0].value))
    label = cprizes[0].eligibility_text()
    eligible = [t for t in members if cprizes[0].eligible(roster[t])]
    m = len(eligible)
    own = cprizes[:m]
    b = Fraction(sum(p.value for p in own), m)
    # what the eligible players would receive by leaving this class to lower scores (worked out quietly)
    without = [p for p in candidates if p.eligibility != key or p.kind == "place"]
    scratch = Working(roster, work.currency)
    declined = _settle_eligible(members, bring_in(members, without, roster), without, scratch, depth + 1)
    instead = min(declined[t][0] for t in eligible)
    prize_words = f"{'the class prizes' if len(own) > 1 else 'the class prize'} ({label}) {work.sum(own)}"
    if m == 1:
        what = f"{work.who(eligible)} is the only one eligible for {prize_words}: {work.m(b)}"
    else:
        what = f"only {work.who(eligible)} are eligible for {prize_words}, divided by {m}: {work.m(b)} each"
    if instead > b:
        work.say(f"{indent}{what[0].upper()}{what[1:]}; sharing the place prizes with the rest of the tie would "
                 f"give them {work.m(instead)}, which is more, so they leave "
                 f"{'these class prizes' if len(own) > 1 else 'this class prize'} to lower scores.")
        return _settle_eligible(members, bring_in(members, without, roster), without, work, depth)
    work.say(f"{indent}{what[0].upper()}{what[1:]}"
             + (f" — not less than the {work.m(instead)} of sharing the place prizes with the rest of the tie, "
                f"so {'they take' if m > 1 else work.who(eligible) + ' takes'} {'it' if len(own) == 1 else 'them'}."
                if instead else "."))
    out: dict[int, tuple[Fraction, list[Prize], str]] = {
        t: (b, own, f"class prize ({label}), eligible players only") for t in eligible}
    others = [t for t in members if t not in eligible]
    if not others:
        return out
    rest = [p for p in candidates if p not in cprizes]
    brought = bring_in(others, rest, roster)
    if brought:
        work.say(f"{indent}The {word_for(len(others), 'other')} ({work.who(others)}) "
                 f"{word_for(len(others), 'brings', 'bring')} in {work.prizes(brought)}.")
    out.update(_settle_eligible(others, brought, rest, work, depth + 1))
    return out


def _capped(members: list[int], chosen: list[Prize], roster: Mapping[int, Player], alternative: bool
            ) -> dict[int, Fraction]:
    """The equal shares of (a); under the alternative reading, each capped at the largest prize of the
    pool the player is themselves eligible for, the excess shared by the rest (water-filling)."""
    total = Fraction(sum(p.value for p in chosen))
    if not alternative:
        return {t: total / len(members) for t in members}
    cap = {t: Fraction(max((p.value for p in chosen if p.eligible(roster[t])), default=0)) for t in members}
    out: dict[int, Fraction] = {}
    left = list(members)
    while left:
        share = total / len(left)
        low = [t for t in left if cap[t] < share]
        if not low:
            out.update({t: share for t in left})
            break
        for t in low:
            out[t] = cap[t]
            total -= cap[t]
            left.remove(t)
    return out
