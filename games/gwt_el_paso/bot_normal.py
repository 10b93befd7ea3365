"""The normal bot: rates every legal action in dollars and takes the best.

It plans deliveries (goes to El Paso with a good hand, keeps distinct breeds, places
the disc that unlocks the most), builds, uses the train and keeps objectives it can
meet. Ratings use the exchange rate of data/gwt_el_paso/buildings.yaml (1 VP ~ $3).
"""
from __future__ import annotations

from collections import Counter

from games.core.bots import Bot

VP = 3.0            # $ per victory point
CERT = 2.0
WORKER = 4.0        # a worker in the area: its later use (+ its 2 VP stay with us anyway)
DISC_PREF = {"hand": 9, "step": 7, "aux1": 5, "certificate": 5, "aux3": 3, "aux2": 2, "aux4": 3}


class NormalBot(Bot):
    level = "normal"

    def choose(self, rules, st, seat, rng):
        acts = rules.legal_actions(st, seat)
        if len(acts) == 1:
            return acts[0]
        best, best_v = None, None
        for a in acts:
            v = self.rate(rules, st, seat, a) + rng.random() * 0.01
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

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
            post = d.post(int(args[0]))
            disc = d.disc(args[1])
            need = max(0, post.value - rules.delivery_value(p))
            v = post.vp * VP * 1.3 + post.value * 0.3 + disc.money + DISC_PREF.get(disc.id, 2)
            v += sum(self.act_value(rules, st, seat, x, ()) for x in post.reward
                     if x.name in ("gain_money", "gain_certificates")) + 4 * len(post.reward)
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
        from .trail import destinations
        dests = destinations(rules.data.succ, start, 8, lambda x: rules.is_location(st, x), rules.data.el_paso)
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
        p = st.players[seat]
        cost = rules.hire_price(w, price)
        mine = Counter(c for c in p["workers"] + p["deck"] + p["discard"]
                       if rules.is_worker(c))
        want = {d.payer("building"): 2.0, d.payer("cattle_market"): 1.5, d.payer("train"): 1.0,
                d.wild: 1.5}[w] - 0.4 * mine[w]
        return WORKER + 2 * VP * 0.5 + want - cost

    def act_value(self, rules, st, seat, act, args) -> float:
        v = self._act_value(rules, st, seat, act, args)
        rich = st.players[seat]["money"] >= 12
        return v + (3.0 if rich and act.name in ("buy_cattle", "hire_worker", "place_building",
                                                   "use_train") and v > -6 else 0.0)

    def _act_value(self, rules, st, seat, act, args) -> float:
        d = rules.data
        p = st.players[seat]
        name = act.name
        v = -act.cost
        hand = Counter(p["hand"])
        if name == "gain_money":
            return v + act.get("amount")
        if name == "gain_certificates":
            return v + CERT * min(act.get("amount"), d.cert_max - p["certs"])
        if name == "gain_exchange_token":
            return v + 1.0 * act.get("count")
        if name == "discard_cattle_for_money":
            b = args[0] if args else None
            if b is None:
                return v
            money = act.get("money") if act.get("money") is not None else act.get("money_per_bv") * d.breed(b).bv
            loss = 0 if hand[b] > 1 else d.breed(b).bv * 0.8
            return v + money - loss
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
            extra = 5 if b.effect is not None else sum(
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
            return v + self.cattle_value(rules, p, b) - need * d.money_per_worker - need * 2.5 - j * 1.0
        if name == "use_train":
            if not args:
                return v
            t = d.train(int(args[0]))
            gain = sum(max([0.0] + [self.act_value(rules, st, seat, x, o)
                                    for o in rules.act_options(st, seat, x)[:20]] or [0.0])
                       for x in rules.ref_acts(st, ["train", t.id]) if x.name != "move_herder") + 3
            return v + gain - t.engineers * (d.money_per_worker + 2.0) - int(args[1]) * 1.0
        if name == "place_building":
            if not args:
                return v
            kind, t, node, j = args[0], int(args[1]), args[2], int(args[3])
            bt = d.btype(t)
            side = st.stock[str(t)][0] if st.stock[str(t)] else "a"
            vp = bt.sides[side][1]
            if kind == "place":
                cost = bt.builders * d.money_per_worker + d.nodes[node].cost
                return v + vp * VP + 6 - cost - bt.builders * 2.0 - j
            old = st.built[node]
            old_vp = d.btype(old["type"]).sides[old["side"]][1]
            diff = bt.builders - d.btype(old["type"]).builders
            return v + (vp - old_vp) * VP + 2 - diff * (d.money_per_worker + 2.0) - j
        if name == "move_herder":
            return v + 3
        if name == "auxiliary_action":
            return v + 1
        if name == "gain_cattle":
            return v + self.cattle_value(rules, p, d.breed(act.get("breed")))
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
        return max(-1.0, o.vp * VP * 0.8 - missing * 2.0)

    def cattle_value(self, rules, p, b) -> float:
        owned = set(p["hand"] + p["deck"] + p["discard"])
        return b.vp * VP + b.bv * 1.5 + (3 if b.id not in owned else 0)
