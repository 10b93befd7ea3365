"""Argentina's fields in the family view (games/gwt/view.py's contract), an allow-list: what
every seat may see of the board and of each player, and each decision's context. Bags, the
cattle deck, the ship stack and the objective stack are shown as counts; hands and draw
piles stay with the family's rules (the viewer's own hand only).

  seats[i]     loco, grain, rows ({type: [token | "printed" | None] x 6}), farmers (beside
               the board), masters, buildings (tiles not built yet), jm_token
  playmat      farmers ({node: token}), farm_pesos, foresight, jm (rows of tokens), jm_row,
               jm_holder, jm_costs, cattle (the market), cattle_deck, exhaustion, ships,
               ship_stack, ship_discs, sailed, docks, bonus, stations, masters,
               master_workers, city_sides, covered, bags ({letter: count}), final
  a token      {"id", "kind" (worker | farmer), "type" (worker type or farmer colour),
               "stamina" (worker: its icons; farmer: the stamina it needs), "hand"}
  decision     station: the railroad's view_station; ba_*: view_ba; help: help_view
  delivery     the viewing seat's own Buenos Aires preview (hand value, certificates, total)
  glossary     acts: {act_id(Act): label} for every Act printed anywhere in the data (extra
               actions, station masters, ships, harbour bonus spaces, objective cards, ...),
               so the table names printed things in words from the view alone;
               pedro_cards: {card: [[action, argument]]}, the actions printed on Pedro's cards
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from games.gwt.model import Act, act_id
from games.gwt.view import jsonable


class ViewMixin:
    def token_json(self, tid: str | None):
        if tid is None or tid == "printed":
            return tid
        t = self.data.tokens[tid]
        return {"id": t.id, "kind": t.kind, "type": t.type, "stamina": t.stamina, "hand": t.hand}

    def view_seat(self, st, i: int) -> dict:
        p = st.players[i]
        rows = {}
        for wtype, row in p["rows"].items():
            cells = [self.token_json(t) for t in row]
            rows[wtype] = cells + [None] * (6 - len(cells))
        return {"loco": p["loco"], "grain": p["grain"], "rows": rows,
                "farmers": [self.token_json(t) for t in p["farmers"]], "masters": list(p["masters"]),
                "buildings": list(p["buildings"]), "jm_token": st.jm_holder == i,
                "stamina": self.stamina_on_board(p) + self.stamina_workers(p)}

    def view_playmat(self, st) -> dict:
        d = self.data
        return {
            "farmers": {n: self.token_json(t) for n, t in st.farmers.items()},
            "farm_pesos": dict(st.farm_pesos),
            "foresight": {k: [self.token_json(t) for t in v] for k, v in st.foresight.items()},
            "jm": [[self.token_json(t) for t in row] for row in st.jm], "jm_row": st.jm_row,
            "jm_holder": st.jm_holder, "jm_costs": [r.cost for r in d.job_market.rows],
            "cattle": list(st.cattle), "cattle_deck": len(st.cattle_deck), "exhaustion": st.exhaustion,
            "ships": list(st.ships), "ship_stack": len(st.ship_stack),
            "ship_discs": {k: list(v) for k, v in st.ship_discs.items()}, "sailed": list(st.sailed),
            "docks": {k: list(v) for k, v in st.docks.items()}, "bonus": dict(st.bonus),
            "stations": {k: list(v) for k, v in st.stations.items()}, "masters": dict(st.masters),
            "master_workers": {k: self.token_json(v) for k, v in st.master_workers.items()},
            "city_sides": dict(st.city_sides), "covered": list(st.covered),
            "bags": {k: len(v) for k, v in st.bags.items()}, "final": list(st.final),
        }

    def view_delivery(self, st, seat: int) -> dict:
        """The viewing seat's Buenos Aires preview: its hand's breeding value (distinct
        breeds), permanent and temporary certificates, the income with all of them."""
        p = st.players[seat]
        value, perm = self.hand_value(p), self.perm_certs(p)
        return {"hand_value": value, "permanent": perm, "certs": p["certs"],
                "total": value + perm + p["certs"], "grain": p["grain"]}

    def view_decision(self, st, actor: int, top: dict) -> dict:
        k = top["k"]
        if k == "station":
            return self.view_station(st, actor, top)
        if k.startswith("ba_"):
            return self.view_ba(st, actor, top)
        if k == "help":
            return self.help_view(st, actor, top)
        return super().view_decision(st, actor, top)

    def view_glossary(self) -> dict:
        """Labels of every Act the data prints (the same in every game: worked out once)."""
        cached = getattr(self, "_glossary_acts", None)
        if cached is None:
            found: dict = {}
            _collect_acts(self.data, found, set())
            cached = self._glossary_acts = {k: jsonable(self.describe_act(a, ())) for k, a in found.items()}
        cards = {c.id: [list(a) for a in c.actions] for c in self.pedro_data.cards}
        return {"acts": dict(cached), "pedro_cards": cards}


def _collect_acts(x, out: dict, seen: set) -> None:
    """Every Act inside the data's dataclasses, tuples and mappings."""
    if isinstance(x, Act):
        out.setdefault(act_id(x), x)
        return
    if isinstance(x, (str, bytes, int, float, bool)) or x is None or id(x) in seen:
        return
    seen.add(id(x))
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            _collect_acts(getattr(x, f.name), out, seen)
    elif isinstance(x, Mapping):
        for v in x.values():
            _collect_acts(v, out, seen)
    elif isinstance(x, (tuple, list, set, frozenset)):
        for v in x:
            _collect_acts(v, out, seen)
