"""The game protocol every Tabula game implements (OpenSpiel-like, Pythonic).

States are immutable values.  A state says whose decision comes next through
:meth:`Rules.to_move`: a player index, or :data:`CHANCE` when dice (or any other chance
event) decide.  *Actions* are what :meth:`Rules.apply` takes: a chance outcome at a chance
node, a move otherwise.  Extra turns and forced passes are ordinary states whose ``to_move``
names the player who acts next; nothing outside the rules special-cases them.

``notation`` and ``parse`` are symmetric: ``rules.parse(state, rules.notation(state, a))``
gives back ``a`` for every action ``a`` legal at ``state`` (a move, or a chance outcome).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

CHANCE = -1
"""``to_move`` value of a chance node."""

POSITION = "position"
"""The option that starts a game from a position, given in the game's own position text
(:func:`start_from_position`): a position pasted, set up or met elsewhere, played on from."""

State = TypeVar("State")
Action = TypeVar("Action")


class MoveError(ValueError):
    """A move the rules refuse; the base of the three causes below, as in python-chess.

    Catch this (or ``ValueError``) to refuse any bad move with its message; catch a subclass
    only to tell the causes apart (a typo, a rule, a choice the text leaves open)."""


class InvalidMoveError(MoveError):
    """Text that cannot be read as an action at all (bad syntax, an unknown word or square),
    whatever the position."""


class IllegalMoveError(MoveError):
    """An action, or well-formed text, that is not legal in the state: :meth:`Rules.apply`
    raises it for an action it cannot apply there, :meth:`Rules.parse` for text naming no
    legal action."""


class AmbiguousMoveError(MoveError):
    """Well-formed text that names more than one legal action in the state (backgammon's
    ``13/5`` with 62 when blots on both the 11 and the 7 can be hit on the way); the message
    lists the choices."""


class Rules(ABC, Generic[State, Action]):
    """One game's rules.  Stateless: every method is a pure function of its arguments."""

    name: str = ""
    num_players: int = 2
    option_names: tuple[str, ...] = ()
    """The options ``initial_state`` reads; a saved game naming any other is refused."""
    flag_options: tuple[str, ...] = ()
    """Options that may be true or false (a save keeps them as JSON booleans)."""
    list_options: tuple[str, ...] = ()
    """Options that may be a short list of whole numbers (a match score)."""
    text_options: tuple[str, ...] = ()
    """Options that may be a longer text: :data:`POSITION`, a game started from a position."""
    max_plies: int | None = None
    """Plies after which a game between computers stops unfinished (a draw) when nothing else
    sets a limit (tournaments, self-play, watch mode): a guard for games in which no rule ends
    a loop (Mandragora, Chesstack); ``None`` for games that always end."""

    @abstractmethod
    def initial_state(self, options: dict[str, Any] | None = None) -> State:
        """The state a new game starts in."""

    @abstractmethod
    def to_move(self, state: State) -> int:
        """Index of the player to act, or :data:`CHANCE`."""

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node (probabilities sum to 1)."""
        raise NotImplementedError(f"{self.name} has no chance nodes")

    @abstractmethod
    def legal_moves(self, state: State) -> Sequence[Action]:
        """Every legal move of the player to act; never empty while the game is on."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The state after ``action`` (a move, or a chance outcome at a chance node)."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def result(self, state: State) -> tuple[float, ...]:
        """Points won by each player in a finished game (zero-sum for two players)."""

    @abstractmethod
    def notation(self, state: State, action: Action) -> str:
        """Standard text of ``action`` taken at ``state``."""

    @abstractmethod
    def parse(self, state: State, text: str) -> Action:
        """The action ``text`` names at ``state``.  :class:`InvalidMoveError` if ``text`` cannot
        be read, :class:`IllegalMoveError` if it names no legal action, and
        :class:`AmbiguousMoveError` if it names more than one."""

    def offers(self, state: State) -> Sequence[Action]:
        """Actions the player to act may take besides the legal moves, which searches,
        analyses and move lists never consider (backgammon: offering to resign); a player who
        takes one makes the opponent decide next.  None by default."""
        return ()

    def is_legal(self, state: State, action: Action) -> bool:
        """Whether a player may take ``action`` at ``state``: a legal move or an offer."""
        return action in self.legal_moves(state) or action in self.offers(state)

    def actions(self, state: State) -> Sequence[Action]:
        """Legal actions at any node: chance outcomes or moves."""
        if self.to_move(state) == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes(state)]
        return self.legal_moves(state)


def start_from_position(rules: "Rules", options: dict[str, Any], parse) -> Any:
    """The state the :data:`POSITION` option's text gives (``parse(text)``, the game's own
    position reader), or ``None`` when ``options`` has none.

    The text says everything a game starts with (backgammon's cube, score and turn), so any
    other option beside it is refused rather than silently overridden; so is a position whose
    game is already over, which has nothing left to play, and an ``@file`` (a position file
    the command line reads: a saved game must never read other files)."""
    text = options.get(POSITION)
    if text is None:
        return None
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"option {POSITION} must be the position's text, got {text!r}")
    if text.strip().startswith("@"):  # a save must not read other files when it is loaded
        raise ValueError(f"option {POSITION} must be the position's text itself, not a file")
    others = sorted(name for name, value in options.items() if name != POSITION and value is not None)
    if others:
        raise ValueError(f"a game started from a position takes everything from its text; "
                         f"give no other option (got {', '.join(others)})")
    state = parse(text.strip())
    if rules.is_over(state):
        raise ValueError("the game in that position is already over: there is nothing to play on")
    return state
