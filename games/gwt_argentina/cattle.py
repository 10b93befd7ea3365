"""Argentina's cattle market and card actions (spec §3.8.3, §3.2, §3.8.9, §3.6.4 yellow
arrow).

The market (`st.cattle`) is face up and kept sorted by the data's colour order (orange,
yellow, red, blue, brown, purple); `refill_market` draws from the market deck up to the
player count's size. Buying (act `buy_cattle`) is the decision kind `buy`:

  buy <option> <card> [<card>]   a purchase option of the data's table (`prices`, by
                                 index): spend its gauchos and pesos, take its card(s)
  reveal                         an unused gaucho turns the top 2 market-deck cards face up
                                 into the market (the market may exceed its size)
  end

Each gaucho of the row (the printed one included) serves once per action, for buying or
for revealing. Bought cards go to the discard pile.

Card actions: `draw_discard` (draw up to N, then discard as many as were drawn: the
decision kind `discardn`, "discard <card>"), `remove_card` (a hand card out of the game;
an exhaustion card back to its pile; for several: the kind `removen`, "remove <card>" or
"end"), `remove_exhaustion`, the cattle-discard rewards (`discard_cattle_for_grain`,
`_for_certificates`, `_for_train`) and `free_market_card` (building 10b: discard 1 cattle
card, take any market card; a city bonus: a free market card of a breed)."""
from __future__ import annotations

from itertools import combinations

from games.core.events import Event
from games.gwt.model import Act


def drop(st, top: dict) -> None:
    """Take decision `top` off the stack (by identity: equal dicts may lie below it)."""
    for i in range(len(st.pending) - 1, -1, -1):
        if st.pending[i] is top:
            del st.pending[i]
            return


class CattleMixin:
    # ---- the market --------------------------------------------------------------
    def sort_market(self, st) -> None:
        d = self.data
        order = {c: i for i, c in enumerate(d.market_order)}
        st.cattle.sort(key=lambda c: (order.get(d.cards[c].colour, len(order)), d.cards[c].bv, c))

    def refill_market(self, st) -> list[str]:
        """The yellow arrow (and setup): draw until the market holds its size for the player
        count (none if it holds as many or more, or the deck is empty); sort it. Returns the
        cards drawn (the caller reports the refill)."""
        want = self.data.market_size[st.n]
        drawn = []
        while len(st.cattle) + len(drawn) < want and st.cattle_deck:
            drawn.append(st.cattle_deck.pop())
        st.cattle.extend(drawn)
        self.sort_market(st)
        return drawn

    def reveal_market(self, st, seat: int, ev: list[Event]) -> list[str]:
        """An unused gaucho: the top cards of the market deck face up into the market."""
        n = self.data.reveal_per_gaucho
        drawn = [st.cattle_deck.pop() for _ in range(min(n, len(st.cattle_deck)))]
        st.cattle.extend(drawn)
        self.sort_market(st)
        ev.append(Event("gwta_reveal", {"seat": seat, "cards": drawn}))
        return drawn

    def market_matches(self, st, what: str) -> list[str]:
        """Market cards (with repeats) a price's `what` names: a breed group or "bv3"."""
        d = self.data
        if what.startswith("bv") and what[2:].isdigit():
            bv = int(what[2:])
            return [c for c in st.cattle if d.cards[c].bv == bv]
        return [c for c in st.cattle if d.cards[c].breed == what]

    def buy_options(self, st, seat: int, used: int, money: int | None = None) -> list[tuple]:
        """("buy", option, card[, card]) for every option within the unused gauchos and money."""
        p = st.players[seat]
        gauchos = self.row_count(p, "gaucho") - used
        money = p["money"] if money is None else money
        out = []
        for i, price in enumerate(self.data.prices):
            if price.gauchos > gauchos or price.pesos > money:
                continue
            cards = sorted(self.market_matches(st, price.what))
            for combo in sorted(set(combinations(cards, price.cards))):
                out.append(("buy", i, *combo))
        return out

    def can_reveal(self, st, seat: int, used: int) -> bool:
        return bool(st.cattle_deck) and self.row_count(st.players[seat], "gaucho") - used > 0

    def options_buy(self, st, seat, top):
        out = self.buy_options(st, seat, top["used"])
        if self.can_reveal(st, seat, top["used"]):
            out.append(("reveal",))
        out.append(("end",))
        return out

    def on_buy(self, st, seat, top, args, ev):
        p = st.players[seat]
        price = self.data.prices[int(args[0])]
        cards = list(args[1:])
        top["used"] += price.gauchos
        p["money"] -= price.pesos
        for c in cards:
            st.cattle.remove(c)
            p["discard"].append(c)
        ev.append(Event("gwta_buy", {"seat": seat, "cards": cards, "pesos": price.pesos,
                                     "gauchos": price.gauchos}))
        self._buy_done(st, seat, top)

    def on_market_reveal(self, st, seat, top, args, ev):
        top["used"] += 1
        self.reveal_market(st, seat, ev)
        self._buy_done(st, seat, top)

    def _buy_done(self, st, seat, top) -> None:
        """The purchase ends by itself once nothing but "end" is left."""
        if not self.buy_options(st, seat, top["used"]) and not self.can_reveal(st, seat, top["used"]):
            drop(st, top)

    # ---- acts: buying, market cards ---------------------------------------------------
    def opt_market_buy(self, st, seat, p, a, money):
        return [()] if self.can_reveal(st, seat, 0) or self.buy_options(st, seat, 0, money) else []

    def run_market_buy(self, st, seat, p, a, args, ev):
        st.pending.append({"k": "buy", "used": 0})

    def opt_free_market_card(self, st, seat, p, a, money):
        """A market card for free (`breed`: of that breed group only); with `discard`, first
        discard 1 cattle card from hand: ([hand card,] market card)."""
        breed = a.get("breed")
        market = sorted(set(st.cattle if not breed else self.market_matches(st, breed)))
        if not a.get("discard"):
            return [(m,) for m in market]
        hand = sorted({c for c in p["hand"] if self.data.is_cattle(c)})
        return [(h, m) for h in hand for m in market]

    def run_free_market_card(self, st, seat, p, a, args, ev):
        if a.get("discard"):
            self.discard_from_hand(p, args[0])
        self._take_market_card(st, seat, args[-1], ev)

    def _take_market_card(self, st, seat: int, card: str, ev: list[Event]) -> None:
        st.cattle.remove(card)
        st.players[seat]["discard"].append(card)
        ev.append(Event("gwta_market_card", {"seat": seat, "card": card}))

    # ---- card acts: draw and discard, remove -------------------------------------------
    def card_count(self, p: dict, a) -> int:
        """An act's card count: `count`, or one per gaucho (`per_gaucho`)."""
        if a.get("per_gaucho"):
            return self.row_count(p, "gaucho")
        n = a.get("count")
        return 1 if n is None else int(n)

    def start_draw_discard(self, st, seat: int, n: int, ev: list[Event]) -> int:
        """Draw up to `n` cards, then discard as many as were drawn (kind `discardn`)."""
        p = st.players[seat]
        drawn = self.draw_cards(st, seat, n, ev)
        if drawn and p["hand"]:
            st.pending.append({"k": "discardn", "left": len(drawn)})
        return len(drawn)

    def draw_cards(self, st, seat: int, n: int, ev: list[Event]) -> list[str]:
        """Up to `n` cards from the draw pile into the hand (reshuffling when needed); the
        event shows them to their owner only."""
        p = st.players[seat]
        drawn = []
        for _ in range(n):
            c = self.draw_one(st, p, ev, seat)
            if c is None:
                break
            drawn.append(c)
        ev.append(Event("gwt_draw", {"seat": seat, "cards": drawn}, private_to=(seat,),
                        public_args={"seat": seat, "count": len(drawn)}))
        return drawn

    def opt_draw_discard(self, st, seat, p, a, money):
        return [()] if (p["deck"] or p["discard"]) and self.card_count(p, a) > 0 else []

    def run_draw_discard(self, st, seat, p, a, args, ev):
        self.start_draw_discard(st, seat, self.card_count(p, a), ev)

    def options_discardn(self, st, seat, top):
        return [("discard", c) for c in sorted(set(st.players[seat]["hand"]))]

    def on_discardn(self, st, seat, top, args, ev):
        p = st.players[seat]
        self.discard_from_hand(p, args[0])
        top["left"] -= 1
        if top["left"] <= 0 or not p["hand"]:
            drop(st, top)

    def remove_card(self, st, seat: int, card: str, ev: list[Event]) -> None:
        """A hand card out of the game; an exhaustion card goes back to its pile."""
        p = st.players[seat]
        p["hand"].remove(card)
        if card == "exhaustion":
            st.exhaustion += 1
        else:
            st.box.append(card)
        ev.append(Event("gwta_remove", {"seat": seat, "card": card}))

    def opt_remove_card(self, st, seat, p, a, money):
        if not p["hand"]:
            return []
        if self.card_count(p, a) > 1:
            return [()]
        return [(c,) for c in sorted(set(p["hand"]))]

    def run_remove_card(self, st, seat, p, a, args, ev):
        if args:
            self.remove_card(st, seat, args[0], ev)
        else:
            st.pending.append({"k": "removen", "left": self.card_count(p, a)})

    def options_removen(self, st, seat, top):
        return [("remove", c) for c in sorted(set(st.players[seat]["hand"]))] + [("end",)]

    def on_removen(self, st, seat, top, args, ev):
        self.remove_card(st, seat, args[0], ev)
        top["left"] -= 1
        if top["left"] <= 0 or not st.players[seat]["hand"]:
            drop(st, top)

    def opt_remove_exhaustion(self, st, seat, p, a, money):
        return [()] if "exhaustion" in p["hand"] else []

    def run_remove_exhaustion(self, st, seat, p, a, args, ev):
        self.remove_card(st, seat, "exhaustion", ev)

    # ---- discard a cattle card for a reward ---------------------------------------------
    def cattle_match(self, card: str, a) -> bool:
        """Whether hand card `card` meets a discard requirement (breed group, colour, BV)."""
        d = self.data
        if not d.is_cattle(card):
            return False
        c = d.cards[card]
        if a.get("breed") and c.breed != a.get("breed"):
            return False
        if a.get("colour") and c.colour != a.get("colour"):
            return False
        return a.get("bv") is None or c.bv == a.get("bv")

    def discard_options(self, p: dict, a) -> list[tuple]:
        return [(c,) for c in sorted(set(p["hand"])) if self.cattle_match(c, a)]

    def _discard_for(self, st, seat, p, card, what, n, ev) -> None:
        self.discard_from_hand(p, card)
        ev.append(Event("gwta_discard_for", {"seat": seat, "card": card, "what": what, "n": n}))

    def opt_discard_for_grain(self, st, seat, p, a, money):
        """Not offered with the grain track full (the discard would buy nothing)."""
        return self.discard_options(p, a) if p["grain"] < self.data.grain_max else []

    def run_discard_for_grain(self, st, seat, p, a, args, ev):
        n = a.get("amount", 1)
        self._discard_for(st, seat, p, args[0], "grain", n, ev)
        self.gain_grain(p, n)

    def opt_discard_for_certs(self, st, seat, p, a, money):
        """Not offered with the certificate marker at its limit."""
        return self.discard_options(p, a) if p["certs"] < self.cert_limit(p) else []

    def run_discard_for_certs(self, st, seat, p, a, args, ev):
        n = a.get("amount", 1)
        self._discard_for(st, seat, p, args[0], "certs", n, ev)
        self.gain_certs(p, n)

    def train_act(self, a) -> Act:
        """The railroad's forward move of a fixed number of spaces (the reward's `steps`)."""
        return Act("move_train", {"steps": int(a.get("steps", a.get("amount", 1)))})

    def opt_discard_for_train(self, st, seat, p, a, money):
        """(card, position): a matching card and where the locomotive stops."""
        stops = self.opt_move_train(st, seat, p, self.train_act(a), money)
        return [(c, *pos) for (c,) in self.discard_options(p, a) for pos in stops]

    def run_discard_for_train(self, st, seat, p, a, args, ev):
        move = self.train_act(a)
        self._discard_for(st, seat, p, args[0], "train", move.get("steps"), ev)
        self.run_move_train(st, seat, p, move, args[1:], ev)
