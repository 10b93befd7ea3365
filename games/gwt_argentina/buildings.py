"""Argentina's private buildings (spec §3.8.2): each seat builds its own ten tiles (1-10, the
side fixed at setup). Carpinteros are a requirement, not a payment: build a tile on an
empty building space with at least its number of carpinteros (in the row, the printed one
included) for `per_carpintero` (2; 1 with the carpintero row's last instant) pesos per
carpintero it needs, or replace one of your buildings by a tile of a higher number with at
least the difference in carpinteros, paying per carpintero of difference. The replaced tile
goes to the box. Replacing is the only way to a tile needing more carpinteros than a row
holds."""
from __future__ import annotations

from games.core.events import Event


class PrivateBuildingsMixin:
    ACT_OPTIONS_BUILD = {"place_building": "opt_private_building"}
    ACT_RUN_BUILD = {"place_building": "run_private_building"}

    def building_price(self, a) -> int:
        per = a.get("per_carpintero")
        return 2 if per is None else per

    def tile_need(self, tile: str) -> int:
        """Carpinteros a tile ("3a") needs: its type's builders."""
        return self.data.btype(int(tile[:-1])).builders

    def opt_private_building(self, st, seat, p, a, money):
        d = self.data
        carp = self.row_count(p, "carpintero")
        per = self.building_price(a)
        empty = [s for s in d.building_spaces if s not in st.built]
        mine = self.owned(st, seat)
        out = []
        for tile in p["buildings"]:
            need = self.tile_need(tile)
            if need <= carp and need * per <= money:
                out += [("place", tile, s) for s in empty]
            for node in mine:
                old = st.built[node]
                diff = need - d.btype(old["type"]).builders
                if int(tile[:-1]) > old["type"] and 0 <= diff <= carp and diff * per <= money:
                    out.append(("up", tile, node))
        return out

    def run_private_building(self, st, seat, p, a, args, ev):
        d = self.data
        kind, tile, node = args[0], args[1], args[2]
        per = self.building_price(a)
        need = self.tile_need(tile)
        if kind == "up":
            old = st.built[node]
            need -= d.btype(old["type"]).builders
            self.keep_tile_actions(st, node, old)
        p["money"] -= need * per
        p["buildings"].remove(tile)
        st.built[node] = {"type": int(tile[:-1]), "side": tile[-1], "owner": seat}
        ev.append(Event("gwt_built", {"seat": seat, "node": node, "type": int(tile[:-1]), "side": tile[-1]}))
