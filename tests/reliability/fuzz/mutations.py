"""Mutations of a valid text: one to three of a digit changed, a number made thousands of
digits long, a line cut, repeated or swapped, a cube word put in, SGF nesting, a slice
deleted, the text cut short..."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

CUBE_WORDS = (" Takes", " Drops", " Beavers", " Doubles => 2", "W[take]", "B[drop]", "W[double]", " Game 2",
              " Wins 1 point", " Losses 3 point")


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one to three random mutations."""
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATIONS)(text, rng)
    return text


def _digit(text, rng):
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + rng.choice("0123456789") + text[i + 1:]


def _long_number(text, rng):
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return text
    i = rng.choice(spots)
    return text[:i] + "9" * rng.choice((12, 40, 5000)) + text[i + 1:]


def _negative(text, rng):
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    return text if not spots else (lambda i: text[:i] + "-" + text[i:])(rng.choice(spots))


def _lines(text, rng, how):
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if how == "cut":
        del lines[i]
    elif how == "repeat":
        lines.insert(i, lines[j])
    else:
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def _slice(text, rng):
    if len(text) < 2:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + rng.randint(1, 40):]


def _truncate(text, rng):
    return text[:rng.randrange(len(text) + 1)]


def _insert(text, rng, piece=None):
    i = rng.randrange(len(text) + 1)
    piece = piece if piece is not None else rng.choice(CUBE_WORDS + ("(;", ")", "[", "]", ":", "/", "*", ";", "\n",
                                                                      "\x00", "é", " " * 40))
    return text[:i] + piece + text[i:]


def _nesting(text, rng):
    return _insert(text, rng, "(;" * rng.choice((50, 150, 1000)))


def _swap_case(text, rng):
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i:i + 20].swapcase() + text[i + 20:]


SCORE_NUMBER = re.compile(r"(?:^\s*\S.*?:\s*(\d+)\s+\S.*?:\s*(\d+)\s*$)|(?:(?:ws|bs|length|game):(\d+))", re.M)


def _score(text, rng):
    """A score line's or an ``MI`` figure changed: a file that contradicts its own replay."""
    spots = [(m.start(g), m.end(g)) for m in SCORE_NUMBER.finditer(text) for g in (1, 2, 3) if m.group(g)]
    if not spots:
        return text
    start, end = rng.choice(spots)
    return text[:start] + str(rng.choice((0, 1, 2, 3, 5, 7, 16, 25, 26, 99))) + text[end:]


def _char(text, rng):
    """One character replaced by a letter, digit or sign (what base64 IDs are made of)."""
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-:") + text[i + 1:]


def _huge_word(text, rng):
    return _insert(text, rng, rng.choice("ab9-(/") * rng.choice((100, 10_000, 300_000)))


MUTATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    _score, _score, _score, _digit, _digit, _digit, _char, _char, _char, _long_number, _negative, _slice, _truncate, _insert, _insert, _nesting, _swap_case,
    _huge_word, lambda t, r: _lines(t, r, "cut"), lambda t, r: _lines(t, r, "repeat"),
    lambda t, r: _lines(t, r, "swap"),
)
