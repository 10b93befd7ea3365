"""Draw the application icon: a gold sheriff star on a parchment disc.

Made by the project, procedurally, with pygame only (no Pillow):

    python packaging/make_icon.py

writes
    assets/icon.png        256x256, used by the Linux .desktop file (and bundled)
    packaging/icon.ico     16..256 px, PNG-compressed entries, for Windows builds
    packaging/icon.icns    16..1024 px, PNG entries, for macOS builds

The outputs are committed; run this again only after changing the drawing.
"""
from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PNG_OUT = ROOT / "assets" / "icon.png"
ICO_OUT = ROOT / "packaging" / "icon.ico"
ICNS_OUT = ROOT / "packaging" / "icon.icns"

MASTER = 1024  # drawn once at this size, then smooth-scaled down (that is the antialiasing)

PARCHMENT = (243, 232, 204)
PARCHMENT_DARK = (198, 172, 126)
WOOD = (96, 62, 38)
GOLD = (244, 190, 62)
GOLD_LIGHT = (255, 224, 130)
GOLD_DARK = (150, 98, 22)
INK = (46, 34, 24)


def _star(cx: float, cy: float, r_out: float, r_in: float, points: int = 6,
          turn: float = -math.pi / 2) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = turn + i * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw(size: int = MASTER) -> pygame.Surface:
    """The icon at `size` pixels, transparent outside the disc."""
    n = MASTER
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    # the parchment disc with a wooden rim and a faint inner ring
    pygame.draw.circle(s, WOOD, (c, c), n * 0.49)
    pygame.draw.circle(s, PARCHMENT_DARK, (c, c), n * 0.455)
    pygame.draw.circle(s, PARCHMENT, (c, c), n * 0.435)
    pygame.draw.circle(s, PARCHMENT_DARK, (c, c), n * 0.405, width=max(2, n // 128))
    # the star: a dark outline, the gold body, a lighter upper half for relief
    r_out, r_in = n * 0.33, n * 0.175
    pygame.draw.polygon(s, GOLD_DARK, _star(c, c, r_out + n * 0.018, r_in + n * 0.014))
    body = _star(c, c, r_out, r_in)
    pygame.draw.polygon(s, GOLD, body)
    for i in range(0, 12, 2):  # each point's left half lit, right half in shade
        tip, left, right = body[i], body[i - 1], body[(i + 1) % 12]
        pygame.draw.polygon(s, GOLD_LIGHT, [(c, c), left, tip])
        pygame.draw.polygon(s, GOLD, [(c, c), tip, right])
    # the round knobs at the tips of a sheriff's star
    for x, y in body[0::2]:
        pygame.draw.circle(s, GOLD_DARK, (x, y), n * 0.05)
        pygame.draw.circle(s, GOLD, (x, y), n * 0.038)
        pygame.draw.circle(s, GOLD_LIGHT, (x - n * 0.01, y - n * 0.01), n * 0.016)
    # the centre boss
    pygame.draw.circle(s, GOLD_DARK, (c, c), n * 0.125)
    pygame.draw.circle(s, GOLD, (c, c), n * 0.108)
    pygame.draw.circle(s, GOLD_DARK, (c, c), n * 0.08, width=max(2, n // 96))
    pygame.draw.polygon(s, INK, _star(c, c, n * 0.06, n * 0.027, points=5))
    if size != n:
        s = pygame.transform.smoothscale(s, (size, size))
    return s


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG data (read by Windows Vista and later)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for px in sizes:
        data = images[px]
        dim = 0 if px >= 256 else px  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


ICNS_TYPES = {  # OSType -> pixel size; every one of these may hold PNG data
    b"icp4": 16, b"icp5": 32, b"ic11": 32, b"ic12": 64, b"ic07": 128,
    b"ic13": 256, b"ic08": 256, b"ic14": 512, b"ic09": 512, b"ic10": 1024,
}


def icns_bytes(images: dict[int, bytes]) -> bytes:
    """A macOS .icns made of PNG entries."""
    body = b"".join(kind + struct.pack(">I", 8 + len(images[px])) + images[px]
                    for kind, px in ICNS_TYPES.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    master = draw(MASTER)
    sizes = sorted({16, 24, 32, 48, 64, 128, 256, 512, 1024})
    images = {px: png_bytes(master if px == MASTER else pygame.transform.smoothscale(master, (px, px)))
              for px in sizes}
    PNG_OUT.parent.mkdir(parents=True, exist_ok=True)
    PNG_OUT.write_bytes(images[256])
    ICO_OUT.write_bytes(ico_bytes({px: images[px] for px in (16, 24, 32, 48, 64, 128, 256)}))
    ICNS_OUT.write_bytes(icns_bytes(images))
    for p in (PNG_OUT, ICO_OUT, ICNS_OUT):
        print(f"wrote {p.relative_to(ROOT)} ({p.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
