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


def bar_button(view, key_name: str):
    """The centre of a Chesstack view's action-bar button ``key_name`` (``"stun"``, ``"pick:Q"``)."""
    return next(box for k, _, box in view.bar_buttons() if k == key_name).centre


def play_by_clicks(app, view, move) -> None:
    """Build the backgammon play ``move`` on ``view``'s board as a player builds it: a left click
    moves a checker by the higher die, a right click by the lower, any other step is dragged."""
    for source, target in move.steps:
        turn = view.turn
        high, low = turn.click_move(source, True), turn.click_move(source, False)
        if high is not None and high[:2] == (source, target):
            click(app, checker(view, source), button=1)
        elif low is not None and low[:2] == (source, target):
            click(app, checker(view, source), button=3)
        else:
            drag(app, checker(view, source), view.slot_pos(turn.mover, target, turn.me[target]))
    if view.ready_move() != move:
        raise AssertionError(f"built {view.ready_move()} instead of {move}")


def play_chesstack_by_clicks(app, scene, action) -> None:
    """Play a Chesstack ``action`` as a human does: a tray type then a square (a placement), a
    piece then its target (a move), a piece then its bar button; a type is picked in the bar
    for a promotion or a disguise."""
    from game.chesstack.notation import ADD, DISGUISE, MOVE, STUN, SUCCESSION

    view = scene.view
    state = view.turn.state
    if action.kind == ADD:
        click(app, view.tray_slot(state.turn, action.piece, state).centre)
    else:
        click(app, view.layout.centre(action.square))
    if action.kind in (ADD, MOVE):
        click(app, view.layout.centre(action.target if action.kind == MOVE else action.square))
    else:
        click(app, bar_button(view, {STUN: "stun", SUCCESSION: "suc", DISGUISE: "dis"}[action.kind]))
    if action.piece and action.kind in (MOVE, DISGUISE):
        click(app, bar_button(view, f"pick:{action.piece}"))


def distinct_colours(surface, rect=None, sample=(64, 48)) -> int:
    """The colours of ``surface`` (or its ``rect``) scaled down to ``sample`` pixels."""
    area = surface.subsurface(rect) if rect else surface
    small = pygame.transform.scale(area, sample)
    return len({small.get_at((x, y))[:3] for x in range(sample[0]) for y in range(sample[1])})
