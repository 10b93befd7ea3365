"""Argentina's worker area (spec §3.11, §3.8.1): four rows (gaucho, carpintero, maquinista,
granjero) of 6 spaces each, space 0 a printed worker. A new worker goes on the leftmost
free space of its type's row; the space's instant action (data `worker_rows`) is offered
at once as a menu (the rules' `push_acts(st, seat, ["slot", type, index], ev)`), to be
done or forfeited. A worker sent away as a station master is the rightmost *hired* one of
its row; the space it leaves gives its instant again to the next worker covering it.

A row in the player dict (`p["rows"][type]`) is the list of what lies on its spaces, left
to right: "printed", then token ids (farmer tokens, flipped, in the granjero row). Rows
never have gaps: a worker only leaves from the right end.
"""
from __future__ import annotations

from functools import cached_property

from games.core.events import Event

PRINTED = "printed"
ROW_SPACES = 6


class WorkerAreaMixin:
    def row_count(self, p: dict, wtype: str) -> int:
        """Workers in the row of `wtype`, the printed one included."""
        return len(p["rows"][wtype])

    def row_full(self, p: dict, wtype: str) -> bool:
        return len(p["rows"][wtype]) >= len(self.data.worker_rows[wtype])

    def next_slot(self, p: dict, wtype: str):
        """The leftmost free space of the row (a data Slot), or None when the row is full."""
        slots = self.data.worker_rows[wtype]
        n = len(p["rows"][wtype])
        return slots[n] if n < len(slots) else None

    def add_worker(self, st, seat: int, wtype: str, token: str, ev: list[Event]) -> None:
        """Put `token` on the leftmost free space of its row and offer that space's instant."""
        p = st.players[seat]
        row = p["rows"][wtype]
        index = len(row)
        if index >= len(self.data.worker_rows[wtype]):
            raise ValueError(f"the {wtype} row is full")
        row.append(token)
        ev.append(Event("gwta_worker", {"seat": seat, "type": wtype, "token": token, "slot": index}))
        if self.data.worker_rows[wtype][index].acts:
            self.push_acts(st, seat, ["slot", wtype, index], ev)

    def take_row_worker(self, st, seat: int, wtype: str) -> str | None:
        """Take the rightmost hired worker of the row (a station master leaving); None when
        only the printed worker is there."""
        row = st.players[seat]["rows"][wtype]
        if len(row) <= 1:
            return None
        return row.pop()

    def stamina_workers(self, p: dict) -> int:
        """Stamina icons on the worker tokens in the area (farmer tokens show none once flipped)."""
        toks = self.data.tokens
        return sum(toks[t].stamina for row in p["rows"].values() for t in row
                   if t != PRINTED and toks[t].kind == "worker")

    def stamina_worker_count(self, p: dict) -> int:
        """Worker tokens showing a stamina icon (a station master's task counts them)."""
        toks = self.data.tokens
        return sum(1 for row in p["rows"].values() for t in row
                   if t != PRINTED and toks[t].kind == "worker" and toks[t].stamina > 0)

    def workers_vp(self, p: dict) -> int:
        """VP of the occupied scoring spaces (4 each on the 5th and 6th)."""
        vp = self._row_vp
        return sum(vp[t][len(row)] for t, row in p["rows"].items())

    @cached_property
    def _row_vp(self) -> dict:
        """type -> the VP of a row's first n spaces, by n (workers_vp is a bot's hot path)."""
        out = {}
        for t, slots in self.data.worker_rows.items():
            acc = [0]
            for s in slots:
                acc.append(acc[-1] + s.vp)
            out[t] = acc
        return out

    def worker_sets(self, p: dict) -> int:
        """Complete sets gaucho + carpintero + maquinista + granjero, printed workers included."""
        return min(len(row) for row in p["rows"].values())
