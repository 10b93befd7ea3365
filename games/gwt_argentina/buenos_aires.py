"""Buenos Aires (spec gwt_argentina.md §3.6): the six actions of a visit, each a named
decision on the stack, then the closing steps; and the acts that share their rules (special
delivery of building 6b, a disc onto a dock, hiring from the job market).

A visit pushes, top first:

  ba_delivery  action 1: "deliver <dock> <bonus space>" (one disc from a dock of yours to a
               free bonus space of that city, paying the quarter's grain less the dock's
               discount; the space's reward at once) or "skip"
  ba_income    action 2: "income <n>", n = temporary certificates used (0..certificates):
               the hand is revealed; distinct breed groups' breeding values + n + permanent
               certificates in pesos; exhaustion cards back to the pile, the hand discarded.
               The total is kept in the ba_load entry for action 3
  ba_load      action 3: "load <ship> <disc source>": a ship of the loading area whose cargo
               value the total reaches and that holds no disc of yours (the 0- and 18-ships
               excepted), a disc whose corner fits; grain less the permanent loading grain,
               2 pesos per grain missing; then the ship's loading action. "skip" only when
               no disc can be placed anywhere
  ba_foresight actions 4-6 (entry "letter" A/B/C): "foresight <slot>": a worker token to the
               job market, a farmer token to its zone; once the job-market token has left,
               no worker token may be picked ("skip" if only workers are left)
and, after action 6, the closing steps: the herder back to the rider space, the emptied
foresight spaces refilled.

Choices where the rulebook is silent (spec §4 G17): a loading penalty the seat cannot pay
in full is paid as far as its money goes; a seat with no disc left anywhere loads nothing
("skip"); the arrows passed in actions 5 and 6 run right after that action.
"""
from __future__ import annotations

from games.core.events import Event
from games.gwt.decisions import END, Kind

KINDS_BA = {k.name: k for k in (
    Kind("ba_delivery", "options_ba_delivery", {"deliver": (True, "on_ba_delivery"), "skip": END},
         prompt="prompt.gwta.ba_delivery"),
    Kind("ba_income", "options_ba_income", {"income": (True, "on_ba_income")}, free=False,
         prompt="prompt.gwta.ba_income"),
    Kind("ba_load", "options_ba_load", {"load": (True, "on_ba_load"), "skip": (True, "on_ba_load_skip")},
         prompt="prompt.gwta.ba_load"),
    Kind("ba_foresight", "options_ba_foresight",
         {"foresight": (True, "on_ba_foresight"), "skip": (True, "on_ba_foresight_skip")},
         prompt="prompt.gwta.ba_foresight"),
)}


class BuenosAiresMixin:
    KINDS_BA = KINDS_BA
    ACT_OPTIONS_BA = {"special_delivery": "opt_special_delivery", "disc_to_dock": "opt_disc_to_dock",
                      "hire_worker": "opt_hire_worker"}
    ACT_RUN_BA = {"special_delivery": "run_special_delivery", "disc_to_dock": "run_disc_to_dock",
                  "hire_worker": "run_hire_worker"}

    # ================================================================ the visit
    def city_visit(self, st, seat: int, ev: list[Event]) -> None:
        ev.append(Event("gwta_ba", {"seat": seat}))
        st.pending += [{"k": "ba_foresight", "letter": "C"}, {"k": "ba_foresight", "letter": "B"},
                       {"k": "ba_foresight", "letter": "A"}, {"k": "ba_load", "total": 0},
                       {"k": "ba_income"}, {"k": "ba_delivery"}]

    def close_visit(self, st, seat: int, ev: list[Event]) -> None:
        """§3.6.5: the herder to the rider space, the foresight spaces refilled."""
        st.players[seat]["node"] = self.data.start_node
        ev.append(Event("gwta_home", {"seat": seat}))
        self.refill_foresight(st, ev)

    def view_ba(self, st, seat: int, top: dict) -> dict:
        """A visit decision's context for the view: the income's parts, the loading total
        and each ship's grain need, the foresight tokens on offer."""
        d = self.data
        p = st.players[seat]
        k = top["k"]
        if k == "ba_income":   # the hand's value is the deciding seat's secret: view_delivery
            return {"permanent": self.perm_certs(p), "certs": p["certs"]}
        if k == "ba_load":
            return {"total": top["total"], "grain": p["grain"],
                    "ships": [{"ship": s, "value": d.ships[s].value, "need": self.loading_need(p, s),
                               "open": self.ship_open(st, seat, s, top["total"])} for s in st.ships]}
        if k == "ba_foresight":
            return {"letter": top["letter"], "tokens": list(st.foresight.get(top["letter"], [])),
                    "workers_open": self.workers_open(st)}
        if k == "ba_delivery":
            return {"grain": p["grain"], "docks": [x for x in sorted(st.docks) if seat in st.docks[x]]}
        return {}

    # ---- action 1: special delivery ------------------------------------------------
    def city_of(self, st, city: str):
        """The city board `city` on the side in play (read from `cities`: the data's `city`
        is the trail's end)."""
        side = st.city_sides.get(city, "a")
        return next(c for c in self.data.cities if c.id == city and c.side == side)

    def delivery_options(self, st, seat: int) -> list[tuple]:
        """(dock, bonus space) for each special delivery possible now."""
        d = self.data
        p = st.players[seat]
        taken = set(st.bonus) | set(st.covered)
        out = []
        for dock_id in sorted(st.docks):
            if seat not in st.docks[dock_id]:
                continue
            city = self.city_of(st, d.dock_city(dock_id))
            dock = next((x for x in city.docks if x.id == dock_id), None) or d.dock(dock_id)
            for q in city.quarters:
                if max(0, q.grain - dock.discount) > p["grain"]:
                    continue
                out += [(dock_id, b.id) for b in q.spaces if b.id not in taken]
        return out

    def delivery_grain(self, st, dock_id: str, space: str) -> int:
        d = self.data
        city = self.city_of(st, d.dock_city(dock_id))
        dock = next((x for x in city.docks if x.id == dock_id), None) or d.dock(dock_id)
        quarter = next(q for q in city.quarters if any(b.id == space for b in q.spaces))
        return max(0, quarter.grain - dock.discount)

    def special_delivery(self, st, seat: int, dock_id: str, space: str, ev: list[Event]) -> None:
        """One disc from `dock_id` onto bonus space `space`: the grain paid, the space's
        reward now (its VP at the end)."""
        p = st.players[seat]
        grain = self.delivery_grain(st, dock_id, space)
        p["grain"] -= grain
        st.docks[dock_id].remove(seat)
        st.bonus[space] = seat
        city, _side, quarter = self.data.quarter_of(space)
        ev.append(Event("gwta_delivery", {"seat": seat, "dock": dock_id, "space": space, "grain": grain,
                                          "city": city, "quarter": quarter}))
        self.push_acts(st, seat, ["bonus", space], ev)

    def options_ba_delivery(self, st, seat, top):
        return [("deliver", dock, space) for dock, space in self.delivery_options(st, seat)] + [("skip",)]

    def on_ba_delivery(self, st, seat, top, args, ev):
        self.special_delivery(st, seat, args[0], args[1], ev)

    def opt_special_delivery(self, st, seat, p, a, money):
        return self.delivery_options(st, seat)

    def run_special_delivery(self, st, seat, p, a, args, ev):
        self.special_delivery(st, seat, args[0], args[1], ev)

    # ---- a disc onto a dock (granjero row, buildings 5a/8a) -------------------------------
    def dock_disc(self, st, seat: int, dock_id: str, source: str, ev: list[Event]) -> None:
        self.take_disc(st, seat, source, ev)
        st.docks.setdefault(dock_id, []).append(seat)
        ev.append(Event("gwta_dock", {"seat": seat, "dock": dock_id}))

    def dock_dark(self, dock_id: str) -> bool:
        """Whether the dock takes any disc (a dark-corner target) or only a white-corner one
        (fallbacks aside)."""
        return self.data.dock(dock_id).dark

    def opt_disc_to_dock(self, st, seat, p, a, money):
        return [(s,) for s in self.disc_sources(st, seat, self.dock_dark(a.get("dock")))]

    def run_disc_to_dock(self, st, seat, p, a, args, ev):
        self.dock_disc(st, seat, a.get("dock"), args[0], ev)

    # ---- action 2: income ----------------------------------------------------------
    def hand_value(self, p: dict) -> int:
        """The breeding values of the distinct breed groups in hand (each group once;
        exhaustion and objective cards count nothing)."""
        d = self.data
        best: dict[str, int] = {}
        for c in p["hand"]:
            if not d.is_cattle(c):
                continue
            g = d.breed_of(c)
            best[g] = max(best.get(g, 0), d.cards[c].bv)
        return sum(best.values())

    def income_total(self, p: dict, certs: int) -> int:
        return self.hand_value(p) + certs + self.perm_certs(p)

    def options_ba_income(self, st, seat, top):
        return [("income", n) for n in range(st.players[seat]["certs"] + 1)]

    def on_ba_income(self, st, seat, top, args, ev):
        p = st.players[seat]
        n = int(args[0])
        hand = sorted(p["hand"])
        value, perm = self.hand_value(p), self.perm_certs(p)
        total = value + n + perm
        p["certs"] -= n
        p["money"] += total
        for e in reversed(st.pending):
            if e["k"] == "ba_load":
                e["total"] = total
                break
        tired = sum(1 for c in p["hand"] if c == "exhaustion")
        st.exhaustion += tired
        p["discard"] += [c for c in p["hand"] if c != "exhaustion"]
        p["hand"] = []
        ev.append(Event("gwta_income", {"seat": seat, "hand": hand, "value": value, "certs": n,
                                        "permanent": perm, "total": total, "exhaustion": tired}))

    # ---- action 3: loading ---------------------------------------------------------
    def ship_open(self, st, seat: int, ship: str, total: int) -> bool:
        s = self.data.ships[ship]
        return s.value <= total and (s.repeat or seat not in st.ship_discs.get(ship, []))

    def load_options(self, st, seat: int, total: int) -> list[tuple]:
        d = self.data
        out = []
        for ship in st.ships:
            if self.ship_open(st, seat, ship, total):
                out += [(ship, src) for src in self.disc_sources(st, seat, d.ships[ship].dark)]
        return out

    def loading_need(self, p: dict, ship: str) -> int:
        """Grain the ship asks less the permanent loading grain (never below 0)."""
        return max(0, self.data.ships[ship].grain - self.loading_grain(p))

    def load_ship(self, st, seat: int, ship: str, source: str, ev: list[Event]) -> None:
        """A disc onto the ship; its grain loaded (2 pesos per grain missing, paid as far as
        the money goes); then its loading action."""
        d = self.data
        p = st.players[seat]
        self.take_disc(st, seat, source, ev)
        st.ship_discs.setdefault(ship, []).append(seat)
        need = self.loading_need(p, ship)
        grain = min(need, p["grain"])
        p["grain"] -= grain
        due = (need - grain) * d.loading_penalty
        paid = min(due, p["money"])
        p["money"] -= paid
        ev.append(Event("gwta_load", {"seat": seat, "ship": ship, "value": d.ships[ship].value, "grain": grain,
                                      "penalty": due, "paid": paid}))
        self.push_acts(st, seat, ["ship", ship], ev)

    def options_ba_load(self, st, seat, top):
        return [("load", ship, src) for ship, src in self.load_options(st, seat, top["total"])] or [("skip",)]

    def on_ba_load(self, st, seat, top, args, ev):
        self.load_ship(st, seat, args[0], args[1], ev)

    def on_ba_load_skip(self, st, seat, top, args, ev):
        ev.append(Event("gwta_no_load", {"seat": seat}))

    # ---- actions 4-6: foresight ----------------------------------------------------
    def foresight_options(self, st, letter: str) -> list[int]:
        d = self.data
        out = []
        for i, t in enumerate(st.foresight.get(letter, [])):
            if t is None:
                continue
            if d.tokens[t].kind == "worker" and not self.workers_open(st):
                continue
            out.append(i)
        return out

    def options_ba_foresight(self, st, seat, top):
        return [("foresight", i) for i in self.foresight_options(st, top["letter"])] or [("skip",)]

    def on_ba_foresight(self, st, seat, top, args, ev):
        letter = top["letter"]
        slots = st.foresight[letter]
        i = int(args[0])
        token = slots[i]
        slots[i] = None
        tok = self.data.tokens[token]
        ev.append(Event("gwta_foresight", {"seat": seat, "letter": letter, "token": token, "kind": tok.kind,
                                           tok.kind if tok.kind == "worker" else "colour": tok.type}))
        if tok.kind == "worker":
            self.place_worker(st, seat, token, ev)
        else:
            self.place_farmer(st, token, ev, seat)
        self.run_events_due(st, seat, ev)
        if letter == "C":
            self.close_visit(st, seat, ev)

    def on_ba_foresight_skip(self, st, seat, top, args, ev):
        ev.append(Event("gwta_foresight_skip", {"seat": seat, "letter": top["letter"]}))
        if top["letter"] == "C":
            self.close_visit(st, seat, ev)
