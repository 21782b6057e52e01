"""Write a :class:`~.model.MatchFile` as the Galaxy-like text GNU Backgammon exports.

Header lines, ``N point match``, then per game `` Game k``, the score line and numbered rows
(player 1's half from column 5, player 2's from column 33, or where a first player's name of
more than about 25 characters pushes the second name on the score line: readers split a row's
halves at that name's column), one die per step (``25`` the bar,
``0`` off, no hit marks), ``DD:`` alone for no play, cube actions, and ``Wins N point`` on a
line of its own in the winner's column (``and the match`` after the deciding game; a
resignation adds ``Losses N point`` in the loser's column, as BackgammonGalaxy's files show
one: ``data/backgammon/matches/5pt-b.mat`` ends its last game with `` 18)  Losses 1 point``
beside ``Wins 1 point and the match``; no .mat dialect writes an offer that was declined).
Reading the text back with :func:`~.reader.read_mat` gives the same games.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from .limits import bounded_text
from .model import MatchFile, MatchGame, Turn

COLUMN = 33
"""Where player 2's half starts, as in Galaxy files."""


def write_mat(match: MatchFile, limit: int | None = None) -> str:
    """The match as ``.mat`` text (ends with a newline); a :class:`~.model.MatchFileError`
    when it would pass ``limit`` bytes (see :func:`~.limits.bounded_text`)."""
    lines = [f'; [{key} "{value}"]' for key, value in match.header]
    if lines:
        lines.append("")
    lines += [f"{match.match_length} point match", ""]
    rows = (line + "\n" for index, game in enumerate(match.games)
            for line in _game(match, game, game.score, index == len(match.games) - 1))
    return bounded_text(itertools.chain(["\n".join(lines) + "\n"], rows), ".mat", limit)


def _half(turn: Turn) -> str:
    if turn.kind == "play":
        return f"{turn.dice}: " + " ".join(f"{s}/{t}" for s, t in turn.steps) if turn.steps else f"{turn.dice}:"
    return " " + turn.action


def _game(match: MatchFile, game: MatchGame, score: tuple[int, int], last: bool) -> Iterator[str]:
    """The game's lines, one by one (a long first name makes each row as wide: see the module doc)."""
    names = match.players
    left = f" {names[0]} : {score[0]}".ljust(COLUMN - 1) + " "
    column = len(left)  # where the second name starts, and with it player 2's halves
    yield f" Game {game.number}"
    yield left + f"{names[1]} : {score[1]}"
    rows: list[list[str | None]] = []
    for turn in game.turns:
        if turn.player == 0 or not rows or rows[-1][1] is not None:
            if turn.player == 1 and rows and rows[-1][1] is None:
                rows[-1][1] = _half(turn)
                continue
            rows.append([None, None])
        rows[-1][turn.player] = _half(turn)
    for number, (one, two) in enumerate(rows, 1):
        text = f"{number:3d}) " + (one or "")
        if two is not None:
            text = text.ljust(column) if len(text) < column else text + "  "
            text += two
        yield text.rstrip()
    if game.winner is not None:
        points = game.stated_points if game.stated_points is not None else game.points
        total = max(score[0] + (game.points if game.winner == 0 else 0), score[1] + (game.points if game.winner == 1 else 0))
        end = " and the match" if last and total >= match.match_length else ""
        if game.how == "resign":
            yield " " * (6 if game.winner == 1 else column + 1) + f"Losses {points} point"
        yield " " * (6 if game.winner == 0 else column + 1) + f"Wins {points} point{end}"
    yield ""
