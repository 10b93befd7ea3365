"""The GWT view is an allow-list computed by the rules (games/gwt/view.py): JSON-native,
nothing hidden in it (other hands, deck and stack order, the RNG, the automa's deck and
stock order), its decision options are exactly the seat's legal actions, and what it
previews (reachable locations, auxiliary prices, the delivery) is what the rules do."""
import json

import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.gwt_el_paso.rules import GWTRules

R = GWTRules()

NEW_FIELDS = {"game", "seat", "phase", "turn", "current", "first", "to_act", "options", "prompt", "decision",
              "seats", "scores", "categories", "playmat", "delivery", "glossary"}
OWN_FIELDS = {"hand", "discard"}


def positions(n, seed, stride=3, **options):
    """Every `stride`-th position of a seeded easy-bot game (solo against Sue for n=1)."""
    seats = [Seat(f"P{i}", "bot:easy", i) for i in range(n)]
    if n == 1:
        seats.append(Seat("Sue", "automa", 1))
    m = Match(R, R.check_config(Config(seats, seed, options)))
    out = []
    while not m.is_over():
        if m.ply % stride == 0:
            out.append(m.state.clone())
        m.apply(m.bot_action(m.to_act()[0]))
    out.append(m.state.clone())
    return out


@pytest.fixture(scope="module")
def games():
    return [positions(1, 4, sue_b="2"), positions(3, 11, building_sides="b"), positions(2, 8)]


def keys_anywhere(x, out=None):
    out = set() if out is None else out
    if isinstance(x, dict):
        for k, v in x.items():
            out.add(k)
            keys_anywhere(v, out)
    elif isinstance(x, list):
        for v in x:
            keys_anywhere(v, out)
    return out


def test_fields_and_json_round_trip(games):
    for game in games:
        for st in game[::4]:
            for seat in [None, *range(st.n)]:
                v = R.view(st, seat)
                assert v == json.loads(json.dumps(v))
                want = NEW_FIELDS | (OWN_FIELDS if seat is not None else set())
                assert set(v) == want
                assert "rng" not in keys_anywhere(v)


def test_no_hidden_information(games):
    """Counts only for piles nobody may look through; other seats' hands never; and
    re-dealing everything the seat cannot see leaves its view unchanged."""
    rng = Rng(5)
    for game in games:
        for st in game[::3]:
            for seat in [None, *range(st.n)]:
                v = R.view(st, seat)
                for b in v["seats"]:
                    assert isinstance(b["deck"], int) and isinstance(b["hand"], int)
                    if b["sue"] is not None:
                        assert all(isinstance(b["sue"][k], int) for k in ("deck", "stock", "unused_b"))
                assert isinstance(v["playmat"]["obj_stack"], int)
                assert isinstance(v["playmat"]["bonus_stack"], int)
                if seat is None:
                    assert "hand" not in v and v["delivery"] is None
                    continue
                assert v["hand"] == sorted(st.players[seat]["hand"])
                for _ in range(2):
                    alt = R.randomize_hidden(st, seat, rng)
                    assert R.view(alt, seat) == v


def test_other_hands_do_not_show(games):
    """Changing another seat's hand (keeping its size) never changes what this seat sees."""
    for game in games[1:]:
        for st in game[5::6]:
            for seat in range(st.n):
                other = (seat + 1) % st.n
                p = st.players[other]
                if not p["hand"] or not p["deck"]:
                    continue
                alt = st.clone()
                q = alt.players[other]
                cattle = [c for c in q["deck"] if not R.is_worker(c)]
                if not cattle or cattle[0] == q["hand"][0]:
                    continue
                i = q["deck"].index(cattle[0])
                q["deck"][i], q["hand"][0] = q["hand"][0], q["deck"][i]
                assert R.view(alt, seat) == R.view(st, seat)


def test_options_are_the_legal_actions(games):
    for game in games:
        for st in game:
            for seat in [None, *range(st.n)]:
                v = R.view(st, seat)
                if v["decision"] is None:
                    assert R.is_over(st)
                    continue
                assert v["decision"]["seat"] == R.to_act(st)[0]
                assert v["decision"]["kind"] == st.pending[-1]["k"]
                legal = R.legal_actions(st, seat) if seat is not None else []
                assert [o["action"] for o in v["decision"]["options"]] == [a.text for a in legal]
                for o in v["decision"]["options"]:
                    a = Action.parse(o["action"])
                    assert (o["verb"], tuple(o["args"])) == (a.verb, a.args)
                    assert o["label"] == json.loads(json.dumps(list(R.describe_action(st, a))))
                    assert ("act" in o) == (a.verb in ("do", "aux"))


def test_reachable_locations_are_the_trail_search(games):
    from games.gwt_el_paso.trail import destinations
    d = R.data
    seen = 0
    for game in games:
        for st in game:
            if R.is_over(st) or st.pending[-1]["k"] != "move":
                continue
            seen += 1
            seat = R.to_act(st)[0]
            top = st.pending[-1]
            reach = R.view(st, None)["decision"]["reachable"]
            dests = destinations(d.succ, st.players[seat]["node"], top["max"] + top["extra"],
                                 lambda x, st=st: R.is_location(st, x), d.el_paso)
            assert {r["node"]: r["steps"] for r in reach} == {n: x.steps for n, x in dests.items()}
            assert all(r["path"][-1] == r["node"] and r["fee"] == 0 for r in reach)
            moves = [a.args[0] for a in R.legal_actions(st, seat) if a.verb == "move"]
            assert [r["node"] for r in reach] == moves
    assert seen > 20


def test_aux_prices_agree_with_applying(games):
    seen = 0
    for game in games:
        for st in game:
            if R.is_over(st):
                continue
            seat = R.to_act(st)[0]
            v = R.view(st, seat)
            board = {a["number"]: a for a in v["seats"][seat]["aux"]}
            for o in v["decision"]["options"]:
                if o["verb"] != "aux":
                    continue
                aux = board[int(o["args"][0])]
                assert aux["open"] and o["act"] == aux["acts"][0]
                alt = st.clone()
                money = alt.players[seat]["money"]
                R.apply(alt, Action.parse(o["action"]))
                gain = sum(a["params"].get("amount", 0) for a in aux["acts"] if a["name"] == "gain_money")
                assert alt.players[seat]["money"] == money - aux["price"] + gain
                seen += 1
    assert seen > 5


def test_delivery_preview_agrees_with_applying(games):
    seen = 0
    for game in games:
        for st in game:
            if R.is_over(st) or st.pending[-1]["k"] != "deliver":
                continue
            seat = R.to_act(st)[0]
            v = R.view(st, seat)
            prev = v["delivery"]
            want = {(a.args[0], a.args[1]) for a in R.legal_actions(st, seat)
                    if a.verb == "deliver" and a.args[0] != "none"}
            got = {(str(p["post"]), did) for p in prev["posts"] if p["open"] for did in p["discs"]}
            assert got == want
            assert prev["total"] == prev["value"] + prev["certs"] == prev["hand_value"] + prev["permanent"] + prev["certs"]
            for p in prev["posts"]:
                if not p["open"]:
                    continue
                alt = st.clone()
                certs = alt.players[seat]["certs"]
                R.apply(alt, Action(seat, "deliver", (str(p["post"]), p["discs"][0])))
                assert alt.players[seat]["certs"] == certs - p["certs"]
                seen += 1
    assert seen > 3


def test_acts_carry_their_labels_and_the_glossary_names_every_thing(games):
    """Every Act of the view has its description; the glossary (the same in every position)
    describes the acts of every tile face, post, train side and bonus tile of the data."""
    from games.gwt.model import Act
    d = R.data
    first = None
    for game in games:
        for st in game[::5]:
            v = R.view(st, None if R.is_over(st) else R.to_act(st)[0])
            acts = [a for s in v["seats"] for x in s["aux"] for a in x["acts"]]
            if v["decision"] is not None:
                acts += v["decision"].get("actions", []) + [o["act"] for o in v["decision"]["options"] if "act" in o]
            for a in acts:
                want = R.describe_act(Act(a["name"], a["params"], a["cost"]), ())
                assert a["label"] == json.loads(json.dumps(list(want)))
            first = first or v["glossary"]
            assert v["glossary"] == first
    g = first
    assert g["tiles"][d.nodes[d.city].kind] == json.loads(json.dumps([R.describe_act(a, ()) for a in d.city_actions]))
    faces = {n.id for n in d.neutrals} | {side[0] for bt in d.building_types for side in bt.sides.values()}
    assert set(g["tiles"]) == faces | {d.nodes[d.city].kind}
    assert set(g["bonus"]) == {w.id for w in d.workers}
    assert {k: len(x) for k, x in g["posts"].items()} == {str(p.value): len(p.reward) for p in d.posts}
    assert {k: {s: len(x) for s, x in t.items()} for k, t in g["trains"].items()} == {
        str(t.id): {s: len(x) for s, x in t.sides.items()} for t in d.trains}
    assert set(g["bonus_tiles"]) == {b.id for b in d.bonus_tiles}
    assert all(lab[0] != "gwt.d.other" for part in (g["tiles"], g["posts"], g["bonus_tiles"])
               for labs in part.values() for lab in labs)
