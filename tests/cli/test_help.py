"""Every ``--help`` of ``tabula`` reads as words for a user: no docstring markup or exception
names leak into it (the help of ``--position`` once showed "``ValueError`` naming the problem")."""

from __future__ import annotations

import argparse

import pytest

from game.cli import build_parser

from .util import run

LEAKS = ("``", ":func:", ":class:", ":meth:", ":mod:", "ValueError")


def command_paths(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """``()`` for ``tabula`` itself, then every command and subcommand, as typed."""
    paths = [path]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                paths += command_paths(sub, path + (name,))
    return paths


PATHS = command_paths(build_parser())


def test_every_command_is_checked():
    assert {"analyze", "moves", "review", "import", "tournament", "train"} <= {p[0] for p in PATHS if p}


@pytest.mark.parametrize("path", PATHS, ids=lambda path: " ".join(("tabula",) + path))
def test_help_is_plain_words(capsys, path):
    code, out, err = run(capsys, *path, "--help")
    assert code == 0, err
    assert out.startswith("usage: tabula")
    assert not [leak for leak in LEAKS if leak in out], out
