"""The Great Western Trail family rules: `GWTFamilyRules`, the base of every edition's rules.

What every edition shares lives in the mixins (deck, workers, player board, auxiliary
actions, buildings, the action vocabulary, the decision kinds) and here: the turn (move,
act at the location, draw up), the legality of actions, the objective scoring, the view,
hidden information, saving. An edition subclasses it and supplies its data and its own
parts through these hooks:

  INFO, CATEGORIES, STATE        game info, score-pad rows, the state class (GWTStateBase's)
  load_data()                    its data (a games.gwt.model.FamilyData subclass, read with
                                 games.gwt.model's loaders from data/<edition>/)
  setup(config)                  its setup (deal_player deals a seat's start)
  city_visit(st, seat, ev)       arriving at the trail's end (El Paso: Simmental, delivery)
  game_ending(st)                the end is triggered: st.final take their last turns, then over
  score_breakdown(st, seat)      its score rows ({category key: VP}; objective_vp helps)
  tiebreak(st, seat), TIEBREAK   the tie-break after VP and its i18n key
  building_available, take_building_tile, return_building_tile   where building tiles
                                 come from and go to (El Paso: the common stacks)
  edition_ref_acts(st, ref)      actions of its other decision refs (El Paso: trains, posts)
  tiles(st, kind), receive_tile, ANY_TILE   its tile kinds beyond objectives
  edition_effects(p)             abilities from elsewhere than the player board's discs
  objective_slot(kind, value)    its objective requirement kinds beyond the family's
  is_automa, automa_turn, AUTOMA_VERB, randomize_automa   its automa (one action a turn)
  randomize_stacks(st, rng)      its face-down stacks, for randomize_hidden
  KINDS, ACT_OPTIONS, ACT_RUN    its decision kinds and acts (PROMPT: the prompt key prefix)
  describe_act, describe_verb    descriptions of its own acts and verbs
  view_seat, view_playmat, view_delivery, view_glossary   its fields in the view
  cert_limit(p), hand_limit(p), step_limit(p)   the tracks' limits (El Paso: data values
                                 and the abilities of discs and bonus tiles)
  fee_at(st, seat), pay_fees     fees (hands) on the trail (none in El Paso)
  trail_succ(st, seat)           the edges open to a seat (shortcuts)
  check_edition_invariants(st)   its conservation rules
"""
from __future__ import annotations

from functools import cached_property

from games.core.action import Action
from games.core.contract import Result, Rules, rank_by
from games.core.errors import SaveError
from games.core.events import Event
from games.core.rng import Rng

from . import describe as desc
from . import objectives as objmod
from .acts import ActsMixin
from .auxiliary import AuxMixin
from .board import PlayerBoardMixin
from .buildings import BuildingsMixin
from .decisions import DecisionsMixin, Kind
from .deck import DeckMixin
from .trail import destinations
from .view import act_json, jsonable, public_view
from .workers import WorkersMixin


class GWTFamilyRules(DecisionsMixin, ActsMixin, AuxMixin, BuildingsMixin, PlayerBoardMixin, WorkersMixin,
                     DeckMixin, Rules):
    CATEGORIES: tuple[str, ...] = ()
    STATE = None                  # the edition's state class (a GWTStateBase subclass)
    AUTOMA_VERB = "automa"        # the verb of the automa's whole turn
    TIEBREAK = "none"             # i18n key of the tie-break after VP
    FREE = {"bonus": "on_bonus", "token": "on_token"}
    # Descriptions the log leaves out: the event the action makes already says it (arrive,
    # tile, built, delivered), or the step only moves the turn on (use, end, the automa).
    LOG_QUIET = frozenset({
        "gwt.d.move", "gwt.d.start", "gwt.d.use", "gwt.d.end", "gwt.d.end.menu", "gwt.d.end.aux",
        "gwt.d.end.hire2", "gwt.d.end.xagain", "gwt.d.end.act", "gwt.d.end.objective", "gwt.d.objective",
        "gwt.d.tile", "gwt.d.tile_top", "gwt.d.tile_any", "gwt.d.build", "gwt.d.upgrade", "gwt.d.build_any",
        "gwt.d.deliver", "gwt.d.deliver_gain", "gwt.d.deliver_pay", "gwt.d.deliver_any", "gwt.d.other",
        "gwt.d.raw", "gwt.d.sue", "gwt.d.pedro"})
    # verbs whose every description is quiet: left out before describing (bots apply many)
    LOG_QUIET_VERBS = frozenset({"move", "start", "use", "end", "objective", "play"})

    def __init__(self, data=None):
        self._data = data
        kinds = dict(self.KINDS)
        if self.AUTOMA_VERB not in kinds:
            kinds[self.AUTOMA_VERB] = Kind(self.AUTOMA_VERB, "options_automa",
                                           {self.AUTOMA_VERB: (True, "on_automa")}, free=False)
        self.KINDS = kinds
        self._bind_kinds()
        self._bind_acts()
        self._free = {v: getattr(self, m) for v, m in self.FREE.items()}

    @property
    def data(self):
        if self._data is None:
            self._data = self.load_data()
        return self._data

    def load_data(self):
        raise NotImplementedError

    @cached_property
    def _worker_set(self) -> frozenset[str]:
        return self.data.worker_set

    @cached_property
    def _wild(self) -> str | None:
        return self.data.wild

    @cached_property
    def _node_kind(self) -> dict[str, str]:
        return {n: x.kind for n, x in self.data.nodes.items()}

    # ================================================================ questions
    def to_act(self, st) -> list[int]:
        if st.phase == "over":
            return []
        if st.phase == "setup":
            return [st.setup_queue[0]]
        return [st.current]

    def is_over(self, st) -> bool:
        return st.phase == "over"

    def prompt(self, st) -> tuple[str, dict]:
        if st.phase == "over":
            return self.PROMPT + "over", {}
        top = st.pending[-1]
        return self._kinds[top["k"]].prompt, {"seat": self.to_act(st)[0]}

    # ============================================================ legal actions
    def legal_actions(self, st, seat: int | None = None) -> list[Action]:
        if st.phase == "over":
            return []
        actor = self.to_act(st)[0]
        if seat is not None and seat != actor:
            return []
        return [Action(actor, verb, tuple(map(str, args)))
                for verb, *args in self._options(st, actor)]

    def is_legal(self, st, action: Action) -> bool:
        if st.phase == "over" or action.seat != self.to_act(st)[0]:
            return False
        verb, args = action.verb, action.args
        top = st.pending[-1]
        if verb == "move" and top["k"] == "move" and len(args) == 1:  # no need to sort them
            return args[0] in self.destinations(st, action.seat, top["max"] + top["extra"])
        n = len(args) + 1
        for o in self._options(st, action.seat):  # compared field by field, text to text
            if len(o) == n and o[0] == verb and all(str(x) == y for x, y in zip(o[1:], args, strict=True)):
                return True
        return False

    def _options(self, st, seat: int) -> list[tuple]:
        top = st.pending[-1]
        kind = self._kinds[top["k"]]
        out = kind.options(st, seat, top)
        if kind.free:
            out += self.free_options(st, seat, top)
        return out

    def options_automa(self, st, seat, top):
        return [(self.AUTOMA_VERB,)]

    # ================================================================ perform
    def perform(self, st, action: Action) -> list[Event]:
        ev: list[Event] = [Event("gwt_action", {"seat": action.seat, "text": action.text})]
        said = self.log_event(st, action)
        if said is not None:
            ev.append(said)
        seat, verb, args = action.seat, action.verb, action.args
        top = st.pending[-1]
        free = self._free.get(verb)
        if free is not None:
            free(st, seat, top, args, ev)
            return ev
        pop, handler = self._kinds[top["k"]].handlers[verb]
        if pop:
            st.pending.pop()
        if handler is not None:
            handler(st, seat, top, args, ev)
        if not st.pending and st.phase == "play":
            self.end_turn(st, ev)
        return ev

    def log_event(self, st, action: Action) -> Event | None:
        """The action in words for the move log ("gwt_did.<description key>", the
        description's args), said before its effects; None when LOG_QUIET leaves it out."""
        if action.verb in self.LOG_QUIET_VERBS or action.verb == self.AUTOMA_VERB:
            return None
        key, args = self.describe_action(st, action)
        if "what" in args and isinstance(args["what"], tuple):  # an auxiliary action: the act itself
            key, args = args["what"]
        if key in self.LOG_QUIET:
            return None
        return Event(f"gwt_did.{key}", {k: v for k, v in args.items() if k != "aux"} | {"seat": action.seat})

    def on_automa(self, st, seat, top, args, ev):
        ev += self.automa_turn(st, seat)
        st.pending = []

    # ---- turn flow --------------------------------------------------------
    def begin_turn(self, st, seat: int) -> None:
        st.current = seat
        p = st.players[seat]
        if self.is_automa(p):
            st.pending = [{"k": self.AUTOMA_VERB}]
        elif p["node"] is None:
            st.pending = [{"k": "start"}]
        else:
            st.pending = [{"k": "move", "max": self.step_limit(p), "extra": 0}]

    def destinations(self, st, seat: int, limit: int) -> dict:
        """Where `seat`'s herder may move now: node -> Destination (steps, path, fee)."""
        d = self.data
        return destinations(self.trail_succ(st, seat), st.players[seat]["node"], limit,
                            lambda x: self.is_location(st, x), d.city, self.fee_at(st, seat))

    def trail_succ(self, st, seat: int) -> dict:
        """The trail's edges open to `seat` now (Argentina's shortcuts open with the
        seat's locomotive); El Paso: the printed trail."""
        return self.data.succ

    def fee_at(self, st, seat: int):
        """A function node -> the fee `seat` pays passing or entering it, or None (no fees)."""
        return None

    def pay_fees(self, st, seat: int, top: dict, node: str, ev: list[Event]) -> None:
        """Pay the fees of the move just made to `node` (none in El Paso)."""

    def arrive(self, st, seat: int, ev: list[Event]) -> None:
        p = st.players[seat]
        node = p["node"]
        ev.append(Event("gwt_arrive", {"seat": seat, "node": node}))
        if node == self.data.city:
            self.city_visit(st, seat, ev)
            return
        own = node in st.neutral_at or st.built[node]["owner"] == seat
        st.pending.append({"k": "act", "node": node, "tile": own})

    def city_visit(self, st, seat: int, ev: list[Event]) -> None:
        raise NotImplementedError

    def game_ending(self, st) -> bool:
        """Whether the end is triggered: the seats in st.final take their last turns."""
        raise NotImplementedError

    def end_turn(self, st, ev: list[Event]) -> None:
        seat = st.current
        self.draw_to_limit(st, st.players[seat], ev, seat)
        st.turn += 1
        if self.game_ending(st):
            if not st.final:
                st.phase = "over"
                st.pending = []
                ev.append(Event("gwt_game_over", {}))
                return
            self.begin_turn(st, st.final.pop(0))
        else:
            self.begin_turn(st, (seat + 1) % st.n)

    def deal_player(self, st, seat: int) -> None:
        """A seat's starting workers, its shuffled starting herd and its first hand."""
        d = self.data
        p = st.players[seat]
        for w in d.starting_workers:
            st.supply[w] -= 1
            p["workers"].append(w)
        p["deck"] = [b.id for b in d.starting_breeds() for _ in range(b.count)]
        st.rng.shuffle(p["deck"])
        self.draw_to_limit(st, p, [])

    # ---- tiles ----------------------------------------------------------------
    def tiles(self, st, kind: str):
        """(open tiles, stack) of a tile kind."""
        if kind == "objective":
            return st.obj_open, st.obj_stack
        raise ValueError(kind)

    def take_tile(self, st, seat: int, kind: str, slot, ev: list[Event]) -> None:
        opened, stack = self.tiles(st, kind)
        if slot == "top":
            tile = stack.pop()
            ev.append(Event("gwt_tile_blind", {"seat": seat, "tile": tile}))
        else:
            i = int(slot)
            tile = opened[i]
            opened[i] = stack.pop() if stack else None
            ev.append(Event("gwt_tile", {"seat": seat, "tile": tile, "refill": opened[i]}))
        self.receive_tile(st, seat, kind, tile)

    def receive_tile(self, st, seat: int, kind: str, tile: str) -> None:
        st.players[seat]["objectives"].append(tile)

    # ================================================================ scoring
    def objective_slot(self, kind: str, value):
        slot = objmod.family_slot(kind, value)
        if slot is None:
            raise ValueError(kind)
        return slot

    def objective(self, o) -> objmod.Objective:
        return objmod.Objective(o.id, o.vp, tuple(self.objective_slot(k, v) for k, v in o.requires))

    def objective_vp(self, objective_ids, items) -> int:
        """VP of the best valid subset of these objectives, each item counting once."""
        d = self.data
        return objmod.best_assignment([self.objective(d.objective(o)) for o in objective_ids], items)[0]

    def score_breakdown(self, st, seat: int) -> dict[str, int]:
        raise NotImplementedError

    def tiebreak(self, st, seat: int) -> tuple:
        return ()

    def result(self, st) -> Result:
        bd = [self.score_breakdown(st, s) for s in range(st.n)]
        scores = [sum(b.values()) for b in bd]
        keys = [(scores[s], *self.tiebreak(st, s)) for s in range(st.n)]
        ranks = rank_by(keys)
        top = max(scores)
        tied = [s for s in range(st.n) if scores[s] == top]
        return Result(list(self.CATEGORIES), bd, scores, ranks, [s for s in range(st.n) if ranks[s] == 1],
                      self.TIEBREAK if len(tied) > 1 else "none")

    # ============================================================ information
    def view(self, st, seat: int | None) -> dict:
        return public_view(self, st, seat)

    def is_automa(self, p: dict) -> bool:
        return False

    def automa_turn(self, st, seat: int) -> list[Event]:
        raise NotImplementedError

    def act_of(self, st, action: Action):
        """(Act, its remaining args) of a "do <i> ..." or "aux <n> ..." action, else None."""
        return desc.act_for(self, st, action)

    def describe_action(self, st, action: Action) -> tuple[str, dict]:
        return desc.describe(self, st, action)

    def describe_act(self, act, args: tuple) -> tuple[str, dict]:
        return desc.describe_act(self, act, args)

    def describe_verb(self, src, action: Action):
        """(key, args) of an edition's own verb, or None."""
        return None

    def view_decision(self, st, actor: int, top: dict) -> dict:
        """The decision's context in the view: reachable locations for a move, the
        location's (card's, reward's) actions for act and menu."""
        d = self.data
        k = top["k"]
        if k == "move":
            dests = self.destinations(st, actor, top["max"] + top["extra"])
            return {"reachable": [{"node": n, "steps": dests[n].steps, "fee": dests[n].fee,
                                   "path": list(dests[n].path)} for n in sorted(dests, key=d.node_index)]}
        if k in ("act", "menu"):
            ref = top.get("ref", ["node", top.get("node")])
            out = {"actions": [act_json(a) for a in self.ref_acts(st, ref)], "source": jsonable(ref)}
            if k == "menu":
                out["left"] = list(top["left"])
            return out
        return {}

    def view_seat(self, st, i: int) -> dict:
        return {}

    def view_playmat(self, st) -> dict:
        return {}

    def view_delivery(self, st, seat: int):
        return None

    def view_glossary(self) -> dict:
        """The edition's part of the view's glossary (labels of its own things' acts)."""
        return {}

    def randomize_hidden(self, st, observer: int, rng):
        alt = st.clone()
        for i, p in enumerate(alt.players):
            if self.is_automa(p):
                self.randomize_automa(p, rng)
                continue
            if i == observer:
                rng.shuffle(p["deck"])
                continue
            pool = p["hand"] + p["deck"]
            rng.shuffle(pool)
            cattle = [c for c in pool if not self.is_worker(c)]
            hand = cattle[:len(p["hand"])]
            rest = list(pool)
            for c in hand:
                rest.remove(c)
            p["hand"], p["deck"] = hand, rest
        self.randomize_stacks(alt, rng)
        alt.rng = Rng(rng.next_u64())
        return alt

    def randomize_automa(self, p: dict, rng) -> None:
        raise NotImplementedError

    def randomize_stacks(self, st, rng) -> None:
        rng.shuffle(st.obj_stack)

    # ============================================================ persistence
    def clone(self, st):
        return st.clone()      # (the state's own deep copy: no JSON round trip)

    def to_json(self, st) -> dict:
        return {"version": self.STATE_VERSION, "state": st.to_json()}

    def from_json(self, data: dict):
        if not isinstance(data, dict) or data.get("version") != self.STATE_VERSION:
            raise SaveError(f"not a {self.INFO.id} state of this version")
        try:
            return self.STATE.from_json(data["state"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"damaged {self.INFO.id} state ({e})") from None

    # ============================================================ invariants
    def check_invariants(self, st) -> None:
        d = self.data
        for p in st.players:
            assert p["money"] >= 0, "money never negative"
            assert p["tokens"] >= 0 and 0 <= p["certs"] <= self.cert_limit(p)
            assert all(not self.is_worker(c) for c in p["hand"]), "the hand holds no worker"
            assert all(self.is_worker(c) for c in p["workers"])
            assert len(p["discs"]) + len(p["removed"]) == d.discs_per_player
            assert len(set(p["removed"])) == len(p["removed"]), "a disc space is uncovered once"
        opened, stack = self.tiles(st, "objective")
        held = [t for p in st.players for t in p["objectives"]] + stack + [t for t in opened if t is not None]
        assert sorted(held) == sorted(t.id for t in d.objectives), "objective tiles conserved"
        for s in range(st.n):
            assert len(self.owned(st, s)) <= d.ownership_markers
        if st.phase != "over":
            assert self.legal_actions(st), "every decision point has a legal action"
        self.check_edition_invariants(st)

    def check_edition_invariants(self, st) -> None:
        pass
