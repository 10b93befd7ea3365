"""The score pad of Great Western Trail: Argentina (spec §3.13): twelve rows, objective cards
with their penalties, the station masters' personal tasks."""
from __future__ import annotations

from games.gwt import objectives as objmod

CATEGORIES = tuple(f"category.gwta.{k}" for k in (
    "money", "buildings", "ships", "cities", "stations", "farmers", "cattle", "objectives", "masters",
    "workers", "step_disc", "jm_token"))


def deck_cards(p: dict) -> list[str]:
    return p["deck"] + p["hand"] + p["discard"]


def items_of(rules, st, seat: int) -> list[dict]:
    """What objective tasks are met with (each item once): buildings, herd cards, farmers
    beside the board, discs in city quarters, on stations (31 once per disc), on ships."""
    d = rules.data
    p = st.players[seat]
    out = [{"kind": "building"} for _ in rules.owned(st, seat)]
    out += [{"kind": "card", "card": c} for c in deck_cards(p) if c in d.cards]
    out += [{"kind": "farmer", "colour": d.tokens[t].type} for t in p["farmers"]]
    out += [{"kind": "quarter", "quarter": d.quarter_of(b)[2]} for b, s in st.bonus.items() if s == seat]
    out += [{"kind": "station"} for seats in st.stations.values() for s in seats if s == seat]
    out += [{"kind": "ship", "ship": sh} for sh, seats in st.ship_discs.items() for s in seats if s == seat]
    return out


COUNTED = ("building", "bv3", "station", "ship18")   # "kind: n" asks n items


def task_slots(d, requires) -> tuple:
    """The slots of an objective card's tasks (objectives.yaml `requires`)."""
    slot = objmod.slot_of_kind
    out = []
    for kind, value in requires:
        if kind == "building":
            s = slot("building")
        elif kind == "bv3":
            s = slot("card", card=lambda c: d.is_cattle(c) and d.cards[c].bv == 3)
        elif kind == "breed":
            s = slot("card", card=lambda c, g=value: d.breed_of(c) == g)
        elif kind == "farmer":
            s = slot("farmer", colour=value)
        elif kind == "quarter":
            s = slot("quarter", quarter=value)
        elif kind == "station":
            s = slot("station")
        elif kind == "ship18":
            s = slot("ship", ship=lambda x: d.ships[x].value == 18)
        else:
            raise ValueError(kind)
        out += [s] * (int(value) if kind in COUNTED else 1)
    return tuple(out)


def objective_vp(rules, st, seat: int) -> int:
    """Cards in the personal area score +VP when met, their penalty when not; cards still
    in the herd deck are added only where that helps (§3.13 row 8). Each item meets one
    task. Scored as the best matchable subset with weights VP + penalty (area) or VP
    (deck), less every area card's penalty."""
    d = rules.data
    p = st.players[seat]
    area = list(p["objectives"])
    loose = [c for c in deck_cards(p) if rules.is_objective(c)]
    objs = []
    for c in area + loose:
        o = d.objective_card(c)
        weight = o.vp + (o.penalty if c in area else 0)
        objs.append(objmod.Objective(c, weight, task_slots(d, o.requires)))
    best = objmod.best_assignment(objs, items_of(rules, st, seat))[0]
    return best - sum(d.objective_card(c).penalty for c in area)


def master_vp(rules, st, seat: int) -> int:
    d = rules.data
    p = st.players[seat]
    total = 0
    for m in p["masters"]:
        tile = d.master(m)
        total += tile.task_vp * (master_count(rules, st, seat, tile.task) // tile.task_per)
    return total


def master_count(rules, st, seat: int, task: str) -> int:
    """How many times a station master's task is met (spec §3.13's table)."""
    d = rules.data
    p = st.players[seat]
    if task == "ships":
        return sum(seats.count(seat) for sh, seats in st.ship_discs.items() if sh in st.ships)
    if task == "stations":
        return sum(1 for seats in st.stations.values() if seat in seats)
    if task == "objectives":
        return len(p["objectives"])
    if task == "stamina_workers":
        return rules.stamina_worker_count(p)
    if task == "worker_sets":
        return rules.worker_sets(p)
    if task == "farmers":
        return len(p["farmers"])
    if task == "bv345":
        return sum(1 for c in deck_cards(p) if c in d.cards and d.cards[c].bv in (3, 4, 5))
    if task == "buildings":
        return len(rules.owned(st, seat))
    raise ValueError(task)


def breakdown(rules, st, seat: int) -> dict[str, int]:
    d = rules.data
    p = st.players[seat]
    c = CATEGORIES
    ships = sum(d.ships[sh].vp * seats.count(seat) for sh, seats in st.ship_discs.items() if sh in st.ships)
    cities = (sum(d.bonus(b).vp for b, s in st.bonus.items() if s == seat)
              + sum(d.dock(k).vp * seats.count(seat) for k, seats in st.docks.items()))
    cattle = sum(d.cards[x].vp for x in deck_cards(p) if x in d.cards)
    return {
        c[0]: p["money"] // d.pesos_per_vp,
        c[1]: sum(d.btype(b["type"]).sides[b["side"]][1] for b in st.built.values() if b["owner"] == seat),
        c[2]: ships,
        c[3]: cities,
        c[4]: rules.station_vp(st, seat),
        c[5]: d.farmer_vp * len(p["farmers"]),
        c[6]: cattle,
        c[7]: objective_vp(rules, st, seat),
        c[8]: master_vp(rules, st, seat),
        c[9]: rules.workers_vp(p),
        c[10]: rules.disc_vp(p),
        c[11]: d.job_market.token_vp if st.jm_holder == seat else 0,
    }
