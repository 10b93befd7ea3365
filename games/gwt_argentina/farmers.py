"""Argentina's farmers (spec §3.8.6): helping farmers (granjeros) and investing them in the
granjero row. Also the decision kinds and act tables of the farm part as a whole (this
module, cattle.py and workerarea.py), which the rules merge into theirs.

Helping is the act `help_farmers` (params `max`: 3 = up to 3 farmer tiles anywhere, 1 =
the tile the herder stands on; `bonus`: stamina added by the building, 3a / 8b) or, on a
farmer tile (phase B case 3), `help_here_options` / `start_help`. The decision kind `help`:

  farmer <node>    pick a farmer (up to the max); offered only while the picked farmers
                   can still be covered
  reveal <card>    reveal a cattle card from hand for its stamina (up to 4 cards)
  done             once the total stamina covers the picked farmers

The hand is being counted for stamina throughout, so no free action (exchange token,
objective card) is offered in it; the hand cannot change, and the help can always end.

Total stamina = the board's (uncovered stamina disc spaces: the rules' `stamina_on_board`)
+ the stamina icons of worker tokens in the area + revealed cards + the building's bonus.
When done: exhaustion cards by the number revealed (1-2: 1, 3-4: 2) onto the discard pile,
the revealed cards discarded, the pesos of each farmer space (its peso space and the
printed amount) gained, the spaces emptied. Then the kind `invest`:

  invest <token>   pay the leftmost free granjero space's cost, place the farmer there
                   (flipped; that space's instant follows)
  end              the farmers left go beside the player board (`p["farmers"]`)
"""
from __future__ import annotations

from collections import Counter

from games.core.events import Event
from games.gwt.decisions import END, Kind

# The farm part's decision kinds (this module, cattle.py, workerarea.py).
KINDS_FARM = {k.name: k for k in (
    Kind("help", "options_help", {"farmer": (False, "on_help_farmer"), "reveal": (False, "on_help_reveal"),
                                  "done": (True, "on_help_done")}, free=False),
    Kind("invest", "options_invest", {"invest": (False, "on_invest"), "end": (True, "on_invest_end")}),
    Kind("buy", "options_buy", {"buy": (False, "on_buy"), "reveal": (False, "on_market_reveal"), "end": END}),
    Kind("discardn", "options_discardn", {"discard": (False, "on_discardn")}, free=False),
    Kind("removen", "options_removen", {"remove": (False, "on_removen"), "end": END}, free=False),
)}

# act name -> rules method (options(st, seat, p, a, money) / run(st, seat, p, a, args, ev))
ACT_OPTIONS_FARM = {
    "help_farmers": "opt_help_farmers",
    "buy_cattle": "opt_market_buy",
    "free_market_card": "opt_free_market_card",
    "draw_discard": "opt_draw_discard",
    "remove_card": "opt_remove_card",
    "remove_exhaustion": "opt_remove_exhaustion",
    "discard_cattle_for_grain": "opt_discard_for_grain",
    "discard_cattle_for_certificates": "opt_discard_for_certs",
    "discard_cattle_for_train": "opt_discard_for_train",
}
ACT_RUN_FARM = {
    "help_farmers": "run_help_farmers",
    "buy_cattle": "run_market_buy",
    "free_market_card": "run_free_market_card",
    "draw_discard": "run_draw_discard",
    "remove_card": "run_remove_card",
    "remove_exhaustion": "run_remove_exhaustion",
    "discard_cattle_for_grain": "run_discard_for_grain",
    "discard_cattle_for_certificates": "run_discard_for_certs",
    "discard_cattle_for_train": "run_discard_for_train",
}


class FarmersMixin:
    KINDS_FARM = KINDS_FARM
    ACT_OPTIONS_FARM = ACT_OPTIONS_FARM
    ACT_RUN_FARM = ACT_RUN_FARM

    # ---- stamina -------------------------------------------------------------------
    def farmer_need(self, st, node: str) -> int:
        """The stamina the farmer on `node` requires."""
        return self.data.tokens[st.farmers[node]].stamina

    def help_stamina(self, st, seat: int, bonus: int, revealed=()) -> int:
        """Total stamina: the board's, the worker tokens', the revealed cards', the bonus."""
        d = self.data
        p = st.players[seat]
        return (self.stamina_on_board(p) + self.stamina_workers(p) + bonus
                + sum(d.cards[c].stamina for c in revealed))

    def unrevealed(self, p: dict, revealed) -> list[str]:
        """Cattle cards in hand not revealed yet (with repeats)."""
        d = self.data
        left = Counter(revealed)
        out = []
        for c in p["hand"]:
            if left[c] > 0:
                left[c] -= 1
            elif d.is_cattle(c):
                out.append(c)
        return out

    def help_reach(self, st, seat: int, bonus: int, revealed) -> int:
        """The most stamina reachable: revealed so far plus the best cards still allowed."""
        d = self.data
        room = d.help_cards_max - len(revealed)
        best = sorted((d.cards[c].stamina for c in self.unrevealed(st.players[seat], revealed)), reverse=True)
        return self.help_stamina(st, seat, bonus, revealed) + sum(best[:max(room, 0)])

    def help_feasible(self, st, seat: int, nodes, bonus: int, picked, revealed) -> bool:
        """Whether the help can still end with at least one farmer covered."""
        need = sum(self.farmer_need(st, n) for n in picked)
        if not picked:
            free = [self.farmer_need(st, n) for n in nodes if n in st.farmers]
            if not free:
                return False
            need += min(free)
        return self.help_reach(st, seat, bonus, revealed) >= need

    def help_exhaustion(self, revealed: int) -> int:
        """Exhaustion cards taken for `revealed` cards (1-2: 1, 3-4: 2, none: 0)."""
        if revealed <= 0:
            return 0
        for upto, n in sorted(self.data.help_exhaustion):
            if revealed <= upto:
                return n
        return max(n for _, n in self.data.help_exhaustion)

    # ---- starting a help ---------------------------------------------------------------
    def help_candidates(self, st, seat: int, most: int) -> list[str]:
        if most == 1:
            node = st.players[seat]["node"]
            return [node] if node in st.farmers else []
        return sorted(st.farmers, key=self.data.node_index)

    def help_here_options(self, st, seat: int, node: str, bonus: int = 0) -> list[tuple]:
        """[()] when the farmer on `node` (where the herder stands) can be helped, else []."""
        if node not in st.farmers:
            return []
        return [()] if self.help_feasible(st, seat, [node], bonus, [], []) else []

    def start_help(self, st, seat: int, nodes, bonus: int, ev: list[Event], most: int | None = None) -> None:
        """Push the `help` decision over the farmers on `nodes` (up to `most`, default 3; one
        node alone is picked at once)."""
        nodes = [n for n in nodes if n in st.farmers]
        most = min(3 if most is None else most, len(nodes))
        top = {"k": "help", "nodes": nodes, "max": most, "bonus": bonus, "picked": [], "revealed": []}
        if len(nodes) == 1:
            top["picked"].append(nodes[0])
        st.pending.append(top)

    def opt_help_farmers(self, st, seat, p, a, money):
        nodes = self.help_candidates(st, seat, a.get("max", 3))
        return [()] if self.help_feasible(st, seat, nodes, a.get("bonus", 0), [], []) else []

    def run_help_farmers(self, st, seat, p, a, args, ev):
        most = a.get("max", 3)
        self.start_help(st, seat, self.help_candidates(st, seat, most), a.get("bonus", 0), ev, most)

    # ---- the help decision -------------------------------------------------------------
    def options_help(self, st, seat, top):
        d = self.data
        p = st.players[seat]
        picked, revealed, bonus, nodes = top["picked"], top["revealed"], top["bonus"], top["nodes"]
        out = []
        # help_feasible for every option, with the stamina now and the hand's staminas
        # worked out once (a bot's look-ahead asks for these options thousands of times)
        have = self.help_stamina(st, seat, bonus, revealed)
        need = sum(self.farmer_need(st, n) for n in picked)
        hand = self.unrevealed(p, revealed)
        staminas = sorted((d.cards[c].stamina for c in hand), reverse=True)
        room = d.help_cards_max - len(revealed)
        if len(picked) < top["max"]:
            reach = have + sum(staminas[:max(room, 0)])
            for n in nodes:
                if n not in picked and reach >= need + self.farmer_need(st, n):
                    out.append(("farmer", n))
        if len(revealed) < d.help_cards_max:
            least = need      # the stamina a help must still reach (None: no farmer left)
            if not picked:
                free = [self.farmer_need(st, n) for n in nodes if n in st.farmers]
                least = need + min(free) if free else None
            for c in sorted(set(hand)) if least is not None else ():
                sc = d.cards[c].stamina
                rest = staminas[:]
                rest.remove(sc)
                if have + sc + sum(rest[:max(room - 1, 0)]) >= least:
                    out.append(("reveal", c))
        if picked and have >= need:
            out.append(("done",))
        return out

    def help_view(self, st, seat: int, top: dict) -> dict:
        """The help decision's numbers for the view: stamina now, stamina needed."""
        return {"stamina": self.help_stamina(st, seat, top["bonus"], top["revealed"]),
                "need": sum(self.farmer_need(st, n) for n in top["picked"]),
                "picked": list(top["picked"]), "revealed": list(top["revealed"]), "max": top["max"]}

    def on_help_farmer(self, st, seat, top, args, ev):
        top["picked"].append(args[0])

    def on_help_reveal(self, st, seat, top, args, ev):
        top["revealed"].append(args[0])
        ev.append(Event("gwta_help_reveal", {"seat": seat, "card": args[0]}))

    def on_help_done(self, st, seat, top, args, ev):
        d = self.data
        p = st.players[seat]
        revealed = top["revealed"]
        stamina = self.help_stamina(st, seat, top["bonus"], revealed)
        self.take_exhaustion(st, seat, self.help_exhaustion(len(revealed)), ev)
        for c in revealed:
            self.discard_from_hand(p, c)
        tokens, pesos = [], 0
        for node in top["picked"]:
            tokens.append(st.farmers.pop(node))
            pesos += st.farm_pesos.get(node, 0) + d.farmer_pesos.get(node, 0)
            if node in st.farm_pesos:
                st.farm_pesos[node] = 0
        p["money"] += pesos
        ev.append(Event("gwta_help", {"seat": seat, "nodes": list(top["picked"]), "tokens": tokens,
                                      "revealed": list(revealed), "stamina": stamina, "pesos": pesos}))
        inv = {"k": "invest", "tokens": tokens}
        if self.options_invest(st, seat, inv) == [("end",)]:
            self.on_invest_end(st, seat, inv, (), ev)
        else:
            st.pending.append(inv)

    # ---- investing ------------------------------------------------------------------
    def invest_cost(self, p: dict) -> int | None:
        """The placement cost of the leftmost free granjero space (None: the row is full)."""
        slot = self.next_slot(p, "granjero")
        return None if slot is None else slot.cost

    def options_invest(self, st, seat, top):
        p = st.players[seat]
        cost = self.invest_cost(p)
        out = []
        if cost is not None and p["money"] >= cost:
            out += [("invest", t) for t in sorted(set(top["tokens"]))]
        return out + [("end",)]

    def on_invest(self, st, seat, top, args, ev):
        p = st.players[seat]
        token = args[0]
        cost = self.invest_cost(p)
        top["tokens"].remove(token)
        if not top["tokens"] and st.pending and st.pending[-1] is top:
            st.pending.pop()
        p["money"] -= cost
        ev.append(Event("gwta_invest", {"seat": seat, "token": token, "cost": cost}))
        self.add_worker(st, seat, "granjero", token, ev)

    def on_invest_end(self, st, seat, top, args, ev):
        if top["tokens"]:
            st.players[seat]["farmers"].extend(top["tokens"])
            ev.append(Event("gwta_farmers", {"seat": seat, "tokens": list(top["tokens"])}))
            top["tokens"] = []

    # ---- descriptions -----------------------------------------------------------------
    def describe_farm_act(self, act, args: tuple):
        """(key, args) of an act of the farm part (with or without its chosen args), else None."""
        name = act.name
        if name == "help_farmers":
            return "gwta.d.help", {"n": act.get("max", 3), "bonus": act.get("bonus", 0)}
        if name == "buy_cattle":
            return "gwta.d.buy_cattle", {}
        if name == "free_market_card":
            if len(args) >= 2:
                return "gwta.d.free_market_card", {"card": args[0], "market": args[1]}
            if args:
                return "gwta.d.gain_market_card", {"card": args[0]}
            if act.get("discard"):
                return "gwta.d.free_market_any", {}
            if act.get("breed"):
                return "gwta.d.gain_market_breed", {"breed": act.get("breed")}
            return "gwta.d.gain_market_any", {}
        if name == "draw_discard":
            if act.get("per_gaucho"):
                return "gwta.d.draw_discard_gauchos", {}
            return "gwta.d.draw_discard", {"n": act.get("count") or 1}
        if name == "remove_card":
            return ("gwta.d.remove_card", {"card": args[0]}) if args \
                else ("gwta.d.remove_cards", {"n": act.get("count") or 1})
        if name == "remove_exhaustion":
            return "gwta.d.remove_exhaustion", {}
        if name in ("discard_cattle_for_grain", "discard_cattle_for_certificates"):
            what = "grain" if name.endswith("grain") else "certs"
            n = act.get("amount", 1)
            if args:
                return f"gwta.d.discard_for_{what}", {"card": args[0], "n": n}
            return "gwta.d.discard_for_any", {"what": what, "n": n}
        if name == "discard_cattle_for_train":
            move = self.train_act(act)
            if len(args) >= 2:
                return "gwta.d.discard_for_train", {"card": args[0],
                                                    "move": self.describe_rail_act(move, args[1:])}
            return "gwta.d.discard_for_any", {"what": "train", "n": move.get("steps")}
        return None

    def describe_farm_verb(self, src, action):
        """(key, args) of the verbs of the farm part's decisions (help, invest, buy,
        discardn, removen), else None."""
        if not src.pending:
            return None
        top = src.pending[-1]
        k, verb, args = top.get("k"), action.verb, action.args
        d = self.data
        if k == "help":
            if verb == "farmer":
                return "gwta.d.farmer", {"node": args[0], "need": d.tokens[src.farmers[args[0]]].stamina}
            if verb == "reveal":
                return "gwta.d.reveal_card", {"card": args[0], "stamina": d.cards[args[0]].stamina}
            if verb == "done":
                return "gwta.d.help_done", {}
        elif k == "invest":
            if verb == "invest":
                t = self.data.tokens[args[0]]
                return "gwta.d.invest", {"farmer": t.type, "hand": t.hand, "need": t.stamina,
                                         "cost": self.invest_cost(src.players[action.seat])}
            if verb == "end":
                return "gwta.d.invest_end", {}
        elif k == "buy":
            if verb == "buy":
                price = d.prices[int(args[0])]
                return "gwta.d.buy", {"card": list(args[1:]), "pesos": price.pesos, "gauchos": price.gauchos}
            if verb == "reveal":
                return "gwta.d.market_reveal", {}
            if verb == "end":
                return "gwta.d.buy_end", {}
        elif k == "discardn" and verb == "discard":
            return "gwta.d.discard", {"card": args[0]}
        elif k == "removen":
            if verb == "remove":
                return "gwta.d.remove_card", {"card": args[0]}
            if verb == "end":
                return "gwta.d.remove_end", {}
        return None
