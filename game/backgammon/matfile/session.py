"""A read match as one Tabula game record (a match is one protocol game spanning its games),
so the window can open a ``.mat`` file in replay mode.

Choices: the players are both ``human`` (the window shows the moves); each game's opening
roll names its starter (``white 31``), a turn where a double was possible starts with
``Roll``.  A resignation is played as the rules play one: the loser's offer of the level the
file's points give (its points over the cube, at least 1 and at most 3: Galaxy writes a last
game's points capped at what the winner needed) and the winner's acceptance
(``Resigns a gammon``, ``Accepts``).  The rules take an offer at the loser's own decision (to
roll or double, or a play); where the file's loser had none (the game stopped before a roll
they could not double on, or on the winner's turn) the record ends there if it is the match's
last game ("Play on" continues it), and the match is refused with a clear message otherwise.
A money session of more than one game is refused too (a money game is a whole protocol game).
"""

from __future__ import annotations

from ...core.match import GameRecord, replay
from ...core.protocol import MoveError
from ..cube.state import DECIDE, OVER
from ..resignation.state import OFFERS
from ..rules import BackgammonRules
from ..state import COLOURS
from .model import MatchFile, MatchFileError, MatchGame


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
            if game.how == "resign":
                offer = resigned_offer(rules, state, game)
                if offer is not None:
                    act(rules.notation(state, offer))
                    act("Accepts")
                elif index != len(match.games) - 1:
                    raise MatchFileError(
                        f"game {game.number} ended by a resignation where its loser had no decision of their "
                        "own (Tabula's rules take a resignation at the player's turn to roll or double, or "
                        "to play), so the match cannot be replayed as one game", game=game.number)
        except (MoveError, ValueError) as error:
            raise MatchFileError(f"game {game.number}: {error}", game=game.number) from None
    replay(rules, options, actions)
    result = tuple(rules.result(state)) if rules.is_over(state) else None
    return GameRecord("backgammon", options, actions, ["human", "human"], None, result, notes=list(match.notes))


def resigned_offer(rules: BackgammonRules, state, game: MatchGame):
    """The offer that ends ``game`` at ``state`` (see the module doc), ``None`` when its loser
    may offer none there."""
    loser = 1 - game.winner
    value = 1 if state.cube is None else state.cube.value
    level = max(1, min(3, -(-game.points // value)))
    offer = OFFERS[level - 1]
    return offer if state.turn == loser and offer in rules.offers(state) else None
