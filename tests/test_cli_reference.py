"""``docs/cli-reference.md`` is the parsers' own help: up to date, every command and option in it."""

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "cli-reference.md"


def test_the_reference_is_what_the_parsers_give():
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "make_cli_reference.py"), "--check"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_command_and_option_is_in_the_reference():
    from docs.make_cli_reference import commands
    from game.cli import build_parser

    text = REFERENCE.read_text(encoding="utf-8")
    for name, parser in commands(build_parser()):
        assert f"## `{name}`" in text, name
        for action in parser._actions:
            for option in action.option_strings:
                assert option in text, (name, option)
            if isinstance(action, argparse._SubParsersAction):
                assert all(f"## `{name} {sub}`" in text for sub in action.choices), name
