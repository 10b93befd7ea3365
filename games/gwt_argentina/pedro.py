"""Pedro, the solo opponent of Great Western Trail: Argentina (our automa; spec
gwt_argentina_solo.md Part II, §8-§21). The printed solo rules are not in our sources;
his cards, loading cards and levels are data (data/gwt_argentina/pedro.yaml, pedro_model.py).

Pedro is a seat of the 2-player game whose player dict holds the usual pieces (his worker
rows, his locomotive, his estanciero, his 17 discs in supply as `discs`, those placed as
`removed`, helped farmers as `farmers`) plus `pedro`, his own zones:

  deck, discard          his Pedro cards (top last)
  loading, loading_used  the loading deck (top last: stage I on top) and its discard
  spec                   the specialization: gaucho | carpintero | maquinista
  level                  easy | medium | hard | very_hard
  masters                station-master tiles he took (he sends no worker; §12.4)
  card, visits           the card of his last turn, his Buenos Aires visits so far

His cattle pile is his `discard` (he never draws from it), his objective pile his
`objectives` (never played; each scores as fulfilled). He has no money, hand, grain,
certificates or exchange tokens.

His whole turn is one action, "pedro" (the family's automa verb): his card, his path and
the fees on it, the card's actions, then his Buenos Aires visit, each step an event so the
table can play it back. Every choice follows a fixed order of criteria ending in a total
order (spec §18), so his play depends only on the shuffles.
"""
from __future__ import annotations

from games.core.events import Event

from .pedro_model import SPEC_TYPES, load_pedro
from .railroad import DEPOT

ZONES = ("green", "blue", "orange", "yellow")
CITY_ORDER = ("liverpool", "rotterdam", "le_havre")     # special delivery ties (§14.3)
QUARTER_ORDER = ("south", "east", "north", "west")
HAND_RANK = {"green": 2, "black": 1, None: 0}
VERB = "pedro"


class PedroMixin:
    AUTOMA_VERB = VERB

    @property
    def pedro_data(self):
        return load_pedro()

    # ================================================================ the seat
    def is_automa(self, p: dict) -> bool:
        return p.get("pedro") is not None

    def automa_turn(self, st, seat: int) -> list[Event]:
        return self.pedro_turn(st, seat)

    def randomize_automa(self, p: dict, rng) -> None:
        """His deck order and each stage of his loading deck are hidden (stage I stays
        above II above III)."""
        pd = self.pedro_data
        s = p["pedro"]
        rng.shuffle(s["deck"])
        stages: dict[int, list] = {}
        for lid in s["loading"]:
            stages.setdefault(pd.loading_card(lid).stage, []).append(lid)
        out = []
        for stage in sorted(stages, reverse=True):    # the bottom first: top last
            cards = stages[stage]
            rng.shuffle(cards)
            out += cards
        s["loading"] = out

    def draw_to_limit(self, st, p: dict, ev: list[Event], seat: int | None = None) -> None:
        if not self.is_automa(p):       # he has no hand: his pile is never drawn
            super().draw_to_limit(st, p, ev, seat)

    @staticmethod
    def pedro_seat(config) -> int | None:
        return next((i for i, s in enumerate(config.seats) if s.kind == "automa"), None)

    # ================================================================ setup (§10)
    def pedro_draw_workers(self, st, players: list, seat: int, level: str) -> None:
        """§10 steps 1-3, before the job market is filled: one worker from bag B (his
        specialization's seed), the level's extra plain workers (pedro.yaml: the design
        gives Hard and Very hard a gaucho, carpintero and maquinista; stamina ones set
        aside and put back under the bag), its random tokens (Very hard: one, whatever it
        is); then the specialization (most numerous, ties GCM)."""
        d = self.data
        lv = self.pedro_data.levels[level]
        p = players[seat]
        bag = st.bags["B"]
        if bag:
            t = bag.pop()
            p["rows"][d.tokens[t].type].append(t)
        if lv.extra_workers:
            want = list(lv.extra_workers)
            aside: list[str] = []
            kept: list[str] = []
            while want and bag:
                t = bag.pop()
                tok = d.tokens[t]
                if tok.type in want and not tok.stamina:
                    want.remove(tok.type)
                    kept.append(t)
                else:
                    aside.append(t)
            for wtype in list(want):     # the bag ran out: the first stamina token of that type
                t = next((x for x in aside if d.tokens[x].type == wtype), None)
                if t is not None:
                    aside.remove(t)
                    kept.append(t)
                    want.remove(wtype)
            bag[0:0] = list(reversed(aside))    # back under the bag, in the order drawn
            for t in kept:
                p["rows"][d.tokens[t].type].append(t)
        for _ in range(lv.random_workers):
            if bag:
                t = bag.pop()
                p["rows"][d.tokens[t].type].append(t)
        counts = {t: len(p["rows"][t]) for t in SPEC_TYPES}
        p["pedro"]["spec"] = max(SPEC_TYPES, key=lambda t: (counts[t], -SPEC_TYPES.index(t)))

    def new_pedro(self, st, level: str) -> dict:
        """§10 steps 5-6: his deck for the level, the loading deck stage I on top."""
        pd = self.pedro_data
        lv = pd.levels[level]
        deck = [c.id for c in pd.cards if c.id not in lv.remove]
        st.rng.shuffle(deck)
        loading: list[str] = []
        for stage in (3, 2, 1):        # top last: stage III at the bottom
            cards = [c.id for c in pd.loading if c.stage == stage]
            st.rng.shuffle(cards)
            loading += cards
        return {"deck": deck, "discard": [], "loading": loading, "loading_used": [], "spec": "gaucho",
                "level": level, "masters": [], "card": None, "visits": 0}

    def pedro_setup(self, st, seat: int) -> None:
        """§10 step 4: his pieces (the Le Havre dock-I disc is placed by the rules' setup
        as for every seat); no pesos, cards, tokens; side b tiles; the rider space."""
        d = self.data
        p = st.players[seat]
        p["money"], p["tokens"], p["first_turn"] = 0, 0, False
        p["buildings"] = [f"{bt.type}b" for bt in d.building_types]
        p["node"] = d.start_node
        p["deck"], p["hand"], p["discard"] = [], [], []

    # ================================================================ the turn (§11)
    def pedro_turn(self, st, seat: int) -> list[Event]:
        pd = self.pedro_data
        p = st.players[seat]
        s = p["pedro"]
        ev: list[Event] = []
        if not s["deck"]:
            s["deck"], s["discard"] = s["discard"], []
            st.rng.shuffle(s["deck"])
            ev.append(Event("gwta_pedro_reshuffle", {"seat": seat}))
        cid = s["deck"].pop()
        card = pd.card(cid)
        s["card"] = cid
        n = self.pedro_steps(st, seat, card)
        acts = card.condition is None or card.condition == s["spec"]
        ev.append(Event("gwta_pedro_card", {"seat": seat, "card": cid, "steps": n, "acts": acts,
                                            "spec": s["spec"]}))
        path = self.choose_path(st, seat, n)
        self.pedro_move(st, seat, path, ev)
        if acts:
            for name, arg in card.actions:
                self.pedro_action(st, seat, name, arg, ev)
        else:
            ev.append(Event("gwta_pedro_no_action", {"seat": seat, "card": cid, "needs": card.condition}))
        if p["node"] == self.data.city:
            self.pedro_ba_visit(st, seat, ev)
        s["discard"].append(cid)
        return ev

    def pedro_steps(self, st, seat: int, card) -> int:
        p = st.players[seat]
        if isinstance(card.steps, int):
            return card.steps
        if card.steps == "buildings":
            return max(1, max(len(self.owned(st, i)) for i in range(st.n)))
        if card.steps == "gauchos":
            return max(1, self.row_count(p, "gaucho"))
        return max(1, self.row_count(p, p["pedro"]["spec"]))

    def pedro_action(self, st, seat: int, name: str, arg, ev: list[Event]) -> None:
        """One action of his card. The level's worker modifier shifts every worker count
        the action reads (maquinistas for LOCO, gauchos for BUY, carpinteros for BUILD,
        stamina workers for HELP), so a level can weaken his engines without new cards."""
        p = st.players[seat]
        pd = self.pedro_data
        tn = pd.tuning
        wm = pd.levels[p["pedro"]["level"]].worker_modifier
        stam = self.stamina_worker_count(p) + wm
        if name == "hire_any":
            self.pedro_hire(st, seat, self.pick_hire_any(st, seat), ev)
        elif name == "hire_spec":
            self.pedro_hire(st, seat, self.pick_hire_spec(st, seat), ev)
        elif name == "hire":
            self.pedro_hire(st, seat, self.pick_hire_type(st, seat, arg), ev)
        elif name == "loco":
            self.pedro_loco(st, seat, max(0, self.row_count(p, "maquinista") + wm), ev)
        elif name == "objective":
            self.pedro_objective(st, seat, ev)
        elif name == "help_any":
            self.pedro_help(st, seat, self.pick_help_any(st, tn.help_any_base + stam), ev)
        elif name == "help_zone":
            self.pedro_help(st, seat, self.pick_help_zone(st, tn.help_zone_base + stam), ev)
        elif name == "buy":
            self.pedro_buy(st, seat, min(5, max(0, self.row_count(p, "gaucho") + int(arg) + wm)), ev)
        elif name == "build":
            self.pedro_build(st, seat, ev, wm)
        elif name == "reveal2":
            self.reveal_market(st, seat, ev)
        else:
            raise ValueError(name)

    # ---- specialization (§11.1) -------------------------------------------------------
    def pedro_spec_update(self, st, seat: int, ev: list[Event]) -> None:
        p = st.players[seat]
        s = p["pedro"]
        counts = {t: self.row_count(p, t) for t in SPEC_TYPES}
        if any(counts[t] > counts[s["spec"]] for t in SPEC_TYPES):
            new = max(SPEC_TYPES, key=lambda t: (counts[t], -SPEC_TYPES.index(t)))
            s["spec"] = new
            ev.append(Event("gwta_pedro_spec", {"seat": seat, "spec": new}))

    # ================================================================ movement (§11.2)
    def pedro_paths(self, st, seat: int, n: int) -> list[tuple[tuple, tuple]]:
        """Every candidate path: (nodes entered in order, branch key); exactly n location
        steps, or fewer ending in Buenos Aires (the city or a ramp)."""
        d = self.data
        succ = self.trail_succ(st, seat)
        out = []
        start = st.players[seat]["node"]
        stack = [(start, 0, (), ())]
        while stack:
            node, steps, path, key = stack.pop()
            nxt = succ.get(node, ())
            for x in reversed(nxt):
                k = key + (d.succ[node].index(x),)
                route = path + (x,)
                if self.is_location(st, x):
                    s2 = steps + 1
                    if x == d.city or x in d.ramps or s2 == n:
                        out.append((route, k))
                        continue
                    stack.append((x, s2, route, k))
                elif len(route) <= 4 * len(d.succ):
                    stack.append((x, steps, route, k))
        return out

    def pedro_dist(self, st, seat: int, start: str) -> int:
        """d(x): the fewest location steps from `start` into Buenos Aires (a ramp open
        to him counts 1 step, then the city free)."""
        d = self.data
        succ = self.trail_succ(st, seat)
        best = {start: 0}
        frontier = [start]
        dist = 0
        seen_zero = set()
        while frontier:
            # 0-1 breadth first: spread over empty spaces at the same distance
            layer = []
            todo = list(frontier)
            while todo:
                node = todo.pop()
                if node in seen_zero:
                    continue
                seen_zero.add(node)
                for x in succ.get(node, ()):
                    if self.is_location(st, x):
                        if x == d.city or x in d.ramps:
                            return dist + 1
                        if x not in best:
                            best[x] = dist + 1
                            layer.append(x)
                    elif x not in seen_zero:
                        todo.append(x)
            frontier = layer
            dist += 1
        return 10 ** 6

    def path_fees(self, st, seat: int, path) -> tuple[int, int, list]:
        """(pesos the human gains, pesos put on farmer spaces, [(node, kind, pesos)])."""
        d = self.data
        fees = d.fees[2]
        human = farm = 0
        items = []
        for x in path:
            if not self.is_location(st, x):
                continue
            if x in st.farmers:
                hand = d.tokens[st.farmers[x]].hand
                f = fees[hand] if hand else 0
                if f:
                    farm += f
                    items.append((x, "farmer", f))
            elif x in st.built and st.built[x]["owner"] != seat:
                f = sum(fees[h] for h in self.building_hands(st.built[x]) if h)
                if f:
                    human += f
                    items.append((x, "building", f))
        return human, farm, items

    def choose_path(self, st, seat: int, n: int) -> tuple:
        """§11.2: enters BA -> least pesos to the human -> least onto farmers -> nearest to
        BA after (or fewest steps into BA) -> smallest branch key."""
        d = self.data
        cands = self.pedro_paths(st, seat, n)
        if not cands:
            return ()
        distance_first = self.pedro_data.tuning.movement_priority == "distance_first"
        dist: dict[str, int] = {}

        def rank(c):
            route, key = c
            ba = route[-1] == d.city or route[-1] in d.ramps
            human, farm, _ = self.path_fees(st, seat, route)
            if ba:
                near = sum(1 for x in route if self.is_location(st, x))
            else:
                if route[-1] not in dist:
                    dist[route[-1]] = self.pedro_dist(st, seat, route[-1])
                near = dist[route[-1]]
            if distance_first:
                return (not ba, near, human, farm, key)
            return (not ba, human, farm, near, key)

        return min(cands, key=rank)[0]

    def pedro_move(self, st, seat: int, path: tuple, ev: list[Event]) -> None:
        """§11.3: the fees on his path (the human's from the bank, farmers' onto their
        peso spaces), then his estanciero to the end (a ramp: into Buenos Aires)."""
        d = self.data
        p = st.players[seat]
        _, _, items = self.path_fees(st, seat, path)
        for node, kind, pesos in items:
            if kind == "farmer":
                st.farm_pesos[node] = st.farm_pesos.get(node, 0) + pesos
                ev.append(Event("gwta_pedro_fee_farmer", {"seat": seat, "node": node, "pesos": pesos}))
            else:
                owner = st.built[node]["owner"]
                st.players[owner]["money"] += pesos
                ev.append(Event("gwta_pedro_fee", {"seat": seat, "owner": owner, "node": node, "pesos": pesos}))
        frm = p["node"]
        if path:
            p["node"] = path[-1]
        ev.append(Event("gwta_pedro_move", {"seat": seat, "from": frm, "path": list(path), "to": p["node"],
                                            "steps": sum(1 for x in path if self.is_location(st, x))}))
        if p["node"] in d.ramps:
            ev.append(Event("gwta_ramp", {"seat": seat, "node": p["node"]}))
            p["node"] = d.city

    # ================================================================ hiring (§12.1-§12.3)
    def pedro_eligible(self, st, seat: int) -> list[tuple[int, int, str]]:
        """(row, column, token) of every token he may hire: rows above the job-market
        token's (all once it has left), his row of its type not full."""
        d = self.data
        p = st.players[seat]
        out = []
        for r, row in enumerate(st.jm):
            if st.jm_row is not None and r >= st.jm_row:
                break
            for c, t in enumerate(row):
                if t is not None and self.row_room(p, d.tokens[t].type):
                    out.append((r, c, t))
        return out

    def _cheapest(self, cells):
        """The cell in the cheapest row (printed cost), then topmost, then leftmost."""
        rows = self.data.job_market.rows
        return min(cells, key=lambda x: (rows[x[0]].cost, x[0], x[1]), default=None)

    def pick_hire_any(self, st, seat: int):
        d = self.data
        spec = st.players[seat]["pedro"]["spec"]
        cells = self.pedro_eligible(st, seat)
        if not cells:
            return None
        rows = d.job_market.rows
        has_spec = {r for r, _, t in cells if d.tokens[t].type == spec}
        row = min({r for r, _, _ in cells}, key=lambda r: (rows[r].cost, r not in has_spec, r))
        in_row = [x for x in cells if x[0] == row]
        specs = [x for x in in_row if d.tokens[x[2]].type == spec]
        return min(specs or in_row, key=lambda x: x[1])

    def pick_hire_spec(self, st, seat: int):
        d = self.data
        spec = st.players[seat]["pedro"]["spec"]
        cells = self.pedro_eligible(st, seat)
        mine = [x for x in cells if d.tokens[x[2]].type == spec]
        if mine:
            return self._cheapest(mine)
        counts = {t: sum(1 for x in cells if d.tokens[x[2]].type == t) for t in SPEC_TYPES}
        best = max(SPEC_TYPES, key=lambda t: (counts[t], -SPEC_TYPES.index(t)))
        if not counts[best]:
            return None
        return self._cheapest([x for x in cells if d.tokens[x[2]].type == best])

    def pick_hire_type(self, st, seat: int, wtype: str):
        d = self.data
        return self._cheapest([x for x in self.pedro_eligible(st, seat) if d.tokens[x[2]].type == wtype])

    def pedro_hire(self, st, seat: int, cell, ev: list[Event]) -> None:
        if cell is None:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "hire"}))
            return
        r, c, t = cell
        wtype = self.data.tokens[t].type
        st.jm[r][c] = None
        st.players[seat]["rows"][wtype].append(t)
        ev.append(Event("gwta_pedro_hire", {"seat": seat, "token": t, "worker": wtype, "number": r + 1}))
        self.pedro_spec_update(st, seat, ev)

    # ================================================================ locomotive (§12.4)
    def station_number(self, sid: str) -> int:
        """Stations numbered by their space (the end station 31), ties in data order."""
        stations = self.data.railroad.stations
        order = sorted(range(len(stations)), key=lambda i: (stations[i].at, i))
        return order.index(next(i for i, s in enumerate(stations) if s.id == sid)) + 1

    def pedro_loco(self, st, seat: int, steps: int, ev: list[Event]) -> None:
        g = self.rail
        p = st.players[seat]
        moves = self.loco_forward(st, seat, steps)
        if not moves:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "loco"}))
            return
        supply = bool(p["discs"])

        def is_stop(pos):
            sid = g.station_at.get(pos)
            if sid is None:
                return False
            return pos == g.last or (supply and seat not in st.stations.get(sid, []))

        def order(pos):
            sid = g.station_at.get(pos)
            return (g.key[pos], self.station_number(sid) if sid else 0)

        stops = [x for x in moves if is_stop(x)]
        to = max(stops or moves, key=order)
        frm = p["loco"]
        p["loco"] = to
        sid = g.station_at.get(to)
        ev.append(Event("gwta_pedro_loco", {"seat": seat, "from": frm, "to": to, "path": list(moves[to]),
                                            "space": int(g.key[to]), "bypass": sid is not None and to != g.last}))
        if sid is not None and (to == g.last or seat not in st.stations.get(sid, [])):
            self.pedro_upgrade(st, seat, sid, ev)
        if to == g.last:
            p["loco"] = DEPOT
            ev.append(Event("gwta_depot", {"seat": seat}))
            if self.pedro_data.tuning.depot_bonus:
                behind = [s for s in self.data.railroad.stations
                          if s.bypass and s.at < g.key[DEPOT] and seat not in st.stations.get(s.id, [])]
                if behind:
                    best = min(behind, key=lambda s: (s.at, self.station_number(s.id)))
                    ev.append(Event("gwta_pedro_depot_bonus", {"seat": seat, "station": best.id, "at": best.at}))
                    self.pedro_upgrade(st, seat, best.id, ev)

    def pedro_upgrade(self, st, seat: int, sid: str, ev: list[Event]) -> None:
        """A free upgrade with a disc from his supply, then the station master lying there
        (he sends no worker and ignores its instant and task)."""
        p = st.players[seat]
        if not p["discs"]:
            return
        p["removed"].append(p["discs"].pop(0))
        st.stations.setdefault(sid, []).append(seat)
        s = self.station(sid)
        ev.append(Event("gwta_pedro_station", {"seat": seat, "station": sid, "at": s.at, "vp": s.vp}))
        tile = st.masters.get(sid)
        if tile:
            del st.masters[sid]         # the space is empty; no worker of his stands there
            p["pedro"]["masters"].append(tile)
            ev.append(Event("gwta_pedro_master", {"seat": seat, "station": sid, "at": s.at, "tile": tile}))

    # ================================================================ cattle (§12.5)
    def _category(self, card: str, cat: str) -> bool:
        c = self.data.cards[card]
        if cat == "bv3":
            return c.bv == 3
        return c.breed == cat

    def pick_cattle(self, st, seat: int, cat: str) -> str | None:
        """The market card of a category: a breed not in his pile, higher VP, market
        colour order, the lower card id (its index in the market-cattle list)."""
        d = self.data
        owned = {d.cards[c].breed for c in st.players[seat]["discard"] if d.is_cattle(c)}
        cands = [c for c in st.cattle if self._category(c, cat)]
        if not cands:
            return None
        colours = {col: i for i, col in enumerate(d.market_order)}
        return min(cands, key=lambda c: (d.cards[c].breed in owned, -d.cards[c].vp,
                                         colours.get(d.cards[c].colour, 99), d.market_cards.index(c)))

    def pedro_buy(self, st, seat: int, tier: int, ev: list[Event]) -> None:
        pd = self.pedro_data
        wants = pd.tiers[min(tier, len(pd.tiers) - 1)]
        if not wants:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "buy"}))
        for cat in wants:
            down = pd.step_down[pd.step_down.index(cat):] if cat in pd.step_down else (cat,)
            card = None
            for c in down:
                card = self.pick_cattle(st, seat, c)
                if card is not None:
                    break
            if card is None:
                ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "buy"}))
                continue
            self.pedro_take_cattle(st, seat, card, ev)

    def pedro_take_cattle(self, st, seat: int, card: str, ev: list[Event]) -> None:
        st.cattle.remove(card)
        st.players[seat]["discard"].append(card)
        c = self.data.cards[card]
        ev.append(Event("gwta_pedro_cattle", {"seat": seat, "card": card, "breed": c.breed, "vp": c.vp}))

    # ================================================================ objectives (§12.7)
    def pedro_objective(self, st, seat: int, ev: list[Event]) -> None:
        d = self.data
        open_ = [(i, o) for i, o in enumerate(st.obj_open) if o is not None]
        if not open_:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "objective"}))
            return
        i, o = min(open_, key=lambda x: (-d.objective_card(x[1]).vp, x[0]))
        st.obj_open[i] = st.obj_stack.pop() if st.obj_stack else None
        st.players[seat]["objectives"].append(o)
        ev.append(Event("gwta_pedro_objective", {"seat": seat, "card": o, "vp": d.objective_card(o).vp}))

    # ================================================================ building (§12.8)
    def _search(self, st, start: str, stop_at_empty: bool):
        """Breadth first over the trail from `start` in data order (ramps and the city
        skipped): the first empty building space, or (not stopping) the visit order."""
        d = self.data
        seen = {start}
        queue = [start]
        order = []
        while queue:
            node = queue.pop(0)
            for x in d.succ.get(node, ()):
                if x in seen or x == d.city or x in d.ramps:
                    continue
                seen.add(x)
                if self._node_kind[x] == "building":
                    if x not in st.built and stop_at_empty:
                        return x
                    order.append(x)
                queue.append(x)
        return None if stop_at_empty else order

    def pedro_build(self, st, seat: int, ev: list[Event], modifier: int = 0) -> None:
        d = self.data
        p = st.players[seat]
        carp = self.row_count(p, "carpintero") + modifier
        fees = d.fees[2]
        human = next((q["node"] for i, q in enumerate(st.players) if i != seat), None)
        origin = human if human not in (None, d.city) and human in d.succ else d.start_node
        target = self._search(st, origin, True) or self._search(st, d.start_node, True)

        def fee(face: str) -> int:
            h = d.building_hands.get(face)
            return fees[h] if h else 0

        visit = list(self._search(st, origin, False))
        visit += [x for x in self._search(st, d.start_node, False) if x not in visit]
        opts = []
        for tile in p["buildings"]:
            t = int(tile[:-1])
            need = d.btype(t).builders
            if target is not None and need <= carp:
                opts.append(((need, 0, fee(tile), t, 0), ("new", tile, target)))
            for node in self.owned(st, seat):
                old = st.built[node]
                diff = need - d.btype(old["type"]).builders
                if t > old["type"] and diff <= carp:
                    face = f"{old['type']}{old['side']}"
                    vp = d.btype(old["type"]).sides[old["side"]][1]
                    where = visit.index(node) if node in visit else len(visit)
                    opts.append(((diff, vp, fee(tile) - fee(face), t, -where), ("up", tile, node)))
        if not opts:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "build"}))
            return
        _, (kind, tile, node) = max(opts, key=lambda o: o[0])
        old = st.built.get(node)
        p["buildings"].remove(tile)
        st.built[node] = {"type": int(tile[:-1]), "side": tile[-1], "owner": seat}
        ev.append(Event("gwta_pedro_build", {"seat": seat, "node": node, "tile": tile,
                                             "replaced": f"{old['type']}{old['side']}" if old else None}))

    # ================================================================ farmers (§12.9)
    def _farmer_key(self, st, node: str):
        d = self.data
        zone, number = d.farmer_zone_of(node)
        return (d.tokens[st.farmers[node]].stamina, st.farm_pesos.get(node, 0), -ZONES.index(zone), -number)

    def pick_help_any(self, st, strength: int) -> str | None:
        d = self.data
        cands = [n for n, t in st.farmers.items() if d.tokens[t].stamina <= strength]
        return max(cands, key=lambda n: self._farmer_key(st, n), default=None)

    def pick_help_zone(self, st, strength: int) -> str | None:
        d = self.data
        counts = {z: sum(1 for n in st.farmers if d.farmer_zone_of(n)[0] == z) for z in ZONES}
        zone = max(ZONES, key=lambda z: (counts[z], -ZONES.index(z)))
        cands = [n for n, t in st.farmers.items() if d.farmer_zone_of(n)[0] == zone and d.tokens[t].stamina <= strength]
        if cands:
            return max(cands, key=lambda n: self._farmer_key(st, n))
        return self.pick_help_any(st, strength)

    def pedro_help(self, st, seat: int, node: str | None, ev: list[Event]) -> None:
        if node is None:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "help"}))
            return
        d = self.data
        token = st.farmers.pop(node)
        pesos = st.farm_pesos.get(node, 0)
        st.farm_pesos[node] = 0
        st.players[seat]["farmers"].append(token)
        zone, number = d.farmer_zone_of(node)
        ev.append(Event("gwta_pedro_help", {"seat": seat, "node": node, "token": token, "colour": zone,
                                            "number": number, "stamina": d.tokens[token].stamina, "pesos": pesos}))

    # ================================================================ discs (§12.10)
    def pedro_take_disc(self, st, seat: int) -> bool:
        """A disc from his supply, else from his lowest-VP station; False: none."""
        p = st.players[seat]
        if p["discs"]:
            p["removed"].append(p["discs"].pop(0))
            return True
        held = [sid for sid, seats in st.stations.items() if seat in seats]
        if not held:
            return False
        sid = min(held, key=lambda x: (self.station(x).vp, self.station_number(x)))
        st.stations[sid].remove(seat)
        return True

    # ================================================================ Buenos Aires (§14)
    def pedro_ba_visit(self, st, seat: int, ev: list[Event]) -> None:
        pd = self.pedro_data
        d = self.data
        p = st.players[seat]
        s = p["pedro"]
        s["visits"] += 1
        if not s["loading"]:
            s["loading"] = [x for x in s["loading_used"] if pd.loading_card(x).stage == 3]
            s["loading_used"] = []
            st.rng.shuffle(s["loading"])
            ev.append(Event("gwta_pedro_loading_reshuffle", {"seat": seat}))
        lid = s["loading"].pop()
        lc = pd.loading_card(lid)
        herd = len({d.cards[c].breed for c in p["discard"] if d.is_cattle(c)})
        mod = pd.levels[s["level"]].loading_modifier
        total = lc.value + herd + mod
        ev.append(Event("gwta_ba", {"seat": seat}))
        ev.append(Event("gwta_pedro_loading", {"seat": seat, "card": lid, "value": lc.value, "herd": herd,
                                               "modifier": mod, "total": total, "grain": lc.grain}))
        self.pedro_delivery(st, seat, lc.grain, ev)
        self.pedro_load(st, seat, total, ev)
        for letter in ("A", "B", "C"):
            self.pedro_foresight(st, seat, letter, lc.prefer, ev)
        self.close_visit(st, seat, ev)
        s["loading_used"].append(lid)

    def pedro_delivery(self, st, seat: int, allowance: int, ev: list[Event]) -> None:
        """§14.3: the best positive gain (bonus space VP less the dock's VP per disc)."""
        d = self.data
        taken = set(st.bonus) | set(st.covered)
        best = None
        for dock_id in sorted(st.docks):
            if seat not in st.docks[dock_id]:
                continue
            cid = d.dock_city(dock_id)
            city = self.city_of(st, cid)
            dock = next((x for x in city.docks if x.id == dock_id), None) or d.dock(dock_id)
            for q in city.quarters:
                grain = max(0, q.grain - dock.discount)
                if grain > allowance:
                    continue
                for i, b in enumerate(q.spaces):
                    if b.id in taken:
                        continue
                    key = (b.vp - dock.vp, grain, -CITY_ORDER.index(cid) if cid in CITY_ORDER else -9,
                           -QUARTER_ORDER.index(q.id) if q.id in QUARTER_ORDER else -9, -i)
                    if best is None or key > best[0]:
                        best = (key, dock_id, b)
        if best is None or best[0][0] <= 0:
            return
        _, dock_id, b = best
        st.docks[dock_id].remove(seat)
        st.bonus[b.id] = seat
        city, _side, quarter = d.quarter_of(b.id)
        ev.append(Event("gwta_pedro_delivery", {"seat": seat, "dock": dock_id, "space": b.id, "city": city,
                                                "quarter": quarter, "vp": b.vp, "gain": best[0][0]}))
        self.pedro_rewards(st, seat, b.acts, ev)

    def pedro_rewards(self, st, seat: int, acts, ev: list[Event]) -> None:
        """A bonus space's or ship's reward for him: pesos, certificates and exchange
        tokens ignored; an objective card; locomotive steps; a free market card."""
        for a in acts:
            if a.name == "gain_tile" and a.get("kind") == "objective":
                self.pedro_objective(st, seat, ev)
            elif a.name == "move_train":
                self.pedro_loco(st, seat, int(a.get("steps") or 0), ev)
            elif a.name == "free_market_card":
                card = self.pick_cattle(st, seat, a.get("breed"))
                if card is not None:
                    self.pedro_take_cattle(st, seat, card, ev)

    def pedro_load(self, st, seat: int, total: int, ev: list[Event]) -> None:
        """§14.4: the highest cargo value within the total on a ship without his disc
        (the 0-ship always; the 18-ship once), then its loading action."""
        d = self.data
        one18 = self.pedro_data.tuning.ship18_one_disc

        def eligible(sh):
            s = d.ships[sh]
            if s.value == 0:
                return True
            if s.value > total:
                return False
            if s.repeat and not one18:
                return True
            return seat not in st.ship_discs.get(sh, [])

        area = sorted(st.ships, key=lambda sh: (d.ships[sh].value, not d.ships[sh].sun, sh))
        cands = [sh for sh in area if eligible(sh)]
        if not cands:
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "load"}))
            return
        ship = max(cands, key=lambda sh: (d.ships[sh].value, d.ships[sh].vp, -area.index(sh)))
        if not self.pedro_take_disc(st, seat):
            ev.append(Event("gwta_pedro_nothing", {"seat": seat, "what": "load"}))
            return
        st.ship_discs.setdefault(ship, []).append(seat)
        ev.append(Event("gwta_pedro_load", {"seat": seat, "ship": ship, "value": d.ships[ship].value,
                                            "vp": d.ships[ship].vp}))
        self.pedro_rewards(st, seat, d.ships[ship].acts, ev)

    def pedro_foresight(self, st, seat: int, letter: str, prefer: str, ev: list[Event]) -> None:
        """§14.5: A the farmer rule, B the worker rule, C the loading card's kind first."""
        d = self.data
        slots = st.foresight.get(letter, [])
        opts = self.foresight_options(st, letter)
        if not opts:
            ev.append(Event("gwta_foresight_skip", {"seat": seat, "letter": letter}))
            return
        spec = st.players[seat]["pedro"]["spec"]

        def farmer_rule(cands):
            return max(cands, key=lambda i: (d.tokens[slots[i]].stamina, HAND_RANK.get(d.tokens[slots[i]].hand, 0), -i))

        def worker_rule(cands):
            return max(cands, key=lambda i: (d.tokens[slots[i]].type == spec, d.tokens[slots[i]].stamina > 0, -i))

        farmers = [i for i in opts if d.tokens[slots[i]].kind == "farmer"]
        workers = [i for i in opts if d.tokens[slots[i]].kind == "worker"]
        if letter == "A":
            i = farmer_rule(farmers) if farmers else worker_rule(workers)
        elif letter == "B":
            i = worker_rule(workers) if workers else farmer_rule(farmers)
        else:
            first, second = (farmers, workers) if prefer == "farmer" else (workers, farmers)
            rule = {id(farmers): farmer_rule, id(workers): worker_rule}
            pick = first or second
            i = rule[id(pick)](pick)
        token = slots[i]
        slots[i] = None
        tok = d.tokens[token]
        ev.append(Event("gwta_foresight", {"seat": seat, "letter": letter, "token": token, "kind": tok.kind,
                                           tok.kind if tok.kind == "worker" else "colour": tok.type}))
        if tok.kind == "worker":
            self.place_worker(st, seat, token, ev)
        else:
            self.place_farmer(st, token, ev, seat)
        self.run_events_due(st, seat, ev)

    # ================================================================ scoring (§16)
    def pedro_breakdown(self, st, seat: int) -> dict[str, int]:
        from . import scoring
        d = self.data
        p = st.players[seat]
        c = scoring.CATEGORIES
        ships = sum(d.ships[sh].vp * seats.count(seat) for sh, seats in st.ship_discs.items() if sh in st.ships)
        cities = (sum(d.bonus(b).vp for b, s in st.bonus.items() if s == seat)
                  + sum(d.dock(k).vp * seats.count(seat) for k, seats in st.docks.items()))
        return {
            c[0]: 0,
            c[1]: sum(d.btype(b["type"]).sides[b["side"]][1] for b in st.built.values() if b["owner"] == seat),
            c[2]: ships,
            c[3]: cities,
            c[4]: self.station_vp(st, seat),
            c[5]: d.farmer_vp * len(p["farmers"]),
            c[6]: sum(d.cards[x].vp for x in p["discard"] if d.is_cattle(x)),
            c[7]: sum(d.objective_card(o).vp for o in p["objectives"]),
            c[8]: 0,
            c[9]: self.workers_vp(p),
            c[10]: 0,
            c[11]: d.job_market.token_vp if st.jm_holder == seat else 0,
        }

    # ================================================================ view
    def view_seat(self, st, i: int) -> dict:
        out = super().view_seat(st, i)
        p = st.players[i]
        s = p.get("pedro")
        out["pedro"] = None if s is None else {
            "spec": s["spec"], "level": s["level"], "card": s["card"], "discard": list(s["discard"]),
            "deck": len(s["deck"]), "loading": len(s["loading"]), "loading_used": list(s["loading_used"]),
            "masters": list(s["masters"]), "visits": s["visits"], "cattle": list(p["discard"]),
            "objectives": list(p["objectives"]), "supply": len(p["discs"])}
        return out

    def check_pedro_invariants(self, st) -> None:
        pd = self.pedro_data
        for p in st.players:
            s = p.get("pedro")
            if s is None:
                continue
            assert p["money"] == 0 and not p["hand"] and not p["deck"], "Pedro has no money, hand or deck"
            lv = pd.levels[s["level"]]
            assert sorted(s["deck"] + s["discard"]) == sorted(c.id for c in pd.cards if c.id not in lv.remove)
            assert set(s["loading"]) | set(s["loading_used"]) <= {c.id for c in pd.loading}
            assert s["spec"] in SPEC_TYPES
            assert all(self.data.is_cattle(c) for c in p["discard"]), "his pile holds cattle only"
