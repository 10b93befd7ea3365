"""Headless test set-up: no display, no sound."""
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Settings, saves and logs of the tests go to a throw-away folder, never the user's.
os.environ["BOARDGAME_HOME"] = tempfile.mkdtemp(prefix="boardgame-tests-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
