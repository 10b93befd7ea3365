"""Readable descriptions of Argentina's acts and verbs, for the view's options, the log and
the table's tooltips: (i18n key, args). The railroad and farm parts describe their own
(describe_rail_act / _verb, describe_farm_act / _verb); this module adds the rest and is
asked first by the rules' describe_act / describe_verb. Args that name things use the
translator's names: card (card.<id>), worker (worker.<type>), dock (dock.<id>), quarter,
letter; `node` is a trail node the table names."""
from __future__ import annotations


def describe_act(rules, act, args: tuple):
    name = act.name
    cost = int(act.cost)
    if name == "gain_grain":
        return ("gwta.d.grain_cost" if cost else "gwta.d.grain"), {"n": act.get("amount"), "cost": cost}
    if name == "gain_per":
        what = "money" if act.get("money") is not None else "grain" if act.get("grain") is not None else "certs"
        n = act.get("money") if what == "money" else act.get("grain") if what == "grain" else act.get("certificates")
        return f"gwta.d.per.{what}", {"n": n, "per": act.get("per"), "every": act.get("every") or 1}
    if name == "spend_grain":
        return "gwta.d.spend_grain", {"grain": act.get("grain"), "money": act.get("money") or 0,
                                      "certs": act.get("certificates") or 0, "steps": act.get("steps") or 0}
    if name == "draw_remove":
        return "gwta.d.draw_remove", {"n": act.get("count")}
    if name == "others_take_exhaustion":
        return "gwta.d.others_exhaustion", {"n": act.get("count")}
    if name == "discard_objective_for_certificates":
        if args:
            return "gwta.d.discard_objective", {"card": args[0], "n": act.get("amount")}
        return "gwta.d.discard_objective_any", {"n": act.get("amount")}
    if name == "discard_cattle_for_money":
        if args:
            return "gwta.d.discard_money", {"card": list(args), "n": act.get("money")}
        if act.get("pair"):
            return "gwta.d.discard_pair_money", {"n": act.get("money")}
        if act.get("breed"):
            return "gwta.d.discard_breed_money", {"breed": act.get("breed"), "n": act.get("money")}
        return "gwta.d.discard_any_money", {"n": act.get("money")}
    if name == "remove_exhaustion" and act.get("or_auxiliary"):
        if args and args[0] == "aux":
            return "gwta.d.one_aux", {}
        return "gwta.d.exhaustion_or_aux", {}
    if name == "auxiliary_action":
        return ("gwta.d.aux_double" if act.get("double") else "gwta.d.aux_single"), {"n": act.get("count")}
    if name == "place_building":
        per = rules.building_price(act)
        if args:
            kind, tile, node = args[0], args[1], args[2]
            return f"gwta.d.build.{kind}", {"tile": tile, "node": node, "per": per}
        return "gwta.d.build_any", {"per": per}
    if name == "hire_worker":
        mod = act.get("modifier") or 0
        if args:
            t = rules.data.tokens[args[0]]
            key = "gwta.d.hire_token" + ("_st" if t.stamina else "") + ("_mod" if mod else "")
            return key, {"worker": t.type, "stamina": t.stamina, "mod": mod, "delta": f"{mod:+d}"}
        return ("gwta.d.hire_mod" if mod else "gwta.d.hire"), {"mod": mod, "delta": f"{mod:+d}"}
    if name == "special_delivery":
        if args:
            return "gwta.d.deliver", _delivery_args(rules, args[0], args[1])
        return "gwta.d.special_delivery", {}
    if name == "disc_to_dock":
        return "gwta.d.disc_to_dock", {"dock": act.get("dock")}
    if name in ("income", "load_ship", "foresight"):
        return f"gwta.d.city.{name}", {"letter": act.get("bag") or ""}
    if name == "gain_tile":
        if len(args) >= 2:
            return ("gwta.d.objective_top", {}) if args[1] == "top" else ("gwta.d.objective_open", {
                "n": int(args[1]) + 1})
        return "gwta.d.objective", {}
    return None


def describe_verb(rules, src, action):
    verb, args = action.verb, action.args
    top = src.pending[-1] if src.pending else {}
    k = top.get("k")
    if verb == "play":
        return "gwta.d.play", {"card": args[0]}
    if verb == "token":
        return "gwta.d.token", {"n": int(args[0])}
    if verb == "help" and k == "farmer":
        return "gwta.d.help_here", {}
    if verb == "auxd":
        acts = rules.aux_acts(src.players[action.seat], int(args[0]), True)
        key, a = rules.describe_act(acts[0], args[1:])
        return "gwta.d.auxd", {"aux": int(args[0]), "what": (key, a)}
    if k == "wrapup" and verb == "end":
        return "gwta.d.end_turn", {}
    if k == "trim" and verb == "discard":
        return "gwta.d.trim", {"card": args[0]}
    if k == "ba_delivery":
        if verb == "deliver":
            return "gwta.d.deliver", _delivery_args(rules, args[0], args[1])
        return "gwta.d.ba_skip_delivery", {}
    if k == "ba_income" and verb == "income":
        return "gwta.d.income", {"n": int(args[0])}
    if k == "ba_load":
        if verb == "load":
            return "gwta.d.load", {"ship": args[0], "value": rules.data.ships[args[0]].value, "disc": args[1]}
        return "gwta.d.ba_no_load", {}
    if k == "ba_foresight":
        if verb == "foresight":
            return token_label(rules, src.foresight[top["letter"]][int(args[0])])
        return "gwta.d.foresight_skip", {}
    return None


def token_label(rules, token: str):
    """A bag token in words: a worker (type, stamina icon) or a farmer (colour, hand, need)."""
    t = rules.data.tokens[token]
    if t.kind == "worker":
        return "gwta.d.token_worker", {"worker": t.type, "stamina": t.stamina}
    return "gwta.d.token_farmer", {"farmer": t.type, "hand": t.hand, "need": t.stamina}


def _delivery_args(rules, dock: str, space: str) -> dict:
    """A special delivery named as a player reads the city board: the dock, then the bonus
    space by its quarter and its place in it (1 = the first of the quarter)."""
    d = rules.data
    try:
        city, side, quarter = d.quarter_of(space)
        spaces = next(q.spaces for c in d.cities if c.id == city and c.side == side
                      for q in c.quarters if q.id == quarter)
        n = next(i for i, b in enumerate(spaces, 1) if b.id == space)
    except (KeyError, StopIteration):
        return {"dock": dock, "quarter": "", "n": space}
    return {"dock": dock, "quarter": quarter, "n": n}


# Descriptions the move log leaves out (games/gwt/rules.py log_event): Argentina's own
# events already say what happened (bought, hired, built, the locomotive's move...), or
# the step only opens a choice whose pick is logged.
LOG_QUIET = frozenset({
    "gwta.d.play", "gwta.d.end_turn", "gwta.d.end.station", "gwta.d.end.station_depot",
    "gwta.d.objective", "gwta.d.objective_open", "gwta.d.objective_top",
    "gwta.d.build.place", "gwta.d.build.up", "gwta.d.build_any",
    "gwta.d.buy", "gwta.d.buy_cattle", "gwta.d.buy_end", "gwta.d.hire", "gwta.d.hire_mod",
    "gwta.d.hire_token", "gwta.d.hire_token_st", "gwta.d.hire_token_mod", "gwta.d.hire_token_st_mod",
    "gwta.d.train_space", "gwta.d.train_space_cost", "gwta.d.train_bypass", "gwta.d.train_bypass_cost",
    "gwta.d.back_space", "gwta.d.back_space_cost", "gwta.d.back_bypass", "gwta.d.back_bypass_cost",
    "gwta.d.upgrade", "gwta.d.upgrade_from_station", "gwta.d.master",
    "gwta.d.deliver", "gwta.d.load", "gwta.d.ba_no_load", "gwta.d.token_worker", "gwta.d.token_farmer",
    "gwta.d.foresight_skip", "gwta.d.income", "gwta.d.city.income", "gwta.d.city.load_ship",
    "gwta.d.city.foresight", "gwta.d.reveal_card", "gwta.d.help_done", "gwta.d.invest", "gwta.d.invest_end",
    "gwta.d.market_reveal", "gwta.d.gain_market_card", "gwta.d.free_market_card", "gwta.d.gain_market_breed",
    "gwta.d.discard_money", "gwta.d.remove_card", "gwta.d.discard_for_grain", "gwta.d.discard_for_certs", "gwta.d.discard_for_train",
    "gwta.d.discard_for_any", "gwta.d.others_exhaustion", "gwta.d.aux_single", "gwta.d.aux_double",
    "gwta.d.help", "gwta.d.farmer"})
