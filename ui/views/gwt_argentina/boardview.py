"""Argentina's places on the playmat as the table's click targets, tips and previews (mixed
into ArgentinaView before the family's panels): the pieces on them come from the game's
view (board_dyn), each place stands for the legal actions that pick it, and the painter
(board.py) draws them.

Element ids (tutorials and the click-through test find the places by these):
    trail.<node>       a trail node (the family's): a move's destination, a building space,
                       a farmer space, a loading ramp, the rider space; junctions have none
    farmer.<node>      the farmer token on a farmer space: the farmer to help (decisions
                       `farmer`: help, `help`: farmer <node>)
    rail.<position>    a railroad track space "0".."31", a bypass (b4, b7, ...) or "depot":
                       a locomotive's destination (move_train, train_back, discard for train)
    station.<id>       a station's plate (st4 ... st31): upgrade it (decision `station`:
                       upgrade <disc source>; the maquinista row's upgrade behind)
    master.<id>        a station-master space (st7, st13, ...): take the tile (master <row>)
    ship.<id>          an open ship (sun0, stack12, ...): load it (ba_load: load <ship> <src>)
    ship.stack         the face-down ship stack; ship.sailed the ships that sailed
    city.<id>          a city board (le_havre, rotterdam, liverpool)
    dock.<id>          a dock (le_havre_1, ...): deliver from it (ba_delivery)
    bonus.<id>         a bonus space (le_havre_a_west1, ...): deliver there (ba_delivery)
    ba                 the Buenos Aires tile (also trail.ba)
"""
from __future__ import annotations

from games.gwt.model import act_id
from ui.views.gwt_argentina.board import (
    city_board,
    farmer_space,
    farmer_token,
    master_tile,
    ship_tile,
    station_plate,
)

RAIL_ACTS = ("move_train", "train_back", "discard_cattle_for_train")


class ArgentinaBoardMixin:
    # ------------------------------------------------------------ what lies on the playmat
    def board_dyn(self, view) -> dict:
        dyn = super().board_dyn(view)
        pm = view["playmat"]
        dyn.update({
            "farmers": pm.get("farmers") or {}, "farm_pesos": pm.get("farm_pesos") or {},
            "locos": {s: p.get("loco") for s, p in enumerate(view["seats"]) if p.get("loco") is not None},
            "stations": {k: v for k, v in (pm.get("stations") or {}).items() if v},
            "masters": pm.get("masters") or {}, "master_workers": pm.get("master_workers") or {},
            "ships": list(pm.get("ships") or ()), "ship_stack": pm.get("ship_stack", 0),
            "sailed": list(pm.get("sailed") or ()),
            "ship_discs": {k: v for k, v in (pm.get("ship_discs") or {}).items() if v},
            "docks": {k: v for k, v in (pm.get("docks") or {}).items() if v},
            "bonus": pm.get("bonus") or {}, "covered": list(pm.get("covered") or ()),
            "city_sides": pm.get("city_sides") or {},
        })
        self.board_acts = self.place_actions(view)
        glow = [k for k, acts in self.board_acts.items() if acts and not k.startswith("dock.")]
        ships = dyn["ships"]
        slot = {f"ship.{sid}": f"shipslot.{i}" for i, sid in enumerate(ships)}
        dyn["own_glow"] = [slot.get(k, k).replace("farmer.", "trail.") for k in glow]
        return dyn

    def herder_at(self, p) -> str | None:
        return p.get("node")

    def place_actions(self, view) -> dict:
        """{element id: [legal actions]} for the places the actions pick."""
        out: dict[str, list] = {}

        def add(eid, a):
            out.setdefault(eid, []).append(a)
        top = self.top(view)
        k = top.get("k")
        rail = self.painter.pl.rail
        for a in self.legal:
            v = a.verb
            if v in ("do", "aux"):
                f = self.found(a)
                if f is None:
                    continue
                act, rest = f
                if act["name"] in RAIL_ACTS and rest and rest[-1] in rail:
                    add(f"rail.{rest[-1]}", a)
                elif act["name"] == "upgrade_station_behind" and rest and rest[0] != "none":
                    add(f"station.{rest[0]}", a)
            elif v == "upgrade" and k == "station" and top.get("station"):
                add(f"station.{top['station']}", a)
            elif v == "master" and k == "station" and top.get("station"):
                add(f"master.{top['station']}", a)
            elif v == "load" and a.args:
                add(f"ship.{a.args[0]}", a)
            elif v == "deliver" and len(a.args) >= 2:
                add(f"dock.{a.args[0]}", a)
                add(f"bonus.{a.args[1]}", a)
            elif v == "farmer" and a.args:
                add(f"farmer.{a.args[0]}", a)
            elif v == "help" and k == "farmer" and top.get("node"):
                add(f"farmer.{top['node']}", a)
        return out

    # ------------------------------------------------------------ targets, tips, previews
    def draw_board_extras(self, surf, view, rects, seat) -> None:
        acts = getattr(self, "board_acts", {})
        pm = view["playmat"]
        d = self.data
        pl = self.painter.pl
        for nid, n in d.nodes.items():
            if n.kind == "farmer":
                r = rects[f"trail.{nid}"]
                self.target(surf, r, acts.get(f"farmer.{nid}", []), f"farmer.{nid}", glow=False)
                self.tip(r, self.farmer_tip, nid)
                self.preview(r, self.farmer_preview, nid)
        r = rects.get(f"trail.{d.city}")
        if r is not None:
            self.target(surf, r, [], "ba", glow=False)
        for pos in pl.rail:
            r = rects[f"rail.{pos}"]
            self.target(surf, r, acts.get(f"rail.{pos}", []), f"rail.{pos}", glow=False)
            self.tip(r, self.rail_tip, pos)
        for s in d.railroad.stations:
            r = rects[f"station.{s.id}"]
            self.target(surf, r, acts.get(f"station.{s.id}", []), f"station.{s.id}", glow=False)
            self.tip(r, self.station_tip, s.id)
            self.preview(r, self.station_preview, s.id)
        for sid in pl.masters:
            r = rects[f"master.{sid}"]
            self.target(surf, r, acts.get(f"master.{sid}", []), f"master.{sid}", glow=False)
            self.tip(r, self.master_tip, sid)
            if (pm.get("masters") or {}).get(sid):
                self.preview(r, self.master_preview, pm["masters"][sid])
        ships = list(pm.get("ships") or ())
        for eid, r in self.painter.ship_rects(rects, ships).items():
            self.target(surf, r, acts.get(eid, []), eid, glow=False)
            sid = eid.split(".", 1)[1]
            self.tip(r, self.ship_tip, sid)
            if sid not in ("stack", "sailed"):
                self.preview(r, self.ship_preview, sid)
        sides = pm.get("city_sides") or {}
        for cid in d.city_order:
            r = rects[f"city.{cid}"]
            self.target(surf, r, [], f"city.{cid}", glow=False)
            self.preview(r, self.city_preview, cid)
            city = d.city_board(cid, sides.get(cid, "a"))
            self.tip(r, lambda c=city: c.name_ru if self.lang == "ru" else c.name)
            for dk in city.docks:
                rr = rects[f"dock.{dk.id}"]
                self.target(surf, rr, acts.get(f"dock.{dk.id}", []), f"dock.{dk.id}", ring=True)
                self.tip(rr, self.dock_tip, dk.id)
            for q in city.quarters:
                for b in q.spaces:
                    rr = rects[f"bonus.{b.id}"]
                    self.target(surf, rr, acts.get(f"bonus.{b.id}", []), f"bonus.{b.id}", glow=False)
                    self.tip(rr, self.bonus_tip, b.id)

    # ------------------------------------------------------------ words
    def seats_text(self, seats) -> str:
        return ", ".join(self.tr.seat(s) for s in dict.fromkeys(seats)) or "\u2014"

    def acts_text(self, acts) -> str:
        """Printed acts (the edition's static data) in words: the view's glossary labels."""
        out = []
        for a in acts:
            label = self.glossary("acts", act_id(a), None)
            try:
                out.append(self.text_of(*label) if label else a.name)
            except (KeyError, IndexError, ValueError, TypeError):
                out.append(a.name)
        return "; ".join(out)

    def node_tip(self, nid) -> str:
        n = self.data.nodes[nid]
        t = self.tr
        if n.kind == "farmer":
            return self.farmer_tip(nid)
        if n.kind == "ramp":
            space = self.data.ramps[nid]
            open_for = [s for s, p in enumerate(self.view_now.get("seats", ())) if self.loco_key(p) >= space]
            return t("gwta.board.ramp", n=space) + t("gwta.board.ramp_open", seats=self.seats_text(open_for))
        if n.kind == "start":
            return t("gwta.board.start")
        if n.kind == "junction":
            return ""
        empty = n.kind == "building" and nid not in self.locations()
        text = t("gwta.board.building_space") if empty else super().node_tip(nid)
        if n.kind == "building":
            if nid in self.data.grain_spaces:
                text += t("gwta.board.grain_space")
            extra = self.data.extra_actions.get(nid)
            if extra:
                text += t("gwta.board.extra", acts=self.acts_text(extra))
        return text

    def loco_key(self, p) -> float:
        """How far along the track a seat's locomotive is (a bypass halfway past its space,
        the depot past every space), to tell which loading ramps it has opened."""
        pos = p.get("loco")
        if pos is None:
            return -1.0
        if pos == "depot":
            return float("inf")
        if str(pos).isdigit():
            return float(pos)
        s = next((x for x in self.data.railroad.stations if x.bypass == pos), None)
        return s.at + 0.5 if s else -1.0

    def node_preview(self, nid):
        if self.data.nodes[nid].kind in ("farmer", "ramp", "start", "junction"):
            return None
        if nid == self.city_node():  # Buenos Aires' six actions: larger than a building
            big = self.own.ba.preview
            return self.art.building_tile(self.ed.city, big, int(big * 1.18), None, self.lang)
        return super().node_preview(nid)

    def farmer_tip(self, nid) -> str:
        t = self.tr
        pm = self.view_now.get("playmat", {})
        zone, num = self.data.farmer_zone_of(nid)
        text = t("gwta.board.farmer", zone=t(f"gwta.board.zone_name.{zone}"), n=num,
                 printed=self.data.farmer_pesos.get(nid, 0), now=(pm.get("farm_pesos") or {}).get(nid, 0))
        tok = (pm.get("farmers") or {}).get(nid)
        if tok:
            text += t("gwta.board.farmer_token", stamina=tok["stamina"],
                      hand=t(f"gwta.board.hand.{tok.get('hand') or 'none'}"))
        else:
            text += t("gwta.board.farmer_empty")
        return text

    def farmer_preview(self, nid):
        big = self.big()
        zone, num = self.data.farmer_zone_of(nid)
        img = farmer_space(self.painter, big, zone, num, self.data.farmer_pesos.get(nid, 0), self.lang).copy()
        tok = (self.view_now.get("playmat", {}).get("farmers") or {}).get(nid)
        if tok:
            ti = farmer_token(self.painter, int(big * 0.62), tok["type"], int(tok["stamina"]), tok.get("hand"))
            img.blit(ti, ti.get_rect(center=(big // 2, int(big * 0.52))))
        return img

    def rail_tip(self, pos) -> str:
        t = self.tr
        rr = self.data.railroad
        locos = [s for s, p in enumerate(self.view_now.get("seats", ())) if p.get("loco") == pos]
        if pos == "depot":
            text = t("gwta.board.depot_tip", exit=rr.depot_exit)
        elif pos.isdigit():
            ramps = {v: k for k, v in self.data.ramps.items()}
            text = t("gwta.board.rail_space", n=pos)
            if int(pos) in ramps:
                text += t("gwta.board.rail_ramp", n=pos)
            if int(pos) == rr.start:
                text += t("gwta.board.rail_start")
        else:
            s = next(x for x in rr.stations if x.bypass == pos)
            text = t("gwta.board.bypass", at=s.at)
        if locos:
            text += t("gwta.board.locos", seats=self.seats_text(locos))
        return text

    def station_tip(self, sid) -> str:
        t = self.tr
        s = self.data.railroad.station(sid)
        owners = (self.view_now.get("playmat", {}).get("stations") or {}).get(sid) or []
        key = "gwta.board.station_last" if s.repeat else "gwta.board.station"
        text = t(key, at=s.at, cost=s.cost, vp=s.vp)
        text += t("gwta.board.dark" if s.dark else "gwta.board.white")
        text += t("gwta.board.discs", seats=self.seats_text(owners))
        return text

    def station_preview(self, sid):
        s = self.data.railroad.station(sid)
        big = self.big()
        return station_plate(self.painter, big, int(big * 0.66), s.cost, s.vp, s.dark, s.repeat)

    def master_tip(self, sid) -> str:
        t = self.tr
        pm = self.view_now.get("playmat", {})
        at = self.data.railroad.station(sid).at
        tile = (pm.get("masters") or {}).get(sid)
        if not tile:
            w = (pm.get("master_workers") or {}).get(sid)
            return t("gwta.board.master_taken", at=at, worker=(w or {}).get("type", "\u2014"))
        m = self.data.master(tile)
        if m.perm_certs:
            top = t("gwta.board.master_certs", n=m.perm_certs)
        elif m.loading_grain:
            top = t("gwta.board.master_grain", n=m.loading_grain)
        else:
            top = self.acts_text(m.top)
        task = t(f"gwta.board.task.{m.task}", vp=m.task_vp, per=m.task_per)
        return t("gwta.board.master", at=at, top=top, task=task)

    def master_preview(self, tile):
        big = self.big()
        return master_tile(self.painter, big, int(big * 0.72), tile, self.lang)

    def ship_tip(self, sid) -> str:
        t = self.tr
        pm = self.view_now.get("playmat", {})
        if sid == "stack":
            return t("gwta.board.ship_stack", n=pm.get("ship_stack", 0), drawn=self.data.ships_drawn)
        if sid == "sailed":
            values = ", ".join(str(self.data.ship(x).value) for x in pm.get("sailed") or ())
            return t("gwta.board.ship_sailed", ships=values or "\u2014")
        s = self.data.ship(sid)
        text = t("gwta.board.ship", value=s.value, grain=s.grain)
        if s.vp:
            text += t("gwta.board.ship_vp", vp=s.vp)
        if s.group:
            text += t("gwta.board.ship_sails", group=t(f"gwta.board.group.{s.group}"), dock=self.dock_name(s.dock))
        else:
            text += t("gwta.board.ship_stays")
        if s.repeat:
            text += t("gwta.board.ship_repeat")
        text += t("gwta.board.dark" if s.dark else "gwta.board.white")
        text += t("gwta.board.discs", seats=self.seats_text((pm.get("ship_discs") or {}).get(sid) or []))
        return text

    def ship_preview(self, sid):
        big = self.big()
        return ship_tile(self.painter, int(big * 1.2), int(big * 0.72), sid, self.lang)

    def dock_name(self, did) -> str:
        dk = self.data.dock(did)
        cid = self.data.dock_city(did)
        city = self.data.city_board(cid, "a")
        return f"{city.name_ru if self.lang == 'ru' else city.name} {dk.numeral}"

    def dock_tip(self, did) -> str:
        t = self.tr
        dk = self.data.dock(did)
        owners = (self.view_now.get("playmat", {}).get("docks") or {}).get(did) or []
        text = t("gwta.board.dock", name=self.dock_name(did), vp=dk.vp)
        if dk.discount:
            text += t("gwta.board.dock_discount", n=dk.discount)
        return text + t("gwta.board.discs", seats=self.seats_text(owners))

    def bonus_tip(self, bid) -> str:
        t = self.tr
        pm = self.view_now.get("playmat", {})
        cid, side, qid = self.data.quarter_of(bid)
        city = self.data.city_board(cid, side)
        q = next(x for x in city.quarters if x.id == qid)
        b = self.data.bonus(bid)
        text = t("gwta.board.bonus", city=city.name_ru if self.lang == "ru" else city.name,
                 quarter=t(f"gwta.board.quarter.{qid}"), grain=q.grain, vp=b.vp)
        if b.acts:
            text += t("gwta.board.bonus_acts", acts=self.acts_text(b.acts))
        owner = (pm.get("bonus") or {}).get(bid)
        if owner is not None:
            text += t("gwta.board.bonus_taken", seat=owner)
        elif bid in (pm.get("covered") or ()):
            text += t("gwta.board.covered")
        return text

    def city_preview(self, cid):
        pm = self.view_now.get("playmat", {})
        sides = pm.get("city_sides") or {}
        city = self.data.city_board(cid, sides.get(cid, "a"))
        _x, _y, w, h = self.painter.pl.city_boxes[0]
        bw = int(self.big() * 2.2)
        u = bw / w
        dyn = {"docks": pm.get("docks") or {}, "bonus": pm.get("bonus") or {}, "covered": pm.get("covered") or ()}
        seats = [self.ident(s) for s in range(len(self.view_now.get("seats", ())))]
        return city_board(self.painter, bw, int(h * u), city, dyn, seats, self.lang, u)
