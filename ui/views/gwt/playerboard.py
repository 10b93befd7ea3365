"""A player board of a Great Western Trail edition, drawn from its player_board.yaml.

    img, rects = player_board(ed, w, h, PlayerBoardState(...))   # ed: a TableEdition

Left, the auxiliary actions (numbered; locked ones greyed with a padlock until their disc
is removed, upgraded ones showing the better action); in the middle the disc spaces, each
with its disc while it is there and, always, what removing it does and the money it gives
(+$, green) or costs (-$, red) below; right, the certificates held out of the most ("2/4"),
the permanent certificates and the step and hand limits. `rects` holds element ids of
layout.yaml relative to the board: aux.<n>, disc.<space id>, certificates."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from ui import paint, sprites, theme
from ui.views.gwt.art import Pic


@dataclass(frozen=True)
class PlayerBoardState:
    rgb: tuple[int, int, int]
    letter: str = ""
    discs: tuple[str, ...] = ()      # disc spaces still covered by a disc
    certificates: int = 0            # the track, 0..max
    permanent: int = 0               # permanent certificates (discs and bonus tiles)
    step_limit: int = 3
    hand_limit: int = 4
    lang: str = "en"
    # (number, open, upgraded) of each auxiliary action as the game's view gives them;
    # None: worked out from the discs (a board drawn without a game, as at setup)
    aux: tuple[tuple[int, bool, bool], ...] | None = None
    cert_max: int | None = None      # the track's top (None: the data's)


def start_state(ed, rgb, letter="") -> PlayerBoardState:
    """A board as at setup: every disc on it."""
    data = ed.data
    return PlayerBoardState(tuple(rgb), letter, tuple(d.id for d in data.discs), 0, 0,
                            data.step_limit[0], data.hand_limit[0])


def _aux_status(ed, discs: tuple[str, ...]) -> dict[int, tuple[bool, bool]]:
    """aux number -> (available, upgraded), from which discs are still on the board."""
    data = ed.data
    out = {a.number: (a.start_available, False) for a in data.aux}
    for d in data.discs:
        if d.id in discs:
            continue
        for e in d.effects:
            n = e.get("number")
            if e.name == "unlock_auxiliary" and n in out:
                out[n] = (True, out[n][1])
            elif e.name == "upgrade_auxiliary" and n in out:
                out[n] = (out[n][0], True)
    return out


def player_board(ed, w: int, h: int, state: PlayerBoardState):
    """(surface, {element id: rect relative to the board}); cached per state."""
    return _board(ed, max(200, int(w)), max(60, int(h)), state)


@functools.lru_cache(maxsize=16)
def _board(ed, w: int, h: int, st: PlayerBoardState):
    data = ed.data
    pb = ed.layout["player_board"]
    surf = sprites.own_panel(w, h, fill=pb["board"], border=paint.shade(pb["board"], -0.5))
    rects: dict[str, pygame.Rect] = {}
    m = max(3, int(h * 0.05))
    inner_h = h - 2 * m
    aux_w, cert_w = int(w * 0.27), int(w * 0.2)
    disc_w = w - aux_w - cert_w - 4 * m

    # auxiliary actions, top to bottom
    status = {n: (o, u) for n, o, u in st.aux} if st.aux is not None else _aux_status(ed, st.discs)
    n_aux = max(1, len(data.aux))
    row = inner_h / n_aux
    for i, a in enumerate(data.aux):
        r = pygame.Rect(m, m + int(row * i) + 1, aux_w, int(row) - 2)
        rects[f"aux.{a.number}"] = r
        available, upgraded = status[a.number]
        fill = pb["aux_area"] if available else pb["locked"]
        pygame.draw.rect(surf, paint.shade(fill, -0.45), r, border_radius=max(2, r.h // 5))
        pygame.draw.rect(surf, fill, r.inflate(-2, -2), border_radius=max(2, r.h // 5))
        d = int(r.h * 0.7)
        num = ed.art._order_badge(d, a.number)
        surf.blit(num, num.get_rect(center=(r.x + d * 0.7, r.centery)))
        keys = ed.art.acts_key(a.upgraded if upgraded else a.actions)
        strip = ed.art.actions_strip(keys, r.h - 4, r.w - int(d * 1.5) - 4, st.lang)
        if not available:
            strip = strip.copy()
            strip.set_alpha(110)
        surf.blit(strip, (r.x + int(d * 1.4), r.y + 2))
        if not available:
            lock = _padlock(int(r.h * 0.62))
            surf.blit(lock, lock.get_rect(midright=(r.right - 3, r.centery)))
        elif upgraded:
            up = ed.art.action_icon(("upgrade_auxiliary", (("number", a.number),), 0), int(r.h * 0.5), st.lang)
            # only the arrow part: a small green arrow says "upgraded"
            arrow = up.subsurface((int(up.get_width() * 0.78), 0, up.get_width() - int(up.get_width() * 0.78),
                                   up.get_height()))
            surf.blit(arrow, arrow.get_rect(midright=(r.right - 3, r.centery)))

    # disc spaces: the disc (if still there) over what removing it does; many discs (17 in
    # Argentina) go on two or three lines when that makes them clearly larger than one
    x0 = m * 2 + aux_w
    n = max(1, len(data.discs))
    lines = _disc_lines(n, disc_w, inner_h)
    per = -(-n // lines)
    col = disc_w / per
    line_h = inner_h / lines
    ds = int(_disc_size(per, disc_w, line_h))
    eff_h = int(line_h * 0.3)
    for i, d in enumerate(data.discs):
        cx = x0 + col * (i % per + 0.5)
        y = m + line_h * (i // per)
        space = ed.art.disc_space(ds, d.black, st.rgb if d.id in st.discs else None, st.letter)
        sr = space.get_rect(midtop=(round(cx), round(y) + 2))
        surf.blit(space, sr)
        keys = ed.art.acts_key(d.effects)
        strip = ed.art.actions_strip(keys, eff_h, int(col * 0.96), st.lang)
        er = strip.get_rect(midtop=(round(cx), sr.bottom + 2))
        surf.blit(strip, er)
        if d.money:
            gain = d.money > 0
            txt = f"+${d.money}" if gain else f"\u2212${-d.money}"
            tag = ed.art.label(txt, max(8, int(min(line_h * 0.15, col * 0.34))),
                            pb["money_plus"] if gain else pb["money_minus"], (250, 244, 226), True,
                            int(col * 0.96))
            surf.blit(tag, tag.get_rect(midtop=(round(cx), er.bottom)))
        rects[f"disc.{d.id}"] = pygame.Rect(round(cx - col / 2), round(y), round(col), round(line_h))

    # certificate track, permanent certificates, limits
    cx0 = w - m - cert_w
    track = pygame.Rect(cx0, m, cert_w, int(inner_h * 0.42))
    rects["certificates"] = track
    pygame.draw.rect(surf, paint.shade(pb["cert_track"], -0.45), track, border_radius=max(2, track.h // 6))
    pygame.draw.rect(surf, pb["cert_track"], track.inflate(-2, -2), border_radius=max(2, track.h // 6))
    top = st.cert_max if st.cert_max is not None else data.cert_max
    # a certificate and "held/most": a row of bare digits with a marker read as a number
    icon = ed.art.certificate(int(track.h * 0.8), None)
    ir = sprites.put(surf, icon, icon.get_rect(midleft=(track.x + 3, track.centery)))
    room = pygame.Rect(ir.right, track.y, track.right - ir.right, track.h)
    lab = ed.art.label(f"{st.certificates}/{top}", max(8, int(track.h * 0.5)), theme.INK, None, True, room.w - 2)
    surf.blit(lab, lab.get_rect(center=room.center))
    # below the track: permanent certificates, step limit, hand limit, a third each
    low_y = track.bottom + max(2, m // 2)
    low_h = h - m - low_y
    third = cert_w / 3
    q = int(min(low_h * 0.92, third * 0.9))
    cy = low_y + low_h // 2
    cert = ed.art.certificate(int(q * 0.8), None)
    surf.blit(cert, cert.get_rect(midleft=(cx0, cy)))
    perm = ed.art.label(f"+{st.permanent}", max(8, int(q * 0.42)), theme.INK, (250, 244, 226))
    surf.blit(perm, perm.get_rect(center=(cx0 + cert.get_width() * 0.75, cy + q * 0.2)))
    step = ed.art.step_marker(q, st.step_limit)
    surf.blit(step, step.get_rect(center=(round(cx0 + third * 1.5), cy)))
    hand = ed.art.action_icon(("hand_limit", (("value", st.hand_limit),), 0), q, st.lang)
    surf.blit(hand, hand.get_rect(center=(round(cx0 + third * 2.5), cy)))
    return surf, rects


def _disc_size(per: int, w: float, h: float) -> float:
    """A disc's diameter with `per` discs across w px, on a line h px tall (the disc over
    its effects and money)."""
    return min(w / per * 0.86, h * 0.44)


def _disc_lines(n: int, w: float, h: float) -> int:
    """1, 2 or 3 lines of discs: more lines only when the discs grow by a quarter or more
    (a board of a few discs keeps them on one line)."""
    best, size = 1, _disc_size(n, w, h)
    for lines in (2, 3):
        s = _disc_size(-(-n // lines), w, h / lines)
        if s > size * 1.25:
            best, size = lines, s
    return best


@functools.lru_cache(maxsize=16)
def _padlock(d: int) -> pygame.Surface:
    """A padlock: an auxiliary action that its disc still covers."""
    d = max(8, int(d))
    p = Pic(d, d)
    dark = (60, 52, 46)
    p.rect(dark, d * 0.22, d * 0.12, d * 0.56, d * 0.5, r=d * 0.26, width=d * 0.1)
    p.rect(dark, d * 0.12, d * 0.42, d * 0.76, d * 0.52, r=d * 0.08)
    p.rect((200, 170, 80), d * 0.18, d * 0.48, d * 0.64, d * 0.4, r=d * 0.06)
    p.circle(dark, (d * 0.5, d * 0.64), d * 0.07)
    p.rect(dark, d * 0.47, d * 0.66, d * 0.06, d * 0.14)
    return p.done()


def clear() -> None:
    _board.cache_clear()
    _padlock.cache_clear()
