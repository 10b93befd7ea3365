"""Headless test set-up: no display, no sound."""
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, saves and logs of the tests go to a throw-away folder, never the user's, and
# the folder goes when the test process ends.
os.environ["BOARDGAME_HOME"] = tempfile.mkdtemp(prefix="boardgame-tests-")
atexit.register(shutil.rmtree, os.environ["BOARDGAME_HOME"], ignore_errors=True)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless 1280x720 app with no animation or bot pause; its home is a temp folder.
    (A test file may define its own `app`, which takes precedence.)"""
    from ui.app import App
    monkeypatch.setenv("BOARDGAME_HOME", str(tmp_path))
    a = App((1280, 720), lang="en")
    a.anim_speed = 0
    a.bot_delay = 0
    yield a
    import pygame
    pygame.quit()


@pytest.fixture
def quick_argentina_normal(monkeypatch):
    """Argentina's normal bot with a short look-ahead: for tests about rules, saves and
    invariants, where how well the bot plays does not matter (its full look-ahead is ten
    times the work of this one)."""
    from games.gwt_argentina.bot_normal import NormalBot
    monkeypatch.setattr(NormalBot, "positions", 8)
