"""El Paso rules: the rulebook's worked examples (spec el_paso.md §4), the edge
cases of §3, illegal actions, and invariants over many random full games.

Positions are built by setting up a game and editing ElPasoState directly;
dice are controlled by a stub RNG (see `Dice`).
"""
from __future__ import annotations

import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import IllegalAction
from games.core.match import Match
from games.core.rng import Rng
from games.el_paso import RULES
from games.el_paso.state import CARRY, DECIDE, DRAW, OVER, ElPasoState

D = RULES.data
SANTA_FE = 3
EL_PASO = len(D.towns) - 1


# ---------------------------------------------------------------- helpers
class Dice:
    """Stands in for state.rng. Every `below(len(faces))` call (one die) takes
    the next face from the script; everything else (tile draws at the next
    town) goes to a real Rng."""

    def __init__(self, *faces: str, real: Rng | None = None):
        self.real = real or Rng(99)
        self.script = [D.dice_faces.index(f) for f in faces]

    def below(self, n: int) -> int:
        if n == len(D.dice_faces) and self.script:
            return self.script.pop(0)
        return self.real.below(n)

    @property
    def state(self) -> int:
        return self.real.state

    def clone(self) -> Dice:
        c = Dice(real=self.real.clone())
        c.script = self.script[:]
        return c


def new_game(n: int, seed: int = 7, **options) -> ElPasoState:
    cfg = Config([Seat(f"P{i}") for i in range(n)], seed, {k: str(v) for k, v in options.items()})
    return RULES.setup(cfg)


def tile_key(t: int) -> tuple[str, int]:
    return D.sites[D.tile_site[t]].id, D.tile_value[t]


def card_key(c: int) -> tuple[str, int]:
    return D.sites[D.card_site(c)].id, D.card_value(c)


def take_tile(pool: list[int], text: str) -> int:
    site, value = text.split()
    t = next(t for t in pool if tile_key(t) == (site, int(value)))
    pool.remove(t)
    return t


def loot_of(st, seat: int) -> list[tuple[str, int]]:
    return sorted(tile_key(t) for t in st.players[seat].loot)


def hand_of(st, seat: int) -> list[tuple[str, int]]:
    return sorted(card_key(c) for c in st.players[seat].hand)


def stack_of(st, site: str) -> list[int]:
    """A site's stack as values, top first."""
    return [D.tile_value[t] for t in reversed(st.stacks[D.site_index(site)])]


def clockwise(st, start: int) -> list[int]:
    return [(start + i) % st.n for i in range(st.n)]


def position(st, *, town: int | None = None, guard: int | None = None, sheriff: int = 0,
             wave: int = 0, stacks: dict | None = None, loot: dict | None = None,
             nuggets: dict | None = None, hands: dict | None = None, out=()):
    """Turn `st` into the start of a round: the given town, guard, dice on the
    sheriff space, wave counter, stacks (values listed top first), players' loot
    and nuggets, hands and seats already gone (`out`). Tiles and cards are
    moved, never created, so everything stays conserved."""
    for s in st.stacks:
        st.bag.extend(s)
        s.clear()
    for p in st.players:
        st.bag.extend(p.loot)
        p.loot = []
    if town is not None:
        st.town = town
    if guard is not None:
        st.guard = guard
    st.sheriff, st.wave, st.bust = sheriff, wave, False
    for site, values in (stacks or {}).items():
        si = D.site_index(site)
        for v in reversed(values):
            st.stacks[si].append(take_tile(st.bag, f"{site} {v}"))
    for seat, tiles in (loot or {}).items():
        st.players[seat].loot = [take_tile(st.bag, x) for x in tiles]
    for seat, k in (nuggets or {}).items():
        p = st.players[seat]
        p.nuggets = k
        p.earned = [0] * len(p.earned)
        p.earned[0] = k
    if hands:
        set_hands(st, hands)
    for i, p in enumerate(st.players):
        p.in_town = i not in out
        p.decided = False
        p.played = None
        p.kept = []
        p.carry_limit = 0
    st.phase = DECIDE
    st.queue = [s for s in clockwise(st, st.guard) if st.players[s].in_town]
    return st


def set_hands(st, hands: dict[int, list[str]]) -> None:
    """Give seats exactly these cards (texts like "bank 7", padded to 6 from the
    draw piles); other seats get one card of each kind again."""
    for p in st.players:
        for c in p.hand:
            st.draw[D.card_site(c)].append(c)
        p.hand = []
    for seat, cards in hands.items():
        for text in cards:
            site, value = text.split()
            c = D.card_id(D.site_index(site), int(value))
            st.draw[D.card_site(c)].remove(c)
            st.players[seat].hand.append(c)
    for i, p in enumerate(st.players):
        if i in hands:
            k = 0
            while len(p.hand) < D.hand_size:
                if st.draw[k % len(D.sites)]:
                    p.hand.append(st.draw[k % len(D.sites)].pop(0))
                k += 1
        else:
            for s in range(len(D.sites)):
                p.hand.append(st.draw[s].pop(0))
        p.hand.sort()


def act(st, *texts: str) -> list:
    events = []
    for text in texts:
        events += RULES.apply(st, Action.parse(text))
        RULES.check_invariants(st)
    return events


def finish_draws(st) -> list:
    """Refill every hand that needs it (first legal pile)."""
    events = []
    while st.phase == DRAW:
        events += act(st, RULES.legal_actions(st)[0].text)
    return events


def of_type(events, kind: str) -> list[dict]:
    return [e.args for e in events if e.type == kind]


# ------------------------------------------------------- §4 worked examples
def leave_alone(st, seat: int, other: int):
    """`seat` leaves in wave 1 while `other` robs a harmless card."""
    return act(st, f"{seat} leave", f"{other} play hotel 1")


def test_e1_santa_fe_exchange_at_three_to_one():
    st = position(new_game(2), town=SANTA_FE, guard=0, stacks={"hotel": [2, 3]},
                  loot={0: ["horses 5", "saloon 3", "saloon 4"]}, hands={1: ["hotel 1"]})
    st.rng = Dice("six", "six", "six", "six", "six")
    ev = leave_alone(st, 0, 1)
    assert st.phase == CARRY and st.queue == [0] and st.players[0].carry_limit == 1
    ev = act(st, "0 exchange")
    (x,) = of_type(ev, "exchanged")
    assert (x["local"], x["rate"], x["foreign"], x["nuggets"]) == (12, 3, 0, 4)
    assert st.players[0].nuggets == 4 and st.players[0].loot == []
    assert st.players[0].earned[SANTA_FE] == 4


def test_e2_foreign_loot_is_one_to_one():
    assert "bank" not in D.towns[SANTA_FE].sites and D.towns[SANTA_FE].rate == 3
    st = position(new_game(2), town=SANTA_FE, guard=0, stacks={"hotel": [2]},
                  loot={0: ["bank 5"]}, hands={1: ["hotel 1"]})
    st.rng = Dice("six", "six", "six", "six", "six")
    leave_alone(st, 0, 1)
    ev = act(st, "0 exchange")
    (x,) = of_type(ev, "exchanged")
    assert (x["local"], x["foreign"], x["nuggets"]) == (0, 5, 5)
    assert st.players[0].nuggets == 5


def test_e13_keep_one_exchange_rest_round_down():
    st = position(new_game(2), town=SANTA_FE, guard=0, stacks={"hotel": [2]},
                  loot={0: ["horses 4", "saloon 5", "bank 3"]}, hands={1: ["hotel 1"]})
    st.rng = Dice("six", "six", "six", "six", "six")
    bag_before = len(st.bag)
    leave_alone(st, 0, 1)
    ev = act(st, "0 keep saloon 5")  # wave 1: one tile, so the exchange follows at once
    (x,) = of_type(ev, "exchanged")
    assert (x["local"], x["foreign"], x["nuggets"], x["carried"]) == (4, 3, 4, 1)
    assert st.players[0].nuggets == 4
    assert loot_of(st, 0) == [("saloon", 5)]
    # exchanged tiles go back into the bag (+2), the hotel tile robbed by seat 1 left the town
    assert len(st.bag) == bag_before + 2


def e3_e4_position(dice_after_e4: tuple[str, ...]):
    """E3/E4 with 5 players: Jesse 0 (guard), Little Joe 1, Bill 2, Jane 3, Joe 4."""
    st = position(
        new_game(5), town=SANTA_FE, guard=0, sheriff=3,
        stacks={"hotel": [1, 2, 3], "gold": [1, 2]},
        loot={0: ["bank 5", "horses 3"], 1: ["saloon 6", "hotel 4"], 2: ["bank 1"],
              3: ["gold 4", "hotel 5"], 4: ["pasture 6"]},
        nuggets={i: 10 for i in range(5)},
        hands={2: ["hotel 5", "gold 8"], 3: ["gold 3"], 4: ["hotel 2", "hotel 8"]})
    # round 1 rolls the 2 free dice (one star), round 2 rolls the last die
    st.rng = Dice("star", "brand", *dice_after_e4)
    # E3: Jesse and Little Joe leave in the same round: both wave 1
    ev = act(st, "0 leave", "1 leave", "2 play hotel 5", "3 play gold 3", "4 play hotel 2")
    assert of_type(ev, "wave_left") == [{"seats": [0, 1], "wave": 1}]
    assert st.wave == 1 and st.phase == CARRY and st.queue == [0, 1]
    assert st.players[0].carry_limit == st.players[1].carry_limit == 1
    ev = act(st, "0 keep bank 5")  # one tile: done; horses 3 at 3:1 -> 1
    assert of_type(ev, "exchanged")[0]["nuggets"] == 1
    assert st.queue == [1]
    ev = act(st, "1 keep saloon 6")  # hotel 4 at 3:1 -> 1
    assert of_type(ev, "exchanged")[0]["nuggets"] == 1
    assert loot_of(st, 0) == [("bank", 5)] and loot_of(st, 1) == [("saloon", 6)]
    assert st.players[0].nuggets == st.players[1].nuggets == 11
    # the others roll: one more star -> 4 on the sheriff space
    (roll,) = of_type(ev, "dice_rolled")
    assert roll["faces"] == ["star", "brand"] and st.sheriff == 4
    # Bill (hotel 5) takes hotel 1, Joe (hotel 2) hotel 2, Jane gold 1
    assert [(e["seat"], e["value"]) for e in of_type(ev, "loot_taken")] == [(3, 1), (2, 1), (4, 2)]
    finish_draws(st)
    # E4: the guard has left, so Bill (first clockwise still in town) decides first
    assert st.phase == DECIDE and st.queue == [2, 3, 4]
    ev = act(st, "2 leave", "3 leave", "4 play hotel 8")
    assert of_type(ev, "wave_left") == [{"seats": [2, 3], "wave": 2}]
    assert st.players[2].carry_limit == st.players[3].carry_limit == 2
    act(st, "2 keep bank 1", "2 keep hotel 1")  # two tiles: done
    assert loot_of(st, 2) == [("bank", 1), ("hotel", 1)]
    # Jane keeps fewer than she may; hotel 5 + gold 1 = 6 local -> 2
    ev = act(st, "3 keep gold 4", "3 exchange")
    assert of_type(ev, "exchanged")[0]["nuggets"] == 2
    assert loot_of(st, 3) == [("gold", 4)]
    return st, ev


def test_e3_e4_e6_bust_hits_only_the_last_robber():
    st, ev = e3_e4_position(("star",))
    kept = {s: loot_of(st, s) for s in range(4)}
    nuggets = [p.nuggets for p in st.players]
    (roll,) = of_type(ev, "dice_rolled")
    assert roll["faces"] == ["star"] and roll["sheriff"] == 5 and st.bust
    assert of_type(ev, "bust") == [{"lost": [[4, 2]]}]
    assert of_type(ev, "loot_taken") == []
    assert st.players[4].loot == []  # carried pasture 6 and robbed hotel 2 are gone
    assert [p.nuggets for p in st.players] == nuggets
    assert {s: loot_of(st, s) for s in range(4)} == kept
    # the played card is still discarded and Joe refills before the next town
    assert st.phase == DRAW and st.queue == [4]
    assert D.card_id(D.site_index("hotel"), 8) in st.discard[D.site_index("hotel")]
    ev = finish_draws(st)
    assert of_type(ev, "town_ended") == [{"town": "santa_fe", "bust": True}]
    assert st.town == SANTA_FE + 1 and st.guard == 1 and st.sheriff == 0 and st.wave == 0
    assert all(p.in_town for p in st.players) and len(st.players[4].hand) == D.hand_size
    assert {s: loot_of(st, s) for s in range(4)} == kept


def test_e5_third_wave_carries_three():
    st, ev = e3_e4_position(("brand",))
    assert st.sheriff == 4 and not st.bust
    assert of_type(ev, "loot_taken") == [{"seat": 4, "site": "hotel", "value": 3}]
    finish_draws(st)
    assert st.queue == [4]
    ev = act(st, "4 leave")
    assert of_type(ev, "wave_left") == [{"seats": [4], "wave": 3}]
    assert st.players[4].carry_limit == 3
    ev = act(st, "4 keep pasture 6", "4 keep hotel 2", "4 keep hotel 3")
    assert loot_of(st, 4) == [("hotel", 2), ("hotel", 3), ("pasture", 6)]
    assert of_type(ev, "dice_rolled") == []  # nobody left in town: no roll
    assert st.town == SANTA_FE + 1


def test_e7_emptied_town_everyone_carries_two():
    st = position(new_game(3), town=SANTA_FE, guard=1, stacks={"hotel": [1]},
                  loot={0: ["horses 5", "horses 4", "saloon 3"], 1: ["bank 2", "gold 2", "gold 3"],
                        2: ["pasture 6"]},
                  hands={0: ["gold 1"], 1: ["hotel 8"], 2: ["bank 3"]})
    st.rng = Dice("brand", "six", "six", "brand", "six")
    ev = act(st, "1 play hotel 8", "2 play bank 3", "0 play gold 1")
    assert of_type(ev, "loot_taken") == [{"seat": 1, "site": "hotel", "value": 1}]
    ev = finish_draws(st)
    assert of_type(ev, "town_emptied") == [{"seats": [1, 2, 0], "carry": 2}]
    assert st.phase == CARRY and st.queue == [1, 2, 0]
    assert all(p.carry_limit == 2 for p in st.players)
    act(st, "1 keep bank 2", "1 keep gold 3")  # gold 2 + hotel 1 = 3 local -> 1
    act(st, "2 keep pasture 6")  # all it has: done
    ev = act(st, "0 keep horses 5", "0 keep horses 4")  # saloon 3 -> 1
    assert [p.nuggets for p in st.players] == [1, 1, 0]
    assert loot_of(st, 1) == [("bank", 2), ("gold", 3)]
    assert of_type(ev, "town_ended") and st.town == SANTA_FE + 1 and st.guard == 2


def test_e8_pasture_needs_a_brand():
    st = position(new_game(2), guard=0, sheriff=2, stacks={"pasture": [3, 4]},
                  hands={0: ["pasture 6"], 1: ["pasture 2"]})
    st.rng = Dice("six", "six", "star")
    ev = act(st, "0 play pasture 6", "1 play pasture 2")
    assert of_type(ev, "loot_taken") == []
    assert [(e["seat"], e["why"]) for e in of_type(ev, "loot_missed")] == [(0, "no_brand"),
                                                                             (1, "no_brand")]
    assert stack_of(st, "pasture") == [3, 4] and st.sheriff == 3
    assert st.players[0].loot == st.players[1].loot == []


def test_e9_saloon_needs_a_six():
    st = position(new_game(2), guard=0, sheriff=3, stacks={"saloon": [3]},
                  hands={0: ["saloon 8"]})
    st.rng = Dice("brand", "brand")
    ev = act(st, "0 play saloon 8", "1 leave")
    assert of_type(ev, "loot_missed") == [{"seat": 0, "site": "saloon", "why": "no_six"}]
    assert stack_of(st, "saloon") == [3] and st.players[0].loot == []


def test_brand_and_six_pay_out():
    st = position(new_game(2), guard=0, stacks={"saloon": [3], "pasture": [4]},
                  hands={0: ["saloon 1"], 1: ["pasture 1"]})
    st.rng = Dice("brand", "star", "star", "six", "star")
    ev = act(st, "0 play saloon 1", "1 play pasture 1")
    assert sorted((e["seat"], e["site"]) for e in of_type(ev, "loot_taken")) == [
        (0, "saloon"), (1, "pasture")]


def test_stars_give_no_brand_or_six_only_rolled_dice_count():
    # 4 dice on the sheriff space; the one rolled die shows a six: no brand anywhere
    st = position(new_game(2), guard=0, sheriff=4, stacks={"pasture": [4], "saloon": [5]},
                  hands={0: ["pasture 1"], 1: ["saloon 1"]})
    st.rng = Dice("six")
    ev = act(st, "0 play pasture 1", "1 play saloon 1")
    assert of_type(ev, "loot_taken") == [{"seat": 1, "site": "saloon", "value": 5}]
    assert of_type(ev, "loot_missed") == [{"seat": 0, "site": "pasture", "why": "no_brand"}]


def test_e10_highest_card_takes_the_top_tile_first():
    st = position(new_game(3), guard=0, stacks={"bank": [1, 3, 4]},
                  hands={0: ["bank 7"], 1: ["bank 2"], 2: ["bank 5"]})
    st.rng = Dice("brand", "brand", "six", "six", "star")
    ev = act(st, "0 play bank 7", "1 play bank 2", "2 play bank 5")
    assert [(e["seat"], e["value"]) for e in of_type(ev, "loot_taken")] == [(0, 1), (2, 3), (1, 4)]
    assert loot_of(st, 0) == [("bank", 1)] and loot_of(st, 2) == [("bank", 3)]
    assert loot_of(st, 1) == [("bank", 4)]
    assert stack_of(st, "bank") == []


def test_e11_empty_stack_gives_nothing_to_later_players():
    st = position(new_game(3), guard=0, stacks={"gold": [2], "hotel": [1]},
                  hands={0: ["gold 4"], 1: ["gold 8"], 2: ["hotel 3"]})
    st.rng = Dice("brand", "brand", "six", "six", "star")
    ev = act(st, "0 play gold 4", "1 play gold 8", "2 play hotel 3")
    assert loot_of(st, 1) == [("gold", 2)] and st.players[0].loot == []
    assert of_type(ev, "loot_missed") == [{"seat": 0, "site": "gold", "why": "empty"}]
    # sites do not affect each other
    assert loot_of(st, 2) == [("hotel", 1)]


def test_e12_final_exchange_one_to_one_and_result():
    st = position(new_game(2), town=EL_PASO, guard=0, wave=1, stacks={"hotel": [1]},
                  loot={0: ["bank 5", "saloon 6"]}, nuggets={0: 40, 1: 12})
    st.rng = Dice()
    # both leave in the same round (wave 2): nobody is left, the game ends
    ev = act(st, "0 leave", "1 leave", "0 keep bank 5", "0 keep saloon 6")
    assert of_type(ev, "dice_rolled") == []
    assert of_type(ev, "final_exchange") == [{"seat": 0, "tiles": 2, "nuggets": 11},
                                             {"seat": 1, "tiles": 0, "nuggets": 0}]
    assert st.phase == OVER and RULES.is_over(st) and RULES.to_act(st) == []
    assert RULES.legal_actions(st) == []
    r = RULES.result(st)
    assert r.scores == [51, 12] and r.winners == [0] and r.ranks == [1, 2]
    assert r.tiebreak == "none"
    assert r.categories[-1] == "category.final_exchange"
    assert r.breakdown[0]["category.final_exchange"] == 11
    assert r.breakdown[0]["town.deadwood"] == 40
    for seat in range(2):
        assert sum(r.breakdown[seat].values()) == r.scores[seat]
    assert of_type(ev, "game_over") == [{"winners": [0], "scores": [51, 12]}]
    with pytest.raises(IllegalAction):
        RULES.apply(st, Action.parse("0 leave"))


# ----------------------------------------------------------- §3 edge cases
def test_setup_hands_stacks_guard():
    for seed in range(20):
        st = new_game(4, seed)
        for p in st.players:  # one card of each kind
            assert sorted(D.card_site(c) for c in p.hand) == list(range(len(D.sites)))
            assert p.loot == [] and p.nuggets == 0 and p.in_town
        assert sum(len(s) for s in st.stacks) == 18  # Deadwood has all six sites
        for s in st.stacks:  # lowest value on top (the end of the list)
            vals = [D.tile_value[t] for t in s]
            assert vals == sorted(vals, reverse=True)
        assert st.town == 0 and st.sheriff == 0 and st.wave == 0
        assert st.phase == DECIDE and st.queue == clockwise(st, st.guard)
        assert RULES.to_act(st) == [st.guard]
        RULES.check_invariants(st)


def test_cards_never_tie_within_a_kind():
    keys = [card_key(c) for c in range(D.n_cards)]
    assert len(set(keys)) == D.n_cards == 48
    for s in D.sites:
        assert sorted(v for site, v in keys if site == s.id) == list(range(1, 9))


def test_loot_per_town_option():
    assert sum(len(s) for s in new_game(3, 1, loot_per_town=20).stacks) == 20
    st = new_game(3, 1, loot_per_town=20)
    st = position(st, town=SANTA_FE, guard=0)
    ev = act(st, "0 leave", "1 leave", "2 leave")
    (stocked,) = of_type(ev, "town_stocked")
    assert stocked["drawn"] == 20 and stocked["town"] == "san_diego"
    assert sum(len(s) for s in st.stacks) == 20 - stocked["returned"]
    # tiles for sites the town lacks went back into the bag
    assert all(not st.stacks[D.site_index(s)] for s in ("saloon", "pasture"))


def test_decision_order_starts_with_the_guard():
    st = position(new_game(4), guard=2, stacks={"hotel": [1, 2, 3, 4]})
    assert st.queue == [2, 3, 0, 1] and RULES.to_act(st) == [2]
    with pytest.raises(IllegalAction):
        RULES.apply(st, Action.parse("0 leave"))
    assert RULES.legal_actions(st, 0) == []
    act(st, "2 leave")
    assert RULES.to_act(st) == [3]


def test_guard_who_left_still_rolls_and_next_seat_decides_first():
    st = position(new_game(4), guard=3, stacks={"hotel": [1, 2, 3, 4]},
                  hands={0: ["hotel 1"], 1: ["hotel 2"], 2: ["hotel 3"]})
    st.rng = Dice("brand", "brand", "six", "six", "six", "brand", "brand", "six", "six", "six")
    ev = act(st, "3 leave", "0 play hotel 1", "1 play hotel 2", "2 play hotel 3")
    (roll,) = of_type(ev, "dice_rolled")
    assert roll["guard"] == 3 and len(roll["faces"]) == 5
    finish_draws(st)
    assert st.queue == [0, 1, 2] and st.guard == 3
    ev = act(st, RULES.legal_actions(st)[0].text, "1 leave")
    ev += act(st, RULES.legal_actions(st)[0].text)
    assert of_type(ev, "wave_left") == [{"seats": [1], "wave": 2}]  # the guard left in wave 1
    assert st.phase == CARRY and st.players[1].carry_limit == 2
    ev += act(st, "1 exchange")
    assert of_type(ev, "dice_rolled")[0]["guard"] == 3


def test_leavers_are_safe_from_this_rounds_bust():
    st = position(new_game(3), guard=0, sheriff=4, stacks={"hotel": [1]},
                  loot={0: ["bank 4", "gold 5"], 1: ["hotel 5"], 2: ["horses 2"]},
                  nuggets={0: 3, 1: 4, 2: 5}, hands={1: ["hotel 6"], 2: ["hotel 7"]})
    st.rng = Dice("star")
    ev = act(st, "0 leave", "1 play hotel 6", "2 play hotel 7", "0 keep gold 5")
    assert of_type(ev, "bust") == [{"lost": [[1, 1], [2, 1]]}]
    assert loot_of(st, 0) == [("gold", 5)]
    assert st.players[1].loot == st.players[2].loot == []
    assert [p.nuggets for p in st.players] == [4, 4, 5]  # bank 4 at 4:1 -> 1; the rest keep theirs
    assert stack_of(st, "hotel") == [1]  # no loot handed out in a bust


def test_nobody_left_no_dice_and_town_ends():
    st = position(new_game(3), guard=1, stacks={"hotel": [1, 2]}, loot={2: ["bank 3"]})
    st.rng = Dice("star", "star", "star", "star", "star")
    ev = act(st, "1 leave", "2 leave", "0 leave")
    assert of_type(ev, "wave_left") == [{"seats": [1, 2, 0], "wave": 1}]
    assert st.phase == CARRY and st.queue == [2]  # seats without loot have nothing to choose
    ev = act(st, "2 exchange")
    assert of_type(ev, "dice_rolled") == [] and of_type(ev, "cards_revealed") == []
    assert len(st.rng.script) == 5
    assert of_type(ev, "town_ended") == [{"town": "deadwood", "bust": False}]
    assert st.town == 1 and st.guard == 2 and st.phase == DECIDE and st.queue == [2, 0, 1]


def test_card_for_a_missing_site_gives_nothing():
    st = position(new_game(2), town=SANTA_FE, guard=0, stacks={"hotel": [1]},
                  hands={0: ["bank 8"], 1: ["hotel 2"]})
    st.rng = Dice("brand", "brand", "six", "six", "six")
    assert Action.parse("0 play bank 8") in RULES.legal_actions(st)  # allowed, just useless
    ev = act(st, "0 play bank 8", "1 play hotel 2")
    assert of_type(ev, "loot_missed") == [{"seat": 0, "site": "bank", "why": "no_site"}]
    assert st.players[0].loot == [] and loot_of(st, 1) == [("hotel", 1)]


def test_waves_count_only_rounds_with_leavers():
    st = position(new_game(3), guard=0, stacks={"hotel": [1, 2, 3, 4, 5]},
                  loot={2: ["bank 1", "bank 2", "bank 3"]},
                  hands={0: ["hotel 1", "hotel 2", "hotel 3"], 1: ["hotel 4", "hotel 5", "hotel 6"],
                         2: ["hotel 7"]})
    st.rng = Dice(*["brand"] * 10)
    act(st, "0 play hotel 1", "1 play hotel 4", "2 play hotel 7")  # no leavers: no wave
    finish_draws(st)
    assert st.wave == 0
    ev = act(st, "0 play hotel 2", "1 play hotel 5", "2 leave")
    assert of_type(ev, "wave_left") == [{"seats": [2], "wave": 1}]
    # 3 carried-in tiles and the hotel 1 robbed in round 1: only 1 may go on
    assert st.players[2].carry_limit == 1
    assert [a.text for a in RULES.legal_actions(st)] == [
        "2 keep bank 1", "2 keep bank 2", "2 keep bank 3", "2 keep hotel 1", "2 exchange"]
    act(st, "2 keep bank 3")
    assert loot_of(st, 2) == [("bank", 3)]
    assert st.players[2].nuggets == st.players[2].earned[0] == (1 + 2 + 1) // 4


def test_carry_limit_includes_tiles_from_earlier_towns():
    st = position(new_game(2), town=SANTA_FE, guard=0, wave=1, stacks={"hotel": [1]},
                  loot={0: ["bank 5", "bank 4", "gold 1"]})
    act(st, "0 leave", "1 leave")
    assert st.players[0].carry_limit == 2
    ev = act(st, "0 keep bank 5", "0 keep bank 4")  # the limit reached: gold 1 is exchanged
    assert of_type(ev, "exchanged")[0]["nuggets"] == 0  # 1 at 3:1, remainder lost
    assert loot_of(st, 0) == [("bank", 4), ("bank", 5)]
    assert st.town == SANTA_FE + 1


def test_leaver_may_carry_fewer_or_nothing():
    st = position(new_game(2), guard=0, wave=3, stacks={"hotel": [1]},
                  loot={0: ["bank 5", "gold 3", "hotel 4"]})
    ev = act(st, "0 leave", "1 leave")
    assert st.players[0].carry_limit == 4 and of_type(ev, "wave_left")[0]["wave"] == 4
    ev = act(st, "0 exchange")
    (x,) = of_type(ev, "exchanged")
    assert x["carried"] == 0 and x["nuggets"] == 12 // 4
    assert st.players[0].loot == []


def test_leaver_without_loot_has_no_carry_step():
    st = position(new_game(2), guard=0, stacks={"hotel": [1]}, hands={1: ["hotel 1"]})
    st.rng = Dice("brand", "brand", "brand", "brand", "brand")
    ev = act(st, "0 leave", "1 play hotel 1")
    assert of_type(ev, "left_empty") == [{"seat": 0}]
    assert of_type(ev, "dice_rolled")


def test_emptied_carry_is_two_whatever_the_wave():
    st = position(new_game(2), guard=0, wave=3, stacks={"hotel": [1]},
                  loot={0: ["bank 1", "bank 2", "bank 3", "bank 4"]},
                  hands={0: ["bank 8"], 1: ["hotel 5"]})
    st.rng = Dice(*["brand"] * 5)
    act(st, "0 play bank 8", "1 play hotel 5")
    ev = finish_draws(st)
    assert of_type(ev, "town_emptied") == [{"seats": [0, 1], "carry": 2}]


def test_emptied_carry_option_wave():
    st = position(new_game(2, emptied_carry="wave"), guard=0, wave=3, stacks={"hotel": [1]},
                  loot={0: ["bank 1", "bank 2", "bank 3", "bank 4", "bank 5"]},
                  hands={0: ["bank 8"], 1: ["hotel 5"]})
    st.rng = Dice(*["brand"] * 5)
    act(st, "0 play bank 8", "1 play hotel 5")
    ev = finish_draws(st)
    assert of_type(ev, "town_emptied") == [{"seats": [0, 1], "carry": 4}]
    act(st, "0 keep bank 5", "0 keep bank 4", "0 keep bank 3", "0 keep bank 2")
    assert len(st.players[0].loot) == 4
    # and with no wave yet it is still at least 2
    st = position(new_game(2, emptied_carry="wave"), guard=0, stacks={"hotel": [1]},
                  hands={0: ["bank 8"], 1: ["hotel 5"]})
    st.rng = Dice(*["brand"] * 5)
    act(st, "0 play bank 8", "1 play hotel 5")
    assert of_type(finish_draws(st), "town_emptied")[0]["carry"] == 2


def test_emptied_town_only_stayers_carry_two():
    st = position(new_game(3), town=SANTA_FE, guard=0, stacks={"hotel": [1]},
                  loot={0: ["bank 1", "bank 2"], 1: ["gold 1", "gold 2", "gold 3"]},
                  hands={1: ["hotel 5"], 2: ["hotel 2"]})
    st.rng = Dice(*["brand"] * 5)
    act(st, "0 leave", "1 play hotel 5", "2 play hotel 2", "0 keep bank 2")
    assert loot_of(st, 0) == [("bank", 2)]
    ev = finish_draws(st)
    assert of_type(ev, "town_emptied") == [{"seats": [1, 2], "carry": 2}]
    assert st.queue == [1]  # seat 2 holds nothing
    act(st, "1 keep gold 3", "1 keep hotel 1")
    assert st.town == SANTA_FE + 1 and loot_of(st, 0) == [("bank", 2)]


def test_bust_returns_carried_loot_and_keeps_nuggets():
    st = position(new_game(2), town=2, guard=1, sheriff=3,
                  stacks={"hotel": [1]}, loot={0: ["pasture 6", "saloon 6"], 1: ["bank 5"]},
                  nuggets={0: 17, 1: 9}, hands={0: ["hotel 3"], 1: ["hotel 4"]})
    st.rng = Dice("star", "star")
    held = st.players[0].loot + st.players[1].loot
    ev = act(st, "1 play hotel 4", "0 play hotel 3")
    assert of_type(ev, "bust") == [{"lost": [[1, 1], [0, 2]]}]
    assert all(t in st.bag for t in held)
    assert [p.nuggets for p in st.players] == [17, 9]
    ev = finish_draws(st)
    assert st.town == 3 and st.guard == 0
    assert all(len(p.hand) == D.hand_size for p in st.players)


def test_discard_pile_turned_over_without_shuffling():
    st = position(new_game(2), guard=0, stacks={"hotel": [1, 2]},
                  hands={0: ["bank 1"], 1: ["bank 2"]})
    bank = D.site_index("bank")
    # move the remaining bank draw pile onto the discard pile in a known order
    st.discard[bank] = sorted(st.draw[bank], key=lambda c: -D.card_value(c))
    st.draw[bank] = []
    first_discarded = st.discard[bank][0]
    order = st.discard[bank][:]
    st.rng = Dice(*["brand"] * 5)
    act(st, "0 play bank 1", "1 play bank 2")  # both go on top of the discard pile
    assert st.discard[bank] == order + [D.card_id(bank, 1), D.card_id(bank, 2)]
    assert st.phase == DRAW and st.queue == [0, 1]
    ev = act(st, "0 draw bank")
    assert of_type(ev, "pile_turned") == [{"site": "bank"}]
    assert st.discard[bank] == []
    assert first_discarded in st.players[0].hand
    act(st, "1 draw bank")
    assert order[1] in st.players[1].hand
    assert st.draw[bank] == list(reversed(order[2:] + [D.card_id(bank, 1), D.card_id(bank, 2)]))


def test_refill_to_six_by_choice_in_turn_order_from_guard():
    st = position(new_game(4), guard=2, stacks={"hotel": [1, 2, 3, 4]},
                  hands={0: ["hotel 1"], 2: ["hotel 3"], 3: ["hotel 4"]})
    st.rng = Dice(*["brand"] * 5)
    act(st, "2 play hotel 3", "3 play hotel 4", "0 play hotel 1", "1 leave")
    assert st.phase == DRAW and st.queue == [2, 3, 0]
    assert RULES.to_act(st) == [2]
    assert len(RULES.legal_actions(st)) == len(D.sites)  # any pile, not just the played kind
    with pytest.raises(IllegalAction):
        RULES.apply(st, Action.parse("0 draw bank"))
    gold = D.site_index("gold")
    top = st.draw[gold][-1]
    act(st, "2 draw gold")
    assert top in st.players[2].hand and len(st.players[2].hand) == D.hand_size
    assert RULES.to_act(st) == [3]
    act(st, "3 draw saloon", "0 draw hotel")
    assert st.phase == DECIDE and all(len(p.hand) == D.hand_size for p in st.players)
    assert st.queue == [2, 3, 0]


def test_guard_passes_left_at_each_new_town():
    st = position(new_game(3), guard=2, stacks={"hotel": [1]})
    act(st, "2 leave", "0 leave", "1 leave")
    assert st.town == 1 and st.guard == 0 and st.queue == [0, 1, 2]
    st = position(st, guard=0, stacks={"hotel": [1]})
    act(st, "0 leave", "1 leave", "2 leave")
    assert st.town == 2 and st.guard == 1


def test_town_end_returns_town_tiles_and_restocks():
    st = position(new_game(2), guard=0, stacks={"hotel": [1, 2, 3], "bank": [4]})
    ev = act(st, "0 leave", "1 leave")
    (stocked,) = of_type(ev, "town_stocked")
    assert stocked["town"] == "cheyenne" and stocked["drawn"] == 18
    assert sum(len(s) for s in st.stacks) == 18 - stocked["returned"]
    assert not st.stacks[D.site_index("gold")]  # Cheyenne has no gold mine
    for s in st.stacks:
        vals = [D.tile_value[t] for t in s]
        assert vals == sorted(vals, reverse=True)


def test_short_bag_draws_all_and_a_town_without_loot_ends_at_once():
    everything = [f"{s.id} {v}" for s in D.sites for v in s.loot]
    p0 = [x for x in everything if x.split()[0] in ("bank", "gold", "hotel")]
    p1 = [x for x in everything if x.split()[0] == "horses"] + ["saloon 3", "saloon 4"]
    st = position(new_game(2), town=SANTA_FE, guard=0, wave=30, loot={0: p0, 1: p1})
    assert len(st.bag) == 10  # saloon and pasture tiles only: San Diego has neither
    act(st, "0 leave", "1 leave")
    ev = act(st, *[f"0 keep {x}" for x in p0], *[f"1 keep {x}" for x in p1])
    assert not of_type(ev, "exchanged")  # everything carried: nothing exchanged
    assert [len(p.loot) for p in st.players] == [len(p0), len(p1)]
    (stocked,) = of_type(ev, "town_stocked")
    assert stocked == {"town": "san_diego", "drawn": 10, "returned": 10, "guard": 1}
    # nothing to rob: the town counts as emptied at once (design: every seat carries 2)
    assert of_type(ev, "town_emptied") == [{"seats": [1, 0], "carry": 2}]
    assert st.phase == CARRY and st.queue == [1, 0]
    act(st, "1 exchange", "0 exchange")
    assert st.town == SANTA_FE + 2 and st.phase == DECIDE
    assert st.players[0].nuggets > 0 and sum(len(s) for s in st.stacks) > 0


def test_keep_two_tiles_of_equal_site_and_value():
    st = position(new_game(2), guard=0, wave=1, stacks={"hotel": [1]},
                  loot={0: ["gold 4", "gold 4", "gold 5"]})
    act(st, "0 leave", "1 leave", "0 keep gold 4")
    assert [a.text for a in RULES.legal_actions(st)] == ["0 keep gold 4", "0 keep gold 5",
                                                          "0 exchange"]
    act(st, "0 keep gold 4")
    assert loot_of(st, 0) == [("gold", 4), ("gold", 4)] and st.players[0].nuggets == 1


def test_tie_shares_the_win():
    st = position(new_game(3), town=EL_PASO, guard=0, stacks={"hotel": [1]},
                  loot={1: ["bank 2"]}, nuggets={0: 20, 1: 18, 2: 5})
    act(st, "0 leave", "1 leave", "2 leave", "1 keep bank 2")
    assert st.phase == OVER
    r = RULES.result(st)
    assert r.scores == [20, 20, 5] and r.winners == [0, 1] and r.ranks == [1, 1, 3]
    assert r.tiebreak == "tiebreak.shared"
    assert [sum(b.values()) for b in r.breakdown] == r.scores


def test_final_town_leavers_exchange_at_one_to_one():
    st = position(new_game(2), town=EL_PASO, guard=0, stacks={"hotel": [1]},
                  loot={0: ["bank 3", "saloon 5"]})
    act(st, "0 leave", "1 leave", "0 exchange")
    assert st.players[0].nuggets == 8 and st.players[0].earned[EL_PASO] == 8


# ------------------------------------------------------- illegal actions
def test_illegal_actions_leave_the_state_unchanged():
    st = position(new_game(3), guard=0, stacks={"hotel": [1, 2]}, loot={0: ["bank 2", "gold 1"]},
                  hands={0: ["hotel 1", "bank 2"]})
    st.rng = Rng(5)

    def rejected(text):
        before = RULES.to_json(st)
        with pytest.raises(IllegalAction):
            RULES.apply(st, Action.parse(text))
        assert RULES.to_json(st) == before

    absent = next(f"hotel {v}" for v in range(8, 0, -1)
                  if ("hotel", v) not in hand_of(st, 0))
    for text in ("1 leave", f"0 play {absent}", "0 play bank 2 extra", "0 play casino 1",
                 "0 keep bank 2", "0 exchange", "0 draw bank", "0 steal", "5 leave",
                 "-1 leave", "0 play hotel one"):
        rejected(text)
    with pytest.raises(IllegalAction):
        Action.parse("leave")
    act(st, "0 leave")
    for text in ("0 play hotel 1", "0 leave", "1 keep bank 2", "1 exchange"):
        rejected(text)
    act(st, "1 leave", "2 leave")
    assert st.phase == CARRY and st.queue == [0]
    for text in ("0 keep bank 5", "0 keep hotel 1", "0 draw bank", "0 leave", "1 exchange"):
        rejected(text)


# ------------------------------------------------------------ invariants
def extra_invariants(st) -> None:
    """Rules facts the state must show between decisions, beyond check_invariants."""
    if st.phase == OVER:
        return
    town = D.towns[st.town]
    for si, stack in enumerate(st.stacks):  # tiles only on this town's sites
        assert not stack or D.sites[si].id in town.sites
    assert st.sheriff < D.dice_count or st.phase == DRAW
    if st.phase == DECIDE:
        assert st.sheriff < D.dice_count and any(st.stacks)
        for p in st.players:  # everyone holds 6 cards (one of them may lie face down)
            assert len(p.hand) + (p.played is not None) == D.hand_size
        waiting = [s for s in clockwise(st, st.guard)
                   if st.players[s].in_town and not st.players[s].decided]
        assert st.queue == waiting
    if st.phase == CARRY:
        for s in st.queue:
            assert not st.players[s].in_town and st.players[s].carry_limit >= 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_invariants_over_random_games(n):
    for seed in range(30):
        m = Match(RULES, Config(seats=[Seat(f"P{i}", "bot:easy") for i in range(n)], seed=seed))
        RULES.check_invariants(m.state)
        nuggets = [0] * n
        towns_seen = {0}
        steps = 0
        while not m.is_over():
            m.apply(m.bot_action(m.to_act()[0]))
            RULES.check_invariants(m.state)
            extra_invariants(m.state)
            now = [p.nuggets for p in m.state.players]
            assert all(a >= b for a, b in zip(now, nuggets, strict=True))
            nuggets = now
            towns_seen.add(m.state.town)
            steps += 1
            assert steps < 5000
        assert towns_seen == set(range(len(D.towns)))
        r = RULES.result(m.state)
        assert r.scores == nuggets
        assert [sum(b.values()) for b in r.breakdown] == r.scores
        assert all(p.loot == [] for p in m.state.players)
        assert len(m.state.bag) == D.n_tiles
        assert r.winners == [i for i, s in enumerate(r.scores) if s == max(r.scores)]


def test_invariants_over_normal_bot_games_and_replay():
    """The normal bot stays longer, so emptied towns and turned piles happen too."""
    seen = set()
    for n in (2, 3, 4, 5):
        for seed in range(6):
            cfg = Config(seats=[Seat(f"P{i}", "bot:normal") for i in range(n)], seed=seed)
            m = Match(RULES, cfg)
            nuggets = [0] * n
            while not m.is_over():
                seen.update(e.type for e in m.apply(m.bot_action(m.to_act()[0])))
                RULES.check_invariants(m.state)
                extra_invariants(m.state)
                now = [p.nuggets for p in m.state.players]
                assert all(a >= b for a, b in zip(now, nuggets, strict=True))
                nuggets = now
            again = Match.replay(RULES, cfg, [a.text for a in m.actions])
            assert RULES.to_json(again.state) == RULES.to_json(m.state)
    assert {"bust", "town_emptied", "pile_turned", "wave_left", "final_exchange"} <= seen
