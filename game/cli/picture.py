"""``tabula picture GAME --position P --out FILE.png|.svg|.txt [--dice D] [--arrows MOVE] [--force]``:
a position drawn as the window draws it, for a forum post or a flashcard
(:mod:`game.ui.picture`: every game with a board on screen), or as text (``.txt``: the game's
text diagram, backgammon's GNU Backgammon ASCII board with its ID lines, which every position
reader of Tabula reads back; a game without one writes its position text).

``--arrows MOVE`` draws a legal move's arrows over the board (the move read in the game's
notation, with the dice of the position or ``--dice``).  The suffix chooses the format; an
existing ``FILE`` is replaced only with ``--force``.  Drawing needs no screen.
"""

from __future__ import annotations

import argparse

from ..core.outputs import check_output
from ..core.saves import write_atomic
from .common import (
    UsageError,
    add_chance_arguments,
    add_game_argument,
    game_info,
    position_help,
    read_position,
    user_input,
)


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("picture", help="a position drawn as a PNG or SVG picture, as the window draws it")
    add_game_argument(parser)
    parser.add_argument("--position", required=True, help=position_help())
    add_chance_arguments(parser)
    parser.add_argument("--arrows", metavar="MOVE", help="a legal move drawn as arrows over the board")
    parser.add_argument("--out", required=True, metavar="FILE",
                        help="the picture: FILE.png, FILE.svg, or FILE.txt for the board as text")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.set_defaults(run=run, checks_input=True)


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # drawn off screen: no window, no display needed
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the command's
    info = game_info(args)
    text = args.out.lower().endswith(".txt")
    if not text and not args.out.lower().endswith((".png", ".svg")):
        raise UsageError(f"--out: {args.out} is not a .png, .svg or .txt file")
    if text and args.arrows is not None:
        raise UsageError("--arrows draws on a .png or .svg picture, not on the text board")
    try:
        path = check_output(args.out, force=args.force)
    except UsageError as error:
        raise UsageError(f"--out: {error}") from None
    state = read_position(info, args, "draw", decision=False)
    move = None
    if args.arrows is not None:
        with user_input():
            move = info.rules().parse(state, args.arrows)
    try:
        if text:
            write_atomic(path, info.notation.text_picture(state))
        else:
            from ..ui.gameview import has_view
            from ..ui.picture import write_picture
            if not has_view(info):
                raise UsageError(f"{info.title} has no board to draw")
            write_picture(info, state, path, move)
    except OSError as error:
        raise UsageError(f"--out: cannot write {path}: {getattr(error, 'strerror', None) or error}") from None
    print(f"wrote {path}")
    return 0
