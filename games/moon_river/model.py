"""Moon River's data, loaded and checked from data/moon_river/*.yaml.

components.yaml (terrains, helpers, constants), squares.yaml (the 25 square designs and the
2-player bonus tiles) and boards.yaml (bridges and storage of each board side). `load`
checks types, references and the rulebook's totals (96 squares, 20 helpers, 32 cows), so a
damaged file is reported with its name, the key path and what was expected.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from games.core.data import Node, data_path, load_yaml

DATA_FILES = ("data/moon_river/components.yaml", "data/moon_river/squares.yaml",
              "data/moon_river/boards.yaml")
PLAYER_COUNTS = ("2", "3", "4")
PUBLISHED = MappingProxyType({"squares": 96, "helpers": 20, "cows": 32, "specialist_types": 5,
                              "terrains": 6, "bonus_tiles": 2, "legends_boards": 4})
SYMBOL_KEYS = ("gold", "beaver", "corn", "cows", "skull", "circles")


@dataclass(frozen=True)
class Face:
    """What a square or a bonus tile side shows."""
    terrain: str
    gold: int = 0
    beaver: int = 0
    corn: int = 0
    cows: int = 0
    skull: bool = False
    circles: int = 0

    def resource(self, rid: str) -> int:
        return getattr(self, rid)


@dataclass(frozen=True)
class Square:
    id: str        # "s<number>": the back number is unique in our data
    design: str
    number: int
    face: Face


@dataclass(frozen=True)
class Board:
    id: str                              # "base" or a Legends character
    colour: str
    bridges: tuple[tuple[int, int], ...]
    storage: int


@dataclass(frozen=True, eq=False)
class MoonData:
    terrains: tuple[str, ...]
    cow_terrains: frozenset[str]
    resources: tuple[str, ...]
    resource_helper: Mapping[str, str]   # resource -> the specialist scoring it again
    squares: tuple[Square, ...]
    square_by_id: Mapping[str, Square]
    designs: tuple[str, ...]
    bonus_tiles: tuple[tuple[str, tuple[Face, ...]], ...]
    cows: int
    specialists: tuple[str, ...]         # one entry per token, in file order
    specialist_types: tuple[str, ...]
    bandits: frozenset[str]
    saloon_tables: int
    saloon_piles: int
    column_size: int
    cowboy_steps: int
    parcels_per_turn: int
    width: int
    depth: Mapping[int, int]
    board_cell: tuple[int, int]
    rancheros: Mapping[int, int]
    base_board: Board
    legends_boards: tuple[Board, ...]
    scenario_min: int
    scenario_base: int
    scenario_step: int
    scenarios: tuple[str, ...]

    def face(self, square_id: str) -> Face:
        return self.square_by_id[square_id].face

    def bonus_face(self, tile: str, side: int) -> Face:
        return dict(self.bonus_tiles)[tile][side]

    def scenario_points(self, n: int) -> int:
        return 0 if n < self.scenario_min else self.scenario_base + self.scenario_step * (n - self.scenario_min)


def _cell(node: Node, width: int, depth: int) -> tuple[int, int]:
    xy = node.ints(0, None, 2, 2)
    if xy[0] >= width or xy[1] >= depth:
        node.fail(f"a cell inside the {width}x{depth} grid", xy)
    return (xy[0], xy[1])


def _by_players(node: Node, lo: int, hi: int) -> dict[int, int]:
    """A number per player count, keyed "2" to "4" (rules.py INFO: 2-4 players), each once."""
    keys = node.keys()
    if sorted(keys) != sorted(PLAYER_COUNTS):
        node.fail(f"the player counts {', '.join(PLAYER_COUNTS)} as keys", keys)
    return {int(k): node.get(k).int(lo, hi) for k in PLAYER_COUNTS}


def _face(node: Node, terrains: tuple[str, ...], source: Node) -> Face:
    """A square's face; its terrain is one of components.yaml's (`source`)."""
    node.only_keys({"id", "terrain", "numbers", *SYMBOL_KEYS})
    return Face(node.get("terrain").ref(terrains, source), node.get("gold", 0).int(0, 9),
                node.get("beaver", 0).int(0, 9), node.get("corn", 0).int(0, 9),
                node.get("cows", 0).int(0, 2), node.get("skull", False).bool(),
                node.get("circles", 0).int(0, 2))


def load() -> MoonData:
    comp = load_yaml(data_path("moon_river", "components.yaml")).mapping()
    sq = load_yaml(data_path("moon_river", "squares.yaml")).mapping()
    boards = load_yaml(data_path("moon_river", "boards.yaml")).mapping()

    terr_node = comp.get("terrains")
    terr = terr_node.seq(PUBLISHED["terrains"], PUBLISHED["terrains"])
    terrains = tuple(t.get("id").str() for t in terr)
    cow_terrains = frozenset(t.get("id").str() for t in terr if t.get("cows").bool())
    res = comp.get("resources").seq(3, 3)
    resources = tuple(r.get("id").str(("gold", "beaver", "corn")) for r in res)
    helpers = comp.get("helpers").mapping()
    specs = helpers.get("specialists").mapping()
    spec_types = tuple(specs.keys())
    if len(spec_types) != PUBLISHED["specialist_types"]:
        specs.fail(f"{PUBLISHED['specialist_types']} specialist types", len(spec_types))
    tokens = tuple(k for k in spec_types for _ in range(specs.get(k).int(0, 20)))
    if len(tokens) != helpers.get("total").int() or len(tokens) != PUBLISHED["helpers"]:
        specs.fail(f"{PUBLISHED['helpers']} helper tokens in all", len(tokens))
    resource_helper = {r.get("id").str(): r.get("helper").str(spec_types) for r in res}
    bandits = frozenset(b.str(spec_types) for b in helpers.get("bandits").seq(1))
    cows = comp.get("cows").int(1)
    if cows != PUBLISHED["cows"]:
        comp.get("cows").fail(str(PUBLISHED["cows"]), cows)
    ranch = comp.get("ranch").mapping()
    width = ranch.get("width").int(3, 9)
    depth = _by_players(ranch.get("depth"), 3, 20)
    board_cell = _cell(ranch.get("board_cell"), width, 1)
    rancheros = _by_players(comp.get("rancheros_per_player"), 1, 2)
    scen = comp.get("scenario").mapping()
    scenarios = tuple(s.str() for s in scen.get("ids").seq(4, 4))

    squares, designs, seen = [], [], set()
    for dn in sq.get("designs").seq(1):
        did = dn.get("id").str()
        face = _face(dn, terrains, terr_node)
        lo, hi = dn.get("numbers").ints(1, 999, 2, 2)
        if hi < lo:
            dn.get("numbers").fail("[first, last] with first <= last", [lo, hi])
        designs.append(did)
        for num in range(lo, hi + 1):
            if num in seen:
                dn.get("numbers").fail("back numbers used once", num)
            seen.add(num)
            squares.append(Square(f"s{num}", did, num, face))
    if len(squares) != PUBLISHED["squares"]:
        sq.get("designs").fail(f"{PUBLISHED['squares']} squares in all", len(squares))
    if not {1, 2, 3, 4} <= seen:
        sq.get("designs").fail("squares numbered 1-4 (the scenario draw)", sorted(seen)[:4])
    bonus = []
    for bn in sq.get("bonus_tiles").seq(PUBLISHED["bonus_tiles"], PUBLISHED["bonus_tiles"]):
        sides = tuple(_face(s, terrains, terr_node) for s in bn.get("sides").seq(2, 2))
        bonus.append((bn.get("id").str(), sides))

    depth_max = max(depth.values())
    bb = boards.get("base").mapping()
    base = Board("base", "", tuple(_cell(c, width, depth_max) for c in bb.get("bridges").seq(1)),
                 bb.get("storage").int(2, 6))
    legends = tuple(Board(b.get("id").str(), b.get("colour").str(),
                          tuple(_cell(c, width, depth_max) for c in b.get("bridges").seq(1)),
                          b.get("storage").int(2, 6))
                    for b in boards.get("legends").seq(PUBLISHED["legends_boards"], PUBLISHED["legends_boards"]))
    for b in (base, *legends):
        if board_cell in b.bridges:
            boards.fail(f"bridges of {b.id} off the board cell {list(board_cell)}", list(board_cell))

    return MoonData(
        terrains=terrains, cow_terrains=cow_terrains,
        resources=resources, resource_helper=MappingProxyType(resource_helper),
        squares=tuple(squares), square_by_id=MappingProxyType({s.id: s for s in squares}),
        designs=tuple(designs), bonus_tiles=tuple(bonus), cows=cows, specialists=tokens,
        specialist_types=spec_types, bandits=bandits,
        saloon_tables=comp.get("saloon_tables").int(1, 9), saloon_piles=comp.get("saloon_piles").int(1, 4),
        column_size=comp.get("column_size").int(4, 4), cowboy_steps=comp.get("cowboy_steps").int(0, 9),
        parcels_per_turn=comp.get("parcels_per_turn").int(1, 9), width=width,
        depth=MappingProxyType(depth), board_cell=board_cell, rancheros=MappingProxyType(rancheros),
        base_board=base, legends_boards=legends, scenario_min=scen.get("min").int(1),
        scenario_base=scen.get("base").int(0), scenario_step=scen.get("step").int(0), scenarios=scenarios)


@lru_cache(maxsize=1)
def default_data() -> MoonData:
    return load()
