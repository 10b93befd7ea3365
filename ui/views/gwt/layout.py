"""data/<edition>/layout.yaml: a GWT table's drawing parameters, loaded and validated.

The panels' lengths and font sizes (px at 1280x720) are read through the toolkit's
ui/layout.py: `lengths` and `fonts` hold the family table's, grouped by panel, with the same
names in every edition's file (FAMILY_LENGTHS, FAMILY_FONTS); `edition_lengths` and
`edition_fonts` those of the edition's own panels, whose names the edition checks
(expect_own). The view takes them scaled as `self.s` (family) and `self.own` (edition).

The city's keys (`board.<city>`, `tiles.<city>`) are named by the edition's city tile; the
edition's own keys and sections (El Paso: its trading posts, the Simmental space, the train
cards) by its LayoutSpec.

A wrong file gives a DataError naming the file, the key path and what was expected.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.core.data import Node, data_path, load_yaml
from games.core.errors import DataError
from ui import theme
from ui.layout import Layout

# The family table's named lengths and font sizes (px at 1280x720), grouped by panel: every
# edition's layout.yaml gives them in its `lengths` and `fonts` sections ({group: "names"}).
FAMILY_LENGTHS = {
    "frame": "right_min right_max bottom_min",
    "highlight": "grow line radius",
    "preview": "beside margin above shadow shadow_dx shadow_dy size",
    "tip": "margin dx dy pad_x pad_y below",
    "pill": "pad_x pad_y",
    "mine": "head gap inset name_dy after_name spacing token_box count_dx piles_min tiles_min",
    "player_board": "shadow shadow_dx shadow_dy preview_w",
    "tiles_row": "tile_max after_label preview gap",
    "hand": "top dash_dx dash_dy card_max gap lift",
    "area": "top gap count_room count_dx",
    "seats": "head row_sue row inset row_gap radius marker name_x line_dy chip chip_gap",
    "decision": "button head line below_hint waiting tile_choice_room button_gap bottom strip_room objective_room after_hint col_gap tile_choice strip objective_tile objective_gap reserve_rows",
    "tile_choice": "slot_room preview gap pill_dx pill_dy kind_gap",
    "action": "glow_out glow radius border radius_inner num_x strip_room inset strip_x tick_dx",
    "supply": "coin bank_room coin_dy bank_gap head label_gap",
    "market": "label_gap count_room count_dx preview_w preview_h",
    "worker_supply": "count_room pill_dy",
    "stacks": "label_gap col_room glow_out glow radius ring_grow ring_line ring_radius pill_dy",
    "tile_supply": "label_gap room slot_gap preview radius count_dx count_dy kind_gap",
    "inspect": "max_w max_h head marker_inset name_x board_gap after_board after_text tiles_dy tiles_h",
    "beat": "lift ring_line ring_grow ring_pulse radius",
    "banner": "text_room top pad_x pad_y radius marker_room marker_x text_dx",
}
FAMILY_FONTS = {
    "tip": "text",
    "pill": "text",
    "mine": "name count piles",
    "tiles_row": "label",
    "hand": "label count dash",
    "area": "label count",
    "seats": "name line",
    "decision": "hint",
    "action": "tick label",
    "supply": "bank label",
    "market": "count price",
    "tile_supply": "count",
    "inspect": "name close text",
    "banner": "text",
}

SCREEN_NUMS = {"gap": (0, 40), "pad": (0, 40)}  # key -> (lowest, highest), px at 1280x720
BOARD_NUMS = {  # playmat units (the playmat is 100 x 72)
    "space": (3, 12), "trail": (0.3, 4), "arrow": (0.5, 4), "herder": (1, 8),
    "margin": (0, 5),
}
CITY_PAIR = (4, 20)  # the city tile's size on the playmat (board.<city>), playmat units
PLAYMAT = ("cloth", "cloth_dark", "trail", "trail_edge", "arrow", "space", "space_line")
TILES = ("neutral", "common", "objective", "bonus")  # the city's colour comes after "common"
PLAYER_BOARD = ("board", "aux_area", "locked", "disc_space", "disc_black", "cert_track",
                "money_plus", "money_minus")
LANGS = ("en", "ru")
WORKER_TOOLS = ("hat", "train", "house", "wheat", "star")  # the thing a worker card shows it pays for


@dataclass(frozen=True)
class LayoutSpec:
    """The layout keys an edition adds to the family's: board sizes (name, (lowest, highest))
    in playmat units, pairs (board_pairs) and single lengths (board_nums), playmat and tile colours, and whole colour sections (name, colour
    names, what one is)."""
    board_pairs: tuple = ()
    board_nums: tuple = ()
    playmat: tuple = ()
    tiles: tuple = ()
    sections: tuple = ()


NO_SPEC = LayoutSpec()  # an edition with no keys of its own


def _exactly(node: Node, keys, what: str) -> None:
    """The mapping has exactly these keys."""
    for k in node.keys():
        if k not in keys:
            Node(k, node.file, node.path).fail(f"{what}: one of {', '.join(map(str, keys))}", k)
    for k in keys:
        node.get(k)  # names the missing key


def _colours(node: Node, keys, what: str) -> dict:
    node.mapping()
    _exactly(node, keys, what)
    return {k: node.get(k).rgb() for k in keys}


def load_layout(game: str, path=None, breeds=None, nodes=None, workers=None, own=None, city: str = "city",
                spec: LayoutSpec | None = None) -> dict:
    """The validated layout as plain dicts. `breeds`, `nodes`, `workers`: the breed, trail-node
    and worker ids to expect (default: those of components.yaml and board.yaml, through the
    rules model). `own`: (lengths, fonts) the edition's own panels draw with. `city`: the
    city tile's face id; `spec`: the edition's own keys."""
    spec = spec or NO_SPEC
    board_nums = {**BOARD_NUMS, **dict(spec.board_nums)}
    board_pairs = {city: CITY_PAIR, **dict(spec.board_pairs)}
    playmat = PLAYMAT + tuple(spec.playmat)
    tiles = TILES[:2] + (city,) + TILES[2:] + tuple(spec.tiles)
    sections = tuple(name for name, _, _ in spec.sections)
    if breeds is None or nodes is None or workers is None:
        from ui.views.gwt.source import edition_data
        data = edition_data(game)
        breeds = breeds if breeds is not None else tuple(b.id for b in data.breeds)
        nodes = nodes if nodes is not None else tuple(data.node_order)
        workers = workers if workers is not None else tuple(data.worker_ids)
    node = load_yaml(path or data_path(game, "layout.yaml")).mapping()
    _exactly(node, ("screen", "lengths", "fonts", "edition_lengths", "edition_fonts", "board", "nudge",
                    "playmat", *sections, "breeds", "workers", "tiles", "player_board"), "a section")
    scr = node.get("screen").mapping()
    _exactly(scr, tuple(SCREEN_NUMS), "a screen length")
    out: dict = {"screen": {k: scr.get(k).number(lo, hi) for k, (lo, hi) in SCREEN_NUMS.items()}}
    # the family's lengths and fonts, through the toolkit's Layout (view: .scaled(px))
    out["layout"] = (Layout.load(None, regions=None, grids=None, node=node)
                     .expect("lengths", FAMILY_LENGTHS).expect("fonts", FAMILY_FONTS))
    # the edition's own panels' lengths and fonts (view: .own); `own`: the names it draws with,
    # ({group: "names"} for lengths, the same for fonts), checked when given
    out["own"] = Layout.load(None, regions=None, grids=None, lengths="edition_lengths",
                             fonts="edition_fonts", node=node)
    if own is not None:
        expect_own(out["own"], *own)
    brd = node.get("board").mapping()
    _exactly(brd, (*board_nums, *board_pairs), "a board length")
    out["board"] = {k: brd.get(k).number(lo, hi) for k, (lo, hi) in board_nums.items()}
    out["board"].update({k: brd.get(k).pair(lo, hi) for k, (lo, hi) in board_pairs.items()})
    out["nudge"] = {}
    nn = node.get("nudge")
    if nn.value is not None:  # an empty section is fine
        for k, v in nn.mapping().items():
            if k not in nodes:
                Node(k, node.file, "nudge").fail(f"a trail node id of board.yaml ({', '.join(nodes)})", k)
            out["nudge"][k] = v.pair(-5, 5)
    out["playmat"] = _colours(node.get("playmat"), playmat, "a playmat colour")
    for name, keys, what in spec.sections:
        out[name] = _colours(node.get(name), keys, what)
    out["tiles"] = _colours(node.get("tiles"), tiles, "a tile colour")
    out["player_board"] = _colours(node.get("player_board"), PLAYER_BOARD, "a player-board colour")
    bn = node.get("breeds").mapping()
    _exactly(bn, tuple(breeds), "a breed id of components.yaml")
    out["breeds"] = {}
    for b in breeds:
        e = bn.get(b).mapping().only_keys({"colour", "pattern", "letter"})
        out["breeds"][b] = {"colour": e.get("colour").rgb(),
                            "pattern": e.get("pattern").str(theme.PATTERNS),
                            "letter": _letters(e.get("letter"))}
    wn = node.get("workers").mapping()
    _exactly(wn, tuple(workers), "a worker id of components.yaml")
    out["workers"] = {}
    for w in workers:
        e = wn.get(w).mapping().only_keys({"colour", "letter", "tool"})
        out["workers"][w] = {"colour": e.get("colour").rgb(), "letter": _letters(e.get("letter")),
                             "tool": e.get("tool").str(WORKER_TOOLS)}
    return out


def expect_own(own: Layout, lengths: dict, fonts: dict) -> Layout:
    """Check that an edition's `edition_lengths` and `edition_fonts` give exactly the names its
    own panels draw with (a DataError names the file's key path)."""
    try:
        return own.expect("lengths", lengths).expect("fonts", fonts)
    except DataError as e:
        raise DataError(e.path, "edition_" + e.key_path, e.expected, e.found) from None


def _letters(node) -> dict:
    """One or two characters per language (a piece's or card's short name)."""
    ln = node.mapping()
    _exactly(ln, LANGS, "a language")
    letters = {}
    for lang in LANGS:
        s = ln.get(lang).str()
        if len(s) > 2:
            ln.get(lang).fail("one or two characters", s)
        letters[lang] = s
    return letters
