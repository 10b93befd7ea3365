"""Build the double-click application with PyInstaller (one folder).

    pip install ".[package]"          # PyInstaller, once
    python packaging/build.py         # -> dist/boardgame-table/
    python packaging/build.py --dist /tmp/out --work /tmp/work --smoke --archive

Runs on Linux, Windows and macOS; each builds for its own system only.
Exit code 0 when the build (and, with --smoke, the built app's smoke test) worked.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "boardgame-table.spec"
NAME = "boardgame-table"
ICONS = (ROOT / "assets" / "icon.png", ROOT / "packaging" / "icon.ico",
         ROOT / "packaging" / "icon.icns")


def executable(dist: Path) -> Path:
    """The built program inside `dist`."""
    return dist / NAME / (NAME + ".exe" if sys.platform == "win32" else NAME)


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def smoke(dist: Path) -> tuple[int, float]:
    """Start the built app headless (`smoke`: a few menu frames); returns (exit code, seconds)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    t0 = time.perf_counter()
    rc = subprocess.run([str(executable(dist)), "smoke"], env=env, cwd=str(dist)).returncode
    return rc, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                   help="PyInstaller's work folder (default build/pyinstaller/)")
    p.add_argument("--smoke", action="store_true", help="run the built app's smoke test afterwards")
    p.add_argument("--archive", action="store_true",
                   help="also pack the folder as a .zip (Windows, macOS) or .tar.gz (Linux)")
    args = p.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()

    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print('error: PyInstaller is missing; install it with: pip install ".[package]"',
              file=sys.stderr)
        return 2
    if not all(f.exists() for f in ICONS):
        subprocess.run([sys.executable, str(ROOT / "packaging" / "make_icon.py")], check=True)

    t0 = time.perf_counter()
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(SPEC)]
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    rc = subprocess.run(cmd, cwd=str(ROOT), env=env).returncode
    seconds = time.perf_counter() - t0
    exe = executable(dist)
    if rc != 0 or not exe.exists():
        print(f"error: PyInstaller failed (exit code {rc}) after {seconds:.1f} s", file=sys.stderr)
        return rc or 1
    if sys.platform.startswith("linux"):  # so the folder alone can be installed with a double-click
        for f in ("install-linux.sh", f"{NAME}.desktop"):
            shutil.copy2(ROOT / "packaging" / f, dist / NAME / f)
    size = folder_size(dist / NAME)
    print(f"built {exe} in {seconds:.1f} s; folder {size / 1e6:.1f} MB")

    if args.archive:
        fmt = "gztar" if sys.platform.startswith("linux") else "zip"
        out = shutil.make_archive(str(dist / f"{NAME}-{sys.platform}"), fmt, dist, NAME)
        print(f"packed {out}")
    if args.smoke:
        code, secs = smoke(dist)
        print(f"smoke: exit code {code} in {secs:.2f} s")
        if code != 0:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
