"""Buildings (GWT: El Paso spec §3, §5.0, §5.10; Argentina §3.5, §3.8.2): neutral buildings
on their spaces, buildings with sides a/b placed on empty building spaces or upgraded to
a larger one, and the location actions a tile offers. Where a placed tile comes from and
where a replaced one goes is the edition's (`take_building_tile`, `return_building_tile`:
El Paso's common stacks, Argentina's own tiles)."""
from __future__ import annotations

from games.core.events import Event


class BuildingsMixin:
    def owned(self, st, seat: int) -> list[str]:
        return [node for node, b in st.built.items() if b["owner"] == seat]

    def is_location(self, st, node: str) -> bool:
        return self._node_kind[node] != "building" or node in st.built

    def ref_acts(self, st, ref: list) -> tuple:
        """The actions a decision refers to: ["node", n] a location's tile, ["node", n,
        type, side] a tile since upgraded (its former actions); other refs the edition's."""
        d = self.data
        if ref[0] == "node":
            node = ref[1]
            if len(ref) == 4:
                return d.btype(int(ref[2])).sides[ref[3]][2]
            if node in st.neutral_at:
                return d.neutral(st.neutral_at[node]).actions
            b = st.built[node]
            return d.btype(b["type"]).sides[b["side"]][2]
        return self.edition_ref_acts(st, ref)

    def place_neutrals(self, st, rng, shuffled: bool) -> None:
        """The neutral tiles on their spaces: each on the space of its letter (first game),
        or shuffled (the option `neutral_layout=random`)."""
        d = self.data
        letters = [d.nodes[x].letter for x in d.neutral_spaces]
        if shuffled:
            rng.shuffle(letters)
        st.neutral_at = dict(zip(d.neutral_spaces, letters, strict=True))

    def edition_ref_acts(self, st, ref: list) -> tuple:
        raise ValueError(ref)

    # ---- where tiles come from (edition hooks) ---------------------------------
    def building_available(self, st, seat: int, bt) -> bool:
        raise NotImplementedError

    def take_building_tile(self, st, seat: int, t: int) -> str:
        """Take a tile of type `t` for `seat`; returns its side."""
        raise NotImplementedError

    def return_building_tile(self, st, seat: int, old: dict) -> None:
        raise NotImplementedError

    # ---- placing and upgrading ---------------------------------------------------
    def build_options(self, st, seat: int, money: int) -> list[tuple]:
        d = self.data
        p = st.players[seat]
        out = []
        empty = [s for s in d.building_spaces if s not in st.built]
        mine = self.owned(st, seat)
        per = d.money_per_worker
        payer = d.payer("building")
        for bt in d.building_types:
            if not self.building_available(st, seat, bt):
                continue
            splits = self.pay_splits(p, payer, bt.builders)
            if len(mine) < d.ownership_markers:
                for s in empty:
                    if money >= bt.builders * per + d.nodes[s].cost:
                        out += [("place", bt.type, s, j) for j in splits]
            for node in mine:
                old = d.btype(st.built[node]["type"])
                diff = bt.builders - old.builders
                if diff > 0 and money >= diff * per:
                    out += [("up", bt.type, node, j) for j in self.pay_splits(p, payer, diff)]
        return out

    def place_building(self, st, seat: int, args: tuple, ev: list[Event]) -> None:
        d = self.data
        p = st.players[seat]
        kind, t, node, j = args[0], int(args[1]), args[2], int(args[3])
        bt = d.btype(t)
        payer = d.payer("building")
        side = self.take_building_tile(st, seat, t)
        if kind == "place":
            self.spend_workers(p, payer, bt.builders, j)
            p["money"] -= bt.builders * d.money_per_worker + d.nodes[node].cost
        else:
            old = st.built[node]
            diff = bt.builders - d.btype(old["type"]).builders
            self.spend_workers(p, payer, diff, j)
            p["money"] -= diff * d.money_per_worker
            self.return_building_tile(st, seat, old)
            self.keep_tile_actions(st, node, old)
        st.built[node] = {"type": t, "side": side, "owner": seat}
        ev.append(Event("gwt_built", {"seat": seat, "node": node, "type": t, "side": side}))

    def keep_tile_actions(self, st, node: str, old: dict) -> None:
        """The actions of a location are those of the tile it showed on arrival, each once
        (El Paso spec §5.0, Argentina §3.5): upgrading that building in the same turn does
        not change them. A decision about `node` still pending keeps the old tile in its
        reference."""
        frozen = ["node", node, old["type"], old["side"]]
        for e in st.pending:
            if e.get("ref") == ["node", node] or (e["k"] == "act" and e.get("node") == node
                                                   and "ref" not in e):
                e["ref"] = frozen

    def view_locations(self, st) -> dict:
        """The view's tiles on the trail: {node: kind, face, owner, type, side}."""
        d = self.data
        out = {d.city: {"kind": d.nodes[d.city].kind, "face": d.nodes[d.city].kind, "owner": None,
                        "type": None, "side": None}}
        for node, letter in st.neutral_at.items():
            out[node] = {"kind": "neutral", "face": letter, "owner": None, "type": None, "side": None}
        for node, b in st.built.items():
            out[node] = {"kind": "building", "face": d.btype(b["type"]).sides[b["side"]][0],
                         "owner": b["owner"], "type": b["type"], "side": b["side"]}
        return out
