"""Helpers that drive the window with posted events, as a user would."""

from __future__ import annotations

import pygame


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def click(app, pos, button: int = 1, frames: int = 2) -> None:
    """Move to ``pos``, press and release; run frames so widgets' own events arrive too."""
    pos = (int(pos[0]), int(pos[1]))
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    for _ in range(frames):
        app.frame()


def drag(app, start, end, frames: int = 2) -> None:
    start, end = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    post(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
    app.frame()
    post(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    for _ in range(frames):
        app.frame()


def key(app, code: int, mod: int = 0, frames: int = 1) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)
    for _ in range(frames):
        app.frame()


def press_button(app, button, frames: int = 2) -> None:
    assert button.visible and button.is_enabled, f"button {button.text!r} is not clickable"
    click(app, button.rect.center, frames=frames)


def run_until(app, condition, limit: int = 20000) -> bool:
    """Run frames until ``condition()`` holds (computer players think in threads)."""
    for _ in range(limit):
        if condition():
            return True
        app.frame()
    return condition()


def checker(view, slot: int):
    """Screen position of the top checker on ``slot`` (mover's numbering) in the turn in progress."""
    turn = view.turn
    return view.slot_pos(turn.mover, slot, turn.me[slot] - 1)


def distinct_colours(surface, rect=None) -> int:
    area = surface.subsurface(rect) if rect else surface
    small = pygame.transform.scale(area, (64, 48))
    return len({small.get_at((x, y))[:3] for x in range(64) for y in range(48)})
