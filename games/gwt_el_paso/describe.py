"""Readable descriptions of Great Western Trail: El Paso actions: the family's
(games/gwt/describe.py) plus El Paso's own acts (use a train card, the Simmental, the
delivery) and verbs (deliver).
"""
from __future__ import annotations


def describe_own_act(rules, act, args: tuple):
    """(key, args) of an act only El Paso has, else None."""
    d = rules.data
    name = act.name
    cost = int(act.cost)
    if name == "use_train":
        if args:
            t = d.train(int(args[0]))
            j = int(args[1])
            return ("gwt.d.train" if not j else "gwt.d.train_jo" if j == t.engineers else "gwt.d.train_j"), {
                "n": t.engineers, "price": t.engineers * d.money_per_worker + cost,
                "engineers": t.engineers - j, "jokers": j}
        return "gwt.d.train_any", {}
    if name == "gain_simmental":
        return "gwt.d.gain_simmental", {}
    if name == "deliver":
        return "gwt.d.deliver_any", {}
    return None


def describe_own_verb(rules, src, action):
    if action.verb != "deliver":
        return None
    args = action.args
    if args[0] == "none":
        return "gwt.d.deliver_none", {}
    disc = rules.data.disc(args[1])
    certs = _delivery_cost(rules, src.players[action.seat], int(args[0]))
    key = "gwt.d.deliver_gain" if disc.money > 0 else "gwt.d.deliver_pay" if disc.money < 0 else "gwt.d.deliver"
    return key, {"post": int(args[0]), "disc": args[1], "money": abs(disc.money), "certs": certs}


def _delivery_cost(rules, p: dict, post: int) -> int:
    if not isinstance(p["hand"], list):  # another seat's hand: only its size is known
        return 0
    return max(0, int(post) - rules.delivery_value(p))


def describe_act(rules, act, args: tuple) -> tuple[str, dict]:
    return rules.describe_act(act, args)
