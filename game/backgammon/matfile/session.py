"""A read match as one Tabula game record (a match is one protocol game spanning its games),
so the window can open a ``.mat`` file in replay mode.

Choices: the players are both ``human`` (the window shows the moves; "Play on" continues a
match that ended by resignation); each game's opening roll names its starter
(``white 31``), a turn where a double was possible starts with ``Roll``; a resignation can
only end the record (the rules have no resign action), so a match that resigned a game
before its last one is refused with a clear message, as is a money session of more than one
game (a money game is a whole protocol game).
"""

from __future__ import annotations

from ...core.match import GameRecord, replay
from ...core.protocol import MoveError
from ..cube.state import DECIDE, OVER
from ..rules import COLOURS, BackgammonRules
from .model import MatchFile, MatchFileError


def match_record(match: MatchFile) -> GameRecord:
    """The match's games as the actions of one backgammon record (replayed to check them)."""
    rules = BackgammonRules()
    options = match.options
    if match.money and len(match.games) > 1:
        raise MatchFileError(f"a money session of {len(match.games)} games: Tabula plays one money game "
                             "per record, so open or review it game by game (export each game to its own file)")
    state = rules.initial_state(dict(options))
    actions: list[str] = []

    def act(text: str) -> None:
        nonlocal state
        actions.append(text)
        state = rules.apply(state, rules.parse(state, text))

    for index, game in enumerate(match.games):
        if game.how == "resign" and index != len(match.games) - 1:
            raise MatchFileError(f"game {game.number} ended by resignation before the last game; "
                                 "Tabula's rules have no resign action, so the match cannot be replayed "
                                 "as one game", game=game.number)
        try:
            for turn in game.turns:
                if turn.kind != "play":
                    act(turn.action)
                    continue
                if state.turn is None or state.cube.phase == OVER:
                    act(f"{COLOURS[turn.player]} {turn.dice}")
                else:
                    if state.cube.phase == DECIDE:
                        act("Roll")
                    act(turn.dice)
                act(turn.action)
        except (MoveError, ValueError) as error:
            raise MatchFileError(f"game {game.number}: {error}", game=game.number) from None
    replay(rules, options, actions)
    result = tuple(rules.result(state)) if rules.is_over(state) else None
    return GameRecord("backgammon", options, actions, ["human", "human"], None, result, notes=list(match.notes))
