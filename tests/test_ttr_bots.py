"""Ticket to Ride: Germany's normal bot: conservative tickets, the plan's colours, the
critical link first, passengers by majorities, cards spent at the end."""
import time

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.match import Match
from games.core.rng import Rng
from games.ttr_germany import RULES as R
from games.ttr_germany.bots import NormalBot, Plan, passenger_gains, payment, turns_left

D = R.data


def fresh(seed=1):
    """A 2-player game past the ticket draft, seat 0 to move, hands and tickets cleared."""
    st = R.setup(Config([Seat("A", "human", 0), Seat("B", "human", 1)], seed))
    for _ in range(2):
        R.apply(st, Action(st.current, "mix", ("4", "0")))
    for s in range(2):
        R.apply(st, R.legal_actions(st, s)[0])
    st.current = 0
    for p in st.players:
        for c, k in p.hand.items():
            st.deck += [c] * k
        p.hand = {}
        st.short += [t for t in p.tickets if D.ticket_by_id[t].deck == "short"]
        st.long += [t for t in p.tickets if D.ticket_by_id[t].deck == "long"]
        p.tickets = []
    return st


def give(st, seat, **cards):
    me = st.players[seat]
    for c, k in cards.items():
        for _ in range(k):
            for pile in (st.deck, st.discard, st.face_up):
                if c in pile:
                    pile.remove(c)
                    break
            me.hand[c] = me.hand.get(c, 0) + 1


def ticket(a, b):
    return next(t.id for t in D.tickets if {t.a, t.b} == {a, b})


def test_keeps_only_what_the_trains_left_can_reach():
    st = fresh()
    p = st.players[0]
    p.trains = 9
    long_one = max(D.tickets, key=lambda t: t.points).id
    near = min((t for t in D.tickets if t.deck == "short"), key=lambda t: t.points).id
    p.offered = [near, long_one]
    st.phase = "keep"
    a = NormalBot().choose(R, st, 0, Rng(1))
    assert a.verb == "keep" and a.args == (near,)


def test_plan_odds_fall_with_the_turns_left():
    st = fresh()
    st.players[0].tickets = [max((t for t in D.tickets if t.deck == "short"), key=lambda t: t.points).id]
    early = Plan(R, st, 0, clock=30).odds
    late = Plan(R, st, 0, clock=4).odds
    (t,) = early
    assert early[t] > 0.5 > late[t]


def test_draws_a_colour_its_plan_needs():
    st = fresh()
    st.players[0].tickets = [max(D.tickets, key=lambda t: t.points).id]
    plan = Plan(R, st, 0)
    colour = next(D.track_by_id[x].colour for x in plan.wanted if D.track_by_id[x].colour != "gray")
    st.face_up = [colour] + [c for c in st.face_up if c not in plan.colour_needs(D, {})][:4]
    acts = [a for a in R.legal_actions(st, 0) if a.verb in ("take", "blind")]
    a = NormalBot().draw(R, st, 0, acts, plan, Rng(1))
    assert a.verb == "take" and a.args[0] in plan.colour_needs(D, {})


def test_claims_the_link_whose_loss_hurts_most_first():
    st = fresh()
    bot = NormalBot()
    # A ticket whose cheapest path uses several tracks; with every card in hand the bot
    # claims a planned track, and the one it picks has the longest detour if lost.
    tk = max((t for t in D.tickets if t.deck == "short"), key=lambda t: t.points)
    st.players[0].tickets = [tk.id]
    give(st, 0, red=4, blue=4, green=4, yellow=4, orange=4, black=4, white=4, pink=4, locomotive=4)
    plan = Plan(R, st, 0)
    a = bot.choose(R, st, 0, Rng(1))
    assert a.verb == "claim" and a.args[0] in plan.wanted
    crit = {tid: bot.criticality(R, plan, tid) for tid in plan.wanted
            if payment(D, D.track_by_id[tid], st.players[0].hand, {}) is not None}
    assert crit[a.args[0]] >= max(crit.values()) - 6  # (value also counts length and passengers)


def test_passenger_gain_follows_the_majorities():
    st = fresh()
    st.players[0].passengers["red"] = 3
    st.players[1].passengers["red"] = 3
    st.players[0].passengers["blue"] = 1
    st.players[1].passengers["blue"] = 6
    gains = passenger_gains(R, st, 0)
    # breaking a tie is worth more than a passenger of a colour already lost by far, and
    # the first passenger of a colour is worth the second place it brings
    assert gains["red"] > gains["blue"] > 0
    assert gains["green"] > gains["blue"]


def test_spends_its_cards_on_the_last_turn():
    st = fresh()
    st.players[0].trains = 6
    st.players[1].trains = 1
    st.final_turns = 1
    give(st, 0, red=3, blue=3, black=3)
    a = NormalBot().choose(R, st, 0, Rng(1))
    assert a.verb == "claim"
    assert turns_left(R, st, 0) == 1.0


def test_normal_decides_fast():
    times = []
    for seed in range(3):
        m = Match(R, Config([Seat("A", "bot:normal", 0), Seat("B", "bot:normal", 1)], seed))
        while not m.is_over():
            t0 = time.perf_counter()
            a = m.bot_action(m.to_act()[0])
            times.append(time.perf_counter() - t0)
            assert R.is_legal(m.state, a)
            m.apply(a)
        r = R.result(m.state)
        assert max(r.scores) > 100
    times.sort()
    assert times[int(0.95 * len(times))] < 0.1


def test_the_playouts_shortcuts_give_the_normal_bots_moves():
    """The fast bot's shortcuts (passengers left counted from what the players hold, gains
    remembered, off-plan claims looked up by colour and length) change no decision: over
    played games, the counts match the board and a bot with the playouts' memo picks the
    claims and passenger worths of one without."""
    from games.ttr_germany.bots import passengers_left
    for seed in range(3):
        m = Match(R, Config([Seat("A", "bot:normal", 0), Seat("B", "bot:normal", 1)], seed))
        fast = NormalBot()
        fast.memo = {}
        checked = 0
        while not m.is_over():
            st, s = m.state, m.to_act()[0]
            on_board: dict[str, int] = {}
            for there in st.passengers.values():
                for c in there:
                    on_board[c] = on_board.get(c, 0) + 1
            assert passengers_left(st, D) == {c: on_board.get(c, 0) for c in D.passenger_colour_ids}
            if st.phase == "turn":
                clock = turns_left(R, st, s)
                plan = Plan(R, st, s)
                slow = NormalBot().best_claim(R, st, s, plan, clock)
                assert fast.best_claim(R, st, s, plan, clock) == slow
                assert fast.gains(R, st, s) == passenger_gains(R, st, s)
                checked += 1
            m.apply(m.bot_action(s))
        assert checked > 20
