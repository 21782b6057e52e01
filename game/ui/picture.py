"""A game's board as a picture to share: PNG or SVG, drawn as the window draws it.

Any game with a view (:class:`~game.core.capabilities.View`) gets one, Mandragora and
Chesstack as well as backgammon: the view draws the position off screen, on a surface of
its own, with what the window shows of it (backgammon: the dice, the cube, the score and
both pip counts in the players' strips), from the side of the player to decide, and a move's
arrows over it when one is given (the hint arrows' colour).

- **PNG**: that drawing.
- **SVG**: a game's vector picture where it has one (backgammon's, the review report's
  :class:`~game.core.capabilities.BoardPicture`), else the same drawing as a PNG inside an
  ``<svg>`` element, so every game can write both.

Files are written atomically.  In the window, Ctrl+Shift+C copies the picture (PNG) to the
clipboard, or, where the clipboard takes no pictures, saves it in the user's pictures folder
and says where (:func:`copy_board_image`); Ctrl+Shift+T copies the board as text, the game's
text diagram (:func:`copy_board_text`).
"""

from __future__ import annotations

import base64
import io
import os
from pathlib import Path
from typing import Any

import pygame

from ..core.capabilities import Review
from ..core.saves import write_atomic
from .analysis.hints import draw_arrows
from .gameview import load_view
from .theme import BACKGROUND, Fonts

SIZE = (1000, 760)
"""The picture's size in pixels (the board of a 1280×800 window, a little larger)."""

SUFFIXES = (".png", ".svg")


def decider(info, state) -> int:
    """The player the picture is drawn for: the one to decide, else the first."""
    mover = info.rules().to_move(state)
    return mover if isinstance(mover, int) and mover >= 0 else 0


def board_surface(info, state, move: Any = None, size: tuple[int, int] = SIZE, settings=None) -> pygame.Surface:
    """The position drawn by the game's view on a surface of ``size`` (see the module doc)."""
    if not pygame.font.get_init():
        pygame.font.init()
    view = load_view(info, Fonts())
    view.configure(bottom=decider(info, state), settings=dict(settings or {}))
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    rect = pygame.Rect(0, 0, *size).inflate(-16, -16)
    view.set_rect(rect)
    view.use_history(lambda: [state])
    view.use_analysis(lambda _state: None)
    view.draw(surface, state, [""] * info.rules().num_players)  # the sides' titles only, no player names
    if move is not None:
        draw_arrows(surface, view.move_arrows(state, move))
    return surface


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "picture.png")
    return buffer.getvalue()


def svg_text(info, state, move: Any = None, size: tuple[int, int] = SIZE) -> str:
    """The SVG picture (module doc)."""
    review = info.ability(Review)
    vector = review.picture() if review is not None else None
    if vector is not None:
        return vector.svg(state, ((move, "rgb(236,140,48)"),) if move is not None and vector.draws(move) else ())
    data = base64.b64encode(png_bytes(board_surface(info, state, move, size))).decode("ascii")
    width, height = size
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><image width="{width}" height="{height}" '
            f'href="data:image/png;base64,{data}"/></svg>\n')


def write_picture(info, state, path: str | os.PathLike, move: Any = None, size: tuple[int, int] = SIZE) -> Path:
    """Write the picture as the file's suffix says (``.png`` or ``.svg``), atomically;
    ``ValueError`` for another suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"{path.name}: a picture is a .png or an .svg file")
    if suffix == ".png":
        write_atomic(path, png_bytes(board_surface(info, state, move, size)))
    else:
        write_atomic(path, svg_text(info, state, move, size).encode("utf-8"))
    return path


def copy_board_image(banner, info, state) -> Path | None:
    """Put the board's PNG on the clipboard and say so; where the clipboard takes no pictures
    (a display without one), save it as a file in the pictures folder and name it.  The file
    saved, if any."""
    data = png_bytes(board_surface(info, state))
    try:
        pygame.scrap.put("image/png", data)
    except (pygame.error, AttributeError, NotImplementedError):
        pass
    else:
        banner.show("Copied the board as a picture", seconds=3)
        return None
    import time

    from platformdirs import user_pictures_dir
    path = Path(user_pictures_dir()) / "Tabula" / time.strftime(f"{info.name}-%Y%m%d-%H%M%S.png")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
    except OSError as error:
        banner.show(f"Could not copy or save the picture: {error.strerror or error}", error=True)
        return None
    banner.show(f"The clipboard takes no pictures here: saved the board as {path}", seconds=5)
    return path


def copy_board_text(banner, info, state) -> str:
    """Put the board as text on the clipboard (the game's diagram, :meth:`~game.core.gameinfo.Notation.text_picture`)."""
    text = info.notation.text_picture(state)
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError) as error:
        banner.show(f"Could not copy the board as text ({error})", error=True)
    else:
        banner.show("Copied the board as text", seconds=3)
    return text
