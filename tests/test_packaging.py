"""Packaging (issue H): data and assets are found relative to the package, in a
checkout, after `pip install .` and in the frozen (PyInstaller) app.

The fast tests run always. The slow ones (deselected by default; run with
`pytest -m slow tests/test_packaging.py -s`) build the frozen app with
packaging/build.py and start it, and install the project non-editably into a
fresh virtualenv outside the checkout.
"""
from __future__ import annotations

import fnmatch
import os
import runpy
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from games.core import registry
from games.core.data import data_path, resource_root

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]
NAME = "boardgame-table"


def _headless_env(tmp: Path, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "BOARDGAME_DATA"}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               BOARDGAME_HOME=str(tmp / "home"))
    env.update(extra)
    return env


# --------------------------------------------------------------------------- fast
def test_resource_root_holds_data_and_fonts():
    root = resource_root()
    assert (root / "data" / "el_paso" / "components.yaml").is_file()
    assert (root / "assets" / "fonts" / "DejaVuSans.ttf").is_file()


def test_resources_do_not_depend_on_the_current_directory(tmp_path, monkeypatch):
    before = resource_root()
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BOARDGAME_DATA", raising=False)
    assert resource_root() == before and before.is_absolute()
    assert data_path("el_paso", "components.yaml").is_file()
    from ui import theme
    assert theme.FONT_DIR == before / "assets" / "fonts"
    assert (theme.FONT_DIR / "DejaVuSans-Bold.ttf").is_file()


def test_installed_layout_finds_the_shipped_copy(tmp_path):
    """The layout a non-editable `pip install .` produces (data/ and assets/ as package
    data in games/_resources/), imported from another working directory."""
    site = tmp_path / "site"
    ignore = shutil.ignore_patterns("__pycache__")
    for pkg in ("games", "ui"):
        shutil.copytree(ROOT / pkg, site / pkg, ignore=ignore)
    for res in ("data", "assets"):
        shutil.copytree(ROOT / res, site / "games" / "_resources" / res, ignore=ignore)
    code = ("from games.core.data import resource_root, data_path; from ui import theme; "
            "print(resource_root()); print(data_path('i18n', 'en.yaml').is_file()); "
            "print((theme.FONT_DIR / 'DejaVuSans.ttf').is_file())")
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = _headless_env(tmp_path, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", code], cwd=work, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split()
    assert Path(lines[0]) == (site / "games" / "_resources").resolve()
    assert lines[1:] == ["True", "True"]


def _checkout_packages() -> set[str]:
    """Every package of games/ and ui/ (a folder with an __init__.py)."""
    found = set()
    for top in ("games", "ui"):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def _setup_packages() -> list[str]:
    """The package list setup.py hands to setuptools."""
    return runpy.run_path(str(ROOT / "setup.py"), run_name="packages")["packages"]()


def test_packages_are_found_not_listed():
    """setup.py finds every package under games/ and ui/ (a new game needs no entry) and
    adds the two resource packages; tools/ stays in the checkout."""
    assert "packages" not in SETUPTOOLS, "packages come from setup.py, not a list in pyproject.toml"
    listed = _setup_packages()
    assert len(listed) == len(set(listed))
    assert _checkout_packages() <= set(listed)
    assert {"games", "games.core", "ui", "ui.views", "ui.scenes"} <= set(listed)
    for gid in registry.GAME_IDS:
        assert f"games.{gid}" in listed
    assert not [p for p in listed if p == "tools" or p.startswith("tools.")]
    assert set(SETUPTOOLS["package-dir"]) == {"games._resources.data", "games._resources.assets"}
    assert set(SETUPTOOLS["package-dir"]) <= set(listed)
    resources = {p for p in listed if p.startswith("games._resources.")}
    # every folder of data/ is a package of data (setuptools ships only listed packages)
    assert "games._resources.data.el_paso" in resources and "games._resources.data.i18n" in resources
    assert set(listed) - resources == _checkout_packages()


def test_every_data_and_asset_file_is_shipped():
    dirs = SETUPTOOLS["package-dir"]
    patterns = SETUPTOOLS["package-data"]
    listed = _setup_packages()
    for pkg, folder in dirs.items():
        assert pkg in listed
        for f in (ROOT / folder).rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts:
                assert any(fnmatch.fnmatch(f.name, p.rsplit("/", 1)[-1]) for p in patterns[pkg]), \
                    f"{f.relative_to(ROOT)} is not matched by package-data of {pkg}"
    assert set(dirs.values()) == {"data", "assets"}


def test_build_ships_every_game_and_data_file_but_no_tools(tmp_path):
    """What goes into a wheel, built as pip builds it (setuptools' build_py) into a
    temporary folder: every game, every data and asset file under games/_resources/,
    no tools/, and no setuptools warning about packages it would leave out."""
    pytest.importorskip("setuptools")
    lib = tmp_path / "lib"
    out = subprocess.run([sys.executable, "setup.py", "-q", "egg_info", "--egg-base", str(tmp_path),
                          "build_py", "--build-lib", str(lib)],
                         cwd=ROOT, env=_headless_env(tmp_path), capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert "would be ignored" not in out.stderr, out.stderr
    built = {p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.is_file()}
    for folder in ("data", "assets"):
        for f in (ROOT / folder).rglob("*"):
            if f.is_file() and "__pycache__" not in f.parts:
                assert f"games/_resources/{f.relative_to(ROOT).as_posix()}" in built
    for gid in registry.GAME_IDS:
        assert f"games/{gid}/__init__.py" in built
        assert f"games/_resources/data/{gid}/manifest.yaml" in built
    assert "main.py" in built and "ui/views/__init__.py" in built
    assert not [p for p in built if p.startswith(("tools/", "tests/", "packaging/"))]


def test_bench_outside_a_checkout_is_one_line(monkeypatch, capsys):
    """An installed app has no tools/: `bench` says where it runs instead of a traceback."""
    import main
    monkeypatch.setitem(sys.modules, "tools", None)  # as if tools/ were not importable
    monkeypatch.delitem(sys.modules, "tools.bench", raising=False)
    assert main.main(["bench", "--quick"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bench runs from a checkout" in err and "Traceback" not in err


def test_pyinstaller_is_an_optional_extra():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert any(d.lower().startswith("pyinstaller") for d in extras["package"])
    assert not any("pyinstaller" in d.lower() for d in PYPROJECT["project"]["dependencies"])
    assert PYPROJECT["project"]["scripts"][NAME] == "main:main"


def test_icon_and_launcher_files():
    import pygame
    icon = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert icon.get_size() == (256, 256)
    assert (ROOT / "packaging" / "icon.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (ROOT / "packaging" / "icon.icns").read_bytes()[:4] == b"icns"
    desktop = (ROOT / "packaging" / f"{NAME}.desktop").read_text(encoding="utf-8")
    assert "Terminal=false" in desktop and "Exec=" in desktop and "Icon=" in desktop
    spec = (ROOT / "packaging" / f"{NAME}.spec").read_text(encoding="utf-8")
    assert '"data"' in spec and '"assets"' in spec and "console=CONSOLE" in spec


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux install script")
def test_linux_install_script_keeps_saves(tmp_path):
    built = tmp_path / "dist" / NAME  # a stand-in for the built folder
    (built / "_internal" / "assets").mkdir(parents=True)
    (built / NAME).write_text("#!/bin/sh\nexit 0\n")
    (built / NAME).chmod(0o755)
    shutil.copy2(ROOT / "assets" / "icon.png", built / "_internal" / "assets" / "icon.png")
    share = tmp_path / "share & more"
    saves = share / NAME / "saves"  # platformdirs' user data folder holds the saves
    saves.mkdir(parents=True)
    (saves / "autosave.json").write_text("{}")
    env = {**os.environ, "XDG_DATA_HOME": str(share)}
    script = str(ROOT / "packaging" / "install-linux.sh")
    for _ in range(2):  # installing over an installation works too
        out = subprocess.run(["sh", script, str(built)], env=env, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
    app = share / NAME / "app"
    assert os.access(app / NAME, os.X_OK)
    entry = (share / "applications" / f"{NAME}.desktop").read_text(encoding="utf-8")
    assert f'Exec="{app / NAME}"' in entry
    assert f"Icon={app / '_internal' / 'assets' / 'icon.png'}" in entry
    assert "@" not in entry
    out = subprocess.run(["sh", script, "--uninstall"], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert not app.exists() and not (share / "applications" / f"{NAME}.desktop").exists()
    assert (saves / "autosave.json").read_text() == "{}"


# --------------------------------------------------------------------------- slow
def _run_timed(cmd, **kw):
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return out, time.perf_counter() - t0


@pytest.mark.slow
def test_frozen_app_builds_and_starts(tmp_path):
    pytest.importorskip("PyInstaller", reason='needs pip install ".[package]"')
    dist, work = tmp_path / "dist", tmp_path / "work"
    out, build_s = _run_timed([sys.executable, str(ROOT / "packaging" / "build.py"),
                               "--dist", str(dist), "--work", str(work)],
                              cwd=tmp_path, timeout=1800)
    assert out.returncode == 0, out.stdout + out.stderr
    folder = dist / NAME
    exe = folder / (NAME + ".exe" if sys.platform == "win32" else NAME)
    size = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())
    print(f"\nfrozen build: {build_s:.1f} s, folder {size / 1e6:.1f} MB")
    bundle = next(p for p in (folder / "_internal", folder) if (p / "data").is_dir())
    assert (bundle / "data" / "el_paso" / "components.yaml").is_file()
    assert (bundle / "assets" / "fonts" / "DejaVuSans.ttf").is_file()

    elsewhere = tmp_path / "elsewhere"  # never the bundle's folder: nothing is cwd-relative
    elsewhere.mkdir()
    env = _headless_env(tmp_path)
    for args in (["smoke"], ["smoke", "--frames", "1"]):
        run, secs = _run_timed([str(exe), *args], cwd=elsewhere, env=env, timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        print(f"frozen `{' '.join(args)}`: {secs:.2f} s wall")
    run, _ = _run_timed([str(exe), "validate-data"], cwd=elsewhere, env=env, timeout=120)
    assert run.returncode == 0 and "ok" in run.stdout, run.stdout + run.stderr
    for gid in registry.GAME_IDS:  # every game found from its bundled manifest, and plays
        assert (bundle / "data" / gid / "manifest.yaml").is_file()
        run, _ = _run_timed([str(exe), "simulate", gid, "--players", "2", "--json"], cwd=elsewhere,
                            env=env, timeout=300)
        assert run.returncode == 0 and f'"game": "{gid}"' in run.stdout, run.stdout + run.stderr
    run, _ = _run_timed([str(exe), "bench", "--quick"], cwd=elsewhere, env=env, timeout=60)
    assert run.returncode == 2 and "bench runs from a checkout" in run.stderr, run.stderr

    # a failure exits non-zero and leaves the traceback in the user log folder
    empty = tmp_path / "no-data"
    empty.mkdir()
    run, _ = _run_timed([str(exe), "smoke"], cwd=elsewhere,
                        env={**env, "BOARDGAME_DATA": str(empty)}, timeout=120)
    assert run.returncode != 0
    log = tmp_path / "home" / "logs" / "boardgame-table.log"
    assert "Traceback" in log.read_text(encoding="utf-8")


@pytest.mark.slow
def test_non_editable_install_runs_from_anywhere(tmp_path):
    """`pip install .` into a fresh venv outside the checkout; the launcher command
    finds data and fonts from another working directory."""
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bindir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    out, secs = _run_timed([str(bindir / "python"), "-m", "pip", "install", "-q", str(src)],
                           cwd=tmp_path, timeout=1200)
    assert out.returncode == 0, out.stdout + out.stderr
    print(f"\nnon-editable pip install: {secs:.1f} s")
    shutil.rmtree(src)  # nothing may still point into the source tree
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = _headless_env(tmp_path)
    launcher = str(bindir / NAME)
    run, secs = _run_timed([launcher, "smoke"], cwd=elsewhere, env=env, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    print(f"installed `{NAME} smoke`: {secs:.2f} s wall")
    run, _ = _run_timed([launcher, "validate-data"], cwd=elsewhere, env=env, timeout=120)
    assert run.returncode == 0 and "ok" in run.stdout, run.stdout + run.stderr
    code = ("from ui import theme; print((theme.FONT_DIR / 'DejaVuSans.ttf').is_file()); "
            "from games.core import registry; print(','.join(registry.GAME_IDS)); "
            "import importlib.util; print(importlib.util.find_spec('tools') is None)")
    run, _ = _run_timed([str(bindir / "python"), "-c", code], cwd=elsewhere, env=env, timeout=60)
    assert run.stdout.split() == ["True", ",".join(registry.GAME_IDS), "True"], run.stdout + run.stderr
    run, _ = _run_timed([launcher, "bench", "--quick"], cwd=elsewhere, env=env, timeout=60)
    assert run.returncode == 2 and "bench runs from a checkout" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
