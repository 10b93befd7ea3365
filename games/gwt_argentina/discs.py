"""Argentina's player board (spec §3.10, §3.6.3 step 3): where a disc may come from when one
must be placed on a ship, a station or a dock, the disc spaces' removal conditions and
abilities (step, hand and certificate limits, stamina), and the fallback to a disc taken
back from a railway station."""
from __future__ import annotations

from games.core.events import Event

STATION = "station:"


class DiscsMixin:
    def disc_sources(self, st, seat: int, dark_target: bool) -> list[str]:
        """Where a disc for a target with a dark (or white) corner may come from: covered
        disc spaces whose removal can be paid, a dark-corner disc only on a dark target
        unless no white one can go; if none, one of the seat's discs on a station."""
        d = self.data
        p = st.players[seat]
        payable = [s for s in p["discs"] if p["money"] >= self.disc_price(s)]
        white = [s for s in payable if not d.disc(s).black]
        out = payable if dark_target or not white else white
        if out:
            return out
        return [STATION + sid for sid in sorted(st.stations) if seat in st.stations[sid]]

    def take_disc(self, st, seat: int, source: str, ev: list[Event]) -> None:
        """Take the disc from `source` (uncovering its space: its ability is on, its money
        paid or gained; or off a station)."""
        p = st.players[seat]
        if source.startswith(STATION):
            st.stations[source[len(STATION):]].remove(seat)
        else:
            p["money"] -= self.disc_price(source)
            self.uncover_disc(p, source)
        ev.append(Event("gwta_disc", {"seat": seat, "source": source}))

    def disc_price(self, space: str) -> int:
        """What removing a disc space's disc costs (its condition: pay_money), else 0."""
        c = self.data.disc(space).condition
        return c.get("amount") if c is not None and c.name == "pay_money" else 0

    # ---- abilities of uncovered spaces ------------------------------------------
    def _sum_effect(self, p: dict, name: str, key: str = "amount") -> int:
        return sum(e.get(key) for e in self.effects(p) if e.name == name)

    def step_limit(self, p: dict) -> int:
        return p["step_base"] + self._sum_effect(p, "step_limit", "add")

    def hand_limit(self, p: dict) -> int:
        return self.data.hand_limit[0] + self._sum_effect(p, "hand_limit", "add")

    def cert_limit(self, p: dict) -> int:
        return self.data.cert_limit_start + self._sum_effect(p, "cert_limit", "add")

    def stamina_on_board(self, p: dict) -> int:
        return self._sum_effect(p, "stamina")

    def permanent_certs(self, p: dict) -> int:
        return self.perm_certs(p)

    def disc_vp(self, p: dict) -> int:
        """VP of uncovered disc spaces (the right step-limit space: row 11)."""
        d = self.data
        return sum(d.disc(x).vp for x in p["removed"])
