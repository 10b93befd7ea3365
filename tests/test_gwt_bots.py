"""Great Western Trail: El Paso bots: the normal bot beats the easy one, and plays solo."""
import pytest

from games.core.contract import Config, Seat
from games.core.match import Match
from games.gwt_el_paso.rules import GWTRules

R = GWTRules()


def normal_wins(games, start=0):
    wins = 0
    for g in range(start, start + games):
        n = 2 + g % 3
        normal = g % n
        seats = [Seat(f"P{i}", "bot:normal" if i == normal else "bot:easy", i) for i in range(n)]
        m = Match(R, Config(seats, g))
        while not m.is_over():
            m.apply(m.bot_action(m.to_act()[0]))
        res = R.result(m.state)
        wins += res.winners == [normal]
    return wins


def test_normal_beats_easy():
    assert normal_wins(12) >= 11


@pytest.mark.slow
def test_normal_beats_easy_in_nine_of_ten_of_200():
    assert normal_wins(200) >= 180


def test_normal_bot_keeps_invariants_solo():
    m = Match(R, Config([Seat("Me", "bot:normal", 0), Seat("Sue", "automa", 1)], 7, {"sue_b": "2"}))
    while not m.is_over():
        m.apply(m.bot_action(m.to_act()[0]))
        R.check_invariants(m.state)
