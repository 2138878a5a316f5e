"""A simple Swiss matching: the order players would like to be paired in, and pairings without rematches.

Shared by the random-event generator and the app's fast pairing (the FIDE Dutch pairing is another matter,
:mod:`engine.pairing.dutch`).  Players are pairing numbers; what a player has scored, met or must get as a
colour is looked up by pairing number in whatever the caller keeps (a list indexed by number or a dict).
"""
from __future__ import annotations

from typing import Container, Mapping, Protocol, Sequence, TypeVar

T_co = TypeVar("T_co", covariant=True)


class ByPlayer(Protocol[T_co]):
    """Anything that gives a value for a pairing number: a list indexed by it, or a dict keyed by it."""

    def __getitem__(self, tpn: int, /) -> T_co: ...


def preferred_order(ranked: Sequence[int], score: ByPlayer[object]) -> list[int]:
    """Reorder players so that neighbours ``(0, 1), (2, 3), ...`` are the pairs we would like.

    Inside each score group the top half meets the bottom half (1 v 5, 2 v 6, ... as in a Dutch
    Swiss), which keeps round 1 plausible and avoids top seeds meeting each other early.  An odd group
    floats its lowest player down into the next group, where he ranks first.
    """
    order: list[int] = []
    carry: list[int] = []
    i, n = 0, len(ranked)
    while i < n:
        s = score[ranked[i]]
        j = i
        while j < n and score[ranked[j]] == s:
            j += 1
        group = carry + list(ranked[i:j])
        half = len(group) // 2
        for k in range(half):
            order.append(group[k])
            order.append(group[half + k])
        carry = group[2 * half:]
        i = j
    order.extend(carry)
    return order


def pair_without_rematches(order: Sequence[int], met: ByPlayer[Container[int]], need: ByPlayer[str] | None = None,
                           budget: int = 2000, window: int = 400) -> list[tuple[int, int]] | None:
    """Pair ``order`` top-down, each player with the first later player he has not met.

    With ``need`` (a colour a player must get, or ``""``) two players who need the same colour are not
    paired either, so nobody's colour difference passes 2 and nobody gets one colour three times running.

    A depth-first search: when some player is left with no legal partner, the most recent pairings are
    undone first, which is where a Swiss dead end almost always is (the bottom of the list).  The search
    looks at most ``window`` places ahead and gives up after ``budget`` backtracks, so a round costs about
    O(N) however unlucky it is; ``None`` means it gave up.
    """
    n = len(order)
    used = [False] * n
    stack: list[tuple[int, int]] = []
    pos = 0
    resume = 0
    backtracks = 0
    while True:
        while pos < n and used[pos]:
            pos += 1
        if pos >= n:
            return [(order[i], order[j]) for i, j in stack]
        seen = met[order[pos]]
        must = need[order[pos]] if need else ""
        j = resume or pos + 1
        resume = 0
        stop = min(n, pos + 1 + window)
        if must:
            while j < stop and (used[j] or order[j] in seen or (need is not None and need[order[j]] == must)):
                j += 1
        else:
            while j < stop and (used[j] or order[j] in seen):
                j += 1
        if j < stop:
            used[pos] = used[j] = True
            stack.append((pos, j))
            pos += 1
            continue
        backtracks += 1
        if not stack or backtracks > budget:
            return None
        pos, q = stack.pop()
        used[pos] = used[q] = False
        resume = q + 1


def pair_least_bad(order: Sequence[int], met: ByPlayer[Mapping[int, int]]) -> list[tuple[int, int]]:
    """Top-down greedy that allows rematches: a new opponent if any is left, else the least-met one.

    Only reached when no rematch-free pairing was found (tiny events with many rounds), so rematches
    end up at the bottom of the list, as they do in real small Swisses.
    """
    n = len(order)
    used = [False] * n
    pairs: list[tuple[int, int]] = []
    for i in range(n):
        if used[i]:
            continue
        seen = met[order[i]]
        best, best_count = -1, 0
        for j in range(i + 1, n):
            if used[j]:
                continue
            count = seen.get(order[j], 0)
            if count == 0:
                best = j
                break
            if best < 0 or count < best_count:
                best, best_count = j, count
        used[i] = used[best] = True
        pairs.append((order[i], order[best]))
    return pairs
