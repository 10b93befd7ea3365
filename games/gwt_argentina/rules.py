"""Great Western Trail: Argentina rules (spec gwt_argentina.md §2-§3): the GWT family rules
(games/gwt/) with Argentina's own parts, each in its module:

  discs.py         the player board's discs: where a disc comes from, limits, stamina
  railroad.py      the locomotive, stations, station masters, the depot
  buenos_aires.py  the six actions of a Buenos Aires visit and its closing steps
  jobmarket.py     the job market, hiring, its arrows (cattle refill, ships sail, the end)
  farmers.py       helping farmers, investing them in the granjero row
  cattle.py        the cattle market, its purchase options, card actions
  workerarea.py    the four worker rows and their instant actions
  scoring.py       the 12 rows of the score pad

This module composes them and adds the turn (the first turn's trim and start), the trail
(fees by hand colour, the shortcuts over the loading ramps), playing objective cards,
exchange tokens, the instants of slots/masters/ships/bonus spaces/objectives as menus,
setup, information and invariants. Decision kinds beyond the family's:

  trim       first turn: "discard <card>" down to 4 cards in hand
  farmer     at a farmer tile: "help" (this farmer) or "aux <n> ..." or "end"
  wrapup     phase B is over and an objective card is in hand: "play <card>" or "end"
and those of the mixins (KINDS_RAIL, KINDS_BA, KINDS_FARM).
"""
from __future__ import annotations

from collections import Counter
from functools import cached_property

from games.core.contract import Config, ConfigError, GameInfo, Option
from games.core.events import Event
from games.core.rng import Rng
from games.gwt.acts import ActsMixin
from games.gwt.decisions import FAMILY_KINDS, Kind
from games.gwt.rules import GWTFamilyRules

from . import describe as desc
from . import scoring
from .buenos_aires import BuenosAiresMixin
from .buildings import PrivateBuildingsMixin
from .cattle import CattleMixin
from .discs import DiscsMixin
from .farmers import FarmersMixin
from .jobmarket import JobMarketMixin
from .model import DATA_FILES, ArgentinaData, default_data, load
from .pedro import PedroMixin
from .pedro_model import PEDRO_FILE, load_pedro
from .railroad import RailroadMixin
from .rewards import RewardsMixin
from .state import ArgentinaState, new_player
from .trail import cheapest_destinations
from .view import ViewMixin
from .workerarea import WorkerAreaMixin

INFO = GameInfo(
    id="gwt_argentina", title_key="game.gwt_argentina", min_players=2, max_players=4,
    options=(
        # spec §2.1 step 3: letters on their spaces (first game) or shuffled
        Option("neutral_layout", ("fixed", "random"), "fixed", "option.gwta.neutral_layout"),
        # spec §2.2 step 15: every private tile on side a, or one random side per number
        Option("building_sides", ("a", "random"), "a", "option.gwta.building_sides"),
        # spec §2.1 step 12: city boards on side a, or each side at random
        Option("city_sides", ("a", "random"), "a", "option.gwta.city_sides"),
        # the solo game: Pedro's difficulty (solo spec §15)
        Option("pedro", ("easy", "medium", "hard", "very_hard"), "medium", "option.gwta.pedro"),
    ),
    bot_levels=("easy", "normal", "hard"), has_automa=True, automa_option="pedro", hidden_information=True,
    data_version="1")

KINDS_OWN = {
    "trim": Kind("trim", "options_trim", {"discard": (False, "on_trim")}, free=False),
    "wrapup": Kind("wrapup", "options_wrapup", {"end": (True, "on_wrapup_end")}),
    "farmer": Kind("farmer", "options_farmer", {"help": (True, "on_help_here"), "aux": (True, "do_aux"),
                                                "end": (True, None)}),
    # the family's act and aux kinds, with the double auxiliary action ("auxd")
    "act": Kind("act", "options_act", {"use": (True, "on_use"), "aux": (True, "do_aux"), "end": (True, None)}),
    "aux": Kind("aux", "options_aux", {"aux": (False, "do_aux"), "auxd": (False, "do_aux_double"),
                                       "end": (True, None)}),
}


class ArgentinaRules(PedroMixin, ViewMixin, DiscsMixin, RewardsMixin, PrivateBuildingsMixin, RailroadMixin, BuenosAiresMixin, JobMarketMixin, FarmersMixin, CattleMixin,
                     WorkerAreaMixin, GWTFamilyRules):
    INFO = INFO
    STATE_VERSION = 1
    STATE = ArgentinaState
    CATEGORIES = scoring.CATEGORIES
    PROMPT = "prompt.gwta."
    TIEBREAK = "none"
    KINDS = {**FAMILY_KINDS, **KINDS_OWN, **RailroadMixin.KINDS_RAIL, **BuenosAiresMixin.KINDS_BA,
             **FarmersMixin.KINDS_FARM}
    ACT_OPTIONS = {**ActsMixin.ACT_OPTIONS, **RailroadMixin.ACT_OPTIONS_RAIL, **BuenosAiresMixin.ACT_OPTIONS_BA,
                   **FarmersMixin.ACT_OPTIONS_FARM, **RewardsMixin.ACT_OPTIONS_MORE, **PrivateBuildingsMixin.ACT_OPTIONS_BUILD,
                   "gain_grain": "opt_always"}
    ACT_RUN = {**ActsMixin.ACT_RUN, **RailroadMixin.ACT_RUN_RAIL, **BuenosAiresMixin.ACT_RUN_BA,
               **FarmersMixin.ACT_RUN_FARM, **RewardsMixin.ACT_RUN_MORE, **PrivateBuildingsMixin.ACT_RUN_BUILD,
               "gain_grain": "run_gain_grain"}
    FREE = {"token": "on_token", "play": "on_play"}
    LOG_QUIET = GWTFamilyRules.LOG_QUIET | desc.LOG_QUIET
    COMPULSORY = frozenset({"ship", "bonus"})   # push_acts refs whose acts must be done
    HIDDEN_EVENT_TYPES = frozenset({"gwt_draw", "gwt_tile_blind", "gwt_reshuffle", "gwt_tile", "gwta_refill",
                                    "gwta_reveal", "gwta_ships", "gwta_foresight_refill", "gwta_bag"})

    def __init__(self, data: ArgentinaData | None = None):
        super().__init__(data)
        self._succ_by_shut: dict[frozenset, dict] = {}
        self._dest_memo: dict[tuple, dict] = {}
        self._dest_of: int | None = None   # id() of the state the memo is for (never a reference)

    @cached_property
    def _objective_ids(self) -> frozenset[str]:
        return frozenset(o.id for o in self.data.objectives)

    def load_data(self) -> ArgentinaData:
        return default_data()

    def validate_data(self) -> list[str]:
        load(INFO.id)     # read afresh (load() is the cached copy)
        load_pedro(INFO.id)
        return list(DATA_FILES) + [PEDRO_FILE]

    # ================================================================ setup
    def check_config(self, config: Config) -> Config:
        config = super().check_config(config)
        automa = [s for s in config.seats if s.kind == "automa"]
        if automa and (len(automa) > 1 or len(config.seats) != 2):
            raise ConfigError("Pedro plays only the solo game: one player and Pedro")
        return config

    def setup(self, config: Config) -> ArgentinaState:
        config = self.check_config(config)
        d = self.data
        n = len(config.seats)
        opts = dict(config.options)
        rng = Rng(config.seed)
        sides = {t.type: ("a" if opts.get("building_sides", "a") == "a" or rng.below(2) else "b")
                 for t in d.building_types}
        tiles = [f"{t.type}{sides[t.type]}" for t in d.building_types]
        players = [new_player(0, 0, [x.id for x in d.discs], tiles) for _ in range(n)]
        solo = self.pedro_seat(config)      # Pedro's seat; the human is the first player
        st = ArgentinaState(n=n, rng=rng, players=players, options=opts, first=1 if solo == 0 else 0)
        if solo is not None:
            players[solo]["pedro"] = self.new_pedro(st, opts.get("pedro", "medium"))
        self.place_neutrals(st, rng, opts.get("neutral_layout") == "random")
        # station masters: 5 of 8 at random on the master stations (§2.1 step 2)
        masters = [m.id for m in d.station_masters]
        rng.shuffle(masters)
        st.masters = {sid: masters.pop() for sid in d.railroad.master_stations}
        st.stations = {s.id: [] for s in d.railroad.stations}
        # bags, farmers, job market, foresight (§2.1 steps 5-8)
        st.bags = {b: [t.id for t in d.tokens.values() if t.bag == b] for b in ("A", "B", "C")}
        for bag in st.bags.values():
            rng.shuffle(bag)
        if solo is not None:
            self.pedro_draw_workers(st, players, solo, opts.get("pedro", "medium"))
        st.farm_pesos = {node: 0 for zone in d.farmer_zones.values() for node in zone}
        self.setup_farmers(st)
        self.setup_job_market(st)
        st.foresight = {b: [None, None] for b in ("A", "B", "C")}
        self.refill_foresight(st)
        # cattle market, exhaustion, objectives (steps 9-10)
        st.cattle_deck = list(d.market_cards)
        rng.shuffle(st.cattle_deck)
        self.refill_market(st)
        st.exhaustion = d.exhaustion_cards
        st.obj_stack = [o.id for o in d.objectives]
        rng.shuffle(st.obj_stack)
        st.obj_open = [st.obj_stack.pop() for _ in range(d.open_tiles)]
        # ships and cities (steps 11-12)
        st.ships = sorted((s.id for s in d.ships.values() if s.sun), key=lambda s: d.ships[s].value)
        st.ship_stack = [s.id for s in d.ships.values() if not s.sun]
        rng.shuffle(st.ship_stack)
        st.ship_discs = {s: [] for s in d.ships}
        for c in d.city_order:
            st.city_sides[c] = "a" if opts.get("city_sides", "a") == "a" or rng.below(2) else "b"
        st.docks = {dock.id: [] for c in d.city_order for dock in self.city_of(st, c).docks}
        st.covered = [b for c in d.direction_tokens.get(n, ()) for b in self.city_of(st, c).centre]
        # players (steps 14-18)
        for seat, p in enumerate(players):
            p["step_base"] = d.start_step_limit[n]
            st.docks[d.setup_dock].append(seat)
            if seat == solo:
                self.pedro_setup(st, seat)
                continue
            p["money"], p["tokens"] = d.starting_capital[(seat - st.first) % n]
            cards = d.starting_cards[(seat - st.first) % n]
            p["deck"] = list(d.player_cards) + ["exhaustion"] * d.starting_exhaustion
            st.exhaustion -= d.starting_exhaustion
            rng.shuffle(p["deck"])
            for _ in range(cards):
                self.draw_one(st, p, [], seat)
        st.phase = "play"
        self.begin_turn(st, st.first)
        return st

    # ================================================================ the turn
    def begin_turn(self, st, seat: int) -> None:
        st.current = seat
        p = st.players[seat]
        if self.is_automa(p):
            st.pending = [{"k": self.AUTOMA_VERB}]
            return
        if p["first_turn"]:
            p["first_turn"] = False
            st.pending = [{"k": "start"}]
            if len(p["hand"]) > 4:
                st.pending.append({"k": "trim"})
            return
        st.pending = [{"k": "move", "max": self.step_limit(p), "extra": 0}]

    def options_trim(self, st, seat, top):
        return [("discard", c) for c in sorted(set(st.players[seat]["hand"]))]

    def on_trim(self, st, seat, top, args, ev):
        p = st.players[seat]
        self.discard_from_hand(p, args[0])
        if len(p["hand"]) <= 4:
            st.pending.pop()

    def end_turn(self, st, ev: list[Event]) -> None:
        """Phase B is over: a seat holding an objective card may still play it before
        refilling (§3.3: after any single action in phase B), so it is asked first."""
        p = st.players[st.current]
        if st.phase == "play" and any(self.is_objective(c) for c in p["hand"]) and not self.is_automa(p):
            st.pending = [{"k": "wrapup"}]
            return
        super().end_turn(st, ev)

    def options_wrapup(self, st, seat, top):
        return [("end",)]

    def on_wrapup_end(self, st, seat, top, args, ev):
        GWTFamilyRules.end_turn(self, st, ev)

    # ---- the trail: fees, shortcuts, farmer tiles ------------------------------------
    def is_location(self, st, node: str) -> bool:
        kind = self._node_kind[node]
        if kind == "building":
            return node in st.built
        if kind == "farmer":
            return node in st.farmers
        return kind in ("neutral", "ramp", "city")

    def trail_succ(self, st, seat: int) -> dict:
        """The printed trail, a ramp open only once the seat's locomotive has reached or
        passed its railroad space; a ramp ends the move (its arrival goes to Buenos Aires)."""
        d = self.data
        p = st.players[seat]
        shut = frozenset(r for r, space in d.ramps.items() if not self.loco_passed(p, space))
        succ = self._succ_by_shut.get(shut)
        if succ is None:   # one per set of shut ramps: at most one per ramp, plus all open
            succ = self._succ_by_shut[shut] = {n: tuple(x for x in nx if x not in shut) if n not in d.ramps else ()
                                               for n, nx in d.succ.items()}
        return succ

    def fee_at(self, st, seat: int):
        d = self.data
        fees = d.fees[st.n]

        def fee(node: str) -> int:
            hands = ()
            if node in st.farmers:
                hands = (d.tokens[st.farmers[node]].hand,)
            elif node in st.built and st.built[node]["owner"] != seat:
                hands = self.building_hands(st.built[node])
            return sum(fees[h] for h in hands if h)
        return fee

    def building_hands(self, b: dict) -> tuple[str, ...]:
        d = self.data
        hand = d.building_hands.get(d.btype(b["type"]).sides[b["side"]][0])
        return (hand,) if hand else ()

    def destinations(self, st, seat: int, limit: int) -> dict:
        return self.destinations_from(st, seat, st.players[seat]["node"], limit)

    def trail_now(self, st, seat: int) -> tuple[frozenset, dict]:
        """(the locations on the trail now, {location: the fee `seat` pays there})."""
        locs = self._fixed_locations | st.built.keys() | st.farmers.keys()
        fee = self.fee_at(st, seat)
        fees = {n: f for n in (*st.farmers, *st.built) if (f := fee(n))}
        return locs, fees

    def pay_fees(self, st, seat: int, top: dict, node: str, ev: list[Event]) -> None:
        """Hands along the path, in order; pay what you can at each (§3.4 lenient rule)."""
        if top.get("k") == "start":
            return
        d = self.data
        p = st.players[seat]
        start = top.get("from")
        dst = self.destinations_from(st, seat, start, top["max"] + top["extra"]).get(node)
        if dst is None:
            return
        fees = d.fees[st.n]
        for x in dst.path:
            if not self.is_location(st, x):
                continue
            if x in st.farmers:
                due = fees[d.tokens[st.farmers[x]].hand]
                paid = min(due, p["money"])
                p["money"] -= paid
                st.farm_pesos[x] += paid
            elif x in st.built and st.built[x]["owner"] != seat:
                due = sum(fees[h] for h in self.building_hands(st.built[x]) if h)
                paid = min(due, p["money"])
                p["money"] -= paid
                owner = st.players[st.built[x]["owner"]]
                if not self.is_automa(owner):      # Pedro's fees go to the bank (solo §11.3)
                    owner["money"] += paid
            else:
                continue
            if due:
                ev.append(Event("gwta_fee", {"seat": seat, "node": x, "due": due, "paid": paid}))

    def destinations_from(self, st, seat: int, start, limit: int) -> dict:
        """Memoised on everything the search reads: one move asks it for its options, its
        legality and its fees, and a bot asks it again for every position it weighs. The
        result is shared: callers only read it. The key holds every input, so a stale id()
        can never return a wrong result; `id(succ)` names a successor map that lives as long
        as the rules (one per set of shut ramps)."""
        locs, fees = self.trail_now(st, seat)
        succ = self.trail_succ(st, seat)
        key = (start, limit, id(succ), frozenset(locs), tuple(sorted(fees.items())))
        memo = self._dest_memo
        if self._dest_of != id(st):   # one position's searches only: nothing outlives it
            memo.clear()
            self._dest_of = id(st)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = cheapest_destinations(succ, start, limit, locs, self.data.city, fees)
        return hit

    @cached_property
    def _fixed_locations(self) -> frozenset:
        """Trail nodes that are always locations: neutral buildings, ramps, the city."""
        return frozenset(n for n, k in self._node_kind.items() if k in ("neutral", "ramp", "city"))

    def on_move(self, st, seat, top, args, ev):
        p = st.players[seat]
        top = dict(top, **{"from": p["node"]})
        if top["k"] != "start":
            self.pay_fees(st, seat, top, args[0], ev)
        p["node"] = args[0]
        if args[0] in self.data.ramps:
            ev.append(Event("gwta_ramp", {"seat": seat, "node": args[0]}))
            p["node"] = self.data.city
        self.arrive(st, seat, ev)

    def arrive(self, st, seat: int, ev: list[Event]) -> None:
        p = st.players[seat]
        node = p["node"]
        if node in st.farmers:
            ev.append(Event("gwt_arrive", {"seat": seat, "node": node}))
            st.pending.append({"k": "farmer", "node": node})
            return
        super().arrive(st, seat, ev)

    def options_farmer(self, st, seat, top):
        out = [("help",)] if self.help_here_options(st, seat, top["node"]) else []
        return out + self.aux_options(st, seat, []) + [("end",)]

    def on_help_here(self, st, seat, top, args, ev):
        self.start_help(st, seat, [top["node"]], 0, ev)

    def options_start(self, st, seat, top):
        return [("start", node) for node in self.data.neutral_spaces]

    # ---- location actions: a building's own acts plus the space's extra action ---------
    def ref_acts(self, st, ref: list) -> tuple:
        acts = super().ref_acts(st, ref)
        if ref[0] == "node" and len(ref) == 2 and ref[1] in st.built:
            acts = acts + self.data.extra_actions.get(ref[1], ())
        return acts

    def edition_ref_acts(self, st, ref: list) -> tuple:
        d = self.data
        kind = ref[0]
        if kind == "slot":
            return d.worker_rows[ref[1]][int(ref[2])].acts
        if kind == "master":
            return d.master(ref[1]).top
        if kind == "bonus":
            return d.bonus(ref[1]).acts
        if kind == "ship":
            return d.ships[ref[1]].acts
        if kind == "objective":
            return d.objective_card(ref[1]).instant
        raise ValueError(ref)

    def push_acts(self, st, seat: int, ref: list, ev: list[Event]) -> None:
        """An instant action (a slot's, a master's, a ship's, a bonus space's, an objective's):
        each act may be done once or forfeited ("end")."""
        acts = self.ref_acts(st, ref)
        if acts:
            entry = {"k": "menu", "ref": ref, "left": list(range(len(acts)))}
            if ref[0] in self.COMPULSORY:
                entry["must"] = True
            st.pending.append(entry)

    def options_menu(self, st, seat, top):
        """A compulsory menu (a ship's loading action, a city bonus) ends only when none
        of its acts left can be done."""
        out = super().options_menu(st, seat, top)
        if top.get("must") and len(out) > 1:
            out.pop()     # "end"
        return out

    # ---- private buildings: each seat's own ten tiles ---------------------------------
    def building_available(self, st, seat: int, bt) -> bool:
        return any(t[:-1] == str(bt.type) for t in st.players[seat]["buildings"])

    def take_building_tile(self, st, seat: int, t: int) -> str:
        p = st.players[seat]
        tile = next(x for x in p["buildings"] if x[:-1] == str(t))
        p["buildings"].remove(tile)
        return tile[-1]

    def return_building_tile(self, st, seat: int, old: dict) -> None:
        pass    # a replaced tile goes to the box (§3.8.2)

    # ---- simple acts ---------------------------------------------------------------
    def gain_grain(self, p: dict, n: int) -> None:
        p["grain"] = min(self.data.grain_max, p["grain"] + n)

    def gain_certs(self, p: dict, n: int) -> None:
        p["certs"] = min(self.cert_limit(p), p["certs"] + n)

    def run_gain_grain(self, st, seat, p, a, args, ev):
        self.gain_grain(p, a.get("amount"))

    def take_exhaustion(self, st, seat: int, n: int, ev: list[Event]) -> None:
        if self.is_automa(st.players[seat]):     # Pedro takes no exhaustion cards (solo §17)
            return
        k = min(n, st.exhaustion)
        st.exhaustion -= k
        st.players[seat]["discard"].extend(["exhaustion"] * k)
        if k:
            ev.append(Event("gwta_exhaustion", {"seat": seat, "n": k}))

    # ---- objectives: cards in the herd deck, played from hand ----------------------------
    def receive_tile(self, st, seat: int, kind: str, tile: str) -> None:
        st.players[seat]["discard"].append(tile)

    def is_objective(self, card: str) -> bool:
        return card in self._objective_ids

    def free_options(self, st, seat, top) -> list[tuple]:
        p = st.players[seat]
        out = []
        if self.between_actions(top):
            out += [("play", c) for c in sorted(set(p["hand"])) if self.is_objective(c)]
        if p["tokens"] > 0 and (p["deck"] or p["discard"]) and not top.get("revealed"):
            out += [("token", n) for n in (1, 2)]
        return out

    @staticmethod
    def between_actions(top: dict) -> bool:
        """Objective cards are played before moving, or in phase B before or after a
        location action, never during one (§3.3): the move, the location's choice and its
        menu of actions qualify; an instant's menu or any step inside an action does not."""
        k = top["k"]
        return k in ("move", "act", "farmer", "wrapup") or (k == "menu" and top["ref"][0] == "node")

    def on_play(self, st, seat, top, args, ev):
        p = st.players[seat]
        p["hand"].remove(args[0])
        p["objectives"].append(args[0])
        ev.append(Event("gwta_play_objective", {"seat": seat, "card": args[0]}))
        self.push_acts(st, seat, ["objective", args[0]], ev)

    def on_token(self, st, seat, top, args, ev):
        st.players[seat]["tokens"] -= 1
        self.start_draw_discard(st, seat, int(args[0]), ev)

    # ---- descriptions ----------------------------------------------------------------
    def describe_act(self, act, args: tuple) -> tuple[str, dict]:
        for own in (desc.describe_act(self, act, args), self.describe_rail_act(act, args),
                    self.describe_farm_act(act, args)):
            if own is not None:
                return own
        return super().describe_act(act, args)

    def describe_verb(self, src, action):
        for own in (desc.describe_verb(self, src, action), self.describe_rail_verb(src, action),
                    self.describe_farm_verb(src, action)):
            if own is not None:
                return own
        return None

    # ================================================================ scoring
    def score_breakdown(self, st, seat: int) -> dict[str, int]:
        if self.is_automa(st.players[seat]):
            return self.pedro_breakdown(st, seat)
        return scoring.breakdown(self, st, seat)

    # ============================================================ information
    def randomize_stacks(self, st, rng) -> None:
        rng.shuffle(st.obj_stack)
        rng.shuffle(st.cattle_deck)
        rng.shuffle(st.ship_stack)
        for bag in st.bags.values():
            rng.shuffle(bag)

    def bot(self, level: str):
        from .bots import make_bot
        return make_bot(level)

    # ============================================================ invariants
    def check_invariants(self, st) -> None:
        # Run after every action of every soak game: each collection is counted once.
        d = self.data
        repeat = {s.id: s.repeat for s in d.railroad.stations}
        placed = Counter([*st.bonus.values(), *(s for spots in (st.ship_discs, st.docks, st.stations)
                                                 for seats in spots.values() for s in seats)])
        once = [seats for sid, seats in st.stations.items() if not repeat[sid]]
        assert all(len(seats) == len(set(seats)) for seats in once), "a station upgraded once per seat"
        cards = [*st.obj_box, *st.box, *st.obj_stack, *(t for t in st.obj_open if t is not None)]
        for s, p in enumerate(st.players):
            assert p["money"] >= 0 and p["grain"] >= 0 and p["tokens"] >= 0, "never negative"
            assert 0 <= p["certs"] <= self.cert_limit(p) and p["grain"] <= d.grain_max
            assert len(p["discs"]) + len(p["removed"]) == len(d.discs)
            assert len(set(p["removed"])) == len(p["removed"]), "a disc space is uncovered once"
            cards += p["deck"] + p["hand"] + p["discard"] + p["objectives"]
            assert placed[s] == len(p["removed"]) + 1, "discs conserved"
        cards = Counter(cards)
        for o in self._objective_ids:
            assert cards[o] == 1, f"objective {o} conserved"
        assert cards["exhaustion"] + st.exhaustion == d.exhaustion_cards, "exhaustion cards conserved"
        market = Counter(st.cattle + st.cattle_deck)
        for c in set(d.market_cards):
            assert market[c] + cards[c] == d.market_cards.count(c), f"market card {c} conserved"
        tokens = [t for b in st.bags.values() for t in b] + [t for f in st.foresight.values() for t in f if t]
        tokens += [t for row in st.jm for t in row if t] + list(st.farmers.values()) + list(st.master_workers.values())
        for p in st.players:
            tokens += p["farmers"] + [t for r in p["rows"].values() for t in r if t != "printed"]
        tokens += st.token_box + [t for t in st.box if t in d.tokens]
        tokens += [t for e in st.pending for t in e.get("tokens", ())]   # helped, not yet placed
        assert len(tokens) == len(set(tokens)), "a token is in one place"
        assert set(tokens) == d.tokens.keys(), "every token is somewhere"
        assert len(st.ships) + len(st.ship_stack) + len(st.sailed) == len(d.ships), "ships conserved"
        self.check_rail_invariants(st)
        self.check_pedro_invariants(st)
        if st.phase != "over":
            assert self.legal_actions(st), "every decision point has a legal action"

