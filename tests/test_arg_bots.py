"""Great Western Trail: Argentina bots: the normal bot plays whole games legally, is
deterministic for a seed, does not touch the position it is shown, and beats the easy bot."""
from __future__ import annotations

import pytest

from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.gwt_argentina.bot_normal import NormalBot
from games.gwt_argentina.bots import make_bot
from games.gwt_argentina.rules import ArgentinaRules

RULES = ArgentinaRules()


def config(levels, seed: int) -> Config:
    return Config([Seat(f"P{i}", f"bot:{lv}", i) for i, lv in enumerate(levels)], seed)


def play(levels, seed: int, check_every: int = 0) -> Match:
    m = Match(RULES, config(levels, seed))
    while not m.is_over():
        seat = m.to_act()[0]
        a = m.bot_action(seat)
        assert a in RULES.legal_actions(m.state, seat)
        m.apply(a)
        if check_every and m.ply % check_every == 0:
            RULES.check_invariants(m.state)
        assert m.ply < 5000
    return m


def normal_wins(seeds) -> float:
    points = 0.0
    for seed in seeds:
        levels = ("normal", "easy") if seed % 2 == 0 else ("easy", "normal")
        m = play(levels, seed)
        winners = RULES.result(m.state).winners
        if levels.index("normal") in winners:
            points += 1.0 / len(winners)
    return points


def test_make_bot_levels():
    assert isinstance(make_bot("normal"), NormalBot)
    assert make_bot("normal").level == "normal"
    assert make_bot("easy").level == "easy"


@pytest.mark.parametrize("levels,seed", [
    (("normal", "normal"), 1),
    (("normal", "easy", "normal"), 2),
    (("easy", "normal", "easy", "normal"), 3),
])
def test_normal_plays_complete_games(levels, seed):
    m = play(levels, seed, check_every=25)
    res = RULES.result(m.state)
    assert len(res.scores) == len(levels)
    for s in range(len(levels)):
        assert sum(res.breakdown[s].values()) == res.scores[s]


@pytest.mark.skipif(not RULES.INFO.has_automa, reason="no solo opponent")
def test_normal_plays_a_solo_game():
    m = Match(RULES, Config([Seat("P0", "bot:normal", 0), Seat("Automa", "automa", 1)], 4))
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        assert m.ply < 5000
    assert len(RULES.result(m.state).scores) == 2


def test_normal_is_deterministic_for_a_seed():
    def opening(plies):
        m = Match(RULES, config(("normal", "normal"), 11))
        while m.ply < plies and not m.is_over():
            m.apply(m.bot_action(m.to_act()[0]))
        return [a.text for a in m.actions]

    assert opening(120) == opening(120)


def test_normal_leaves_the_shown_position_alone():
    m = Match(RULES, config(("normal", "easy"), 5))
    bot = NormalBot()
    seen = 0
    while not m.is_over() and m.ply < 160:
        seat = m.to_act()[0]
        if seat == 0 and len(RULES.legal_actions(m.state, seat)) > 1:
            before = RULES.to_json(m.state)
            a = bot.choose(RULES, m.state, seat, Rng(m.ply))
            assert RULES.to_json(m.state) == before
            assert a == bot.choose(RULES, m.state, seat, Rng(m.ply))
            seen += 1
        m.apply(m.bot_action(seat))
    assert seen > 20


def test_normal_does_not_read_hidden_order():
    """The choice does not depend on what the seat cannot see: its deck order, the other
    seat's hand and deck, the bags and stacks, the state's random generator."""
    m = Match(RULES, config(("normal", "easy"), 8))
    bot = NormalBot()
    checked = 0
    while not m.is_over() and m.ply < 160:
        seat = m.to_act()[0]
        if seat == 0 and m.ply % 3 == 0 and len(RULES.legal_actions(m.state, seat)) > 1:
            other = RULES.randomize_hidden(m.state, seat, Rng(m.ply + 99))
            assert (bot.choose(RULES, m.state, seat, Rng(m.ply))
                    == bot.choose(RULES, other, seat, Rng(m.ply)))
            checked += 1
        m.apply(m.bot_action(seat))
    assert checked > 5


def test_normal_beats_easy_quick():
    assert normal_wins(range(3)) >= 3


@pytest.mark.slow
def test_normal_beats_easy():
    assert normal_wins(range(10)) >= 8
