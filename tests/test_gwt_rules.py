"""Great Western Trail: El Paso rules: setup, movement, every action kind, worker bonuses,
delivery values, disc placement and the end trigger (spec gwt_el_paso.md §2-§9)."""
import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import IllegalAction
from games.gwt_el_paso.rules import GWTRules

R = GWTRules()
D = R.data


def game(n=2, seed=1, **options):
    st = R.setup(Config([Seat(f"P{i}", "bot:easy", i) for i in range(n)], seed, options))
    for s in range(n):
        R.apply(st, Action.of(s, "objective", 0))
    return st


def texts(st, seat=None):
    seat = R.to_act(st)[0] if seat is None else seat
    return {" ".join(a.text.split()[1:]) for a in R.legal_actions(st, seat)}


def do(st, text, seat=None):
    seat = R.to_act(st)[0] if seat is None else seat
    return R.apply(st, Action.parse(f"{seat} {text}"))


def at(st, node, seat=0, hand=None, workers=None, money=None):
    """Put `seat`'s herder on `node` at the start of its action phase."""
    p = st.players[seat]
    st.current = seat
    p["node"] = node
    if hand is not None:
        p["hand"] = list(hand)
    if workers is not None:
        p["workers"] = list(workers)
    if money is not None:
        p["money"] = money
    st.pending = []
    R.arrive(st, seat, [])
    return p


def node_of(letter, st):
    return next(n for n, x in st.neutral_at.items() if x == letter)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    st = game(n)
    assert st.simmental == D.simmental_by_players[n]
    for i, p in enumerate(st.players):
        assert (p["money"], p["tokens"]) == D.starting_capital[i]
        assert len(p["hand"]) == 4 and len(p["deck"]) == 6
        assert sorted(p["workers"]) == sorted(D.starting_workers)
        assert len(p["objectives"]) == 1 and p["node"] is None
        assert len(p["discs"]) == 7
    assert all(v == 12 - n for v in st.supply.values())
    assert None not in st.obj_open and len(st.obj_stack) == 20 - 3 - n
    opts = {t for t in texts(st) if not t.startswith("bonus")}
    assert opts == {f"start {x}" for x in D.neutral_spaces} | {"token"}
    assert "bonus cowboy" not in texts(st)


def test_first_turn_start_goes_straight_to_the_action_phase():
    st = game()
    do(st, "start " + node_of("B", st))
    assert st.pending[-1]["k"] == "act" and "use" in texts(st)


# ------------------------------------------------------------------ movement
def moves(st):
    return {t.split()[1] for t in texts(st) if t.startswith("move ")}


def test_movement_forks_empty_spaces_and_step_limit():
    st = game()
    p = st.players[0]
    p["node"] = "el_paso"
    st.pending = [{"k": "move", "max": 3, "extra": 0}]
    # n1 (1), n2 (2), then either branch: n3 (outer, 3) or n4 (inner spaces are empty: 3)
    assert moves(st) == {"n1", "n2", "n3", "n4"}
    st.built["s3"] = {"type": 1, "side": "a", "owner": 1}
    st.stock["1"].pop()
    assert moves(st) == {"n1", "n2", "n3", "s3"}     # a building is a location: one step


def test_el_paso_always_stops_and_cowboys_add_steps():
    st = game()
    p = st.players[0]
    p["node"] = "n5"
    st.pending = [{"k": "move", "max": 3, "extra": 0}]
    assert moves(st) == {"n6", "el_paso"}             # never past El Paso
    p["node"] = "n1"
    p["workers"] = ["cowboy", "cowboy"]
    before = moves(st)
    do(st, "bonus cowboy")
    assert st.pending[-1]["extra"] == 1 and moves(st) > before
    assert "cowboy" in p["discard"]


def test_cowboy_bonus_only_while_moving():
    st = game()
    at(st, node_of("B", st), workers=["cowboy", "joker"])
    assert "bonus cowboy" not in texts(st) and "bonus joker" in texts(st)


def test_others_building_allows_only_an_auxiliary_action():
    st = game()
    st.built["s1"] = {"type": 1, "side": "a", "owner": 1}
    st.stock["1"].pop()
    at(st, "s1")
    opts = texts(st)
    assert "use" not in opts and "aux 1" in opts
    do(st, "aux 1")
    assert st.players[0]["money"] == 4 + 1


# ------------------------------------------------------------------ actions
def use(st):
    do(st, "use")
    return st.pending[-1]


def test_discard_for_money_and_hire_with_joker_surcharge():
    st = game()
    B = node_of("B", st)
    p = at(st, B, hand=["galloway", "criollo"], workers=[], money=15)
    use(st)
    do(st, "do 1 galloway")
    assert p["money"] == 18 and "galloway" in p["discard"]
    do(st, "do 0 joker")                               # $5 + $4
    assert p["money"] == 9 and p["workers"] == ["joker"]
    opts = texts(st)
    assert "hire joker" not in opts and "hire cowboy" in opts   # two different
    do(st, "hire cowboy")                              # $8 more
    assert p["money"] == 1 and sorted(p["workers"]) == ["cowboy", "joker"]


def test_rulebook_hire_example_joker_bonus_pays_for_the_second():
    st = game()
    p = at(st, node_of("B", st), hand=["criollo"], workers=[], money=15)
    use(st)
    do(st, "do 0 joker")
    assert p["money"] == 6 and "hire cowboy" not in texts(st)
    do(st, "bonus joker")
    assert p["money"] == 8 and "hire engineer" in texts(st)


def test_worker_bonuses():
    st = game()
    p = at(st, node_of("C", st), workers=["engineer", "builder", "joker"], money=4)
    do(st, "bonus engineer")
    assert p["money"] == 5
    do(st, "bonus builder")
    assert p["money"] == 3 and p["certs"] == 1
    do(st, "bonus joker")
    assert p["money"] == 5 and p["workers"] == []


def test_certificates_are_capped():
    st = game()
    p = at(st, node_of("C", st))
    p["certs"] = 4
    use(st)
    do(st, "do 0")
    assert p["certs"] == 4


def test_buy_cattle_with_jokers_standing_in():
    st = game()
    p = at(st, node_of("D", st), workers=["cowboy", "joker", "engineer"], money=10)
    use(st)
    opts = texts(st)
    assert "do 0 corriente 1" in opts and "do 0 corriente 0" not in opts
    assert not any(t.startswith("do 0 shorthorn") for t in opts)
    do(st, "do 0 corriente 1")
    assert p["money"] == 6 and p["workers"] == ["engineer"] and "corriente" in p["discard"]
    assert st.market["corriente"] == 9


def test_train_card_four_and_its_actions():
    st = game()
    p = at(st, node_of("F", st), workers=["engineer"] * 3 + ["joker"], money=10)
    use(st)
    do(st, "do 0 4 1")
    assert p["money"] == 2 and p["workers"] == []
    top = st.pending[-1]
    assert top["k"] == "menu" and top["ref"] == ["train", 4]
    do(st, "do 0")
    assert p["certs"] == 3
    slot = st.obj_open[0]
    do(st, "do 1 objective 0")
    assert slot in p["objectives"] and st.obj_open[0] is not None
    do(st, "do 2")
    assert st.pending[-1]["k"] == "move" and st.pending[-1]["max"] == 2


def test_star_side_train():
    st = game(train_sides="star")
    at(st, node_of("F", st), workers=["engineer"], money=10)
    use(st)
    do(st, "do 0 1 0")
    assert R.ref_acts(st, ["train", 1])[1].name == "gain_exchange_token"


def test_place_building_costs_builders_money_and_space():
    st = game()
    p = at(st, node_of("E", st), workers=["builder", "builder", "joker"], money=20)
    use(st)
    do(st, "do 0 place 2 s9 1")                        # 2 builders: $4 + space $4
    assert p["money"] == 12 and st.built["s9"] == {"type": 2, "side": "a", "owner": 0}
    assert p["workers"] == ["builder"] and len(st.stock["2"]) == 1


def test_ownership_markers_limit_and_upgrade():
    st = game()
    st.built["s1"] = {"type": 1, "side": "a", "owner": 0}
    st.built["s2"] = {"type": 2, "side": "a", "owner": 0}
    st.stock["1"].pop()
    st.stock["2"].pop()
    p = at(st, node_of("E", st), workers=["builder"] * 4, money=20)
    use(st)
    opts = texts(st)
    assert not any(" place " in t for t in opts)
    assert "do 0 up 5 s1 0" in opts and "do 0 up 6 s1 0" not in opts
    do(st, "do 0 up 6 s2 0")                           # 6 - 2 = 4 builders, $8
    assert p["money"] == 12 and st.built["s2"]["type"] == 6 and len(st.stock["2"]) == 2


def test_upgrading_the_building_you_stand_on_keeps_its_actions():
    """Each action of the tile you arrived at may be taken once (spec §5.0): upgrading that
    very building with its own build action leaves the remaining action the old tile's."""
    st = game(building_sides="b")
    st.built["s1"] = {"type": 4, "side": "b", "owner": 0}       # Sawmill: hire a builder, build
    st.stock["4"].pop()
    p = at(st, "s1", workers=["builder"] * 2, money=20)
    assert [a.name for a in R.ref_acts(st, ["node", "s1"])] == ["hire_worker", "place_building"]
    menu = use(st)
    do(st, "do 1 up 6 s1 0")                           # 6 - 4 = 2 builders, $4
    assert st.built["s1"] == {"type": 6, "side": "b", "owner": 0} and p["money"] == 16
    assert st.pending[-1] is menu and menu["left"] == [0]
    assert [a.name for a in R.ref_acts(st, menu["ref"])] == ["hire_worker", "place_building"]
    opts = texts(st)
    assert {t for t in opts if t.startswith("do ")} == {"do 0 builder", "do 0 joker"}
    assert not any("objective" in t or "bonus" in t for t in opts)  # not the new tile's "any tile"
    act, args = R.act_of(st, Action.parse("0 do 0 builder"))
    assert act.name == "hire_worker" and args == ("builder",)
    do(st, "do 0 builder")
    assert p["workers"] == ["builder"] and p["money"] == 16
    assert st.current == 1                             # both actions used: the turn is over
    # the next arrival uses the tile now lying there
    at(st, "s1")
    use(st)
    assert [a.name for a in R.ref_acts(st, st.pending[-1]["ref"])] == ["gain_tile", "gain_money"]
    assert {t for t in texts(st) if t.startswith("do 1")} == {"do 1"}


def test_upgrading_the_building_you_stand_on_after_its_other_action():
    st = game(building_sides="b")
    st.built["s1"] = {"type": 4, "side": "b", "owner": 0}
    st.stock["4"].pop()
    p = at(st, "s1", workers=["builder"], money=20)
    use(st)
    do(st, "do 0 builder")
    assert {t for t in texts(st) if " up " in t} == {"do 1 up 5 s1 0", "do 1 up 6 s1 0"}
    do(st, "do 1 up 6 s1 0")
    assert st.built["s1"]["type"] == 6 and p["workers"] == [] and st.current == 1


def test_move_herder_action_forfeits_the_rest_and_uses_the_new_location():
    st = game()
    st.built["s1"] = {"type": 6, "side": "a", "owner": 0}
    st.stock["6"].pop()
    at(st, "s1")
    use(st)
    do(st, "do 1")
    assert [x["k"] for x in st.pending] == ["move"]
    do(st, "move n2")
    assert st.pending[-1] == {"k": "act", "node": "n2", "tile": True}


def test_gain_and_remove_cattle():
    st = game()
    st.built["s1"] = {"type": 2, "side": "b", "owner": 0}
    st.stock["2"].pop()
    p = at(st, "s1", hand=["criollo", "galloway"])
    use(st)
    do(st, "do 0")
    assert "black_angus" in p["discard"] and st.market["black_angus"] == 7
    assert "do 1 galloway" not in texts(st)
    do(st, "do 1 criollo")
    assert st.box == ["criollo"]
    assert R.to_act(st) == [1]                         # both actions done: the turn ended


def test_exchange_token_draws_past_workers():
    st = game()
    p = at(st, node_of("C", st), hand=["criollo"], workers=[])
    p["deck"] = ["galloway", "engineer"]                # top last: the engineer comes first
    do(st, "token")
    assert p["workers"] == ["engineer"] and sorted(p["hand"]) == ["criollo", "galloway"]
    assert texts(st) == {"discard criollo", "discard galloway"}   # no free action meanwhile
    do(st, "discard criollo")
    assert p["tokens"] == 0 and p["hand"] == ["galloway"]


def test_auxiliary_actions_unlocked_and_two_different():
    st = game()
    p = at(st, node_of("G", st), hand=["criollo"], money=3)
    assert {"aux 1", "aux 3"} <= texts(st) and not any(t.startswith(("aux 2", "aux 4")) for t in texts(st))
    p["discs"].remove("aux4")
    p["removed"].append("aux4")
    st.posts["0"].append(0)
    st.pending = []
    R.arrive(st, 0, [])
    assert "aux 4 criollo" in texts(st)
    do(st, "aux 1")
    assert st.pending[-1]["k"] == "aux" and "aux 1" not in texts(st)
    do(st, "aux 4 criollo")
    assert p["money"] == 3 + 1 - 1 and st.box == ["criollo"]


def test_upgraded_aux_1():
    st = game()
    p = at(st, node_of("G", st), money=0)
    p["discs"].remove("aux1")
    p["removed"].append("aux1")
    st.posts["0"].append(0)
    do(st, "aux 1")
    assert p["money"] == 3


# ------------------------------------------------------------------ El Paso and delivery
def arrive_el_paso(st, hand, seat=0, money=0, certs=0):
    p = st.players[seat]
    p["certs"] = certs
    at(st, "el_paso", seat=seat, hand=hand, money=money)
    return p


def test_delivery_value_counts_distinct_breeds():
    st = game()
    p = st.players[0]
    p["hand"] = ["santa_gertrudis", "corriente", "black_angus", "santa_gertrudis"]
    assert R.delivery_value(p) == 8                   # the rulebook's example
    p["bonuses"] = ["b05"]                            # count one duplicate
    assert R.delivery_value(p) == 10
    p["bonuses"] = ["b01"]                            # +1 permanent certificate
    assert R.delivery_value(p) == 9


def test_el_paso_gives_money_simmental_and_delivery_with_certificates():
    st = game()
    p = arrive_el_paso(st, ["santa_gertrudis", "corriente", "black_angus"], money=0, certs=3)
    assert p["money"] == 5 and "simmental" in p["discard"] and st.simmental == 8
    opts = texts(st)
    assert "deliver 10 hand" in opts and "deliver 12 hand" not in opts   # 8 + 3 = 11
    do(st, "deliver 10 hand")                          # spends 2 certificates, pays $4
    assert p["certs"] == 1 and p["money"] == 1 and R.hand_limit(p) == 5
    assert st.posts["10"] == [0]
    assert st.pending[-1]["ref"] == ["post", 10]      # the post's reward
    do(st, "do 0")
    assert p["certs"] == 3 and R.to_act(st) == [1]


def test_disc_rules_black_corners_repeats_and_cost():
    st = game()
    p = arrive_el_paso(st, ["criollo", "pineywoods"], money=0)   # total 3, $5 after El Paso
    opts = texts(st)
    assert "deliver 0 aux1" in opts and not any(t.startswith("deliver 5") for t in opts)
    assert "deliver 0 hand" not in opts                # black disc: posts of 10+ only
    st.posts["9"].append(0)
    p["hand"] = ["hereford", "shorthorn"]              # 9
    assert "deliver 9 aux1" not in texts(st) and "deliver 7 aux1" in texts(st)
    st.posts["12"].append(0)
    p["hand"] = ["hereford", "shorthorn", "black_angus"]    # 12
    assert "deliver 12 step" in texts(st)               # 12 takes repeats
    p["money"] = 3
    assert "deliver 12 hand" not in texts(st)           # cannot pay $4


def test_no_legal_disc_places_none():
    st = game()
    p = st.players[0]
    p["discs"] = ["hand", "step"]
    p["removed"] = ["certificate", "aux1", "aux2", "aux3", "aux4"]
    st.posts["0"] += [0] * 5
    arrive_el_paso(st, ["criollo"])
    assert texts(st) == {"deliver none"} | {t for t in texts(st) if t.startswith(("bonus", "token"))}
    do(st, "deliver none")
    assert R.to_act(st) == [1] and p["discs"] == ["hand", "step"]


# ------------------------------------------------------------------ end of the game
@pytest.mark.parametrize("n", [2, 3, 4])
def test_end_trigger_and_final_turns(n):
    st = game(n)
    st.simmental = 1
    arrive_el_paso(st, ["criollo"], seat=0)
    assert st.simmental == 0 and st.triggered_by == 0
    do(st, "deliver 0 aux1")
    assert R.to_act(st) == [1]
    # seat 1 reaches El Paso next: no Simmental, herder on the Simmental space
    arrive_el_paso(st, ["criollo"], seat=1)
    assert st.finisher == 1 and st.players[1]["on_simmental"]
    assert st.final == [(1 + i) % n for i in range(1, n)]
    do(st, "deliver 0 aux1", seat=1)
    seen = []
    while not R.is_over(st):
        seat = R.to_act(st)[0]
        if not seen or seen[-1] != seat:
            seen.append(seat)
        acts = [a for a in R.legal_actions(st, seat) if a.verb not in ("bonus", "token")]
        R.apply(st, acts[0])
    assert seen == [(1 + i) % n for i in range(1, n)]   # one final turn each, then over
    res = R.result(st)
    assert res.breakdown[1]["category.gwt.cattle"] >= D.simmental_space_vp


def test_not_trigger_option_skips_the_trigger_player():
    st = game(2, end_trigger="not_trigger")
    st.simmental = 1
    arrive_el_paso(st, ["criollo"], seat=0)
    do(st, "deliver 0 aux1")
    arrive_el_paso(st, ["criollo"], seat=0)
    assert st.finisher is None


def test_scoring_categories():
    st = game()
    p = st.players[0]
    p["money"] = 14
    p["deck"], p["hand"], p["discard"] = ["hereford"], ["corriente", "criollo"], ["simmental"]
    p["workers"] = ["cowboy", "joker"]
    st.built["s1"] = {"type": 3, "side": "a", "owner": 0}
    st.posts["12"].append(0)
    p["bonuses"] = ["b19"]
    p["objectives"] = ["o04", "o02"]                   # Hereford: 4; Angus + Corriente: no
    p["on_simmental"] = True
    b = R.score_breakdown(st, 0)
    assert b == {"category.gwt.money": 2, "category.gwt.buildings": 4, "category.gwt.posts": 3, "category.gwt.workers": 4,
                 "category.gwt.cattle": 5 + 2 + 1 + 2, "category.gwt.bonus": 4, "category.gwt.objectives": 4}


def test_illegal_free_action_when_not_affordable():
    st = game()
    at(st, node_of("C", st), workers=["builder"], money=1)
    with pytest.raises(IllegalAction):
        do(st, "bonus builder")


def test_upgraded_exchange_action_twice_or_stop_after_one():
    st = game()
    p = at(st, node_of("G", st), hand=["criollo", "criollo"], workers=[])
    p["discs"].remove("aux3")
    p["removed"].append("aux3")
    st.posts["0"].append(0)
    p["deck"] = ["corriente", "galloway"]
    do(st, "aux 3")
    assert p["hand"].count("galloway") == 1
    do(st, "discard criollo")
    assert texts(st) >= {"again", "end"}
    do(st, "again")
    assert "corriente" in p["hand"]
    do(st, "discard criollo")
    assert R.to_act(st) == [1]                         # both exchanges done: the turn ended


def test_space_cost_must_be_affordable():
    st = game()
    at(st, node_of("E", st), workers=["builder"], money=5)
    use(st)
    opts = texts(st)
    assert "do 0 place 1 s8 0" in opts                 # $2 + $3
    assert "do 0 place 1 s9 0" not in opts             # $2 + $4 > $5
