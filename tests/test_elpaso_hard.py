"""El Paso's searching hard level and the normal bot's bust sense."""
from __future__ import annotations

from bot_play import StepClock

from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Advice, Budget, SearchBot, SearchCancelled
from games.el_paso import RULES
from games.el_paso.bots import NormalBot, make
from games.el_paso.hard_bot import HardBot
from games.el_paso.knowledge import ElPasoKnowledge
from games.el_paso.state import DECIDE

TINY = Budget(iterations=30)


def game(seed: int, levels=("hard", "normal"), budget=TINY) -> Match:
    m = Match(RULES, Config([Seat(f"p{i}", f"bot:{lv}") for i, lv in enumerate(levels)], seed))
    m.budget = budget
    return m


def decide_state(seed: int = 4):
    """A two-player position at the first decision of a town with loot in the stacks."""
    m = game(seed, ("normal", "normal"))
    return m.state, m.to_act()[0]


def test_hard_is_a_search_bot_and_plays_a_whole_game_legally():
    assert isinstance(make("hard"), SearchBot)
    m = game(7)
    while not m.is_over():
        seat = m.to_act()[0]
        a = m.bot_action(seat)
        assert RULES.is_legal(m.state, a)
        m.apply(a)
    RULES.check_invariants(m.state)


def test_hard_games_repeat_exactly_for_a_seed():
    def moves(seed):
        m = game(seed)
        while m.ply < 60 and not m.is_over():
            m.apply(m.bot_action(m.to_act()[0]))
        return [a.text for a in m.actions]

    assert moves(11) == moves(11)


def test_advice_lists_the_candidates_with_win_chances():
    st, seat = decide_state()
    advice = HardBot().advise(RULES, st, seat, Rng(3), Budget(iterations=40))
    assert isinstance(advice, Advice) and 0 < advice.iterations <= 40
    legal = RULES.legal_actions(st, seat)
    assert all(a in legal for a, _, _ in advice.moves)
    assert all(0.0 <= w <= 1.0 for _, _, w in advice.moves)
    assert advice.best == advice.moves[0][0]


def test_seconds_budget_is_kept_and_cancel_stops(monkeypatch):
    import threading

    from games.el_paso import hard_bot
    st, seat = decide_state()
    bot = HardBot()
    bot.budget = Budget(seconds=0.05)
    monkeypatch.setattr(hard_bot, "time", StepClock())
    advice = bot.advise(RULES, st, seat, Rng(1), Budget(seconds=0.05))
    # the deadline ends the search after a few looks at the clock, not at the iteration cap
    assert advice.iterations < 4000 and advice.best is not None
    monkeypatch.undo()
    ev = threading.Event()
    ev.set()
    try:
        bot.advise(RULES, st, seat, Rng(1), Budget(seconds=1.0, cancel=ev))
    except SearchCancelled:
        pass
    else:
        raise AssertionError("a cancelled search went on")


def _holding(st, seat, tiles, sheriff):
    """`st` with `seat` holding the given loot tiles and the sheriff at `sheriff` dice."""
    s = RULES.clone(st)
    for t in tiles:
        for stack in s.stacks:
            if t in stack:
                stack.remove(t)
        if t in s.bag:
            s.bag.remove(t)
    s.players[seat].loot = list(tiles)
    s.sheriff = sheriff
    return s


def test_normal_leaves_rich_loot_at_high_bust_odds():
    st, seat = decide_state()
    d = RULES.data
    assert st.phase == DECIDE
    # A town without one of the sites: that site's loot pays 1:1 there, far more than a
    # fresh tile at the town's rate. Hold all of it (about 20 points).
    town = next(i for i, t in enumerate(d.towns) if len(t.sites) < len(d.sites))
    site = next(i for i, s in enumerate(d.sites) if s.id not in d.towns[town].sites)
    rich = [t for t in range(d.n_tiles) if d.tile_site[t] == site]
    assert sum(d.tile_value[t] for t in rich) >= 19
    bot = NormalBot()

    def at(sheriff):
        s = _holding(st, seat, rich, sheriff)
        s.town = town
        return s
    # Calm dice: keep robbing; one bust in nine: leave with it.
    assert bot.choose(RULES, at(0), seat, Rng(1)).verb == "play"
    assert bot.choose(RULES, at(d.dice_count - 2), seat, Rng(1)).verb == "leave"


def test_knowledge_values_held_loot_and_evaluates_as_win_chances():
    st, seat = decide_state()
    k = ElPasoKnowledge()
    base = k.worth_of(RULES, st, seat)
    rich = _holding(st, seat, [0, 1, 2], 0)
    assert k.worth_of(RULES, rich, seat) > base
    chances = k.evaluate(RULES, rich)
    assert abs(sum(chances) - 1.0) < 1e-9 and chances[seat] > 0.5


def test_candidates_are_legal_and_include_leaving_with_loot():
    st, seat = decide_state()
    k = ElPasoKnowledge()
    rich = _holding(st, seat, [0, 1, 2], 0)
    cands = k.decide_candidates(RULES, rich, seat)
    legal = RULES.legal_actions(rich, seat)
    assert all(a in legal for a in cands)
    assert any(a.verb == "leave" for a in cands)


def test_knowledge_drives_the_core_search_too():
    from games.core.search import search
    st, seat = decide_state()
    k = ElPasoKnowledge()
    advice = search(RULES, st, seat, k, Budget(iterations=40), Rng(5))
    assert advice.best in RULES.legal_actions(st, seat)
    assert sum(v for _, v, _ in advice.moves) == 40
