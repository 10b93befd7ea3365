"""The decision stack (`state.pending`, top = asked now) and its named decision kinds.

Each kind has its prompt (an i18n key), its options (the action tuples legal now) and a
handler per verb; a handler may first take its decision off the stack. At every kind
marked `free` the seat's free actions are legal too (GWT: El Paso spec §4): "bonus <worker>"
(discard it for its bonus; a step bonus only while a move is asked) and "token" (spend an
exchange token). An edition adds kinds (El Paso: deliver, and its automa's turn) by
extending the rules' KINDS. The family's kinds:

  objective  setup: pick one of the open objective tiles ("objective <slot>")
  start      first turn: put the herder on a neutral tile ("start <node>")
  move       "move <node>": a location 1..limit(+bonus steps) ahead; the city stops
  act        at a location: "use" (neutral / own: its actions) or "aux <n> [args]"
  menu       a tile's (card's, reward's) actions: "do <i> [args]" or "end"
  aux        more auxiliary actions (an action's, the two-different ability): "aux ..."/"end"
  hire2      the optional second worker of a "2 different" hire: "hire <kind>" / "end"
  xdiscard   discard 1 card after an exchange draw: "discard <card>"
  xagain     a second exchange: "again" / "end"
When the stack empties in play, the turn ends (draw up, the next seat's turn).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping


@dataclass(frozen=True)
class Kind:
    """A decision kind: options and handlers name rules methods (bound per rules object):
    options(st, seat, top) -> [tuple]; handler(st, seat, top, args, ev)."""
    name: str
    options: str
    handlers: Mapping[str, tuple[bool, str | None]] = field(default_factory=dict)  # verb -> (pop first, method)
    free: bool = True
    prompt: str = ""          # i18n key; "" = the rules' PROMPT prefix + name

    def prompt_key(self, prefix: str) -> str:
        return self.prompt or prefix + self.name


END = (True, None)

FAMILY_KINDS = {k.name: k for k in (
    Kind("objective", "options_objective", {"objective": (False, "on_objective"), "end": END}, free=False),
    Kind("start", "options_start", {"start": (True, "on_move")}),
    Kind("move", "options_move", {"move": (True, "on_move")}),
    Kind("act", "options_act", {"use": (True, "on_use"), "aux": (True, "do_aux"), "end": END}),
    Kind("aux", "options_aux", {"aux": (False, "do_aux"), "end": END}),
    Kind("menu", "options_menu", {"do": (False, "on_do"), "end": END}),
    Kind("hire2", "options_hire2", {"hire": (True, "on_hire2"), "end": END}),
    Kind("xdiscard", "options_xdiscard", {"discard": (True, "on_xdiscard")}, free=False),
    Kind("xagain", "options_xagain", {"again": (True, "on_again"), "end": END}),
)}


class BoundKind:
    __slots__ = ("name", "options", "handlers", "free", "prompt")

    def __init__(self, rules, kind: Kind):
        self.name = kind.name
        self.options = getattr(rules, kind.options)
        self.handlers = {v: (pop, getattr(rules, m) if m else None) for v, (pop, m) in kind.handlers.items()}
        self.free = kind.free
        self.prompt = kind.prompt_key(rules.PROMPT)


class DecisionsMixin:
    """Options and handlers of the family's decision kinds."""
    KINDS = FAMILY_KINDS
    PROMPT = "prompt.gwt."

    def _bind_kinds(self) -> None:
        self._kinds = {name: BoundKind(self, k) for name, k in self.KINDS.items()}

    # ---- options -----------------------------------------------------------------
    def options_objective(self, st, seat, top):
        return [("objective", i) for i, t in enumerate(st.obj_open) if t is not None] or [("end",)]

    def options_start(self, st, seat, top):
        return [("start", node) for node in self.data.neutral_spaces]

    def options_move(self, st, seat, top):
        dests = self.destinations(st, seat, top["max"] + top["extra"])
        return [("move", node) for node in sorted(dests, key=self.data.node_index)]

    def options_act(self, st, seat, top):
        out = [("use",)] if top["tile"] else []
        out += self.aux_options(st, seat, [])
        return out or [("end",)]

    def options_aux(self, st, seat, top):
        return self.aux_options(st, seat, top["used"]) + [("end",)]

    def options_menu(self, st, seat, top):
        acts = self.ref_acts(st, top["ref"])
        out = []
        for i in top["left"]:
            out += [("do", i, *args) for args in self.act_options(st, seat, acts[i])]
        out.append(("end",))
        return out

    def options_hire2(self, st, seat, top):
        p = st.players[seat]
        out = []
        for w in self.hire_types("any"):
            if w == top["first"] or st.supply.get(w, 0) <= 0:
                continue
            if p["money"] >= self.hire_price(w, top["price"]):
                out.append(("hire", w))
        out.append(("end",))
        return out

    def options_xdiscard(self, st, seat, top):
        return [("discard", b) for b in sorted(set(st.players[seat]["hand"]))]

    def options_xagain(self, st, seat, top):
        p = st.players[seat]
        return ([("again",)] if p["deck"] or p["discard"] else []) + [("end",)]

    def free_options(self, st, seat, top) -> list[tuple]:
        p = st.players[seat]
        out = []
        for w in sorted(set(p["workers"])):
            if self.bonus_ok(st, p, w):
                out.append(("bonus", w))
        if p["tokens"] > 0 and (p["deck"] or p["discard"]):
            out.append(("token",))
        return out

    # ---- handlers ----------------------------------------------------------------
    def on_objective(self, st, seat, top, args, ev):
        self.take_tile(st, seat, "objective", args[0], ev)
        st.setup_queue.pop(0)
        if not st.setup_queue:
            st.phase = "play"
            self.begin_turn(st, st.first)

    def on_move(self, st, seat, top, args, ev):
        st.players[seat]["node"] = args[0]
        self.pay_fees(st, seat, top, args[0], ev)
        self.arrive(st, seat, ev)

    def on_use(self, st, seat, top, args, ev):
        ref = top.get("ref", ["node", top["node"]])
        st.pending.append({"k": "menu", "ref": ref, "left": list(range(len(self.ref_acts(st, ref))))})

    def on_do(self, st, seat, top, args, ev):
        i = int(args[0])
        top["left"].remove(i)
        if not top["left"]:
            st.pending.pop()
        act = self.ref_acts(st, top["ref"])[i]
        if act.name == "move_herder" and st.pending and st.pending[-1] is top:
            st.pending.pop()     # leaving the tile forfeits its remaining actions
        self.run(st, seat, act, args[1:], ev)

    def on_hire2(self, st, seat, top, args, ev):
        self.hire(st, st.players[seat], args[0], top["price"])

    def on_xdiscard(self, st, seat, top, args, ev):
        self.discard_from_hand(st.players[seat], args[0])
        if top.get("more", 0) > 0:
            st.pending.append({"k": "xagain", "more": top["more"]})

    def on_again(self, st, seat, top, args, ev):
        self.exchange_draw(st, seat, ev, more=top["more"] - 1)

    def on_bonus(self, st, seat, top, args, ev):
        self.worker_bonus(st, st.players[seat], top, args[0])

    def on_token(self, st, seat, top, args, ev):
        st.players[seat]["tokens"] -= 1
        self.exchange_draw(st, seat, ev, more=0)
