"""Sue, the solo automa (spec gwt_el_paso.md §10, §12.5-§12.12).

Sue's whole turn is one action ("sue"): draw her top card, move by her worker count of
its type along the shortest way (ties: the branch nearer the centre), carry out its
action, then at El Paso deliver. Each step is an event so the table can replay it.
Her zones live in her player dict under "sue".
"""
from __future__ import annotations

from games.core.events import Event
from games.gwt.trail import edges_ahead, path_length


def new_sue(rng, data, b_cards: int) -> dict:
    a = [c.id for c in data.sue_cards if c.set == "A"]
    b = [c.id for c in data.sue_cards if c.set == "B"]
    rng.shuffle(b)
    deck = a + b[:b_cards]
    rng.shuffle(deck)
    stock = [card for card, count in data.sue_stock for _ in range(count)]
    rng.shuffle(stock)
    row = list(data.sue_strategy)
    rng.shuffle(row)
    return {"deck": deck, "discard": [], "stock": stock, "row": row,
            "counts": {w: 1 for w in row},          # the strategy row: one of each
            "workers": list(row),                    # her worker cards (VP), jokers as jokers
            "cattle": [], "delivery": 0, "unused_b": b[b_cards:]}


def is_sue(p: dict) -> bool:
    return p.get("sue") is not None


def sue_turn(rules, st, seat: int) -> list[Event]:
    d = rules.data
    p = st.players[seat]
    s = p["sue"]
    ev: list[Event] = []
    if not s["deck"]:
        s["deck"], s["discard"] = s["discard"], []
        st.rng.shuffle(s["deck"])
        ev.append(Event("gwt_sue_reshuffle", {"seat": seat}))
    cid = s["deck"].pop()
    card = d.sue_card(cid)
    ev.append(Event("gwt_sue_card", {"seat": seat, "card": cid}))
    path = sue_path(rules, st, p["node"], s["counts"][card.move])
    if path:
        p["node"] = path[-1]
    # where she goes, for the log: the node she stops on and the steps taken
    ev.append(Event("gwt_sue_move", {"seat": seat, "path": path, "node": p["node"], "steps": len(path)}))
    action = card.action
    if action == "choice":
        action = choose_of_three(rules, st, s)
    if action == "draw":
        for _ in range(card.draw):
            _draw_stock(rules, st, seat, ev)
    elif action == "market":
        _market(rules, st, seat, ev)
    elif action == "train":
        _train(rules, st, seat, ev)
    elif action == "build":
        _build(rules, st, seat, ev)
    ev.append(Event("gwt_sue_action", {"seat": seat, "action": action}))
    if p["node"] == d.el_paso:
        _el_paso(rules, st, seat, ev)
    s["discard"].append(cid)
    return ev


def choose_of_three(rules, st, s: dict) -> str:
    """The action she has most workers for; ties by the strategy row (spec §12.5) or,
    with the option sue_choice_tie=card, by the card's printed order."""
    options = rules.data.sue_choice
    best = max(s["counts"][w] for _, w in options)
    tied = [(a, w) for a, w in options if s["counts"][w] == best]
    if st.options.get("sue_choice_tie") == "card":
        return tied[0][0]
    return min(tied, key=lambda aw: s["row"].index(aw[1]))[0]


def sue_path(rules, st, start: str, steps: int) -> list[str]:
    """The nodes Sue enters moving `steps` locations, at a fork the branch with the fewer
    locations to El Paso, on a tie the inner one (nearer the centre)."""
    d = rules.data
    succ = d.succ
    loc = lambda x: rules.is_location(st, x)  # noqa: E731
    node, used, path = start, 0, []
    while used < steps:
        nxt = succ[node]
        if len(nxt) > 1:
            def key(x):
                rest = path_length(succ, x, d.el_paso, loc) or 0
                return (rest + (1 if loc(x) else 0), 0 if x in d.inner else 1)
            nxt = sorted(nxt, key=key)
        node = nxt[0]
        path.append(node)
        if loc(node):
            used += 1
            if node == d.el_paso:
                break
    return path


def _assign_joker(rules, s: dict) -> str:
    cap = rules.data.sue_joker_cap
    open_types = [w for w in s["row"] if s["counts"][w] < cap]
    if not open_types:
        return s["row"][0]                     # spec §12.9: the leftmost
    best = max(s["counts"][w] for w in open_types)
    return next(w for w in open_types if s["counts"][w] == best)


def _draw_stock(rules, st, seat, ev) -> None:
    s = st.players[seat]["sue"]
    if not s["stock"]:
        return
    card = s["stock"].pop()
    if rules.is_worker(card):
        w = _assign_joker(rules, s) if card == rules.data.wild else card
        s["counts"][w] += 1
        s["workers"].append(card)
        ev.append(Event("gwt_sue_worker", {"seat": seat, "card": card, "as": w}))
    else:
        s["cattle"].append(card)
        ev.append(Event("gwt_sue_cattle", {"seat": seat, "breed": card}))


def _take_cattle(st, seat, breed, ev) -> None:
    if st.market.get(breed, 0) > 0:
        st.market[breed] -= 1
        st.players[seat]["sue"]["cattle"].append(breed)
        ev.append(Event("gwt_sue_cattle", {"seat": seat, "breed": breed}))


def _market(rules, st, seat, ev) -> None:
    s = st.players[seat]["sue"]
    table = rules.data.sue_market
    c = s["counts"][rules.data.payer("cattle_market")]
    if c > 0:
        _take_cattle(st, seat, table[min(c, len(table)) - 1], ev)


def _best_tile(rules, st, kinds) -> tuple[str, int] | None:
    d = rules.data
    best = None
    for kind in kinds:
        opened, _ = rules.tiles(st, kind)
        for i, t in enumerate(opened):
            if t is None:
                continue
            vp = d.objective(t).vp if kind == "objective" else d.bonus(t).vp
            if best is None or vp > best[0]:
                best = (vp, kind, i)
    return None if best is None else (best[1], best[2])


def _tile(rules, st, seat, kind, ev) -> None:
    kinds = ("objective", "bonus") if kind == "any" else (kind,)
    pick = _best_tile(rules, st, kinds)
    if pick:
        p = st.players[seat]
        opened, stack = rules.tiles(st, pick[0])
        tile = opened[pick[1]]
        opened[pick[1]] = stack.pop() if stack else None
        (p["objectives"] if pick[0] == "objective" else p["bonuses"]).append(tile)
        ev.append(Event("gwt_tile", {"seat": seat, "tile": tile, "refill": opened[pick[1]]}))


def _train(rules, st, seat, ev) -> None:
    d = rules.data
    s = st.players[seat]["sue"]
    eng = max(1, min(s["counts"][d.payer("train")], max(t.engineers for t in d.trains)))
    card = max((t for t in d.trains if t.engineers <= eng), key=lambda t: t.engineers)
    for a in rules.ref_acts(st, ["train", card.id]):
        # of a train card she does only these three (rulebook, spec §10.4): a tile, a
        # worker (a stock draw) and a Corriente; every other action on it she ignores,
        # other cattle too (a ★ card's Hereford, its "$2: Shorthorn")
        if a.name in ("gain_tile", "hire_worker") or (
                a.name == "gain_cattle" and a.get("breed") == d.sue_train_cattle):
            _reward(rules, st, seat, a, ev)


def _reward(rules, st, seat, a, ev) -> None:
    """The actions Sue performs of a post reward or a train card; all others she ignores
    (money, tokens, certificates: spec §10.4, §10.5, §12.7)."""
    if a.name == "gain_tile":
        _tile(rules, st, seat, a.get("kind"), ev)
    elif a.name == "hire_worker":
        _draw_stock(rules, st, seat, ev)
    elif a.name == "gain_cattle":
        _take_cattle(st, seat, a.get("breed"), ev)


def _build(rules, st, seat, ev) -> None:
    d = rules.data
    p = st.players[seat]
    s = p["sue"]
    builders = s["counts"][d.payer("building")]
    ahead = edges_ahead(d.succ, p["node"])
    types = sorted((bt for bt in d.building_types if st.stock[str(bt.type)] and bt.builders <= builders),
                   key=lambda bt: -bt.builders)
    mine = rules.owned(st, seat)
    empty = [x for x in d.building_spaces if x not in st.built]
    # the first possible option (spec §10.4, §12.8): place, else upgrade, else a Hereford
    if len(mine) < d.ownership_markers and types and empty:
        space = min(empty, key=lambda x: (-d.nodes[x].cost, ahead.get(x, 99)))
        bt = types[0]
        st.built[space] = {"type": bt.type, "side": st.stock[str(bt.type)].pop(0), "owner": seat}
        ev.append(Event("gwt_built", {"seat": seat, "node": space, "type": bt.type,
                                      "side": st.built[space]["side"]}))
        return
    for bt in types:
        ups = [x for x in mine if d.btype(st.built[x]["type"]).builders < bt.builders]
        if ups:
            # the most builders used: the smallest building; tie: nearest ahead of her
            node = min(ups, key=lambda x: (d.btype(st.built[x]["type"]).builders, ahead.get(x, 99)))
            old = st.built[node]
            st.stock[str(old["type"])].append(old["side"])
            st.built[node] = {"type": bt.type, "side": st.stock[str(bt.type)].pop(0), "owner": seat}
            ev.append(Event("gwt_built", {"seat": seat, "node": node, "type": bt.type,
                                          "side": st.built[node]["side"]}))
            return
    _take_cattle(st, seat, d.sue_market[-1], ev)


def _el_paso(rules, st, seat, ev) -> None:
    d = rules.data
    p = st.players[seat]
    s = p["sue"]
    if st.simmental > 0:
        st.simmental -= 1
        s["cattle"].append(d.simmental.id)
        if st.simmental == 0:
            st.triggered_by = seat
            ev.append(Event("gwt_end_triggered", {"seat": seat}))
    else:
        rules.maybe_finish(st, seat, ev)
    if p["discs"]:
        value = d.sue_posts[min(s["delivery"], len(d.sue_posts) - 1)]
        s["delivery"] += 1
        did = p["discs"].pop(0)
        p["removed"].append(did)
        st.posts[str(value)].append(seat)
        ev.append(Event("gwt_delivered", {"seat": seat, "post": value, "disc": did, "hand": []}))
        for a in d.post(value).reward:
            _reward(rules, st, seat, a, ev)
    p["deliveries"] += 1
