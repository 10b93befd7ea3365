"""Reading and writing the files a player's machine hands us, without trusting them.

Everything the table reads from disk (saves, settings, data, records, imports) goes
through `read_bytes`: only a regular file is read (a FIFO, a device such as /dev/zero,
a folder or a socket is refused without blocking), its size is checked on the open
file and the read itself is bounded, so a file that grows while being read cannot
exhaust memory. Writes are atomic (`atomic_write_text`): a temporary file in the same
folder, flushed and synced, renamed over the target, then the folder synced where the
platform allows, so a power cut leaves the old file or the new one, never a mix.
"""
from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

TMP_SUFFIX = ".tmp"
# what tempfile.mkstemp(prefix=name + ".", suffix=TMP_SUFFIX) makes: 8 characters between
_TMP_NAME = re.compile(r".+\.[a-z0-9_]{8}\.tmp")


class FileRefused(OSError):
    """A path that is not a readable regular file of a sane size; strerror says why."""

    def __init__(self, why: str, code: int = errno.EINVAL):
        super().__init__(code, why)


def read_bytes(path: Path | str, max_bytes: int) -> bytes:
    """The content of a regular file of at most max_bytes; raises OSError (FileRefused
    for a non-regular or oversized file, FileNotFoundError, PermissionError ...)."""
    # O_NONBLOCK: opening a FIFO for reading must not wait for a writer
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused("not a regular file")
        if st.st_size > max_bytes:
            raise FileRefused(f"too large ({st.st_size} bytes)", errno.EFBIG)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:
                raise FileRefused(f"too large (more than {max_bytes} bytes)", errno.EFBIG)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_head(path: Path | str, max_bytes: int) -> bytes:
    """At most the first max_bytes of a regular file, however large it is (to keep a
    copy of a damaged file); refuses what read_bytes refuses, except for the size."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefused("not a regular file")
        chunks, total = [], 0
        while total < max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path | str, max_bytes: int) -> str:
    """read_bytes decoded as UTF-8 (UnicodeDecodeError if it is not)."""
    return read_bytes(path, max_bytes).decode("utf-8")


def entry_problem(path: Path) -> str | None:
    """Why a folder entry cannot be a file of ours (None if it is a regular file).
    Never raises: broken links, link loops and odd entries all get a reason."""
    try:
        st = path.stat()  # follows links
    except FileNotFoundError:
        return "a link to nothing" if path.is_symlink() else "vanished"
    except OSError as e:
        if e.errno == errno.ELOOP:
            return "a link loop"
        return f"cannot be read ({e.strerror or e})"
    except (ValueError, RuntimeError) as e:  # odd names; symlink loops on some Pythons
        return f"cannot be read ({e})"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file"
    return None


def mtime_or_zero(path: Path) -> float:
    """A folder entry's modification time for sorting; 0 for entries that have none."""
    try:
        return path.stat().st_mtime
    except (OSError, ValueError, RuntimeError):
        try:
            return path.lstat().st_mtime
        except (OSError, ValueError):
            return 0.0


def sync_folder(folder: Path | str) -> None:
    """Make a rename in `folder` durable (POSIX); a no-op where folders cannot be opened."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write_text(path: Path | str, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Replace `path` by a regular file holding `data` (even a link, FIFO or device entry
    is replaced, never written through): a temporary file in the same folder, flushed and
    synced, renamed over the target, then the folder synced."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def clean_stale_temporaries(folder: Path | str, older_than_s: float = 60.0) -> int:
    """Remove temporaries left by interrupted writes (`<name>.<random>.tmp`, made by
    atomic_write_text) older than a minute, so a write in progress in another instance
    is left alone. Returns how many were removed; never raises."""
    removed = 0
    now = time.time()
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    for p in entries:
        if not _TMP_NAME.fullmatch(p.name):
            continue
        try:
            st = p.lstat()
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than_s:
                p.unlink()
                removed += 1
        except OSError:
            continue
    return removed
