"""Workers (GWT: El Paso spec §5.6-§5.7; Argentina §3.8.1, §3.11): the worker area, hiring
from the supply, paying with workers of the kind an action asks for (a wild worker, El
Paso's joker, standing in) and a worker's bonus for discarding it. The kinds and what
each pays for come from the edition's data (components.yaml workers)."""
from __future__ import annotations


class WorkersMixin:
    def hire_types(self, want: str) -> list[str]:
        """The kinds a hire of `want` ("any" or a kind) may take; the wild kind always."""
        d = self.data
        base = list(d.plain_workers) if want == "any" else [want]
        wild = d.wild
        return base + ([wild] if wild is not None and wild not in base else [])

    def hire_price(self, w: str, price: int) -> int:
        return price + (self.data.joker_surcharge if w == self._wild else 0)

    def hire(self, st, p: dict, w: str, price: int) -> None:
        p["money"] -= self.hire_price(w, price)
        st.supply[w] -= 1
        p["workers"].append(w)

    def pay_splits(self, p: dict, worker: str, need: int) -> list[int]:
        """Wild-worker counts that can stand in when `need` workers of a kind are spent."""
        wild = self._wild
        have, jokers = p["workers"].count(worker), p["workers"].count(wild) if wild else 0
        return [j for j in range(0, min(jokers, need) + 1) if need - j <= have]

    def discard_worker(self, p: dict, w: str) -> None:
        p["workers"].remove(w)
        p["discard"].append(w)

    def spend_workers(self, p: dict, worker: str, need: int, jokers: int) -> None:
        for _ in range(need - jokers):
            self.discard_worker(p, worker)
        for _ in range(jokers):
            self.discard_worker(p, self._wild)

    # ---- a worker's bonus (a free action: discard it from the area) ------------
    def bonus_ok(self, st, p: dict, w: str) -> bool:
        for a in self.data.worker(w).bonus:
            if a.name == "extra_step" and st.pending[-1]["k"] != "move":
                return False
            if a.name == "gain_certificates" and (p["certs"] >= self.cert_limit(p) or p["money"] < a.cost):
                return False
            if p["money"] < a.cost:
                return False
        return True

    def worker_bonus(self, st, p: dict, top: dict, w: str) -> None:
        self.discard_worker(p, w)
        for a in self.data.worker(w).bonus:
            if a.name == "extra_step":
                top["extra"] += a.get("steps")
            else:
                self.simple(st, p, a)
