"""Readable descriptions of Great Western Trail: El Paso actions, for the table's chooser
and tooltips: describe(rules, view, action) -> (i18n key, args). Pure; works on what
rules.view() gives (the pending decision, the tiles on the trail, the seat's discs), so
the table never parses action texts itself. The keys live in data/gwt_el_paso/i18n/ui.*.

Args that name game things use names the translator resolves: breed (breed.<id>),
worker (worker.<id>), tilekind (tilekind.<kind>), disc (disc.<id>); `node` is a trail
node id the table names itself (the tile lying there).
"""
from __future__ import annotations

from types import SimpleNamespace


def ref_acts(rules, view: dict, ref) -> tuple:
    """The actions of a tile, train card or post reward (rules._ref_acts on a view)."""
    st = SimpleNamespace(neutral_at=view["neutral_at"], built=view["built"],
                         train_sides=view["train_sides"])
    return rules._ref_acts(st, list(ref))


def act_for(rules, view: dict, action):
    """(Act, the action's remaining args) for "do <i> ..." and "aux <n> ...", else None."""
    if action.verb == "do":
        top = view["pending"][-1]
        return ref_acts(rules, view, top["ref"])[int(action.args[0])], action.args[1:]
    if action.verb == "aux":
        p = view["players"][action.seat]
        return rules._aux_acts(p, int(action.args[0]))[0], action.args[1:]
    return None


def describe_act(rules, act, args: tuple) -> tuple[str, dict]:
    d = rules.data
    name = act.name
    cost = int(act.cost)
    if name == "discard_cattle_for_money":
        if args:
            b = args[0]
            money = act.get("money") if act.get("money") is not None else act.get("money_per_bv") * d.breed(b).bv
            return "gwt.d.discard", {"breed": b, "money": money}
        return "gwt.d.discard_any", {}
    if name == "gain_money":
        return "gwt.d.money", {"n": act.get("amount")}
    if name == "gain_certificates":
        return ("gwt.d.certs_cost" if cost else "gwt.d.certs"), {"n": act.get("amount"), "cost": cost}
    if name == "gain_exchange_token":
        return "gwt.d.tokens", {"n": act.get("count")}
    if name == "gain_tile":
        if len(args) >= 2:
            if args[1] == "top":
                return "gwt.d.tile_top", {"tilekind": args[0]}
            return "gwt.d.tile", {"tilekind": args[0], "n": int(args[1]) + 1}
        return "gwt.d.tile_any", {"tilekind": act.get("kind")}
    if name == "exchange":
        return "gwt.d.exchange", {"n": act.get("times")}
    if name == "hire_worker":
        if args:
            w = args[0]
            price = act.get("price") + (d.joker_surcharge if w == "joker" else 0)
            return "gwt.d.hire", {"worker": w, "price": price + cost}
        return "gwt.d.hire_any", {"price": act.get("price")}
    if name == "buy_cattle":
        if args:
            breed, j = args[0], int(args[1])
            need = d.market[breed]
            return ("gwt.d.buy" if not j else "gwt.d.buy_jo" if j == need else "gwt.d.buy_j"), {
                "breed": breed, "price": need * d.money_per_worker + cost, "cowboys": need - j, "jokers": j}
        return "gwt.d.buy_any", {}
    if name == "use_train":
        if args:
            t = d.train(int(args[0]))
            j = int(args[1])
            return ("gwt.d.train" if not j else "gwt.d.train_jo" if j == t.engineers else "gwt.d.train_j"), {
                "n": t.engineers, "price": t.engineers * d.money_per_worker + cost,
                "engineers": t.engineers - j, "jokers": j}
        return "gwt.d.train_any", {}
    if name == "place_building":
        if args:
            kind, t, node, j = args[0], int(args[1]), args[2], int(args[3])
            bt = d.btype(t)
            return ("gwt.d.upgrade" if kind == "up" else "gwt.d.build"), {
                "builders": bt.builders, "node": node, "jokers": j}
        return "gwt.d.build_any", {}
    if name == "move_herder":
        return "gwt.d.move_herder", {"n": act.get("max_steps")}
    if name == "auxiliary_action":
        return "gwt.d.aux_action", {"n": act.get("count")}
    if name == "gain_cattle":
        return "gwt.d.gain_cattle", {"breed": act.get("breed")}
    if name == "remove_cattle":
        if args:
            return "gwt.d.remove", {"breed": args[0], "cost": cost}
        return "gwt.d.remove_any", {"cost": cost}
    if name == "extra_step":
        return "gwt.d.extra_step", {"n": act.get("steps")}
    if name == "gain_simmental":
        return "gwt.d.gain_simmental", {}
    if name == "deliver":
        return "gwt.d.deliver_any", {}
    return "gwt.d.other", {"name": name}


def delivery_cost(rules, view: dict, seat: int, post: int) -> int:
    """Certificates from the track spent to deliver to `post` (0 when the cattle suffice)."""
    p = view["players"][seat]
    if not isinstance(p["hand"], list):  # another seat's hand: only its size is known
        return 0
    return max(0, int(post) - rules.delivery_value(p))


def describe(rules, view: dict, action) -> tuple[str, dict]:
    """The (key, args) that name `action` for the person about to take it."""
    verb, args = action.verb, action.args
    d = rules.data
    found = act_for(rules, view, action) if verb in ("do", "aux") else None
    if found is not None:
        key, a = describe_act(rules, *found)
        if verb == "aux":
            a = dict(a, aux=int(args[0]))
            return "gwt.d.aux", {"aux": int(args[0]), "what": (key, a)}
        return key, a
    if verb in ("move", "start"):
        return f"gwt.d.{verb}", {"node": args[0]}
    if verb == "hire":
        top = view["pending"][-1]
        price = top.get("price", 0) + (d.joker_surcharge if args[0] == "joker" else 0)
        return "gwt.d.hire", {"worker": args[0], "price": price}
    if verb == "discard":
        return "gwt.d.xdiscard", {"breed": args[0]}
    if verb == "deliver":
        if args[0] == "none":
            return "gwt.d.deliver_none", {}
        disc = d.disc(args[1])
        certs = delivery_cost(rules, view, action.seat, int(args[0]))
        key = "gwt.d.deliver_gain" if disc.money > 0 else "gwt.d.deliver_pay" if disc.money < 0 else "gwt.d.deliver"
        return key, {"post": int(args[0]), "disc": args[1], "money": abs(disc.money), "certs": certs}
    if verb == "bonus":
        acts = d.worker(args[0]).bonus
        a = acts[0] if acts else None
        if a is not None and a.name == "extra_step":
            return "gwt.d.bonus_step", {"worker": args[0], "n": a.get("steps")}
        if a is not None and a.name == "gain_money":
            return "gwt.d.bonus_money", {"worker": args[0], "n": a.get("amount")}
        if a is not None and a.name == "gain_certificates":
            return "gwt.d.bonus_cert", {"worker": args[0], "n": a.get("amount"), "cost": int(a.cost)}
        return "gwt.d.bonus", {"worker": args[0]}
    if verb == "objective":
        return "gwt.d.objective", {"n": int(args[0]) + 1}
    if verb in ("use", "end", "token", "again", "sue"):
        top = view["pending"][-1]["k"] if view.get("pending") else ""
        if verb == "end" and top in ("menu", "aux", "hire2", "xagain", "act", "objective"):
            return f"gwt.d.end.{top}", {}
        return f"gwt.d.{verb}", {}
    return "gwt.d.raw", {"text": action.text}
