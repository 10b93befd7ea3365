"""The generic harness every registered game must pass (DESIGN §3, §7), parameterised by
game id and player count; a game with an automa is also played solo against it (count 1).
This is the one place these checks run for every game: a game's own test files test
only what is particular to it."""
import json

import pytest

from games.core import registry
from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import IllegalAction
from games.core.match import Match
from games.core.rng import Rng

GAMES = registry.GAME_IDS
SEEDS = range(6)


def seats(n, level="easy"):
    """n bot seats; n = 1 is the solo game: one bot and the game's automa."""
    out = [Seat(f"P{i}", f"bot:{level}", i) for i in range(n)]
    if n == 1:
        out.append(Seat("Automa", "automa", 1))
    return out


def counts(gid):
    info = registry.get(gid).INFO
    return ([1] if info.has_automa else []) + list(range(info.min_players, info.max_players + 1))


def cases():
    return [(g, n) for g in GAMES for n in counts(g)]


def play(rules, n, seed, options=None, stop=None):
    m = Match(rules, Config(seats(n), seed, options or {}))
    while not m.is_over() and (stop is None or m.ply < stop):
        m.apply(m.bot_action(m.to_act()[0]))
    return m


@pytest.mark.parametrize("gid,n", cases())
def test_random_play_reaches_the_end(gid, n):
    rules = registry.get(gid)
    for seed in SEEDS:
        m = Match(rules, Config(seats(n), seed))
        while not m.is_over():
            assert m.to_act(), "a running game must have a seat to act"
            for s in m.to_act():
                assert rules.legal_actions(m.state, s), "seat to act has no legal action"
            m.apply(m.bot_action(m.to_act()[0]))
            rules.check_invariants(m.state)
            assert m.ply < 100_000
        res = rules.result(m.state)
        assert len(res.scores) == len(m.config.seats)
        for seat in range(len(res.scores)):
            assert sum(res.breakdown[seat].values()) == res.scores[seat]
        assert res.winners and all(res.ranks[w] == 1 for w in res.winners)
        assert rules.legal_actions(m.state) == [] and m.to_act() == []


@pytest.mark.parametrize("gid", GAMES)
def test_every_option_value_plays(gid):
    rules = registry.get(gid)
    for n in ([1] if rules.INFO.has_automa else []) + [rules.INFO.min_players]:
        for opt in rules.INFO.options:
            for choice in opt.choices:
                m = play(rules, n, 3, {opt.name: choice})
                assert m.is_over()


@pytest.mark.parametrize("gid,n", cases())
def test_determinism_and_replay(gid, n):
    rules = registry.get(gid)
    a = play(rules, n, 11)
    b = play(rules, n, 11)
    assert [x.text for x in a.actions] == [x.text for x in b.actions]
    assert json.dumps(rules.to_json(a.state)) == json.dumps(rules.to_json(b.state))
    texts = [x.text for x in a.actions]
    c = Match.replay(rules, a.config, texts)
    assert json.dumps(rules.to_json(c.state)) == json.dumps(rules.to_json(a.state))
    assert [Action.parse(t) for t in texts] == a.actions


@pytest.mark.parametrize("gid,n", cases())
def test_json_round_trip_mid_game(gid, n):
    rules = registry.get(gid)
    full = play(rules, n, 5)
    half = play(rules, n, 5, stop=full.ply // 2)
    text = json.dumps(rules.to_json(half.state))
    restored = rules.from_json(json.loads(text))
    assert json.dumps(rules.to_json(restored)) == text
    # Continuing from the restored state ends exactly as the uninterrupted game.
    half.state = restored
    while not half.is_over():
        half.apply(half.bot_action(half.to_act()[0]))
    assert rules.result(half.state).scores == rules.result(full.state).scores


@pytest.mark.parametrize("gid,n", cases())
def test_clone_is_equal_and_independent(gid, n):
    """A clone (what a searching bot copies a position with) is the same position, and
    playing on it leaves the original as it was, at every stage of a game."""
    rules = registry.get(gid)
    bot = rules.bot("easy")
    m = Match(rules, Config(seats(n), 7))
    while not m.is_over():
        if m.ply % 17 == 0:
            before = json.dumps(rules.to_json(m.state))
            c = rules.clone(m.state)
            assert type(c) is type(m.state) and json.dumps(rules.to_json(c)) == before
            rng = Rng(m.ply)
            for _ in range(8):
                if rules.is_over(c):
                    break
                seat = rules.to_act(c)[0]
                rules.apply(c, bot.choose(rules, c, seat, rng))
            assert json.dumps(rules.to_json(m.state)) == before
        m.apply(m.bot_action(m.to_act()[0]))


@pytest.mark.parametrize("gid,n", cases())
def test_illegal_action_leaves_state_unchanged(gid, n):
    rules = registry.get(gid)
    m = play(rules, n, 2, stop=30)
    before = json.dumps(rules.to_json(m.state))
    actor = m.to_act()[0]
    other = (actor + 1) % len(m.config.seats)
    bad = [Action(actor, "no-such-verb"), Action(actor, "play", ("nowhere", "99"))]
    bad += [Action(other, a.verb, a.args) for a in rules.legal_actions(m.state, actor)]
    for a in bad:
        if a in rules.legal_actions(m.state):
            continue
        with pytest.raises(IllegalAction):
            rules.apply(m.state, a)
        assert json.dumps(rules.to_json(m.state)) == before
    with pytest.raises(IllegalAction):
        Action.parse("garbage")


@pytest.mark.parametrize("gid,n", cases())
def test_view_hides_other_seats_secrets(gid, n):
    """Re-dealing everything seat A cannot see never changes A's view, and
    does change what some other seat sees (so the test is not vacuous)."""
    rules = registry.get(gid)
    rng = Rng(99)
    changed_other = False
    for stop in (0, 7, 25, 60, 120):
        m = play(rules, n, 4, stop=stop)
        if m.is_over():
            continue
        k = len(m.config.seats)
        for a in range(k):
            mine = json.dumps(rules.view(m.state, a), sort_keys=True)
            for _ in range(3):
                alt = rules.randomize_hidden(m.state, a, rng)
                assert json.dumps(rules.view(alt, a), sort_keys=True) == mine
                b = (a + 1) % k
                if json.dumps(rules.view(alt, b), sort_keys=True) != json.dumps(
                        rules.view(m.state, b), sort_keys=True):
                    changed_other = True
        # a spectator's view never holds any seat's hand
        assert "hand" not in rules.view(m.state, None)
    # a game whose only secrets are face-down piles shows every seat the same table
    assert changed_other or not rules.INFO.hidden_information


@pytest.mark.parametrize("gid", GAMES)
def test_events_have_translations(gid):
    """Every event and prompt a game emits has a message in both languages."""
    from games.core.i18n import catalogue
    rules = registry.get(gid)
    keys = set()
    solo = [(1, 0)] if rules.INFO.has_automa else []  # the automa's events too
    for n, seed in [(rules.INFO.max_players, s) for s in range(3)] + solo:
        m = play(rules, n, seed)
        for _, e in m.events:
            keys.add(e.key)
            keys.add(e.for_seat(None).key)
    m = play(rules, rules.INFO.min_players, 1, stop=10)
    keys.add(rules.prompt(m.state)[0])
    for lang in ("en", "ru"):
        cat = catalogue(lang)
        assert not sorted(k for k in keys if k not in cat), lang


@pytest.mark.parametrize("gid,n", cases())
def test_is_legal_agrees_with_legal_actions(gid, n):
    """A game's fast legality check answers exactly as its list of legal actions."""
    rules = registry.get(gid)
    m = Match(rules, Config(seats(n), 4))
    seen: list[Action] = []  # actions legal somewhere in this game: good candidates
    rng = Rng(9)
    while not m.is_over():
        for seat in m.to_act():
            legal = rules.legal_actions(m.state, seat)
            assert all(rules.is_legal(m.state, a) for a in legal)
            for a in (seen[rng.below(len(seen))] for _ in range(8)) if seen else ():
                assert rules.is_legal(m.state, a) == (a in rules.legal_actions(m.state, a.seat))
            seen += legal[:20]
        m.apply(m.bot_action(m.to_act()[0]))
