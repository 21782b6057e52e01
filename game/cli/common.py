"""Argument types and helpers shared by the subcommands."""

from __future__ import annotations

import argparse

from ..games import game_names, get_game


def positive_int(text: str) -> int:
    """argparse type: a whole number ≥ 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def seed_int(text: str) -> int:
    """argparse type: a seed, any whole number ≥ 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"seed must not be negative, got {value}")
    return value


def add_game_argument(parser: argparse.ArgumentParser, only: tuple[str, ...] | None = None) -> None:
    choices = list(only) if only else game_names()
    parser.add_argument("game", choices=choices, help="the game: " + ", ".join(choices))


def game_info(args: argparse.Namespace):
    return get_game(args.game)
