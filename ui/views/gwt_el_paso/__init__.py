"""Great Western Trail: El Paso at the table: the family's table (ui/views/gwt/) with El
Paso's data and look (data/gwt_el_paso/) and its own panels; view.py is the table
(the manifest names it)."""
from __future__ import annotations

from ui.views.gwt.edition import edition
from ui.views.gwt.layout import LayoutSpec, expect_own
from ui.views.gwt.layout import load_layout as _load_layout
from ui.views.gwt_el_paso.art import ElPasoArt

GAME = "gwt_el_paso"
CITY = "el_paso"  # the city tile's face id (buildings.yaml)


# El Paso's own layout keys: the sizes on the playmat of the trading posts, their discs and
# the Simmental space, the Simmental space's colour, the train cards' colours and the
# trading posts' section.
EDITION_LAYOUT = LayoutSpec(
    board_pairs=(("post", (3, 20)), ("simmental", (3, 14))),
    board_nums=(("post_disc", (1, 6)),),
    playmat=("simmental",),
    tiles=("train", "train_star"),
    sections=(("trading_posts", ("wood", "plate", "black_corner", "reward"), "a trading-post colour"),),
)

# El Paso's own panels' lengths and fonts (px at 1280x720), by panel: layout.yaml's
# `edition_lengths` and `edition_fonts` give exactly these names ({group: "names"}).
OWN_LENGTHS = {
    "post_ring": "line grow radius_outer radius",
    "cert_badge": "pad_y lift radius icon_x text_dx",
    "delivery": "text_dy room line bottom",
    "trains": "label_gap col_room preview_w preview_h",
    "simmental_supply": "pill_dy",
    "sue_row": "star_room star_dx step star_gap piece_dy count_dy card_room area_gap area_room card_gap card_dy pill_dy dash_dx",
    "automa": "head line after_text card row_gap tiles_h score_y score_head_h score_line rule_dy total_dy",
    "sue_card": "w h shadow shadow_dx shadow_dy title_dy piece piece_dy rule_top rule_bottom col_x col_room moves_y moves_line right_room action_dy half_line action_line",
}
OWN_FONTS = {
    "delivery": "title text",
    "sue_row": "count pill dash",
    "automa": "text score_head score",
    "sue_card": "title moves action",
}


def load_layout(path=None, **expect) -> dict:
    """data/gwt_el_paso/layout.yaml, loaded and validated (ui/views/gwt/layout.py)."""
    return _load_layout(GAME, path, own=(OWN_LENGTHS, OWN_FONTS), city=CITY, spec=EDITION_LAYOUT, **expect)


def table_edition():
    """El Paso's TableEdition: its data model, look, playmat placement and art."""
    ed = edition(GAME, CITY, ElPasoArt, EDITION_LAYOUT)
    expect_own(ed.layout["own"], OWN_LENGTHS, OWN_FONTS)
    return ed


__all__ = ["load_layout", "table_edition"]
