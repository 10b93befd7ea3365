"""What one seat sees of a Great Western Trail game: an allow-list built by the rules.

`public_view(rules, state, seat)` is `Rules.view` of every GWT edition. It copies nothing of
the state wholesale: each field below is computed for the table, so what is not listed is
not shown (no RNG, no deck or stack order, no other seat's hand, no order of an automa's
deck or stock). Every value is JSON-native: the view equals json.loads(json.dumps(view)).

Contract (the table reads only these fields; `Act` = {"name", "params", "cost"}, an action
of the edition's vocabulary; a label = [i18n key, args], args that name a trail node give
its id, a nested label (args "what") is again [key, args]):

  game        the edition id ("gwt_el_paso")
  seat        the viewing seat, or None (a spectator)
  phase       "setup" | "play" | "over";  turn: turns played;  current: whose turn it is;
  first       the first player;  to_act: the seats asked now;  options: the game options
  prompt      [key, args] of what the game waits for
  decision    None when over, else {
                seat      who decides;  kind: the decision kind (the top of the rules'
                          decision stack, e.g. objective, start, move, act, menu, aux, ...)
                prompt    [key, args];  depth: decisions stacked under this one
                entry     the decision's own public fields (its pending entry: "k", and per
                          kind e.g. max/extra, node/tile, ref/left, used, first/price, more)
                options   the viewing seat's legal actions now, in legal_actions order (empty
                          for anyone else and for a spectator): {"action": text, "verb",
                          "args": [str], "label": [key, args], and for "do"/"aux" also
                          "act": Act and "rest": [str] (the act's own args)}
                reachable kind "move" only: [{"node", "steps", "fee", "path": [nodes]}] in
                          trail order, the trail search of the rules (fewest steps, the fee
                          along that path)
                actions   kinds "act" and "menu": the location's (or card's / reward's)
                          actions as [Act], indexed as "do <i>" names them; "left": indices
                          not yet used (menu), "source": the decision's ref ([kind, id, ...])
              }
  seats       per seat, in seat order: {
                seat, automa (bool: the seat is the edition's automa),
                money, tokens, certs (temporary), perm_certs, cert_max, step_limit, hand_limit,
                discs (disc spaces still covered), removed (uncovered, in order),
                workers (the worker area), objectives (held),
                node (herder's trail node or None), deck, discard, hand (counts),
                discard_top (the face-up top card or None),
                aux: [{"number", "open", "upgraded", "acts": [Act], "price": $}], two_aux,
                edition fields (El Paso: bonuses (tiles held), on_simmental, deliveries),
                sue: None or the automa's public part (El Paso: row, counts, workers,
                     cattle, delivery, discard; deck, stock, unused_b as counts)
              }
  scores      per seat {category key: VP} (the public score pad now);  categories: the keys
              in score-pad order
  playmat     {locations: {node: {"kind", "face", "owner", "type", "side"}} for every tile on
               the trail (neutral: face = its letter; building: its face id; the city: kind
               and face as its node kind), market ({breed: cards}), supply ({worker: cards}),
               obj_open (tile id or None), obj_stack (a count), box (cattle removed),
               herders ({seat as text: node}), and the edition's fields (El Paso: stock
               ({type: [sides]}), bonus_open, bonus_stack (a count), posts ({value: [seats]}),
               train_sides, simmental, triggered_by, finisher, final)}
  delivery    the viewing seat's preview of the city visit (None for a spectator), the
              edition's; El Paso's delivery: {"hand_value"
              (distinct breeds plus counted duplicates), "permanent", "value" (both),
              "certs" (temporary), "total", "posts": [{"post", "certs" (spent from the
              track), "open" (the seat may deliver there now), "discs" (disc spaces that
              may go there)}]}
  hand        the viewing seat's hand, sorted (absent for a spectator)
  discard     the viewing seat's discard pile, top last (absent for a spectator)
  glossary    the labels of the acts printed on the game's things, for the table's tooltips
              (the same in every position; each a list of labels in the data's order):
              tiles ({face: [label]}: the city (face = its node kind), neutral letters,
              building faces), bonus ({worker: label of "bonus <worker>"}), and the
              edition's (`rules.view_glossary()`; El Paso: posts ({value: [label]}), trains
              ({id: {side: [label]}}), bonus_tiles ({id: [label]}); Argentina: acts
              ({act_id(Act): label} for every Act its data prints anywhere; act_id of
              games.gwt.model), pedro_cards ({card: [[action, argument]]}: Pedro's printed cards))

Every Act in the view (decision actions and options, the seats' auxiliary actions) also
carries "label": [key, args], its description without arguments.
"""
from __future__ import annotations

from games.core.action import Action

from .model import Act


def act_json(act) -> dict:
    return {"name": act.name, "params": dict(act.params), "cost": int(act.cost)}


def jsonable(x):
    """Tuples to lists, recursively (labels nest [key, args])."""
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    return x


def option_json(rules, st, action) -> dict:
    out = {"action": action.text, "verb": action.verb, "args": list(action.args),
           "label": jsonable(rules.describe_action(st, action))}
    found = rules.act_of(st, action)
    if found is not None:
        out["act"] = act_json(found[0])
        out["rest"] = list(found[1])
    return out


def decision_json(rules, st, seat) -> dict | None:
    if rules.is_over(st) or not st.pending:
        return None
    actor = rules.to_act(st)[0]
    top = st.pending[-1]
    key, args = rules.prompt(st)
    out = {"seat": actor, "kind": top["k"], "prompt": [key, jsonable(args)], "depth": len(st.pending) - 1,
           "entry": jsonable(top)}
    legal = rules.legal_actions(st, seat) if seat is not None else []
    out["options"] = [option_json(rules, st, a) for a in legal]
    out.update(rules.view_decision(st, actor, top))
    return out


def seat_json(rules, st, i: int) -> dict:
    p = st.players[i]
    out = {"seat": i, "money": p["money"], "tokens": p["tokens"], "certs": p["certs"],
           "perm_certs": rules.permanent_certs(p), "cert_max": rules.cert_limit(p),
           "step_limit": rules.step_limit(p), "hand_limit": rules.hand_limit(p),
           "discs": list(p["discs"]), "removed": list(p["removed"]), "workers": list(p["workers"]),
           "objectives": list(p["objectives"]), "node": p["node"],
           "deck": len(p["deck"]), "discard": len(p["discard"]), "hand": len(p["hand"]),
           "discard_top": p["discard"][-1] if p["discard"] else None}
    out["aux"], out["two_aux"] = rules.aux_board(p)
    out["automa"] = rules.is_automa(p)
    out.update(rules.view_seat(st, i))
    return out


def public_view(rules, st, seat: int | None) -> dict:
    key, args = rules.prompt(st)
    view = {
        "game": rules.INFO.id, "seat": seat, "phase": st.phase, "turn": st.turn, "current": st.current,
        "first": st.first, "to_act": list(rules.to_act(st)), "options": dict(st.options),
        "prompt": [key, jsonable(args)],
        "decision": decision_json(rules, st, seat),
        "seats": [seat_json(rules, st, i) for i in range(st.n)],
        "scores": [jsonable(rules.score_breakdown(st, i)) for i in range(st.n)],
        "categories": list(rules.CATEGORIES),
        "playmat": playmat_json(rules, st),
        "delivery": None,
    }
    if seat is not None:
        p = st.players[seat]
        view["hand"] = sorted(p["hand"])
        view["discard"] = list(p["discard"])
        view["delivery"] = rules.view_delivery(st, seat)
    label_acts(rules, view)
    view["glossary"] = glossary_json(rules, st)
    return view


def playmat_json(rules, st) -> dict:
    out = {
        "locations": rules.view_locations(st),
        "market": dict(st.market), "supply": dict(st.supply),
        "obj_open": list(st.obj_open), "obj_stack": len(st.obj_stack), "box": list(st.box),
        "herders": {str(i): p["node"] for i, p in enumerate(st.players) if p["node"] is not None},
    }
    out.update(rules.view_playmat(st))
    return out


def act_label(rules, act: dict) -> list:
    """The label of an Act of the view: its description without arguments."""
    return jsonable(rules.describe_act(Act(act["name"], act["params"], act["cost"]), ()))


def label_acts(rules, view: dict) -> None:
    """Put its "label" on every Act of the view."""
    acts = [a for s in view["seats"] for aux in s["aux"] for a in aux["acts"]]
    dec = view["decision"]
    if dec is not None:
        acts += dec.get("actions", []) + [o["act"] for o in dec["options"] if "act" in o]
    for a in acts:
        a["label"] = act_label(rules, a)


def glossary_json(rules, st) -> dict:
    """The labels of the acts on the game's things (the same in every position)."""
    d = rules.data

    def labels(acts) -> list:
        return [jsonable(rules.describe_act(a, ())) for a in acts]

    tiles = {d.nodes[d.city].kind: labels(d.city_actions)}
    for n in d.neutrals:
        tiles[n.id] = labels(n.actions)
    for bt in d.building_types:
        for face, _vp, acts in bt.sides.values():
            tiles[face] = labels(acts)
    bonus = {w.id: jsonable(rules.describe_action(st, Action(0, "bonus", (w.id,)))) for w in d.workers}
    return {"tiles": tiles, "bonus": bonus, **jsonable(rules.view_glossary())}
