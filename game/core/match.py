"""The headless match runner: plays one game between players and records all of it.

A :class:`GameRecord` is the game's options plus every action in notation, chance outcomes
(dice) included, so :func:`replay` rebuilds every state exactly and checks each action is
legal on the way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .players import Player
from .protocol import CHANCE, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Rules
from .untrusted import shown


@dataclass(frozen=True)
class GameRecord:
    """A complete game: options, actions in notation (chance included) and the result.  A value:
    a changed record is a new one (``dataclasses.replace``)."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    seed: int | None = None
    result: tuple[float, ...] | None = None
    plies: int = 0
    """Number of player decisions (chance outcomes are not plies)."""
    names: list[str] = field(default_factory=list)
    """The players' own names where the record came from a file that gives them (a match
    file's "Magic" and "Lasse"), shown instead of "Human"; empty otherwise."""
    notes: list[str] = field(default_factory=list)
    """What the reader of another program's file found contradictory and how it resolved it
    (said to the user on opening; not saved)."""

    def named(self) -> GameRecord:
        """The record with its players called by the names its file gave, as a review of the
        file keys and labels them (``tabula review`` and the window share one cache); itself
        when the file gave none."""
        return replace(self, players=list(self.names)) if self.names else self


def sample_chance(rules: Rules, state: Any, rng: random.Random) -> Any:
    """Draw a chance outcome with the rules' probabilities."""
    outcomes = rules.chance_outcomes(state)
    pick = rng.random()
    for outcome, probability in outcomes:
        pick -= probability
        if pick < 0:
            return outcome
    return outcomes[-1][0]


def play_game(
    rules: Rules,
    players: Sequence[Player],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    max_plies: int | None = None,
    on_action: Callable[[Any, Any, str], None] | None = None,
) -> tuple[GameRecord, Any]:
    """Play one game; return its record and the final state.

    ``seed`` drives the chance outcomes only (players carry their own seeds).  ``on_action``
    is called with ``(state_before, action, notation)`` after each step, for progress or UI.
    """
    rng = random.Random(seed)
    options = dict(options or {})
    state = rules.initial_state(options)
    actions: list[str] = []
    plies = 0
    while not rules.is_over(state):
        mover = rules.to_move(state)
        if mover == CHANCE:
            action = sample_chance(rules, state, rng)
        else:
            if max_plies is not None and plies >= max_plies:
                break
            action = players[mover].choose(rules, state)
            plies += 1
        text = rules.notation(state, action)
        actions.append(text)
        if on_action:
            on_action(state, action, text)
        state = rules.apply(state, action)
    result = tuple(rules.result(state)) if rules.is_over(state) else None
    return GameRecord(rules.name, options, actions, [p.name for p in players], seed, result, plies), state


_CAUSES = (InvalidMoveError, AmbiguousMoveError, IllegalMoveError)


def replay(rules: Rules, options: dict[str, Any] | None, actions: Sequence[str]) -> list[Any]:
    """Every state of a game given its actions in notation (the first is the initial state).

    Raises a :class:`~.protocol.MoveError` of the action's own cause (invalid, illegal or
    ambiguous; :class:`IllegalMoveError` for any other ``ValueError``) naming the action number
    and the problem, so a bad record never half-loads silently.
    """
    state = rules.initial_state(dict(options or {}))
    states = [state]
    for number, text in enumerate(actions, 1):
        if rules.is_over(state):
            raise IllegalMoveError(f"action {number} ({shown(text)}): the game is already over")
        try:
            action = rules.parse(state, text)
            if rules.to_move(state) != CHANCE and not rules.is_legal(state, action):
                raise IllegalMoveError(f"{shown(text)} is not legal here")
            state = rules.apply(state, action)
        except ValueError as error:
            cause = next((c for c in _CAUSES if isinstance(error, c)), IllegalMoveError)
            raise cause(f"action {number} ({shown(text)}): {error}") from None
        states.append(state)
    return states
