"""When something unexpected goes wrong: log it to the user log folder and tell
the player in a friendly window with the log's path; never vanish silently."""
from __future__ import annotations

import logging
import time
import traceback

import pygame

from ui import userdirs

LOG_NAME = "boardgame-table.log"


def log_path():
    return userdirs.logs_dir() / LOG_NAME


def setup_logging() -> None:
    try:
        logging.basicConfig(filename=str(log_path()), level=logging.INFO,
                            format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    except OSError:
        logging.basicConfig(level=logging.INFO)


def report(exc: BaseException) -> str:
    """Write the traceback to the log; returns the log path as text."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    logging.getLogger("crash").error("unexpected error\n%s", text)
    try:
        with open(log_path(), "a", encoding="utf-8") as f:
            f.write(f"\n--- {time.strftime('%Y-%m-%d %H:%M:%S')} ---\n{text}")
    except OSError:
        pass
    return str(log_path())


def show_dialog(message: str, path: str, seconds: float | None = None) -> None:
    """A plain window with the message; closes on any key, click or after `seconds`."""
    try:
        if not pygame.display.get_init():
            pygame.display.init()
        pygame.font.init()
        screen = pygame.display.get_surface() or pygame.display.set_mode((900, 320))
        font = pygame.font.Font(None, 30)
        small = pygame.font.Font(None, 24)
        lines = [("The table ran into a problem and has to close.", font),
                 (message[:110], small),
                 ("Your game was autosaved; choose Continue on the next start.", small),
                 ("Details were written to:", small), (path, small), ("Press any key to close.", small)]
        start = time.time()
        while True:
            for ev in pygame.event.get():
                if ev.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                    return
            if seconds is not None and time.time() - start > seconds:
                return
            screen.fill((50, 36, 26))
            y = 30
            for text, f in lines:
                screen.blit(f.render(text, True, (245, 232, 204)), (30, y))
                y += 44
            pygame.display.flip()
            pygame.time.wait(30)
    except pygame.error:
        return
