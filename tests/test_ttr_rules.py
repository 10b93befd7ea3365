"""Ticket to Ride: Germany rules: the spec's cases T1-T17 (ttr_germany.md §3.8) and edge cases."""
import pytest

from games.core.action import Action
from games.core.contract import Config, Seat
from games.core.errors import IllegalAction
from games.core.match import Match
from games.core.rng import Rng
from games.core.search import Budget
from games.ttr_germany import RULES as R
from games.ttr_germany.graph import Network
from games.ttr_germany.knowledge import TTRKnowledge
from games.ttr_germany.model import Ticket

D = R.data


def fresh(n=3, seed=1):
    """A game past the ticket draft, at the first player's turn (seat 0 moved first)."""
    st = R.setup(Config([Seat(f"P{i}", "human", i) for i in range(n)], seed))
    for _ in range(n):
        R.apply(st, Action(st.current, "mix", ("4", "0")))
    for s in range(n):
        R.apply(st, R.legal_actions(st, s)[0])
    st.current = 0
    return st


def track(a, b, colour=None, index=None):
    for t in D.tracks_by_connection[D.connection_between(a, b)]:
        if (colour is None or t.colour == colour) and (index is None or t.index == index):
            return t
    raise LookupError((a, b, colour))


def claim(st, seat, t, colour, locos):
    """Claim, then take the first passenger offered at each end that asks for a choice."""
    ev = R.apply(st, Action(seat, "claim", (t.id, colour, str(locos))))
    while st.phase == "passengers" and st.current == seat:
        ev += R.apply(st, R.legal_actions(st, seat)[0])
    return ev



def give(st, seat, **cards):
    """Set a hand exactly, moving cards to and from the deck, discards, display and other
    hands so that every card stays conserved."""
    me = st.players[seat]
    for c, k in me.hand.items():
        st.deck += [c] * k
    me.hand = {}
    for c, k in cards.items():
        for _ in range(k):
            for pile in (st.deck, st.discard, st.face_up):
                if c in pile:
                    pile.remove(c)
                    break
            else:
                other = next(p for p in st.players if p.hand.get(c))
                other.hand[c] -= 1
                other.hand = {x: n for x, n in other.hand.items() if n}
            me.hand[c] = me.hand.get(c, 0) + 1


def test_route_points_table():
    assert [D.points_for(n) for n in range(1, 8)] == [1, 2, 4, 7, 10, 15, 18]


def test_t1_claim_with_locomotives_and_passengers():
    st = fresh()
    t = track("hamburg", "berlin", "blue")
    give(st, 0, blue=5, locomotive=2)
    st.passengers["hamburg"] = ["red", "red", "blue", "green"]
    st.passengers["berlin"] = ["white"] * 5
    R.apply(st, Action(0, "claim", (t.id, "blue", "2")))
    p = st.players[0]
    assert p.route_points == 18 and p.trains == D.trains_per_player - 7
    assert p.hand == {} and st.owner[t.id] == 0
    assert p.passengers["white"] == 1 and len(st.passengers["berlin"]) == 4  # one colour: no choice
    assert st.phase == "passengers" and st.pending == ["hamburg"]
    assert {a.args[1] for a in R.legal_actions(st, 0)} == {"red", "blue", "green"}
    R.apply(st, Action(0, "passenger", ("hamburg", "green")))
    assert p.passengers["green"] == 1 and sorted(st.passengers["hamburg"]) == ["blue", "red", "red"]
    assert st.phase == "turn" and st.current == 1


def test_t2_gray_route_needs_one_colour():
    st = fresh()
    t = track("koeln", "frankfurt")
    assert t.colour == "gray" and t.length == 4
    give(st, 0, red=2, green=2)
    assert not [a for a in R.legal_actions(st, 0) if a.verb == "claim" and a.args[0] == t.id]
    with pytest.raises(IllegalAction):
        claim(st, 0, t, "red", 2)
    assert st.players[0].hand == {"red": 2, "green": 2} and t.id not in st.owner


def test_t3_gray_route_with_a_locomotive():
    st = fresh()
    t = track("koeln", "frankfurt")
    give(st, 0, red=3, locomotive=1)
    claim(st, 0, t, "red", 1)
    assert st.players[0].route_points == 7 and st.players[0].hand == {}


def test_coloured_route_refuses_other_colours():
    st = fresh()
    t = track("hamburg", "berlin", "blue")
    give(st, 0, red=7)
    with pytest.raises(IllegalAction):
        claim(st, 0, t, "red", 0)
    give(st, 0, locomotive=7)
    claim(st, 0, t, "locomotive", 7)  # locomotives alone may pay for any route
    assert st.owner[t.id] == 0


def test_not_enough_trains():
    st = fresh()
    t = track("hamburg", "berlin", "blue")
    give(st, 0, blue=7)
    st.players[0].trains = 6
    assert t.id not in {x.id for x in R.claimable_tracks(st, 0)}


@pytest.mark.parametrize("n", [2, 3])
def test_t4_one_track_per_connection_with_2_or_3_players(n):
    st = fresh(n)
    t1, t2 = track("hannover", "kassel", index=0), track("hannover", "kassel", index=1)
    give(st, 0, red=3)
    claim(st, 0, t1, "red", 0)
    for seat in range(n):
        assert t2.id not in {x.id for x in R.claimable_tracks(st, seat)}


def test_t5_four_players_other_track_for_others_only():
    st = fresh(4)
    t1, t2 = track("hannover", "kassel", index=0), track("hannover", "kassel", index=1)
    give(st, 0, red=3)
    claim(st, 0, t1, "red", 0)
    assert t2.id not in {x.id for x in R.claimable_tracks(st, 0)}
    assert t2.id in {x.id for x in R.claimable_tracks(st, 1)}


def test_t6_five_players_triple_route():
    st = fresh(5)
    t1, t2, t3 = (track("duesseldorf", "koeln", index=i) for i in range(3))
    give(st, 0, red=1)
    claim(st, 0, t1, "red", 0)
    assert {t2.id, t3.id}.isdisjoint({x.id for x in R.claimable_tracks(st, 0)})
    give(st, 1, red=1)
    st.current = 1
    claim(st, 1, t2, "red", 0)
    assert t3.id in {x.id for x in R.claimable_tracks(st, 2)}
    assert t3.id not in {x.id for x in R.claimable_tracks(st, 1)}


def _rig_display(st, face_up, deck_top):
    """Face-up row and the next cards of the deck (first of deck_top is drawn first)."""
    pool = st.deck + st.face_up + st.discard
    st.discard = []
    for c in face_up + deck_top:
        pool.remove(c)
    st.face_up = list(face_up)
    st.deck = pool + list(reversed(deck_top))


def test_t7_three_locomotives_reset_mid_draw():
    st = fresh()
    _rig_display(st, ["red", "blue", "locomotive", "locomotive", "white"],
                 ["locomotive", "green", "green", "yellow", "black", "orange"])
    ev = R.apply(st, Action(0, "take", ("blue",)))
    assert any(e.type == "display_reset" for e in ev)
    assert st.face_up == ["green", "green", "yellow", "black", "orange"]
    assert st.discard.count("locomotive") == 3
    assert st.phase == "second" and st.current == 0
    R.check_invariants(st)


def test_t8_face_up_locomotive_first_ends_the_draw():
    st = fresh()
    _rig_display(st, ["locomotive", "red", "red", "blue", "white"], ["green"])
    R.apply(st, Action(0, "take", ("locomotive",)))
    assert st.players[0].hand.get("locomotive", 0) >= 1
    assert st.current == 1 and st.phase == "turn"


def test_t9_blind_locomotive_allows_a_second_card():
    st = fresh()
    _rig_display(st, ["red", "red", "blue", "white", "green"], ["locomotive"])
    before = st.players[0].hand.get("locomotive", 0)
    R.apply(st, Action(0, "blind"))
    assert st.players[0].hand["locomotive"] == before + 1
    assert st.phase == "second" and st.current == 0


def test_no_face_up_locomotive_as_second_card_even_if_just_turned_up():
    st = fresh()
    _rig_display(st, ["red", "blue", "white", "green", "black"], ["locomotive"])
    R.apply(st, Action(0, "take", ("red",)))
    assert "locomotive" in st.face_up
    legal = R.legal_actions(st, 0)
    assert Action(0, "take", ("locomotive",)) not in legal and Action(0, "blind") in legal
    with pytest.raises(IllegalAction):
        R.apply(st, Action(0, "take", ("locomotive",)))


def test_cards_taken_face_up_stay_known_until_paid_and_a_redeal_keeps_them():
    st = fresh(2)
    give(st, 0, blue=2)
    _rig_display(st, ["blue", "blue", "red", "white", "green"], ["black", "black", "black"])
    R.apply(st, Action(0, "take", ("blue",)))
    R.apply(st, Action(0, "take", ("blue",)))
    me = st.players[0]
    assert me.hand["blue"] == 4 and me.known == {"blue": 2}
    for seed in range(20):  # seat 1 re-deals seat 0's hand: the two it saw stay there
        deal = R.randomize_hidden(st, 1, Rng(seed))
        assert deal.players[0].known == {"blue": 2} and deal.players[0].hand.get("blue", 0) >= 2
        assert sum(deal.players[0].hand.values()) == sum(me.hand.values())
        R.check_invariants(deal)
    # paying three blue: nobody sees which, so none of the seen pair is sure to be left...
    st.current = 0
    t = next(t for t in D.tracks if t.colour == "blue" and t.length == 3)
    claim(st, 0, t, "blue", 0)
    assert me.hand["blue"] == 1 and me.known == {}
    R.check_invariants(st)
    # ...and a save from before seen cards were kept loads with none
    data = R.to_json(st)
    for p in data["state"]["players"]:
        del p["known"]
    assert R.from_json(data).players[0].known == {}


def test_deck_reshuffles_the_discards():
    st = fresh()
    st.discard = st.deck[:]
    st.deck = []
    ev = R.apply(st, Action(0, "blind"))
    assert any(e.type == "deck_reshuffled" for e in ev)
    assert not st.discard
    R.check_invariants(st)


def test_nothing_to_draw_means_no_draw_action():
    st = fresh()
    st.players[1].hand["red"] = st.players[1].hand.get("red", 0)
    for c in st.deck + st.discard + st.face_up:
        st.players[1].hand[c] = st.players[1].hand.get(c, 0) + 1
    st.players[1].hand = {k: v for k, v in st.players[1].hand.items() if v}
    st.deck, st.discard, st.face_up = [], [], []
    verbs = {a.verb for a in R.legal_actions(st, 0)}
    assert not verbs & {"take", "blind"}
    R.check_invariants(st)


def test_second_card_skipped_when_nothing_left():
    st = fresh()
    others = st.deck + st.discard + [c for c in st.face_up if c != "red"]
    for c in others:
        st.players[1].hand[c] = st.players[1].hand.get(c, 0) + 1
    st.face_up = ["red"]
    st.deck, st.discard = [], []
    R.apply(st, Action(0, "take", ("red",)))
    assert st.current == 1 and st.phase == "turn" and st.face_up == []


def test_locomotive_reset_stops_after_three_in_a_row():
    st = fresh()
    locos = [c for c in st.deck + st.face_up + st.discard if c == "locomotive"]
    rest = [c for c in st.deck + st.face_up + st.discard if c != "locomotive"]
    for c in rest:  # only locomotives are left outside the hands
        st.players[1].hand[c] = st.players[1].hand.get(c, 0) + 1
    st.deck, st.discard, st.face_up = locos[5:], [], locos[:5]
    ev = []
    R._check_locomotives(st, ev)
    assert [e.type for e in ev if e.type == "display_reset"] == ["display_reset"] * D.loco_reset_max
    assert st.face_up.count("locomotive") >= 3
    R.check_invariants(st)


def test_tickets_mix_short_of_cards_takes_what_is_left():
    st = fresh()
    st.long, spare = st.long[:1], st.long[1:]
    st.players[2].tickets += spare  # park them so the count stays conserved
    R.apply(st, Action(0, "tickets", ("1", "3")))
    offered = st.players[0].offered
    assert len(offered) == 2 and not st.long
    assert sorted(D.ticket_by_id[t].deck for t in offered) == ["long", "short"]
    keep = offered[0]
    R.apply(st, Action(0, "keep", (keep,)))
    returned = [t for t in offered if t != keep][0]
    deck = st.short if D.ticket_by_id[returned].deck == "short" else st.long
    assert deck[0] == returned  # to the bottom
    assert keep in st.players[0].tickets and st.current == 1


def test_keep_at_least_one_and_no_tickets_when_decks_empty():
    st = fresh()
    R.apply(st, Action(0, "tickets", ("4", "0")))
    assert all(len(a.args) >= 1 for a in R.legal_actions(st, 0))
    with pytest.raises(IllegalAction):
        R.apply(st, Action(0, "keep", ()))
    st = fresh()
    st.players[2].tickets += st.short + st.long
    st.short, st.long = [], []
    assert not [a for a in R.legal_actions(st, 0) if a.verb == "tickets"]


def test_setup_draft_keeps_two_at_once_in_secret():
    st = R.setup(Config([Seat("A"), Seat("B"), Seat("C")], 5))
    assert st.phase == "setup_mix"
    first = st.current
    R.apply(st, Action(first, "mix", ("2", "2")))
    for _ in range(2):
        R.apply(st, Action(st.current, "mix", ("3", "1")))
    assert st.phase == "setup_keep" and sorted(R.to_act(st)) == [0, 1, 2]
    assert all(len(a.args) >= 2 for a in R.legal_actions(st))
    a = R.legal_actions(st, 1)[0]
    ev = R.apply(st, a)
    assert ev[0].for_seat(0).args == {"seat": 1, "count": len(a.args)}  # others see the count only
    assert sorted(R.to_act(st)) == [0, 2]
    view = R.view(st, 0)
    assert "offered" in view and all("ticket_list" not in p for p in view["players"])
    for s in (0, 2):
        R.apply(st, R.legal_actions(st, s)[-1])
    assert st.phase == "turn" and st.current == first
    R.check_invariants(st)


def _ticket(a, b, points=10):
    return Ticket(f"{a}-{b}", a, b, points, "short")


def test_t10_routes_into_one_country_do_not_join():
    net = Network(D, [track("emden", "niederlande").id, track("duesseldorf", "niederlande").id])
    assert not net.done(_ticket("emden", "duesseldorf"))
    assert net.done(_ticket("emden", "niederlande"))


def test_t11_country_to_country_ticket():
    ids = [track("kiel", "daenemark").id, track("kiel", "hamburg", "black").id,
           track("hamburg", "bremen").id, track("bremen", "emden").id,
           track("emden", "niederlande").id]
    assert Network(D, ids).done(D.ticket_by_id["daenemark-niederlande"])


def test_a_path_never_passes_through_a_country():
    ids = [track("bremerhaven", "daenemark").id, track("daenemark", "kiel").id]
    assert not Network(D, ids).done(_ticket("bremerhaven", "kiel"))


def _scored(st, done_flags, monkeypatch):
    """Score with each seat holding len(flags) tickets, complete where the flag says so."""
    ids = iter(t.id for t in D.tickets)
    for p, flags in zip(st.players, done_flags, strict=True):
        p.tickets = [next(ids) for _ in flags]
    monkeypatch.setattr(type(R), "completed", lambda self, s, seat: done_flags[seat])
    return R.result(st)


def test_t12_globetrotter_is_shared_by_ties(monkeypatch):
    st = fresh(3)
    for p in st.players:
        p.tickets = []
    r = _scored(st, [[True] * 5, [True] * 5 + [False], [True] * 3], monkeypatch)
    assert [b["category.ttr.globetrotter"] for b in r.breakdown] == [15, 15, 0]


def test_no_globetrotter_without_a_completed_ticket(monkeypatch):
    st = fresh(2)
    for p in st.players:
        p.tickets = []
    r = _scored(st, [[], [False]], monkeypatch)
    assert [b["category.ttr.globetrotter"] for b in r.breakdown] == [0, 0]


def _meeples(st, colour, counts):
    for p, k in zip(st.players, counts, strict=True):
        p.passengers = {c: 0 for c in D.passenger_colour_ids}
        p.passengers[colour] = k


def test_t13_tie_for_first_leaves_no_second():
    st = fresh(3)
    _meeples(st, "red", [3, 3, 1])
    assert R.majorities(st) == [20, 20, 0]


def test_t14_tie_for_second():
    st = fresh(4)
    _meeples(st, "black", [4, 2, 2, 0])
    assert R.majorities(st) == [20, 10, 10, 0]


def test_no_second_place_with_zero_meeples():
    st = fresh(2)
    _meeples(st, "green", [2, 0])
    assert R.majorities(st) == [20, 0]


def test_t15_last_round_everyone_once_more():
    st = fresh(3)
    p = st.players[0]
    t = track("bremen", "bremerhaven")
    p.trains = 3
    give(st, 0, white=1)
    R.apply(st, Action(0, "claim", (t.id, "white", "0")))
    while st.phase == "passengers":
        R.apply(st, R.legal_actions(st, 0)[0])
    assert st.final_turns == 3 and st.trigger == 0
    for seat in (1, 2, 0):
        assert st.current == seat and not R.is_over(st)
        R.apply(st, Action(seat, "blind"))
        R.apply(st, Action(seat, "blind"))
    assert R.is_over(st) and R.to_act(st) == []


def test_trigger_only_once():
    st = fresh(2)
    st.players[0].trains = 2
    R.apply(st, Action(0, "blind"))
    R.apply(st, Action(0, "blind"))
    assert st.final_turns == 2
    st.players[1].trains = 1
    R.apply(st, Action(1, "blind"))
    R.apply(st, Action(1, "blind"))
    assert st.final_turns == 1 and st.trigger == 0


def test_t16_tie_broken_by_completed_tickets(monkeypatch):
    st = fresh(2)
    for p in st.players:
        p.tickets = []
        p.passengers = {c: 0 for c in D.passenger_colour_ids}
    flags = [[True] * 6, [True] * 5]
    first = _scored(st, flags, monkeypatch)
    for seat, p in enumerate(st.players):  # route points that bring both totals to 120
        p.route_points = 120 - first.scores[seat]
    r = _scored(st, flags, monkeypatch)
    assert r.scores == [120, 120] and r.winners == [0] and r.tiebreak == "tiebreak.ttr.tickets"


def test_t17_failed_ticket_subtracts():
    st = fresh(2)
    st.players[0].tickets = ["kiel-stuttgart"]
    assert D.ticket_by_id["kiel-stuttgart"].points == 17
    r = R.result(st)
    assert r.breakdown[0]["category.ttr.tickets_failed"] == -17
    assert r.scores[0] == sum(r.breakdown[0].values())


def test_completed_ticket_adds_and_shows_its_path():
    st = fresh(2)
    t = track("mannheim", "stuttgart", index=0)
    st.players[0].tickets = ["mannheim-stuttgart"]
    give(st, 0, red=2)
    claim(st, 0, t, "red", 0)
    while st.phase == "passengers":
        R.apply(st, R.legal_actions(st, 0)[0])
    assert R.result(st).breakdown[0]["category.ttr.tickets_done"] == 2
    mine = R.view(st, 0)["my_tickets"][0]
    assert mine["done"] and mine["path"] == [t.id]


def test_pass_only_when_nothing_else_and_deadlock_ends():
    st = fresh(2)
    for seat in (0, 1):
        st.players[seat].hand = {}
    parked = st.deck + st.discard + st.face_up
    st.deck, st.discard, st.face_up = [], [], []
    st.players[0].hand = {}
    st.players[1].hand = {}
    holder = st.players[1]
    for c in parked:  # nobody can pay: a hand of single cards of different colours is not enough
        holder.hand[c] = holder.hand.get(c, 0) + 1
    st.players[1].tickets += st.short + st.long
    st.short, st.long = [], []
    assert R.legal_actions(st, 0) == [Action(0, "pass")]
    R.apply(st, Action(0, "pass"))
    assert not R.is_over(st)
    holder.hand = {}
    st.discard = parked  # (so cards stay conserved) seat 1 could draw: no deadlock yet
    assert Action(1, "pass") not in R.legal_actions(st, 1)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_games_keep_every_invariant(n, level, monkeypatch):
    # the hard level plays out a few turns only here (its playouts run to the end of the
    # game otherwise): these games test the rules; its search costs ten times normal's
    # play, so it plays one seed per count (normal plays two)
    monkeypatch.setattr(TTRKnowledge, "horizon", 6)
    monkeypatch.setattr(TTRKnowledge, "max_candidates", 3)
    for seed in range(2 if level == "normal" else 1):
        m = Match(R, Config([Seat(f"B{i}", f"bot:{level}", i) for i in range(n)], seed))
        m.budget = Budget(iterations=4)  # the hard level searches: a token budget here
        while not m.is_over():
            m.apply(m.bot_action(m.to_act()[0]))
            R.check_invariants(m.state)
        r = R.result(m.state)
        assert all(r.scores[i] == sum(r.breakdown[i].values()) for i in range(n))
        assert m.state.final_turns == 0  # ended by the trains, not by a deadlock


def test_normal_beats_easy():
    wins = 0
    games = 30
    for seed in range(games):
        seats = [Seat("N", "bot:normal", 0), Seat("E", "bot:easy", 1)]
        if seed % 2:
            seats.reverse()
        m = Match(R, Config(seats, seed))
        m.play_bots_to_end()
        normal = 0 if seats[0].kind == "bot:normal" else 1
        wins += normal in R.result(m.state).winners
    assert wins >= 0.8 * games
