"""Great Western Trail: El Paso in play: what is particular to this game. The generic
checks (whole random games with the invariants after every action, every option value,
determinism and replay, a JSON round trip, views that hide secrets, illegal actions, the
fast legality check), solo against Sue included, run once for every game in
tests/test_contract_harness.py; the many-game soak is tests/test_soak.py. The end of a
game (the Simmental gone, one finisher on its space) is part of check_invariants, so every
one of those games checks it."""
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


def play(n, seed, options=None, stop=None, level="easy"):
    m = Match(RULES, Config(seats(n, level), seed, options or {}))
    while not m.is_over() and (stop is None or m.ply < stop):
        m.apply(m.bot_action(m.to_act()[0]))
    return m


def test_illegal_moves_and_menu_choices_leave_state_unchanged():
    m = play(3, 2, stop=40)
    before = json.dumps(RULES.to_json(m.state))
    actor = m.to_act()[0]
    bad = [Action(actor, "move", ("nowhere",)), Action(actor, "do", ("99",)),
           Action(actor, "move", ()), Action(actor, "deliver", ("16", "nodisc"))]
    for a in bad:
        with pytest.raises(IllegalAction):
            RULES.apply(m.state, a)
        assert json.dumps(RULES.to_json(m.state)) == before


def test_the_end_of_a_game_is_checked_by_the_invariants():
    m = play(2, 1)
    RULES.check_invariants(m.state)
    st = m.state
    st.players[st.finisher]["on_simmental"] = False
    with pytest.raises(AssertionError):
        RULES.check_invariants(st)


@pytest.mark.parametrize("n", [1, 3])
def test_re_dealt_hidden_cards_keep_the_invariants_and_views_show_counts(n):
    """randomize_hidden gives a position the rules accept, and a view names only the
    viewer's own hand; decks are counts for everyone, Sue's deck and stock too."""
    rng = Rng(99)
    k = max(2, n)
    for stop in (0, 7, 25, 60, 120):
        m = play(n, 4, stop=stop)
        for a in range(k):
            for _ in range(2):
                RULES.check_invariants(RULES.randomize_hidden(m.state, a, rng))
        view = RULES.view(m.state, 0)
        assert view["hand"] == sorted(m.state.players[0]["hand"])  # the viewer's own cards
        for p in view["seats"]:  # every seat's deck, discard and hand as counts
            assert all(isinstance(p[k], int) for k in ("deck", "discard", "hand"))
            if p["sue"] is not None:
                assert isinstance(p["sue"]["deck"], int) and isinstance(p["sue"]["stock"], int)
