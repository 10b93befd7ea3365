"""A table's placement numbers, read from its data/<game>/layout.yaml and validated on load.

The file's `screen`-like sections hold what a table needs to place its panels; all lengths are
px at 1280x720 and scale with the window through the app's px():

    regions:              # named rectangles, as fractions [x, y, w, h]
      board: [0.0, 0.0, 0.7, 1.0]           # of the table's rectangle
      hand: {in: board, rect: [0, 0.8, 1, 0.2]}   # or of another region
    grids:                # rows / columns of slots
      sites: {cols: 3, rows: 2, gap: 8, pad: [0, 0, 0, 0]}   # pad: left, top, right, bottom
    lengths:              # groups of named lengths (paddings, rows, slots, gaps...)
      players: {gap: 6, row_max: 96}
    fonts:                # groups of named font sizes
      players: {name: 17}
    colours:              # named colours, [r, g, b] or [r, g, b, alpha]
      overlay: [20, 14, 8, 222]

`Layout.load(file, sections)` reads the named sections (a table may call a section by its own
name, say `spacing`, and keep other keys the toolkit does not know). `layout.scaled(px)` gives
every length and font size as an int at the current scale, grouped: `s.players.gap`,
`s.font.players.name`, and `s.twice.players.pad` for a length on both sides (px(2n): 2 * px(n)
is a pixel off at some scales); a table makes it in its layout() (the app lays the scenes out again

when the window or the UI scale changes). `layout.regions(rect)` resolves the regions to
pygame.Rects and `layout.cells(name, rect, px)` a grid's slots inside a rectangle.

Every problem is a DataError naming the file and the key path.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

import pygame

from games.core.data import Node, load_yaml
from games.core.errors import DataError

MAX_LENGTH = 2000  # px at 1280x720: more is a typo


def colour(node: Node) -> tuple[int, ...]:
    """[r, g, b] or [r, g, b, alpha], each 0-255."""
    return tuple(node.ints(0, 255, 3, 4))


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    gap: float
    pad: tuple[float, float, float, float]  # left, top, right, bottom


def _lengths(node: Node, lo: float = 0, hi: float = MAX_LENGTH) -> dict[str, dict[str, float]]:
    """{group: {name: number}} from a mapping of mappings."""
    out: dict[str, dict[str, float]] = {}
    for group, g in node.mapping().items():
        out[group] = {name: v.number(lo, hi, keep_int=True) for name, v in g.mapping().items()}
    return out


class Layout:
    """The placement data of one table (see the module docstring)."""

    def __init__(self, file, regions=None, grids=None, lengths=None, fonts=None, colours=None):
        self.file = file
        self.region_defs: dict[str, tuple[str | None, tuple[float, ...]]] = regions or {}
        self.grids: dict[str, Grid] = grids or {}
        self.lengths: dict[str, dict[str, float]] = lengths or {}
        self.fonts: dict[str, dict[str, float]] = fonts or {}
        self.colours: dict[str, tuple[int, ...]] = colours or {}
        self._scaled_key = None
        self._scaled = None

    # ------------------------------------------------------------ loading
    @classmethod
    def load(cls, path, regions: str | None = "regions", grids: str | None = "grids",
             lengths: str | None = "lengths", fonts: str | None = "fonts", colours: str | None = None,
             node: Node | None = None):
        """Read the named sections of a layout file (None: the table has no such section; a
        named section that is missing is an error)."""
        node = (node or load_yaml(path)).mapping()
        out = cls(node.file)
        if regions:
            out.region_defs = cls._regions(node.get(regions))
        if grids:
            out.grids = {name: cls._grid(g) for name, g in node.get(grids).mapping().items()}
        if lengths:
            out.lengths = _lengths(node.get(lengths))
        if fonts:
            out.fonts = _lengths(node.get(fonts), 6, 200)
        if colours:
            out.colours = {name: colour(v) for name, v in node.get(colours).mapping().items()}
        return out

    def expect(self, section: str, needed: dict[str, str]) -> Layout:
        """Check at load time that `section` ("lengths" or "fonts") holds exactly the names a
        table draws with, {group: "name name ..."}: a missing name or an unknown one (a typo,
        or a number nothing reads) is a DataError naming its key."""
        have = getattr(self, section)
        for group in have:
            if group not in needed:
                raise DataError(self.file, f"{section}.{group}", f"one of {', '.join(needed)}", group)
        for group, names in needed.items():
            names = names.split()
            for name in have.get(group, {}):
                if name not in names:
                    raise DataError(self.file, f"{section}.{group}.{name}", f"one of {', '.join(names)}", name)
            for name in names:
                if name not in have.get(group, {}):
                    raise DataError(self.file, f"{section}.{group}.{name}", "this key to be present")
        return self

    @staticmethod
    def _regions(node: Node) -> dict:
        defs = {}
        for name, v in node.mapping().items():
            parent = None
            if isinstance(v.value, dict):
                v.only_keys({"in", "rect"})
                parent = v.get("in").str()
                v = v.get("rect")
            defs[name] = (parent, tuple(f.number(0, 1, keep_int=True) for f in v.seq(4, 4)))
        for name, (parent, _) in defs.items():  # parents exist and no region is inside itself
            seen = {name}
            while parent is not None:
                if parent not in defs:
                    node.get(name).get("in").fail("the name of another region", parent)
                if parent in seen:
                    node.get(name).get("in").fail("a region not inside itself", parent)
                seen.add(parent)
                parent = defs[parent][0]
        return defs

    @staticmethod
    def _grid(node: Node) -> Grid:
        node.mapping().only_keys({"cols", "rows", "gap", "pad"})
        pad = node.get("pad", [0, 0, 0, 0])
        return Grid(node.get("cols").int(1, 50), node.get("rows").int(1, 50),
                    node.get("gap", 0).number(0, MAX_LENGTH, keep_int=True),
                    tuple(p.number(0, MAX_LENGTH, keep_int=True) for p in pad.seq(4, 4)))

    # ------------------------------------------------------------ resolving
    def scaled(self, px) -> SimpleNamespace:
        """Every length and font size through px(), grouped as attributes (cached per scale:
        give the same px function and the answer is reused while px(1000) stays the same)."""
        key = (px, px(1000))
        if key != self._scaled_key:
            ns = SimpleNamespace(**{g: SimpleNamespace(**{k: px(v) for k, v in d.items()})
                                    for g, d in self.lengths.items()})
            ns.font = SimpleNamespace(**{g: SimpleNamespace(**{k: px(v) for k, v in d.items()})
                                         for g, d in self.fonts.items()})
            # twice a length, scaled as one (px(2n), which 2 * px(n) is not at every scale):
            # a margin on both sides, s.twice.players.pad
            ns.twice = SimpleNamespace(**{g: SimpleNamespace(**{k: px(2 * v) for k, v in d.items()})
                                          for g, d in self.lengths.items()})

            self._scaled_key, self._scaled = key, ns
        return self._scaled

    def regions(self, rect) -> dict[str, pygame.Rect]:
        """Every region as a Rect: fractions of `rect` or of its parent region (the position
        and size are truncated to whole pixels, as int(fraction * size))."""
        rect = pygame.Rect(rect)
        out: dict[str, pygame.Rect] = {}

        def resolve(name):
            if name not in out:
                parent, (fx, fy, fw, fh) = self.region_defs[name]
                p = rect if parent is None else resolve(parent)
                out[name] = pygame.Rect(p.x + int(fx * p.w), p.y + int(fy * p.h), int(fw * p.w), int(fh * p.h))
            return out[name]

        for name in self.region_defs:
            resolve(name)
        return out

    def cells(self, name: str, rect, px, n: int | None = None) -> list[pygame.Rect]:
        """The slots of grid `name` inside `rect` (its padding taken off), row by row; the
        slot size is the room left after the gaps divided evenly (whole pixels). n: only the
        first n slots (default: cols * rows)."""
        g = self.grids[name]
        left, top, right, bottom = (px(p) if p else 0 for p in g.pad)
        r = pygame.Rect(rect)
        inner = pygame.Rect(r.x + left, r.y + top, r.w - left - right, r.h - top - bottom)
        return grid_cells(inner, g.cols, g.rows, px(g.gap) if g.gap else 0, n)


def grid_cells(rect, cols: int, rows: int, gap: int, n: int | None = None) -> list[pygame.Rect]:
    """`cols` x `rows` equal slots filling `rect` with `gap` px between them, row by row."""
    cw = (rect.w - gap * (cols - 1)) // cols
    ch = (rect.h - gap * (rows - 1)) // rows
    count = cols * rows if n is None else n
    return [pygame.Rect(rect.x + (k % cols) * (cw + gap), rect.y + (k // cols) * (ch + gap), cw, ch)
            for k in range(count)]
