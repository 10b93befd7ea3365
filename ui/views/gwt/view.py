"""A Great Western Trail table (GWTFamilyView; an edition subclasses it, naming its
TableEdition and adding its own panels): the playmat on the upper left, the seat's own
area (player board, hand, worker area, tokens, tiles) below it, and on the right the other
seats, the decision at hand (the location's actions as buttons, the edition's own decisions)
and the side boards (cattle market, worker supply, building stacks, tiles, the edition's own).

Every clickable thing is a target whose actions come from the legal list; the view never
decides legality. Selections only narrow what is shown: a building stack picked before
the space to build on, another seat's board opened to look at it.

What is drawn comes from the game's view alone (games/gwt/view.py: the decision with its
options, reachable locations, the seats' boards, the playmat, the edition's own parts, the
scores, the glossary of act labels); the edition's static data (the trail, the tiles,
cards and boards as printed) comes through the edition (self.ed: its data, look and art).
"""
from __future__ import annotations

import pygame

from ui import sprites, theme
from ui.views.base import Beat, GameView
from ui.views.gwt.board import BoardPainter
from ui.views.gwt.panels import PanelsMixin


class GWTFamilyView(PanelsMixin, GameView):
    PANEL_TITLE = (16, 4)
    SOUNDS = {"gwt_built": "card", "gwt_draw": "card", "gwt_tile": "card"}
    LOG_SKIP = frozenset({"gwt_action"})
    GLOW_ALPHA = (110, 80)
    CITY_NAME = ""  # i18n key of the city at the trail's end (the edition names it with city_node)
    BOARD = BoardPainter  # the playmat painter (an edition's subclass draws its own places)
    # events shown as a "gain" beat (a ring where the thing arrives; gain_target)
    GAIN_EVENTS = frozenset({"gwt_tile", "gwt_tile_blind", "gwt_built", "gwt_end_triggered", "gwt_finisher"})

    def __init__(self, scene):
        super().__init__(scene)
        self.ed = self.edition()
        self.data = self.ed.data
        self.conf = self.ed.layout
        self.art = self.ed.art
        self.painter = self.BOARD(self.ed)
        self.clock = 0.0
        self.legal: list = []
        self.legal_set: set = set()
        self.view_now: dict = {}
        self.mouse = (-1, -1)
        self.tips: list = []
        self.previews: list = []
        self.build_type: int | None = None   # a building stack picked before its space
        self.inspect: int | None = None      # another seat's board shown large
        self.node_rects: dict = {}
        self._ply = None
        self._ply_view = None
        self._found: dict = {}
        self._options: dict = {}
        self._options_of = None
        self.build_buttons: dict = {}
        self.new_position()

    def edition(self):
        """The edition's TableEdition (ui.views.gwt.edition.edition(id, city))."""
        raise NotImplementedError

    # ------------------------------------------------------------ helpers
    @property
    def lang(self) -> str:
        return self.tr.lang

    def seat_name(self, seat: int) -> str:
        return self.scene.match.config.seats[seat].name

    def ident(self, seat: int) -> tuple:
        pc = theme.player_colour(self.scene.match.config.seats[seat].colour)
        return tuple(pc["rgb"]), pc["letter"], pc["shape"]

    def marker(self, seat: int, d: int) -> pygame.Surface:
        return self.seat_marker(seat, max(8, d))

    def viewer(self) -> int | None:
        return self.scene.viewer

    def main_seat(self, view) -> int:
        """The seat whose area is drawn at the bottom: the person at the screen, else the
        seat to act (a table watched with no viewer), never Sue."""
        v = self.scene.viewer
        seats = view["seats"]
        if v is not None and v < len(seats):
            return v
        cur = view.get("current", 0)
        if not seats[cur]["automa"]:
            return cur
        return next((i for i, p in enumerate(seats) if not p["automa"]), 0)

    def is_sue(self, view, seat) -> bool:
        return view["seats"][seat]["automa"]

    def top(self, view) -> dict:
        """The decision's own fields (its "k" and per kind max, ref, left, node...)."""
        dec = view.get("decision")
        return dec["entry"] if dec else {}

    def _sync(self, view) -> None:
        """Per view: its options by action text, and the acts found for actions."""
        if self._options_of is not view:
            self._options_of = view
            dec = view.get("decision") or {}
            self._options = {o["action"]: o for o in dec.get("options", ())}
            self._found = {}

    def option(self, action, view=None) -> dict | None:
        """The view's option for a legal action of the viewing seat (its label, its act)."""
        self._sync(self.view_now if view is None else view)
        return self._options.get(action.text)

    def found(self, action):
        """(Act, args) of a "do"/"aux" action: the Act as the view gives it ({"name",
        "params", "cost", "label"}), cached per position."""
        self._sync(self.view_now)
        if action not in self._found:
            o = self.option(action)
            self._found[action] = (o["act"], tuple(o["rest"])) if o and "act" in o else None
        return self._found[action]

    def locations(self) -> dict:
        return self.view_now.get("playmat", {}).get("locations", {})

    def node_name(self, node: str) -> str:
        if node == self.city_node():
            return self.tr(self.CITY_NAME)
        loc = self.locations().get(node)
        if loc and loc["kind"] == "neutral":
            return self.tr("gwt.neutral", letter=loc["face"])
        if loc and loc["kind"] == "building":
            return self.tr("gwt.building_of", face=loc["face"], seat=loc["owner"])
        return self.tr("gwt.space", cost=self.data.nodes[node].cost)

    def city_node(self) -> str | None:
        """The trail's last node, where the city tile lies (the edition's; CITY_NAME names it)."""
        return None

    def text_of(self, key: str, args: dict) -> str:
        args = dict(args)
        if "node" in args:
            args["node"] = self.node_name(args["node"])
        if key == "gwt.d.aux":
            k2, a2 = args.pop("what")
            args["what"] = self.text_of(k2, {k: v for k, v in a2.items() if k != "aux"})
        return self.tr(key, **args)

    def describe(self, action) -> str:
        """A legal action in words: its label in the view's options (a worker bonus also
        from the glossary, for its tooltip)."""
        view = self.view_now or self.scene.current_view()
        o = self.option(action, view)
        label = o["label"] if o else None
        if label is None and action.verb == "bonus" and action.args:
            label = view.get("glossary", {}).get("bonus", {}).get(action.args[0])
        if label is None:
            return action.text
        try:
            return self.text_of(*label)
        except (KeyError, IndexError, ValueError, TypeError):
            return action.text

    def labels_text(self, labels) -> str:
        """Labels of acts ([key, args] each) in words, joined."""
        return "; ".join(self.text_of(*lab) for lab in labels)

    def glossary(self, part: str, key, default=()):
        return self.view_now.get("glossary", {}).get(part, {}).get(str(key), default)

    def tip(self, rect, text, *args) -> None:
        self.tips.append((pygame.Rect(rect), text, args))

    def preview(self, rect, make, *args) -> None:
        """A large picture of a small thing, shown over the table while it is hovered (the
        playmat's tiles, the side boards' cards and tiles are small at 1280x720)."""
        self.previews.append((pygame.Rect(rect), make, args))

    def button(self, surf, rect, label, actions, eid, enabled=True, icon=None):
        rect = pygame.Rect(rect)
        acts = self.target(surf, rect, actions, eid, glow=False)
        if actions is not None:
            enabled = bool(acts)
        state = "disabled" if not enabled else "hover" if rect.collidepoint(self.mouse) else "normal"
        s = self.s
        surf.blit(sprites.button(rect.w, rect.h, label, state, icon), rect)
        if enabled and self.hint and actions is not None:
            pygame.draw.rect(surf, theme.HIGHLIGHT, rect.inflate(s.highlight.grow, s.highlight.grow),
                             max(1, s.highlight.line), border_radius=s.highlight.radius)
        return rect

    # ------------------------------------------------------------ legal action groups
    def acts_where(self, pred) -> list:
        return [a for a in self.legal if pred(a)]

    def do_acts(self, name: str) -> list:
        """Legal "do"/"aux" actions whose act is of kind `name`."""
        out = []
        for a in self.legal:
            if a.verb in ("do", "aux"):
                f = self.found(a)
                if f is not None and f[0]["name"] == name:
                    out.append(a)
        return out

    def steps_to(self, view) -> dict:
        """node -> steps for the move asked now (the view's reachable locations)."""
        dec = view.get("decision") or {}
        return {r["node"]: r["steps"] for r in dec.get("reachable", ())}

    # ------------------------------------------------------------ geometry
    def layout(self, rect):
        super().layout(rect)
        sc = self.conf["screen"]
        self.s = s = self.conf["layout"].scaled(self.px)
        self.own = self.conf["own"].scaled(self.px)  # the edition's own panels
        gap = self.px(sc["gap"])
        self.gap, self.pad = gap, self.px(sc["pad"])
        r = pygame.Rect(rect).inflate(-2 * gap, -2 * gap)
        right_w = int(max(s.frame.right_min, min(r.w * 0.34, s.frame.right_max)))
        left = pygame.Rect(r.x, r.y, r.w - right_w - gap, r.h)
        bottom_h = int(max(s.frame.bottom_min, min(r.h * 0.34, left.w * 0.3)))
        self.r_board = pygame.Rect(left.x, left.y, left.w, left.h - bottom_h - gap)
        self.r_mine = pygame.Rect(left.x, self.r_board.bottom + gap, left.w, bottom_h)
        self.r_right = pygame.Rect(left.right + gap, r.y, right_w, r.h)
        self.area = r
        self._dec_h = 0  # the decision panel's height, grown afresh for the new size

    def update(self, dt):
        self.clock += dt

    # ------------------------------------------------------------ drawing
    def draw(self, surf, view, legal, mouse, hint):
        self.targets, self.tips, self.previews = [], [], []
        self.build_buttons = {}
        self.new_frame()
        self.view_now, self.legal, self.legal_set = view, legal, set(legal)
        self.mouse, self.hint = mouse, hint
        if getattr(self, "_viewer", None) != self.scene.viewer:  # another person at the screen
            self._viewer = self.scene.viewer
            self.inspect = None
        # a new position (a move, an undo: the scene's view is worked out once per position)
        if self.scene.match.ply != self._ply or view is not self._ply_view:
            self._ply, self._ply_view = self.scene.match.ply, view
            self.build_type = None
            self.new_position()
        if not hasattr(self, "r_board"):
            self.layout(self.scene.board)
        self.draw_board(surf, view)
        self.draw_mine(surf, view)
        self.draw_right(surf, view)
        if self.inspect is not None:
            self.tips, self.previews = [], []  # the table under the veil explains nothing
            self.draw_inspect(surf, view)
        self.draw_tip(surf, mouse)

    # ------------------------------------------------------------ input
    def click(self, pos, legal) -> bool:
        hit = [(eid, a) for r, a, eid in reversed(self.targets) if r.collidepoint(pos)]
        if self.inspect is not None:
            if not any(e == "inspect" for e, _ in hit):
                self.inspect = None
            return True
        for eid, _ in hit:
            types = self.build_buttons.get(eid)
            if types:  # a building tile's build action: pick the stack, then the space
                self.build_type = types[0] if len(types) == 1 else -1
                return True
        if any(a is not None for _, a in hit):
            return False
        for eid, _ in hit:
            if eid.startswith("stack.") and eid.count(".") == 1:
                t = self.stack_type(int(eid.split(".")[1]))
                if t is not None and any(int(a.args[2]) == t for a in self.do_acts("place_building")):
                    self.build_type = None if self.build_type == t else t
                    return True
            if eid.startswith("seat.") and eid.count(".") == 1:
                self.inspect = int(eid.split(".")[1])
                return True
            if eid == "button.cancel":
                self.build_type = None
                return True
            if self.edition_click(eid):
                return True
        return False

    # ------------------------------------------------------------ the edition's selections
    def new_frame(self) -> None:
        """Before each frame is drawn: the edition forgets its per-frame targets."""

    def new_position(self) -> None:
        """A new position (a move, an undo): the edition drops its selections."""

    def edition_click(self, eid: str) -> bool:
        """A click on target `eid` carrying no action: True if the edition's selection
        took it."""
        return False

    def edition_cancel(self) -> bool:
        """Escape: the edition drops its selections; True if there was one."""
        return False

    def edition_key(self, ev, legal):
        """The edition's own keys: a legal action, or None."""
        return None

    def stack_type(self, builders: int) -> int | None:
        return next((bt.type for bt in self.data.building_types if bt.builders == builders), None)

    def cancel(self) -> bool:
        if self.inspect is not None:
            self.inspect = None
            return True
        own = self.edition_cancel()
        if self.build_type is not None or own:
            self.build_type = None
            return True
        return False

    def key_action(self, ev, legal):
        """Enter: end / done; 1-9: the n-th action button; the edition's own keys
        (edition_key)."""
        if ev.type != pygame.KEYDOWN or not legal:
            return None
        own = self.edition_key(ev, legal)
        if own is not None:
            return own
        by_verb = {a.verb: a for a in legal}
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return by_verb.get("end") or by_verb.get("use")
        if pygame.K_1 <= ev.key <= pygame.K_9:
            i = ev.key - pygame.K_1
            acts = [a for a in legal if a.verb == "do" and int(a.args[0]) == i]
            if len(acts) == 1:
                return acts[0]
        return None

    # ------------------------------------------------------------ tooltip
    def draw_tip(self, surf, mouse):
        s = self.s
        top = None
        if self.scene.chooser:
            return
        for rect, make, args in reversed(self.previews):
            if rect.collidepoint(mouse):
                img = make(*args)
                if img is not None:
                    box = img.get_rect()
                    # beside the thing, on the side with room, never over the pointer
                    box.midleft = (rect.right + s.preview.beside, rect.centery)
                    if box.right > self.rect.right - s.preview.margin:
                        box.midright = (rect.left - s.preview.beside, rect.centery)
                    box.clamp_ip(self.rect)
                    if box.collidepoint(mouse):
                        box.bottom = rect.top - s.preview.above
                        box.clamp_ip(self.rect)
                    corner = 2 * s.preview.shadow + 1
                    with self.on_top(box.union(box.move(s.preview.shadow_dx, s.preview.shadow_dy))):  # with its shadow
                        if sprites.opaque_inside(img, corner):  # big boards and cards: the rim only
                            sprites.blit_rim_shadow(surf, box, s.preview.shadow, s.preview.shadow_dx,
                                                    s.preview.shadow_dy, corner)
                        else:
                            surf.blit(sprites.shadow(box.w, box.h, s.preview.shadow),
                                      (box.x + s.preview.shadow_dx, box.y + s.preview.shadow_dy))
                        surf.blit(img, box)
                    top = box
                break
        for rect, text, args in reversed(self.tips):
            if rect.collidepoint(mouse):
                text = text(*args) if callable(text) else text
                if not text:
                    return
                size = s.font.tip.text
                img = theme.text(text, size, theme.PARCHMENT)
                if img.get_width() > self.rect.w - s.tip.margin:
                    img = theme.fit_text(text, self.rect.w - s.tip.margin, size, theme.PARCHMENT)
                box = img.get_rect(topleft=(mouse[0] + s.tip.dx, mouse[1] + s.tip.dy)).inflate(
                    s.tip.pad_x, s.tip.pad_y)
                if top is not None:  # under the enlarged picture, or over it where the table ends
                    box.midtop = (top.centerx, top.bottom + s.tip.below)
                    if box.bottom > self.rect.bottom:
                        box.midbottom = (top.centerx, top.top - s.tip.below)
                self.tip_box(surf, img, box)
                return

    # ------------------------------------------------------------ animation
    def beats_for(self, events):
        beats = []
        before = self.scene.frozen_view or self.view_now
        for i, e in enumerate(events):
            t = e.type
            seat = e.args.get("seat")
            text = self.tr(e.key, **e.args) if t != "gwt_action" else ""
            own = self.own_beats(e, i, text, before)
            if own is not None:
                beats += own
            elif t == "gwt_arrive" and before and seat is not None:
                start = before["seats"][seat]["node"]
                if start and start != e.args["node"]:
                    mine = seat == self.scene.viewer  # one's own herder hops quickly, without a banner
                    beats.append(Beat("hop", 0.22 if mine else 0.35, {
                        "seat": seat, "path": [start, e.args["node"]], "text": "" if mine else text,
                        "event_index": i}))
            elif t in self.GAIN_EVENTS:
                if seat is not None and seat == self.scene.viewer and t not in ("gwt_end_triggered",):
                    continue
                beats.append(Beat("gain", 0.8, {"seat": seat, "event": t, "args": dict(e.args), "text": text,
                                                "event_index": i}))
        return beats

    def own_beats(self, e, i, text, before) -> list | None:
        """The beats of an edition's own event `e` (the i-th; `before`: the view before
        them), or None for the family's."""
        return None

    def draw_beat(self, surf, beat, progress):
        self.draw_beat_panel(surf, beat, progress)
