"""Write a :class:`~.model.MatchFile` as GNU Backgammon's ``.sgf`` (one ``GM[6]`` game tree per
game; see :mod:`.sgf_reader` for the format).  Reading it back gives the same games.

As GNU Backgammon writes it: ``MI[length:N][game:i]`` numbers games from 0, ``RU[Crawford]``
in every match game (``:CrawfordGame`` in the Crawford game), ``RU[Jacoby]`` for money with
the Jacoby rule, ``RE[W+n]`` with ``R`` for a resignation; a beaver is the beaverer's
``double`` and the doubler's ``take``.  The ``.mat`` header keys that have an SGF property
(event, round, site, annotator, date, ratings, comment) go on the first game's root node.

**Resignations**, as GNU Backgammon's ``sgf.c`` writes and reads them (``SaveGame`` and
``RestoreGame``, read in its source): the move list has no node for one (its ``MOVE_RESIGN``
case writes nothing), the root's result says it, ``RE[B+2R]`` (the points scored, ``R`` for
resigned), and loading appends a resignation by the loser of ``points / cube`` (1 to 3); an
offer that was declined leaves no trace in the file.  Tabula writes the same, so a resigned
game's moves end where it was resigned and reading it back gives the same games and score.
"""

from __future__ import annotations

from .limits import bounded_text
from .model import MatchFile, MatchGame, Turn
from .sgf_reader import HEADER_OF
from .sgf_syntax import escape

PROPERTY_OF = {key: prop for prop, key in HEADER_OF.items()}


def write_sgf(match: MatchFile, application: str = "Tabula", limit: int | None = None) -> str:
    """The match as SGF text (ends with a newline); a :class:`~.model.MatchFileError` when it
    would pass ``limit`` bytes (see :func:`~.limits.bounded_text`)."""
    return bounded_text((_tree(match, game, index, game.score, application) for index, game in enumerate(match.games)),
                        ".sgf", limit)


def _tree(match: MatchFile, game: MatchGame, index: int, score, application: str) -> str:
    names = match.players
    root = (f"(;FF[4]GM[6]CA[UTF-8]AP[{escape(application)}]"
            f"MI[length:{match.match_length}][game:{index}][ws:{score[0]}][bs:{score[1]}]"
            f"PW[{escape(names[0])}]PB[{escape(names[1])}]")
    if index == 0:
        for key, value in match.header:
            prop = PROPERTY_OF.get(key)
            if prop:
                root += f"{prop}[{escape(value.replace('.', '-') if prop == 'DT' else value)}]"
    if not match.money:
        root += "RU[Crawford:CrawfordGame]" if game.crawford else "RU[Crawford]"
    elif match.jacoby:
        root += "RU[Jacoby]"
    if game.winner is not None:
        points = game.stated_points if game.how == "resign" and game.stated_points else game.points
        root += f"RE[{'WB'[game.winner]}+{points}{'R' if game.how == 'resign' else ''}]"
    nodes = [node for turn in game.turns for node in _nodes(turn)]
    return root + "".join(f"\n;{node}" for node in nodes) + ")\n"


def _nodes(turn: Turn) -> list[str]:
    colour, other = "WB"[turn.player], "WB"[1 - turn.player]
    if turn.kind == "play":
        letters = "".join(_letter(point, turn.player) for step in turn.steps for point in step)
        return [f"{colour}[{turn.dice}{letters}]"]
    if turn.kind == "beaver":
        return [f"{colour}[double]", f"{other}[take]"]
    return [f"{colour}[{ {'double': 'double', 'take': 'take', 'drop': 'drop'}[turn.kind] }]"]


def _letter(point: int, player: int) -> str:
    if point == 25:
        return "y"
    if point == 0:
        return "z"
    return chr(ord("a") + point - 1) if player == 0 else chr(ord("x") - (point - 1))
