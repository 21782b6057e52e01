"""Argument types and helpers shared by the subcommands."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from ..backgammon.rules import BackgammonState, parse_roll
from ..games import game_names, get_game


class UsageError(ValueError):
    """A bad value on the command line: ``tabula: error: ...`` and exit code 2, no traceback."""


@contextmanager
def user_input() -> Iterator[None]:
    """Report a ``ValueError`` raised inside (parsing or looking up what the user typed) as a
    :class:`UsageError`."""
    try:
        yield
    except UsageError:
        raise
    except ValueError as error:
        raise UsageError(str(error)) from error


def checked_number(convert, accept, expected: str):
    """An argparse type: ``convert(text)`` if ``accept`` holds for it, else an error saying
    ``expected`` ("a whole number of at least 1") and what was given."""

    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None
        if not accept(value):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {value}")
        return value

    return parse


positive_int = checked_number(int, lambda value: value >= 1, "a whole number of at least 1")
"""argparse type: a whole number ≥ 1."""

count_int = checked_number(int, lambda value: value >= 0, "a whole number of at least 0")
"""argparse type: a whole number ≥ 0."""

seed_int = checked_number(int, lambda value: value >= 0, "a seed, a whole number of at least 0")
"""argparse type: a seed, any whole number ≥ 0."""


def canonical_name(text: str) -> str:
    """argparse type: a level, player or evaluator name in any case, made canonical (lowercase)."""
    return text.strip().lower()


def add_game_argument(parser: argparse.ArgumentParser, only: tuple[str, ...] | None = None) -> None:
    choices = list(only) if only else game_names()
    parser.add_argument("game", choices=choices, help="the game: " + ", ".join(choices))


def game_info(args: argparse.Namespace):
    return get_game(args.game)


def with_dice(state: BackgammonState, dice: str | None) -> BackgammonState:
    """The backgammon ``state`` with the roll ``dice`` ("31"); ``None`` keeps the position's
    own dice, a :class:`UsageError` if it has none."""
    if dice is None:
        if state.dice is None:
            raise UsageError("no dice: give --dice (e.g. --dice 31); the position has none")
        return state
    with user_input():
        roll = parse_roll(dice)
    return replace(state, dice=(roll.high, roll.low))


def ending(info, state) -> str:
    """How a finished game ended: the game's own words where it has them ("Player wins
    21–8."), else the winner and the points ("White wins 2 points.")."""
    if info.describe is not None:
        return info.describe(state)
    points = info.rules().result(state)
    best = max(range(len(points)), key=points.__getitem__)
    if points[best] <= 0:
        return "Draw."
    return f"{info.player_titles[best]} wins {points[best]:g} point{'s' if points[best] != 1 else ''}."
