"""Criteria that look only at the players still tied: FIDE direct encounter (DE, art. 6, with the
reference calculator's recursion), US Chess head-to-head (H2H, plus/minus) and the drawing of lots.
FIDE C.07 art. 6 (direct encounter) and 4.2 (lots); US Chess rule 34E (result between tied players).

These return an ordered split of a tied group into classes (players in one class stay tied), plus the
numbers behind it for the trace.
"""
from __future__ import annotations

import random
from fractions import Fraction

from engine.core.codes import Criterion
from engine.core.exact import nice
from engine.core.model import ONE, ZERO, Kind
from engine.core.said import Joined, num, said
from engine.core.trace import Row, Trace, result_text
from engine.tiebreaks.context import Context, LazyDict, Split, splits

CITATIONS = {
    "DE": said("Direct encounter: FIDE C.07 art. 6, applied again inside every subgroup still tied, as FIDE's "
          "reference calculator does"),
    "H2H": said("Result between tied players: US Chess 34E, plus/minus in games among the tied players"),
    "LOTS": said("Drawing of lots: FIDE C.07 art. 4.2; US Chess 34E, last resort"),
}


def _counted_opponents(ctx: Context, crit: Criterion) -> LazyDict:
    """tpn -> the (opponent, points) of each counted game, in round order, whoever the opponent: made once per
    player and context, then filtered by each tied group he is in.  A game counts when it was played over the
    board, or, for criteria that count forfeits as played and in round robins, when it had an opponent at all;
    rounds past the counted ones, or past the player's row, have none.

    Why: a large Swiss has thousands of tied groups; building every member's rounds again for each group
    (and each pass of the recursion) was most of a ranking's time.
    """
    forfeits = crit.forfeits_played or ctx.event.is_round_robin
    rows, n = ctx.event.entries, ctx.n

    def counted(tpn: int) -> list[tuple[int, Fraction]]:
        return [(e.opponent, e.points) for e in rows[tpn][:n]
                if e.opponent is not None and (e.kind is Kind.G or (forfeits and e.kind.has_opponent))]
    return ctx.memo(("de-opponents", forfeits), lambda: LazyDict(counted))


def _places(*columns: dict[int, Fraction]) -> dict[int, int]:
    """id of each value object in ``columns`` -> its place among the distinct values (0 lowest; equal values
    share one).  By id: the values are a few shared objects, and an id hashes for nothing where a Fraction
    does not (the columns keep every object alive while the places are used)."""
    objects = {id(v): v for column in columns for v in column.values()}
    by_value = {v: i for i, v in enumerate(sorted(set(objects.values())))}
    return {key: by_value[v] for key, v in objects.items()}


def _de_pass(ctx: Context, crit: Criterion, group: list[int]
             ) -> tuple[list[list[int]], dict[int, tuple[Fraction, Fraction | None]]]:
    members = set(group)
    metmax = len(group) - 1
    score: dict[int, Fraction] = {}
    best: dict[int, Fraction] = {}
    metall = True
    round_robin = ctx.event.is_round_robin
    opponents = _counted_opponents(ctx, crit)
    plus: dict[tuple[int, int], Fraction] = {}      # (id of a score, games missing) -> the best he could have
    for t in group:
        per_opp: dict[int, list[Fraction]] = {}
        for opp, points in opponents[t]:
            if opp in members:
                per_opp.setdefault(opp, []).append(points)
        if not per_opp:              # met nobody of the group (most players of a large Swiss's tied group)
            s = ZERO
        elif len(per_opp) == 1 and len(only := next(iter(per_opp.values()))) == 1:
            s = only[0]              # one game against one of them: his points in it
        else:
            # a player met twice counts once: the average of those games
            s = sum((v[0] if len(v) == 1 else sum(v, ZERO) / len(v) for v in per_opp.values()), ZERO)
        score[t] = s
        if not round_robin and len(per_opp) < metmax:
            metall = False
            # every missing game won; most players share a few score objects (no game, one game), so the
            # sum is made once per object (``score`` keeps each object, and so its id, alive)
            key = (id(s), metmax - len(per_opp))
            b = plus.get(key)
            best[t] = plus[key] = s + key[1] if b is None else b
        else:
            best[t] = s
    numbers = {t: (score[t], None if metall else best[t]) for t in group}
    # the values as ints in the same order: a group of thousands sorts and compares without a Fraction
    # comparison per step
    place = _places(score, best)
    mine = {t: place[id(v)] for t, v in score.items()}
    if metall:
        order = sorted(group, key=lambda t: (-mine[t], t))
        classes: list[list[int]] = []
        for t in order:
            if classes and mine[classes[-1][-1]] == mine[t]:
                classes[-1].append(t)
            else:
                classes.append([t])
        return classes, numbers
    most = {t: place[id(v)] for t, v in best.items()}
    order = sorted(group, key=lambda t: (-mine[t], -most[t], t))
    # the best maximum among order[i:], for every i, from one pass backwards (a max over the rest of the
    # group inside the loop made a large tied group quadratic)
    rest_max = [most[t] for t in order]
    for i in range(len(order) - 2, -1, -1):
        if rest_max[i + 1] > rest_max[i]:
            rest_max[i] = rest_max[i + 1]
    classes = [[order[0]]]
    for i in range(1, len(order)):
        if mine[order[i - 1]] > rest_max[i]:
            classes.append([order[i]])
        else:
            classes[-1].extend(order[i:])       # from here on nobody is placed alone: one class
            break
    return classes, numbers


def direct_encounter(ctx: Context, crit: Criterion, group: list[int]) -> Split:
    split = Split([])

    def rec(g: list[int]) -> list[list[int]]:
        if len(g) == 1:
            return [g]
        if ctx.options.de_lichess:
            classes, numbers = _de_pass(ctx, crit, g)
            split.passes.append((g, numbers))
            if any(n[1] is not None for n in numbers.values()):
                return [g]          # lichess: all tied players must have met, and no recursion
            return classes
        classes, numbers = _de_pass(ctx, crit, g)
        split.passes.append((g, numbers))
        if len(classes) == 1:
            return [g]
        out: list[list[int]] = []
        for c in classes:
            out.extend(rec(c))
        return out

    split.classes = rec(sorted(group))
    return split


def head_to_head(ctx: Context, crit: Criterion, group: list[int]) -> Split:
    members = set(group)
    plusminus: dict[int, Fraction] = {}
    for t in group:
        pm = ZERO
        for r, e in enumerate(ctx.entries(t), 1):
            counted = e.played or (ctx.options.us_forfeits and e.kind.has_opponent)
            if counted and e.opponent in members:
                pm += 1 if e.points == ONE else -1 if e.points == ZERO else 0
        plusminus[t] = pm
    order = sorted(group, key=lambda t: (-plusminus[t], t))
    classes: list[list[int]] = []
    for t in order:
        if classes and plusminus[classes[-1][-1]] == plusminus[t]:
            classes[-1].append(t)
        else:
            classes.append([t])
    return Split(classes, [(sorted(group), {t: (plusminus[t], None) for t in group})])


def lots(seed: int, group: list[int]) -> Split:
    """A seeded, replayable random order of the group (the same seed and group give the same draw)."""
    rng = random.Random(f"{seed}:{','.join(map(str, sorted(group)))}")
    order = sorted(group)
    rng.shuffle(order)
    return Split([[t] for t in order])


@splits("DE")
def _split_de(ctx: Context, crit: Criterion, group: list[int], seed: int) -> Split:
    return direct_encounter(ctx, crit, group)


@splits("H2H")
def _split_h2h(ctx: Context, crit: Criterion, group: list[int], seed: int) -> Split:
    return head_to_head(ctx, crit, group)


@splits("LOTS")
def _split_lots(ctx: Context, crit: Criterion, group: list[int], seed: int) -> Split:
    return lots(seed, group)


def group_trace(ctx: Context, crit: Criterion, tpn: int, group: list[int], split: Split,
                position: int | None, seed: int | None = None) -> Trace:
    """The working of DE / H2H / LOTS for one player: the mini-table of games inside the tied group."""
    trace = Trace(str(crit), crit.label, tpn, ctx.rules.name, citation=CITATIONS[crit.code])
    members = set(group)
    names = ", ".join(f"#{t}" for t in sorted(group))
    trace.extra["group"] = sorted(group)
    trace.extra["classes"] = split.classes
    if len(group) < 2:
        trace.steps.append(said("Not tied with anybody at this point: the criterion is not needed."))
        return trace
    if crit.code == "LOTS":
        trace.steps.append(said("Players still tied: {players}. Lots drawn with seed {seed}: order {order}.",
                                players=names, seed=seed, order=", ".join(f"#{c[0]}" for c in split.classes)))
        trace.steps.append(said("#{tpn} drew position {position}.", tpn=tpn, position=position))
        return trace
    counted_forfeits = crit.code == "DE" and (crit.forfeits_played or ctx.event.is_round_robin)
    for r, e in enumerate(ctx.entries(tpn), 1):
        if e.opponent in members:
            counted = e.played or (counted_forfeits and e.kind.has_opponent) or (
                crit.code == "H2H" and ctx.options.us_forfeits and e.kind.has_opponent)
            trace.rows.append(Row(r, e.opponent, e.kind.code, result_text(e.points), e.points if counted else None,
                                  note=said("against #{opponent}, who is also tied", opponent=e.opponent) if counted
                                  else said("against #{opponent}, who is also tied: a forfeit, not counted",
                                            opponent=e.opponent)))
    trace.steps.append(said("Players tied at this point: {players}.", players=names))
    table = mini_table(ctx, sorted(group))
    trace.extra["table"] = table
    for g, numbers in split.passes:
        if tpn not in g:
            continue
        if crit.code == "H2H":
            trace.steps.append(said("Plus/minus (wins − losses) in games among them: {values}.",
                                    values=", ".join(f"#{t} {nice(numbers[t][0]):>2}" for t in g)))
        else:
            if any(n[1] is not None for n in numbers.values()):
                each = Joined((said("#{tpn} {points} (max {most})", tpn=t, points=num(numbers[t][0]),
                                    most=num(numbers[t][1])) for t in g), ", ")
                trace.steps.append(said("Among {players} not everybody met: each player's points, and the most they "
                                        "could have with every missing game won: {each}. A player goes first only if "
                                        "their points beat every other player's maximum.",
                                        players=", ".join(f"#{t}" for t in g), each=each))
            else:
                trace.steps.append(said("Among {players} everybody met: points in those games {each}.",
                                        players=", ".join(f"#{t}" for t in g),
                                        each=Joined((Joined((f"#{t}", num(numbers[t][0])), " ") for t in g), ", ")))
    order = " | ".join(", ".join(f"#{t}" for t in c) for c in split.classes)
    trace.steps.append(said("Result inside the group (| separates): {order}. #{tpn} is at position {position}.",
                            order=order, tpn=tpn, position=position))
    return trace


def mini_table(ctx: Context, group: list[int]) -> dict[int, dict[int, str]]:
    """Cross-table of the tied players: ``table[a][b]`` is a's results against b (e.g. "1", "½ 0", "+F")."""
    members = set(group)
    table: dict[int, dict[int, str]] = {a: {} for a in group}
    for a in group:
        for r, e in enumerate(ctx.entries(a), 1):
            if e.opponent in members:
                mark = result_text(e.points) if e.played else ("+F" if e.kind is Kind.FW else "−F")
                prev = table[a].get(e.opponent)
                table[a][e.opponent] = mark if prev is None else prev + " " + mark
    return table
