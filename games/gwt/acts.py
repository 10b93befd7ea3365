"""The action vocabulary every GWT edition shares (El Paso spec §5, Argentina §3.8): for
each act name, the argument tuples with which it can be done now (`act_options`) and its
effect (`run`). An edition adds its own acts by extending ACT_OPTIONS and ACT_RUN (act
name -> method name); the tables are bound once per rules object.

Payments name how many wild workers stand in: ("corriente", 1) buys a Corriente with one
joker and one cowboy."""
from __future__ import annotations

from games.core.events import Event

SIMPLE = frozenset({"gain_money", "gain_certificates", "gain_exchange_token"})


class ActsMixin:
    ANY_TILE = ("objective",)      # the tile kinds "gain_tile: any" offers
    ACT_OPTIONS = {
        "discard_cattle_for_money": "opt_discard_cattle", "gain_money": "opt_always",
        "gain_exchange_token": "opt_always", "gain_certificates": "opt_certificates",
        "gain_tile": "opt_tile", "exchange": "opt_exchange", "hire_worker": "opt_hire",
        "buy_cattle": "opt_buy_cattle", "place_building": "opt_place_building",
        "move_herder": "opt_always", "auxiliary_action": "opt_always", "gain_cattle": "opt_gain_cattle",
        "remove_cattle": "opt_remove_cattle",
    }
    ACT_RUN = {
        "discard_cattle_for_money": "run_discard_cattle", "gain_tile": "run_tile", "exchange": "run_exchange",
        "hire_worker": "run_hire", "buy_cattle": "run_buy_cattle", "place_building": "run_place_building",
        "move_herder": "run_move_herder", "auxiliary_action": "run_auxiliary", "gain_cattle": "run_gain_cattle",
        "remove_cattle": "run_remove_cattle",
    }

    def _bind_acts(self) -> None:
        self._act_opt = {k: getattr(self, v) for k, v in self.ACT_OPTIONS.items()}
        self._act_run = {k: getattr(self, v) for k, v in self.ACT_RUN.items()}

    def act_options(self, st, seat: int, a) -> list[tuple]:
        """Every argument tuple with which act `a` can be done now ([] = not doable)."""
        p = st.players[seat]
        money = p["money"] - a.cost
        if money < 0:
            return []
        fn = self._act_opt.get(a.name)
        return fn(st, seat, p, a, money) if fn is not None else []

    def simple(self, st, p: dict, a) -> None:
        """Acts without choices: money, certificates, exchange tokens (cost paid here)."""
        p["money"] -= a.cost
        if a.name == "gain_money":
            p["money"] += a.get("amount")
        elif a.name == "gain_certificates":
            p["certs"] = min(self.cert_limit(p), p["certs"] + a.get("amount"))
        elif a.name == "gain_exchange_token":
            p["tokens"] += a.get("count")

    def run(self, st, seat: int, a, args: tuple, ev: list[Event]) -> None:
        p = st.players[seat]
        if a.name in SIMPLE:
            self.simple(st, p, a)
            return
        p["money"] -= a.cost
        fn = self._act_run.get(a.name)
        if fn is not None:
            fn(st, seat, p, a, args, ev)

    # ---- options -------------------------------------------------------------------
    def opt_always(self, st, seat, p, a, money):
        return [()]

    def opt_certificates(self, st, seat, p, a, money):
        return [()] if a.cost == 0 or p["certs"] < self.cert_limit(p) else []

    def opt_discard_cattle(self, st, seat, p, a, money):
        hand = sorted(set(p["hand"]))
        if a.get("breed"):
            return [(b,) for b in hand if b == a.get("breed")]
        if a.get("bv") is not None:
            d = self.data
            return [(b,) for b in hand if d.breed(b).bv == a.get("bv")]
        return [(b,) for b in hand]

    def opt_tile(self, st, seat, p, a, money):
        kinds = self.ANY_TILE if a.get("kind") == "any" else (a.get("kind"),)
        out = []
        for kind in kinds:
            opened, stack = self.tiles(st, kind)
            out += [(kind, i) for i, t in enumerate(opened) if t is not None]
            if stack:
                out.append((kind, "top"))
        return out

    def opt_exchange(self, st, seat, p, a, money):
        return [()] if p["deck"] or p["discard"] else []

    def opt_hire(self, st, seat, p, a, money):
        out = []
        for w in self.hire_types(a.get("type")):
            if st.supply.get(w, 0) > 0 and money >= self.hire_price(w, a.get("price")):
                out.append((w,))
        return out

    def opt_buy_cattle(self, st, seat, p, a, money):
        d = self.data
        payer = d.payer("cattle_market")
        out = []
        for breed, need in d.market.items():
            if st.market.get(breed, 0) > 0 and money >= need * d.money_per_worker:
                out += [(breed, j) for j in self.pay_splits(p, payer, need)]
        return out

    def opt_place_building(self, st, seat, p, a, money):
        return self.build_options(st, seat, money)

    def opt_gain_cattle(self, st, seat, p, a, money):
        return [()] if st.market.get(a.get("breed"), 0) > 0 else []

    def opt_remove_cattle(self, st, seat, p, a, money):
        hand = sorted(set(p["hand"]))
        if a.get("any") or st.options.get("remove_any") == "yes":
            return [(b,) for b in hand]
        return [(b,) for b in hand if b == a.get("breed")]

    # ---- effects -------------------------------------------------------------------
    def run_discard_cattle(self, st, seat, p, a, args, ev):
        b = args[0]
        p["hand"].remove(b)
        p["discard"].append(b)
        p["money"] += a.get("money") if a.get("money") is not None else a.get("money_per_bv") * self.data.breed(b).bv

    def run_tile(self, st, seat, p, a, args, ev):
        self.take_tile(st, seat, args[0], args[1], ev)

    def run_exchange(self, st, seat, p, a, args, ev):
        self.exchange_draw(st, seat, ev, more=a.get("times") - 1)

    def run_hire(self, st, seat, p, a, args, ev):
        self.hire(st, p, args[0], a.get("price"))
        if a.get("second_price") is not None:
            st.pending.append({"k": "hire2", "first": args[0], "price": a.get("second_price")})

    def run_buy_cattle(self, st, seat, p, a, args, ev):
        d = self.data
        breed, j = args[0], int(args[1])
        need = d.market[breed]
        self.spend_workers(p, d.payer("cattle_market"), need, j)
        p["money"] -= need * d.money_per_worker
        st.market[breed] -= 1
        p["discard"].append(breed)

    def run_place_building(self, st, seat, p, a, args, ev):
        self.place_building(st, seat, args, ev)

    def run_move_herder(self, st, seat, p, a, args, ev):
        st.pending.append({"k": "move", "max": a.get("max_steps"), "extra": 0})

    def run_auxiliary(self, st, seat, p, a, args, ev):
        st.pending.append({"k": "aux", "used": [], "left": a.get("count")})

    def run_gain_cattle(self, st, seat, p, a, args, ev):
        st.market[a.get("breed")] -= 1
        p["discard"].append(a.get("breed"))

    def run_remove_cattle(self, st, seat, p, a, args, ev):
        p["hand"].remove(args[0])
        st.box.append(args[0])
