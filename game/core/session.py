"""A game in progress as the window plays it: who plays, the chance outcomes, every state so far.

No pygame here.  Chance outcomes (dice, a random setup) come from ``random.Random(seed)``
drawn exactly as the headless match runner draws them, so a window game with seed *S* gets
the same dice as ``play_game(..., seed=S)`` with the same choices, and a game reloaded from
its record continues with the outcomes it would have had.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .gameinfo import GameInfo
from .match import GameRecord, replay, sample_chance
from .players import Player
from .protocol import CHANCE

HUMAN = "human"


def check_player_name(info: GameInfo, name: str) -> str:
    """``name`` if it is ``human`` or a computer player the game knows; ``ValueError`` otherwise."""
    if name == HUMAN:
        return name
    try:
        info.players.player(name, 0)
    except ValueError as error:
        raise ValueError(f"{error} (or 'human')") from None
    return name


def player_label(name: str) -> str:
    return "Human" if name == HUMAN else f"Computer ({name})"


def player_labels(session: "GameSession") -> list[str]:
    """What the board calls each seat's player: the name the game's file gave ("Magic"),
    else "Human" or "Computer (level)"."""
    if len(session.names) == len(session.player_names):
        return list(session.names)
    return [player_label(name) for name in session.player_names]


@dataclass(frozen=True)
class GameSetup:
    """What a new game needs: the game, a player name per seat, an optional seed and options."""

    game: str
    players: tuple[str, ...]
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)


class GameSession:
    """The states and actions of one game, its players and its chance outcomes."""

    def __init__(self, info: GameInfo, players: Sequence[str], seed: int | None = None,
                 options: dict[str, Any] | None = None, actions: Sequence[str] = (),
                 names: Sequence[str] = (), settings: dict[str, Any] | None = None) -> None:
        """``settings``: the game's own settings its computer players read
        (``Player.use_settings``; :meth:`use_settings` changes them later)."""
        self.info = info
        self.rules = info.rules()
        if len(players) != self.rules.num_players:
            raise ValueError(f"{info.title} needs {self.rules.num_players} players, got {len(players)}")
        self.player_names = [check_player_name(info, name) for name in players]
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.options = dict(options or {})
        self.names = list(names)
        """The players' own names from the file the game came from (:attr:`GameRecord.names`)."""
        self.settings: dict[str, Any] = dict(settings or {})
        self.players: list[Player | None] = [
            None if name == HUMAN else info.computer_player(name, self.seed + 1 + i, self.settings)
            for i, name in enumerate(self.player_names)
        ]
        self.actions: list[str] = list(actions)
        self.states = replay(self.rules, self.options, self.actions)
        self.undone: list[tuple[str, Any]] = []
        """Actions taken back by :meth:`undo`, with the state each led to; the last is redone first."""
        self._rewind_chance()

    def _rewind_chance(self) -> None:
        """Put the chance generator where it was after the chance outcomes in ``states``."""
        self._chance = random.Random(self.seed)
        for state in self.states[:-1]:
            if self.rules.to_move(state) == CHANCE:
                self._chance.random()  # the draw sample_chance made for this outcome

    def use_settings(self, settings: dict[str, Any]) -> None:
        """Give the computer players the game's own ``settings`` they read (the window's, when
        it shows the game; see ``Player.use_settings``)."""
        self.settings = dict(settings)
        for player in self.players:
            if player is not None:
                player.use_settings(self.settings)

    @classmethod
    def new(cls, info: GameInfo, setup: GameSetup) -> "GameSession":
        return cls(info, setup.players, setup.seed, setup.options)

    @classmethod
    def from_record(cls, info: GameInfo, record: GameRecord) -> "GameSession":
        return cls(info, record.players, record.seed, record.options, record.actions, record.names)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def to_move(self) -> int:
        return self.rules.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    @property
    def stalled(self) -> bool:
        """True once computers alone have played the game's ply guard (``Rules.max_plies``):
        two programs can repeat Mandragora positions forever, and no rule ends that, so the
        window stops such a game unfinished rather than watch it loop."""
        limit = self.rules.max_plies
        return limit is not None and not self.has_human and not self.is_over and len(self.actions) >= limit

    @property
    def ending(self) -> str:
        """How the game ended, for the result box: the view's final status, or the stop."""
        return f"Stopped unfinished after {len(self.actions)} moves" if self.stalled else ""

    def is_human(self, player: int) -> bool:
        return 0 <= player < len(self.players) and self.players[player] is None

    @property
    def has_human(self) -> bool:
        return any(player is None for player in self.players)

    def roll(self, entered: Any = None) -> str:
        """Apply the chance outcome at a chance node, drawn from the seeded generator, or
        ``entered`` (dice entered by hand, :mod:`.dice_entry`); returns its notation.

        An entered outcome still uses up the draw, so the *k*-th chance node always takes the
        seed's *k*-th draw: a game reloaded from its record (:meth:`_rewind_chance`), undone
        or redone goes on with the outcomes the window would have drawn.  ``ValueError`` for
        an ``entered`` outcome the rules do not have here."""
        if self.to_move != CHANCE:
            raise ValueError("no chance outcome is due")
        if entered is not None and entered not in [outcome for outcome, _ in self.rules.chance_outcomes(self.state)]:
            raise ValueError(f"{entered} is not a chance outcome of this position")
        drawn = sample_chance(self.rules, self.state, self._chance)
        return self.apply(drawn if entered is None else entered)

    def take_back_last(self) -> bool:
        """Take back the last action alone, to be redone as undo's are (the window's Esc at the
        dice prompt takes back the choice to roll); False when there is none."""
        if not self.actions:
            return False
        self.undone.append((self.actions.pop(), self.states.pop()))
        self._rewind_chance()
        return True

    def apply(self, action: Any) -> str:
        """Play ``action``; it keeps the redo list only if it is the action redo would play."""
        text = self.rules.notation(self.state, action)
        if self.undone and self.undone[-1][0] == text:
            self.undone.pop()
        else:
            self.undone.clear()
        self.states.append(self.rules.apply(self.state, action))
        self.actions.append(text)
        return text

    def had_choice(self, index: int) -> bool:
        """True if the player to move in ``states[index]`` could choose among more than one
        action (a forced move, the only legal one, is no decision to go back to)."""
        state = self.states[index]
        return len(self.rules.legal_moves(state)) > 1

    @property
    def undoer(self) -> int | None:
        """The human whose moves undo takes back: the human to move, else the only human
        (a computer is thinking, or the game is over); ``None`` in a game of two humans
        when neither is to move, and in a game of computers."""
        if self.is_human(self.to_move) and not self.is_over:
            return self.to_move
        humans = [i for i in range(len(self.players)) if self.is_human(i)]
        return humans[0] if len(humans) == 1 else None

    def _undo_point(self) -> int | None:
        """Index of the action :meth:`undo` goes back to: the last action chosen, with a
        choice, by :attr:`undoer`.  Forced moves, chance outcomes and computer moves on the
        way are skipped; another human's confirmed move is never taken back (two humans at
        one board: Done hands the turn over for good), so ``None`` when one is on the way."""
        me = self.undoer
        if me is None:
            return None
        for i in range(len(self.actions) - 1, -1, -1):
            mover = self.rules.to_move(self.states[i])
            if not self.is_human(mover):
                continue
            if mover != me:
                return None
            if self.had_choice(i):
                return i
        return None

    def can_undo(self) -> bool:
        return self._undo_point() is not None

    def undo(self) -> bool:
        """Take back every action since the last move the human (:attr:`undoer`) chose, that
        move included, so they are to move again where they had a choice; the actions can be
        redone.  False if there is none."""
        i = self._undo_point()
        if i is None:
            return False
        self.undone.extend(reversed(list(zip(self.actions[i:], self.states[i + 1:]))))
        del self.actions[i:], self.states[i + 1:]
        self._rewind_chance()
        return True

    def can_redo(self) -> bool:
        return bool(self.undone)

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back, up to the next position where a human is to
        move with a choice (forced moves on the way are replayed too)."""
        if not self.undone:
            return False
        while self.undone:
            if self.to_move == CHANCE:
                self._chance.random()  # keep the chance outcomes in step, as :meth:`roll` would have
            text, state = self.undone.pop()
            self.actions.append(text)
            self.states.append(state)
            if self.is_human(self.to_move) and not self.is_over and self.had_choice(len(self.states) - 1):
                break
        return True

    @property
    def in_progress(self) -> bool:
        """A game someone has played a move in (chance outcomes alone do not count) and that is
        not over: starting another one would throw it away."""
        if self.is_over or self.stalled:
            return False
        return any(self.rules.to_move(state) != CHANCE for state in self.states[:-1])

    def record(self) -> GameRecord:
        plies = sum(1 for state in self.states[:-1] if self.rules.to_move(state) != CHANCE)
        result = tuple(self.rules.result(self.state)) if self.is_over else None
        return GameRecord(self.info.name, dict(self.options), list(self.actions),
                          list(self.player_names), self.seed, result, plies, list(self.names))

    def setup(self) -> GameSetup:
        """The same players and options, for a new game (with a fresh seed)."""
        return GameSetup(self.info.name, tuple(self.player_names), None, dict(self.options))

    def history(self) -> list[tuple[int, str]]:
        """``(mover, notation)`` for every action; the mover is ``CHANCE`` for chance outcomes."""
        return [(self.rules.to_move(state), text) for state, text in zip(self.states, self.actions)]
