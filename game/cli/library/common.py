"""What every ``tabula library`` command shares: ``--library PATH`` and opening the file."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ...core.library import Library, LibraryError, default_path, open_library
from ..common import UsageError


def add_library_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--library", metavar="PATH",
                        help="the library file (default: library.sqlite3 in the user data folder)")
    parser.set_defaults(checks_input=True)


@contextmanager
def opened(args: argparse.Namespace, create: bool = True) -> Iterator[Library]:
    """The library ``--library`` names (or the default), closed after; a :class:`UsageError`
    (exit code 2, the file left as it was) for one that cannot be used."""
    try:
        library = open_library(args.library or default_path(), create=create)
    except LibraryError as error:
        raise UsageError(str(error)) from None
    with library:
        yield library
