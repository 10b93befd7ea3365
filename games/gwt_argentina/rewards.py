"""Argentina's remaining acts (spec §3.8, A.9-A.10 faces) and its auxiliary actions (§3.8.7).

Acts: gain_per (a reward per own building on a grain space, granjero, farmer beside the
board or complete worker set), spend_grain (auxiliary 3, building 7a), draw_remove
(auxiliary 6), others_take_exhaustion (7b), discard_objective_for_certificates (3b) and
remove_exhaustion's either/or with one auxiliary action (H).

Auxiliary actions: a single auxiliary action (the fallback at a location, an icon without
"double") is always the single version; the "single or double" icon may take the double
version of an action whose discs are all gone ("auxd <n> ..."). An action of several acts
(auxiliary 6: back, draw, remove) does its first act with the chosen arguments and the
others after it (each may ask its own decision)."""
from __future__ import annotations

from functools import cached_property

from games.core.events import Event
from games.gwt.model import Act


class RewardsMixin:
    ACT_OPTIONS_MORE = {"gain_per": "opt_always", "spend_grain": "opt_spend_grain",
                        "draw_remove": "opt_draw_remove", "others_take_exhaustion": "opt_always",
                        "discard_objective_for_certificates": "opt_discard_objective",
                        "remove_exhaustion": "opt_remove_exhaustion_or_aux",
                        "discard_cattle_for_money": "opt_discard_for_money"}
    ACT_RUN_MORE = {"gain_per": "run_gain_per", "spend_grain": "run_spend_grain",
                    "draw_remove": "run_draw_remove", "others_take_exhaustion": "run_others_exhaustion",
                    "discard_objective_for_certificates": "run_discard_objective",
                    "remove_exhaustion": "run_remove_exhaustion_or_aux",
                    "discard_cattle_for_money": "run_discard_for_money"}

    # ---- discard cattle for pesos: a breed, any cattle card, or two of one breed ----------
    def opt_discard_for_money(self, st, seat, p, a, money):
        d = self.data
        hand = sorted(set(c for c in p["hand"] if d.is_cattle(c)))
        if a.get("pair"):
            out = []
            for i, x in enumerate(hand):
                if p["hand"].count(x) >= 2:
                    out.append((x, x))
                out += [(x, y) for y in hand[i + 1:] if d.breed_of(y) == d.breed_of(x)]
            return out
        if a.get("breed"):
            return [(c,) for c in hand if d.breed_of(c) == a.get("breed")]
        return [(c,) for c in hand]

    def run_discard_for_money(self, st, seat, p, a, args, ev):
        for c in args:
            self.discard_from_hand(p, c)
        p["money"] += a.get("money")
        ev.append(Event("gwta_discard_for", {"seat": seat, "card": args[0], "what": "money", "n": a.get("money")}))

    # ---- gain per ... -----------------------------------------------------------------
    def per_count(self, st, seat: int, per: str) -> int:
        d = self.data
        p = st.players[seat]
        if per == "grain_buildings":
            return sum(1 for n in self.owned(st, seat) if n in d.grain_spaces)
        if per == "granjeros":
            return self.row_count(p, "granjero")
        if per == "farmers":
            return len(p["farmers"])
        if per == "worker_sets":
            return self.worker_sets(p)
        raise ValueError(per)

    def run_gain_per(self, st, seat, p, a, args, ev):
        times = self.per_count(st, seat, a.get("per")) // (a.get("every") or 1)
        if a.get("money") is not None:
            p["money"] += a.get("money") * times
        elif a.get("grain") is not None:
            self.gain_grain(p, a.get("grain") * times)
        else:
            self.gain_certs(p, a.get("certificates") * times)

    # ---- spend grain for money, certificates, locomotive ----------------------------------
    def opt_spend_grain(self, st, seat, p, a, money):
        if p["grain"] < a.get("grain"):
            return []
        if a.get("steps"):
            stops = self.opt_move_train(st, seat, p, Act("move_train", {"steps": a.get("steps")}), money)
            return stops or [()]
        return [()]

    def run_spend_grain(self, st, seat, p, a, args, ev):
        p["grain"] -= a.get("grain")
        p["money"] += a.get("money") or 0
        if a.get("certificates"):
            self.gain_certs(p, a.get("certificates"))
        if a.get("steps") and args:
            self.run_move_train(st, seat, p, Act("move_train", {"steps": a.get("steps")}), args, ev)

    # ---- draw, then remove ------------------------------------------------------------------
    def opt_draw_remove(self, st, seat, p, a, money):
        return [()] if p["hand"] or p["deck"] or p["discard"] else []

    def run_draw_remove(self, st, seat, p, a, args, ev):
        n = a.get("count")
        self.draw_cards(st, seat, n, ev)
        if p["hand"]:
            st.pending.append({"k": "removen", "left": n})

    # ---- others take exhaustion; objective for certificates ---------------------------------
    def run_others_exhaustion(self, st, seat, p, a, args, ev):
        for k in range(1, st.n):
            self.take_exhaustion(st, (seat + k) % st.n, a.get("count"), ev)

    def opt_discard_objective(self, st, seat, p, a, money):
        return [(c,) for c in sorted(set(p["hand"])) if self.is_objective(c)]

    def run_discard_objective(self, st, seat, p, a, args, ev):
        self.discard_from_hand(p, args[0])
        self.gain_certs(p, a.get("amount"))

    # ---- remove an exhaustion card, or one auxiliary action -------------------------------
    def opt_remove_exhaustion_or_aux(self, st, seat, p, a, money):
        out = [("exhaustion",)] if "exhaustion" in p["hand"] else []
        if a.get("or_auxiliary") and self.aux_options(st, seat, []):
            out.append(("aux",))
        return out

    def run_remove_exhaustion_or_aux(self, st, seat, p, a, args, ev):
        if args and args[0] == "aux":
            st.pending.append({"k": "aux", "used": [], "left": 1})
        else:
            self.remove_card(st, seat, "exhaustion", ev)

    # ---- auxiliary actions: single, or double where the icon allows -----------------------
    def aux_state(self, p: dict) -> tuple[set[int], set[int], bool]:
        """(open, doubled, False): an action is open from the start or once one of its discs
        is gone; its double once every disc naming it is gone (§3.8.7)."""
        avail, _upgraded, _two = super().aux_state(p)
        removed = set(p["removed"])
        doubled = {n for n, spaces in self._aux_discs.items()
                   if spaces <= removed and any(e.name == "upgrade_auxiliary" and e.get("number") == n
                                                for s in spaces for e in self.data.disc(s).effects)}
        return avail, doubled, False

    @cached_property
    def _aux_discs(self) -> dict[int, frozenset[str]]:
        """Auxiliary action -> the disc spaces naming it (unlock or upgrade)."""
        out: dict[int, set[str]] = {}
        for ds in self.data.discs:
            for e in ds.effects:
                if e.name in ("unlock_auxiliary", "upgrade_auxiliary"):
                    out.setdefault(e.get("number"), set()).add(ds.id)
        return {n: frozenset(v) for n, v in out.items()}

    def aux_acts(self, p: dict, number: int, double: bool = False):
        a = self.data.aux_action(number)
        return a.upgraded if double else a.actions

    def aux_options(self, st, seat: int, used: list[int], double: bool = False) -> list[tuple]:
        p = st.players[seat]
        avail, upgraded, _two = self.aux_state(p)
        out = []
        for a in self.data.aux:
            if a.number not in avail or a.number in used:
                continue
            for args in self.act_options(st, seat, a.actions[0]):
                out.append(("aux", a.number, *args))
            if double and a.number in upgraded:
                for args in self.act_options(st, seat, a.upgraded[0]):
                    out.append(("auxd", a.number, *args))
        return out

    def options_aux(self, st, seat, top):
        return self.aux_options(st, seat, top["used"], top.get("double", False)) + [("end",)]

    def run_auxiliary(self, st, seat, p, a, args, ev):
        st.pending.append({"k": "aux", "used": [], "left": a.get("count"), "double": bool(a.get("double"))})

    def do_aux(self, st, seat: int, top: dict, args: tuple, ev) -> None:
        self._aux(st, seat, top, args, False, ev)

    def do_aux_double(self, st, seat: int, top: dict, args: tuple, ev) -> None:
        self._aux(st, seat, top, args, True, ev)

    def _aux(self, st, seat, top, args, double, ev) -> None:
        p = st.players[seat]
        number = int(args[0])
        if top["k"] == "aux":
            top["used"].append(number)
            top["left"] -= 1
            if top["left"] <= 0 and st.pending and st.pending[-1] is top:
                st.pending.pop()
        acts = self.aux_acts(p, number, double)
        self.run(st, seat, acts[0], args[1:], ev)
        for a in acts[1:]:
            opts = self.act_options(st, seat, a)
            if opts:
                self.run(st, seat, a, opts[0], ev)
