"""El Paso, the end of the trail (spec gwt_el_paso.md §6, §8, §12.1): the money, a
Simmental card (the last one triggers the end; the first arrival after it ends the drive),
and the delivery: a disc from the player board onto a trading post whose value the hand's
breeding value (plus certificates) reaches, then the post's reward."""
from __future__ import annotations

from collections import Counter

from games.core.events import Event


class ElPasoMixin:
    def city_visit(self, st, seat: int, ev: list[Event]) -> None:
        p = st.players[seat]
        for a in self.data.city_actions:
            if a.name == "gain_money":
                p["money"] += a.get("amount")
            elif a.name == "gain_simmental":
                if st.simmental > 0:
                    st.simmental -= 1
                    p["discard"].append(self.data.simmental.id)
                    if st.simmental == 0:
                        st.triggered_by = seat
                        ev.append(Event("gwt_end_triggered", {"seat": seat}))
                else:
                    self.maybe_finish(st, seat, ev)
            elif a.name == "deliver":
                st.pending.append({"k": "deliver"})

    def maybe_finish(self, st, seat: int, ev: list[Event]) -> None:
        """The first arrival at El Paso after the trigger ends the game for that seat
        (spec §8, §12.1); every other seat then takes one final turn."""
        if st.finisher is None and st.triggered_by is not None and not (
                st.options.get("end_trigger") == "not_trigger" and seat == st.triggered_by):
            st.finisher = seat
            st.players[seat]["on_simmental"] = True
            st.final = [(seat + i) % st.n for i in range(1, st.n)]
            ev.append(Event("gwt_finisher", {"seat": seat}))

    def game_ending(self, st) -> bool:
        return st.finisher is not None

    # ---- the delivery -------------------------------------------------------------
    def delivery_value(self, p: dict) -> int:
        """Total breeding value before spending track certificates (spec §6.1)."""
        d = self.data
        counts = Counter(p["hand"])
        base = sum(d.breed(b).bv for b in counts)
        extra = sorted((d.breed(b).bv for b, c in counts.items() for _ in range(c - 1)), reverse=True)
        return base + sum(extra[:self.duplicates_counted(p)]) + self.permanent_certs(p)

    def disc_fits(self, p: dict, post, did: str) -> bool:
        disc = self.data.disc(did)
        if disc.black and not post.black:
            return False
        return not (disc.money < 0 and p["money"] < -disc.money)

    def deliver_options(self, st, seat: int) -> list[tuple]:
        d = self.data
        p = st.players[seat]
        total = self.delivery_value(p) + p["certs"]
        out = []
        for post in d.posts:
            if post.value > total:
                continue
            if not post.repeat and seat in st.posts[str(post.value)]:
                continue
            for did in p["discs"]:
                if self.disc_fits(p, post, did):
                    out.append(("deliver", post.value, did))
        return out

    def options_deliver(self, st, seat, top):
        return self.deliver_options(st, seat) or [("deliver", "none")]

    def on_deliver(self, st, seat, top, args, ev) -> None:
        d = self.data
        p = st.players[seat]
        p["deliveries"] += 1
        if args[0] != "none":
            value, did = int(args[0]), args[1]
            need = max(0, value - self.delivery_value(p))
            p["certs"] -= need
            self.uncover_disc(p, did)
            st.posts[str(value)].append(seat)
            ev.append(Event("gwt_delivered", {"seat": seat, "post": value, "disc": did,
                                              "hand": sorted(p["hand"])}))
            reward = d.post(value).reward
            if reward:
                st.pending.append({"k": "menu", "ref": ["post", value], "left": list(range(len(reward)))})
        p["discard"] += p["hand"]
        p["hand"] = []

    def view_delivery(self, st, seat: int) -> dict:
        """The seat's delivery preview: its hand's value and, per post, the certificates it
        would spend and the discs that may go there now."""
        d = self.data
        p = st.players[seat]
        perm = self.permanent_certs(p)
        value = self.delivery_value(p)
        total = value + p["certs"]
        posts = []
        for post in d.posts:
            reach = post.value <= total and (post.repeat or seat not in st.posts[str(post.value)])
            discs = [did for did in p["discs"] if self.disc_fits(p, post, did)] if reach else []
            posts.append({"post": post.value, "certs": max(0, post.value - value), "open": bool(discs),
                          "discs": discs})
        return {"hand_value": value - perm, "permanent": perm, "value": value, "certs": p["certs"],
                "total": total, "posts": posts}
