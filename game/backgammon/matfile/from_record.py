"""A Tabula backgammon game record as a :class:`~.model.MatchFile`, so a game played in Tabula
can be exported to ``.mat`` or ``.sgf`` for other programs.

Choices: the players are named by their seats' colours with the player's kind
(``White (human)``, ``Black (expert)``) unless the caller or the record (a match read from a
file) gives names; a cubeless game is
written as a money game with the cube never turned (other programs have no cubeless
games); no-double decisions (``Roll``) are not written, as no match file writes them; a game
still in progress cannot be exported (a match file's games end with their result), and a
match stopped between games keeps the games it finished.  A resignation accepted ends its
game as ``how == "resign"`` with the points it scored (the level times the cube), which the
writers put as GNU Backgammon does (``Losses``/``Wins`` lines, ``RE[W+2R]``); an offer that
was declined is not written: neither format has a place for one (GNU Backgammon's own files
keep only the accepted resignation), so it is lost in the export.  A game started from a
position (the ``position`` option: pasted or set up) is refused: both formats start every
game at the opening position, so its moves would mean nothing there.
"""

from __future__ import annotations

from ...core.match import GameRecord
from ...core.protocol import CHANCE, POSITION
from ..cube.state import CubeAction
from ..rules import BackgammonRules, Play
from ..state import COLOURS, Roll
from .model import MatchFile, MatchFileError, MatchGame, Turn
from .replay import HOW

CUBE_KINDS = {"double": "double", "take": "take", "pass": "drop", "beaver": "beaver"}


def record_match(record: GameRecord, names: tuple[str, str] | None = None) -> MatchFile:
    """The finished games of ``record`` (a backgammon record) as a match file's games;
    :class:`MatchFileError` when no game is finished."""
    return export_match(record, names)[0]


def export_match(record: GameRecord, names: tuple[str, str] | None = None) -> tuple[MatchFile, bool]:
    """:func:`record_match`, and whether a game still in progress was left out (what
    ``tabula export`` says; the game's ``MatchFiles.export``)."""
    if record.options.get(POSITION) is not None:
        raise MatchFileError("a game started from a position cannot be written as a match file: "
                             ".mat and .sgf start every game at the opening position")
    rules = BackgammonRules()
    state = rules.initial_state(dict(record.options))
    cube = state.cube
    length = cube.match_length if cube is not None else 0
    if names is None and len(record.names) == 2:  # a match read from a file keeps its players
        names = (record.names[0], record.names[1])
    if names is None:
        names = tuple(f"{COLOURS[i].title()} ({record.players[i] if i < len(record.players) else 'player'})"
                      for i in (0, 1))
    match = MatchFile([("Site", "Tabula")], length, names, [], "galaxy",
                      jacoby=bool(cube is not None and cube.jacoby))
    game, score = None, [0, 0]
    for text in record.actions:
        mover = rules.to_move(state)
        action = rules.parse(state, text)
        opening = game is None and mover == CHANCE and isinstance(action, Roll)  # a game's first roll
        if isinstance(action, Play):
            dice = f"{state.dice[0]}{state.dice[1]}"
            notation = rules.notation(state, action)
            game.turns.append(Turn(mover, "play", f"{dice}: {notation}", notation, dice, action.steps))
        elif isinstance(action, CubeAction) and action.kind in CUBE_KINDS:
            notation = rules.notation(state, action)
            game.turns.append(Turn(mover, CUBE_KINDS[action.kind], notation, notation))
        before = state
        state = rules.apply(state, action)
        if opening:
            game = MatchGame(len(match.games) + 1, (score[0], score[1]),
                             crawford=bool(state.cube is not None and state.cube.crawford))
        ended = _ended(rules, before, state)
        if ended is not None and game is not None:
            game.winner, game.points, game.how = ended
            match.games.append(game)
            score[game.winner] += game.points
            game = None
    if not match.games:
        raise MatchFileError("no finished game to export: a match file's games end with their result")
    return match, game is not None


def _ended(rules, before, after):
    """``(winner, points, how)`` when ``after`` ends the game ``before`` was in, else ``None``."""
    resigned = after.resign is not None and after.resign.accepted
    if after.cube is None:
        if not rules.is_over(after):
            return None
        winner, points = rules.game_result(after)
        return winner, points, "resign" if resigned else HOW[points]
    if after.cube.result is None or before.cube.result is not None:
        return None
    winner, points = after.cube.result
    dropped = before.cube.phase == "offered" and before.resign is None
    return winner, points, "resign" if resigned else "drop" if dropped else HOW[points // after.cube.value]
