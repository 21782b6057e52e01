"""Command-line argument types (argparse ``type=`` callables), shared by the ``tabula``
commands and the commands a game declares (``GameInfo.training``).  No game knowledge."""

from __future__ import annotations

import argparse

from .untrusted import repr_bounded, shown


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
