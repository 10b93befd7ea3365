"""Ticket to Ride: Germany's published data, loaded and validated from data/ttr_germany/*.yaml.

Three files: components.yaml (cards, passengers, constants), board.yaml (40 locations,
110 tracks) and tickets.yaml (89 destination tickets). Besides types and references,
`load` checks the published counts (rules spec ttr_germany.md §1, §5), so a damaged or
mistyped file is reported with the file, the key path, the expected and the found value.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from games.core.data import Node, data_path, load_yaml
from games.core.errors import DataError

KINDS = ("city", "country")
DECKS = ("short", "long")
CARD_COLOURS = ("red", "blue", "green", "yellow", "orange", "black", "white", "pink")
LOCOMOTIVE = "locomotive"
GRAY = "gray"
ROUTE_COLOURS = CARD_COLOURS + (GRAY,)
DATA_FILES = ("data/ttr_germany/components.yaml", "data/ttr_germany/board.yaml",
              "data/ttr_germany/tickets.yaml")

# Published facts the files must match (rules spec §1, §2, §5). The data lives in the
# YAML; these numbers only check it.
PUBLISHED = MappingProxyType({
    "locations": 40, "cities": 35, "countries": 5,
    "passengers": 60, "passenger_colours": 6, "passengers_per_colour": 10,
    "tracks": 110, "spaces": 313, "double": 21, "triple": 2,
    "tickets": 89, "short": 55, "long": 34, "short_points": 415, "long_points": 526,
    "train_cards": 110, "cards_per_colour": 12, "locomotives": 14,
})
# Setup passengers per location (seed rulebook §2); every other location holds 1.
BIG_CITIES = MappingProxyType({"berlin": 5, "hamburg": 4, "koeln": 4, "frankfurt": 4,
                               "muenchen": 4, "leipzig": 3, "stuttgart": 3})


@dataclass(frozen=True)
class Location:
    id: str
    name: str
    name_ru: str
    kind: str                # "city" | "country"
    passengers: int          # meeples placed here at setup
    lat: float               # country: where its label is drawn, just beyond the border
    lon: float

    @property
    def is_country(self) -> bool:
        return self.kind == "country"


@dataclass(frozen=True)
class Track:
    id: str                  # "<a>-<b>-<n>", n = index + 1
    a: str
    b: str
    colour: str              # one of CARD_COLOURS or "gray"
    length: int
    connection: str          # "<a>-<b>", shared by parallel tracks
    index: int               # 0-based order within the connection

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    def other(self, location: str) -> str:
        """The far end of this track seen from `location`."""
        if location == self.a:
            return self.b
        if location == self.b:
            return self.a
        raise ValueError(f"{location} is not an end of track {self.id}")


@dataclass(frozen=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    deck: str                # "short" | "long"


@dataclass(frozen=True)
class CardColour:
    id: str
    count: int               # cards in the deck (0 for gray, which is a route colour only)


@dataclass(frozen=True)
class PassengerColour:
    id: str
    count: int


@dataclass(frozen=True, eq=False)
class TTRData:
    locations: tuple[Location, ...]
    tracks: tuple[Track, ...]
    tickets: tuple[Ticket, ...]
    card_colours: tuple[CardColour, ...]          # the 8 colours, in file order
    locomotive: CardColour
    gray: CardColour
    passenger_colours: tuple[PassengerColour, ...]
    trains_per_player: int
    hand_deal: int
    face_up: int
    loco_reset_threshold: int
    loco_reset_max: int
    route_points: Mapping[int, int]
    ticket_draw: int
    ticket_keep_min: int
    setup_ticket_draw: int
    setup_ticket_keep_min: int
    end_trigger_trains: int
    globetrotter_points: int
    majority_first: int
    majority_second: int
    # derived lookups
    location_by_id: Mapping[str, Location]
    track_by_id: Mapping[str, Track]
    ticket_by_id: Mapping[str, Ticket]
    colour_by_id: Mapping[str, CardColour]        # 8 colours + locomotive + gray
    tracks_by_connection: Mapping[str, tuple[Track, ...]]   # in file order
    tracks_at: Mapping[str, tuple[Track, ...]]    # every track touching a location

    def location(self, location_id: str) -> Location:
        return self.location_by_id[location_id]

    def track(self, track_id: str) -> Track:
        return self.track_by_id[track_id]

    def ticket(self, ticket_id: str) -> Ticket:
        return self.ticket_by_id[ticket_id]

    @cached_property
    def location_ids(self) -> tuple[str, ...]:
        return tuple(loc.id for loc in self.locations)

    @cached_property
    def connections(self) -> tuple[str, ...]:
        return tuple(self.tracks_by_connection)

    @cached_property
    def card_colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.card_colours)

    @cached_property
    def passenger_colour_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.passenger_colours)

    def is_country(self, location_id: str) -> bool:
        return self.location_by_id[location_id].is_country

    def connection_between(self, x: str, y: str) -> str | None:
        """The connection id joining two locations, in either order (None if not adjacent)."""
        for key in (f"{x}-{y}", f"{y}-{x}"):
            if key in self.tracks_by_connection:
                return key
        return None

    def parallel(self, track_id: str) -> tuple[Track, ...]:
        """The other tracks of the same connection (empty for a single track)."""
        t = self.track_by_id[track_id]
        return tuple(o for o in self.tracks_by_connection[t.connection] if o.id != t.id)

    def points_for(self, length: int) -> int:
        return self.route_points[length]

    def tickets_in(self, deck: str) -> tuple[Ticket, ...]:
        return tuple(t for t in self.tickets if t.deck == deck)

    @property
    def n_train_cards(self) -> int:
        return sum(c.count for c in self.card_colours) + self.locomotive.count


# --- small validators the generic Node does not have ------------------------------


def _unique(node: Node, value: str, seen: set, what: str) -> None:
    if value in seen:
        node.fail(f"{what} used once", value)
    seen.add(value)


def _colour(node: Node, *, with_count: bool) -> CardColour:
    node.mapping().only_keys({"id", "count"} if with_count else {"id"})
    count = node.get("count").int(0, 999) if with_count else 0
    return CardColour(node.get("id").str(), count)


def _count(node: Node, expected, found, what: str = "") -> None:
    """A published count that does not match: name the key, the expected and the found value.
    `expected` and `found` are compared as they are (numbers, or texts built alike)."""
    if expected != found:
        node.fail(f"{expected}{' ' + what if what else ''} (published count)", found)


# --- files ---------------------------------------------------------------------------

def _load_components(path: Path) -> dict:
    comp = load_yaml(path).mapping()
    comp.only_keys({"card_colours", "locomotive", "gray", "trains_per_player", "hand_deal",
                    "face_up", "locomotive_reset", "route_points", "passengers", "tickets",
                    "end_trigger_trains", "globetrotter_points", "majority_points"})
    seen: set = set()
    colours = []
    cc = comp.get("card_colours")
    for node in cc.seq(1, 20):
        c = _colour(node, with_count=True)
        _unique(node.get("id"), c.id, seen, "a colour id")
        colours.append(c)
    if tuple(sorted(seen)) != tuple(sorted(CARD_COLOURS)):
        cc.fail(f"the 8 published card colours {', '.join(CARD_COLOURS)}", ", ".join(c.id for c in colours))
    for node, c in zip(cc.seq(), colours, strict=True):
        _count(node.get("count"), PUBLISHED["cards_per_colour"], c.count, f"{c.id} cards")
    loco_node = comp.get("locomotive")
    loco = _colour(loco_node, with_count=True)
    loco_node.get("id").str(choices=[LOCOMOTIVE])
    _count(loco_node.get("count"), PUBLISHED["locomotives"], loco.count, "locomotive cards")
    total = sum(c.count for c in colours) + loco.count
    _count(Node(None, cc.file, "card_colours[*].count + locomotive.count"),
           PUBLISHED["train_cards"], total, "train cards")
    gray_node = comp.get("gray")
    gray = _colour(gray_node, with_count=False)
    gray_node.get("id").str(choices=[GRAY])

    face_up = comp.get("face_up").int(1, 20)
    reset = comp.get("locomotive_reset").mapping().only_keys({"threshold", "max_consecutive"})
    rp_node = comp.get("route_points").mapping()
    route_points = {}
    for k, v in rp_node.value.items():
        key_node = Node(k, rp_node.file, f"{rp_node.path}.{k}")
        length = key_node.int(1, 99)
        route_points[length] = Node(v, rp_node.file, f"{rp_node.path}.{k}").int(0, 999)
    if not route_points:
        rp_node.fail("points for each route length", {})
    for n in range(1, max(route_points) + 1):
        if n not in route_points:
            rp_node.fail(f"points for every route length 1..{max(route_points)}", f"no length {n}")

    pas = []
    pseen: set = set()
    pnode = comp.get("passengers")
    for node in pnode.seq(1, 20):
        node.mapping().only_keys({"id", "count"})
        p = PassengerColour(node.get("id").str(), node.get("count").int(0, 999))
        _unique(node.get("id"), p.id, pseen, "a passenger colour id")
        pas.append(p)
    _count(pnode, PUBLISHED["passenger_colours"], len(pas), "passenger colours")
    for node, p in zip(pnode.seq(), pas, strict=True):
        _count(node.get("count"), PUBLISHED["passengers_per_colour"], p.count, f"{p.id} passengers")

    tk = comp.get("tickets").mapping().only_keys({"draw", "keep_min", "setup_draw", "setup_keep_min"})
    draw, setup_draw = tk.get("draw").int(1, 20), tk.get("setup_draw").int(1, 20)
    maj = comp.get("majority_points").mapping().only_keys({"first", "second"})
    return dict(
        card_colours=tuple(colours), locomotive=loco, gray=gray, passenger_colours=tuple(pas),
        trains_per_player=comp.get("trains_per_player").int(1, 999),
        hand_deal=comp.get("hand_deal").int(0, 50), face_up=face_up,
        loco_reset_threshold=reset.get("threshold").int(1, face_up),
        loco_reset_max=reset.get("max_consecutive").int(1, 100),
        route_points=MappingProxyType(dict(sorted(route_points.items()))),
        ticket_draw=draw, ticket_keep_min=tk.get("keep_min").int(0, draw),
        setup_ticket_draw=setup_draw, setup_ticket_keep_min=tk.get("setup_keep_min").int(0, setup_draw),
        end_trigger_trains=comp.get("end_trigger_trains").int(0, 999),
        globetrotter_points=comp.get("globetrotter_points").int(0, 999),
        majority_first=maj.get("first").int(0, 999), majority_second=maj.get("second").int(0, 999),
    )


def _load_board(path: Path, comp: dict):
    board = load_yaml(path).mapping().only_keys({"locations", "tracks"})
    # locations
    locs_node = board.get("locations")
    locs: list[Location] = []
    seen: set = set()
    for node in locs_node.seq(1, 200):
        node.mapping().only_keys({"id", "name", "name_ru", "kind", "passengers", "lat", "lon"})
        loc = Location(node.get("id").str(), node.get("name").str(), node.get("name_ru").str(),
                       node.get("kind").str(choices=KINDS), node.get("passengers").int(0, 99),
                       node.get("lat").number(40.0, 60.0), node.get("lon").number(0.0, 20.0))
        _unique(node.get("id"), loc.id, seen, "a location id")
        locs.append(loc)
    _count(locs_node, PUBLISHED["locations"], len(locs), "locations")
    kinds = Counter(loc.kind for loc in locs)
    _count(Node(None, locs_node.file, "locations[*].kind"),
           f"{PUBLISHED['cities']} cities and {PUBLISHED['countries']} countries",
           f"{kinds['city']} cities and {kinds['country']} countries")
    items = locs_node.seq()
    for big in BIG_CITIES:
        if big not in seen:
            locs_node.fail(f"a location with id {big} (a big city of the setup)", "none")
    for node, loc in zip(items, locs, strict=True):
        _count(node.get("passengers"), BIG_CITIES.get(loc.id, 1), loc.passengers,
               f"setup passengers at {loc.id}")
    total = sum(loc.passengers for loc in locs)
    _count(Node(None, locs_node.file, "locations[*].passengers"),
           PUBLISHED["passengers"], total, "passengers in all")
    meeples = sum(p.count for p in comp["passenger_colours"])
    if total != meeples:
        Node(None, locs_node.file, "locations[*].passengers").fail(
            f"as many passengers as components.yaml has meeples ({meeples})", total)

    # tracks
    route_colours = [c.id for c in comp["card_colours"]] + [GRAY]
    countries = {loc.id for loc in locs if loc.is_country}
    tracks_node = board.get("tracks")
    tracks: list[Track] = []
    by_conn: dict[str, list[Track]] = {}
    for node in tracks_node.seq(1, 1000):
        node.mapping().only_keys({"id", "a", "b", "colour", "length"})
        a, b = node.get("a").str(), node.get("b").str()
        for key, end in (("a", a), ("b", b)):
            if end not in seen:
                node.get(key).fail("a location id listed under locations", end)
        if a == b:
            node.get("b").fail("a location other than a", b)
        if a in countries and b in countries:
            node.get("b").fail("a city (a track may not join two countries)", b)
        colour = node.get("colour").str(choices=route_colours)
        length = node.get("length").int(1, max(comp["route_points"]))
        conn = f"{a}-{b}"
        if f"{b}-{a}" in by_conn:
            node.get("a").fail(f"the ends in the same order as the other tracks of {b}-{a} (a: {b}, b: {a})",
                               a)
        group = by_conn.setdefault(conn, [])
        tid = node.get("id").str()
        if tid != f"{conn}-{len(group) + 1}":
            node.get("id").fail(f"{conn}-{len(group) + 1} (ends, then the track's number in its connection)",
                                tid)
        if group and group[0].length != length:
            node.get("length").fail(f"{group[0].length}, the length of parallel track {group[0].id}", length)
        t = Track(tid, a, b, colour, length, conn, len(group))
        group.append(t)
        tracks.append(t)
    _count(tracks_node, PUBLISHED["tracks"], len(tracks), "tracks")
    spaces = sum(t.length for t in tracks)
    _count(Node(None, tracks_node.file, "tracks[*].length"),
           PUBLISHED["spaces"], spaces, "train spaces in all")
    sizes = Counter(len(g) for g in by_conn.values())
    _count(Node(None, tracks_node.file, "tracks (parallel tracks)"),
           f"{PUBLISHED['double']} double and {PUBLISHED['triple']} triple connections",
           f"{sizes[2]} double and {sizes[3]} triple connections"
           + (f" and {sum(v for k, v in sizes.items() if k > 3)} larger" if max(sizes) > 3 else ""))
    return tuple(locs), tuple(tracks), {k: tuple(v) for k, v in by_conn.items()}


def _load_tickets(path: Path, loc_ids: set) -> tuple[Ticket, ...]:
    root = load_yaml(path).mapping().only_keys({"tickets"})
    tnode = root.get("tickets")
    tickets: list[Ticket] = []
    seen: set = set()
    for node in tnode.seq(1, 1000):
        node.mapping().only_keys({"id", "a", "b", "points", "deck"})
        a, b = node.get("a").str(), node.get("b").str()
        for key, end in (("a", a), ("b", b)):
            if end not in loc_ids:
                node.get(key).fail("a location id from board.yaml", end)
        if a == b:
            node.get("b").fail("a location other than a", b)
        tid = node.get("id").str()
        base = f"{a}-{b}"
        suffix = tid[len(base) + 1:] if tid.startswith(base + "-") else ""
        if tid != base and not (suffix.isdigit() and int(suffix) >= 2):
            node.get("id").fail(f"{base} (or {base}-2, -3 … for a second card of the same pair)", tid)
        _unique(node.get("id"), tid, seen, "a ticket id")
        tickets.append(Ticket(tid, a, b, node.get("points").int(1, 999), node.get("deck").str(choices=DECKS)))
    _count(tnode, PUBLISHED["tickets"], len(tickets), "tickets")
    decks = Counter(t.deck for t in tickets)
    _count(Node(None, tnode.file, "tickets[*].deck"),
           f"{PUBLISHED['short']} short and {PUBLISHED['long']} long tickets",
           f"{decks['short']} short and {decks['long']} long tickets")
    for deck in DECKS:
        pts = sum(t.points for t in tickets if t.deck == deck)
        _count(Node(None, tnode.file, f"tickets[*].points ({deck} deck)"),
               PUBLISHED[deck + "_points"], pts, f"points on the {deck} tickets")
    return tuple(tickets)


def load(folder=None) -> TTRData:
    """Load and validate the three files; raises DataError naming file, key, expected and found."""
    base = Path(folder) if folder is not None else data_path("ttr_germany")
    comp = _load_components(base / "components.yaml")
    locs, tracks, by_conn = _load_board(base / "board.yaml", comp)
    loc_by_id = {loc.id: loc for loc in locs}
    tickets = _load_tickets(base / "tickets.yaml", set(loc_by_id))
    at: dict[str, list[Track]] = {loc.id: [] for loc in locs}
    for t in tracks:
        at[t.a].append(t)
        at[t.b].append(t)
    colours = {c.id: c for c in comp["card_colours"]}
    colours[LOCOMOTIVE] = comp["locomotive"]
    colours[GRAY] = comp["gray"]
    return TTRData(
        locations=locs, tracks=tracks, tickets=tickets, **comp,
        location_by_id=MappingProxyType(loc_by_id),
        track_by_id=MappingProxyType({t.id: t for t in tracks}),
        ticket_by_id=MappingProxyType({t.id: t for t in tickets}),
        colour_by_id=MappingProxyType(colours),
        tracks_by_connection=MappingProxyType(by_conn),
        tracks_at=MappingProxyType({k: tuple(v) for k, v in at.items()}),
    )


@lru_cache(maxsize=1)
def default_data() -> TTRData:
    return load()


__all__ = ["TTRData", "Location", "Track", "Ticket", "CardColour", "PassengerColour", "load",
           "default_data", "DataError", "PUBLISHED", "BIG_CITIES", "CARD_COLOURS", "ROUTE_COLOURS",
           "LOCOMOTIVE", "GRAY", "KINDS", "DECKS", "DATA_FILES"]
