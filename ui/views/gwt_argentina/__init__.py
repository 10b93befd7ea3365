"""Great Western Trail: Argentina at the table: the family's table (ui/views/gwt/) with
Argentina's data and look (data/gwt_argentina/: layout.yaml for the look, playmat.yaml for
where things lie) and its own panels; view.py is the table (the manifest names it)."""
from __future__ import annotations

import functools

from games.core.data import data_path, load_yaml
from ui.views.gwt.edition import TableEdition, edition
from ui.views.gwt.layout import LayoutSpec, expect_own
from ui.views.gwt.layout import load_layout as _load_layout

GAME = "gwt_argentina"
CITY = "ba"  # the city tile's face id (Buenos Aires; buildings.yaml `buenos_aires`)

# Argentina's own layout keys (none beyond the family's yet).
EDITION_LAYOUT = LayoutSpec()

# Argentina's own panels' lengths and fonts (px at 1280x720), by panel: layout.yaml's
# `edition_lengths` and `edition_fonts` give exactly these names ({group: "names"}).
OWN_LENGTHS = {
    "rows": "after_label col_gap label_w cell_gap",
    "holdings": "group_gap",
    "options": "two_cols row row_min info gap radius pad",
    "jobs": "bottom gap cost_h group_gap",
    "automa": "line gap card",
    "pedro_card": "w h shadow shadow_d pad title_h line",
    "ba": "preview",
}
OWN_FONTS = {
    "holdings": "count",
    "options": "info text",
    "jobs": "cost letter",
    "automa": "text",
    "pedro_card": "title text",
}


@functools.lru_cache(maxsize=1)
def playmat() -> dict:
    """data/gwt_argentina/playmat.yaml: where the trail's unit square lies on the playmat."""
    node = load_yaml(data_path(GAME, "playmat.yaml")).mapping()
    box = [float(x.value) for x in node.get("trail_box").seq(4, 4)]
    return {"trail_box": tuple(box)}


class ArgentinaEdition(TableEdition):
    CITY_KEY = "buenos_aires"
    PLACEMENT_FILE = "playmat.yaml"

    def node_pos(self, nid: str) -> tuple[float, float]:
        x, y, w, h = playmat()["trail_box"]
        u, v = self.data.nodes[nid].pos
        return x + u * w, y + v * h


def load_layout(path=None, **expect) -> dict:
    """data/gwt_argentina/layout.yaml, loaded and validated (ui/views/gwt/layout.py)."""
    return _load_layout(GAME, path, own=(OWN_LENGTHS, OWN_FONTS), city=CITY, spec=EDITION_LAYOUT, **expect)


def table_edition():
    """Argentina's TableEdition: its data model, look, playmat placement and art."""
    from ui.views.gwt_argentina.art import ArgentinaArt
    ed = edition(GAME, CITY, ArgentinaArt, EDITION_LAYOUT, ArgentinaEdition)
    expect_own(ed.layout["own"], OWN_LENGTHS, OWN_FONTS)
    return ed


__all__ = ["load_layout", "table_edition"]
