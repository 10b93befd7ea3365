"""Ticket to Ride: Germany rules (spec ttr_germany.md §2–§3).

Decision points (state.phase):
  setup_mix  - in seat order from the first player, each seat announces its mix of 4
               starting tickets ("mix 3 1" = 3 short, 1 long); they are drawn at once;
  setup_keep - every seat at the same time keeps at least 2 ("keep t12 t40"), secretly
               until all have chosen; the returned tickets are shuffled back;
  turn       - one of: a train card ("take red", "take locomotive", "blind"), a route
               ("claim berlin-hamburg-1 blue 2" = pay with blue cards and 2 locomotives),
               tickets ("tickets 2 2"), or "pass" when nothing else is possible;
  second     - the second train card: "blind" or a face-up card that is not a locomotive;
  keep       - keep at least 1 of the tickets just drawn;
  passengers - after a claim, choose the colour of the passenger taken at a route end
               ("passenger hamburg red"); an end with one colour or none needs no choice.
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, chain, combinations, islice
from math import comb
from operator import add, mul
from typing import NamedTuple

from games.core.action import Action
from games.core.contract import Config, GameInfo, Result, Rules, rank_by
from games.core.errors import SaveError
from games.core.events import Event
from games.core.rng import Rng

from .graph import Network, cheapest, ticket_path
from .model import GRAY, LOCOMOTIVE, TTRData, default_data
from .state import (
    KEEP,
    OVER,
    PASSENGERS,
    SECOND,
    SETUP_KEEP,
    SETUP_MIX,
    TURN,
    PlayerState,
    TTRState,
)

INFO = GameInfo(id="ttr_germany", title_key="game.ttr_germany", min_players=2, max_players=5)

BLIND = ""  # state.first_card after a blind first draw


class _Tables:
    """Per data set: the turn's recurring actions made once (actions are immutable values,
    so sharing them is safe) and the counts behind random_legal_action. Only speeds up the
    questions asked at every decision; none of it is game state.

    The rules object lives as long as the process (the registry keeps one per game), so
    everything here is bounded by the data and the seats alone, never by what is played:
    nothing is keyed by a hand, a position or a game."""

    def __init__(self, d: TTRData):
        self.track = d.track_by_id
        # track id -> every track of its connection, itself included
        self.rivals = {t.id: tuple(o.id for o in d.tracks_by_connection[t.connection])
                       for t in d.tracks}
        self.colours = tuple(d.card_colour_ids)
        self.colour_set = frozenset(self.colours)
        self.longest = max(t.length for t in d.tracks)
        # seat -> its every possible claim, per track in data order (see _claim_rows): at
        # most (players) x (tracks) x (colours) x (length) actions, about 1,100 per seat
        # on the Germany map. A hand only picks slices of these, so claim_actions makes no
        # action and keeps nothing per hand (a memo by hand grew with every game played).
        self.claims = _PerSeat(lambda seat: self._claim_rows(d, seat))
        self.take = _PerSeat(lambda key: Action(key[0], "take", (key[1],)))  # (seat, colour)
        self.blind = _PerSeat(lambda seat: Action(seat, "blind"))
        # (short, long, action) for every mix of a ticket draw, in the listed order
        self.tickets = _PerSeat(lambda seat: tuple(
            (s, d.ticket_draw - s, Action(seat, "tickets", (str(s), str(d.ticket_draw - s))))
            for s in range(d.ticket_draw + 1)))
        # (seat, short deck not empty, long deck not empty) -> the ticket draws that yield
        # a ticket (min(s, short) + min(k, long) > 0 depends on nothing else)
        self.ticket_draws = _PerSeat(lambda key: tuple(
            a for s, k, a in self.tickets[key[0]] if (s and key[1]) or (k and key[2])))

        # For counting claims without listing them (random_legal_action). A track of
        # length n has, per card colour it takes with h of them and L locomotives in hand,
        # one payment per number of locomotives k with n-h <= k <= min(n-1, L), plus the
        # all-locomotive one when L >= n (exactly what payments() lists). Counts by length
        # are vectors indexed 0..longest (0 unused), so a dot product counts a whole colour.
        span = range(self.longest + 1)
        # data order: (id, colour, length); id -> (data index, length, the card colours
        # that pay for it: every one for a gray track)
        self.rows = tuple((t.id, t.colour, t.length) for t in d.tracks)
        self.kind = {tid: (j, n, self.colours if c == GRAY else (c,))
                     for j, (tid, c, n) in enumerate(self.rows)}
        # pays[L][T][h][n]: coloured payments of a length-n track from h cards of its colour
        # and L locomotives, 0 when n exceeds T trains (L, T and h capped at the longest)
        self.pays = tuple(tuple(tuple(
            tuple(max(0, min(n - 1, locos) - max(0, n - h) + 1) if 1 <= n <= trains else 0
                  for n in span)
            for h in span) for trains in span) for locos in span)
        # all_locos[m][n]: 1 when the all-locomotive payment is possible, m = min(L, T)
        self.all_locos = tuple(tuple(1 if 1 <= n <= m else 0 for n in span) for m in span)
        # with_locos[L][T][h][n]: every payment of a coloured track (pays and all_locos)
        self.with_locos = tuple(tuple(tuple(
            tuple(map(add, row, self.all_locos[min(locos, trains)]))
            for row in self.pays[locos][trains]) for trains in span) for locos in span)
        # Each track's class (colour, length) as a place in the payment counts of the card
        # colours then gray, each counts by length, laid end to end (see _nth_claim)
        order = {c: j for j, c in enumerate((*self.colours, GRAY))}
        self.track_class = tuple(order[c] * len(span) + n for _, c, n in self.rows)
        # With nothing claimed: tracks by length, and per card colour its own tracks plus
        # the gray ones (any colour pays for gray) by length; _Position starts from these.
        self.open_len = [0] * len(span)
        self.open_col = {c: [0] * len(span) for c in self.colours}
        for _, n, colours in self.kind.values():
            self.open_len[n] += 1
            for c in colours:
                self.open_col[c][n] += 1

    def _claim_rows(self, d: TTRData, seat: int) -> tuple:
        """Per track in data order: (length, its colour or None when gray, colour -> the
        claims paying with that colour and k = 0..length-1 locomotives, the all-locomotive
        claim)."""
        out = []
        for tid, colour, n in self.rows:
            per = {c: tuple(Action(seat, "claim", (tid, c, str(k))) for k in range(n))
                   for c in (self.colours if colour == GRAY else (colour,))}
            out.append((n, None if colour == GRAY else colour, per,
                        Action(seat, "claim", (tid, LOCOMOTIVE, str(n)))))
        return tuple(out)


class _Position:
    """Per seat (a _SeatPosition), the tracks it may not claim because of who owns what
    (track_claimable's position test for every track at once): owned tracks and, on a
    double or triple route, the other tracks of a connection the seat is on; with 2-3
    players every track of an owned connection (spec §3.3.6), and then one _SeatPosition
    serves every seat. With them the tracks still open, counted so that
    random_legal_action can count and pick claims without looking at every track.

    Transient, one per state (st.position): asked at every turn, so it is kept up to date
    by claimed() instead of being rebuilt from st.owner each time. It remembers the owner
    dict and its size it reflects, so a state whose owner dict was replaced or edited
    outside _claim (tests, a load) is given a fresh one rather than a stale answer."""

    __slots__ = ("owner", "size", "shared", "seats")

    def __init__(self, owner: dict[str, int], tb: _Tables, n: int):
        rivals = tb.rivals
        self.owner = owner
        self.size = len(owner)
        self.shared = n <= 3
        # everything open, then the owned tracks closed
        self.seats = []
        for s in range(1 if self.shared else n):
            seat = _SeatPosition(set(), tb.open_len[:],
                                 {c: v[:] for c, v in tb.open_col.items()}, [1] * len(tb.rows))
            if self.shared:
                seat.close([r for t in owner for r in rivals[t]], tb.kind)
            else:
                seat.close(owner, tb.kind)
                seat.close([r for t, o in owner.items() if o == s for r in rivals[t]], tb.kind)
            self.seats.append(seat)
        if self.shared:
            self.seats *= n

    def claimed(self, tid: str, seat: int, tb: _Tables) -> None:
        """Track `tid` was just added to the owner dict, by `seat`."""
        self.size += 1
        rivals = tb.rivals[tid]  # tid and the other tracks of its connection
        if self.shared:
            self.seats[0].close(rivals, tb.kind)
            return
        for s, one in enumerate(self.seats):
            one.close(rivals if s == seat else (tid,), tb.kind)


class _SeatPosition(NamedTuple):
    """One seat's part of a _Position: the tracks closed to it, and those still open by
    length (open_len), by card colour that pays for them by length (open_col, a gray
    track under every colour; see _Tables), and as 1 or 0 in data order (open_mask)."""
    blocked: set[str]
    open_len: list[int]
    open_col: dict[str, list[int]]
    open_mask: list[int]

    def close(self, tids, kind: dict[str, tuple]) -> None:
        """Block the tracks `tids` (those not yet blocked) and count them out of the open."""
        blocked, by_len, by_col, mask = self
        for t in tids:
            if t in blocked:
                continue
            blocked.add(t)
            j, n, colours = kind[t]
            by_len[n] -= 1
            mask[j] = 0
            for c in colours:
                by_col[c][n] -= 1


class _PerSeat(dict):
    """key (a seat) -> make(key), made on first use."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        v = self[key] = self.make(key)
        return v


class TTRRules(Rules):
    INFO = INFO
    STATE_VERSION = 1
    HIDDEN_EVENT_TYPES = frozenset({"blind_drawn", "display_refilled", "display_reset",
                                    "deck_reshuffled", "tickets_drawn", "tickets_revealed"})

    def __init__(self, data: TTRData | None = None):
        self._data = data

    @property
    def data(self) -> TTRData:
        if self._data is None:
            self._data = default_data()
        return self._data

    @property
    def _rivals(self) -> dict[str, tuple[str, ...]]:
        """Track id -> ids of every track of its connection, for double and triple routes."""
        if getattr(self, "_rivals_cache", None) is None:
            d = self.data
            self._rivals_cache = {t.id: tuple(o.id for o in d.tracks_by_connection[t.connection])
                                  for t in d.tracks if len(d.tracks_by_connection[t.connection]) > 1}
        return self._rivals_cache

    @property
    def _tables(self) -> _Tables:
        if getattr(self, "_tables_cache", None) is None:
            self._tables_cache = _Tables(self.data)
        return self._tables_cache

    def validate_data(self) -> list[str]:
        from .model import DATA_FILES, load
        load()
        return list(DATA_FILES)

    # ------------------------------------------------------------------ setup
    def setup(self, config: Config) -> TTRState:
        config = self.check_config(config)
        d = self.data
        n = len(config.seats)
        rng = Rng(config.seed)
        st = TTRState(n=n, rng=rng,
                      players=[PlayerState(hand={}, trains=d.trains_per_player,
                                           passengers={c: 0 for c in d.passenger_colour_ids})
                               for _ in range(n)])
        bag = [c.id for c in d.passenger_colours for _ in range(c.count)]
        rng.shuffle(bag)
        for loc in d.locations:  # the bag's meeples, at random
            st.passengers[loc.id] = sorted(bag.pop() for _ in range(loc.passengers))
        st.deck = [c.id for c in d.card_colours for _ in range(c.count)]
        st.deck += [LOCOMOTIVE] * d.locomotive.count
        rng.shuffle(st.deck)
        for p in st.players:
            for _ in range(d.hand_deal):
                c = st.deck.pop()
                p.hand[c] = p.hand.get(c, 0) + 1
        self._refill(st, [])
        st.short = [t.id for t in d.tickets_in("short")]
        st.long = [t.id for t in d.tickets_in("long")]
        rng.shuffle(st.short)
        rng.shuffle(st.long)
        st.first = st.current = rng.below(n)  # "the oldest player": the table picks at random
        st.phase = SETUP_MIX
        return st

    # ------------------------------------------------------------ questions
    def to_act(self, st: TTRState) -> list[int]:
        if st.phase == OVER:
            return []
        if st.phase == SETUP_KEEP:
            return [i for i, p in enumerate(st.players) if not p.decided]
        return [st.current]

    def is_over(self, st: TTRState) -> bool:
        return st.phase == OVER

    def legal_actions(self, st: TTRState, seat: int | None = None) -> list[Action]:
        if st.phase == OVER:
            return []
        if st.phase == SETUP_KEEP:
            seats = self.to_act(st) if seat is None else [seat] if seat in self.to_act(st) else []
            out = []
            for s in seats:
                out += self._keep_actions(s, st.players[s].offered, self.data.setup_ticket_keep_min)
            return out
        who = st.current
        if seat is not None and seat != who:
            return []
        p = st.players[who]
        d = self.data
        if st.phase == SETUP_MIX:
            return [Action(who, "mix", (str(s), str(d.setup_ticket_draw - s)))
                    for s in range(d.setup_ticket_draw + 1)]
        if st.phase == KEEP:
            return self._keep_actions(who, p.offered, d.ticket_keep_min)
        if st.phase == PASSENGERS:
            return [Action(who, "passenger", (loc, c))
                    for loc in st.pending for c in sorted(set(st.passengers[loc]))]
        if st.phase == SECOND:
            tb = self._tables
            take = tb.take
            acts = [take[who, c] for c in self._face_up_choices(st) if c != LOCOMOTIVE]
            if st.deck or st.discard:
                acts.append(tb.blind[who])
            return acts
        acts = self._turn_actions(st, who, claims=True)
        return acts or [Action(who, "pass")]

    def _turn_actions(self, st: TTRState, who: int, claims: bool) -> list[Action]:
        """A turn's choices: cards, routes (unless `claims` is False), tickets."""
        tb = self._tables
        take = tb.take
        acts = [take[who, c] for c in self._face_up_choices(st)]
        if st.deck or st.discard:
            acts.append(tb.blind[who])
        if claims:
            acts += self.claim_actions(st, who)
        acts += tb.ticket_draws[who, bool(st.short), bool(st.long)]
        return acts

    @staticmethod
    def _face_up_choices(st: TTRState) -> list[str]:
        return sorted(set(st.face_up))

    def _ticket_yield(self, st: TTRState, short: int) -> int:
        long = self.data.ticket_draw - short
        return min(short, len(st.short)) + min(long, len(st.long))

    @staticmethod
    def _keep_actions(seat: int, offered: list[str], keep_min: int) -> list[Action]:
        need = min(keep_min, len(offered))
        ids = sorted(offered)
        return [Action(seat, "keep", combo) for k in range(max(need, 1), len(ids) + 1)
                for combo in combinations(ids, k)]

    def track_claimable(self, st: TTRState, seat: int, t) -> bool:
        """Whether `seat` may claim track `t` now by position alone (ignoring cards)."""
        if t.id in st.owner or t.length > st.players[seat].trains:
            return False
        rivals = self._rivals.get(t.id)
        if rivals:
            owners = [st.owner.get(o) for o in rivals]
            if st.n <= 3 and any(o is not None for o in owners):
                return False  # spec §3.3.6: 2-3 players use one track per connection
            if seat in owners:
                return False
        return True

    def claimable_tracks(self, st: TTRState, seat: int) -> list:
        """As track_claimable for every track, with the position test made once."""
        trains = st.players[seat].trains
        blocked = self._blocked(st, seat)
        return [t for t in self.data.tracks if t.length <= trains and t.id not in blocked]

    def _blocked(self, st: TTRState, seat: int) -> set[str]:
        """The tracks closed to `seat` by position (track_claimable for every track at once).
        Shared with the state's _Position: read it, never change it."""
        return self._position(st).seats[seat].blocked

    def _position(self, st: TTRState) -> _Position:
        pos = st.position
        if pos is None or pos.owner is not st.owner or pos.size != len(st.owner):
            pos = st.position = _Position(st.owner, self._tables, st.n)
        return pos

    def payments(self, hand: dict[str, int], track) -> list[tuple[str, int]]:
        """Every (colour, locomotives) that pays for `track` from `hand`."""
        locos = hand.get(LOCOMOTIVE, 0)
        n = track.length
        out = []
        colours = self.data.card_colour_ids if track.colour == "gray" else (track.colour,)
        for c in colours:
            have = hand.get(c, 0)
            for k in range(max(0, n - have), min(n, locos) + 1):
                if k < n:
                    out.append((c, k))
        if locos >= n:
            out.append((LOCOMOTIVE, n))
        return out

    def claim_actions(self, st: TTRState, seat: int) -> list[Action]:
        """Every claim of `seat`: tracks in data order, each with its payments in the order
        `payments` lists them, taken as slices of the seat's claims (_Tables.claims): per
        colour h cards pay with k locomotives from max(0, n - h) up to min(n - 1, locos),
        then the all-locomotive claim when locos >= n."""
        tb = self._tables
        p = st.players[seat]
        hand = p.hand
        trains = p.trains
        locos = hand.get(LOCOMOTIVE, 0)
        mask = self._position(st).seats[seat].open_mask
        # per length n: the slice end, and (colour, slice start) of the held colours that
        # pay for a gray track of that length, in payments()' colour order
        held = [(c, hand[c]) for c in tb.colours if c in hand]
        ends = [n if locos >= n else locos + 1 for n in range(tb.longest + 1)]
        grays = [[(c, n - h if h < n else 0) for c, h in held if h + locos >= n]
                 for n in range(tb.longest + 1)]
        out: list[Action] = []
        add = out.extend
        for j, (n, colour, per, all_locos) in enumerate(tb.claims[seat]):
            if n > trains or not mask[j]:
                continue
            if colour is None:
                top = ends[n]
                for c, a in grays[n]:
                    add(per[c][a:top])
            else:
                h = hand.get(colour)
                if h:
                    add(per[colour][n - h if h < n else 0:ends[n]])
            if locos >= n:
                out.append(all_locos)
        return out

    def random_legal_action(self, st: TTRState, seat: int, rng: Rng) -> Action:
        """rng.choice(self.legal_actions(st, seat)) (the easy bot's pick), with the same one
        draw from `rng`, but a turn's claims are only counted: a turn offers every payment
        of every route, and only the picked action is needed."""
        phase = st.phase
        if phase == KEEP and seat == st.current:
            return self._random_keep(seat, st.players[seat].offered, self.data.ticket_keep_min, rng)
        if phase == SETUP_KEEP and seat in self.to_act(st):
            return self._random_keep(seat, st.players[seat].offered,
                                     self.data.setup_ticket_keep_min, rng)
        if phase == SECOND and seat == st.current:  # legal_actions' list, not made
            takes = [c for c in self._face_up_choices(st) if c != LOCOMOTIVE]
            i = rng.below(len(takes) + (1 if st.deck or st.discard else 0))
            return self._tables.take[seat, takes[i]] if i < len(takes) else self._tables.blind[seat]
        if phase != TURN or seat != st.current:
            return rng.choice(self.legal_actions(st, seat))
        # The list legal_actions would make: face-up takes, blind, claims, tickets.
        tb = self._tables
        faces = self._face_up_choices(st)
        blind = 1 if st.deck or st.discard else 0
        # Claims counted from the position's open tracks by length, against the payments
        # per length that the hand and trains allow (see _Tables.pays)
        hand = st.players[seat].hand
        longest = tb.longest
        trains = st.players[seat].trains
        if trains > longest:
            trains = longest
        locos = hand.get(LOCOMOTIVE, 0)
        if locos > longest:
            locos = longest
        pays = tb.pays[locos][trains]
        mine = self._position(st).seats[seat]
        claims = sum(map(mul, mine.open_len, tb.all_locos[locos if locos < trains else trains]))
        open_col = mine.open_col
        for c, h in hand.items():
            by_len = open_col.get(c)  # None for the locomotives
            if by_len is not None:
                claims += sum(map(mul, by_len, pays[h if h < longest else longest]))
        tickets = tb.ticket_draws[seat, bool(st.short), bool(st.long)]
        total = len(faces) + blind + claims + len(tickets)
        if not total:
            return rng.choice([Action(seat, "pass")])
        i = rng.below(total)
        if i < len(faces):
            return tb.take[seat, faces[i]]
        i -= len(faces)
        if i < blind:
            return tb.blind[seat]
        i -= blind
        if i >= claims:
            return tickets[i - claims]
        return self._nth_claim(st, seat, i, trains, locos)

    def _nth_claim(self, st: TTRState, seat: int, i: int, trains: int, locos: int) -> Action:
        """The i-th action of claim_actions(st, seat): tracks in data order, payments in
        the order payments() lists them; `trains` and `locos` capped at the longest track,
        as random_legal_action worked them out."""
        tb = self._tables
        hand = st.players[seat].hand
        longest = tb.longest
        all_locos = tb.all_locos[min(locos, trains)]
        # Payments of one track by class (see _Tables.track_class): a coloured track's
        # from its colour, a gray one's from every colour; both with all locomotives
        held = [min(hand.get(c, 0), longest) for c in tb.colours]
        counts = list(chain.from_iterable(map(tb.with_locos[locos][trains].__getitem__, held)))
        counts += map(sum, zip(all_locos, *map(tb.pays[locos][trains].__getitem__, held),
                               strict=True))
        # running total of the claims per track (0 for a track closed to the seat); the
        # picked claim is on the first track whose total passes i
        totals = list(accumulate(map(mul, self._position(st).seats[seat].open_mask,
                                     map(counts.__getitem__, tb.track_class))))
        j = bisect_right(totals, i)
        if j:
            i -= totals[j - 1]
        tid = tb.rows[j][0]
        c, k = self.payments(hand, self.data.track_by_id[tid])[i]
        return Action(seat, "claim", (tid, c, str(k)))

    @staticmethod
    def _random_keep(seat: int, offered: list[str], keep_min: int, rng: Rng) -> Action:
        """rng.choice(_keep_actions(...)): the picked ticket set alone is made."""
        need = min(keep_min, len(offered))
        ids = sorted(offered)
        sizes = range(max(need, 1), len(ids) + 1)
        counts = [comb(len(ids), k) for k in sizes]
        i = rng.below(sum(counts))
        for k, count in zip(sizes, counts, strict=True):
            if i < count:  # the i-th set of k, in combinations' order as _keep_actions
                return Action(seat, "keep", next(islice(combinations(ids, k), i, None)))
            i -= count
        raise AssertionError("unreachable: i < sum(counts)")

    def is_legal(self, st: TTRState, a: Action) -> bool:
        """As legal_actions, without listing every payment of every route (or any action
        of a card draw)."""
        if st.phase == SECOND and a.seat == st.current:
            if a.verb == "take":
                return len(a.args) == 1 and a.args[0] != LOCOMOTIVE and a.args[0] in st.face_up
            if a.verb == "blind":
                return not a.args and bool(st.deck or st.discard)
            return False
        if a.verb == "keep" and type(a.args) is tuple:
            return self._keep_legal(st, a)
        if st.phase != TURN or a.seat != st.current or a.verb not in ("claim", "take", "blind", "tickets"):
            return super().is_legal(st, a)
        if a.verb == "take":
            return len(a.args) == 1 and a.args[0] in st.face_up
        if a.verb == "blind":
            return not a.args and bool(st.deck or st.discard)
        if a.verb == "tickets":
            return any(a == t and min(s, len(st.short)) + min(k, len(st.long)) > 0
                       for s, k, t in self._tables.tickets[a.seat])
        if len(a.args) != 3:
            return False
        t = self.data.track_by_id.get(a.args[0])
        if t is None or not a.args[2].isdigit():
            return False
        # track_claimable, with the position test from the state's _Position
        p = st.players[a.seat]
        n = t.length
        if n > p.trains or t.id in self._blocked(st, a.seat):
            return False
        # whether payments(hand, t) lists (colour, k), without listing them
        colour, k = a.args[1], int(a.args[2])
        hand = p.hand
        locos = hand.get(LOCOMOTIVE, 0)
        if colour == LOCOMOTIVE:
            return k == n and locos >= n
        if not (colour in self._tables.colour_set if t.colour == GRAY else colour == t.colour):
            return False  # gray takes any card colour, a coloured track its own
        return n - hand.get(colour, 0) <= k < n and k <= locos

    def _keep_legal(self, st: TTRState, a: Action) -> bool:
        """Whether `a` is one of _keep_actions' ticket sets: at least the minimum, each an
        offered ticket, in sorted order without repeats, as combinations() makes them."""
        if st.phase == KEEP and a.seat == st.current:
            keep_min = self.data.ticket_keep_min
        elif st.phase == SETUP_KEEP and a.seat in self.to_act(st):
            keep_min = self.data.setup_ticket_keep_min
        else:
            return False  # no keep is legal now (or not for this seat)
        offered = st.players[a.seat].offered
        ids = set(offered)
        if len(ids) != len(offered):  # a ticket offered twice: only the list says
            return super().is_legal(st, a)
        args = a.args
        return (len(args) >= max(min(keep_min, len(offered)), 1) and all(x in ids for x in args)
                and all(args[j] < args[j + 1] for j in range(len(args) - 1)))

    def prompt(self, st: TTRState) -> tuple[str, dict]:
        if st.phase == OVER:
            return "prompt.ttr.over", {}
        if st.phase == SETUP_KEEP:
            return "prompt.ttr.setup_keep", {"seats": self.to_act(st),
                                             "keep": self.data.setup_ticket_keep_min}
        args = {"seat": st.current}
        if st.phase == PASSENGERS:
            args["location"] = st.pending[0]
        if st.phase == KEEP:
            args["keep"] = self.data.ticket_keep_min
        return f"prompt.ttr.{st.phase}", args

    # -------------------------------------------------------------- perform
    def perform(self, st: TTRState, a: Action) -> list[Event]:
        ev: list[Event] = []
        d = self.data
        p = st.players[a.seat]
        if a.verb == "mix":
            short, long = int(a.args[0]), int(a.args[1])
            p.mix = [short, long]
            ev.append(Event("tickets_mix", {"seat": a.seat, "short": short, "long": long}))
            self._draw_tickets(st, a.seat, short, long, ev)
            nxt = (a.seat + 1) % st.n
            if nxt == st.first:
                st.phase = SETUP_KEEP
            else:
                st.current = nxt
        elif a.verb == "keep":
            kept = list(a.args)
            returned = [t for t in p.offered if t not in kept]
            p.tickets += kept
            p.offered = []
            ev.append(Event("tickets_kept", {"seat": a.seat, "count": len(kept), "tickets": kept},
                            private_to=(a.seat,), public_args={"seat": a.seat, "count": len(kept)}))
            for t in returned:  # to the bottom of its own deck
                (st.short if d.ticket_by_id[t].deck == "short" else st.long).insert(0, t)
            if st.phase == SETUP_KEEP:
                p.decided = True
                if all(q.decided for q in st.players):
                    st.rng.shuffle(st.short)
                    st.rng.shuffle(st.long)
                    ev.append(Event("tickets_revealed", {"counts": [len(q.tickets) for q in st.players]}))
                    st.phase = TURN
                    st.current = st.first
            else:
                self._end_turn(st, ev)
        elif a.verb == "tickets":
            short, long = int(a.args[0]), int(a.args[1])
            self._draw_tickets(st, a.seat, short, long, ev)
            st.passes = 0
            st.phase = KEEP
        elif a.verb == "take":
            colour = a.args[0]
            i = st.face_up.index(colour)
            self._gain(p, colour)
            p.known[colour] = p.known.get(colour, 0) + 1
            ev.append(Event("card_taken", {"seat": a.seat, "colour": colour}))
            replacement = self._draw_card(st, ev)
            if replacement is None:
                del st.face_up[i]
            else:
                st.face_up[i] = replacement
                ev.append(Event("display_refilled", {"colour": replacement}))
            self._check_locomotives(st, ev)
            self._after_card(st, colour, ev)
        elif a.verb == "blind":
            colour = self._draw_card(st, ev)
            self._gain(p, colour)
            ev.append(Event("blind_drawn", {"seat": a.seat, "colour": colour}, private_to=(a.seat,),
                            public_args={"seat": a.seat}))
            self._after_card(st, BLIND, ev)
        elif a.verb == "claim":
            self._claim(st, a, ev)
        elif a.verb == "passenger":
            self._take_passenger(st, a.seat, a.args[0], a.args[1], ev)
            self._after_passengers(st, ev)
        elif a.verb == "pass":
            ev.append(Event("turn_passed", {"seat": a.seat}))
            st.passes += 1
            self._end_turn(st, ev, passed=True)
        return ev

    # --- train cards ----------------------------------------------------------
    @staticmethod
    def _gain(p: PlayerState, colour: str) -> None:
        p.hand[colour] = p.hand.get(colour, 0) + 1

    def _draw_card(self, st: TTRState, ev: list[Event]) -> str | None:
        if not st.deck and st.discard:
            st.deck, st.discard = st.discard, []
            st.rng.shuffle(st.deck)
            ev.append(Event("deck_reshuffled", {"cards": len(st.deck)}))
        return st.deck.pop() if st.deck else None

    def _refill(self, st: TTRState, ev: list[Event]) -> None:
        while len(st.face_up) < self.data.face_up:
            c = self._draw_card(st, ev)
            if c is None:
                break
            st.face_up.append(c)
        self._check_locomotives(st, ev)

    def _check_locomotives(self, st: TTRState, ev: list[Event]) -> None:
        d = self.data
        for _ in range(d.loco_reset_max):
            if st.face_up.count(LOCOMOTIVE) < d.loco_reset_threshold:
                return
            old, st.face_up = st.face_up, []
            st.discard += old
            while len(st.face_up) < d.face_up:
                c = self._draw_card(st, ev)
                if c is None:
                    break
                st.face_up.append(c)
            ev.append(Event("display_reset", {"old": old, "new": st.face_up[:]}))

    def _after_card(self, st: TTRState, colour: str, ev: list[Event]) -> None:
        st.passes = 0
        if st.phase == SECOND or colour == LOCOMOTIVE:  # a face-up locomotive first ends the draw
            self._end_turn(st, ev)
            return
        st.first_card = colour
        st.phase = SECOND
        # nothing left to take a second card from (legal_actions would be empty)
        if not (st.deck or st.discard) and all(c == LOCOMOTIVE for c in st.face_up):
            self._end_turn(st, ev)

    # --- tickets --------------------------------------------------------------
    def _draw_tickets(self, st: TTRState, seat: int, short: int, long: int, ev: list[Event]) -> None:
        got = [st.short.pop() for _ in range(min(short, len(st.short)))]
        got_long = [st.long.pop() for _ in range(min(long, len(st.long)))]
        st.players[seat].offered = got + got_long
        ev.append(Event("tickets_drawn", {"seat": seat, "tickets": got + got_long},
                        private_to=(seat,),
                        public_args={"seat": seat, "short": len(got), "long": len(got_long)}))

    # --- routes ---------------------------------------------------------------
    def _claim(self, st: TTRState, a: Action, ev: list[Event]) -> None:
        d = self.data
        p = st.players[a.seat]
        t = d.track_by_id[a.args[0]]
        colour, locos = a.args[1], int(a.args[2])
        coloured = t.length - locos
        for c, k in ((colour, coloured), (LOCOMOTIVE, locos)):
            if k:
                p.hand[c] -= k
                if not p.hand[c]:  # a hand lists only the colours it holds
                    del p.hand[c]
                # which of its cards of that colour it paid nobody sees: the seen ones first
                seen = p.known.get(c, 0) - k
                if seen > 0:
                    p.known[c] = seen
                else:
                    p.known.pop(c, None)
        st.discard += [colour] * coloured + [LOCOMOTIVE] * locos
        pos = self._position(st)  # taken before the claim, which it then follows
        st.owner[t.id] = a.seat
        pos.claimed(t.id, a.seat, self._tables)
        p.tracks.append(t.id)
        p.trains -= t.length
        points = d.points_for(t.length)
        p.route_points += points
        st.passes = 0
        ev.append(Event("route_claimed", {"seat": a.seat, "track": t.id, "from": t.a, "to": t.b,
                                          "length": t.length, "colour": colour, "locos": locos,
                                          "points": points}))
        st.pending = [loc for loc in (t.a, t.b) if st.passengers[loc]]
        self._after_passengers(st, ev)

    def _take_passenger(self, st: TTRState, seat: int, loc: str, colour: str, ev: list[Event]) -> None:
        st.passengers[loc].remove(colour)
        st.players[seat].passengers[colour] += 1
        st.pending.remove(loc)
        ev.append(Event("passenger_taken", {"seat": seat, "location": loc, "colour": colour}))

    def _after_passengers(self, st: TTRState, ev: list[Event]) -> None:
        """Take passengers that need no choice; ask when an end offers several colours."""
        for loc in st.pending[:]:
            colours = set(st.passengers[loc])
            if len(colours) == 1:
                self._take_passenger(st, st.current, loc, colours.pop(), ev)
        if st.pending:
            st.phase = PASSENGERS
        else:
            self._end_turn(st, ev)

    # --- turn order and the end -----------------------------------------------------
    def _end_turn(self, st: TTRState, ev: list[Event], passed: bool = False) -> None:
        d = self.data
        p = st.players[st.current]
        st.turn += 1
        st.first_card = None
        st.pending = []
        if not passed:
            st.passes = 0
        if st.final_turns > 0:
            st.final_turns -= 1
            if st.final_turns == 0:
                self._game_over(st, ev)
                return
        elif st.final_turns < 0 and p.trains <= d.end_trigger_trains:
            st.final_turns = st.n  # everyone, this seat included, gets one more turn
            st.trigger = st.current
            ev.append(Event("last_round", {"seat": st.current, "trains": p.trains}))
        if st.passes >= st.n:  # nobody can do anything any more: the game cannot go on
            ev.append(Event("deadlock", {}))
            self._game_over(st, ev)
            return
        st.current = (st.current + 1) % st.n
        st.phase = TURN

    def _game_over(self, st: TTRState, ev: list[Event]) -> None:
        st.phase = OVER
        st.pending = []
        r = self.result(st)
        ev.append(Event("game_over", {"winners": r.winners, "scores": r.scores}))

    # -------------------------------------------------------------- results
    CATEGORIES = ("category.ttr.routes", "category.ttr.tickets_done", "category.ttr.tickets_failed",
                  "category.ttr.globetrotter", "category.ttr.passengers")

    def completed(self, st: TTRState, seat: int) -> list[bool]:
        """For each of the seat's tickets, in order: is it complete?"""
        d = self.data
        p = st.players[seat]
        net = Network(d, p.tracks)
        return [net.done(d.ticket_by_id[t]) for t in p.tickets]

    def majorities(self, st: TTRState) -> list[int]:
        """Passenger majority points per seat (spec §3.7.3)."""
        d = self.data
        pts = [0] * st.n
        for colour in d.passenger_colour_ids:
            counts = [p.passengers.get(colour, 0) for p in st.players]
            top = max(counts)
            if top == 0:
                continue
            firsts = [i for i, c in enumerate(counts) if c == top]
            for i in firsts:
                pts[i] += d.majority_first
            if len(firsts) > 1:
                continue  # a tie for first leaves no second place
            rest = [c for c in counts if 0 < c < top]
            if rest:
                second = max(rest)
                for i, c in enumerate(counts):
                    if c == second:
                        pts[i] += d.majority_second
        return pts

    def result(self, st: TTRState) -> Result:
        d = self.data
        done_counts, breakdown = [], []
        for seat, p in enumerate(st.players):
            flags = self.completed(st, seat)
            pts = [d.ticket_by_id[t].points for t in p.tickets]
            done_counts.append(sum(flags))
            breakdown.append({
                "category.ttr.routes": p.route_points,
                "category.ttr.tickets_done": sum(v for v, f in zip(pts, flags, strict=True) if f),
                "category.ttr.tickets_failed": -sum(v for v, f in zip(pts, flags, strict=True) if not f),
            })
        best = max(done_counts)
        majors = self.majorities(st)
        for seat, b in enumerate(breakdown):
            b["category.ttr.globetrotter"] = d.globetrotter_points if best > 0 and done_counts[seat] == best else 0
            b["category.ttr.passengers"] = majors[seat]
        scores = [sum(b.values()) for b in breakdown]
        meeples = [sum(p.passengers.values()) for p in st.players]
        keys = [(scores[i], done_counts[i], meeples[i]) for i in range(st.n)]
        ranks = rank_by(keys)
        winners = [i for i, r in enumerate(ranks) if r == 1]
        top = [i for i in range(st.n) if scores[i] == max(scores)]
        tiebreak = "none"
        if len(top) > 1:
            if len({done_counts[i] for i in top}) > 1:
                tiebreak = "tiebreak.ttr.tickets"
            elif len({meeples[i] for i in top}) > 1:
                tiebreak = "tiebreak.ttr.passengers"
            else:
                tiebreak = "tiebreak.shared"
        return Result(list(self.CATEGORIES), breakdown, scores, ranks, winners, tiebreak)

    # ------------------------------------------------------------------ view
    def ticket_view(self, st: TTRState, seat: int, ticket_id: str, net: Network) -> dict:
        """A ticket as its holder sees it: done, and the path to highlight (its own tracks
        when done, else the cheapest plan over its tracks and free ones)."""
        d = self.data
        t = d.ticket_by_id[ticket_id]
        p = st.players[seat]
        done = net.done(t)
        if done:
            path = ticket_path(d, p.tracks, t)
            need = 0
        else:
            free = {tr.id for tr in self.claimable_tracks(st, seat)} if st.phase != OVER else set()
            mine = set(p.tracks)
            found = cheapest(d, t.a, t.b, lambda tr: 0 if tr.id in mine else
                             tr.length if tr.id in free else None)
            path, need = (found[1], found[0]) if found else ([], -1)
        return {"id": t.id, "a": t.a, "b": t.b, "points": t.points, "deck": t.deck, "done": done,
                "path": path, "trains_needed": need}

    def view(self, st: TTRState, seat: int | None) -> dict:
        d = self.data
        over = st.phase == OVER
        players = []
        for i, p in enumerate(st.players):
            decks = [d.ticket_by_id[t].deck for t in p.tickets]
            players.append({
                "seat": i, "score": p.route_points, "trains": p.trains,
                "hand_count": sum(p.hand.values()),
                "tickets": {"short": decks.count("short"), "long": decks.count("long")},
                "offered_count": len(p.offered), "mix": p.mix, "decided": p.decided,
                "passengers": dict(p.passengers), "tracks": p.tracks[:],
            })
        v = {
            "game": "ttr_germany", "seat": seat, "n": st.n, "phase": st.phase,
            "to_act": self.to_act(st), "prompt": self.prompt(st), "current": st.current,
            "first": st.first, "turn": st.turn,
            "face_up": st.face_up[:], "deck": len(st.deck), "discard": len(st.discard),
            "ticket_decks": {"short": len(st.short), "long": len(st.long)},
            "owner": dict(st.owner), "passengers": {k: v[:] for k, v in st.passengers.items()},
            "pending": st.pending[:], "first_card": st.first_card,
            "final_turns": st.final_turns, "trigger": st.trigger,
            "one_track_per_connection": st.n <= 3,
            "players": players,
        }
        if over:  # every ticket is shown at the end
            for i, p in enumerate(st.players):
                net = Network(d, p.tracks)
                players[i]["ticket_list"] = [self.ticket_view(st, i, t, net) for t in p.tickets]
        if seat is not None:
            me = st.players[seat]
            net = Network(d, me.tracks)
            v["hand"] = dict(me.hand)
            v["my_tickets"] = [self.ticket_view(st, seat, t, net) for t in me.tickets]
            v["offered"] = [self.ticket_view(st, seat, t, net) for t in me.offered]
        return v

    def randomize_hidden(self, st: TTRState, observer: int, rng: Rng) -> TTRState:
        """Re-deal what `observer` cannot see: other hands with the deck (each keeps the
        cards it was seen taking face up and has not paid), other seats' tickets (per deck
        colour, which their backs show) with the ticket decks."""
        s = st.clone()
        s.rng = Rng(rng.next_u64())
        d = self.data
        others = [i for i in range(s.n) if i != observer]
        pool = s.deck[:]
        for i in others:
            known = s.players[i].known
            for c, k in s.players[i].hand.items():
                pool += [c] * (k - known.get(c, 0))
        rng.shuffle(pool)
        for i in others:
            known = s.players[i].known
            size = sum(s.players[i].hand.values()) - sum(known.values())
            hand = dict(known)
            for c in pool[:size]:
                hand[c] = hand.get(c, 0) + 1
            s.players[i].hand = hand
            pool = pool[size:]
        s.deck = pool
        for deck in ("short", "long"):
            slots = [(s.players[i].tickets, j) for i in others
                     for j, t in enumerate(s.players[i].tickets) if d.ticket_by_id[t].deck == deck]
            slots += [(s.players[i].offered, j) for i in others
                      for j, t in enumerate(s.players[i].offered) if d.ticket_by_id[t].deck == deck]
            pile = getattr(s, deck)
            slots += [(pile, j) for j in range(len(pile))]
            vals = [c[j] for c, j in slots]
            rng.shuffle(vals)
            for (c, j), t in zip(slots, vals, strict=True):
                c[j] = t
        return s

    # ---------------------------------------------------------- persistence
    def to_json(self, st: TTRState) -> dict:
        return {"version": self.STATE_VERSION, "game": "ttr_germany", "state": st.to_json()}

    def from_json(self, data: dict) -> TTRState:
        if not isinstance(data, dict) or data.get("game") != "ttr_germany":
            raise SaveError("not a Ticket to Ride: Germany state")
        if data.get("version") != self.STATE_VERSION:
            raise SaveError(f"Ticket to Ride state version {data.get('version')!r} is not supported")
        try:
            return TTRState.from_json(data["state"])
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise SaveError(f"Ticket to Ride state is damaged ({e})") from None

    def clone(self, st: TTRState) -> TTRState:
        return st.clone()

    # ------------------------------------------------------------ invariants
    def check_invariants(self, st: TTRState) -> None:
        d = self.data
        cards: dict[str, int] = {}
        for c in st.deck + st.discard + st.face_up:
            cards[c] = cards.get(c, 0) + 1
        for p in st.players:
            for c, k in p.hand.items():
                assert k > 0, "empty hand entry"
                cards[c] = cards.get(c, 0) + k
            assert all(0 < k <= p.hand.get(c, 0) for c, k in p.known.items()), "seen cards not held"
        expected = {c.id: c.count for c in d.card_colours}
        expected[LOCOMOTIVE] = d.locomotive.count
        assert cards == expected, f"train cards not conserved: {cards}"
        meeples: dict[str, int] = {}
        for group in list(st.passengers.values()):
            for c in group:
                meeples[c] = meeples.get(c, 0) + 1
        for p in st.players:
            for c, k in p.passengers.items():
                meeples[c] = meeples.get(c, 0) + k
        assert meeples == {c.id: c.count for c in d.passenger_colours}, "passengers not conserved"
        tickets = st.short + st.long + [t for p in st.players for t in p.tickets + p.offered]
        assert sorted(tickets) == sorted(t.id for t in d.tickets), "tickets not conserved"
        assert len(st.face_up) <= d.face_up
        claimed = [t for p in st.players for t in p.tracks]
        assert len(claimed) == len(set(claimed)) == len(st.owner), "a track claimed twice"
        for seat, p in enumerate(st.players):
            used = sum(d.track_by_id[t].length for t in p.tracks)
            assert p.trains + used == d.trains_per_player, "trains not conserved"
            assert p.route_points == sum(d.points_for(d.track_by_id[t].length) for t in p.tracks)
            conns = [d.track_by_id[t].connection for t in p.tracks]
            assert len(conns) == len(set(conns)), "two tracks of one connection"
            assert all(st.owner[t] == seat for t in p.tracks)
        if st.n <= 3:
            conns = [d.track_by_id[t].connection for t in st.owner]
            assert len(conns) == len(set(conns)), "a double route used twice with 2-3 players"
        if st.phase != OVER:
            assert self.legal_actions(st), "no legal action in a running game"
            r = self.result(st)
            assert all(r.scores[i] == sum(r.breakdown[i].values()) for i in range(st.n))

    # ------------------------------------------------------------------ bots
    def bot(self, level: str):
        from . import bots
        return bots.make(level)
