"""The railroad of Great Western Trail: Argentina (spec §3.8.4, §3.8.1 maquinista row, §3.4
shortcuts, §3.13 rows 5 and 9): the locomotive, its bypasses and stations, station
masters, the end of the track and the depot.

Positions (a player's "loco"): a track space "0".."31", a bypass id (the station's siding
between its track space `at` and `at + 1`) or "depot". Moves count only the spaces that are
free: any number of locomotives share the start space, every other space holds one, and
an occupied space is passed over without being counted (nor can the move stop there). A
bypass is an extra space: at its branching space a move may turn into it (when free) and
from it goes on to the next track space. Reaching the last space (31) ends the move. From
the depot the first forward step puts the locomotive on space 24 (the next free space from
there); nothing moves backward into or out of the depot.

Acts (an act's options are one argument per reachable position, "do <i> <position>"):
  move_train              forward up to `steps` spaces, or up to as many as the maquinistas
                          in the row (printed one included) with `per_maquinista: true`
  train_back              backward exactly `steps` spaces (an auxiliary action's price)
  upgrade_station_behind  the maquinista row's instant (its 5 pesos a separate act on the
                          data): upgrade a station behind the locomotive (from the depot:
                          one before space 24) the seat has no disc on ("<station id>");
                          with a `money` param those pesos come first and "none" takes
                          only them

Stopping on a bypass (forward or backward) or reaching 31 asks the decision kind
  station  "upgrade <disc source>" (pay the station's cost, place a disc from that source,
           per `disc_sources`), then, if a station-master tile lies there, "master <row
           type>" (send the row's rightmost hired worker, take the tile, do its instant
           now), or "end"; from 31 the locomotive then goes to the depot.
It is asked only when an upgrade can be paid; station 31 can be upgraded once per arrival
by the same seat, every other station once per seat (while its disc is on it).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from games.core.events import Event
from games.gwt.decisions import Kind

DEPOT = "depot"
STATION_SOURCE = "station:"     # a disc source: one of the seat's discs on that station
NONE = "none"


@dataclass(frozen=True)
class RailGraph:
    """The railroad as a graph of positions, built once from the data's `Railroad`."""
    fwd: dict          # position -> positions one space ahead
    back: dict         # position -> positions one space behind
    key: dict          # position -> its place along the track (bypass: at + 0.5; depot: its exit)
    station_at: dict   # position (bypass or the last space) -> station id
    start: str
    last: str
    depot_exit: str

    @classmethod
    def from_railroad(cls, r) -> RailGraph:
        spaces = [str(i) for i in range(r.start, r.last + 1)]
        fwd: dict[str, list[str]] = {s: [] for s in spaces}
        back: dict[str, list[str]] = {s: [] for s in spaces}
        key: dict[str, float] = {s: float(s) for s in spaces}
        station_at: dict[str, str] = {}
        for i in range(r.start, r.last):
            fwd[str(i)].append(str(i + 1))
            back[str(i + 1)].append(str(i))
        for s in r.stations:
            if s.bypass:
                a, b = str(s.at), str(s.at + 1)
                fwd[a].append(s.bypass)
                back[b].append(s.bypass)
                fwd[s.bypass], back[s.bypass] = [b], [a]
                key[s.bypass] = s.at + 0.5
                station_at[s.bypass] = s.id
            else:
                station_at[str(s.at)] = s.id
        fwd[DEPOT], back[DEPOT] = [str(r.depot_exit)], []
        key[DEPOT] = float(r.depot_exit)
        return cls({k: tuple(v) for k, v in fwd.items()}, {k: tuple(v) for k, v in back.items()}, key,
                   station_at, str(r.start), str(r.last), str(r.depot_exit))

    def moves(self, pos: str, steps: int, occupied: frozenset, backward: bool = False) -> dict[str, tuple]:
        """Where a locomotive on `pos` can stop: position -> the path (positions entered).
        Forward: 1..steps counted spaces, the shortest path kept. Backward: exactly `steps`."""
        edges = self.back if backward else self.fwd
        out: dict[str, tuple] = {}
        best: dict[str, int] = {}

        def walk(at: str, used: int, path: tuple) -> None:
            for nx in edges[at]:
                route = path + (nx,)
                if nx in occupied:              # passed over, not counted, no stop
                    walk(nx, used, route)
                    continue
                n = used + 1
                if backward:
                    if n == steps:
                        out.setdefault(nx, route)
                    elif nx != self.start:
                        walk(nx, n, route)
                    continue
                if n < best.get(nx, steps + 1):
                    best[nx], out[nx] = n, route
                if n < steps and nx != self.last:
                    walk(nx, n, route)

        if steps > 0 and not (backward and pos in (DEPOT, self.start)):
            walk(pos, 0, ())
        return out


class RailroadMixin:
    KINDS_RAIL = {
        "station": Kind("station", "options_station", {
            "upgrade": (False, "on_station_upgrade"), "master": (False, "on_station_master"),
            "end": (True, "on_station_end")}),
    }
    ACT_OPTIONS_RAIL = {"move_train": "opt_move_train", "train_back": "opt_train_back",
                        "upgrade_station_behind": "opt_upgrade_behind"}
    ACT_RUN_RAIL = {"move_train": "run_move_train", "train_back": "run_train_back",
                    "upgrade_station_behind": "run_upgrade_behind"}

    # ---- the railroad's geometry ------------------------------------------------------
    @cached_property
    def rail(self) -> RailGraph:
        return RailGraph.from_railroad(self.data.railroad)

    def station(self, sid: str):
        return self.data.railroad.station(sid)

    def occupied(self, st, seat: int) -> frozenset:
        """Positions holding another seat's locomotive (the start and the depot hold many)."""
        g = self.rail
        return frozenset(q["loco"] for i, q in enumerate(st.players)
                         if i != seat and q["loco"] not in (g.start, DEPOT))

    def loco_forward(self, st, seat: int, steps: int) -> dict[str, tuple]:
        """Where `seat`'s locomotive can stop moving up to `steps` spaces forward."""
        return self.rail.moves(st.players[seat]["loco"], steps, self.occupied(st, seat))

    def loco_backward(self, st, seat: int, steps: int) -> dict[str, tuple]:
        """Where `seat`'s locomotive can stop moving exactly `steps` spaces backward."""
        return self.rail.moves(st.players[seat]["loco"], steps, self.occupied(st, seat), backward=True)

    def loco_passed(self, p: dict, space: int) -> bool:
        """Whether the locomotive has reached or passed railroad space `space` (a shortcut
        is open; the depot counts as past every space)."""
        pos = p["loco"]
        return pos == DEPOT or self.rail.key[pos] >= space

    def sorted_positions(self, positions) -> list[str]:
        return sorted(positions, key=lambda x: self.rail.key[x])

    # ---- moving the locomotive --------------------------------------------------------
    def train_steps(self, st, seat: int, a) -> int:
        if a.get("per_maquinista"):
            return self.row_count(st.players[seat], "maquinista")
        return int(a.get("steps") or 0)

    def opt_move_train(self, st, seat, p, a, money):
        return [(x,) for x in self.sorted_positions(self.loco_forward(st, seat, self.train_steps(st, seat, a)))]

    def opt_train_back(self, st, seat, p, a, money):
        return [(x,) for x in self.sorted_positions(self.loco_backward(st, seat, int(a.get("steps"))))]

    def run_move_train(self, st, seat, p, a, args, ev):
        path = self.loco_forward(st, seat, self.train_steps(st, seat, a))[args[0]]
        self.move_loco(st, seat, args[0], path, False, ev)

    def run_train_back(self, st, seat, p, a, args, ev):
        path = self.loco_backward(st, seat, int(a.get("steps")))[args[0]]
        self.move_loco(st, seat, args[0], path, True, ev)

    def move_loco(self, st, seat: int, to: str, path: tuple, backward: bool, ev: list[Event]) -> None:
        """Put the locomotive on `to` (reached by `path`), then the station there, if any."""
        p = st.players[seat]
        g = self.rail
        frm = p["loco"]
        p["loco"] = to
        sid = g.station_at.get(to)
        if to != g.last and sid is not None:
            s = self.station(sid)
            ev.append(Event("gwta_train_bypass", {"seat": seat, "from": frm, "to": to, "at": s.at,
                                                  "station": sid, "back": backward, "path": list(path)}))
        else:
            ev.append(Event("gwta_train_back" if backward else "gwta_train",
                            {"seat": seat, "from": frm, "to": to, "space": int(to), "path": list(path)}))
        if sid is not None or to == g.last:
            self.arrive_station(st, seat, sid, to == g.last, ev)

    def arrive_station(self, st, seat: int, sid: str | None, depot: bool, ev: list[Event]) -> None:
        """The locomotive stopped at a station: the upgrade is offered if it can be done;
        from the last space (`depot`) the locomotive goes on to the depot."""
        top = {"k": "station", "station": sid, "stage": "upgrade", "depot": depot}
        if sid is not None and self.upgrade_sources(st, seat, sid):
            st.pending.append(top)
        else:
            self.station_done(st, seat, top, ev)

    def station_done(self, st, seat: int, top: dict, ev: list[Event]) -> None:
        if top.get("depot"):
            st.players[seat]["loco"] = DEPOT
            ev.append(Event("gwta_depot", {"seat": seat}))

    # ---- upgrading a station ----------------------------------------------------------
    def can_upgrade(self, st, seat: int, sid: str) -> bool:
        """Not twice by one seat (while its disc is there), except a repeatable station."""
        return self.station(sid).repeat or seat not in st.stations.get(sid, [])

    def upgrade_sources(self, st, seat: int, sid: str, extra_money: int = 0) -> list[str]:
        """The disc sources with which `seat` can upgrade `sid` now ([] = it cannot): the
        cost paid first, then a disc whose removal can still be paid."""
        if not self.can_upgrade(st, seat, sid):
            return []
        s = self.station(sid)
        p = st.players[seat]
        left = p["money"] + extra_money - s.cost
        if left < 0:
            return []
        keep = p["money"]
        p["money"] = left
        try:
            return list(self.disc_sources(st, seat, s.dark))
        finally:
            p["money"] = keep

    def hired_rows(self, p: dict) -> list[str]:
        """Worker types with a hired worker to send as a station master."""
        return [t for t in self.data.worker_ids if self.row_count(p, t) > 1]

    def options_station(self, st, seat, top):
        sid = top["station"]
        if top["stage"] == "upgrade":
            out = [("upgrade", src) for src in self.upgrade_sources(st, seat, sid)]
        else:
            out = [("master", t) for t in self.hired_rows(st.players[seat])]
        return out + [("end",)]

    def on_station_upgrade(self, st, seat, top, args, ev):
        sid = top["station"]
        s = self.station(sid)
        p = st.players[seat]
        p["money"] -= s.cost
        self.take_disc(st, seat, args[0], ev)
        st.stations.setdefault(sid, []).append(seat)
        ev.append(Event("gwta_station", {"seat": seat, "station": sid, "at": s.at, "cost": s.cost}))
        if st.masters.get(sid) and self.hired_rows(p):
            top["stage"] = "master"
            return
        self.pop_station(st, top)
        self.station_done(st, seat, top, ev)

    def on_station_master(self, st, seat, top, args, ev):
        sid = top["station"]
        self.pop_station(st, top)
        tile = st.masters[sid]
        token = self.take_row_worker(st, seat, args[0])
        st.masters[sid] = None
        st.master_workers[sid] = token
        st.players[seat]["masters"].append(tile)
        ev.append(Event("gwta_master", {"seat": seat, "station": sid, "at": self.station(sid).at,
                                        "tile": tile, "worker": args[0], "token": token}))
        self.station_done(st, seat, top, ev)
        if self.data.master(tile).top:
            self.push_acts(st, seat, ["master", tile], ev)

    @staticmethod
    def pop_station(st, top: dict) -> None:
        if st.pending and st.pending[-1] is top:
            st.pending.pop()

    def on_station_end(self, st, seat, top, args, ev):
        self.station_done(st, seat, top, ev)

    # ---- the maquinista row's instant: upgrade a station behind -----------------------
    def behind_stations(self, st, seat: int) -> list[str]:
        """Stations behind the locomotive the seat has no disc on (in the depot: those
        before the depot's exit space)."""
        g = self.rail
        here = g.key[st.players[seat]["loco"]]
        out = []
        for s in self.data.railroad.stations:
            pos = s.bypass or str(s.at)
            if g.key[pos] < here and seat not in st.stations.get(s.id, []):
                out.append(s.id)
        return out

    def opt_upgrade_behind(self, st, seat, p, a, money):
        gain = int(a.get("money") or 0)
        out = [(sid,) for sid in self.behind_stations(st, seat) if self.upgrade_sources(st, seat, sid, gain - a.cost)]
        return out + [(NONE,)] if gain else out

    def run_upgrade_behind(self, st, seat, p, a, args, ev):
        p["money"] += int(a.get("money") or 0)
        if args[0] == NONE:
            return
        st.pending.append({"k": "station", "station": args[0], "stage": "upgrade", "depot": False})

    # ---- station masters and scoring --------------------------------------------------
    def owned_masters(self, p: dict) -> list:
        d = self.data
        return [d.master(m) for m in p["masters"]]

    def perm_certs(self, p: dict) -> int:
        """Permanent certificates of the seat's station masters (added at every income)."""
        return sum(m.perm_certs for m in self.owned_masters(p))

    def loading_grain(self, p: dict) -> int:
        """Permanent loading grain of the seat's station masters (less grain to load)."""
        return sum(m.loading_grain for m in self.owned_masters(p))

    def station_vp(self, st, seat: int) -> int:
        """Score row 5: each station's VP per disc of the seat on it (31 once per disc)."""
        return sum(self.station(sid).vp * seats.count(seat) for sid, seats in st.stations.items())

    def stations_held(self, st, seat: int) -> int:
        """Stations holding a disc of the seat, the last counted once (station-master task)."""
        return sum(1 for seats in st.stations.values() if seat in seats)

    def station_discs(self, st, seat: int) -> int:
        """The seat's discs on stations, the last once per disc (objective tasks)."""
        return sum(seats.count(seat) for seats in st.stations.values())

    def master_tasks(self, p: dict) -> list[tuple[str, str, int, int]]:
        """The personal tasks of the seat's masters: (tile, task, per, VP per `per`)."""
        return [(m.id, m.task, m.task_per, m.task_vp) for m in self.owned_masters(p)]

    def master_task_vp(self, p: dict, counts) -> int:
        """Score row 9 from the counts of each task kind (`counts[task]`, e.g. the
        "stations" count from stations_held): floor(count / per) x VP, per tile."""
        return sum(counts.get(task, 0) // per * vp for _tile, task, per, vp in self.master_tasks(p))

    # ---- invariants -------------------------------------------------------------------
    def check_rail_invariants(self, st) -> None:
        """Every locomotive on a railroad position, one per space but the start and the
        depot, on the last space only while its station decision is open; a master taken
        from the board has its worker there; discs once per station but the repeatable."""
        g = self.rail
        seen = set()
        for seat, p in enumerate(st.players):
            pos = p["loco"]
            assert pos in g.fwd, f"locomotive position {pos!r}"
            if pos not in (g.start, DEPOT):
                assert pos not in seen, f"two locomotives on {pos}"
                seen.add(pos)
            if pos == g.last:
                assert any(x.get("k") == "station" and x.get("depot") for x in st.pending) and st.current == seat, \
                    "a locomotive stays on the last space only for its upgrade"
        for sid, tile in st.masters.items():
            assert (tile is None) == (sid in st.master_workers), f"station master of {sid}"
        owned = [m for p in st.players for m in p["masters"]]
        assert len(owned) == len(set(owned)) == len(st.master_workers), "station-master tiles"
        repeat = {s.id for s in self.data.railroad.stations if s.repeat}  # one pass, not one per station
        for sid, seats in st.stations.items():
            if sid not in repeat:
                assert len(seats) == len(set(seats)), f"one disc per seat on {sid}"

    # ---- the view ---------------------------------------------------------------------
    def view_station(self, st, seat: int, top: dict) -> dict:
        """The station decision's context for the view: the station, its price, VP and
        corner, the master tile lying there, the stage and whether the depot follows."""
        sid = top["station"]
        out = {"stage": top["stage"], "depot": bool(top.get("depot")), "station": sid}
        if sid is not None:
            s = self.station(sid)
            out.update(at=s.at, cost=s.cost, vp=s.vp, dark=s.dark, master=st.masters.get(sid),
                       discs=list(st.stations.get(sid, [])))
        return out

    # ---- descriptions -----------------------------------------------------------------
    def _where(self, pos: str, prefix: str) -> tuple[str, dict]:
        g = self.rail
        sid = g.station_at.get(pos)
        if sid is not None and pos != g.last:
            return prefix + "_bypass", {"at": self.station(sid).at}
        return prefix + "_space", {"n": int(pos)}

    def describe_rail_act(self, act, args: tuple):
        """(key, args) of a railroad act (with or without its chosen args), else None; a
        key gets "_cost" when the act has a price ({cost})."""
        name = act.name
        cost = int(act.cost)
        out = None
        if name == "move_train":
            if args:
                out = self._where(args[0], "gwta.d.train")
            elif act.get("per_maquinista"):
                out = "gwta.d.train_maq", {}
            else:
                out = "gwta.d.train", {"n": act.get("steps")}
        elif name == "train_back":
            if args:
                key, a = self._where(args[0], "gwta.d.back")
                out = key, dict(a, steps=act.get("steps"))
            else:
                out = "gwta.d.back", {"steps": act.get("steps")}
        elif name == "upgrade_station_behind":
            money = int(act.get("money") or 0)
            if args and args[0] != NONE:
                s = self.station(args[0])
                out = "gwta.d.behind_to", {"at": s.at, "money": money, "price": s.cost}
            elif args:
                out = "gwta.d.behind_none", {"money": money}
            else:
                out = "gwta.d.behind", {"money": money}
        if out is None or not cost:
            return out
        return out[0] + "_cost", dict(out[1], cost=cost)

    def describe_rail_verb(self, src, action):
        """(key, args) of the station decision's verbs, else None."""
        if not src.pending or src.pending[-1].get("k") != "station":
            return None
        top = src.pending[-1]
        s = self.station(top["station"]) if top["station"] else None
        if action.verb == "upgrade":
            source = action.args[0]
            if source.startswith(STATION_SOURCE):
                other = self.station(source[len(STATION_SOURCE):])
                return "gwta.d.upgrade_from_station", {"at": s.at, "price": s.cost, "from_at": other.at}
            return "gwta.d.upgrade", {"at": s.at, "price": s.cost, "disc": source}
        if action.verb == "master":
            return "gwta.d.master", {"at": s.at, "worker": action.args[0]}
        if action.verb == "end":
            return ("gwta.d.end.station_depot" if top.get("depot") else "gwta.d.end.station"), {}
        return None
