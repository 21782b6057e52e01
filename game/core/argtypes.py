"""Command-line argument types (argparse ``type=`` callables) and the usage error, shared by
the ``tabula`` commands and the commands a game contributes (``info.ability(Training)``,
``info.ability(Commands)``).  No game knowledge."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from .untrusted import repr_bounded, shown


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
            raise argparse.ArgumentTypeError(f"expected {expected}, got {shown(text)}") from None
        if not accept(value):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {repr_bounded(value)}")
        return value

    return parse





def canonical_name(text: str) -> str:
    """argparse type: a level, player or evaluator name in any case, made canonical (lowercase)."""
    return text.strip().lower()


def bounded_int(low: int, high: int, noun: str = "a whole number"):
    """An argparse type: a whole number from ``low`` to ``high``, else an error naming the
    bounds ("expected a whole number from 1 to 1,024, got 5000"); long text is cut."""

    expected = f"{noun} from {low:,} to {high:,}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {shown(text)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {expected}, got {repr_bounded(value)}")
        return value

    return parse


MAX_SEED = 2**64 - 1
"""The largest seed (what NumPy's and Python's generators take whole)."""
MAX_GAMES = 1_000_000
"""The most games one command plays (a million self-play games take days)."""
MAX_PLIES = 100_000
"""The longest game a command lets run (real games end within a few hundred plies)."""

seed_int = bounded_int(0, MAX_SEED, "a seed")
"""argparse type: a seed, 0 to :data:`MAX_SEED`."""
games_int = bounded_int(1, MAX_GAMES, "a number of games")
"""argparse type: a number of games, 1 to :data:`MAX_GAMES`."""
plies_int = bounded_int(1, MAX_PLIES, "a number of plies")
"""argparse type: a game's length limit, 1 to :data:`MAX_PLIES`."""
