"""Argentina's own panels on the family table (ui/views/gwt/panels.py): the side boards
(cattle market)."""
from __future__ import annotations

import pygame

from ui import theme
from ui.widgets import blit_text


class ArgentinaPanelsMixin:
    SUPPLY_ROWS = ("cattle",)

    def supply_cattle(self, row, y):
        """The cattle market: every open card, face up, in the market's order."""
        sz = self.s
        self.supply_label(row, self.tr("gwt.market"), y)
        cards = row.pm["cattle"]
        buys = self.do_acts("buy_cattle")
        ch = int(row.h - row.lab_h - sz.market.label_gap)
        col = row.w / max(6, len(cards))
        cw = int(min(ch / 1.42, col - 2))
        ch = int(cw * 1.42)
        for i, cid in enumerate(cards):
            r = pygame.Rect(int(row.x0 + col * i), int(y + row.lab_h), cw, ch)
            self.target(row.surf, r, [a for a in buys if cid in a.args], f"market.{i}")
            row.surf.blit(self.art.cattle_card(cid, cw, ch, self.lang), r)
            self.preview(r, self.art.cattle_card, cid, sz.market.preview_w, sz.market.preview_h)
        blit_text(row.surf, f"\u00d7{row.pm['cattle_deck']}", (row.x0 + row.w, y), sz.font.market.count,
                  theme.INK, bold=True, anchor="topright")
        row.card_w = cw
