"""Paired rollouts: a flat search that improves on a guide, for games whose positions a
tree search judges no better than its guide does (the evaluation's slant decides, not the
lookahead).

Each world is one re-deal of what the searching seat cannot see (`Knowledge.redeal`) plus
one playout seed. Every candidate is tried in the same world and played out with the same
seed, to the end of the game where the knowledge says so: two candidates' results differ by
the move, not by the luck of the deal, and a finished game's score has no slant. The
guide's move (the first candidate) stays unless another beats it by more than `margin`
standard errors of the paired difference, so noise alone never talks the bot out of it;
a move that trails the guide's by more than `drop` standard errors is dropped, and its
playouts go to the others.
"""
from __future__ import annotations

import math
import time

from .rng import Rng
from .search import Advice, Budget, Knowledge, SearchCancelled, playout


def paired_search(rules, st, seat: int, knowledge: Knowledge, candidates, budget: Budget,
                  rng: Rng, margin: float = 1.0, min_worlds: int = 2, drop: float = 2.0,
                  rate_alone: bool = False, focus: float | None = None) -> Advice:
    """Search `seat`'s decision in `st` over `candidates` (actions, the guide's first);
    `st` itself is never changed. The budget counts playouts (one per candidate a world);
    in seconds, a world is begun only if it should end in time, and one the clock cuts
    short does not count. A single candidate is played at once unless `rate_alone`: then
    the budget goes to estimating it (what an advisor shows). With `focus`, once that share
    of the budget is spent only the guide's move and its best challenger go on: the rest of
    the worlds go to the one comparison that can change the move."""
    t0 = time.perf_counter()
    acts = list(candidates)
    n = len(acts)
    if n == 1 and not rate_alone:
        return Advice([(acts[0], 0, 0.5)], 0, time.perf_counter() - t0)
    deadline = t0 + budget.seconds if budget.seconds is not None else None
    limit = budget.iterations if budget.iterations is not None else (
        knowledge.iterations_for(st) if deadline is None else 1 << 30)
    limit = max(limit, min_worlds * n)
    cancel = budget.cancel
    total = [0.0] * n
    seen = [0] * n       # worlds each candidate was played in
    diff = [0.0] * n     # sum over those worlds of (candidate - guide)
    diff2 = [0.0] * n    # and of its square
    live = list(range(n))
    worlds = done = 0
    while (len(live) > 1 or rate_alone) and done + len(live) <= limit:
        if deadline is not None and worlds >= min_worlds:
            now = time.perf_counter()
            if now + (now - t0) / worlds > deadline:  # the next world would overrun
                break
        world = knowledge.redeal(rules, st, seat, rng)
        seed = rng.next_u64()
        vals = []
        for i in live:
            if cancel is not None and cancel.is_set():
                raise SearchCancelled()
            if deadline is not None and time.perf_counter() >= deadline:
                break   # out of time inside a world: it is left out (no world: the guide's move)
            s = rules.clone(world)   # its own random stream too: the same for every candidate
            rules.perform(s, acts[i])
            vals.append(playout(rules, s, seat, knowledge, Rng(seed))[seat])
        if len(vals) < len(live):
            break
        for i, v in zip(live, vals, strict=True):
            total[i] += v
            seen[i] += 1
            d = v - vals[0]
            diff[i] += d
            diff2[i] += d * d
        worlds += 1
        done += len(live)
        if worlds >= min_worlds + 2:
            # a move clearly worse than the guide's gives its playouts to the others
            live = [i for i in live if i == 0 or diff[i] / seen[i] + drop * _se(diff[i], diff2[i], seen[i]) > 0]
            if focus is not None and len(live) > 2 and (
                    done >= focus * limit if deadline is None
                    else time.perf_counter() - t0 >= focus * budget.seconds):
                live = [0, max(live[1:], key=lambda i: diff[i] / seen[i])]
    best, best_gain = 0, 0.0
    for i in range(1, n):
        if i not in live or not seen[i]:
            continue
        mean = diff[i] / seen[i]
        if mean > margin * _se(diff[i], diff2[i], seen[i]) and mean > best_gain:
            best, best_gain = i, mean
    order = [best] + sorted((i for i in range(n) if i != best), key=lambda i: (i not in live, -total[i] / max(1, seen[i]), i))
    return Advice([(acts[i], seen[i], total[i] / max(1, seen[i])) for i in order], done, time.perf_counter() - t0)


def _se(total: float, squares: float, k: int) -> float:
    """The standard error of a mean from its sum and sum of squares over k samples."""
    if k < 2:
        return math.inf
    mean = total / k
    return math.sqrt(max(0.0, squares / k - mean * mean) / (k - 1))
