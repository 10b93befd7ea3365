"""Driving a headless table as a player would: mouse and key input (the `app` fixture
they act on is in conftest.py)."""
import pygame


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step(0.016, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                     pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                     pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app, k):
    app.step(0.016, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
