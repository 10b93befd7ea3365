"""The Moon River table: the ranch of the person at the screen on the left (grid above the
player board, its river, bridges and storage), the draft and the saloon in the middle, the
other seats' ranches on the right.

Building a parcel is direct: pick two squares in storage (two are picked at once when only
two are held), turn the parcel with R or the Turn button, and every cell where it may go
glows; hovering one shows the parcel there as a ghost, a click attaches it. Every clickable
thing is a target whose action comes from the legal list, so the view never decides what
is legal; selections (squares, a saloon table, a cow to move) only narrow what is shown.
"""
from __future__ import annotations

import pygame

from ui import sprites, theme
from ui.views.base import Beat, GameView, Selection
from ui.views.moon_river.layout import cached_layout
from ui.views.moon_river.panels import PanelsMixin
from ui.views.moon_river.ranchpaint import RanchGeom, RanchPainter, key
from ui.widgets import blit_text, wrap_lines

# The second square of a parcel relative to the first, in the order Turn cycles them.
TURNS = ((1, 0), (0, -1), (-1, 0), (0, 1))


class MoonView(PanelsMixin, GameView):
    SOUNDS = {"parcel_built": "card", "square_taken": "click", "helper_hired": "coin",
              "cow_stolen": "bust", "drought": "bust", "squares_swapped": "card"}
    LOG_SKIP = frozenset({"cow_placed"})
    HOVER_CONTAINERS = ("ranch", "saloon", "seat.")  # their cells, helpers and cards answer the pointer

    def __init__(self, scene):
        super().__init__(scene)
        self.data = self.rules.data
        self.conf = cached_layout()
        self.painter = RanchPainter(self)
        self.clock = 0.0
        # The half-made choice of the position, emptied when it changes: squares picked in
        # storage (build, discard), the saloon table being hired from, the cow being moved,
        # the own square a Raider gives, the bonus tile side being placed.
        self.sel: list[str]
        self.hire_table: int | None
        self.cow_from: tuple[int, int] | None
        self.raid_mine: str | None
        self.bonus_pick: tuple[str, int] | None
        self.selection = Selection(self, self.preset_selection, sel=[], hire_table=None, cow_from=None,
                                   raid_mine=None, bonus_pick=None)
        self.turn = 0                     # index into TURNS
        self.zoom: int | None = None      # another seat's ranch shown large
        self.geoms: dict[int, RanchGeom] = {}
        self.seat_cards: dict[int, pygame.Rect] = {}
        self.slot_rects: dict[tuple[str, int], pygame.Rect] = {}
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.view_now: dict = {}
        self.legal: list = []

    # ------------------------------------------------------------ helpers
    def letter(self, terrain: str) -> str:
        return self.tr(f"mr.letter.{terrain}")

    def seat_name(self, seat: int) -> str:
        return self.scene.match.config.seats[seat].name

    def ranchero(self, seat: int, h: int) -> pygame.Surface:
        pc = theme.player_colour(self.scene.match.config.seats[seat].colour)
        return sprites.meeple(h, pc["rgb"], pc["letter"])

    def main_seat(self, view) -> int:
        return view["seat"] if view["seat"] is not None else view["current"]

    def button(self, surf, rect, label, action, eid, mouse, hint, enabled=True, icon=None):
        """A button: a legal action, or (action None) a selection tool of the view."""
        rect = pygame.Rect(rect)
        if action is not None:
            enabled = action in self.legal_set
        self.target(surf, rect, action, eid, glow=enabled and hint, strong=rect.collidepoint(mouse))
        state = "disabled" if not enabled else "hover" if rect.collidepoint(mouse) else "normal"
        surf.blit(sprites.button(rect.w, rect.h, label, state, icon), rect)
        return rect

    def tip(self, rect, text, *args) -> None:
        """A tooltip: a text, or a function and its arguments worked out only when hovered
        (a table holds a hundred squares; their texts are not built every frame)."""
        self.tips.append((pygame.Rect(rect), text, args))

    def face_tip(self, face: dict) -> str:
        parts = [self.tr(f"terrain.{face['terrain']}")]
        for k in ("gold", "beaver", "corn"):
            if face[k]:
                parts.append(self.tr(f"mr.sym.{k}", n=face[k]))
        if face["cows"]:
            parts.append(self.tr("mr.sym.cows", n=face["cows"]))
        if face["skull"]:
            parts.append(self.tr("mr.sym.skull"))
        if face["circles"]:
            parts.append(self.tr("mr.sym.circle", n=face["circles"]))
        if "number" in face:
            parts.append(self.tr("mr.number", n=face["number"]))
        return " · ".join(parts)

    # ------------------------------------------------------------ geometry
    def layout(self, rect):
        super().layout(rect)
        sc = self.conf["screen"]
        gap, pad = self.px(sc["gap"]), self.px(sc["pad"])
        r = pygame.Rect(rect).inflate(-2 * gap, -2 * gap)
        self.gap, self.pad = gap, pad
        self.depth = max(self.data.depth.values())  # replaced by the view's depth when drawn
        mid_w = self.px(sc["middle_width"])
        self.r_mid_w = mid_w
        self.area = r
        self.s = self.conf["toolkit"].scaled(self.px)

    def _split(self, depth: int, legends: bool = False) -> None:
        """Panel rects for a ranch of `depth` rows (5, or 10 with two players); in Legends
        the main ranch's header has a second line naming the character."""
        sc = self.conf["screen"]
        r, gap, pad = self.area, self.gap, self.pad
        self.sub_h = self.px(sc["character_line"]) if legends else 0
        head, hint, btn = self.px(sc["head"]) + self.sub_h, self.px(sc["hint"]), self.px(sc["button"])
        fixed = 2 * pad + head + hint + btn + 3 * gap
        storage_rows = 1.0
        cell_h = (r.h - fixed) / (depth + sc["river"] + storage_rows + 0.25)
        avail_w = r.w - self.r_mid_w - 2 * gap - self.s.ranch.side_min
        cell_w = (avail_w - 2 * pad) / self.data.width
        cell = int(max(self.s.ranch.cell_min, min(self.px(sc["ranch_cell_max"]), cell_h, cell_w)))
        self.cell = cell
        ranch_w = max(int(self.px(sc["ranch_min_width"])), self.data.width * cell + 2 * pad)
        self.r_ranch = pygame.Rect(r.x, r.y, ranch_w, r.h)
        self.r_mid = pygame.Rect(self.r_ranch.right + gap, r.y, self.r_mid_w, r.h)
        self.r_side = pygame.Rect(self.r_mid.right + gap, r.y, r.right - self.r_mid.right - gap, r.h)
        self.depth, self.legends = depth, legends

    def update(self, dt):
        self.clock += dt

    # ------------------------------------------------------------ drawing
    def draw(self, surf, view, legal, mouse, hint):
        self.targets, self.tips = [], []
        self.view_now, self.legal = view, legal
        self.legal_set = set(legal)
        self.mouse, self.hint = mouse, hint
        self.selection.sync(self.position_key())  # a new position: the last one's choices go
        legends = view["variant"] == "legends"
        if getattr(self, "depth", None) != view["depth"] or getattr(self, "legends", None) != legends \
                or not hasattr(self, "r_ranch"):
            self._split(view["depth"], legends)
        self.draw_main(surf, view, mouse, hint)
        self.draw_draft(surf, view, mouse, hint)
        self.draw_saloon(surf, view, mouse, hint)
        self.draw_side(surf, view, mouse, hint)
        if self.zoom is not None:
            self.draw_zoom(surf, view, mouse, hint)
        self.draw_tip(surf, mouse)

    def preset_selection(self) -> None:
        """A new position: preset what is forced (the only two squares held, the only cow
        that can move, the first bonus tile side)."""
        view = self.view_now
        if not self.legal:
            return
        me = view["players"][self.main_seat(view)]
        held = [f["id"] for f in me["held"]]
        if view["phase"] == "expand" and len(held) == 2 and any(a.verb == "build" for a in self.legal):
            self.sel = held[:]
            self.pick_turn()
        if view["phase"] == "cowboy":
            sources = {(a.args[0], a.args[1]) for a in self.legal if a.verb == "move"}
            if len(sources) == 1:
                x, y = next(iter(sources))
                self.cow_from = (int(x), int(y))
        if view["phase"] == "bonus":
            opts = [(a.args[0], int(a.args[1])) for a in self.legal if a.verb == "bonus"]
            self.bonus_pick = opts[0] if opts else None

    # --- building ---------------------------------------------------------------
    def builds(self, turn: int | None = None) -> list:
        """Legal builds of the picked pair in the current (or given) turn of the parcel, as
        (cell of the first picked square, cell of the second, the action). A parcel may be
        listed with either square first, so both forms are read."""
        if len(self.sel) != 2:
            return []
        dx, dy = TURNS[self.turn if turn is None else turn]
        a, b = self.sel
        out, seen = [], set()
        for act in self.legal:
            if act.verb != "build" or {act.args[0], act.args[1]} != {a, b}:
                continue
            c0, c1 = (int(act.args[2]), int(act.args[3])), (int(act.args[4]), int(act.args[5]))
            ca, cb = (c0, c1) if act.args[0] == a else (c1, c0)
            if (cb[0] - ca[0], cb[1] - ca[1]) == (dx, dy) and (ca, cb) not in seen:
                seen.add((ca, cb))
                out.append((ca, cb, act))
        return out

    def pick_turn(self) -> None:
        """Keep the parcel's turn if it fits somewhere, else the first turn that does."""
        for k in range(len(TURNS)):
            t = (self.turn + k) % len(TURNS)
            if self.builds(t):
                self.turn = t
                return

    def rotate(self) -> None:
        for k in range(1, len(TURNS) + 1):
            t = (self.turn + k) % len(TURNS)
            if self.builds(t) or not any(self.builds(u) for u in range(len(TURNS))):
                self.turn = t
                return

    def held_face(self, view, sid: str) -> dict | None:
        return self.stored_face(view["players"][self.main_seat(view)], sid)

    # ------------------------------------------------------------ the main ranch
    def draw_main(self, surf, view, mouse, hint):
        sc = self.conf["screen"]
        L, F = self.s.ranch, self.s.font.ranch
        seat = self.main_seat(view)
        me = view["players"][seat]
        acting = seat in view["to_act"]
        pad, cell = self.pad, self.cell
        head_h, hint_h, btn_h = self.px(sc["head"]), self.px(sc["hint"]), self.px(sc["button"])
        content = (2 * pad + head_h + self.sub_h + 3 * self.gap + view["depth"] * cell + int(cell * sc["river"])
                   + int(cell * 1.0 + L.board_extra) + hint_h + btn_h)
        r = pygame.Rect(self.r_ranch.x, self.r_ranch.y, self.r_ranch.w, min(self.r_ranch.h, content))
        self.panel(surf, r, glow=acting and bool(self.legal))
        self.targets.append((r, None, "ranch"))
        head = self.px(sc["head"])
        mk = self.seat_marker(seat, head - L.marker_shrink)
        surf.blit(mk, (r.x + pad, r.y + pad))
        you = f" ({self.tr('play.you')})" if seat == view["seat"] else ""
        # a running score is the final scoring applied now: said so (its tip tells the rest)
        score = self.tr("mr.points" if view["phase"] == "over" else "mr.points_now", n=me["score"])
        st = blit_text(surf, score, (r.right - pad, r.y + pad + head // 2), F.name, theme.INK, bold=True,
                       anchor="midright")
        self.tip(st, self.score_tip, view, me)
        blit_text(surf, self.seat_name(seat) + you, (r.x + pad + head + L.name_dx, r.y + pad + head // 2),
                  F.name, theme.INK, bold=True, anchor="midleft", max_width=st.x - r.x - pad - head - L.name_room)
        if self.sub_h and me["board"] != "base":  # the character, with what makes it differ
            blit_text(surf, self.tr("mr.character_line", name=self.tr(f"board.{me['board']}"),
                                    bridges=len(me["bridges"]), storage=me["storage"]),
                      (r.x + pad, r.y + pad + head + self.sub_h // 2), F.character, theme.INK_SOFT,
                      anchor="midleft", max_width=r.w - 2 * pad)
        gw = self.data.width * cell
        gx = r.x + (r.w - gw) // 2
        gy = r.y + pad + head + self.sub_h + self.gap
        g = RanchGeom(gx, gy, cell, self.data.width, view["depth"], tuple(view["board_cell"]))
        self.geoms[seat] = g
        highlight = {}
        if view["pending"] and view["phase"] == "skull" and view["current"] == seat:
            highlight[key(view["pending"]["cell"])] = theme.DANGER
        if view["effect_cell"] and view["current"] == seat and view["phase"] in ("cowboy", "rustler"):
            highlight[key(view["effect_cell"])] = theme.HIGHLIGHT
        fresh = [tuple(c) for c in view["fresh"]] if view["current"] == seat else []
        self.painter.draw(surf, g, me, fresh=fresh, areas=view["phase"] == "over", highlight=highlight)
        for x in range(g.width):  # every cell has an id, so a tutorial can point at any of them
            for y in range(g.depth):
                if (x, y) != g.board_cell:
                    self.targets.append((g.rect((x, y)), None, f"ranch.cell.{x},{y}"))
        self.ranch_tips(g, me)
        self.main_targets(surf, view, g, mouse, hint)
        # the player board: river already drawn under the grid; storage on the wood
        river_h = int(cell * sc["river"])
        board = pygame.Rect(gx - pad // 2, g.grid.bottom + river_h, gw + pad, int(cell * 1.0 + L.board_extra))
        pygame.draw.rect(surf, self.conf["colours"]["board"], board, border_bottom_left_radius=L.board_radius,
                         border_bottom_right_radius=L.board_radius)
        self.draw_storage(surf, view, seat, me, board, mouse, hint)
        y = board.bottom + self.gap
        self.draw_hint_line(surf, view, pygame.Rect(r.x + pad, y, r.w - 2 * pad, self.px(sc["hint"])))
        y += self.px(sc["hint"]) + self.gap
        self.draw_buttons(surf, view, pygame.Rect(r.x + pad, y, r.w - 2 * pad, self.px(sc["button"])), mouse, hint)
        rest = pygame.Rect(r.x, r.bottom + self.gap, r.w, self.r_ranch.bottom - r.bottom - self.gap)
        if rest.h >= L.score_pad_min:
            self.draw_score_pad(surf, me, rest)

    def score_tip(self, view, p: dict) -> str:
        """What a running score counts: the final scoring applied now (helpers' bonuses and
        the scenario included); what is still in storage scores nothing until attached."""
        if view["phase"] == "over":
            return self.tr("mr.score_final", n=p["score"])
        return self.tr("mr.score_now", n=p["score"]) + " " + self.tr("mr.score_storage", n=len(p["held"]))

    def draw_score_pad(self, surf, me, r: pygame.Rect) -> None:
        """The main seat's score as the pad would count it if the game ended now, in two columns."""
        L, F = self.s.score_pad, self.s.font.score_pad
        over = self.view_now.get("phase") == "over"
        self.panel(surf, r, self.tr("mr.score_pad" if over else "mr.score_pad_now"),
                   self.conf["toolkit"].fonts["score_pad"]["title"])
        self.tip(r, self.score_tip, self.view_now, me)
        rows = [(self.category_label(k), v) for k, v in me["breakdown"].items() if v]
        rows.append((self.tr("mr.total"), me["score"]))
        pad = self.pad
        top = r.y + L.top
        line = L.line
        per_col = max(1, (r.bottom - pad - top) // line)
        cols = 2 if len(rows) > per_col else 1
        cw = (r.w - 2 * pad) // cols
        for i, (label, v) in enumerate(rows[:per_col * cols]):
            cx, cy = r.x + pad + (i // per_col) * cw, top + (i % per_col) * line
            bold = i == len(rows) - 1
            vt = blit_text(surf, str(v), (cx + cw - L.value_dx, cy), F.text, theme.INK, bold=True,
                           anchor="topright")
            blit_text(surf, label, (cx, cy), F.text, theme.INK if bold else theme.INK_SOFT, bold=bold,
                      max_width=vt.x - cx - L.value_gap)

    def ranch_tips(self, g: RanchGeom, player: dict) -> None:
        for k in player["ranch"]:
            x, y = (int(v) for v in k.split(","))
            self.tip(g.rect((x, y)), self.cell_tip, player, k)

    def cell_tip(self, player: dict, k: str) -> str:
        text = self.face_tip(player["ranch"][k])
        cows = player["cows"].get(k, 0)
        if cows:
            text += " · " + self.tr("mr.cows_here", n=cows)
        for side in player["helpers"].get(k, []):
            text += " · " + self.tr(f"helper.{side}")
        area = next((a for a in player.get("areas", []) if k in a["cells"]), None)
        if area:
            text += "  —  " + self.tr("mr.area_tip", squares=area["squares"], cows=area["cows"],
                                      points=area["points"])
        return text

    def main_targets(self, surf, view, g: RanchGeom, mouse, hint):
        """The cells of the main ranch that stand for a legal action now, and the ghost."""
        L = self.s.cells
        phase = view["phase"]
        by_cell: dict[tuple[int, int], object] = {}
        ghost = None
        if phase == "expand":
            partner = {}
            for ca, cb, act in self.builds():
                by_cell[ca] = act
                partner[ca] = cb
            hov = g.cell_at(mouse)
            if hov in by_cell:
                fa, fb = self.held_face(view, self.sel[0]), self.held_face(view, self.sel[1])
                ghost = [(hov, fa), (partner[hov], fb)]
        elif phase == "skull":
            for act in self.legal:
                if act.verb == "drought":
                    by_cell[(int(act.args[0]), int(act.args[1]))] = act
        elif phase == "cowboy":
            for act in self.legal:
                if act.verb == "move" and self.cow_from == (int(act.args[0]), int(act.args[1])):
                    by_cell[(int(act.args[2]), int(act.args[3]))] = act
            if self.cow_from is None:  # the cows that can move glow as things to pick
                for act in self.legal:
                    if act.verb == "move":
                        c = (int(act.args[0]), int(act.args[1]))
                        self.painter.glow_cell(surf, g.rect(c), theme.HIGHLIGHT, hint or g.rect(c).collidepoint(mouse))
                        self.targets.append((g.rect(c), None, f"ranch.cell.{c[0]},{c[1]}"))
            else:
                pygame.draw.rect(surf, theme.HIGHLIGHT, g.rect(self.cow_from), L.line, border_radius=L.radius)
        elif phase == "bonus" and self.bonus_pick:
            t, side = self.bonus_pick
            for act in self.legal:
                if act.verb == "bonus" and act.args[0] == t and int(act.args[1]) == side:
                    by_cell[(int(act.args[2]), int(act.args[3]))] = act
            hov = g.cell_at(mouse)
            if hov in by_cell:
                tile = next(b for b in view["bonus_left"] if b["id"] == t)
                ghost = [(hov, tile["sides"][side])]
        colour = self.conf["colours"]["legal"]
        for c, act in by_cell.items():
            rr = g.rect(c)
            self.targets.append((rr, act, f"ranch.cell.{c[0]},{c[1]}"))
            pygame.draw.rect(surf, colour, rr.inflate(-L.inset, -L.inset), L.line, border_radius=L.radius)
            if hint or rr.collidepoint(mouse):
                self.painter.glow_cell(surf, rr, theme.HIGHLIGHT, True)
        if ghost:  # the pair's other cell lies beside the one under the pointer
            for cell, _ in ghost:
                self.mark(g.rect(cell))
            self.painter.ghost(surf, g, ghost)

    def draw_storage(self, surf, view, seat, me, board: pygame.Rect, mouse, hint):
        sc = self.conf["screen"]
        L, F = self.s.storage, self.s.font.storage
        slots = max(me["storage"], len(me["held"]))
        size = int(min(self.px(sc["storage_max"]), board.h - L.room_h,
                       (board.w - L.room_w) / max(1, slots) - L.gap))
        x = board.x + L.pad
        y = board.y + (board.h - size) // 2
        blit_text(surf, self.tr("mr.storage"), (board.right - L.pad, board.centery), F.label,
                  theme.PARCHMENT, bold=True, anchor="midright", max_width=L.label_w)
        rects = []
        phase = view["phase"]
        picking = phase in ("expand", "discard") and bool(self.legal)
        raid = phase == "raider" and bool(self.legal)
        for i in range(slots):
            rr = pygame.Rect(x + i * (size + L.gap), y, size, size)
            rects.append(rr)
            over = i >= me["storage"]
            pygame.draw.rect(surf, self.conf["colours"]["storage"] if not over else theme.DANGER,
                             rr.inflate(L.rim, L.rim), border_radius=L.radius)
            if i < len(me["held"]):
                face = me["held"][i]
                sid = face["id"]
                lift = L.lift if sid in self.sel or sid == self.raid_mine else 0
                box = rr.move(0, -lift)
                surf.blit(self.painter.square_img(face, size), box)
                self.tip(box, self.face_tip, face)
                usable = False
                if picking:
                    usable = any(a.verb in ("build", "discard") and sid in a.args[:2] for a in self.legal)
                elif raid:
                    usable = any(a.verb == "swap" and a.args[0] == sid for a in self.legal)
                if sid in self.sel or sid == self.raid_mine:
                    pygame.draw.rect(surf, theme.HIGHLIGHT, box.inflate(L.rim, L.rim), L.ring_width,
                                     border_radius=L.radius)
                    if sid in self.sel and len(self.sel) == 2 and phase == "expand":
                        blit_text(surf, "12"[self.sel.index(sid)], (box.x + L.number_dx, box.bottom - L.number_dy),
                                  F.number, theme.HIGHLIGHT, bold=True, anchor="bottomleft")
                elif usable and (hint or box.collidepoint(mouse) or len(self.sel) < 2):
                    self.painter.glow_cell(surf, box, theme.HIGHLIGHT, hint or box.collidepoint(mouse))
                self.targets.append((box, None, f"storage.{i}"))
        self.geoms[seat].storage_rects = rects

    def draw_hint_line(self, surf, view, rect):
        """What to click now, in words (the top bar says what the game waits for)."""
        if not self.legal:
            return
        phase = view["phase"]
        key_ = None
        if phase == "expand":
            if len(self.sel) < 2:
                key_ = "mr.hint.pick_two"
            elif not self.builds():
                key_ = "mr.hint.no_place"
            else:
                key_ = "mr.hint.attach"
        elif phase == "discard":
            key_ = "mr.hint.discard"
        elif phase == "cowboy":
            key_ = "mr.hint.cow_from" if self.cow_from is None else "mr.hint.cow_to"
        elif phase == "hire":
            key_ = "mr.hint.hire" if self.hire_table is None else "mr.hint.side"
        elif phase == "raider":
            key_ = "mr.hint.raid_mine" if self.raid_mine is None else "mr.hint.raid_theirs"
        elif phase == "bonus" and not any(a.verb == "bonus" for a in self.legal):
            key_ = "mr.hint.bonus_none"
        elif phase in ("rustler", "skull", "bonus", "place", "choose"):
            key_ = f"mr.hint.{phase}"
        if key_:  # up to two lines at full size: a narrow ranch panel never shrinks the words
            size = self.s.font.ranch.hint
            lines = wrap_lines(self.tr(key_), rect.w, size)
            lines = lines[:1] + [" ".join(lines[1:])] if len(lines) > 2 else lines
            step = rect.h // max(2, len(lines))
            y = rect.centery - step * (len(lines) - 1) // 2
            for i, ln in enumerate(lines):
                blit_text(surf, ln, (rect.x, y + i * step), size, theme.INK, anchor="midleft", max_width=rect.w)

    def draw_buttons(self, surf, view, rect, mouse, hint):
        seat = self.main_seat(view)
        if not self.legal:
            return
        phase = view["phase"]
        specs = []
        A = type(self.legal[0])
        if phase == "expand":
            if len(self.sel) == 2:
                specs.append(("mr.turn", None, "button.rotate", True))
            if self.sel and len(self.sel) < 2 or (len(self.sel) == 2 and len(view["players"][seat]["held"]) > 2):
                specs.append(("mr.cancel", None, "button.cancel", True))
            done = A.of(seat, "done")
            if done in self.legal_set:
                specs.append(("mr.done", done, "button.done", True))
        elif phase == "discard":
            act = self.discard_action()
            specs.append(("mr.discard", act, "button.discard", act is not None))
        elif phase == "cowboy":
            specs.append(("mr.stop", A.of(seat, "stop"), "button.stop", True))
        elif phase in ("raider", "rustler"):
            specs.append(("mr.skip", A.of(seat, "skip"), "button.skip", True))
        elif phase == "bonus":  # a tile that fits nowhere may be taken: it leaves the game
            for act in self.legal:
                if act.verb == "drop":
                    specs.append((("mr.drop", {"tile": self.tr(f"mr.tile_short.{act.args[0]}")}), act,
                                  f"button.drop.{act.args[0]}", True))
        if not specs:
            return
        w = min(self.s.ranch.button_max, (rect.w - self.gap * (len(specs) - 1)) // len(specs))
        x = rect.x
        for label, act, eid, enabled in specs:
            text = self.tr(label) if isinstance(label, str) else self.tr(label[0], **label[1])
            self.button(surf, (x, rect.y, w, rect.h), text, act, eid, mouse, hint, enabled)
            x += w + self.gap

    def discard_action(self):
        if len(self.sel) != 2:
            return None
        want = set(self.sel)
        return next((a for a in self.legal if a.verb == "discard" and set(a.args) == want), None)

    # ------------------------------------------------------------ input
    def click(self, pos, legal) -> bool:
        view = self.view_now
        if any(r.collidepoint(pos) and a is not None for r, a, _ in self.targets):
            return False  # a legal action is under the pointer: the scene applies it
        hit = [eid for r, _, eid in reversed(self.targets) if r.collidepoint(pos)]
        if self.zoom is not None:
            if not any(h.startswith(f"seat.{self.zoom}") or h == "zoom" for h in hit):
                self.zoom = None
                return True
        for eid in hit:
            if eid.startswith("storage."):
                return self.pick_storage(view, int(eid.split(".")[1]))
            if eid == "button.rotate":
                self.rotate()
                return True
            if eid == "button.cancel":
                self.sel = []
                return True
            if eid.startswith("saloon.") and eid.split(".")[1].isdigit():
                t = int(eid.split(".")[1])
                if any(a.verb == "hire" and int(a.args[0]) == t for a in legal):
                    self.hire_table = t
                return True
            if eid.startswith("ranch.cell.") and view["phase"] == "cowboy":
                x, y = (int(v) for v in eid.rsplit(".", 1)[1].split(","))
                if any(a.verb == "move" and (int(a.args[0]), int(a.args[1])) == (x, y) for a in legal):
                    self.cow_from = (x, y)
                return True
            if eid.startswith("bonus."):
                _, t, side = eid.split(".")
                self.bonus_pick = (t, int(side))
                return True
            if eid.startswith("seat.") and eid.count(".") == 1:
                self.zoom = int(eid.split(".")[1])
                return True
        return False

    def pick_storage(self, view, i: int) -> bool:
        me = view["players"][self.main_seat(view)]
        if i >= len(me["held"]):
            return True
        sid = me["held"][i]["id"]
        phase = view["phase"]
        if phase == "raider":
            if any(a.verb == "swap" and a.args[0] == sid for a in self.legal):
                self.raid_mine = None if self.raid_mine == sid else sid
            return True
        if phase not in ("expand", "discard"):
            return True
        if sid in self.sel:
            self.sel.remove(sid)
        else:
            if len(self.sel) == 2:
                self.sel.pop(0)
            self.sel.append(sid)
        if phase == "expand" and len(self.sel) == 2:
            self.pick_turn()
        return True

    def cancel(self) -> bool:
        if self.zoom is not None:
            self.zoom = None
            return True
        if self.sel or self.hire_table is not None or self.raid_mine is not None or self.cow_from is not None:
            self.sel, self.hire_table, self.raid_mine = [], None, None
            if self.view_now.get("phase") == "cowboy":
                self.cow_from = None
            return True
        return False

    def key_action(self, ev, legal):
        """R turns the parcel, Enter finishes (or discards), S stops or skips, 1-4 pick a
        square of the column (or of storage while building)."""
        if ev.type != pygame.KEYDOWN or not legal:
            return None
        view = self.view_now
        seat = legal[0].seat
        A = type(legal[0])
        phase = view.get("phase")
        if ev.key == pygame.K_r:
            self.rotate()
            return None
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if A.of(seat, "done") in legal:
                return A.of(seat, "done")
            return self.discard_action()
        if ev.key == pygame.K_s:
            for verb in ("stop", "skip"):
                if A.of(seat, verb) in legal:
                    return A.of(seat, verb)
        i = self.digit(ev)
        if i is not None:
            if phase in ("place", "choose"):
                act = A.of(seat, phase, i)
                return act if act in legal else None
            if phase in ("expand", "discard", "raider"):
                self.pick_storage(view, i)
        return None

    def describe(self, action) -> str:
        """A move in words (the advisor's rows), from the view the table last drew."""
        v, a = action.verb, action.args
        view = self.view_now
        if v == "hire":
            return self.tr(f"helper.{a[1]}")
        if v == "drop":
            return self.tr("mr.drop", tile=self.tr(f"mr.tile_short.{a[0]}"))
        if not view:
            return action.text
        me = view["players"][action.seat]
        if v in ("place", "choose"):
            col = view["column" if v == "place" else "next"]
            return self.tr("mr.describe.take", row=int(a[0]) + 1,
                           square=self.square_words(col[int(a[0])]["square"]))
        if v == "build":
            # columns from the left, rows from the river: the same pair fits in many places
            return self.tr("mr.describe.build", a=self.square_words(self.stored_face(me, a[0])),
                           b=self.square_words(self.stored_face(me, a[1])),
                           xa=int(a[2]) + 1, ya=int(a[3]) + 1, xb=int(a[4]) + 1, yb=int(a[5]) + 1)
        if v == "discard":
            return self.tr("mr.describe.discard", a=self.square_words(self.stored_face(me, a[0])),
                           b=self.square_words(self.stored_face(me, a[1])))
        if v == "drought":
            return self.tr("mr.describe.drought", square=self.square_words(me["ranch"].get(f"{a[0]},{a[1]}")))
        if v == "move":
            return self.tr("mr.describe.move", a=self.square_words(me["ranch"].get(f"{a[0]},{a[1]}")),
                           b=self.square_words(me["ranch"].get(f"{a[2]},{a[3]}")))
        if v == "swap":
            other = view["players"][int(a[1])]
            return self.tr("mr.describe.swap", mine=self.square_words(self.stored_face(me, a[0])),
                           seat=self.seat_name(int(a[1])), theirs=self.square_words(self.stored_face(other, a[2])))
        if v == "steal":
            other = view["players"][int(a[0])]
            return self.tr("mr.describe.steal", seat=self.seat_name(int(a[0])),
                           square=self.square_words(other["ranch"].get(f"{a[1]},{a[2]}")))
        if v == "bonus":
            tile = next((t for t in view.get("bonus_left", []) if t["id"] == a[0]), None)
            face = tile["sides"][int(a[1])] if tile else None
            return self.tr("mr.describe.bonus", tile=self.tr(f"mr.tile_short.{a[0]}"),
                           terrain=self.tr(f"terrain.{face['terrain']}") if face else a[1])
        if v in ("done", "stop", "skip"):
            return self.tr(f"mr.describe.{v}")
        return action.text

    @staticmethod
    def stored_face(player: dict, square: str) -> dict | None:
        """A square in `player`'s storage, by id."""
        return next((f for f in player["held"] if f and f["id"] == square), None)

    def square_words(self, face: dict | None) -> str:
        """A square in the table's language: its terrain and number ("?" if not in view)."""
        if not face:
            return "?"
        terrain = self.tr(f"terrain.{face['terrain']}")
        if "number" in face:
            return self.tr("mr.describe.square", terrain=terrain, number=face["number"])
        return self.tr("mr.describe.tile", terrain=terrain)

    # ------------------------------------------------------------ tooltip
    def draw_tip(self, surf, mouse):
        for rect, text, args in reversed(self.tips):
            if rect.collidepoint(mouse):
                text = text(*args) if callable(text) else text
                L = self.s.tip
                size = self.s.font.tip.text
                img = theme.text(text, size, theme.PARCHMENT)
                if img.get_width() > min(self.rect.w - L.room, L.wrap):  # a sentence wraps, never shrinks
                    lines = [theme.text(ln, size, theme.PARCHMENT)
                             for ln in wrap_lines(text, min(self.rect.w - L.room, L.wrap), size)]
                    step = int(size * 1.3)
                    img = pygame.Surface((max(ln.get_width() for ln in lines), step * len(lines)), pygame.SRCALPHA)
                    for i, ln in enumerate(lines):
                        img.blit(ln, (0, i * step))
                box = img.get_rect(topleft=(mouse[0] + L.dx, mouse[1] + L.dy)).inflate(L.pad_x, L.pad_y)

                self.tip_box(surf, img, box)
                return

    # ------------------------------------------------------------ animation
    def beats_for(self, events):
        beats = []
        for i, e in enumerate(events):
            if e.type == "parcel_built":
                beats.append(Beat("parcel", 0.35, {"seat": e.args["seat"], "squares": [e.args["a"], e.args["b"]],
                                                   "cells": e.args["cells"], "event_index": i}))
            elif e.type == "bonus_tile":
                pass
        return beats

    def draw_beat(self, surf, beat, progress):
        if beat.kind != "parcel":
            return
        g = self.geoms.get(beat.data["seat"])
        view = self.view_now
        if g is None or not view:
            return
        p = view["players"][beat.data["seat"]]
        ease = 1 - (1 - progress) ** 3
        for sid, cell in zip(beat.data["squares"], beat.data["cells"], strict=False):
            idx = next((k for k, f in enumerate(p["held"]) if f["id"] == sid), None)
            face = p["held"][idx] if idx is not None else None
            if face is None:
                continue
            dest = g.rect(tuple(cell))
            src = g.storage_rects[idx] if idx < len(g.storage_rects) else dest
            x = src.x + (dest.x - src.x) * ease
            y = src.y + (dest.y - src.y) * ease
            size = int(src.w + (dest.w - src.w) * ease)
            surf.blit(self.painter.square_img(face, size), (int(x), int(y)))
