"""Read a ``.mat`` match file (GNU Backgammon / BackgammonGalaxy or Backgammon Studio text)
and replay every game through :class:`~..rules.BackgammonRules`.

Choices where the format is silent (``/work/shared/data/backgammon/README.md`` describes both
dialects as observed):

- **Columns.**  A row's halves are told apart by the column where the second name starts
  on the game's score line; a half starts with ``DD:`` or a cube or end word, so a long left
  move that pushes the right half further still splits right.
- **Moves and results** are replayed by :mod:`.replay` (shared with the ``.sgf`` reader).
- **Money files.**  ``0 point match`` (as GNU Backgammon exports a money session) is money
  play with beavers allowed.  A ``16 point match`` holding one game (likely a money game) is
  replayed as the 16-point match its header states: the moves and cube are the same either way.
- **Errors.**  :class:`MatchFileError` names the game and row (and the text); its
  ``partial`` keeps the games read before the bad one.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from ...core.protocol import MoveError
from ...core.untrusted import shown
from .model import MatchFile, MatchFileError, MatchGame
from .replay import apply_half, replay_games, start_game

HEADER = re.compile(r'^;\s*\[(.*?)\s+"(.*)"\]\s*$')
LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)  # its digits are counted before int()
# Other numbers are read up to nine digits: a longer one is no count a match file can mean
# (and Python refuses to convert more than 4,300 digits).
GAME = re.compile(r"^\s*Game\s+(\d{1,9})\s*$", re.IGNORECASE)
SCORE = re.compile(r"^\s*(.*?)\s*:\s*(\d{1,9})\s+(.*?)\s*:\s*(\d{1,9})\s*$")
ROW = re.compile(r"^\s*(\d{1,9})\)")
MARK = re.compile(r"\d\d:|Doubles\b|Takes\b|Drops\b|Beavers\b|Wins\b|Losses\b", re.IGNORECASE)


def read_mat(source: str | Path) -> MatchFile:
    """The match in ``source`` (its text, or a :class:`~pathlib.Path` to a trusted file),
    every game replayed; :class:`MatchFileError` when it is no match file or a move is bad."""
    text = source.read_text(encoding="utf-8", errors="replace") if isinstance(source, Path) else source
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header, length, blocks = _split(lines)
    dialect = "studio" if any("Studio" in v for _, v in header) or "Cannot Move" in text else "galaxy"
    names = blocks[0][1] if blocks else ("", "")
    match = MatchFile(header, length, names, [], dialect)
    return replay_games(match, ((block[0], block[2], lambda done, score, block=block:
                                 _replay(block[0], score, block[3], block[4], length, done))
                                for block in blocks))


def _split(lines: list[str]):
    """(header, match length, [(game number, names, score, column, [(row, line)])])."""
    header: list[tuple[str, str]] = []
    length = None
    blocks: list = []
    current = None
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        found = HEADER.match(line)
        if found and not blocks:
            header.append((found.group(1), found.group(2)))
            continue
        found = LENGTH.match(line)
        if found and length is None:
            digits = found.group(1).lstrip("0") or "0"
            if len(digits) > 2:
                raise MatchFileError(f"a {digits[:12]}{'…' if len(digits) > 12 else ''}-point match is beyond what "
                                     "Tabula plays (1 to 25 points, 0 for money)")
            length = int(digits)
            continue
        found = GAME.match(line)
        if found:
            if length is None:
                break
            current = [int(found.group(1)), None, None, None, []]
            blocks.append(current)
            continue
        if current is not None and current[1] is None:
            found = SCORE.match(line)
            if not found:
                raise MatchFileError(f"game {current[0]}: expected a score line ' Name1 : 0   Name2 : 0', "
                                     f"got {line.strip()[:60]!r}", game=current[0])
            current[1] = (found.group(1), found.group(3))
            current[2] = (int(found.group(2)), int(found.group(4)))
            current[3] = found.start(3)
            continue
        if current is not None:
            row = ROW.match(line)
            current[4].append((int(row.group(1)) if row else None, line, row.end() if row else 0))
            continue
        raise MatchFileError(f"not a match file: line {index + 1} is not part of one: {line.strip()[:60]!r}")
    if length is None or not blocks:
        raise MatchFileError("not a match file: no 'N point match' line followed by ' Game 1'")
    if not 0 <= length <= 25:
        raise MatchFileError(f"a {length}-point match is beyond what Tabula plays (1 to 25 points, 0 for money)")
    for number, names, *_ in blocks:
        if names is None:
            raise MatchFileError(f"game {number}: the file ends before the game's score line "
                                 "(' Name1 : 0   Name2 : 0')", game=number)
    return header, length, blocks


def _halves(line: str, start: int, column: int) -> list[tuple[int, str]]:
    """The halves of a row as ``(player, text)``, told apart by ``column``."""
    marks = [m.start() for m in MARK.finditer(line, start)]
    rest = line[start:marks[0]].strip() if marks else line[start:].strip()
    if rest:
        raise ValueError(f"cannot read {shown(line.strip(), 80)}")
    bounds = marks + [len(line)]
    return [(0 if begin < column - 1 else 1, line[begin:end].strip()) for begin, end in pairwise(bounds)]


def _replay(number, score, column, rows, length, crawford_done) -> MatchGame:
    game, state = start_game(number, score, length, crawford_done)
    resigned = False
    for row, line, start in rows:
        try:
            halves = _halves(line, start, column)
        except ValueError as error:
            raise MatchFileError(f"game {number}, move {row}: {error}", game=number, move=row) from None
        for player, text in halves:
            try:
                state, resigned = apply_half(game, state, player, text, resigned)
            except (MoveError, ValueError) as error:
                where = f"game {number}, move {row}" if row is not None else f"game {number}"
                raise MatchFileError(f"{where}: {shown(text, 80)}: {error}", game=number, move=row) from None
    if game.winner is None:
        raise MatchFileError(f"game {number} has no 'Wins N point' line", game=number)
    return game
