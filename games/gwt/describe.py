"""Readable descriptions of GWT actions, for the view's decision options, the table's
tooltips and the log: (i18n key, args). Pure; works on any state-like `src` with the
fields the rules read (pending, players, neutral_at, built and the edition's, e.g. El
Paso's train_sides): the game state itself, or a view's legacy fields.

Args that name game things use names the translator resolves: breed (breed.<id>),
worker (worker.<id>), tilekind (tilekind.<kind>), disc (disc.<id>); `node` is a trail
node id the table names itself (the tile lying there). An edition describes its own acts
and verbs by overriding `describe_act` / `describe_verb` on its rules.
"""
from __future__ import annotations


def act_for(rules, src, action):
    """(Act, the action's remaining args) for "do <i> ..." and "aux <n> ...", else None."""
    if action.verb == "do":
        top = src.pending[-1]
        return rules.ref_acts(src, top["ref"])[int(action.args[0])], action.args[1:]
    if action.verb == "aux":
        p = src.players[action.seat]
        return rules.aux_acts(p, int(action.args[0]))[0], action.args[1:]
    return None


def describe_act(rules, act, args: tuple) -> tuple[str, dict]:
    """The family's acts; an unknown one as gwt.d.other."""
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
            return "gwt.d.hire", {"worker": w, "price": rules.hire_price(w, act.get("price")) + cost}
        return "gwt.d.hire_any", {"price": act.get("price")}
    if name == "buy_cattle":
        if args:
            breed, j = args[0], int(args[1])
            need = d.market[breed]
            return ("gwt.d.buy" if not j else "gwt.d.buy_jo" if j == need else "gwt.d.buy_j"), {
                "breed": breed, "price": need * d.money_per_worker + cost, "cowboys": need - j, "jokers": j}
        return "gwt.d.buy_any", {}
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
    return "gwt.d.other", {"name": name}


def describe(rules, src, action) -> tuple[str, dict]:
    """The (key, args) that name `action` for the person about to take it."""
    verb, args = action.verb, action.args
    d = rules.data
    found = act_for(rules, src, action) if verb in ("do", "aux") else None
    if found is not None:
        key, a = rules.describe_act(*found)
        if verb == "aux":
            a = dict(a, aux=int(args[0]))
            return "gwt.d.aux", {"aux": int(args[0]), "what": (key, a)}
        return key, a
    own = rules.describe_verb(src, action)
    if own is not None:
        return own
    if verb in ("move", "start"):
        return f"gwt.d.{verb}", {"node": args[0]}
    if verb == "hire":
        top = src.pending[-1]
        return "gwt.d.hire", {"worker": args[0], "price": rules.hire_price(args[0], top.get("price", 0))}
    if verb == "discard":
        return "gwt.d.xdiscard", {"breed": args[0]}
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
    if verb in ("use", "end", "token", "again", rules.AUTOMA_VERB):
        top = src.pending[-1]["k"] if src.pending else ""
        if verb == "end" and top in ("menu", "aux", "hire2", "xagain", "act", "objective"):
            return f"gwt.d.end.{top}", {}
        return f"gwt.d.{verb}", {}
    return "gwt.d.raw", {"text": action.text}
