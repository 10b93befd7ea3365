"""Great Western Trail: El Paso rules (spec gwt_el_paso.md §2-§9, §12): the GWT family rules
(games/gwt/) with El Paso's own parts.

The family gives the turn, the decision kinds (objective, start, move, act, menu, aux,
hire2, xdiscard, xagain: games/gwt/decisions.py), the herd deck, workers, buildings,
auxiliary actions, objectives and the view. El Paso adds:
  deliver    at El Paso: "deliver <post> <disc>" or "deliver none" when no disc may go
             (elpaso.py, with the Simmental and the end of the drive)
  sue        the automa's whole turn ("sue", sue.py)
and its common building stacks, train cards ("use_train"), trading posts and their
rewards, bonus tiles, its setup and its seven score-pad rows.
"""
from __future__ import annotations

from collections import Counter

from games.core.contract import Config, ConfigError, GameInfo, Option
from games.core.rng import Rng
from games.gwt.acts import ActsMixin
from games.gwt.decisions import FAMILY_KINDS, Kind
from games.gwt.rules import GWTFamilyRules

from . import describe as desc
from .elpaso import ElPasoMixin
from .model import DATA_FILES, GWTData, default_data, load
from .state import GWTState, new_player
from .sue import new_sue, sue_turn

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
    bot_levels=("easy", "normal", "hard"), has_automa=True, automa_option="sue_b", hidden_information=True,
    # 2: upgrading the building one stands on and Sue's train cards follow the rulebook
    data_version="2")

CATEGORIES = ["category.gwt.money", "category.gwt.buildings", "category.gwt.posts", "category.gwt.workers",
              "category.gwt.cattle", "category.gwt.bonus", "category.gwt.objectives"]


class GWTRules(ElPasoMixin, GWTFamilyRules):
    INFO = INFO
    STATE_VERSION = 1
    STATE = GWTState
    CATEGORIES = tuple(CATEGORIES)
    AUTOMA_VERB = "sue"
    TIEBREAK = "tiebreak.gwt.leftover_money"
    ANY_TILE = ("objective", "bonus")
    KINDS = {**FAMILY_KINDS, "deliver": Kind("deliver", "options_deliver", {"deliver": (True, "on_deliver")})}
    ACT_OPTIONS = {**ActsMixin.ACT_OPTIONS, "use_train": "opt_use_train"}
    ACT_RUN = {**ActsMixin.ACT_RUN, "use_train": "run_use_train"}
    # random or hidden reveals end undo: draws, reshuffles, a tile refilled from a stack,
    # Sue's card and stock draws
    HIDDEN_EVENT_TYPES = frozenset({"gwt_draw", "gwt_tile_blind", "gwt_reshuffle", "gwt_tile",
                                    "gwt_sue_card", "gwt_sue_reshuffle", "gwt_sue_worker",
                                    "gwt_sue_cattle"})

    def __init__(self, data: GWTData | None = None):
        super().__init__(data)

    def load_data(self) -> GWTData:
        return default_data()

    def validate_data(self) -> list[str]:
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
        self.place_neutrals(st, rng, opts.get("neutral_layout") == "random")
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
            self.deal_player(st, seat)
        st.setup_queue = order
        st.phase = "setup"
        st.pending = [{"k": "objective"}]
        return st

    # ============================================================ El Paso's parts
    # ---- the common building stacks (spec §3) -----------------------------------
    def building_available(self, st: GWTState, seat: int, bt) -> bool:
        return bool(st.stock[str(bt.type)])

    def take_building_tile(self, st: GWTState, seat: int, t: int) -> str:
        return st.stock[str(t)].pop(0)

    def return_building_tile(self, st: GWTState, seat: int, old: dict) -> None:
        st.stock[str(old["type"])].append(old["side"])

    # ---- train cards and trading-post rewards --------------------------------------
    def edition_ref_acts(self, st: GWTState, ref: list) -> tuple:
        d = self.data
        if ref[0] == "train":
            return d.train(ref[1]).sides[st.train_sides[d.train_index(ref[1])]]
        if ref[0] == "post":
            return d.post(ref[1]).reward
        raise ValueError(ref)

    def opt_use_train(self, st, seat, p, a, money):
        d = self.data
        engineer = d.payer("train")
        out = []
        for t in d.trains:
            if money >= t.engineers * d.money_per_worker:
                out += [(t.id, j) for j in self.pay_splits(p, engineer, t.engineers)]
        return out

    def run_use_train(self, st, seat, p, a, args, ev):
        d = self.data
        t = d.train(int(args[0]))
        self.spend_workers(p, d.payer("train"), t.engineers, int(args[1]))
        p["money"] -= t.engineers * d.money_per_worker
        acts = self.ref_acts(st, ["train", t.id])
        st.pending.append({"k": "menu", "ref": ["train", t.id], "left": list(range(len(acts)))})

    # ---- bonus tiles ---------------------------------------------------------------
    def tiles(self, st: GWTState, kind: str):
        return (st.obj_open, st.obj_stack) if kind == "objective" else (st.bonus_open, st.bonus_stack)

    def receive_tile(self, st: GWTState, seat: int, kind: str, tile: str) -> None:
        p = st.players[seat]
        if kind == "objective":
            p["objectives"].append(tile)
        else:
            p["bonuses"].append(tile)
            for a in self.data.bonus(tile).on_gain:
                self.simple(st, p, a)

    def edition_effects(self, p: dict):
        if not p["bonuses"]:
            return ()
        d = self.data
        return [e for e in (d.bonus(bid).effect for bid in p["bonuses"]) if e is not None]

    # ---- Sue ---------------------------------------------------------------------
    def is_automa(self, p: dict) -> bool:
        return p["sue"] is not None

    def automa_turn(self, st: GWTState, seat: int):
        return sue_turn(self, st, seat)

    def randomize_automa(self, p: dict, rng) -> None:
        rng.shuffle(p["sue"]["deck"])
        rng.shuffle(p["sue"]["stock"])

    def randomize_stacks(self, st: GWTState, rng) -> None:
        rng.shuffle(st.obj_stack)
        rng.shuffle(st.bonus_stack)

    # ================================================================ scoring
    def objective_slot(self, kind: str, value):
        if kind == "min_post":
            from games.gwt.objectives import slot_of_kind
            return slot_of_kind("disc", post=lambda x, v=value: x >= v)
        return super().objective_slot(kind, value)

    def score_breakdown(self, st: GWTState, seat: int) -> dict[str, int]:
        d = self.data
        p = st.players[seat]
        cards = p["deck"] + p["hand"] + p["discard"] + p["workers"]
        sue = p["sue"]
        if sue is not None:     # her cattle pile and worker cards; stock cards never score
            cards = sue["cattle"] + sue["workers"]
        cattle = [c for c in cards if not self.is_worker(c)]
        workers = [c for c in cards if self.is_worker(c)]
        buildings = [st.built[n] for n in self.owned(st, seat)]
        discs = [int(v) for v, seats in st.posts.items() for s in seats if s == seat]
        if sue is not None:     # every objective of Sue's counts as fulfilled (spec §10.6)
            obj_vp = sum(d.objective(o).vp for o in p["objectives"])
        else:
            items = ([{"kind": "cattle", "breed": c} for c in cattle]
                     + [{"kind": "worker", "type": w} for w in workers]
                     + [{"kind": "building", "builders": d.btype(b["type"]).builders} for b in buildings]
                     + [{"kind": "disc", "post": v} for v in discs])
            obj_vp = self.objective_vp(p["objectives"], items)
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

    def tiebreak(self, st: GWTState, seat: int) -> tuple:
        return (st.players[seat]["money"] % 5,)

    # ============================================================ information
    def describe_act(self, act, args: tuple) -> tuple[str, dict]:
        own = desc.describe_own_act(self, act, args)
        return own if own is not None else super().describe_act(act, args)

    def describe_verb(self, src, action):
        return desc.describe_own_verb(self, src, action)

    def view_seat(self, st: GWTState, i: int) -> dict:
        p = st.players[i]
        s = p["sue"]
        sue = None
        if s is not None:
            sue = {"row": list(s["row"]), "counts": dict(s["counts"]), "workers": list(s["workers"]),
                   "cattle": list(s["cattle"]), "delivery": s["delivery"], "discard": list(s["discard"]),
                   "deck": len(s["deck"]), "stock": len(s["stock"]), "unused_b": len(s["unused_b"])}
        return {"bonuses": list(p["bonuses"]), "on_simmental": p["on_simmental"], "deliveries": p["deliveries"],
                "sue": sue}

    def view_playmat(self, st: GWTState) -> dict:
        return {"stock": {k: list(v) for k, v in st.stock.items()},
                "bonus_open": list(st.bonus_open), "bonus_stack": len(st.bonus_stack),
                "posts": {k: list(v) for k, v in st.posts.items()}, "train_sides": list(st.train_sides),
                "simmental": st.simmental, "triggered_by": st.triggered_by, "finisher": st.finisher,
                "final": list(st.final)}

    def view_glossary(self) -> dict:
        d = self.data

        def labels(acts) -> list:
            return [self.describe_act(a, ()) for a in acts]

        return {"posts": {str(p.value): labels(p.reward) for p in d.posts},
                "trains": {str(t.id): {side: labels(acts) for side, acts in t.sides.items()} for t in d.trains},
                "bonus_tiles": {b.id: labels(b.on_gain) for b in d.bonus_tiles}}

    def bot(self, level: str):
        from .bots import make_bot
        return make_bot(level)

    # ============================================================ invariants
    def check_edition_invariants(self, st: GWTState) -> None:
        d = self.data
        n = st.n
        cards = Counter()
        for p in st.players:
            cards.update(p["deck"] + p["hand"] + p["discard"] + p["workers"])
            if p["sue"] is not None:
                s = p["sue"]
                cards.update(s["stock"] + s["workers"] + s["cattle"])
                assert p["money"] == 0 and p["tokens"] == 0, "Sue never gains money"
                assert sorted(s["deck"] + s["discard"] + s["unused_b"]) == sorted(c.id for c in d.sue_cards)
                assert sum(s["counts"].values()) == len(s["workers"])
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
        held = [t for p in st.players for t in p["bonuses"]] + st.bonus_stack + [t for t in st.bonus_open if t is not None]
        assert sorted(held) == sorted(t.id for t in d.bonus_tiles), "bonus tiles conserved"
        for bt in d.building_types:
            placed = sum(1 for b in st.built.values() if b["type"] == bt.type)
            assert placed + len(st.stock[str(bt.type)]) == bt.copies
        for s in range(n):
            on_posts = sum(seats.count(s) for seats in st.posts.values())
            assert on_posts == len(st.players[s]["removed"])
            for post in d.posts:
                if not post.repeat:
                    assert st.posts[str(post.value)].count(s) <= 1
        if st.phase == "over":   # the game ends only after the Simmental ran out and someone reached El Paso
            assert st.simmental == 0 and st.finisher is not None and not st.final and not st.pending
            assert [s for s in range(n) if st.players[s]["on_simmental"]] == [st.finisher]
