"""How the command line refuses: one line, ``tabula: error: <what is wrong>``, exit code 2.

Every usage error (exit code 2) goes through :func:`error_line`, argparse's own (an unknown
option, a missing or badly typed value, a bad choice) included, through :class:`Parser`.
Its rules:

- one line, whatever the message held (line breaks become spaces);
- under :data:`LINE_LIMIT` characters in all.  Messages cut what they quote of the input
  where they are made (``game.core.untrusted.shown``); this is the last guard, cutting the
  message with "…" so that no input, however long, is ever repeated whole;
- argparse's refusals end with a hint to the help of the command refused
  (``; see tabula rollout --help``), kept whole when the message is cut.  ``--help`` itself
  is argparse's, unchanged.
"""

from __future__ import annotations

import argparse
from typing import NoReturn

PREFIX = "tabula: error: "

LINE_LIMIT = 300
"""Every error line, prefix and hint included, is shorter than this."""

WORD_LIMIT = 60
"""A word of argparse's message longer than this (an option or value typed, quoted whole)
is cut to :data:`WORD_KEPT` characters, so the rest of the message (the choices) still shows."""

WORD_KEPT = 40


def one_line(message: str, limit: int = LINE_LIMIT) -> str:
    """``message`` on one line (line breaks become spaces), cut to ``limit`` characters with "…"."""
    text = " ".join(message.split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def error_line(message: str, hint: str = "") -> str:
    """The line printed for ``message``: ``tabula: error: <message><hint>``, under
    :data:`LINE_LIMIT` characters (the message is cut, the hint kept)."""
    return PREFIX + one_line(message, LINE_LIMIT - 1 - len(PREFIX) - len(hint)) + hint


def _cut_word(word: str) -> str:
    if len(word) <= WORD_LIMIT:
        return word
    close = word[-1] if word[-1] in "'\"" and word[0] == word[-1] else ""
    return word[:WORD_KEPT] + "…" + close


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose refusals are one :func:`error_line` naming the help to read.
    Its subcommands' parsers are of this class too (``add_subparsers`` makes them of the
    parser's own class), so every level refuses alike."""

    def error(self, message: str) -> NoReturn:
        words = " ".join(_cut_word(word) for word in message.split())
        self.exit(2, error_line(words, f"; see {self.prog} --help") + "\n")

    def parse_args(self, args=None, namespace=None):  # type: ignore[override]
        """As argparse's, but arguments no parser took are refused by the subcommand given,
        so that the hint names its help (``tabula rollout --help``), not ``tabula --help``."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            self._chosen(parsed).error("unrecognized arguments: " + " ".join(extra))
        return parsed

    def _chosen(self, parsed: argparse.Namespace) -> argparse.ArgumentParser:
        """The deepest subcommand's parser that ``parsed`` names (this parser if none)."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                sub = action.choices.get(getattr(parsed, action.dest, None) or "")
                if isinstance(sub, Parser):
                    return sub._chosen(parsed)
        return self

