"""The searching bot every game's hard level is built on: determinized Monte Carlo tree
search over the game's own rules (single-observer information-set MCTS).

Each iteration re-deals what the searching seat cannot see (`Knowledge.redeal`: by default
`rules.randomize_hidden`, a game may weigh it by the others' public play), walks one tree
shared by every deal (children keyed by the action's text and counted as available only in
the deals where they are legal), expands one move, plays on with the game's own policy for
a few plies and scores the position with the game's evaluation. Nothing beyond the seat's
own view is ever read: every state the search touches is a re-deal.

A game supplies its knowledge (`Knowledge`): which moves are worth looking at with what
prior, the fast policy for playouts, how far to play out and how to score a position.
The budget is an iteration count (headless play: reproducible) or seconds (the app).

A game that can say what a seat sees of a position (`Knowledge.public_key`) has its tree
kept from one of a seat's decisions to its next (`SearchBot`): when only the seat's own
move (and forced moves) came between and nothing new came to light, the new search goes on
from that move's subtree, its visits and values kept, so a turn of several decisions is
searched as a whole at the price of its parts.
"""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass, field

from .action import Action
from .bots import Bot
from .rng import QuickRng, Rng


class SearchCancelled(Exception):
    """The search was called off (the player left the game or took a move back)."""


@dataclass
class Budget:
    """How long one decision may think: `iterations` (reproducible) or `seconds`."""
    iterations: int | None = None
    seconds: float | None = None
    cancel: threading.Event | None = None

    def describe(self) -> str:
        if self.seconds is not None:
            return f"{self.seconds:g} s"
        return f"{self.iterations} iterations"


# The app's think setting and the budget it stands for.
THINK_SECONDS = {"quick": 0.25, "normal": 1.0, "deep": 3.0}


def win_chances(scores: list[float], scale: float) -> list[float]:
    """Each seat's chance to win from point estimates: a softmax whose `scale` is the
    number of points that makes one seat e (2.7) times likelier to win than another."""
    top = max(scores)
    ws = [math.exp((s - top) / scale) for s in scores]
    total = sum(ws)
    return [w / total for w in ws]


class Knowledge:
    """What a game teaches its search. Subclass per game; every method sees a re-dealt state."""

    horizon = 12          # plies played out by `policy` after the tree, before `evaluate`
    explore = 0.9         # PUCT constant
    default_iterations = 200   # headless budget: about one second on the reference machine
    max_candidates = 12   # moves kept per node, best prior first
    # what an untried move at the root is worth before its first visit: False, a loss (the
    # search leaves the priors' favourite only on evidence); True, the root's running mean
    # (it tries every candidate early: for priors that are ratings worth doubting)
    root_mean_fpu = False

    def iterations_for(self, st) -> int:
        """The headless budget of a decision in `st` (no seconds given): about one second on
        the reference machine. A game whose decisions cost more with more seats says so."""
        return self.default_iterations

    def redeal(self, rules, st, seat: int, rng: Rng):
        """One re-deal of what `seat` cannot see (each search iteration plays in one). A
        game may weigh the deal by what the others' public play makes likely."""
        return rules.randomize_hidden(st, seat, rng)

    def candidates(self, rules, st, seat: int) -> list[tuple[Action, float]]:
        """The moves worth searching for `seat` with a prior weight each (any positive
        scale). By default every legal move, equally."""
        return [(a, 1.0) for a in rules.legal_actions(st, seat)]

    def policy(self, rules, st, seat: int, rng: Rng) -> Action:
        """The playout move: fast and reasonable (usually the normal bot's choice)."""
        return rng.choice(rules.legal_actions(st, seat))

    def evaluate(self, rules, st) -> list[float]:
        """Each seat's chance of winning from `st` (not over), summing to about 1."""
        raise NotImplementedError

    def outcome(self, rules, st) -> list[float]:
        """Each seat's share of the win in a finished game."""
        res = rules.result(st)
        share = 1.0 / len(res.winners) if res.winners else 0.0
        return [share if s in res.winners else 0.0 for s in range(len(res.scores))]

    def stop_playout(self, rules, st, root_seat: int, plies: int) -> bool:
        """Whether the playout has gone far enough (beyond `horizon` plies)."""
        return plies >= self.horizon

    def public_key(self, st, seat: int):
        """What `seat` sees of `st`, as a hashable key (never what it may not see),
        for keeping a seat's tree from one of its decisions to its next: the subtree under
        the move played is searched on when the new position is the one it stands for.
        None (the default): every decision starts a fresh tree."""
        return None

    def deal_key(self, st):
        """A cheap key of what the re-deals may have changed in the position a tree node
        stands for, when its candidates depend on nothing else; a node then keeps its
        candidates per key instead of asking `candidates` on every visit. None (the
        default): no such key, ask every time."""
        return None


class _Node:
    __slots__ = ("action", "mover", "prior", "visits", "total", "avail", "children", "known")

    def __init__(self, action: Action | None, mover: int, prior: float):
        self.action = action
        self.mover = mover          # the seat whose move this node is
        self.prior = prior
        self.visits = 0
        self.total = 0.0            # sum of the mover's values over the visits
        self.avail = 0              # deals in which this move was legal
        self.children: dict[str, _Node] = {}
        self.known: dict | None = None  # deal key -> the children legal in such deals


@dataclass
class Advice:
    """A finished search: the moves looked at, most visited first."""
    moves: list[tuple[Action, int, float]] = field(default_factory=list)  # (move, visits, win)
    iterations: int = 0
    seconds: float = 0.0
    tree: _Node | None = field(default=None, repr=False, compare=False)  # the searched root

    @property
    def best(self) -> Action:
        return self.moves[0][0]

    def overrules(self, move: str, guide: str, margin: float, share: float) -> bool:
        """Whether the searched `move` clearly beats a guide's `guide` (both by text): it
        had `share` of the iterations at least and a win chance `margin` higher."""
        stats = {a.text: (n, w) for a, n, w in self.moves}
        n, w = stats[move]
        return n >= share * self.iterations and w >= stats.get(guide, (0, 0.0))[1] + margin


def search(rules, st, seat: int, knowledge: Knowledge, budget: Budget, rng: Rng,
           tree: _Node | None = None) -> Advice:
    """Search the decision `seat` faces in `st`; `st` itself is never changed. `tree`: a
    node kept from the seat's last search that stands for this position (`SearchBot`),
    searched on; the budget counts only the new iterations."""
    t0 = time.perf_counter()
    deadline = t0 + budget.seconds if budget.seconds is not None else None
    limit = budget.iterations if budget.iterations is not None else (
        knowledge.iterations_for(st) if deadline is None else 1 << 30)
    cancel = budget.cancel
    rng = QuickRng(rng.next_u64())   # the re-deals' shuffles at C speed
    root = _Node(None, seat, 1.0) if tree is None else _as_root(tree)
    first = knowledge.redeal(rules, st, seat, rng)
    root_moves = _expand(rules, first, seat, knowledge, root, refresh=tree is not None)
    if len(root_moves) == 1:
        a = root_moves[0].action
        return Advice([(a, 0, knowledge.evaluate(rules, first)[seat]
                        if not rules.is_over(first) else 0.0)], 0, time.perf_counter() - t0,
                      root if tree is not None else None)
    done = 0
    t1 = time.perf_counter()
    while done < limit:
        if cancel is not None and cancel.is_set():
            raise SearchCancelled()
        if deadline is not None and done:
            now = time.perf_counter()
            if now + (now - t1) / done > deadline:  # the next iteration would overrun
                break
        det = first if done == 0 else knowledge.redeal(rules, st, seat, rng)
        _iterate(rules, det, seat, knowledge, root, rng, refresh=tree is not None)
        done += 1
    moves = sorted(root.children.values(),
                   key=lambda c: (c.visits, c.total / c.visits if c.visits else 0.0, c.prior),
                   reverse=True)
    # the moves the search looked at (one never tried has no estimate to show)
    seen = [(c.action, c.visits, c.total / c.visits) for c in moves if c.avail and c.visits]
    if not seen:
        seen = [(moves[0].action, 0, 0.5)]
    return Advice(seen, done, time.perf_counter() - t0, root)


def _as_root(node: _Node) -> _Node:
    """A kept node made the root of a new search: its moves' candidates are worked out
    afresh (a game's deal keys count from the search's start, and its root may be judged
    more fully than the nodes below it), their statistics stay."""
    node.action = None
    todo = [node]
    while todo:
        n = todo.pop()
        n.known = None
        todo.extend(n.children.values())
    return node


def playout(rules, st, root_seat: int, knowledge: Knowledge, rng: Rng) -> list[float]:
    """Play `st` on with the knowledge's policy until its playout stops: every seat's value
    (the outcome of a finished game, else the evaluation)."""
    plies = 0
    while not rules.is_over(st) and not knowledge.stop_playout(rules, st, root_seat, plies):
        rules.perform(st, knowledge.policy(rules, st, rules.to_act(st)[0], rng))
        plies += 1
    return knowledge.outcome(rules, st) if rules.is_over(st) else knowledge.evaluate(rules, st)


def _expand(rules, st, seat: int, knowledge: Knowledge, node: _Node,
            refresh: bool = False) -> list[_Node]:
    """The children of `node` legal in this deal (created on first sight), counted available.
    `refresh`: a kept root's children take the priors of its (fuller) judgement."""
    key = knowledge.deal_key(st)
    if key is not None:
        known = node.known
        if known is None:
            known = node.known = {}
        out = known.get(key)
        if out is not None:
            for child in out:
                child.avail += 1
            return out
    cands = knowledge.candidates(rules, st, seat)
    if len(cands) > knowledge.max_candidates:
        cands = sorted(cands, key=lambda c: -c[1])[:knowledge.max_candidates]
    total = sum(p for _, p in cands) or 1.0
    out = []
    children = node.children
    for a, p in cands:
        key_a = a.text
        child = children.get(key_a)
        if child is None:
            child = children[key_a] = _Node(a, seat, p / total)
        elif refresh:
            child.prior = p / total
        child.avail += 1
        out.append(child)
    if key is not None:
        known[key] = out
    return out


def _pick(node_visits: int, moves: list[_Node], explore: float, fpu: float) -> _Node:
    """PUCT: the mover's mean value plus a bonus for a likely, little-visited move."""
    root_n = math.sqrt(max(1, node_visits))
    best, best_score = moves[0], -1e18
    for c in moves:
        q = c.total / c.visits if c.visits else fpu
        score = q + explore * c.prior * root_n / (1 + c.visits)
        if score > best_score:
            best, best_score = c, score
    return best


def _iterate(rules, det, root_seat: int, knowledge: Knowledge, root: _Node, rng: Rng,
             refresh: bool = False) -> None:
    path = [root]
    node = root
    while not rules.is_over(det):
        # the root is the searching seat's decision even when others choose at the same time
        seat = root_seat if node is root else rules.to_act(det)[0]
        moves = _expand(rules, det, seat, knowledge, node, refresh and node is root)
        if not moves:
            break
        if node is root and not knowledge.root_mean_fpu:
            parent_mean = 0.0 if node.visits else 0.5
        else:
            parent_mean = (node.total / node.visits) if node.visits and node.mover == seat else 0.5
        child = _pick(node.visits, moves, knowledge.explore, parent_mean)
        rules.perform(det, child.action)
        path.append(child)
        node = child
        if child.visits == 0:
            break
    values = playout(rules, det, root_seat, knowledge, rng)
    for n in path:
        n.visits += 1
        n.total += values[n.mover]


class SearchBot(Bot):
    """A hard level: searches each decision within `budget` (set by the match or the app)."""
    level = "hard"

    def __init__(self, knowledge: Knowledge):
        self.knowledge = knowledge
        self.budget: Budget | None = None
        self.last: Advice | None = None
        # seat -> (the position it searched, its tree, the move it chose): the next search
        # of that seat goes on from the chosen move's subtree (`Knowledge.public_key`)
        self._kept: dict[int, tuple] = {}
        self._find_left = 0   # positions _find may still try in this lookup

    def choose(self, rules, state, seat, rng):
        budget = self.budget or Budget(iterations=self.knowledge.iterations_for(state))
        key = self.knowledge.public_key(state, seat)
        tree = self._kept_tree(rules, seat, key)
        self.last = advice = search(rules, state, seat, self.knowledge, budget, rng, tree)
        if advice.tree is not None and key is not None:
            # a re-deal of the position, not the position: the seat's own copy to replay
            # its move on, which holds nothing it may not see
            self._kept[seat] = (rules.randomize_hidden(state, seat, Rng(seat)), advice.tree,
                                advice.best)
        return advice.best

    def _kept_tree(self, rules, seat: int, want) -> _Node | None:
        """The node of the seat's last tree that stands for the position whose public key
        is `want`: the chosen move's child, followed through forced moves and the moves of
        other seats the tree tried, when the public position it leads to is that one and
        the seat is to move. None: start afresh (a draw came out, another seat chose a move
        the tree never tried, the game was loaded or a move taken back)."""
        kept = self._kept.pop(seat, None)
        if kept is None or want is None:
            return None
        det, tree, action = kept
        rules.perform(det, action)
        self._find_left = self.FIND_POSITIONS
        return self._find(rules, det, tree.children.get(action.text), seat, want)

    FIND_POSITIONS = 200   # positions tried at most when looking for the kept node

    def _find(self, rules, det, node: _Node | None, seat: int, want) -> _Node | None:
        """Depth first from `node`, whose position is `det` (changed): see _kept_tree."""
        k = self.knowledge
        for _ in range(8):   # a few moves at most on one line: any more and it is another turn
            if node is None or not node.visits or rules.is_over(det) or self._find_left <= 0:
                return None
            self._find_left -= 1
            mover = rules.to_act(det)[0]
            if mover == seat and k.public_key(det, seat) == want:
                return node
            acts = rules.legal_actions(det, mover)
            if len(acts) == 1:
                rules.perform(det, acts[0])
                node = node.children.get(acts[0].text)
                continue
            if mover == seat:     # its own choice, in another position than this one
                return None
            legal = {a.text for a in acts}
            for child in sorted(node.children.values(), key=lambda c: -c.visits):
                if child.visits and child.action.text in legal:
                    after = rules.clone(det)
                    rules.perform(after, child.action)
                    found = self._find(rules, after, child, seat, want)
                    if found is not None:
                        return found
            return None
        return None

    def advise(self, rules, state, seat, rng, budget: Budget | None = None) -> Advice:
        """The search's view of `seat`'s decision, for the move advisor."""
        return search(rules, state, seat, self.knowledge,
                      budget or self.budget or Budget(iterations=self.knowledge.iterations_for(state)),
                      rng)
