"""The herd deck (GWT: El Paso spec §3, §4.3, §5.5; Argentina §3.2, §3.7): draw pile, hand,
discard pile, drawing with the reshuffle rule, the hand limit and the exchange (draw, then
discard from hand). Cards drawn that belong elsewhere (El Paso's worker cards) go to the
worker area at once and do not count toward the hand."""
from __future__ import annotations

from games.core.events import Event


class DeckMixin:
    def is_worker(self, card: str) -> bool:
        return card in self._worker_set

    def draw_one(self, st, p: dict, ev: list[Event], seat: int | None = None) -> str | None:
        """One card from the draw pile (the discard pile reshuffled when it is empty)."""
        if not p["deck"]:
            if not p["discard"]:
                return None
            p["deck"], p["discard"] = p["discard"], []
            st.rng.shuffle(p["deck"])
            ev.append(Event("gwt_reshuffle", {"seat": seat}))
        card = p["deck"].pop()
        (p["workers"] if card in self._worker_set else p["hand"]).append(card)
        return card

    def draw_to_limit(self, st, p: dict, ev: list[Event], seat: int | None = None) -> None:
        limit = self.hand_limit(p)
        drawn = []
        while len(p["hand"]) < limit:
            c = self.draw_one(st, p, ev, seat)
            if c is None:
                break
            drawn.append(c)
        if drawn:
            ev.append(Event("gwt_draw", {"seat": seat, "cards": drawn}, private_to=(seat,) if seat is not None else (),
                            public_args={"seat": seat, "count": len(drawn)}))

    def exchange_draw(self, st, seat: int, ev: list[Event], more: int) -> None:
        """Draw until a hand card arrives (drawn workers go to the worker area, El Paso spec
        §12.3), then discard 1 card from hand (decision xdiscard); `more` exchanges follow."""
        p = st.players[seat]
        while True:
            c = self.draw_one(st, p, ev, seat)
            if c is None or c not in self._worker_set:
                break
        ev.append(Event("gwt_draw", {"seat": seat, "cards": [c] if c else []}, private_to=(seat,),
                        public_args={"seat": seat, "count": 1 if c else 0}))
        if p["hand"]:
            st.pending.append({"k": "xdiscard", "more": more})

    def discard_from_hand(self, p: dict, card: str) -> None:
        p["hand"].remove(card)
        p["discard"].append(card)
