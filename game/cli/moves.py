"""``tabula moves GAME --position P [--dice 31] [--json]``: every legal move of a position.

``--json`` prints a list with one object per legal move: ``"move"`` (its notation) and what
the game tells of it (``Notation.move_json``): backgammon ``"position_id"``, the position
after the play with the mover still on roll (GNU Backgammon's convention); by default
``"position"``, the position after the move in the game's text form.  A game with dice
takes ``--dice`` (default: the dice in the position).  ``--xgid`` (backgammon) writes the
positions as XGIDs and adds each one's ``"xgid"`` to the JSON rows.  A finished game, or a
position where a chance outcome comes next, has no move to list: a usage error.
"""

from __future__ import annotations

import argparse
import json

from .common import (
    add_chance_arguments,
    add_game_argument,
    add_position_forms,
    form_json,
    game_info,
    position_help,
    position_writer,
    read_position,
)


def add(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("moves", help="list every legal move of a position")
    add_game_argument(parser)
    parser.add_argument("--position", required=True, help=position_help())
    add_chance_arguments(parser)
    add_position_forms(parser)
    parser.add_argument("--json", action="store_true", help="print a JSON list, one object per move")
    parser.set_defaults(run=run, checks_input=True)


def move_rows(info, state, form: tuple[str | None, object] = (None, None)) -> list[tuple[dict, str]]:
    """Per legal move of ``state``, in the rules' order: its JSON row, and the position it
    leads to as the text listing shows it (the row's own text, else the position's text form;
    with another ``form``, ``(name, write)``: that form, also added to the row by its name)."""
    rules, rows = info.rules(), []
    name, write = form
    for move in rules.legal_moves(state):
        after = rules.apply(state, move)
        told = info.notation.move_json(state, move, after) if info.notation.move_json else {"position": info.notation.format_position(after)}
        text = next((value for value in told.values() if isinstance(value, str)), None)
        if name is not None:
            told, text = {**told, **form_json(info, name, after)}, write(after)
        rows.append(({"move": rules.notation(state, move), **told}, text or info.notation.format_position(after)))
    return rows


def run(args: argparse.Namespace) -> int:
    info = game_info(args)
    state = read_position(info, args, "list")
    form = position_writer(info, args)
    rows = move_rows(info, state, form)
    if args.json:
        print(json.dumps([row for row, _ in rows]))
        return 0
    noun = info.notation.move_noun + ("" if len(rows) == 1 else "s")
    outcome = info.chance.shown(state) if info.chance and info.chance.shown else None
    drawn = "" if outcome is None else f" for {outcome}"  # none before the roll: a cube decision
    print(f"{len(rows)} legal {noun}{drawn} in {form[1](state)}:")
    for number, (row, after) in enumerate(rows, 1):
        print(f"{number:4d}. {row['move']:<28} {after}")
    return 0
