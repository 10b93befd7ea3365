"""Keep the window-sized pictures from pinning memory after they are let go.

glibc's malloc serves large blocks with mmap, but after the first such block is freed it
raises that threshold to the block's size, so later window-sized surfaces (33 MB each at
4K) come from the heap, and freed heap is rarely handed back: a table that rebuilds its
pictures grew by tens of MB for nothing. A fixed threshold keeps big blocks returnable.
Elsewhere (macOS, Windows, musl) this does nothing.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3  # mallopt parameter (malloc.h)
THRESHOLD = 256 * 1024


def keep_big_blocks_returnable() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD))
    except (OSError, AttributeError):  # not glibc
        return False
