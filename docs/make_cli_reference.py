#!/usr/bin/env python3
"""Write ``docs/cli-reference.md``: every ``tabula`` command's help, generated from the program's
own parsers (``game.cli.build_parser``), so the reference cannot drift from the program.

    python docs/make_cli_reference.py [--check]

``--check`` writes nothing and exits 1 when the file is not what the parsers give
(``tests/test_cli_reference.py`` runs the same comparison).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OUT = ROOT / "docs" / "cli-reference.md"
WIDTH = "100"
"""The help's line width, fixed so the file does not depend on the terminal."""

HEAD = """# Command-line reference

Every `tabula` command and option, as `tabula COMMAND --help` prints it. This page is generated
from the program's own parsers by `python docs/make_cli_reference.py`, and a test fails when it
is out of date. The guide to the commands, with examples: [command-line.md](command-line.md).
"""


def commands(parser: argparse.ArgumentParser, prefix: str = "tabula"):
    """``(name, parser)`` of ``parser`` and each of its subcommands, depth first, in their order."""
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, f"{prefix} {name}")


def reference() -> str:
    os.environ["COLUMNS"] = WIDTH
    from game.cli import build_parser

    parts = [HEAD]
    for name, parser in commands(build_parser()):
        parser.prog = name
        parts.append(f"## `{name}`\n\n```text\n{parser.format_help().rstrip()}\n```\n")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    text = reference()
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} is out of date: run python docs/make_cli_reference.py")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
