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


def test_normal_bot_memos_answer_as_the_full_work():
    """The objective matching and trail distances the normal bot remembers across decisions
    give what working them out afresh gives, whatever the items' order, and a building
    placed since changes the distances."""
    import random

    from games.core.bots import decision_rng
    from games.gwt.trail import destinations
    from games.gwt_el_paso import bot_normal as BN

    d = R.data
    bot = BN.NormalBot()
    m = Match(R, Config([Seat("A", "bot:normal", 0), Seat("B", "bot:normal", 1)], 5))
    rnd = random.Random(5)
    checked = built_seen = 0
    while not m.is_over():
        st, seat = m.state, m.to_act()[0]
        p = st.players[seat]
        objs = [R.objective(d.objective(o)) for o in p["objectives"] + list(st.obj_open[:2]) if o]
        items = BN.items_of(R, st, seat)
        shuffled = items[:]
        rnd.shuffle(shuffled)
        assert BN.met_and_partial(objs, shuffled, bot.memo("met", d)) == BN.met_and_partial(objs, items)
        start = p["node"]
        if start is not None:
            fresh = destinations(d.succ, start, 8, lambda x, st=st: R.is_location(st, x), d.el_paso)
            for node in fresh:
                assert bot._steps(R, st, start, node) == fresh[node].steps
            built_seen = max(built_seen, len(st.built))
            checked += 1
        m.apply(bot.choose(R, st, seat, decision_rng(5, m.ply, seat)))
    assert checked > 50 and built_seen >= 3
