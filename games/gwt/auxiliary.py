"""Auxiliary actions (GWT: El Paso spec §5.12; Argentina §3.8.7): the player board's
numbered actions, open from the start or unlocked by a disc, upgraded by another; one of
them instead of a location's actions, more where an action or ability says so.
(Not named aux.py: AUX is a reserved file name on Windows.)"""
from __future__ import annotations


class AuxMixin:
    def aux_acts(self, p: dict, number: int):
        a = self.data.aux_action(number)
        return a.upgraded if number in self.aux_state(p)[1] else a.actions

    def aux_options(self, st, seat: int, used: list[int]) -> list[tuple]:
        p = st.players[seat]
        avail = self.aux_state(p)[0]
        out = []
        for a in self.data.aux:
            if a.number not in avail or a.number in used:
                continue
            acts = self.aux_acts(p, a.number)
            # an auxiliary action is one action; its args are those of its first act
            for args in self.act_options(st, seat, acts[0]):
                out.append(("aux", a.number, *args))
        return out

    def do_aux(self, st, seat: int, top: dict, args: tuple, ev) -> None:
        """"aux <n> [args]": from a location (its decision already taken off the stack; a
        second one follows with the two-different ability) or as one of several."""
        p = st.players[seat]
        number = int(args[0])
        if top["k"] == "act":
            more = 1 if self.aux_state(p)[2] else 0
            if more:
                st.pending.append({"k": "aux", "used": [number], "left": more})
        else:
            top["used"].append(number)
            top["left"] -= 1
            if top["left"] <= 0:
                st.pending.pop()
        acts = self.aux_acts(p, number)
        self.run(st, seat, acts[0], args[1:], ev)
        for a in acts[1:]:
            self.simple(st, p, a)

    def aux_board(self, p: dict) -> tuple[list[dict], bool]:
        """The view's auxiliary actions of a seat: open, upgraded, its acts and $ price."""
        from .view import act_json
        avail, upgraded, two = self.aux_state(p)
        out = []
        for a in self.data.aux:
            acts = a.upgraded if a.number in upgraded else a.actions
            out.append({"number": a.number, "open": a.number in avail, "upgraded": a.number in upgraded,
                        "acts": [act_json(x) for x in acts], "price": sum(x.cost for x in acts)})
        return out, two
