"""Moon River: whole bot games for 2, 3 and 4 players, base and Legends with every scenario,
with the invariants (96 squares, 32 cows, 20 helpers, scores = breakdown, ...) checked after
every action; determinism; a JSON round trip in the middle of a game.

CI plays a few seeds per case; more under `-m slow`:
    .venv/bin/python -m pytest -m slow tests/test_moon_games.py
"""
import json

import pytest

from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Budget
from games.moon_river import MoonRules

RULES = MoonRules()
D = RULES.data
VARIANTS = [{"variant": "base"}] + [{"variant": "legends", "scenario": str(i)} for i in range(1, 5)]
CASES = [(n, v) for n in (2, 3, 4) for v in VARIANTS]
SCENARIO = {"1": "log_driving", "2": "gold_rush", "3": "outlaws", "4": "cowboy_town"}


def config(n, seed, options, kinds=None):
    kinds = kinds or ["bot:easy"] * n
    return Config([Seat(f"S{i}", kinds[i], i) for i in range(n)], seed, dict(options))


def mixed(n, seed):
    """Seats for a mixed game: every level appears, shifted by the seed."""
    levels = ["bot:normal", "bot:easy", "bot:hard", "bot:easy"]
    return [levels[(i + seed) % 4] for i in range(n)]


def play(cfg, check=True):
    m = Match(RULES, cfg)
    m.budget = Budget(iterations=5)  # hard seats search a little: these games test the rules
    if check:
        RULES.check_invariants(m.state)
    while not m.is_over():
        seat = m.to_act()[0]
        m.apply(m.bot_action(seat))
        if check:
            RULES.check_invariants(m.state)
        assert m.ply < 2000, "the game does not end"
    return m


def check_finished(m, n, options):
    st = m.state
    assert m.is_over() and RULES.legal_actions(st) == [] and m.to_act() == []
    res = RULES.result(st)
    assert [sum(b.values()) for b in res.breakdown] == res.scores
    assert res.winners and all(res.ranks[w] == 1 for w in res.winners)
    assert st.scenario == (SCENARIO[options["scenario"]] if options["variant"] == "legends" else "")
    # every seat took 24 squares (48 with two rancheros), one column of 4 per round
    taken = [e.args["seat"] for _, e in m.events if e.type == "square_taken"]
    assert all(taken.count(s) == 96 // 4 * (2 if n == 2 else 1) for s in range(n))
    assert st.round == 24 and len(st.removed) == (24 if n == 3 else 0)
    for p in st.players:
        used = len([s for s in p.ranch.values() if "/" not in s]) + len(p.discarded)
        assert used == (48 if n == 2 else 24) and not p.held
        assert all(k == 1 for k in p.cows.values())
    if n == 2:
        tiles = [s for p in st.players for s in p.ranch.values() if "/" in s]
        assert len(tiles) + len(st.bonus_lost) + len(st.bonus_left) == 2
    json.dumps(res.to_json())


@pytest.mark.parametrize("n,options", CASES, ids=[f"{n}p-{'-'.join(v.values())}" for n, v in CASES])
def test_full_games_with_invariants(n, options):
    m = play(config(n, 11, options))                 # easy bots
    check_finished(m, n, options)
    m = play(config(n, 12, options, mixed(n, n)))    # easy, normal and hard together
    check_finished(m, n, options)


def test_random_scenario_is_one_of_the_four():
    seen = set()
    for seed in range(12):
        st = RULES.setup(config(3, seed, {"variant": "legends", "scenario": "random"}))
        seen.add(st.scenario)
    assert seen <= set(SCENARIO.values()) and len(seen) >= 3


@pytest.mark.parametrize("n", [2, 3, 4])
def test_determinism_same_config_same_game(n):
    opts = {"variant": "legends", "scenario": str(n)}
    cfg = config(n, 5, opts, mixed(n, 1))
    a, b = play(cfg, check=False), play(cfg, check=False)
    assert [x.text for x in a.actions] == [x.text for x in b.actions]
    assert json.dumps(RULES.to_json(a.state)) == json.dumps(RULES.to_json(b.state))
    r = Match.replay(RULES, cfg, [x.text for x in a.actions])
    assert json.dumps(RULES.to_json(r.state), sort_keys=True) == json.dumps(RULES.to_json(a.state), sort_keys=True)
    # another seed gives another game
    c = play(config(n, 6, opts, mixed(n, 1)), check=False)
    assert [x.text for x in c.actions] != [x.text for x in a.actions]


@pytest.mark.parametrize("n,options", [(2, {"variant": "base"}), (3, {"variant": "legends", "scenario": "3"}),
                                       (4, {"variant": "legends", "scenario": "1"})])
def test_json_round_trip_mid_game(n, options):
    cfg = config(n, 21, options, mixed(n, 2))
    full = play(cfg, check=False)
    m = Match(RULES, cfg)
    cuts = {len(full.actions) // 3, 2 * len(full.actions) // 3}
    for a in full.actions:
        if m.ply in cuts:
            data = json.loads(json.dumps(RULES.to_json(m.state)))
            back = RULES.from_json(data)
            assert RULES.to_json(back) == data
            assert RULES.legal_actions(back) == RULES.legal_actions(m.state)
            assert RULES.view(back, 0) == RULES.view(m.state, 0)
            # the copy plays on exactly like the original, both with fresh bots (a hard
            # bot's tree kept from its last decision is not part of the position)
            ends = []
            for start in (back, RULES.clone(m.state)):
                twin = Match(RULES, cfg)
                twin.state, twin.actions = start, list(m.actions)
                twin.budget = Budget(iterations=5)
                while not twin.is_over() and twin.ply < m.ply + 60:
                    twin.apply(twin.bot_action(twin.to_act()[0]))
                ends.append(RULES.to_json(twin.state))
            assert ends[0] == ends[1]
        m.apply(a)


def test_damaged_json_is_refused():
    from games.core.errors import SaveError
    m = Match(RULES, config(3, 1, {"variant": "base"}))
    for _ in range(30):
        m.apply(m.bot_action(m.to_act()[0]))
    data = RULES.to_json(m.state)
    bad = json.loads(json.dumps(data))
    bad["state"]["supply"] += 1                      # a cow out of nowhere
    with pytest.raises(SaveError):
        RULES.from_json(bad)
    bad = json.loads(json.dumps(data))
    bad["state"]["pile"].pop()                        # a square lost
    with pytest.raises(SaveError):
        RULES.from_json(bad)
    with pytest.raises(SaveError):
        RULES.from_json({"game": "el_paso"})


def test_clone_is_independent():
    m = Match(RULES, config(4, 2, {"variant": "base"}))
    for _ in range(40):
        m.apply(m.bot_action(m.to_act()[0]))
    before = json.dumps(RULES.to_json(m.state))
    c = RULES.clone(m.state)
    bot, rng = RULES.bot("easy"), Rng(1)
    while not RULES.is_over(c):
        RULES.apply(c, bot.choose(RULES, c, RULES.to_act(c)[0], rng))
    assert json.dumps(RULES.to_json(m.state)) == before


@pytest.mark.slow
@pytest.mark.parametrize("n,options", CASES, ids=[f"{n}p-{'-'.join(v.values())}" for n, v in CASES])
def test_full_games_many_seeds(n, options):
    for seed in range(100, 140):
        kinds = mixed(n, seed) if seed % 4 == 0 else None
        try:
            check_finished(play(config(n, seed, options, kinds)), n, options)
        except Exception as e:
            raise AssertionError(f"seed={seed} players={n} options={options} seats={kinds}: {e}") from e


def test_the_running_score_is_the_final_scoring_applied_now():
    """The table's score (view) is what each seat would score if the game ended now: the
    score pad of the final scoring, helpers' end bonuses and the scenario included; the
    last score shown is the final one."""
    m = Match(RULES, config(2, 11, {"variant": "legends", "scenario": "3"}, ["bot:normal"] * 2))
    helpers_seen = False
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        if m.ply % 7:
            continue
        view, res = RULES.view(m.state, None), RULES.result(m.state)
        assert [p["score"] for p in view["players"]] == res.scores
        helpers_seen |= any(p["breakdown"][f"category.moon.{h}"] for p in view["players"]
                            for h in ("prospector", "hunter", "farmer"))
    assert helpers_seen
    assert [p["score"] for p in RULES.view(m.state, None)["players"]] == RULES.result(m.state).scores


def test_a_legends_save_of_the_fixed_characters_is_refused_clearly(tmp_path):
    """Data version 2 deals characters per seat: a Legends game saved by version 1 (seat 1
    Mary, seat 2 Calamity Jane...) replays differently and is refused with the reason."""
    from games.core import saves
    from games.core.errors import SaveError
    m = Match(RULES, config(2, 4, {"variant": "legends", "scenario": "2"}))
    for _ in range(30):
        m.apply(m.bot_action(m.to_act()[0]))
    data = saves.to_dict(m)
    old = RULES.to_json(m.state)
    old["state"]["players"][0]["board"], old["state"]["players"][1]["board"] = "wesley", "big_joe"
    if [p.board for p in m.state.players] == ["wesley", "big_joe"]:
        old["state"]["players"][0]["board"] = "mary"
    data.update(data_version="1", snapshot=old)
    data["checksum"] = saves.checksum(data)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="other game data"):
        saves.load(path)
    assert RULES.INFO.data_version == "2"
