"""Sharing cash as US Chess rule 32B has TDs do it, step by step.

One cash prize per player (32B1); tied players pool the best prizes they bring in and share them equally
(32B2); players eligible for a class prize take that class's prizes alone when that pays them more (32B3,
alternative (b)).  Two other readings are kept as options: the minority "alternative reading" of case P5 (a
player capped at the largest prize he is himself eligible for), for teaching only, and class prizes shared
only among the players eligible for them, as some organisers announce.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Mapping, Sequence

from engine.core.model import Player
from engine.core.said import Joined, Ordinal, Said, num, said, said_n
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
            work.say(said("Score {score} and below: no cash prizes are left, so they receive nothing.",
                          score=num(group[0].score)))
            break
        members = [f.tpn for f in group]
        k = len(members)
        first, last = group[0].position, group[-1].position
        candidates = [p for p in available
                      if p.kind == "place" or any(p.eligible(roster[t]) for t in members)]
        chosen = bring_in(members, candidates, roster)
        head = (said_n("Score {score}: {who} — {n} player tied for {places} place.",
                       "Score {score}: {who} — {n} players tied for {places} place.", k, score=num(group[0].score),
                       who=work.who(members), places=Joined((Ordinal(first), Ordinal(last)), "–")) if k > 1 else
                said("Score {score}: {who} — alone in {place} place.", score=num(group[0].score),
                     who=work.who(members), place=Ordinal(first)))
        if not chosen:
            work.say(Joined((head, said("No prize left can be brought in by them.")), " "))
            continue
        passed = [p for p in candidates if p not in chosen]
        if k == 1:
            work.say(Joined((head, said("The best prize {who} can win: {prizes}.", who=work.who(members),
                                        prizes=work.prizes(chosen))), " "))
        else:
            sentences = [head, said_n("They bring in the {n} best prize they can win, at most one each: {prizes}.",
                                      "They bring in the {n} best prizes they can win, at most one each: {prizes}.",
                                      len(chosen), prizes=work.prizes(chosen))]
            if passed:
                sentences.append(said("Passed down to lower scores: {prizes}.",
                                      prizes=work.prizes(best_first(passed))))
            work.say(Joined(sentences, " "))
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
            work.say(said("So, for this group: {shares}.", shares=Joined(
                (_receives(work, ts, amount) for amount, ts in _by_amount(shares)), "; ")))
        available = [p for p in available if p not in used]
        if leftover:
            work.say(said("Not needed by this group, so passed down: {prizes}.", prizes=work.prizes(leftover)))
    return [p.name for p in available]


def _receives(work: Working, tpns: list[int], amount: Fraction) -> str:
    """``#3 Ana $50.00``, or ``#4 Bo, #5 Cy $40.00 each``: what players receive, in a list of such."""
    if len(tpns) > 1:
        return said("{who} {amount} each", who=work.who(tpns), amount=work.m(amount))
    return Joined((work.who(tpns), work.m(amount)), " ")


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
    total = sum(p.value for p in chosen)
    a = Fraction(total, k)
    if k == 1:
        work.say(said("{who} receives {amount}.", who=work.who(members), amount=work.sum(chosen)), depth)
        return {members[0]: (a, chosen, said("alone"))}, []
    shares_a = _capped(members, chosen, roster, alternative)
    closed = _closed_classes(members, chosen, roster)
    if closed:
        # (a) would put a class prize in a pool with players who cannot win it: a figure to compare with (b)
        work.say(said("(a) If all {k} shared equally: {pool}, divided by {k}: {share} each.", k=k,
                      pool=work.sum(chosen), share=work.m(a)), depth)
    else:
        work.say(said("(a) Pool: {pool}, divided by {k}: {share} each.", k=k, pool=work.sum(chosen),
                      share=work.m(a)), depth)
    if alternative and any(v != a for v in shares_a.values()):
        capped = [t for t in members if shares_a[t] < a]
        fields = {"who": work.who(capped), "cap": work.m(shares_a[capped[0]]),
                  "share": work.m(shares_a[[t for t in members if t not in capped][0]])}
        work.say(said("Alternative reading (teaching only): nobody may receive more than the largest prize they are "
                      "themselves eligible for; {who} is capped at {cap} and the excess is shared by the others: "
                      "{share} each.", **fields) if len(capped) == 1 else
                 said("Alternative reading (teaching only): nobody may receive more than the largest prize they are "
                      "themselves eligible for; {who} are capped at {cap} and the excess is shared by the others: "
                      "{share} each.", **fields), depth)
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
            work.say(said_n("(b) for the class prize ({eligibility}): every tied player is eligible, so (b) is the "
                            "same as (a).",
                            "(b) for the class prizes ({eligibility}): every tied player is eligible, so (b) is the "
                            "same as (a).", len(cprizes), eligibility=label), depth)
            continue
        own = best_first(cprizes)[:m]
        b = Fraction(sum(p.value for p in own), m)
        now = min(shares_a[t] for t in eligible)
        work.say(_option_b(work, eligible, label, own, b, now), depth)
        if b > now and (best is None or b - now > best[0]):
            best = (b - now, key, eligible, own, b)
    if best is None:
        work.say(_pooled_result(work, members, closed, a, alternative, shares_a), depth)
        if not alternative:
            biggest = max(p.value for p in chosen)
            work.say(said("Cap check: nobody receives more than {amount}, the largest prize in play.",
                          amount=work.m(biggest)), depth)
        return {t: (shares_a[t], chosen, said("(a) pooled")) for t in members}, []
    _, key, eligible, own, b = best
    others = [t for t in members if t not in eligible]
    rest = [p for p in chosen if p not in own]
    took = (said("So {who} takes (b): {share}.", who=work.who(eligible), share=work.m(b)) if len(eligible) == 1
            else said("So {who} take (b): {share} each.", who=work.who(eligible), share=work.m(b)))
    again = said_n("The other ({who}) share again without them.", "The others ({who}) share again without them.",
                   len(others), who=work.who(others))
    work.say(Joined((took, again), " "), depth)
    out: dict[int, tuple[Fraction, list[Prize], str]] = {
        t: (b, own, said("(b) class prize ({eligibility})", eligibility=own[0].eligibility_text())) for t in eligible}
    brought = bring_in(others, rest, roster)
    leftover = [p for p in rest if p not in brought]
    if not brought:
        work.say(said("The others can bring in nothing that is left, so they receive nothing here."), depth)
        out.update({t: (Fraction(0), [], "") for t in others})
        return out, leftover
    if len(brought) < len(rest):
        work.say(said_n("The {n} other bring in {prizes}; left over: {left}.",
                        "The {n} others bring in {prizes}; left over: {left}.", len(others),
                        prizes=work.prizes(brought), left=work.prizes(leftover)), depth)
    sub, sub_left = _settle(others, brought, work, alternative, depth + 1)
    out.update(sub)
    return out, leftover + sub_left


def _option_b(work: Working, eligible: list[int], label: str, own: list[Prize], b: Fraction, now: Fraction) -> str:
    """Alternative (b) for one class of a tied group: its eligible players take its prizes alone, compared
    with what they receive in (a)."""
    fields = {"who": work.who(eligible), "eligibility": label, "prizes": work.sum(own), "share": work.m(b),
              "m": len(eligible), "a": work.m(now)}
    one, wins = len(own) == 1, b > now
    if len(eligible) == 1:
        if one:
            return (said("(b) Only {who} ({eligibility}) takes the class prize {prizes} alone: {share} — more than the "
                         "{a} of (a), so (b) wins.", **fields) if wins else
                    said("(b) Only {who} ({eligibility}) takes the class prize {prizes} alone: {share} — not more than "
                         "the {a} of (a), so (b) loses.", **fields))
        return (said("(b) Only {who} ({eligibility}) takes the class prizes {prizes} alone: {share} — more than the "
                     "{a} of (a), so (b) wins.", **fields) if wins else
                said("(b) Only {who} ({eligibility}) takes the class prizes {prizes} alone: {share} — not more than "
                     "the {a} of (a), so (b) loses.", **fields))
    if one:
        return (said("(b) Only {who} ({eligibility}) share the class prize {prizes}, divided by {m}: {share} each — "
                     "more than the {a} of (a), so (b) wins.", **fields) if wins else
                said("(b) Only {who} ({eligibility}) share the class prize {prizes}, divided by {m}: {share} each — "
                     "not more than the {a} of (a), so (b) loses.", **fields))
    return (said("(b) Only {who} ({eligibility}) share the class prizes {prizes}, divided by {m}: {share} each — "
                 "more than the {a} of (a), so (b) wins.", **fields) if wins else
            said("(b) Only {who} ({eligibility}) share the class prizes {prizes}, divided by {m}: {share} each — "
                 "not more than the {a} of (a), so (b) loses.", **fields))


def _pooled_result(work: Working, members: list[int], closed: dict[Eligibility, list[Prize]], a: Fraction,
                   alternative: bool, shares_a: Mapping[int, Fraction]) -> str:
    """The result when no class takes its own prizes: the tie pools (and why, when a class prize is in the pool
    that some of them cannot win), or the shares of the alternative reading."""
    roster = work.roster
    if closed and not alternative:
        why = Joined(((said("{who} would get less by taking it alone", who=work.who(
                           t for t in members if ps[0].eligible(roster[t]))) if len(ps) == 1 else
                       said("{who} would get less by taking them alone", who=work.who(
                           t for t in members if ps[0].eligible(roster[t]))))
                      for ps in closed.values()), "; ")
        names = ", ".join(p.name for ps in closed.values() for p in ps)
        count = sum(len(ps) for ps in closed.values())
        return said_n("Result: rule 32B3 pools the prizes the tied players bring in, the class prize ({names}) "
                      "included, because {why}: {who} receive {share} each.",
                      "Result: rule 32B3 pools the prizes the tied players bring in, the class prizes ({names}) "
                      "included, because {why}: {who} receive {share} each.", count, names=names, why=why,
                      who=work.who(members), share=work.m(a))
    if not alternative or all(v == a for v in shares_a.values()):
        return said("Result: {who} receive {share} each (pooled).", who=work.who(members), share=work.m(a))
    return said("Result: {who} receive the shares of the alternative reading.", who=work.who(members))


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
    if not chosen:
        work.say(said("{who} can bring in nothing that is left, so they receive nothing here.",
                      who=work.who(members)), depth)
        return {t: (Fraction(0), [], "") for t in members}
    if k == 1:
        work.say(said("{who} receives {amount}.", who=work.who(members), amount=work.sum(chosen)), depth)
        return {members[0]: (Fraction(sum(p.value for p in chosen)), chosen, said("alone"))}
    closed = _closed_classes(members, chosen, roster)
    if not closed:
        a = Fraction(sum(p.value for p in chosen), k)
        work.say(said("Every one of {who} can win every prize here, so they pool them: {pool}, divided by {k}: "
                      "{share} each.", who=work.who(members), pool=work.sum(chosen), k=k, share=work.m(a)), depth)
        return {t: (a, chosen, said("pooled (all eligible)")) for t in members}
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
    fields = {"who": work.who(eligible), "eligibility": label, "prizes": work.sum(own), "m": m, "share": work.m(b),
              "instead": work.m(instead)}
    outcome = "leave" if instead > b else "take" if instead else "plain"
    work.say(_ELIGIBLE_ONLY[(m == 1, len(own) == 1, outcome)](**fields), depth)
    if outcome == "leave":
        return _settle_eligible(members, bring_in(members, without, roster), without, work, depth)
    out: dict[int, tuple[Fraction, list[Prize], str]] = {
        t: (b, own, said("class prize ({eligibility}), eligible players only", eligibility=label)) for t in eligible}
    others = [t for t in members if t not in eligible]
    if not others:
        return out
    rest = [p for p in candidates if p not in cprizes]
    brought = bring_in(others, rest, roster)
    if brought:
        work.say(said_n("The other ({who}) brings in {prizes}.", "The others ({who}) bring in {prizes}.",
                        len(others), who=work.who(others), prizes=work.prizes(brought)), depth)
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


#: the ``eligible_only`` reading's step for one class: (one eligible player?, one prize?, what they do) -> sentence
_ELIGIBLE_ONLY: dict[tuple[bool, bool, str], Callable[..., Said]] = {
    (True, True, "leave"): lambda **f: said(
        "{who} is the only one eligible for the class prize ({eligibility}) {prizes}: {share}; sharing the place "
        "prizes with the rest of the tie would give them {instead}, which is more, so they leave this class prize "
        "to lower scores.", **f),
    (True, True, "take"): lambda **f: said(
        "{who} is the only one eligible for the class prize ({eligibility}) {prizes}: {share} — not less than the "
        "{instead} of sharing the place prizes with the rest of the tie, so {who} takes it.", **f),
    (True, True, "plain"): lambda **f: said(
        "{who} is the only one eligible for the class prize ({eligibility}) {prizes}: {share}.", **f),
    (False, True, "leave"): lambda **f: said(
        "Only {who} are eligible for the class prize ({eligibility}) {prizes}, divided by {m}: {share} each; "
        "sharing the place prizes with the rest of the tie would give them {instead}, which is more, so they leave "
        "this class prize to lower scores.", **f),
    (False, True, "take"): lambda **f: said(
        "Only {who} are eligible for the class prize ({eligibility}) {prizes}, divided by {m}: {share} each — not "
        "less than the {instead} of sharing the place prizes with the rest of the tie, so they take it.", **f),
    (False, True, "plain"): lambda **f: said(
        "Only {who} are eligible for the class prize ({eligibility}) {prizes}, divided by {m}: {share} each.", **f),
    (False, False, "leave"): lambda **f: said(
        "Only {who} are eligible for the class prizes ({eligibility}) {prizes}, divided by {m}: {share} each; "
        "sharing the place prizes with the rest of the tie would give them {instead}, which is more, so they leave "
        "these class prizes to lower scores.", **f),
    (False, False, "take"): lambda **f: said(
        "Only {who} are eligible for the class prizes ({eligibility}) {prizes}, divided by {m}: {share} each — not "
        "less than the {instead} of sharing the place prizes with the rest of the tie, so they take them.", **f),
    (False, False, "plain"): lambda **f: said(
        "Only {who} are eligible for the class prizes ({eligibility}) {prizes}, divided by {m}: {share} each.", **f),
}
