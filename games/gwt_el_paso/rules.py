"""Great Western Trail: El Paso rules (spec gwt_el_paso.md §2-§9, §12).

A turn is a chain of decision points kept as a stack in `state.pending` (top = asked now):
  objective  - setup: pick one of the open objective tiles ("objective <slot>")
  start      - first turn: put the herder on a neutral tile ("start <node>")
  move       - "move <node>": a location 1..limit(+cowboys) steps ahead; El Paso stops
  act        - at a building: "use" (neutral / own: its actions) or "aux <n> [args]"
  menu       - a tile's, train card's or post reward's actions: "do <i> [args]" or "end"
  aux        - more auxiliary actions (G's action, the two-different ability): "aux ..."/"end"
  hire2      - the optional second worker of a "2 different" hire: "hire <type>" / "end"
  xdiscard   - discard 1 card after an exchange draw: "discard <breed>"
  xagain     - a second exchange (upgraded aux 3): "again" / "end"
  deliver    - El Paso: "deliver <post> <disc>" or "deliver none" when no disc may go
At any of the current seat's decision points except xdiscard, free actions are also legal
(spec §4): "bonus <worker>" (discard for its bonus; a cowboy only while a move is asked)
and "token" (spend an exchange token). Payments name how many jokers stand in:
"do 0 corriente 1" buys a Corriente with one joker and one cowboy.
When the stack empties the draw phase runs and the next turn begins.
"""
from __future__ import annotations

from collections import Counter

from games.core.action import Action
from games.core.contract import Config, ConfigError, GameInfo, Option, Result, Rules, rank_by
from games.core.errors import SaveError
from games.core.events import Event
from games.core.rng import Rng

from . import objectives as objmod
from .model import PLAIN_WORKERS, Act, GWTData, default_data
from .state import GWTState, new_player
from .sue import is_sue, new_sue, sue_turn
from .trail import destinations

INFO = GameInfo(
    id="gwt_el_paso", title_key="game.gwt_el_paso", min_players=2, max_players=4,
    options=(
        # spec §2.1 step 2: letters on their spaces (first game) or shuffled
        Option("neutral_layout", ("fixed", "random"), "fixed", "option.gwt.neutral_layout"),
        # spec §12.13: building sides; "mixed" flips each stack at random
        Option("building_sides", ("a", "b", "mixed"), "a", "option.gwt.building_sides"),
        # spec §2.1 step 3: train card sides
        Option("train_sides", ("plain", "star", "mixed"), "plain", "option.gwt.train_sides"),
        # spec §12.1: who may end the game at El Paso after the trigger
        Option("end_trigger", ("first_arrival", "not_trigger"), "first_arrival", "option.gwt.end_trigger"),
        # spec §5.14 variant: the remove-cattle icon removes any card
        Option("remove_any", ("no", "yes"), "no", "option.gwt.remove_any"),
        # solo (spec §10.1 step 4): B cards added to Sue's deck, the difficulty
        Option("sue_b", ("0", "1", "2", "3"), "0", "option.gwt.sue_b"),
        # spec §12.5: Sue's "choice of three" tie: strategy row (recommended) or card order
        Option("sue_choice_tie", ("row", "card"), "row", "option.gwt.sue_choice_tie"),
    ),
    bot_levels=("easy", "normal"), has_automa=True, hidden_information=True,
    # 2: upgrading the building one stands on and Sue's train cards follow the rulebook
    data_version="2")

CATEGORIES = ["category.gwt.money", "category.gwt.buildings", "category.gwt.posts", "category.gwt.workers",
              "category.gwt.cattle", "category.gwt.bonus", "category.gwt.objectives"]


class GWTRules(Rules):
    INFO = INFO
    STATE_VERSION = 1
    # random or hidden reveals end undo: draws, reshuffles, a tile refilled from a stack,
    # Sue's card and stock draws
    HIDDEN_EVENT_TYPES = frozenset({"gwt_draw", "gwt_tile_blind", "gwt_reshuffle", "gwt_tile",
                                    "gwt_sue_card", "gwt_sue_reshuffle", "gwt_sue_worker",
                                    "gwt_sue_cattle"})

    def __init__(self, data: GWTData | None = None):
        self._data = data

    @property
    def data(self) -> GWTData:
        if self._data is None:
            self._data = default_data()
        return self._data

    def validate_data(self) -> list[str]:
        from .model import DATA_FILES, load
        load()
        return list(DATA_FILES)

    # ================================================================ setup
    def check_config(self, config: Config) -> Config:
        config = super().check_config(config)
        automa = [s for s in config.seats if s.kind == "automa"]
        if automa and (len(automa) > 1 or len(config.seats) != 2):
            raise ConfigError("Sue plays only the solo game: one player and Sue")
        if len(config.seats) == 1:
            raise ConfigError("the solo game needs Sue as the second seat (kind automa)")
        return config

    def setup(self, config: Config) -> GWTState:
        config = self.check_config(config)
        d = self.data
        n = len(config.seats)
        opts = dict(config.options)
        rng = Rng(config.seed)
        sue_seat = next((i for i, s in enumerate(config.seats) if s.kind == "automa"), None)
        first = 0 if sue_seat != 0 else 1      # solo: the human is first player
        order = [(first + i) % n for i in range(n) if (first + i) % n != sue_seat]
        players = [new_player(0, 0, [x.id for x in d.discs]) for i in range(n)]
        for pos, seat in enumerate(order):
            players[seat]["money"], players[seat]["tokens"] = d.starting_capital[pos]
        st = GWTState(n=n, rng=rng, players=players, options=opts, first=first)
        letters = [d.nodes[x].letter for x in d.neutral_spaces]
        if opts.get("neutral_layout") == "random":
            rng.shuffle(letters)
        st.neutral_at = dict(zip(d.neutral_spaces, letters, strict=True))
        sides = opts.get("building_sides", "a")
        for bt in d.building_types:
            side = sides if sides in ("a", "b") else ("a" if rng.below(2) else "b")
            st.stock[str(bt.type)] = [side] * bt.copies
        tsides = opts.get("train_sides", "plain")
        st.train_sides = [tsides if tsides != "mixed" else ("plain" if rng.below(2) else "star")
                          for _ in d.trains]
        st.market = {b.id: b.count for b in d.market_breeds()}
        st.supply = {w.id: w.count for w in d.workers}
        st.simmental = d.simmental_by_players[len(order)]
        st.obj_stack = [o.id for o in d.objectives]
        st.bonus_stack = [b.id for b in d.bonus_tiles]
        rng.shuffle(st.obj_stack)
        rng.shuffle(st.bonus_stack)
        st.obj_open = [st.obj_stack.pop() for _ in range(d.open_tiles)]
        st.bonus_open = [st.bonus_stack.pop() for _ in range(d.open_tiles)]
        st.posts = {str(p.value): [] for p in d.posts}
        if sue_seat is not None:
            sp = players[sue_seat]
            sp["sue"] = s = new_sue(rng, d, int(opts.get("sue_b", "0")))
            for card in s["stock"] + s["workers"]:
                if card in st.supply:
                    st.supply[card] -= 1
                else:
                    st.market[card] -= 1
            sp["node"] = d.el_paso
            sp["removed"].append(sp["discs"].pop(0))
            st.posts[str(d.sue_setup_post)].append(sue_seat)
        for seat in order:
            p = players[seat]
            for w in d.starting_workers:
                st.supply[w] -= 1
                p["workers"].append(w)
            p["deck"] = [b.id for b in d.starting_breeds() for _ in range(b.count)]
            rng.shuffle(p["deck"])
            self._draw_to_limit(st, p, [])
        st.setup_queue = order
        st.phase = "setup"
        st.pending = [{"k": "objective"}]
        return st

    # ============================================================ questions
    def to_act(self, st: GWTState) -> list[int]:
        if st.phase == "over":
            return []
        if st.phase == "setup":
            return [st.setup_queue[0]]
        return [st.current]

    def is_over(self, st: GWTState) -> bool:
        return st.phase == "over"

    def prompt(self, st: GWTState) -> tuple[str, dict]:
        if st.phase == "over":
            return "prompt.gwt.over", {}
        top = st.pending[-1]
        return "prompt.gwt." + top["k"], {"seat": self.to_act(st)[0]}

    # ---- player abilities (from uncovered disc spaces and bonus tiles) -----
    def _effects(self, p: dict):
        d = self.data
        for did in p["removed"]:
            yield from d.disc(did).effects
        for bid in p["bonuses"]:
            e = d.bonus(bid).effect
            if e is not None:
                yield e

    def hand_limit(self, p: dict) -> int:
        return max([self.data.hand_limit[0]] + [e.get("value") for e in self._effects(p) if e.name == "hand_limit"])

    def step_limit(self, p: dict) -> int:
        return max([self.data.step_limit[0]] + [e.get("value") for e in self._effects(p) if e.name == "step_limit"])

    def permanent_certs(self, p: dict) -> int:
        return sum(e.get("amount") for e in self._effects(p) if e.name == "permanent_certificates")

    def duplicates_counted(self, p: dict) -> int:
        return sum(e.get("amount") for e in self._effects(p) if e.name == "count_duplicates")

    def _aux_state(self, p: dict) -> tuple[set[int], set[int], bool]:
        avail = {a.number for a in self.data.aux if a.start_available}
        upgraded, two = set(), False
        for e in self._effects(p):
            if e.name == "unlock_auxiliary":
                avail.add(e.get("number"))
            elif e.name == "upgrade_auxiliary":
                upgraded.add(e.get("number"))
            elif e.name == "two_auxiliary_actions":
                two = two or bool(e.get("enabled"))
        return avail, upgraded, two

    def _aux_acts(self, p: dict, number: int) -> tuple[Act, ...]:
        a = self.data.aux_action(number)
        return a.upgraded if number in self._aux_state(p)[1] else a.actions

    def owned(self, st: GWTState, seat: int) -> list[str]:
        return [node for node, b in st.built.items() if b["owner"] == seat]

    def is_location(self, st: GWTState, node: str) -> bool:
        kind = self.data.nodes[node].kind
        return kind != "building" or node in st.built

    # ============================================================ legal actions
    def legal_actions(self, st: GWTState, seat: int | None = None) -> list[Action]:
        if st.phase == "over":
            return []
        actor = self.to_act(st)[0]
        if seat is not None and seat != actor:
            return []
        if is_sue(st.players[actor]):
            return [Action(actor, "sue")]
        return [Action(actor, verb, tuple(str(a) for a in args))
                for verb, *args in self._options(st, actor)]

    def is_legal(self, st: GWTState, action: Action) -> bool:
        if st.phase == "over" or action.seat != self.to_act(st)[0]:
            return False
        if is_sue(st.players[action.seat]):
            return action.verb == "sue" and not action.args
        verb, args = action.verb, action.args
        top = st.pending[-1]
        if verb == "move" and top["k"] == "move" and len(args) == 1:  # no need to sort them
            p = st.players[action.seat]
            return args[0] in destinations(self.data.succ, p["node"], top["max"] + top["extra"],
                                           lambda x: self.is_location(st, x), self.data.el_paso)
        n = len(args) + 1
        for o in self._options(st, action.seat):  # compared field by field, text to text
            if len(o) == n and o[0] == verb and all(str(x) == y for x, y in zip(o[1:], args, strict=True)):
                return True
        return False

    def _options(self, st: GWTState, seat: int) -> list[tuple]:
        d = self.data
        p = st.players[seat]
        top = st.pending[-1]
        k = top["k"]
        out: list[tuple] = []
        if k == "objective":
            return [("objective", i) for i, t in enumerate(st.obj_open) if t is not None] or [("end",)]
        if k == "start":
            out = [("start", node) for node in d.neutral_spaces]
        elif k == "move":
            limit = top["max"] + top["extra"]
            dests = destinations(d.succ, p["node"], limit, lambda x: self.is_location(st, x), d.el_paso)
            out = [("move", node) for node in sorted(dests, key=d.node_order.index)]
        elif k == "act":
            if top["tile"]:
                out.append(("use",))
            out += self._aux_options(st, seat, [])
            if not out:
                out.append(("end",))
        elif k == "aux":
            out = self._aux_options(st, seat, top["used"]) + [("end",)]
        elif k == "menu":
            acts = self._ref_acts(st, top["ref"])
            for i in top["left"]:
                out += [("do", i, *args) for args in self._act_options(st, seat, acts[i])]
            out.append(("end",))
        elif k == "hire2":
            for w in self._hire_types("any"):
                if w == top["first"] or st.supply.get(w, 0) <= 0:
                    continue
                price = top["price"] + (d.joker_surcharge if w == "joker" else 0)
                if p["money"] >= price:
                    out.append(("hire", w))
            out.append(("end",))
        elif k == "xdiscard":
            return [("discard", b) for b in sorted(set(p["hand"]))]
        elif k == "xagain":
            out = ([("again",)] if p["deck"] or p["discard"] else []) + [("end",)]
        elif k == "deliver":
            out = self._deliver_options(st, seat) or [("deliver", "none")]
        # free actions (spec §4): worker bonuses and exchange tokens
        for w in sorted(set(p["workers"])):
            if self._bonus_ok(st, p, w):
                out.append(("bonus", w))
        if p["tokens"] > 0 and (p["deck"] or p["discard"]):
            out.append(("token",))
        return out

    def _bonus_ok(self, st: GWTState, p: dict, w: str) -> bool:
        for a in self.data.worker(w).bonus:
            if a.name == "extra_step" and st.pending[-1]["k"] != "move":
                return False
            if a.name == "gain_certificates" and (p["certs"] >= self.data.cert_max or p["money"] < a.cost):
                return False
            if p["money"] < a.cost:
                return False
        return True

    def _aux_options(self, st: GWTState, seat: int, used: list[int]) -> list[tuple]:
        p = st.players[seat]
        avail = self._aux_state(p)[0]
        out = []
        for a in self.data.aux:
            if a.number not in avail or a.number in used:
                continue
            acts = self._aux_acts(p, a.number)
            # an auxiliary action is one action; its args are those of its first act
            for args in self._act_options(st, seat, acts[0]):
                out.append(("aux", a.number, *args))
        return out

    def _hire_types(self, want: str) -> list[str]:
        base = list(PLAIN_WORKERS) if want == "any" else [want]
        return base + (["joker"] if "joker" not in base else [])

    def _pay_splits(self, p: dict, worker: str, need: int) -> list[int]:
        """Joker counts that can stand in when `need` workers of a type are spent."""
        have, jokers = p["workers"].count(worker), p["workers"].count("joker")
        return [j for j in range(0, min(jokers, need) + 1) if need - j <= have]

    def _act_options(self, st: GWTState, seat: int, a: Act) -> list[tuple]:
        """Every argument tuple with which act `a` can be done now ([] = not doable)."""
        d = self.data
        p = st.players[seat]
        money = p["money"] - a.cost
        if money < 0:
            return []
        name = a.name
        hand = sorted(set(p["hand"]))
        if name == "discard_cattle_for_money":
            if a.get("breed"):
                return [(b,) for b in hand if b == a.get("breed")]
            if a.get("bv") is not None:
                return [(b,) for b in hand if d.breed(b).bv == a.get("bv")]
            return [(b,) for b in hand]
        if name in ("gain_money", "gain_exchange_token"):
            return [()]
        if name == "gain_certificates":
            return [()] if a.cost == 0 or p["certs"] < d.cert_max else []
        if name == "gain_tile":
            kinds = ("objective", "bonus") if a.get("kind") == "any" else (a.get("kind"),)
            out = []
            for kind in kinds:
                opened, stack = self._tiles(st, kind)
                out += [(kind, i) for i, t in enumerate(opened) if t is not None]
                if stack:
                    out.append((kind, "top"))
            return out
        if name == "exchange":
            return [()] if p["deck"] or p["discard"] else []
        if name == "hire_worker":
            out = []
            for w in self._hire_types(a.get("type")):
                price = a.get("price") + (d.joker_surcharge if w == "joker" else 0)
                if st.supply.get(w, 0) > 0 and money >= price:
                    out.append((w,))
            return out
        if name == "buy_cattle":
            out = []
            for breed, need in d.market.items():
                if st.market.get(breed, 0) > 0 and money >= need * d.money_per_worker:
                    out += [(breed, j) for j in self._pay_splits(p, "cowboy", need)]
            return out
        if name == "use_train":
            out = []
            for t in d.trains:
                if money >= t.engineers * d.money_per_worker:
                    out += [(t.id, j) for j in self._pay_splits(p, "engineer", t.engineers)]
            return out
        if name == "place_building":
            return self._build_options(st, seat, money)
        if name == "move_herder":
            return [()]
        if name == "auxiliary_action":
            return [()]
        if name == "gain_cattle":
            return [()] if st.market.get(a.get("breed"), 0) > 0 else []
        if name == "remove_cattle":
            if a.get("any") or st.options.get("remove_any") == "yes":
                return [(b,) for b in hand]
            return [(b,) for b in hand if b == a.get("breed")]
        return []

    def _build_options(self, st: GWTState, seat: int, money: int) -> list[tuple]:
        d = self.data
        p = st.players[seat]
        out = []
        empty = [s for s in d.building_spaces if s not in st.built]
        mine = self.owned(st, seat)
        per = d.money_per_worker
        for bt in d.building_types:
            if not st.stock[str(bt.type)]:
                continue
            splits = self._pay_splits(p, "builder", bt.builders)
            if len(mine) < d.ownership_markers:
                for s in empty:
                    if money >= bt.builders * per + d.nodes[s].cost:
                        out += [("place", bt.type, s, j) for j in splits]
            for node in mine:
                old = d.btype(st.built[node]["type"])
                diff = bt.builders - old.builders
                if diff > 0 and money >= diff * per:
                    out += [("up", bt.type, node, j) for j in self._pay_splits(p, "builder", diff)]
        return out

    def _deliver_options(self, st: GWTState, seat: int) -> list[tuple]:
        d = self.data
        p = st.players[seat]
        total = self.delivery_value(p) + p["certs"]
        out = []
        for post in d.posts:
            if post.value > total:
                continue
            if not post.repeat and seat in st.posts[str(post.value)]:
                continue
            for did in p["discs"]:
                disc = d.disc(did)
                if disc.black and not post.black:
                    continue
                if disc.money < 0 and p["money"] < -disc.money:
                    continue
                out.append(("deliver", post.value, did))
        return out

    def delivery_value(self, p: dict) -> int:
        """Total breeding value before spending track certificates (spec §6.1)."""
        d = self.data
        counts = Counter(p["hand"])
        base = sum(d.breed(b).bv for b in counts)
        extra = sorted((d.breed(b).bv for b, c in counts.items() for _ in range(c - 1)), reverse=True)
        return base + sum(extra[:self.duplicates_counted(p)]) + self.permanent_certs(p)

    def _tiles(self, st: GWTState, kind: str):
        return (st.obj_open, st.obj_stack) if kind == "objective" else (st.bonus_open, st.bonus_stack)

    def _ref_acts(self, st: GWTState, ref: list) -> tuple[Act, ...]:
        d = self.data
        if ref[0] == "node":
            node = ref[1]
            if len(ref) == 4:        # a tile upgraded after arrival: its former actions
                return d.btype(int(ref[2])).sides[ref[3]][2]
            if node in st.neutral_at:
                return d.neutral(st.neutral_at[node]).actions
            b = st.built[node]
            return d.btype(b["type"]).sides[b["side"]][2]
        if ref[0] == "train":
            return d.train(ref[1]).sides[st.train_sides[d.trains.index(d.train(ref[1]))]]
        if ref[0] == "post":
            return d.post(ref[1]).reward
        raise ValueError(ref)

    # ================================================================ perform
    def perform(self, st: GWTState, action: Action) -> list[Event]:
        ev: list[Event] = [Event("gwt_action", {"seat": action.seat, "text": action.text})]
        seat, verb, args = action.seat, action.verb, action.args
        p = st.players[seat]
        if verb == "sue":
            ev += sue_turn(self, st, seat)
            st.pending = []
            self._end_turn(st, ev)
            return ev
        top = st.pending[-1]
        if verb == "bonus":
            self._discard_worker(p, args[0])
            for a in self.data.worker(args[0]).bonus:
                if a.name == "extra_step":
                    top["extra"] += a.get("steps")
                else:
                    self._simple(st, p, a)
            return ev
        if verb == "token":
            p["tokens"] -= 1
            self._exchange_draw(st, seat, ev, more=0)
            return ev
        if verb == "objective":
            self._take_tile(st, seat, "objective", args[0], ev)
            st.setup_queue.pop(0)
            if not st.setup_queue:
                st.phase = "play"
                self._begin_turn(st, st.first)
            return ev
        st.pending.pop() if verb in ("start", "move", "use", "end", "hire", "discard", "again",
                                     "deliver") or (verb == "aux" and top["k"] == "act") else None
        if verb == "start" or verb == "move":
            p["node"] = args[0]
            self._arrive(st, seat, ev)
        elif verb == "use":
            ref = top.get("ref", ["node", top["node"]])
            st.pending.append({"k": "menu", "ref": ref, "left": list(range(len(self._ref_acts(st, ref))))})
        elif verb == "aux":
            number = int(args[0])
            if top["k"] == "act":
                more = 1 if self._aux_state(p)[2] else 0
                if more:
                    st.pending.append({"k": "aux", "used": [number], "left": more})
            else:
                top["used"].append(number)
                top["left"] -= 1
                if top["left"] <= 0:
                    st.pending.pop()
            acts = self._aux_acts(p, number)
            self._run(st, seat, acts[0], args[1:], ev)
            for a in acts[1:]:
                self._simple(st, p, a)
        elif verb == "do":
            i = int(args[0])
            top["left"].remove(i)
            if not top["left"]:
                st.pending.pop()
            act = self._ref_acts(st, top["ref"])[i]
            if act.name == "move_herder" and st.pending and st.pending[-1] is top:
                st.pending.pop()     # leaving the tile forfeits its remaining actions
            self._run(st, seat, act, args[1:], ev)
        elif verb == "hire":
            self._hire(st, p, args[0], top["price"])
        elif verb == "discard":
            p["hand"].remove(args[0])
            p["discard"].append(args[0])
            if top.get("more", 0) > 0:
                st.pending.append({"k": "xagain", "more": top["more"]})
        elif verb == "again":
            self._exchange_draw(st, seat, ev, more=top["more"] - 1)
        elif verb == "deliver":
            self._deliver(st, seat, args, ev)
        if not st.pending and st.phase == "play":
            self._end_turn(st, ev)
        return ev

    # ---- turn flow --------------------------------------------------------
    def _begin_turn(self, st: GWTState, seat: int) -> None:
        st.current = seat
        p = st.players[seat]
        if is_sue(p):
            st.pending = [{"k": "sue"}]
        elif p["node"] is None:
            st.pending = [{"k": "start"}]
        else:
            st.pending = [{"k": "move", "max": self.step_limit(p), "extra": 0}]

    def _arrive(self, st: GWTState, seat: int, ev: list[Event]) -> None:
        d = self.data
        p = st.players[seat]
        node = p["node"]
        ev.append(Event("gwt_arrive", {"seat": seat, "node": node}))
        if node == d.el_paso:
            self._el_paso(st, seat, ev)
            return
        own = node in st.neutral_at or st.built[node]["owner"] == seat
        st.pending.append({"k": "act", "node": node, "tile": own})

    def _el_paso(self, st: GWTState, seat: int, ev: list[Event]) -> None:
        p = st.players[seat]
        for a in self.data.el_paso_actions:
            if a.name == "gain_money":
                p["money"] += a.get("amount")
            elif a.name == "gain_simmental":
                if st.simmental > 0:
                    st.simmental -= 1
                    p["discard"].append(self.data.simmental.id)
                    if st.simmental == 0:
                        st.triggered_by = seat
                        ev.append(Event("gwt_end_triggered", {"seat": seat}))
                else:
                    self._maybe_finish(st, seat, ev)
            elif a.name == "deliver":
                st.pending.append({"k": "deliver"})

    def _maybe_finish(self, st: GWTState, seat: int, ev: list[Event]) -> None:
        """The first arrival at El Paso after the trigger ends the game for that seat
        (spec §8, §12.1); every other seat then takes one final turn."""
        if st.finisher is None and st.triggered_by is not None and not (
                st.options.get("end_trigger") == "not_trigger" and seat == st.triggered_by):
            st.finisher = seat
            st.players[seat]["on_simmental"] = True
            st.final = [(seat + i) % st.n for i in range(1, st.n)]
            ev.append(Event("gwt_finisher", {"seat": seat}))

    def _deliver(self, st: GWTState, seat: int, args: tuple, ev: list[Event]) -> None:
        d = self.data
        p = st.players[seat]
        p["deliveries"] += 1
        if args[0] != "none":
            value, did = int(args[0]), args[1]
            need = max(0, value - self.delivery_value(p))
            p["certs"] -= need
            disc = d.disc(did)
            p["discs"].remove(did)
            p["removed"].append(did)
            p["money"] += disc.money
            st.posts[str(value)].append(seat)
            ev.append(Event("gwt_delivered", {"seat": seat, "post": value, "disc": did,
                                              "hand": sorted(p["hand"])}))
            reward = d.post(value).reward
            if reward:
                st.pending.append({"k": "menu", "ref": ["post", value], "left": list(range(len(reward)))})
        p["discard"] += p["hand"]
        p["hand"] = []

    def _end_turn(self, st: GWTState, ev: list[Event]) -> None:
        seat = st.current
        p = st.players[seat]
        self._draw_to_limit(st, p, ev, seat)
        st.turn += 1
        if st.finisher is not None:
            if not st.final:
                st.phase = "over"
                st.pending = []
                ev.append(Event("gwt_game_over", {}))
                return
            self._begin_turn(st, st.final.pop(0))
        else:
            self._begin_turn(st, (seat + 1) % st.n)

    # ---- cards --------------------------------------------------------------
    def _draw_one(self, st: GWTState, p: dict, ev: list[Event], seat: int | None = None) -> str | None:
        if not p["deck"]:
            if not p["discard"]:
                return None
            p["deck"], p["discard"] = p["discard"], []
            st.rng.shuffle(p["deck"])
            ev.append(Event("gwt_reshuffle", {"seat": seat}))
        card = p["deck"].pop()
        (p["workers"] if self._is_worker(card) else p["hand"]).append(card)
        return card

    def _draw_to_limit(self, st: GWTState, p: dict, ev: list[Event], seat: int | None = None) -> None:
        limit = self.hand_limit(p)
        drawn = []
        while len(p["hand"]) < limit:
            c = self._draw_one(st, p, ev, seat)
            if c is None:
                break
            drawn.append(c)
        if drawn:
            ev.append(Event("gwt_draw", {"seat": seat, "cards": drawn}, private_to=(seat,) if seat is not None else (),
                            public_args={"seat": seat, "count": len(drawn)}))

    def _exchange_draw(self, st: GWTState, seat: int, ev: list[Event], more: int) -> None:
        """Draw until a cattle card arrives (drawn workers go to the worker area, spec
        §12.3), then discard 1 card from hand."""
        p = st.players[seat]
        while True:
            c = self._draw_one(st, p, ev, seat)
            if c is None or not self._is_worker(c):
                break
        ev.append(Event("gwt_draw", {"seat": seat, "cards": [c] if c else []}, private_to=(seat,),
                        public_args={"seat": seat, "count": 1 if c else 0}))
        if p["hand"]:
            st.pending.append({"k": "xdiscard", "more": more})

    def _is_worker(self, card: str) -> bool:
        return card in ("cowboy", "engineer", "builder", "joker")

    def _discard_worker(self, p: dict, w: str) -> None:
        p["workers"].remove(w)
        p["discard"].append(w)

    def _spend_workers(self, p: dict, worker: str, need: int, jokers: int) -> None:
        for _ in range(need - jokers):
            self._discard_worker(p, worker)
        for _ in range(jokers):
            self._discard_worker(p, "joker")

    # ---- actions ----------------------------------------------------------
    def _simple(self, st: GWTState, p: dict, a: Act) -> None:
        """Acts without choices: money, certificates, exchange tokens (cost paid here)."""
        p["money"] -= a.cost
        if a.name == "gain_money":
            p["money"] += a.get("amount")
        elif a.name == "gain_certificates":
            p["certs"] = min(self.data.cert_max, p["certs"] + a.get("amount"))
        elif a.name == "gain_exchange_token":
            p["tokens"] += a.get("count")

    def _run(self, st: GWTState, seat: int, a: Act, args: tuple, ev: list[Event]) -> None:
        d = self.data
        p = st.players[seat]
        name = a.name
        if name in ("gain_money", "gain_certificates", "gain_exchange_token"):
            self._simple(st, p, a)
            return
        p["money"] -= a.cost
        if name == "discard_cattle_for_money":
            b = args[0]
            p["hand"].remove(b)
            p["discard"].append(b)
            p["money"] += a.get("money") if a.get("money") is not None else a.get("money_per_bv") * d.breed(b).bv
        elif name == "gain_tile":
            self._take_tile(st, seat, args[0], args[1], ev)
        elif name == "exchange":
            self._exchange_draw(st, seat, ev, more=a.get("times") - 1)
        elif name == "hire_worker":
            self._hire(st, p, args[0], a.get("price"))
            if a.get("second_price") is not None:
                st.pending.append({"k": "hire2", "first": args[0], "price": a.get("second_price")})
        elif name == "buy_cattle":
            breed, j = args[0], int(args[1])
            need = d.market[breed]
            self._spend_workers(p, "cowboy", need, j)
            p["money"] -= need * d.money_per_worker
            st.market[breed] -= 1
            p["discard"].append(breed)
        elif name == "use_train":
            t = d.train(int(args[0]))
            self._spend_workers(p, "engineer", t.engineers, int(args[1]))
            p["money"] -= t.engineers * d.money_per_worker
            acts = self._ref_acts(st, ["train", t.id])
            st.pending.append({"k": "menu", "ref": ["train", t.id], "left": list(range(len(acts)))})
        elif name == "place_building":
            kind, t, node, j = args[0], int(args[1]), args[2], int(args[3])
            bt = d.btype(t)
            side = st.stock[str(t)].pop(0)
            if kind == "place":
                self._spend_workers(p, "builder", bt.builders, j)
                p["money"] -= bt.builders * d.money_per_worker + d.nodes[node].cost
            else:
                old = st.built[node]
                diff = bt.builders - d.btype(old["type"]).builders
                self._spend_workers(p, "builder", diff, j)
                p["money"] -= diff * d.money_per_worker
                st.stock[str(old["type"])].append(old["side"])
                self._keep_tile_actions(st, node, old)
            st.built[node] = {"type": t, "side": side, "owner": seat}
            ev.append(Event("gwt_built", {"seat": seat, "node": node, "type": t, "side": side}))
        elif name == "move_herder":
            st.pending.append({"k": "move", "max": a.get("max_steps"), "extra": 0})
        elif name == "auxiliary_action":
            st.pending.append({"k": "aux", "used": [], "left": a.get("count")})
        elif name == "gain_cattle":
            st.market[a.get("breed")] -= 1
            p["discard"].append(a.get("breed"))
        elif name == "remove_cattle":
            p["hand"].remove(args[0])
            st.box.append(args[0])

    def _keep_tile_actions(self, st: GWTState, node: str, old: dict) -> None:
        """The actions of a location are those of the tile it showed on arrival, each once
        (spec §5.0): upgrading that building in the same turn does not change them. A
        decision about `node` still pending keeps the old tile in its reference."""
        frozen = ["node", node, old["type"], old["side"]]
        for e in st.pending:
            if e.get("ref") == ["node", node] or (e["k"] == "act" and e.get("node") == node
                                                   and "ref" not in e):
                e["ref"] = frozen

    def _hire(self, st: GWTState, p: dict, w: str, price: int) -> None:
        p["money"] -= price + (self.data.joker_surcharge if w == "joker" else 0)
        st.supply[w] -= 1
        p["workers"].append(w)

    def _take_tile(self, st: GWTState, seat: int, kind: str, slot, ev: list[Event]) -> None:
        opened, stack = self._tiles(st, kind)
        if slot == "top":
            tile = stack.pop()
            ev.append(Event("gwt_tile_blind", {"seat": seat, "tile": tile}))
        else:
            i = int(slot)
            tile = opened[i]
            opened[i] = stack.pop() if stack else None
            ev.append(Event("gwt_tile", {"seat": seat, "tile": tile, "refill": opened[i]}))
        p = st.players[seat]
        if kind == "objective":
            p["objectives"].append(tile)
        else:
            p["bonuses"].append(tile)
            for a in self.data.bonus(tile).on_gain:
                self._simple(st, p, a)

    # ================================================================ scoring
    def score_breakdown(self, st: GWTState, seat: int) -> dict[str, int]:
        d = self.data
        p = st.players[seat]
        cards = p["deck"] + p["hand"] + p["discard"] + p["workers"]
        sue = p["sue"]
        if sue is not None:     # her cattle pile and worker cards; stock cards never score
            cards = sue["cattle"] + sue["workers"]
        cattle = [c for c in cards if not self._is_worker(c)]
        workers = [c for c in cards if self._is_worker(c)]
        buildings = [st.built[n] for n in self.owned(st, seat)]
        discs = [int(v) for v, seats in st.posts.items() for s in seats if s == seat]
        items = ([{"kind": "cattle", "breed": c} for c in cattle]
                 + [{"kind": "worker", "type": w} for w in workers]
                 + [{"kind": "building", "builders": d.btype(b["type"]).builders} for b in buildings]
                 + [{"kind": "disc", "post": v} for v in discs])
        objs = [self._objective(d.objective(o)) for o in p["objectives"]]
        obj_vp, _ = objmod.best_assignment(objs, items)
        if sue is not None:     # every objective of Sue's counts as fulfilled (spec §10.6)
            obj_vp = sum(o.vp for o in objs)
        return {
            "category.gwt.money": p["money"] // 5,
            "category.gwt.buildings": sum(d.btype(b["type"]).sides[b["side"]][1] for b in buildings),
            "category.gwt.posts": sum(d.post(v).vp for v in discs),
            "category.gwt.workers": sum(d.worker(w).vp for w in workers),
            "category.gwt.cattle": sum(d.breed(c).vp for c in cattle if d.breed(c).role != "starting")
            + (d.simmental_space_vp if p["on_simmental"] else 0),
            "category.gwt.bonus": sum(d.bonus(b).vp for b in p["bonuses"]),
            "category.gwt.objectives": obj_vp,
        }

    def _objective(self, o) -> objmod.Objective:
        slots = []
        for kind, v in o.requires:
            if kind == "cattle":
                slots.append(objmod.slot_of_kind("cattle", breed=v))
            elif kind == "worker":
                slots.append(objmod.slot_of_kind("worker", type=v))
            elif kind == "min_builders":
                slots.append(objmod.slot_of_kind("building", builders=lambda x, v=v: x >= v))
            else:
                slots.append(objmod.slot_of_kind("disc", post=lambda x, v=v: x >= v))
        return objmod.Objective(o.id, o.vp, tuple(slots))

    def result(self, st: GWTState) -> Result:
        bd = [self.score_breakdown(st, s) for s in range(st.n)]
        scores = [sum(b.values()) for b in bd]
        keys = [(scores[s], st.players[s]["money"] % 5) for s in range(st.n)]
        ranks = rank_by(keys)
        top = max(scores)
        tied = [s for s in range(st.n) if scores[s] == top]
        return Result(list(CATEGORIES), bd, scores, ranks, [s for s in range(st.n) if ranks[s] == 1],
                      "tiebreak.gwt.leftover_money" if len(tied) > 1 else "none")

    # ============================================================ information
    CATEGORIES = tuple(CATEGORIES)

    def view(self, st: GWTState, seat: int | None) -> dict:
        from games.gwt.view import public_view
        return public_view(self, st, seat)

    def is_automa(self, p: dict) -> bool:
        return p["sue"] is not None

    def describe_action(self, st: GWTState, action: Action) -> tuple[str, dict]:
        from . import describe as desc
        return desc.describe(self, self._describe_source(st), action)

    def act_of(self, st: GWTState, action: Action):
        """(Act, its remaining args) of a "do <i> ..." or "aux <n> ..." action, else None."""
        if action.verb == "do":
            return self._ref_acts(st, st.pending[-1]["ref"])[int(action.args[0])], action.args[1:]
        if action.verb == "aux":
            return self._aux_acts(st.players[action.seat], int(action.args[0]))[0], action.args[1:]
        return None

    def _describe_source(self, st: GWTState) -> dict:
        return {"pending": st.pending, "players": st.players, "neutral_at": st.neutral_at,
                "built": st.built, "train_sides": st.train_sides}

    def aux_board(self, p: dict) -> tuple[list[dict], bool]:
        from games.gwt.view import act_json
        avail, upgraded, two = self._aux_state(p)
        out = []
        for a in self.data.aux:
            acts = a.upgraded if a.number in upgraded else a.actions
            out.append({"number": a.number, "open": a.number in avail, "upgraded": a.number in upgraded,
                        "acts": [act_json(x) for x in acts], "price": sum(x.cost for x in acts)})
        return out, two

    def view_decision(self, st: GWTState, actor: int, top: dict) -> dict:
        from games.gwt.view import act_json, jsonable
        d = self.data
        k = top["k"]
        if k == "move":
            p = st.players[actor]
            dests = destinations(d.succ, p["node"], top["max"] + top["extra"],
                                 lambda x: self.is_location(st, x), d.el_paso)
            return {"reachable": [{"node": n, "steps": dests[n].steps, "fee": 0, "path": list(dests[n].path)}
                                  for n in sorted(dests, key=d.node_order.index)]}
        if k in ("act", "menu"):
            ref = top.get("ref", ["node", top.get("node")])
            out = {"actions": [act_json(a) for a in self._ref_acts(st, ref)], "source": jsonable(ref)}
            if k == "menu":
                out["left"] = list(top["left"])
            return out
        return {}

    def view_seat(self, st: GWTState, i: int) -> dict:
        p = st.players[i]
        s = p["sue"]
        sue = None
        if s is not None:
            sue = {"row": list(s["row"]), "counts": dict(s["counts"]), "workers": list(s["workers"]),
                   "cattle": list(s["cattle"]), "delivery": s["delivery"], "discard": list(s["discard"]),
                   "deck": len(s["deck"]), "stock": len(s["stock"]), "unused_b": len(s["unused_b"])}
        return {"on_simmental": p["on_simmental"], "deliveries": p["deliveries"], "sue": sue}

    def view_locations(self, st: GWTState) -> dict:
        d = self.data
        out = {d.el_paso: {"kind": "el_paso", "face": "el_paso", "owner": None, "type": None, "side": None}}
        for node, letter in st.neutral_at.items():
            out[node] = {"kind": "neutral", "face": letter, "owner": None, "type": None, "side": None}
        for node, b in st.built.items():
            out[node] = {"kind": "building", "face": d.btype(b["type"]).sides[b["side"]][0],
                         "owner": b["owner"], "type": b["type"], "side": b["side"]}
        return out

    def view_playmat(self, st: GWTState) -> dict:
        return {"simmental": st.simmental, "triggered_by": st.triggered_by, "finisher": st.finisher,
                "final": list(st.final)}

    def view_delivery(self, st: GWTState, seat: int) -> dict:
        d = self.data
        p = st.players[seat]
        perm = self.permanent_certs(p)
        value = self.delivery_value(p)
        total = value + p["certs"]
        posts = []
        for post in d.posts:
            need = max(0, post.value - value)
            open_ = post.value <= total and (post.repeat or seat not in st.posts[str(post.value)])
            discs = []
            if open_:
                for did in p["discs"]:
                    disc = d.disc(did)
                    if disc.black and not post.black:
                        continue
                    if disc.money < 0 and p["money"] < -disc.money:
                        continue
                    discs.append(did)
            posts.append({"post": post.value, "certs": need, "open": open_ and bool(discs), "discs": discs})
        return {"hand_value": value - perm, "permanent": perm, "value": value, "certs": p["certs"],
                "total": total, "posts": posts}

    def randomize_hidden(self, st: GWTState, observer: int, rng) -> GWTState:
        alt = st.clone()
        for i, p in enumerate(alt.players):
            if p["sue"] is not None:
                rng.shuffle(p["sue"]["deck"])
                rng.shuffle(p["sue"]["stock"])
                continue
            if i == observer:
                rng.shuffle(p["deck"])
                continue
            pool = p["hand"] + p["deck"]
            rng.shuffle(pool)
            cattle = [c for c in pool if not self._is_worker(c)]
            hand = cattle[:len(p["hand"])]
            rest = list(pool)
            for c in hand:
                rest.remove(c)
            p["hand"], p["deck"] = hand, rest
        rng.shuffle(alt.obj_stack)
        rng.shuffle(alt.bonus_stack)
        alt.rng = Rng(rng.next_u64())
        return alt

    # ============================================================ persistence
    def to_json(self, st: GWTState) -> dict:
        return {"version": self.STATE_VERSION, "state": st.to_json()}

    def from_json(self, data: dict) -> GWTState:
        if not isinstance(data, dict) or data.get("version") != self.STATE_VERSION:
            raise SaveError("not a GWT El Paso state of this version")
        try:
            return GWTState.from_json(data["state"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"damaged GWT El Paso state ({e})") from None

    def bot(self, level: str):
        from .bots import make_bot
        return make_bot(level)

    # ============================================================ invariants
    def check_invariants(self, st: GWTState) -> None:
        d = self.data
        n = st.n
        cards = Counter()
        for p in st.players:
            assert p["money"] >= 0, "money never negative"
            assert p["tokens"] >= 0 and 0 <= p["certs"] <= d.cert_max
            assert all(not self._is_worker(c) for c in p["hand"]), "the hand holds cattle only"
            assert all(self._is_worker(c) for c in p["workers"])
            cards.update(p["deck"] + p["hand"] + p["discard"] + p["workers"])
            if p["sue"] is not None:
                s = p["sue"]
                cards.update(s["stock"] + s["workers"] + s["cattle"])
                assert p["money"] == 0 and p["tokens"] == 0, "Sue never gains money"
                assert sorted(s["deck"] + s["discard"] + s["unused_b"]) == sorted(c.id for c in d.sue_cards)
                assert sum(s["counts"].values()) == len(s["workers"])
            assert len(p["discs"]) + len(p["removed"]) == d.discs_per_player
            assert len(set(p["removed"])) == len(p["removed"]), "a disc space is uncovered once"
        cards.update(st.box)
        humans = sum(1 for p in st.players if p["sue"] is None)
        for b in d.breeds:
            if b.role == "starting":
                assert cards[b.id] == b.count * humans, b.id
            elif b.role == "market":
                assert cards[b.id] + st.market[b.id] == b.count, b.id
            else:
                assert cards[b.id] + st.simmental == d.simmental_by_players[humans]
        for w in d.workers:
            assert cards[w.id] + st.supply[w.id] == w.count, w.id
        for kind, tiles, key in (("objective", d.objectives, "objectives"), ("bonus", d.bonus_tiles, "bonuses")):
            opened, stack = self._tiles(st, kind)
            held = [t for p in st.players for t in p[key]] + stack + [t for t in opened if t is not None]
            assert sorted(held) == sorted(t.id for t in tiles), f"{kind} tiles conserved"
        for bt in d.building_types:
            placed = sum(1 for b in st.built.values() if b["type"] == bt.type)
            assert placed + len(st.stock[str(bt.type)]) == bt.copies
        for s in range(n):
            assert len(self.owned(st, s)) <= d.ownership_markers
            on_posts = sum(seats.count(s) for seats in st.posts.values())
            assert on_posts == len(st.players[s]["removed"])
            for post in d.posts:
                if not post.repeat:
                    assert st.posts[str(post.value)].count(s) <= 1
        if st.phase != "over":
            assert self.legal_actions(st), "every decision point has a legal action"
        else:   # the game ends only after the Simmental ran out and someone reached El Paso
            assert st.simmental == 0 and st.finisher is not None and not st.final and not st.pending
            assert [s for s in range(n) if st.players[s]["on_simmental"]] == [st.finisher]
