"""A ranch's geometry and scoring: attachment rules (spec §3.4), areas, helpers' protection,
the final scoring (§3.11) and the Legends scenarios (§4.3). Pure functions of a player's
ranch and the game data, shared by the rules, the bots and the view."""
from __future__ import annotations

from functools import lru_cache

from .model import Board, Face, MoonData
from .state import Cell, PlayerState

DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def face_of(d: MoonData, piece: str) -> Face:
    """A ranch cell's face: a square id, or "<bonus tile>/<side>"."""
    face = _faces(d).get(piece)
    if face is not None:
        return face
    if "/" in piece:  # not a known piece: the lookups below raise as they always did
        tile, side = piece.split("/")
        return d.bonus_face(tile, int(side))
    return d.square_by_id[piece].face


# Speed: bots and rules ask for faces, terrains and neighbour cells hundreds of times per
# decision; these tables are built once per data set (MoonData hashes by identity).
@lru_cache(maxsize=8)
def _faces(d: MoonData) -> dict[str, Face]:
    """Every piece's face: square ids and "<bonus tile>/<side>"."""
    out = {s.id: s.face for s in d.squares}
    for tile, faces in d.bonus_tiles:
        for side, f in enumerate(faces):
            out[f"{tile}/{side}"] = f
    return out


@lru_cache(maxsize=8)
def _terrains(d: MoonData) -> dict[str, str]:
    return {piece: f.terrain for piece, f in _faces(d).items()}


@lru_cache(maxsize=32)
def _grid(d: MoonData, depth: int) -> tuple[frozenset[Cell], dict[Cell, tuple[Cell, ...]]]:
    """The grid's cells (as in_grid) and, per cell of it, its neighbours inside the grid in
    DIRS order."""
    cells = frozenset((x, y) for x in range(d.width) for y in range(depth) if (x, y) != d.board_cell)
    near = {c: tuple(n for n in neighbours(c) if n in cells) for c in cells}
    return cells, near


def board_of(d: MoonData, p: PlayerState) -> Board:
    if p.board == "base":
        return d.base_board
    return next(b for b in d.legends_boards if b.id == p.board)


def terrain_map(d: MoonData, p: PlayerState) -> dict[Cell, str]:
    tt = _terrains(d)
    return {c: tt[s] if s in tt else face_of(d, s).terrain for c, s in p.ranch.items()}


def neighbours(c: Cell):
    x, y = c
    for dx, dy in DIRS:
        yield (x + dx, y + dy)


def in_grid(d: MoonData, depth: int, c: Cell) -> bool:
    return 0 <= c[0] < d.width and 0 <= c[1] < depth and c != d.board_cell


def group(cells: set[Cell], start: Cell) -> set[Cell]:
    """The cells of `cells` orthogonally connected to `start`."""
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def groups(cells: set[Cell]) -> list[set[Cell]]:
    left, out = set(cells), []
    while left:
        g = group(left, next(iter(left)))
        left -= g
        out.append(g)
    return out


def areas(terrains: dict[Cell, str]) -> list[tuple[str, set[Cell]]]:
    """Every area: a largest group of connected squares of one terrain."""
    by_terrain: dict[str, set[Cell]] = {}
    for c, t in terrains.items():
        by_terrain.setdefault(t, set()).add(c)
    return [(t, g) for t, cells in by_terrain.items() for g in groups(cells)]


def area_at(terrains: dict[Cell, str], c: Cell) -> set[Cell]:
    t = terrains[c]
    return group({x for x, tt in terrains.items() if tt == t}, c)


def protected(terrains: dict[Cell, str], p: PlayerState, c: Cell) -> bool:
    """Every helper is a Herder: the cows of its area cannot be stolen."""
    return any(h in p.helpers for h in area_at(terrains, c))


def frontier(d: MoonData, depth: int, p: PlayerState, terrains: dict[Cell, str]) -> dict[Cell, set[str] | None]:
    """Free cells where a new piece can anchor: None = a bridge (any terrain), else the set
    of terrains of the placed squares next to it."""
    cells, near = _grid(d, depth)
    ranch = p.ranch
    out: dict[Cell, set[str] | None] = {}
    for c in board_of(d, p).bridges:
        if c not in ranch and c in cells:
            out[c] = None
    for c, t in terrains.items():
        nbs = near.get(c)
        if nbs is None:  # off the grid (never in a legal ranch): filter as in_grid does
            nbs = tuple(n for n in neighbours(c) if n in cells)
        for n in nbs:
            if n in ranch or out.get(n, 0) is None:
                continue
            anchor = out.get(n)
            if anchor is None:
                out[n] = {t}
            else:
                anchor.add(t)
    return out


def _free_near(d: MoonData, depth: int, p: PlayerState, c: Cell) -> list[Cell]:
    """The free grid cells next to `c`, in DIRS order."""
    cells, near = _grid(d, depth)
    nbs = near.get(c)
    if nbs is None:
        nbs = tuple(n for n in neighbours(c) if n in cells)
    ranch = p.ranch
    return [n for n in nbs if n not in ranch]


def parcel_placements(d: MoonData, depth: int, p: PlayerState, held: list[str] | None = None
                      ) -> list[tuple[str, str, Cell, Cell]]:
    """Every legal (square a, square b, cell of a, cell of b) for two held squares (§3.4):
    inside the grid on free cells, and a covering a bridge or touching its own terrain."""
    held = p.held if held is None else held
    front = frontier(d, depth, p, terrain_map(d, p))
    tt = _terrains(d)
    held_t = [(a, tt[a] if a in tt else d.square_by_id[a].face.terrain) for a in held]
    # Built as (cell a, cell b, a, b): the natural tuple order is the published order.
    out = set()
    for ca, anchor in front.items():
        free = _free_near(d, depth, p, ca)
        if not free:
            continue
        for a, ta in held_t:
            if anchor is not None and ta not in anchor:
                continue
            for cb in free:
                for b in held:
                    if b != a:
                        out.add((ca, cb, a, b))
    return [(a, b, ca, cb) for ca, cb, a, b in sorted(out)]


def parcel_is_legal(d: MoonData, depth: int, p: PlayerState, a: str, b: str, ca: Cell, cb: Cell) -> bool:
    if a == b or a not in p.held or b not in p.held or cb not in set(neighbours(ca)):
        return False
    terrains = terrain_map(d, p)
    bridges = board_of(d, p).bridges
    for c in (ca, cb):
        if c in p.ranch or not in_grid(d, depth, c):
            return False
    for c, s, other in ((ca, a, cb), (cb, b, ca)):
        t = d.square_by_id[s].face.terrain
        if c in bridges or any(terrains.get(n) == t for n in neighbours(c) if n != other):
            return True
    return False


def has_placement(d: MoonData, depth: int, p: PlayerState) -> bool:
    """bool(parcel_placements(...)) without listing them all."""
    held = p.held
    if len(held) < 2:
        return False
    tt = _terrains(d)
    for ca, anchor in frontier(d, depth, p, terrain_map(d, p)).items():
        if not _free_near(d, depth, p, ca):
            continue
        for a in held:
            if anchor is not None and (tt[a] if a in tt else d.square_by_id[a].face.terrain) not in anchor:
                continue
            if any(b != a for b in held):
                return True
    return False


def tile_placements(d: MoonData, depth: int, p: PlayerState, face: Face) -> list[Cell]:
    """Cells where a one-cell bonus tile with this face may be attached."""
    front = frontier(d, depth, p, terrain_map(d, p))
    return sorted(c for c, anchor in front.items() if anchor is None or face.terrain in anchor)


# ------------------------------------------------------------------ scoring
def symbol_count(d: MoonData, p: PlayerState, resource: str) -> int:
    return sum(face_of(d, s).resource(resource) for s in p.ranch.values())


def helper_sides(p: PlayerState) -> list[str]:
    return [h[1] for hs in p.helpers.values() for h in hs]


def scenario_score(d: MoonData, scenario: str, p: PlayerState) -> int:
    if not scenario:
        return 0
    terrains = terrain_map(d, p)
    total = 0
    if scenario in ("log_driving", "cowboy_town"):
        want = "forest" if scenario == "log_driving" else "farm"
        for t, g in areas(terrains):
            if t != want or len(g) < d.scenario_min:
                continue
            if scenario == "log_driving" and not any(c[1] == 0 for c in g):
                continue  # a timber lot must touch the river (row 0)
            total += d.scenario_points(len(g))
    elif scenario == "gold_rush":
        gold = {c for c, s in p.ranch.items() if face_of(d, s).gold > 0}
        for g in groups(gold):
            if len(g) >= d.scenario_min:
                total += d.scenario_points(sum(face_of(d, p.ranch[c]).gold for c in g))
    elif scenario == "outlaws":
        for g in groups(set(p.helpers)):
            sides = [h[1] for c in g for h in p.helpers[c]]
            if len(g) >= d.scenario_min and any(s in d.bandits for s in sides):
                total += d.scenario_points(len(sides))
    return total


def breakdown(d: MoonData, scenario: str, p: PlayerState, cows: dict[Cell, int] | None = None) -> dict[str, int]:
    """The score pad of one ranch (§3.11); `cows` overrides the ranch's cows (e.g. capped)."""
    cows = p.cows if cows is None else cows
    terrains = terrain_map(d, p)
    out = {f"category.moon.{t}": 0 for t in d.terrains if t in d.cow_terrains}
    for t, g in areas(terrains):
        if t in d.cow_terrains:
            out[f"category.moon.{t}"] += len(g) * sum(cows.get(c, 0) for c in g)
    sides = helper_sides(p)
    for r in d.resources:
        k = symbol_count(d, p, r)
        out[f"category.moon.{r}"] = k
        out[f"category.moon.{d.resource_helper[r]}"] = k * sides.count(d.resource_helper[r])
    out["category.moon.scenario"] = scenario_score(d, scenario, p)
    return out


def capped(p: PlayerState) -> dict[Cell, int]:
    """The cows after the overpopulation event: one per square."""
    return {c: 1 for c, k in p.cows.items() if k > 0}


def largest_area(d: MoonData, p: PlayerState) -> int:
    return max((len(g) for _, g in areas(terrain_map(d, p))), default=0)
