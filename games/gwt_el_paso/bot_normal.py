"""The normal bot: rates every legal action in dollars and takes the best.

It plans deliveries (goes to El Paso with a good hand, keeps distinct breeds, places
the disc that unlocks the most), builds its herd (cowboys, market cattle worth their VP
and breeding value), builds, uses the train, takes objectives it can meet and then meets
them (what fills an objective's slot is worth that objective's share). Ratings use the
exchange rate of data/gwt_el_paso/buildings.yaml (1 VP ~ $3); as the Simmental stack runs
out (`late` 0 -> 1) money kept is worth less (at the end $5 is 1 VP), VP bought with it
more, and what only pays off over later loops (breeding value, workers' use) less.
"""
from __future__ import annotations

from collections import Counter

from games.core.bots import Bot
from games.gwt.objectives import best_assignment

VP = 3.0            # $ per victory point
CERT = 2.0
WORKER = 4.0        # a worker in the area: its later use (its 2 VP are counted apart)
# Weights tuned in self-play against Sue and the previous normal (tools/winrate.py):
# mw: how much of a $'s worth is lost by the end; partial: the share of an objective's
# VP its filled slots are worth; disc: how much the disc abilities' worth falls late;
# cowboy: the extra want of cowboys (more than the market's price pays off slows the
# drive); herd: how much breeding value falls late; objlate: how much harder a missing
# objective item gets late; use: the worth of a worker's later use; cattle, objgain,
# cowcost: the weight of a card's VP and BV, of objective progress, of tying up cowboys.
K = {"mw": 0.5, "partial": 0.6, "disc": 0.5, "cowboy": 0.0, "herd": 0.6, "objlate": 2.0, "use": 0.7,
     "cattle": 1.0, "objgain": 1.0, "cowcost": 1.5}
DISC_PREF = {"hand": 9, "step": 7, "aux1": 5, "certificate": 5, "aux3": 3, "aux2": 2, "aux4": 3}


class Context:
    """What every rating of one decision shares: how late the game is and the seat's
    objectives with the items that can meet them."""

    def __init__(self, rules, st, seat, memo: dict | None = None):
        d = rules.data
        self.rules = rules
        humans = sum(1 for p in st.players if p["sue"] is None)
        full = d.simmental_by_players[humans] or 1
        self.late = max(0.0, min(1.0, 1.0 - st.simmental / full))
        if st.finisher is not None:
            self.late = 1.0
        self.mw = 1.0 - K["mw"] * self.late          # $ -> rating units: at the end $5 = 1 VP
        self.st, self.seat = st, seat
        self._items = None
        self._objectives = None
        self._memo = memo          # the bot's objective memo (met_and_partial), if any
        self._base = None
        self._gain: dict = {}

    @property
    def objectives(self) -> list:
        if self._objectives is None:
            self._objectives = [self.rules.objective(self.rules.data.objective(o))
                                for o in self.st.players[self.seat]["objectives"]]
        return self._objectives

    @property
    def items(self) -> list[dict]:
        if self._items is None:
            self._items = items_of(self.rules, self.st, self.seat)
        return self._items

    def worth(self, objectives, items) -> float:
        """VP of the objectives met by `items`, plus a share of the unmet ones by the
        slots already filled (less as the game runs out)."""
        if not objectives:
            return 0.0
        vp, partial = met_and_partial(objectives, items, self._memo)
        return vp + partial * K["partial"] * (1.0 - self.late)

    def gain(self, item=None, objective=None) -> float:
        """VP the objectives gain from one more item (or one more objective tile)."""
        key = (repr(item), objective)
        v = self._gain.get(key)
        if v is None:
            objs = self.objectives if objective is None else self.objectives + [
                self.rules.objective(self.rules.data.objective(objective))]
            if not objs:
                v = 0.0
            else:
                if self._base is None:
                    self._base = self.worth(self.objectives, self.items)
                items = self.items if item is None else self.items + [item]
                v = self.worth(objs, items) - self._base
            self._gain[key] = v
        return v


def met_and_partial(objectives, items, memo: dict | None = None) -> tuple[int, float]:
    """(VP of the objectives `items` meet, the unmet ones' VP times the share of their
    slots some item fills, to the power 1.5: the last slots count most). Given a `memo`
    (a bot's, for one game data: `NormalBot.memo`), the answer is remembered by the
    objective ids and the items as a multiset: a search asks about the same few herds
    thousands of times, and the matching over every subset cost a third of its time."""
    if memo is None:
        return _met_and_partial(objectives, items)
    # an item's pairs in their own order: the same item built in another order is only
    # another key for the same answer
    key = (tuple(o.id for o in objectives), tuple(sorted(tuple(it.items()) for it in items)))
    # bounded: a search meets a few hundred herds
    return _recall(memo, key, 1_500, lambda: _met_and_partial(objectives, items))


def _recall(memo: dict, key, limit: int, work):
    """`memo[key]`, worked out by `work()` the first time; a memo grown past `limit` starts
    afresh (what a search asks about changes as the game goes on)."""
    got = memo.get(key)
    if got is None:
        if len(memo) > limit:
            memo.clear()
        got = memo[key] = work()
    return got


def _met_and_partial(objectives, items) -> tuple[int, float]:
    vp, met = best_assignment(objectives, items)
    partial = 0.0
    for o in objectives:
        if o.id not in met:
            filled = sum(1 for slot in o.slots if any(slot(it) for it in items))
            partial += o.vp * (filled / len(o.slots)) ** 1.5
    return vp, partial


def items_of(rules, st, seat) -> list[dict]:
    """The seat's items objectives count (as the score pad reads them)."""
    d = rules.data
    p = st.players[seat]
    cards = p["deck"] + p["hand"] + p["discard"] + p["workers"]
    out = [{"kind": "worker", "type": c} if rules.is_worker(c) else {"kind": "cattle", "breed": c}
           for c in cards]
    out += [{"kind": "building", "builders": d.btype(st.built[n]["type"]).builders} for n in rules.owned(st, seat)]
    out += [{"kind": "disc", "post": int(v)} for v, seats in st.posts.items() for s in seats if s == seat]
    return out


class NormalBot(Bot):
    level = "normal"

    def __init__(self):
        self._ctx: Context | None = None
        # answers remembered across decisions, kept by this bot (so by one game's match,
        # never the process): name -> (game data, {key: answer})
        self._memos: dict[str, tuple[object, dict]] = {}

    def memo(self, name: str, data) -> dict:
        """This bot's memo `name` for the game `data` (other data: a fresh one)."""
        found = self._memos.get(name)
        if found is None or found[0] is not data:
            found = self._memos[name] = (data, {})
        return found[1]

    def choose(self, rules, st, seat, rng):
        acts = rules.legal_actions(st, seat)
        if len(acts) == 1:
            return acts[0]
        vals = self.ratings(rules, st, seat, acts)
        best, best_v = None, None
        for a, v in zip(acts, vals, strict=True):
            v += rng.random() * 0.01
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def ratings(self, rules, st, seat, acts) -> list[float]:
        """The rating of each of `acts` (the search's priors)."""
        self._ctx = Context(rules, st, seat, self.memo("met", rules.data))
        try:
            return [self.rate(rules, st, seat, a) for a in acts]
        finally:
            self._ctx = None     # shared by this decision's ratings only

    def ctx(self, rules, st, seat) -> Context:
        if self._ctx is None:
            self._ctx = Context(rules, st, seat, self.memo("met", rules.data))
        return self._ctx

    # ------------------------------------------------------------------
    def rate(self, rules, st, seat, a) -> float:
        d = rules.data
        p = st.players[seat]
        verb, args = a.verb, a.args
        top = st.pending[-1] if st.pending else {}
        if verb == "objective":
            return self.objective_value(rules, st, seat, d.objective(st.obj_open[int(args[0])]))
        if verb == "start":
            return self.location_value(rules, st, seat, args[0])
        if verb == "move":
            node = args[0]
            steps = self._steps(rules, st, p["node"], node)
            if node == d.el_paso:
                return self.el_paso_value(rules, st, seat) + 0.5 * steps
            return self.location_value(rules, st, seat, node) + 0.8 * steps
        if verb == "use":
            acts = rules.ref_acts(st, ["node", top["node"]])
            return sum(max([0.0] + [self.act_value(rules, st, seat, x, o)
                                    for o in rules.act_options(st, seat, x)]) for x in acts)
        if verb == "aux":
            number = int(args[0])
            act = rules.aux_acts(p, number)[0]
            return self.act_value(rules, st, seat, act, args[1:])
        if verb == "do":
            acts = rules.ref_acts(st, top["ref"])
            act = acts[int(args[0])]
            v = self.act_value(rules, st, seat, act, args[1:])
            if act.name == "move_herder" and len(top["left"]) > 1:
                v -= 5     # moving on forfeits the rest: do it last
            return v
        if verb == "end":
            return 0.0
        if verb == "hire":
            return self.hire_value(rules, st, seat, args[0], top["price"])
        if verb == "discard":
            counts = Counter(p["hand"])
            b = args[0]
            return 10 if counts[b] > 1 else -d.breed(b).bv
        if verb == "again":
            return 1.0 if self._dupes(p) else -1.0
        if verb == "deliver":
            if args[0] == "none":
                return 0.0
            c = self.ctx(rules, st, seat)
            post = d.post(int(args[0]))
            disc = d.disc(args[1])
            need = max(0, post.value - rules.delivery_value(p))
            pref = DISC_PREF.get(disc.id, 2) * (1.0 - K["disc"] * c.late)
            v = post.vp * VP * 1.3 + post.value * 0.3 + disc.money * c.mw + pref
            v += sum(self.act_value(rules, st, seat, x, ()) for x in post.reward
                     if x.name in ("gain_money", "gain_certificates")) + 4 * len(post.reward)
            v += VP * c.gain({"kind": "disc", "post": post.value})
            return v - need * CERT * 0.8
        if verb == "bonus":
            w = args[0]
            if w == d.payer("building") and p["money"] >= 6 and p["certs"] < 2:
                return 0.5
            return -1.0
        if verb == "token":
            return 0.5 if self._dupes(p) and top.get("k") == "move" else -1.0
        if verb == "sue":
            return 0.0
        return -1.0

    # ------------------------------------------------------------------
    def _dupes(self, p) -> bool:
        return len(set(p["hand"])) < len(p["hand"])

    def _steps(self, rules, st, start, node) -> int:
        """Steps from `start` to `node`. Which nodes are locations depends only on the
        buildings placed, so the reachable nodes are remembered by start and buildings:
        every move of a decision asks from the same start."""
        from .trail import destinations
        d = rules.data
        # bounded: a search meets a few dozen
        dests = _recall(self.memo("steps", d), (start, frozenset(st.built)), 500, lambda: destinations(
            d.succ, start, 8, lambda x: rules.is_location(st, x), d.el_paso))
        return dests[node].steps if node in dests else 1

    def el_paso_value(self, rules, st, seat) -> float:
        d = rules.data
        p = st.players[seat]
        total = rules.delivery_value(p) + p["certs"]
        best = 0.0
        for post in d.posts:
            if post.value <= total and (post.repeat or seat not in st.posts[str(post.value)]):
                best = max(best, post.vp * VP + post.value * 0.6)
        if not p["discs"]:
            best = 0.0
        # a weak hand is better improved on the way: the trail's buildings come first
        weak = 4.0 if total < 7 and p["node"] != d.el_paso else 0.0
        return 5 + best + (2 if st.simmental > 0 else 6) - weak

    def location_value(self, rules, st, seat, node) -> float:
        if node in st.built and st.built[node]["owner"] != seat:
            return 1.0
        acts = rules.ref_acts(st, ["node", node])
        v = 0.0
        for x in acts:
            opts = rules.act_options(st, seat, x)
            if opts:
                v += max(self.act_value(rules, st, seat, x, o) for o in opts[:40])
        return max(v, 1.0)

    def hire_value(self, rules, st, seat, w, price) -> float:
        d = rules.data
        c = self.ctx(rules, st, seat)
        p = st.players[seat]
        cost = rules.hire_price(w, price)
        mine = Counter(x for x in p["workers"] + p["deck"] + p["discard"] if rules.is_worker(x))
        want = {d.payer("building"): 2.0, d.payer("cattle_market"): K["cowboy"], d.payer("train"): 1.0,
                d.wild: 1.5}[w] - 0.5 * mine[w]
        use = (WORKER + want) * (1.0 - c.late) * K["use"]
        return use + d.worker(w).vp * VP + VP * c.gain({"kind": "worker", "type": w}) - cost * c.mw

    def act_value(self, rules, st, seat, act, args) -> float:
        v = self._act_value(rules, st, seat, act, args)
        rich = st.players[seat]["money"] >= 12
        return v + (3.0 if rich and act.name in ("buy_cattle", "hire_worker", "place_building",
                                                   "use_train") and v > -6 else 0.0)

    def _act_value(self, rules, st, seat, act, args) -> float:
        d = rules.data
        p = st.players[seat]
        c = self.ctx(rules, st, seat)
        name = act.name
        v = -act.cost * c.mw
        if name == "gain_money":
            return v + act.get("amount") * c.mw
        if name == "gain_certificates":
            return v + CERT * min(act.get("amount"), d.cert_max - p["certs"])
        if name == "gain_exchange_token":
            return v + 1.0 * act.get("count")
        if name == "discard_cattle_for_money":
            b = args[0] if args else None
            if b is None:
                return v
            money = act.get("money") if act.get("money") is not None else act.get("money_per_bv") * d.breed(b).bv
            loss = 0 if p["hand"].count(b) > 1 else d.breed(b).bv * 0.8
            return v + money * c.mw - loss
        if name == "gain_tile":
            if not args:
                return v + 4
            kind, slot = args[0], args[1]
            if slot == "top":
                return v + 4
            opened, _ = rules.tiles(st, kind)
            t = opened[int(slot)]
            if kind == "objective":
                return v + self.objective_value(rules, st, seat, d.objective(t))
            b = d.bonus(t)
            extra = 5 * (1.0 - c.late) if b.effect is not None else sum(
                x.get("amount", 0) or x.get("count", 0) for x in b.on_gain)
            return v + b.vp * VP + extra
        if name == "exchange":
            return v + (2.0 if self._dupes(p) else 0.5)
        if name == "hire_worker":
            if not args:
                return v + 3
            return v + self.hire_value(rules, st, seat, args[0], act.get("price")) + (
                3 if act.get("second_price") is not None else 0)
        if name == "buy_cattle":
            if not args:
                return v
            b, j = d.breed(args[0]), int(args[1])
            need = d.market[b.id]
            return (v + self.cattle_value(rules, st, seat, b) - need * d.money_per_worker * c.mw
                    - need * K["cowcost"] * (1.0 - c.late) - j * 1.0)
        if name == "use_train":
            if not args:
                return v
            t = d.train(int(args[0]))
            gain = sum(max([0.0] + [self.act_value(rules, st, seat, x, o)
                                    for o in rules.act_options(st, seat, x)[:20]] or [0.0])
                       for x in rules.ref_acts(st, ["train", t.id]) if x.name != "move_herder") + 3
            return v + gain - t.engineers * (d.money_per_worker * c.mw + 2.0) - int(args[1]) * 1.0
        if name == "place_building":
            if not args:
                return v
            kind, t, node, j = args[0], int(args[1]), args[2], int(args[3])
            bt = d.btype(t)
            side = st.stock[str(t)][0] if st.stock[str(t)] else "a"
            vp = bt.sides[side][1]
            obj = VP * c.gain({"kind": "building", "builders": bt.builders})
            if kind == "place":
                cost = bt.builders * d.money_per_worker + d.nodes[node].cost
                return v + vp * VP + 6 * (1.0 - c.late) + obj - cost * c.mw - bt.builders * 2.0 - j
            old = st.built[node]
            old_vp = d.btype(old["type"]).sides[old["side"]][1]
            diff = bt.builders - d.btype(old["type"]).builders
            return v + (vp - old_vp) * VP + 2 + obj - diff * (d.money_per_worker * c.mw + 2.0) - j
        if name == "move_herder":
            return v + 3
        if name == "auxiliary_action":
            return v + 1
        if name == "gain_cattle":
            return v + self.cattle_value(rules, st, seat, d.breed(act.get("breed")))
        if name == "remove_cattle":
            if not args:
                return v + 1
            b = d.breed(args[0])
            return v + (3 if b.role == "starting" and b.bv <= 1 else 1 if b.role == "starting" else -5)
        return v

    def objective_value(self, rules, st, seat, o) -> float:
        """VP the tile adds if the items it needs are met now or can still be had:
        items already owned and not used by the player's other objectives count fully."""
        p = st.players[seat]
        late = self.ctx(rules, st, seat).late
        cards = p["deck"] + p["hand"] + p["discard"] + p["workers"]
        held = Counter(cards)
        for other in p["objectives"]:
            for kind, v in rules.data.objective(other).requires:
                if kind in ("cattle", "worker"):
                    held[v] -= 1
        missing = 0.0
        for kind, v in o.requires:
            if kind in ("cattle", "worker") and held[v] > 0:
                held[v] -= 1
            elif kind == "cattle":
                left = st.simmental if v == rules.data.simmental.id else st.market.get(v, 0)
                missing += 1.5 + rules.data.market.get(v, 1) * 1.0 if left else 99
            elif kind == "worker":
                missing += 2.0 if st.supply.get(v, 0) else 99
            else:
                missing += 3.0
        return max(-1.0, o.vp * VP * 0.8 - missing * 2.0 * (1.0 + K["objlate"] * late))

    def cattle_value(self, rules, st, seat, b) -> float:
        p = st.players[seat]
        c = self.ctx(rules, st, seat)
        owned = set(p["hand"] + p["deck"] + p["discard"])
        herd = (b.bv * 1.5 + (3 if b.id not in owned else 0)) * (1.0 - K["herd"] * c.late)
        return (b.vp * VP + herd) * K["cattle"] + VP * K["objgain"] * c.gain({"kind": "cattle", "breed": b.id})
