"""Argument types and helpers shared by the subcommands."""

from __future__ import annotations

import argparse

from ..games import game_names, get_game


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


def add_game_argument(parser: argparse.ArgumentParser, only: tuple[str, ...] | None = None) -> None:
    choices = list(only) if only else game_names()
    parser.add_argument("game", choices=choices, help="the game: " + ", ".join(choices))


def game_info(args: argparse.Namespace):
    return get_game(args.game)
