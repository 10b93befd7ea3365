"""Great Western Trail: El Paso full games: random play with invariants after every action,
determinism and replay, JSON round trip, views that hide secrets, illegal actions."""
import json

import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import IllegalAction
from games.core.match import Match
from games.core.rng import Rng
from games.gwt_el_paso.rules import GWTRules

RULES = GWTRules()


def seats(n, level="easy"):
    if n == 1:      # solo: the player and Sue
        return [Seat("P0", f"bot:{level}", 0), Seat("Sue", "automa", 1)]
    return [Seat(f"P{i}", f"bot:{level}", i) for i in range(n)]


def play(n, seed, options=None, stop=None, level="easy", check=False):
    m = Match(RULES, Config(seats(n, level), seed, options or {}))
    n = len(m.config.seats)
    while not m.is_over() and (stop is None or m.ply < stop):
        actor = m.to_act()[0]
        assert RULES.legal_actions(m.state, actor), "seat to act has no legal action"
        m.apply(m.bot_action(actor))
        if check:
            RULES.check_invariants(m.state)
        assert m.ply < 20_000
    return m


def finished(m, n):
    res = RULES.result(m.state)
    n = len(res.scores)
    for s in range(n):
        assert sum(res.breakdown[s].values()) == res.scores[s]
    assert res.winners and all(res.ranks[w] == 1 for w in res.winners)
    assert RULES.legal_actions(m.state) == [] and m.to_act() == []
    st = m.state
    assert st.finisher is not None and st.simmental == 0
    assert sum(p["on_simmental"] for p in st.players) == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_invariants(n):
    for seed in range(4):
        finished(play(n, seed, check=True), n)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_random_games(n):
    for seed in range(4, 60):
        finished(play(n, seed, check=True), n)


def test_every_option_value_plays():
    for opt in RULES.INFO.options:
        for choice in opt.choices:
            m = play(2, 3, {opt.name: choice}, check=True)
            assert m.is_over()


@pytest.mark.parametrize("n", [1, 2, 4])
def test_determinism_and_replay(n):
    a, b = play(n, 11), play(n, 11)
    assert [x.text for x in a.actions] == [x.text for x in b.actions]
    assert json.dumps(RULES.to_json(a.state)) == json.dumps(RULES.to_json(b.state))
    c = Match.replay(RULES, a.config, [x.text for x in a.actions])
    assert json.dumps(RULES.to_json(c.state)) == json.dumps(RULES.to_json(a.state))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_json_round_trip_mid_game(n):
    full = play(n, 5)
    half = play(n, 5, stop=full.ply // 2)
    text = json.dumps(RULES.to_json(half.state))
    restored = RULES.from_json(json.loads(text))
    assert json.dumps(RULES.to_json(restored)) == text
    half.state = restored
    while not half.is_over():
        half.apply(half.bot_action(half.to_act()[0]))
    assert RULES.result(half.state).scores == RULES.result(full.state).scores


def test_illegal_action_leaves_state_unchanged():
    m = play(3, 2, stop=40)
    before = json.dumps(RULES.to_json(m.state))
    actor = m.to_act()[0]
    other = (actor + 1) % 3
    bad = [Action(actor, "no-such-verb"), Action(actor, "move", ("nowhere",)),
           Action(actor, "do", ("99",))]
    bad += [Action(other, a.verb, a.args) for a in RULES.legal_actions(m.state, actor)]
    for a in bad:
        with pytest.raises(IllegalAction):
            RULES.apply(m.state, a)
        assert json.dumps(RULES.to_json(m.state)) == before


@pytest.mark.parametrize("n", [1, 3])
def test_view_hides_other_seats_secrets(n):
    rng = Rng(99)
    changed_other = False
    seats_n = max(2, n)
    for stop in (0, 7, 25, 60, 120):
        m = play(n, 4, stop=stop)
        for a in range(seats_n):
            mine = json.dumps(RULES.view(m.state, a), sort_keys=True)
            for _ in range(3):
                alt = RULES.randomize_hidden(m.state, a, rng)
                RULES.check_invariants(alt)
                assert json.dumps(RULES.view(alt, a), sort_keys=True) == mine
                b = (a + 1) % seats_n
                if json.dumps(RULES.view(alt, b), sort_keys=True) != json.dumps(
                        RULES.view(m.state, b), sort_keys=True):
                    changed_other = True
        assert "hand" not in RULES.view(m.state, None)
        for i, p in enumerate(RULES.view(m.state, 0)["players"]):
            assert isinstance(p["deck"], int)
            assert isinstance(p["hand"], int) == (i != 0)
    assert changed_other


def test_speed_four_easy_bots():
    import time
    t = time.perf_counter()
    play(4, 1)
    assert time.perf_counter() - t < 2.0


# The generic contract harness, run on this (not yet registered) game.
import tests.test_contract_harness as harness  # noqa: E402


@pytest.fixture
def as_registered(monkeypatch):
    monkeypatch.setattr(harness.registry, "get", lambda gid: RULES)


@pytest.mark.parametrize("name", ["test_random_play_reaches_the_end", "test_determinism_and_replay",
                                  "test_json_round_trip_mid_game",
                                  "test_illegal_action_leaves_state_unchanged",
                                  "test_view_hides_other_seats_secrets",
                                  "test_is_legal_agrees_with_legal_actions"])
@pytest.mark.parametrize("n", [2, 4])
def test_contract_harness(as_registered, name, n):
    getattr(harness, name)("gwt_el_paso", n)


def test_contract_harness_options(as_registered):
    harness.test_every_option_value_plays("gwt_el_paso")


def test_contract_harness_translations(as_registered):
    harness.test_events_have_translations("gwt_el_paso")
