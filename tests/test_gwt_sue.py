"""Great Western Trail: El Paso solo: Sue's setup, movement ties, joker rule, building
choice, train cards, deliveries (spec gwt_el_paso.md §10). Whole solo games at each
difficulty run in tests/test_contract_harness.py (solo is a player count there) and
tests/test_soak.py (every sue_b value), with the invariants after every action."""
import pytest

from games.core.contract import Config, ConfigError, Seat
from games.core.match import Match
from games.gwt_el_paso import sue
from games.gwt_el_paso.rules import GWTRules

R = GWTRules()
D = R.data


def solo(seed=1, sue_first=False, **options):
    seats = [Seat("Me", "bot:easy", 0), Seat("Sue", "automa", 1)]
    if sue_first:
        seats.reverse()
    return Match(R, Config(seats, seed, {k: str(v) for k, v in options.items()}))


def sue_of(st):
    i = next(i for i, p in enumerate(st.players) if p["sue"] is not None)
    return i, st.players[i], st.players[i]["sue"]


def test_solo_setup():
    for sue_first in (False, True):
        m = solo(sue_first=sue_first)
        st = m.state
        i, p, s = sue_of(st)
        human = st.players[1 - i]
        assert st.first == 1 - i and st.setup_queue == [1 - i] and m.to_act() == [1 - i]
        assert (human["money"], human["tokens"]) == (4, 1) and (p["money"], p["tokens"]) == (0, 0)
        assert st.supply == {"cowboy": 7, "engineer": 7, "builder": 7, "joker": 8}
        assert st.market == {"black_angus": 5, "corriente": 7, "shorthorn": 8, "hereford": 6}
        assert st.simmental == 9 and p["node"] == D.el_paso and st.posts["5"] == [i]
        assert len(s["stock"]) == 18 and sorted(s["row"]) == ["builder", "cowboy", "engineer"]
        assert len(s["deck"]) == 8 and p["hand"] == [] and p["objectives"] == []
        R.check_invariants(st)


@pytest.mark.parametrize("b", [0, 1, 2, 3])
def test_b_cards_set_the_difficulty(b):
    st = solo(sue_b=b).state
    deck = sue_of(st)[2]["deck"]
    assert sum(1 for c in deck if D.sue_card(c).set == "B") == b and len(deck) == 8 + b


def test_only_solo_takes_sue():
    with pytest.raises(ConfigError):
        R.check_config(Config([Seat("a"), Seat("b"), Seat("Sue", "automa")]))


def test_joker_example_of_the_rulebook():
    s = {"row": ["cowboy", "engineer", "builder"], "counts": {"cowboy": 2, "engineer": 4, "builder": 2}}
    assert sue._assign_joker(R, s) == "cowboy"
    s["row"] = ["builder", "engineer", "cowboy"]
    assert sue._assign_joker(R, s) == "builder"
    s["counts"] = {"cowboy": 4, "engineer": 5, "builder": 4}
    assert sue._assign_joker(R, s) == "builder"        # all at 4+: the leftmost (§12.9)


def test_movement_shortest_way_then_nearer_the_centre():
    st = solo().state
    # f1 at n2: the inner spaces are empty, so the inner way has 1 location (n4), the outer 2
    assert sue.sue_path(R, st, "n2", 1) == ["s3", "s4", "n4"]
    st.built["s3"] = {"type": 1, "side": "a", "owner": 0}
    st.built["s4"] = {"type": 1, "side": "a", "owner": 0}
    assert sue.sue_path(R, st, "n2", 1) == ["n3"]      # now the outer way is shorter
    del st.built["s4"]
    assert sue.sue_path(R, st, "n2", 1) == ["s3"]      # equal: the inner (nearer the centre)
    assert sue.sue_path(R, st, "n5", 1) == ["s8", "n6"]   # f2 tie: inner
    assert sue.sue_path(R, st, "n6", 5) == ["s9", "el_paso"]   # El Paso stops her


def test_market_by_cowboys_and_choice_of_three():
    st = solo().state
    i, p, s = sue_of(st)
    for c, breed in ((1, "black_angus"), (2, "corriente"), (3, "shorthorn"), (6, "hereford")):
        s["counts"]["cowboy"] = c
        sue._market(R, st, i, [])
        assert s["cattle"][-1] == breed
    s["row"] = ["builder", "cowboy", "engineer"]
    s["counts"] = {"cowboy": 2, "engineer": 1, "builder": 2}
    assert sue.choose_of_three(R, st, s) == "build"
    st.options["sue_choice_tie"] = "card"
    assert sue.choose_of_three(R, st, s) == "market"


def test_building_choice():
    st = solo().state
    i, p, s = sue_of(st)
    s["counts"]["builder"] = 3
    sue._build(R, st, i, [])
    assert st.built["s9"] == {"type": 3, "side": "a", "owner": i}     # dearest space ($4)
    sue._build(R, st, i, [])
    assert st.built["s8"]["type"] == 3                                # then $3
    s["counts"]["builder"] = 5
    sue._build(R, st, i, [])
    assert sorted(b["type"] for b in st.built.values()) == [3, 5]     # upgrade, no 3rd
    s["counts"]["builder"] = 6
    sue._build(R, st, i, [])
    sue._build(R, st, i, [])
    assert sorted(b["type"] for b in st.built.values()) == [6, 6]
    sue._build(R, st, i, [])
    assert s["cattle"][-1] == "hereford"               # fully upgraded: a Hereford
    for bt in D.building_types:                         # old tiles went back to their stacks
        placed = sum(1 for b in st.built.values() if b["type"] == bt.type)
        assert placed + len(st.stock[str(bt.type)]) == bt.copies


def _train_position(sides, engineers):
    m = solo(train_sides=sides)
    st = m.state
    i, p, s = sue_of(st)
    for _ in range(engineers - s["counts"]["engineer"]):   # engineers from the supply
        st.supply["engineer"] -= 1
        s["workers"].append("engineer")
        s["counts"]["engineer"] += 1
    return st, i, p, s


# Each train card side as it is in trains.yaml: what Sue does with it. The rulebook: of a
# train card she takes a tile (the most VP), draws from her stock instead of hiring and
# takes a Corriente; "any other action on the train card she ignores".
TRAIN_CASES = {
    ("star", 1): {"tiles": 1, "stock": 0, "cattle": []},        # objective tile; token ignored
    ("star", 2): {"tiles": 0, "stock": 1, "cattle": []},        # hire ($2) -> stock; certs ignored
    ("star", 3): {"tiles": 1, "stock": 0, "cattle": []},        # "$2: Shorthorn" and remove ignored
    ("star", 4): {"tiles": 1, "stock": 0, "cattle": []},        # the Hereford and $3 ignored
    ("plain", 2): {"tiles": 0, "stock": 0, "cattle": ["corriente"]},   # the Corriente she takes
}


@pytest.mark.parametrize("side,card", sorted(TRAIN_CASES))
def test_train_card_gives_sue_only_tiles_stock_draws_and_a_corriente(side, card):
    st, i, p, s = _train_position(side, card)
    acts = R.ref_acts(st, ["train", card])
    market, stock, tiles = dict(st.market), len(s["stock"]), len(p["objectives"]) + len(p["bonuses"])
    want = TRAIN_CASES[(side, card)]
    sue._train(R, st, i, [])
    assert len(p["objectives"]) + len(p["bonuses"]) - tiles == want["tiles"]
    assert stock - len(s["stock"]) == want["stock"]
    taken = [b for b in market for _ in range(market[b] - st.market[b])]
    assert taken == want["cattle"]                     # from the market: a Corriente or nothing
    shown = {a.get("breed") for a in acts if a.name == "gain_cattle"} - {"corriente"}
    assert not shown & set(s["cattle"])                # never a Hereford or Shorthorn of the card
    assert (p["money"], p["tokens"], p["certs"]) == (0, 0, 0)
    R.check_invariants(st)


def test_sue_train_turn_on_the_star_hereford_card():
    """Her whole turn with the train card on top: card 4's star side shows a Hereford,
    which she leaves in the market."""
    st, i, p, s = _train_position("star", 4)
    s["deck"].remove("A2")
    s["deck"].append("A2")                             # her train card on top
    hereford = st.market["hereford"]
    events = sue.sue_turn(R, st, i)
    assert ("gwt_sue_action", "train") in [(e.type, e.args.get("action")) for e in events]
    assert st.market["hereford"] == hereford and "hereford" not in s["cattle"]
    assert len(p["objectives"]) + len(p["bonuses"]) == 1


def test_delivery_order_and_rewards():
    st = solo().state
    i, p, s = sue_of(st)
    for _ in range(6):
        sue._el_paso(R, st, i, [])
    order = [int(v) for v in D.sue_posts] + [16]
    assert [int(v) for v, seats in st.posts.items() for x in seats if x == i] == sorted([5] + order)
    assert p["discs"] == [] and p["money"] == 0
    assert len(p["objectives"]) >= 1                   # post 7 gives her the best objective
    sue._el_paso(R, st, i, [])                         # no discs left: none placed
    assert p["deliveries"] == 7


@pytest.mark.parametrize("b", [0, 1, 2, 3])
def test_solo_games_with_sue_in_the_first_seat(b):
    """The harness and the soak seat the automa second; here Sue sits first (the human
    still moves first) at each difficulty."""
    m = solo(b, sue_first=True, sue_b=b)
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        R.check_invariants(m.state)
    i, p, s = sue_of(m.state)
    assert i == 0 and R.result(m.state).breakdown[i]["category.gwt.money"] == 0


def test_solo_game_with_the_normal_bot_ends():
    m = Match(R, Config([Seat("Me", "bot:normal", 0), Seat("Sue", "automa", 1)], 3))
    m.play_bots_to_end()
    assert m.is_over()
    R.check_invariants(m.state)                         # the finisher on the Simmental space
    i, p, s = sue_of(m.state)
    assert R.result(m.state).breakdown[i]["category.gwt.money"] == 0


def test_sue_turn_is_one_action_with_replayable_events():
    m = solo(2, sue_first=True)
    m.apply(m.bot_action(m.to_act()[0]))          # the human's starting objective
    while m.to_act() != [0]:
        m.apply(m.bot_action(m.to_act()[0]))
    assert [a.text for a in R.legal_actions(m.state)] == ["0 sue"]
    events = m.apply("0 sue")
    types = [e.type for e in events]
    assert types[1:3] == ["gwt_sue_card", "gwt_sue_move"] and "gwt_sue_action" in types
    assert R.reveals_hidden(events)
