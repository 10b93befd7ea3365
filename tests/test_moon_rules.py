"""Moon River rules: the rulebook's scoring example and every case of spec moon_river.md §6
(R1-R21), plus the edge cases of skulls, helpers, forced expansion, the last round, the
draft and the two-player game. States are built directly (a player's ranch, storage, cows
and helpers), with the 96 squares, 32 cows and 20 helpers kept conserved so that
`check_invariants` still holds on them."""
import pytest

from games.core.action import Action
from games.core.contract import Config, ConfigError, Seat
from games.core.errors import IllegalAction
from games.moon_river import MoonRules
from games.moon_river import ranch as R
from games.moon_river.state import (
    BONUS,
    CHOOSE,
    COWBOY,
    DISCARD,
    EXPAND,
    HIRE,
    OVER,
    PLACE,
    RAIDER,
    RUSTLER,
    SKULL,
)

RULES = MoonRules()
D = RULES.data
A = Action.of

BY_DESIGN: dict[str, list[str]] = {}
for _s in D.squares:
    BY_DESIGN.setdefault(_s.design, []).append(_s.id)


class Pool:
    """Hands out distinct squares of a design (D1, C4, A3 ... as in squares.yaml)."""

    def __init__(self):
        self.used: dict[str, int] = {}

    def __call__(self, design: str) -> str:
        i = self.used.get(design, 0)
        self.used[design] = i + 1
        return BY_DESIGN[design][i]


# ------------------------------------------------------------------ building states
def new(n=3, seed=1, **opts):
    return RULES.setup(Config([Seat(f"P{i}", "human", i) for i in range(n)], seed, opts))


def placed(n=3, seed=1, **opts):
    """A game after the rancheros are placed: the first seat has taken its square and
    (holding one) stands at the choose step."""
    st = new(n, seed, **opts)
    while st.phase == PLACE:
        RULES.apply(st, RULES.legal_actions(st)[0])
    return st


def _grab(st, sid: str, keep: set[str]) -> None:
    """Take square `sid` out of wherever it is (a column, a storage or the removed squares get
    a box square instead)."""
    if sid in st.pile:
        st.pile.remove(sid)
        return
    for col in (st.cur, st.nxt, st.removed, *(p.held for p in st.players)):
        if sid in col:
            spare = next(s for s in st.pile if s not in keep)
            st.pile.remove(spare)
            col[col.index(sid)] = spare
            return
    raise AssertionError(f"{sid} is not free")


def give(st, seat, held=(), ranch=None, cows=None, helpers=None):
    """Set a seat's storage, ranch {cell: square}, cows {cell: k} and helpers {cell: side},
    returning its previous squares, cows and helpers so the components stay conserved."""
    p = st.players[seat]
    st.pile[:0] = p.held + [s for s in p.ranch.values() if "/" not in s]
    st.supply += sum(p.cows.values())
    for hs in p.helpers.values():
        st.piles[0][:0] = [h[0] for h in hs]
    p.held, p.ranch, p.cows, p.helpers = [], {}, {}, {}
    ranch = dict(ranch or {})
    keep = set(held) | set(ranch.values())
    for sid in keep:
        if "/" not in sid:
            _grab(st, sid, keep)
    p.held = list(held)
    p.ranch = ranch
    p.cows = {c: k for c, k in (cows or {}).items() if k}
    st.supply -= sum(p.cows.values())
    assert st.supply >= 0
    for c, side in (helpers or {}).items():
        pile = next(pl for pl in st.piles
                    if any(side in ("cowboy", D.specialists[t]) for t in pl))
        token = next(t for t in pile if side in ("cowboy", D.specialists[t]))
        pile.remove(token)
        p.helpers[c] = [[token, side]]
    return p


def expanding(st, seat=None):
    """Put the game at `seat`'s expansion step (the seat acting now by default)."""
    if seat is not None:
        st.current = seat
    st.phase, st.parcels, st.pending, st.fresh = EXPAND, 0, [], []
    return st


def build(st, a, b, ca, cb):
    return RULES.apply(st, A(st.current, "build", a, b, *ca, *cb))


def types(events):
    return [e.type for e in events]


def verbs(st):
    return {a.verb for a in RULES.legal_actions(st)}


def strip(d):
    return {k.removeprefix("category.moon."): v for k, v in d.items()}


# ------------------------------------------------------------------ R1 scoring example
def sveta(pool):
    """Sveta's ranch (spec §3.12) on the 5x5 grid, board cell (2, 0):
         y4  D D D D D        desert 5 (2 with a nugget), 1 cow
         y3  C C C C C        canyon 7 (1 nugget), 3 cows
         y2  C C M M M        meadow 3 (1 nugget), 2 cows
         y1  A A K K F        farm 4, 4 cows (one square holds 2 before overpopulation)
         y0  A A # K K        cornfields 5+5+4+4 corn, forest 1 (a beaver), no cows
    """
    d = [pool("D2"), pool("D2"), pool("D1"), pool("D1"), pool("D1")]
    c = [pool("C2")] + [pool("C1") for _ in range(6)]
    m = [pool("M3"), pool("M2"), pool("M2")]
    a = [pool("A2"), pool("A1"), pool("A1"), pool("A1")]
    k = [pool("K2"), pool("K2"), pool("K1"), pool("K1")]
    ranch = {(x, 4): d[x] for x in range(5)}
    ranch.update({(x, 3): c[x] for x in range(5)})
    ranch.update({(0, 2): c[5], (1, 2): c[6], (2, 2): m[0], (3, 2): m[1], (4, 2): m[2]})
    ranch.update({(0, 0): a[0], (1, 0): a[1], (0, 1): a[2], (1, 1): a[3]})
    ranch.update({(2, 1): k[0], (3, 1): k[1], (3, 0): k[2], (4, 0): k[3], (4, 1): pool("F6")})
    cows = {(0, 4): 1, (0, 3): 1, (2, 3): 1, (4, 3): 1, (2, 2): 1, (4, 2): 1,
            (0, 0): 1, (1, 0): 1, (0, 1): 1, (1, 1): 2}
    return ranch, cows


def test_r1_rulebook_scoring_example_is_89():
    st = placed(3)
    ranch, cows = sveta(Pool())
    give(st, 0, ranch=ranch, cows=cows, helpers={(0, 0): "farmer"})
    b = strip(RULES.breakdown(st, 0))
    assert b == {"desert": 5, "canyon": 21, "meadow": 6, "forest": 0, "farm": 16,
                 "gold": 4, "beaver": 1, "corn": 18, "prospector": 0, "hunter": 0,
                 "farmer": 18, "scenario": 0}
    assert sum(b.values()) == 89
    assert RULES.result(st).scores[0] == 89


def test_r1_and_r6_overpopulation_at_the_end():
    """The game's end caps every square at one cow, returning the rest to the supply."""
    st = placed(3)
    ranch, cows = sveta(Pool())
    give(st, 0, ranch=ranch, cows=cows, helpers={(0, 0): "farmer"})
    supply = st.supply
    ev = []
    RULES._game_over(st, ev)
    assert st.phase == OVER and st.players[0].cows[(1, 1)] == 1
    assert st.supply == supply + 1
    assert ("overpopulation", 0, 1) in [(e.type, e.args.get("seat"), e.args.get("cows")) for e in ev]
    assert RULES.result(st).scores[0] == 89
    assert st.supply + sum(sum(p.cows.values()) for p in st.players) == D.cows


def test_r6_two_cows_on_a_meadow_square_lose_one():
    st = placed(3)
    pool = Pool()
    give(st, 1, ranch={(0, 0): pool("M2"), (0, 1): pool("M2")}, cows={(0, 0): 2})
    assert RULES.breakdown(st, 1)["category.moon.meadow"] == 2   # 2 squares x 1 cow, capped
    RULES._game_over(st, [])
    assert st.players[1].cows == {(0, 0): 1}


# ------------------------------------------------------------------ R2-R4 skulls and order
def skull_state():
    st = expanding(placed(3))
    return st, st.current, Pool()


def test_r2_skull_on_canyon_and_desert():
    st, me, pool = skull_state()
    cs, ds = pool("C4"), pool("D4")
    give(st, me, held=[cs, ds],
         ranch={(0, 0): pool("C1"), (0, 1): pool("C1"), (1, 0): pool("D1"), (1, 1): pool("D1")},
         cows={(0, 0): 1, (0, 1): 1})
    supply = st.supply
    build(st, cs, ds, (0, 2), (1, 2))
    assert st.phase == SKULL   # two canyon squares hold cows: the player chooses
    assert set(RULES.legal_actions(st)) == {A(me, "drought", 0, 0), A(me, "drought", 0, 1)}
    ev = RULES.apply(st, A(me, "drought", 0, 1))
    assert st.players[me].cows == {(0, 0): 1} and st.supply == supply + 1
    assert "drought_harmless" in types(ev)      # the desert area has no cow
    assert st.phase != SKULL
    RULES.check_invariants(st)


def test_r3_two_skulls_extending_one_area_remove_two_cows():
    st, me, pool = skull_state()
    s1, s2 = pool("C4"), pool("C4")
    give(st, me, held=[s1, s2], ranch={(0, 0): pool("C1"), (0, 1): pool("C1")},
         cows={(0, 0): 1, (0, 1): 1})
    supply = st.supply
    build(st, s1, s2, (0, 2), (1, 2))
    assert st.phase == SKULL
    RULES.apply(st, A(me, "drought", 0, 0))   # the second skull has one choice left: automatic
    assert st.players[me].cows == {} and st.supply == supply + 2
    RULES.check_invariants(st)


def test_r4_symbols_resolve_cows_then_skulls_then_circles():
    st, me, pool = skull_state()
    farm, skull = pool("A3"), pool("C4")
    give(st, me, held=[farm, skull], ranch={(0, 0): pool("C1"), (0, 1): pool("C1")}, cows={(0, 1): 1})
    ev = build(st, farm, skull, (1, 2), (0, 2))
    assert st.players[me].cows == {(1, 2): 1}   # the farm's cow came, the canyon's went
    assert st.phase == HIRE and st.pending[0] == ["circle", 1, 2]
    t = types(ev)
    assert t.index("cow_placed") < t.index("drought")
    table = next(i for i, x in enumerate(st.saloon) if x is not None)
    side = D.specialists[st.saloon[table]]
    ev = RULES.apply(st, A(me, "hire", table, side))
    assert "helper_hired" in types(ev) and st.saloon[table] is None
    assert [h[1] for h in st.players[me].helpers[(1, 2)]] == [side]   # on the circle's square
    RULES.check_invariants(st)


# ------------------------------------------------------------------ skull edge cases
def test_skull_starting_a_new_area_is_ignored_even_with_a_cow_beside_it():
    st, me, pool = skull_state()
    cow, skull = pool("C3"), pool("C4")
    give(st, me, held=[cow, skull], ranch={(0, 0): pool("D1")}, cows={(0, 0): 1})
    ev = build(st, cow, skull, (4, 0), (4, 1))   # on a bridge, no canyon was there before
    assert st.players[me].cows == {(0, 0): 1, (4, 0): 1}
    assert "drought_harmless" in types(ev) and "drought" not in types(ev)


def test_skull_takes_the_cow_placed_by_the_same_parcel():
    st, me, pool = skull_state()
    cow, skull = pool("C3"), pool("C4")
    give(st, me, held=[cow, skull], ranch={(0, 0): pool("C1")})
    supply = st.supply
    ev = build(st, cow, skull, (0, 1), (0, 2))   # extends a cowless canyon area
    assert types(ev).count("cow_placed") == 1 and "drought" in types(ev)
    assert st.players[me].cows == {} and st.supply == supply


def test_skull_joining_two_areas_counts_the_merged_area():
    st, me, pool = skull_state()
    skull, other = pool("C4"), pool("D1")
    # canyon at (0,0) without cows, canyon at (0,2) with a cow: the skull at (0,1) joins them
    give(st, me, held=[skull, other], ranch={(0, 0): pool("C1"), (0, 2): pool("C1"),
                                             (1, 2): pool("D1")}, cows={(0, 2): 1})
    build(st, skull, other, (0, 1), (1, 1))
    assert st.players[me].cows == {}


def test_skull_on_an_area_without_cows_is_harmless_and_dead_afterwards():
    st, me, pool = skull_state()
    skull, other = pool("D4"), pool("D1")
    give(st, me, held=[skull, other], ranch={(0, 0): pool("D1")}, cows={})
    ev = build(st, skull, other, (0, 1), (0, 2))
    assert "drought_harmless" in types(ev)
    # later parcels next to the old skull do not trigger it again
    c1, c2 = pool("D3"), pool("D1")
    st.players[me].held = []
    give(st, me, held=[c1, c2], ranch=dict(st.players[me].ranch), cows={(0, 0): 1})
    expanding(st)
    ev = build(st, c1, c2, (1, 1), (1, 2))
    assert "drought" not in types(ev) and "drought_harmless" not in types(ev)
    assert sum(st.players[me].cows.values()) == 2


def test_skull_choice_only_among_squares_of_that_area():
    st, me, pool = skull_state()
    skull, other = pool("C4"), pool("C1")
    give(st, me, held=[skull, other],
         ranch={(0, 0): pool("C1"), (0, 1): pool("C1"), (1, 0): pool("D1")},
         cows={(0, 0): 1, (0, 1): 2, (1, 0): 1})
    build(st, skull, other, (0, 2), (1, 2))
    assert st.phase == SKULL
    cells = {(int(a.args[0]), int(a.args[1])) for a in RULES.legal_actions(st)}
    assert cells == {(0, 0), (0, 1)}   # the desert cow is safe
    with pytest.raises(IllegalAction):
        RULES.apply(st, A(me, "drought", 1, 0))


# ------------------------------------------------------------------ R5 the Cowboy
def cowboy_state(pool, extra_ranch=None, cows=None):
    """Desert row y=1 (x 0..4), canyon at (0,0), (1,0); a Cowboy hired with a desert parcel
    at (0,2), (1,2)."""
    st = expanding(placed(3))
    me = st.current
    circle, plain = pool("D5"), pool("D1")
    ranch = {(x, 1): pool("D1") for x in range(5)}
    ranch.update({(0, 0): pool("C1"), (1, 0): pool("C1")})
    ranch.update(extra_ranch or {})
    give(st, me, held=[circle, plain], ranch=ranch, cows=cows or {(0, 1): 1, (4, 1): 1})
    build(st, circle, plain, (0, 2), (1, 2))
    table = next(i for i, x in enumerate(st.saloon) if x is not None)
    RULES.apply(st, A(me, "hire", table, "cowboy"))
    return st, me


def test_r5_cowboy_moves_one_cow_one_step_and_another_two():
    st, me = cowboy_state(Pool())
    assert st.phase == COWBOY and st.steps == 3
    RULES.apply(st, A(me, "move", 0, 1, 1, 1))            # X one step
    RULES.apply(st, A(me, "move", 4, 1, 3, 1))            # Y two steps
    ev = RULES.apply(st, A(me, "move", 3, 1, 2, 1))
    assert st.players[me].cows == {(1, 1): 1, (2, 1): 1}
    assert st.phase != COWBOY and "cow_moved" in types(ev)  # three steps used up
    RULES.check_invariants(st)


def test_cowboy_may_move_the_same_cow_three_times_and_stop_early():
    st, me = cowboy_state(Pool())
    for x in (0, 1, 2):
        RULES.apply(st, A(me, "move", x, 1, x + 1, 1))
    assert st.players[me].cows == {(3, 1): 1, (4, 1): 1}
    st2, me2 = cowboy_state(Pool())
    RULES.apply(st2, A(me2, "move", 0, 1, 0, 0))   # onto the canyon: any cow terrain
    RULES.apply(st2, A(me2, "stop"))
    assert st2.players[me2].cows == {(0, 0): 1, (4, 1): 1} and st2.phase != COWBOY


def test_cowboy_never_enters_or_crosses_a_cornfield():
    pool = Pool()
    # a cornfield at (2,1) splits the meadow row: (1,1) -> (2,1) is never offered
    st, me = cowboy_state(pool, extra_ranch={(2, 1): pool("K1")}, cows={(1, 1): 1})
    moves = {(int(a.args[2]), int(a.args[3])) for a in RULES.legal_actions(st) if a.verb == "move"}
    assert (2, 1) not in moves and moves == {(0, 1), (1, 0), (1, 2)}
    with pytest.raises(IllegalAction):
        RULES.apply(st, A(me, "move", 1, 1, 2, 1))
    # nor can a cow go around it inside three steps: (1,1) -> (3,1) needs the cornfield
    reach = {(1, 1)}
    for _ in range(3):
        reach |= {n for c in reach for n in R.neighbours(c)
                  if n in st.players[me].ranch and R.face_of(D, st.players[me].ranch[n]).terrain != "cornfield"}
    assert (3, 1) not in reach


def test_cowboy_may_enter_an_old_skull_square():
    pool = Pool()
    st, me = cowboy_state(pool, extra_ranch={(2, 1): pool("D4")}, cows={(1, 1): 1})
    p = st.players[me]
    assert A(me, "move", 1, 1, 2, 1) in RULES.legal_actions(st)
    RULES.apply(st, A(me, "move", 1, 1, 2, 1))
    assert p.cows == {(2, 1): 1}
    RULES.check_invariants(st)


def test_cowboy_without_cows_to_move_ends_at_once():
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    circle, plain = pool("M1"), pool("M3")
    give(st, me, held=[circle, plain], ranch={(0, 0): pool("M3")})
    build(st, circle, plain, (0, 1), (0, 2))
    table = next(i for i, x in enumerate(st.saloon) if x is not None)
    RULES.apply(st, A(me, "hire", table, "cowboy"))
    assert st.phase != COWBOY and st.players[me].helpers[(0, 1)][0][1] == "cowboy"


# ------------------------------------------------------------------ Raider, Rustler
def hire_state(pool, side_cell=(0, 1), square_design="M1", ranch=None, held_extra=()):
    """The acting seat has attached a circle square at side_cell and must hire."""
    st = expanding(placed(3))
    me = st.current
    circle, plain = pool(square_design), pool("M3")
    base = {(0, 0): pool("M3")}
    base.update(ranch or {})
    give(st, me, held=[circle, plain, *held_extra], ranch=base)
    build(st, circle, plain, side_cell, (side_cell[0], side_cell[1] + 1))
    assert st.phase == HIRE
    return st, me


def saloon_with(st, side):
    """Put a token with this specialist on saloon table 0 (swapping with the piles)."""
    if st.saloon[0] is not None and D.specialists[st.saloon[0]] == side:
        return 0
    pile = next(pl for pl in st.piles if any(D.specialists[t] == side for t in pl))
    t = next(t for t in pile if D.specialists[t] == side)
    pile[pile.index(t)] = st.saloon[0]
    st.saloon[0] = t
    return 0


def test_r21_raider_cannot_swap_with_an_empty_storage():
    pool = Pool()
    st, me = hire_state(pool, held_extra=[pool("D1")])
    others = [o for o in range(st.n) if o != me]
    give(st, others[0], held=[])
    give(st, others[1], held=[pool("K2")])
    ev = RULES.apply(st, A(me, "hire", saloon_with(st, "raider"), "raider"))
    assert st.phase == RAIDER, types(ev)
    swaps = [a for a in RULES.legal_actions(st) if a.verb == "swap"]
    assert swaps and {int(a.args[1]) for a in swaps} == {others[1]}
    mine = st.players[me].held[0]
    RULES.apply(st, A(me, "swap", mine, others[1], BY_DESIGN["K2"][0]))
    assert st.players[me].held == [BY_DESIGN["K2"][0]] and st.players[others[1]].held == [mine]
    RULES.check_invariants(st)


def test_raider_is_skipped_when_every_other_storage_is_empty_or_mine_is():
    pool = Pool()
    st, me = hire_state(pool, held_extra=[pool("D1")])
    for o in range(st.n):
        if o != me:
            give(st, o, held=[])
    RULES.apply(st, A(me, "hire", saloon_with(st, "raider"), "raider"))
    assert st.phase != RAIDER
    pool = Pool()
    st, me = hire_state(pool)   # nothing left in my own storage
    give(st, (me + 1) % st.n, held=[pool("K2")])
    RULES.apply(st, A(me, "hire", saloon_with(st, "raider"), "raider"))
    assert st.phase != RAIDER


def test_raider_skip_keeps_storages():
    pool = Pool()
    st, me = hire_state(pool, held_extra=[pool("D1")])
    o = (me + 1) % st.n
    give(st, o, held=[pool("K2")])
    RULES.apply(st, A(me, "hire", saloon_with(st, "raider"), "raider"))
    RULES.apply(st, A(me, "skip"))
    assert st.players[o].held == [BY_DESIGN["K2"][0]] and st.phase != RAIDER


def test_r7_rustler_steals_only_unprotected_cows_onto_its_square():
    pool = Pool()
    st, me = hire_state(pool)
    o1, o2 = [o for o in range(st.n) if o != me]
    # o1: a guarded meadow area (a helper on (0,1)) and an open canyon cow
    give(st, o1, ranch={(0, 0): pool("M3"), (0, 1): pool("M1"), (4, 0): pool("C1")},
         cows={(0, 0): 1, (4, 0): 2}, helpers={(0, 1): "cowboy"})
    give(st, o2, ranch={(0, 0): pool("D1")}, cows={})
    RULES.apply(st, A(me, "hire", saloon_with(st, "rustler"), "rustler"))
    assert st.phase == RUSTLER
    steals = [a for a in RULES.legal_actions(st) if a.verb == "steal"]
    assert steals == [A(me, "steal", o1, 4, 0)]
    with pytest.raises(IllegalAction):
        RULES.apply(st, A(me, "steal", o1, 0, 0))
    RULES.apply(st, A(me, "steal", o1, 4, 0))
    assert st.players[o1].cows == {(0, 0): 1, (4, 0): 1}
    assert st.players[me].cows.get((0, 1)) == 1      # on the Rustler's square
    RULES.check_invariants(st)


def test_rustler_with_nothing_to_steal_is_skipped():
    pool = Pool()
    st, me = hire_state(pool)
    for o in range(st.n):
        if o != me:
            give(st, o, ranch={(0, 0): pool("M2"), (0, 1): pool("M3")}, cows={(0, 0): 1},
                 helpers={(0, 1): "hunter"})
    RULES.apply(st, A(me, "hire", saloon_with(st, "rustler"), "rustler"))
    assert st.phase != RUSTLER


def test_rustler_on_a_cornfield_cannot_steal():
    """Design decision (spec §3.8): cows cannot stand on a cornfield, so a Rustler placed
    there cannot be used. No printed cornfield has a circle; the state is built."""
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    corn = pool("K1")
    give(st, me, ranch={(0, 0): corn})
    o = (me + 1) % st.n
    give(st, o, ranch={(0, 0): pool("M2")}, cows={(0, 0): 1})
    st.phase, st.pending, st.fresh = HIRE, [["circle", 0, 0]], [(0, 0)]
    RULES.apply(st, A(me, "hire", saloon_with(st, "rustler"), "rustler"))
    assert st.phase != RUSTLER and st.players[o].cows == {(0, 0): 1}
    assert st.players[me].helpers[(0, 0)][0][1] == "rustler"


def test_hire_offers_both_sides_and_an_empty_saloon_does_nothing():
    pool = Pool()
    st, me = hire_state(pool)
    sides = {(int(a.args[0]), a.args[1]) for a in RULES.legal_actions(st)}
    for i, t in enumerate(st.saloon):
        if t is not None:
            assert (i, "cowboy") in sides and (i, D.specialists[t]) in sides
    # with every table empty the circle does nothing
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    circle, plain = pool("M1"), pool("M3")
    give(st, me, held=[circle, plain], ranch={(0, 0): pool("M3")})
    st.piles[0] += [t for t in st.saloon if t is not None]
    st.saloon = [None] * len(st.saloon)
    ev = build(st, circle, plain, (0, 1), (0, 2))
    assert "saloon_empty" in types(ev) and st.phase != HIRE and not st.players[me].helpers


def test_every_helper_protects_its_area_whatever_its_side():
    st = placed(3)
    for side in ("cowboy", "raider", "rustler", "prospector", "hunter", "farmer"):
        pool = Pool()
        p = give(st, 1, ranch={(0, 0): pool("M3"), (0, 1): pool("M3"), (4, 0): pool("C1")},
                 cows={(0, 0): 1, (4, 0): 1}, helpers={(0, 1): side})
        terr = R.terrain_map(D, p)
        assert R.protected(terr, p, (0, 0)) and not R.protected(terr, p, (4, 0))
        give(st, 1)


# ------------------------------------------------------------------ attachment rules
def test_attachment_needs_a_bridge_or_a_matching_neighbour_inside_the_grid():
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    a, b = pool("D1"), pool("C1")
    give(st, me, held=[a, b], ranch={(0, 0): pool("C1")})
    legal = RULES.legal_actions(st)
    # the canyon half next to the canyon square: fine
    assert A(me, "build", b, a, 0, 1, 0, 2) in legal
    # the desert half next to the canyon, the canyon half away from it: no match
    assert A(me, "build", a, b, 0, 1, 0, 2) not in legal
    # on a bridge any terrain goes; the board cell and cells off the grid never
    assert A(me, "build", a, b, 4, 0, 4, 1) in legal
    assert A(me, "build", a, b, 2, 1, 2, 0) not in legal
    assert A(me, "build", a, b, 4, 4, 4, 5) not in legal
    assert A(me, "build", b, a, 0, 1, 0, 0) not in legal   # overlapping
    with pytest.raises(IllegalAction):
        RULES.apply(st, A(me, "build", a, b, 1, 2, 1, 3))   # floating in the air
    for act in legal:
        if act.verb == "build":
            assert RULES.is_legal(st, act)


# ------------------------------------------------------------------ storage and expansion
def test_forced_expansion_when_the_storage_is_full():
    pool = Pool()
    st = placed(3)
    me = st.current
    nxt = next(r for r in st.cur_r if r >= 0)       # the seat playing next this round
    give(st, nxt, held=[pool("D1"), pool("D1"), pool("C1")])
    RULES.apply(st, RULES.legal_actions(st)[0])      # me chooses; nxt takes a 4th square
    assert st.current == nxt and st.phase == EXPAND and len(st.players[nxt].held) == 4
    assert "done" not in verbs(st) and me != nxt
    act = next(a for a in RULES.legal_actions(st) if a.verb == "build")
    RULES.apply(st, act)
    assert len(st.players[nxt].held) == 2
    assert st.phase == EXPAND and "done" in verbs(st)   # a second parcel is optional
    RULES.check_invariants(st)


def test_r19_nothing_fits_with_full_storage_discard_two():
    pool = Pool()
    st = placed(3)
    nxt = next(r for r in st.cur_r if r >= 0)
    canyon = {(0, 0): pool("C1"), (0, 1): pool("C1"), (2, 1): pool("C1"), (2, 2): pool("C1"),
              (4, 0): pool("C1"), (4, 1): pool("C1")}   # every bridge covered, only canyon fits
    give(st, nxt, held=[pool("D1"), pool("D1"), pool("D1")], ranch=canyon)
    st.nxt[:] = st.nxt   # the column is untouched
    cur_slot = next(i for i, r in enumerate(st.cur_r) if r == nxt)
    old = st.cur[cur_slot]
    desert = pool("D2")
    st.pile.remove(desert)
    st.pile.append(old)
    st.cur[cur_slot] = desert                        # nxt will take a desert square too
    RULES.apply(st, RULES.legal_actions(st)[0])
    assert st.current == nxt and st.phase == DISCARD
    legal = RULES.legal_actions(st)
    assert len(legal) == 6 and {a.verb for a in legal} == {"discard"}   # any 2 of the 4
    RULES.apply(st, A(nxt, "discard", BY_DESIGN["D1"][0], desert))
    p = st.players[nxt]
    assert len(p.held) == 2 and sorted(p.discarded) == sorted([BY_DESIGN["D1"][0], desert])
    assert st.phase == CHOOSE
    RULES.check_invariants(st)


def test_not_forced_when_storage_has_room_and_done_is_legal():
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    give(st, me, held=[pool("D1"), pool("D1")])
    assert "done" in verbs(st) and "build" in verbs(st)
    RULES.apply(st, A(me, "done"))
    assert st.phase == CHOOSE and len(st.players[me].held) == 2


def test_two_parcels_with_four_squares_each_resolved_before_the_next():
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    a1, a2, b1, b2 = pool("A1"), pool("A1"), pool("D1"), pool("D3")
    give(st, me, held=[a1, a2, b1, b2])
    ev = build(st, a1, a2, (0, 0), (0, 1))
    assert types(ev).count("cow_placed") == 2 and st.phase == EXPAND
    assert st.players[me].cows == {(0, 0): 1, (0, 1): 1}   # resolved before the second
    build(st, b1, b2, (4, 0), (4, 1))
    assert st.parcels == 2 and st.phase == CHOOSE and not st.players[me].held


def test_at_most_two_parcels_per_turn_outside_the_last_round():
    """Design decision (spec §3.3): Mary's 4 storage slots can hold 5 squares after taking
    one; she still attaches two parcels at most."""
    pool = Pool()
    st = expanding(placed(4, variant="legends", scenario="1"))
    me = st.current
    give(st, me, held=[pool("D1") for _ in range(5)])
    st.players[me].board = "mary"
    for _ in range(2):
        act = next(a for a in RULES.legal_actions(st) if a.verb == "build")
        RULES.apply(st, act)
    assert st.phase == CHOOSE and len(st.players[me].held) == 1


# ------------------------------------------------------------------ the draft
def calm(st):
    """A quiet move: choose or end the expansion when possible, else the first legal one."""
    legal = RULES.legal_actions(st)
    return next((a for a in legal if a.verb in ("choose", "done")), legal[0])


def test_column_sorted_lowest_nearest_the_box():
    for seed in range(5):
        st = new(4, seed)
        nums = [D.square_by_id[s].number for s in st.cur]
        assert nums == sorted(nums)
        nums = [D.square_by_id[s].number for s in st.nxt if s is not None]
        assert nums == [] or nums == sorted(nums)


def test_turn_order_follows_the_column_nearest_the_box_first():
    """Whenever a seat acts, every ranchero nearer the box has played and those farther have not."""
    for n in (2, 3, 4):
        st = placed(n, seed=3)
        rounds, slots = set(), []
        while st.round < 5:
            assert st.cur_r[st.slot] == -1 and all(r < 0 for r in st.cur_r[:st.slot])
            rounds.add(st.round)
            slots.append((st.round, st.slot))
            RULES.apply(st, calm(st))
        for r in rounds:   # slots strictly rise within a round
            seq = list(dict.fromkeys(sl for rr, sl in slots if rr == r))
            assert seq == sorted(seq)


def test_r18_three_players_remove_the_unchosen_square_each_column():
    st = new(3, 2)
    assert st.cur[0] is not None and len(st.removed) == 0
    first = list(st.cur)
    while st.phase == PLACE:
        RULES.apply(st, RULES.legal_actions(st)[0])
    assert len(st.removed) == 1 and st.removed[0] in first
    for rnd in range(2, 5):
        while st.round < rnd:
            RULES.apply(st, calm(st))
        assert len(st.removed) == rnd   # one per column taken so far
        assert sum(1 for r in st.cur_r if r >= 0) + sum(1 for s in st.cur if s is not None) >= 3
        RULES.check_invariants(st)


def test_four_players_the_last_ranchero_has_no_choice():
    st = new(4, 5)
    assert st.phase == PLACE
    ev = []
    for _ in range(3):
        ev += RULES.apply(st, RULES.legal_actions(st)[0])
    assert not st.place_order and st.phase != PLACE
    assert types(ev).count("ranchero_placed") == 4 and not st.removed
    # in the round the last seat to choose is placed by the rules too
    chooses = 0
    rnd = st.round
    while st.round == rnd:
        if st.phase == CHOOSE:
            chooses += 1
        RULES.apply(st, calm(st))
    assert chooses == 3


# ------------------------------------------------------------------ two players
def test_two_players_ranch_5x10_order_abba_two_turns_per_round():
    st = new(2, 4)
    assert RULES.depth(st) == 10
    a, b = st.place_order[0], st.place_order[1]
    assert st.place_order == [a, b, b, a] and a != b
    ev = []
    for who in (a, b, b):
        assert st.phase == PLACE and st.current == who
        ev += RULES.apply(st, RULES.legal_actions(st)[0])
    placed_by = [e.args["seat"] for e in ev if e.type == "ranchero_placed"]
    assert placed_by == [a, b, b, a]          # the last ranchero went on the last square itself
    for _ in range(3):                        # every round: two turns per seat
        while True:
            ev += RULES.apply(st, calm(st))
            starts = [i for i, e in enumerate(ev) if e.type == "round_started"]
            if len(starts) >= 2:
                break
        rnd = ev[starts[0]:starts[1]]
        taken = [e.args["seat"] for e in rnd if e.type == "square_taken"]
        assert sorted(taken) == [0, 0, 1, 1]
        ev = ev[starts[1]:]


def two_player_bonus_state(pool):
    """Seat `me` has a farm column up to row 8 and holds a farm parcel for rows 8-9."""
    st = expanding(placed(2, seed=6))
    me = st.current
    ranch = {(0, y): pool("A1") if y % 2 else pool("A2") for y in range(8)}
    held = [pool("A1"), pool("A1")]
    give(st, me, held=held, ranch=ranch)
    return st, me, held


def test_bonus_tiles_first_and_second_to_reach_the_tenth_row():
    pool = Pool()
    st, me, held = two_player_bonus_state(pool)
    build(st, held[0], held[1], (0, 8), (0, 9))
    assert st.phase == BONUS and st.players[me].bonus_done
    opts = RULES.legal_actions(st)
    assert {a.args[0] for a in opts} == {"bonus_a", "bonus_b"} and {a.args[1] for a in opts} == {"0", "1"}
    act = next(a for a in opts if a.args[:2] == ("bonus_a", "0") and a.args[2:] == ("1", "9"))
    supply = st.supply
    ev = RULES.apply(st, act)
    assert st.players[me].ranch[(1, 9)] == "bonus_a/0"
    assert st.players[me].cows.get((1, 9)) == 2 and st.supply == supply - 2   # its effect
    assert st.bonus_left == ["bonus_b"] and "bonus_tile" in types(ev)
    assert st.phase in (EXPAND, CHOOSE)
    RULES.check_invariants(st)
    # a later parcel in row 9 brings nothing more
    more = [pool("A1"), pool("A1")]
    p = st.players[me]
    give(st, me, held=more, ranch=dict(p.ranch), cows=dict(p.cows))
    expanding(st)
    build(st, more[0], more[1], (2, 9), (3, 9))
    assert st.phase != BONUS
    # the other player reaching row 9 takes the remaining tile
    other = 1 - me
    o_held = [pool("C2"), pool("C2")]
    give(st, other, held=o_held, ranch={(4, y): pool("C1") if y < 6 else pool("C2") for y in range(8)})
    expanding(st, other)
    build(st, o_held[0], o_held[1], (4, 8), (4, 9))
    assert st.phase == BONUS and {a.args[0] for a in RULES.legal_actions(st)} == {"bonus_b"}


def test_bonus_tile_that_cannot_be_attached_is_removed():
    pool = Pool()
    st = expanding(placed(2, seed=6))
    me = st.current
    # desert only, every bridge covered: no bonus side (farm, meadow, forest, canyon) fits
    ranch = {(0, y): pool("D1") if y < 7 else pool("D3") for y in range(8)}
    ranch.update({(2, 1): pool("D2"), (4, 0): pool("D2")})
    held = [pool("D2"), pool("D2")]
    give(st, me, held=held, ranch=ranch)
    ev = build(st, held[0], held[1], (0, 8), (0, 9))
    # the rulebook: the player takes a tile of their choice; it is removed as it fits nowhere
    assert st.phase == BONUS and "bonus_lost" not in types(ev) and st.players[me].bonus_done
    assert sorted(a.text for a in RULES.legal_actions(st)) == [f"{me} drop bonus_a", f"{me} drop bonus_b"]
    RULES.check_invariants(st)
    ev = RULES.apply(st, Action.of(me, "drop", "bonus_b"))
    assert st.phase != BONUS and [e.args["tile"] for e in ev if e.type == "bonus_lost"] == ["bonus_b"]
    assert st.bonus_left == ["bonus_a"] and st.bonus_lost == ["bonus_b"]   # the opponent's tile: A
    RULES.check_invariants(st)


def test_the_last_bonus_tile_that_fits_nowhere_leaves_by_itself():
    pool = Pool()
    st = expanding(placed(2, seed=6))
    me = st.current
    st.bonus_lost, st.bonus_left = ["bonus_b"], ["bonus_a"]
    ranch = {(0, y): pool("D1") if y < 7 else pool("D3") for y in range(8)}
    ranch.update({(2, 1): pool("D2"), (4, 0): pool("D2")})
    held = [pool("D2"), pool("D2")]
    give(st, me, held=held, ranch=ranch)
    ev = build(st, held[0], held[1], (0, 8), (0, 9))
    assert st.phase != BONUS and [e.args["tile"] for e in ev if e.type == "bonus_lost"] == ["bonus_a"]
    assert st.bonus_left == [] and sorted(st.bonus_lost) == ["bonus_a", "bonus_b"]
    RULES.check_invariants(st)


def test_a_tile_that_fits_nowhere_may_be_taken_and_removed_while_the_other_fits():
    pool = Pool()
    st = expanding(placed(2, seed=6))
    me = st.current
    # desert and one farm, every bridge covered: farm side A fits, B (forest, canyon) nowhere
    ranch = {(0, y): pool("D1") if y < 6 else pool("D3") for y in range(7)}
    ranch.update({(0, 7): pool("A1"), (2, 1): pool("D2"), (4, 0): pool("D2")})
    held = [pool("A1"), pool("A1")]
    give(st, me, held=held, ranch=ranch)
    build(st, held[0], held[1], (0, 8), (0, 9))
    assert st.phase == BONUS
    legal = RULES.legal_actions(st)
    assert {a.args[0] for a in legal if a.verb == "bonus"} == {"bonus_a"}
    assert [a.text for a in legal if a.verb == "drop"] == [f"{me} drop bonus_b"]
    RULES.apply(st, Action.of(me, "drop", "bonus_b"))   # B taken: it cannot be attached
    assert st.bonus_left == ["bonus_a"] and st.bonus_lost == ["bonus_b"] and st.phase != BONUS
    RULES.check_invariants(st)


def test_three_and_four_players_have_no_bonus_tiles():
    for n in (3, 4):
        st = new(n)
        assert st.bonus_left == [] and RULES.depth(st) == 5


# ------------------------------------------------------------------ the last round
def to_last_round(n=3, seed=1, **opts):
    st = new(n, seed, **opts)
    from games.core.bots import RandomBot
    from games.core.rng import Rng
    bot, rng = RandomBot(), Rng(seed)
    while not st.final:
        RULES.apply(st, bot.choose(RULES, st, st.current, rng))
    return st, bot, rng


def test_last_round_expansion_is_mandatory_and_there_is_no_choose_step():
    st, bot, rng = to_last_round(3, 2)
    assert st.nxt == [] and not st.pile
    while st.phase != OVER:
        assert st.phase != CHOOSE
        if st.phase == EXPAND:
            assert "done" not in verbs(st)
        RULES.apply(st, bot.choose(RULES, st, st.current, rng))
    assert all(not p.held for p in st.players)
    RULES.check_invariants(st)


def last_round(n=3, seed=3):
    """A built last round: the box counts as empty (the next column is gone), so the
    seat acting now has no choose step and must attach what it can."""
    st = expanding(placed(n, seed))
    st.pile += [s for s in st.nxt if s is not None]
    st.final, st.nxt, st.nxt_r = True, [], []
    return st, st.current


def empty_box(st):
    """After the ranches are built: the rest of the box leaves the game, as if used."""
    st.removed += st.pile
    st.pile = []


def test_last_round_repeated_expansion_then_discard_the_rest():
    pool = Pool()
    st, me = last_round()
    give(st, me, held=[pool("D1") for _ in range(7)])   # three parcels fit, one square is left
    empty_box(st)
    builds = 0
    while st.current == me and st.phase == EXPAND:
        assert "done" not in verbs(st)
        RULES.apply(st, next(a for a in RULES.legal_actions(st) if a.verb == "build"))
        builds += 1
    p = st.players[me]
    assert builds == 3 and p.held == [] and len(p.discarded) == 1 and len(p.ranch) == 6
    assert st.current != me and st.phase != CHOOSE
    RULES.check_invariants(st)


def test_last_round_nothing_fits_discard_all():
    pool = Pool()
    st, me = last_round()
    canyon = {(0, 0): pool("C1"), (2, 1): pool("C1"), (4, 0): pool("C1")}
    give(st, me, held=[pool("D1"), pool("D1"), pool("D1")], ranch=canyon)
    empty_box(st)
    ev = []
    RULES._settle_expand(st, ev)
    assert "squares_discarded" in types(ev) and st.players[me].held == []
    assert len(st.players[me].discarded) == 3 and st.current != me
    RULES.check_invariants(st)


def test_last_round_of_two_players_keeps_squares_between_the_two_turns():
    """With two rancheros a seat plays twice in the last round: what does not fit on its
    first turn stays in storage for the second."""
    pool = Pool()
    st, me = last_round(2, seed=5)
    assert me in st.cur_r          # its second ranchero is still in the column
    canyon = {(0, 0): pool("C1"), (2, 1): pool("C1"), (4, 0): pool("C1")}
    give(st, me, held=[pool("D1"), pool("D1")], ranch=canyon)
    RULES._settle_expand(st, [])
    assert len(st.players[me].held) == 2 and not st.players[me].discarded


# ------------------------------------------------------------------ tie-breaks
def tie_ranches(pool, a_cows_extra):
    canyon_cells = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3)]
    a = {c: pool("C1") if i < 6 else pool("C3") for i, c in enumerate(canyon_cells)}
    b = dict(zip(canyon_cells, [pool("C2"), pool("C2"), pool("C2"), pool("C5"), pool("C6"),
                                pool("C4"), pool("C4")], strict=True))
    return canyon_cells, a, b


def test_r20_tie_on_points_and_largest_area_more_cows_wins():
    pool = Pool()
    st = placed(3)
    cells, a, b = tie_ranches(pool, 0)
    # A: canyon 7 x 7 cows + meadow 2 x 2 cows = 53, 9 cows
    a.update({(3, 0): pool("M2"), (4, 0): pool("M2")})
    give(st, 0, ranch=a, cows={**{c: 1 for c in cells}, (3, 0): 1, (4, 0): 1})
    # B: canyon 7 x 7 cows + desert 1 x 1 + 3 nuggets = 53, 8 cows
    b.update({(4, 0): pool("D1")})
    give(st, 1, ranch=b, cows={**{c: 1 for c in cells}, (4, 0): 1})
    give(st, 2, ranch={(0, 0): pool("D1")}, cows={(0, 0): 1})
    r = RULES.result(st)
    assert r.scores[:2] == [53, 53] and R.largest_area(D, st.players[0]) == R.largest_area(D, st.players[1]) == 7
    assert r.winners == [0] and r.ranks[:2] == [1, 2] and r.tiebreak == "tiebreak.moon.cows"


def test_tie_broken_by_the_largest_area_first_then_shared():
    pool = Pool()
    st = placed(3)
    # A: desert 4 squares x 1 cow = 4; B: two canyon areas of 2 with 1 cow each = 4
    give(st, 0, ranch={(0, y): pool("D1") for y in range(4)}, cows={(0, 0): 1})
    give(st, 1, ranch={(0, 0): pool("C1"), (0, 1): pool("C1"), (4, 0): pool("C1"), (4, 1): pool("C1")},
         cows={(0, 0): 1, (4, 0): 1})
    give(st, 2, ranch={(0, 0): pool("M3")}, cows={})
    r = RULES.result(st)
    assert r.scores[:2] == [4, 4] and r.winners == [0] and r.tiebreak == "tiebreak.moon.area"
    give(st, 1, ranch={(0, y): BY_DESIGN["C1"][y] for y in range(4)}, cows={(0, 0): 1})
    r = RULES.result(st)
    assert r.winners == [0, 1] and r.ranks[:2] == [1, 1] and r.tiebreak == "tiebreak.shared"


# ------------------------------------------------------------------ Legends
def test_legends_characters_bridges_and_storage():
    st = new(4, 1, variant="legends", scenario="2")
    want = {"mary": (1, 4, {(2, 1)}), "wesley": (2, 3, {(0, 0), (4, 0)}),
            "calamity_jane": (2, 3, {(1, 0), (3, 0)}), "big_joe": (3, 2, {(1, 0), (2, 1), (3, 0)})}
    assert {p.board for p in st.players} == set(want)
    for seat, p in enumerate(st.players):
        nb, storage, cells = want[p.board]
        b = R.board_of(D, p)
        assert len(b.bridges) == nb and RULES.storage(st, seat) == storage and set(b.bridges) == cells
    assert st.scenario == "gold_rush"
    base = new(4, 1)
    assert all(len(R.board_of(D, p).bridges) == 3 and R.board_of(D, p).storage == 3 for p in base.players)


def legends_boards(n, seed, **chars):
    """The boards dealt to n seats; chars: {"character.<seat from 1>": id}."""
    return [p.board for p in new(n, seed, variant="legends", scenario="1", **chars).players]


def test_legends_each_seat_chooses_its_character_or_gets_a_random_one():
    # §4.1: each player chooses; no choice (or "random") deals one nobody chose
    assert legends_boards(2, 3, **{"character.1": "big_joe", "character.2": "wesley"}) == ["big_joe", "wesley"]
    for seed in range(12):
        boards = legends_boards(3, seed, **{"character.2": "mary", "character.3": "random"})
        assert boards[1] == "mary" and len(set(boards)) == 3 and "base" not in boards
    # random is random: two players are not always Mary against Calamity Jane any more
    pairs = {tuple(legends_boards(2, seed)) for seed in range(30)}
    assert len(pairs) > 4 and all(a != b for a, b in pairs)
    assert legends_boards(2, 7) == legends_boards(2, 7)                     # seeded
    # the base game ignores the choice; one board per character; seats that exist only
    assert [p.board for p in new(2, 1, **{"character.1": "mary"}).players] == ["base", "base"]
    with pytest.raises(ConfigError, match="mary"):
        new(3, 1, variant="legends", **{"character.1": "mary", "character.3": "mary"})
    for bad in ({"character.3": "mary"}, {"character.1": "zorro"}, {"character.0": "mary"},
                {"character.01": "mary"}, {"character": "mary"}):
        with pytest.raises(ConfigError):
            new(2, 1, variant="legends", **bad)


def test_character_and_scenario_options_say_they_belong_to_legends():
    info = RULES.INFO
    assert [o.name for o in info.seat_options] == ["character"]
    assert set(info.seat_options[0].choices) == {"random", *(b.id for b in D.legends_boards)}
    for o in (info.option("scenario"), info.seat_options[0]):
        assert not o.active({"variant": "base"}) and o.active({"variant": "legends"})
    assert info.option("variant").active({"variant": "base"})
    assert info.seat_key("character", 0) == "character.1"
    assert RULES.validate_data()


def test_legends_bridges_decide_where_the_first_parcel_goes():
    pool = Pool()
    st = expanding(placed(4, variant="legends", scenario="1"))
    me = st.current
    a, b = pool("D1"), pool("C1")
    # `bad` is a cell no first parcel may cover (not a bridge nor next to one)
    for board, ok, bad in (("mary", (2, 1), (0, 0)), ("wesley", (0, 0), (2, 1)),
                           ("calamity_jane", (1, 0), (2, 1)), ("big_joe", (2, 1), (0, 1)),
                           ("base", (2, 1), (1, 2))):
        give(st, me, held=[a, b])
        st.players[me].board = board
        cells = {(int(x.args[2]), int(x.args[3])) for x in RULES.legal_actions(st) if x.verb == "build"} | \
                {(int(x.args[4]), int(x.args[5])) for x in RULES.legal_actions(st) if x.verb == "build"}
        assert ok in cells and bad not in cells, board


def test_big_joe_is_forced_with_three_squares():
    pool = Pool()
    st = expanding(placed(4, variant="legends", scenario="4"))
    me = st.current
    give(st, me, held=[pool("D1"), pool("D1"), pool("D1")])
    st.players[me].board = "big_joe"
    assert "done" not in verbs(st)
    st.players[me].board = "mary"
    assert "done" in verbs(st)


def scen(st, seat, scenario):
    st.scenario = scenario
    return RULES.breakdown(st, seat)["category.moon.scenario"]


def test_r8_r9_r16_log_driving():
    pool = Pool()
    st = placed(3)
    six = {(0, y): pool("F5") for y in range(4)} | {(1, 2): pool("F6"), (1, 3): pool("F6")}
    give(st, 0, ranch=six)
    assert scen(st, 0, "log_driving") == 40                                           # R8
    pool = Pool()
    two = {(0, 0): pool("F5"), (0, 1): pool("F5"), (0, 2): pool("F5"),
           (4, 0): pool("F6"), (4, 1): pool("F6"), (4, 2): pool("F6")}
    give(st, 0, ranch=two)
    assert scen(st, 0, "log_driving") == 20                                           # R9
    dry = {(0, y): BY_DESIGN["F5"][y] for y in range(1, 4)} | {(1, 3): BY_DESIGN["F6"][0],
                                                              (1, 4): BY_DESIGN["F6"][1]}
    give(st, 0, ranch=dry)
    assert scen(st, 0, "log_driving") == 0                                            # R16
    assert scen(st, 0, "") == 0


def test_r10_r11_gold_rush():
    pool = Pool()
    st = placed(3)
    vein = {(0, 0): pool("D2"), (0, 1): pool("D2"), (0, 2): pool("C2"), (1, 2): pool("C2"),
            (1, 3): pool("M3"), (1, 4): pool("M3")}
    give(st, 0, ranch=vein | {(2, 3): pool("D1")})
    assert scen(st, 0, "gold_rush") == 40                                             # R10
    pool = Pool()
    veins = {(0, 0): pool("D2"), (0, 1): pool("D2"), (0, 2): pool("D2"),
             (4, 0): pool("C2"), (4, 1): pool("C2"), (4, 2): pool("C2")}
    give(st, 0, ranch=veins)
    assert scen(st, 0, "gold_rush") == 20                                             # R11
    pool = Pool()
    give(st, 0, ranch={(0, 0): pool("D2"), (0, 1): pool("D2")})
    assert scen(st, 0, "gold_rush") == 0   # 2 squares are no vein


def test_gold_rush_counts_nuggets_and_a_two_nugget_tile_counts_two():
    pool = Pool()
    st = placed(2, seed=3)
    give(st, 0, ranch={(0, 0): pool("C2"), (0, 1): pool("C2"), (0, 2): "bonus_b/1"})
    assert scen(st, 0, "gold_rush") == 20   # 3 squares showing 4 nuggets: 10 + 10
    st.bonus_left.remove("bonus_b")
    st.players[0].bonus_done = True
    RULES.check_invariants(st)


def test_r12_r13_r17_outlaws():
    pool = Pool()
    st = placed(3)
    cells = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 4)]
    ranch = {c: pool("D1") for c in cells}
    give(st, 0, ranch=ranch, helpers={c: ("raider" if i == 0 else "cowboy") for i, c in enumerate(cells)})
    assert scen(st, 0, "outlaws") == 40                                               # R12
    pool = Pool()
    two = [(0, 0), (0, 1), (0, 2), (4, 0), (4, 1), (4, 2)]
    give(st, 0, ranch={c: pool("D1") for c in two},
         helpers={c: ("rustler" if c[1] == 0 else "hunter") for c in two})
    assert scen(st, 0, "outlaws") == 20                                               # R13
    pool = Pool()
    four = [(0, 0), (0, 1), (0, 2), (0, 3)]
    give(st, 0, ranch={c: pool("D1") for c in four},
         helpers=dict(zip(four, ("cowboy", "prospector", "hunter", "farmer"), strict=True)))
    assert scen(st, 0, "outlaws") == 0                                                # R17


def test_r14_r15_cowboy_town():
    pool = Pool()
    st = placed(3)
    town = {(0, 0): pool("A1"), (0, 1): pool("A1"), (0, 2): pool("A2"), (1, 2): pool("A2"),
            (1, 3): pool("A3"), (1, 4): pool("A1")}
    give(st, 0, ranch=town)
    assert scen(st, 0, "cowboy_town") == 40                                           # R14
    pool = Pool()
    towns = {(0, 0): pool("A1"), (0, 1): pool("A1"), (0, 2): pool("A1"),
             (4, 0): pool("A1"), (4, 1): pool("A1"), (4, 2): pool("A1")}
    give(st, 0, ranch=towns)
    assert scen(st, 0, "cowboy_town") == 20                                           # R15


def test_scenario_formula_and_choice():
    assert [D.scenario_points(n) for n in (2, 3, 4, 6, 9)] == [0, 10, 20, 40, 70]
    for i, sid in enumerate(("log_driving", "gold_rush", "outlaws", "cowboy_town"), 1):
        assert new(3, 1, variant="legends", scenario=str(i)).scenario == sid
    drawn = {new(3, seed, variant="legends", scenario="random").scenario for seed in range(40)}
    assert drawn == {"log_driving", "gold_rush", "outlaws", "cowboy_town"}
    assert new(3, 1).scenario == "" and new(3, 1, variant="base", scenario="2").scenario == ""


def test_scenario_points_reach_the_result():
    pool = Pool()
    st = placed(3, variant="legends", scenario="4")
    give(st, 0, ranch={(0, 0): pool("A1"), (0, 1): pool("A1"), (0, 2): pool("A1")},
         cows={(0, 0): 1})
    r = RULES.result(st)
    assert r.breakdown[0]["category.moon.scenario"] == 10 and r.scores[0] == 3 + 10


# ------------------------------------------------------------------ supply limits
def test_no_cow_left_in_the_supply_places_nothing():
    pool = Pool()
    st = expanding(placed(3))
    me = st.current
    a, b = pool("A1"), pool("A1")
    give(st, me, held=[a, b])
    o = (me + 1) % st.n
    give(st, o, ranch={(0, 0): pool("M3")}, cows={(0, 0): st.supply + sum(st.players[o].cows.values())})
    assert st.supply == 0
    ev = build(st, a, b, (0, 0), (0, 1))
    assert "no_cow_left" in types(ev) and not st.players[me].cows
    RULES.check_invariants(st)


def test_refill_takes_from_one_pile_until_empty_then_the_other():
    st = placed(3)
    st.piles[1] += st.piles[0][:-1]
    st.piles[0] = st.piles[0][-1:]
    first = st.piles[0][0]
    st.piles[1] += [st.saloon[0], st.saloon[1]]
    st.saloon[0] = st.saloon[1] = None
    ev = []
    RULES._refill_saloon(st, ev)
    assert st.saloon[0] == first and st.piles[0] == [] and st.saloon[1] is not None
    RULES.check_invariants(st)
