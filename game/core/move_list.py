"""A game's moves walked once, as its move list shows them: for replay, the Review screen and
the review plan alike.

Each action of a record is a :class:`Turn`: the state it was taken at, who took it, its
notation, the game of a match it belongs to, and for a move the chance outcome it was played
on (``"62"``, as the move list writes it after the mover) with the state that was drawn from.
:class:`MoveList` keeps them in order and makes the listing every screen shows from them
(:meth:`MoveList.listing`): one line per listed move, numbered from 1 in each game of a match
(``12. White 62: 24/18 13/11``), the games' headings ("Game 3 — score 2–1") by the line they
stand before, and the stops of replay mode, so that line *k* is always stop *k*.

A decision a game lists no line for (``unlisted(state, text)``, backgammon's no double) joins
the next line: its roll is written with the play made on it.  Actions are kept as their text;
a caller that needs them parsed parses them (the listing itself never does, so it stays cheap
for the window, which makes it again after every move).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from .protocol import CHANCE
from .review.plain import review_of


class Turn(NamedTuple):
    """One action of a game record, where it was taken."""

    ply: int
    """The action's index in the record (and the index of the state it was taken at)."""
    state: Any
    mover: int
    """The player who took it, ``CHANCE`` for a chance outcome."""
    text: str
    """Its notation as the record holds it."""
    game: int
    """The number of the game it belongs to (1 unless the record is a match of several)."""
    roll: str | None
    """A chance outcome as the move list writes it (``"62"``; ``"white 62"``, the opening roll
    naming its starter, is ``"62"``): for a move, the one it was played on, ``None`` where none
    came just before it; for a chance outcome, its own."""
    roll_state: Any
    """For a move played on a chance outcome: the state the outcome was drawn from, else ``None``."""
    action: Any = None
    """The action parsed, where the list was replayed from a record (:meth:`MoveList.of_record`);
    ``None`` otherwise (a caller that needs it parses ``text`` at ``state``)."""


class Stop(NamedTuple):
    """A stop of replay mode (0: the start, then one per move line)."""

    shown: int
    """The index in the states of the position on the board."""
    decision: int | None
    """The index of the decision whose analysis goes with it (the one its move was made at;
    at the start, the first position when someone decides there), ``None`` where there is none."""
    played: str | None
    """The notation of the move made at :attr:`decision`, ``None`` where none was made yet."""


class Listing(NamedTuple):
    """What a move list shows: its lines, replay mode's stops (one more than the lines: the
    start first) and the games' headings by the line each stands before."""

    lines: tuple[str, ...]
    stops: tuple[Stop, ...]
    headings: dict[int, str]


class MoveList:
    """The actions of a game record with the states they were taken at (``states`` holds one
    state more than ``actions``, or as many: the states after the last action are not needed)."""

    def __init__(self, info, states: Sequence[Any], actions: Sequence[str], parsed: Sequence[Any] = ()) -> None:
        """``parsed``: the actions parsed, where the caller has them."""
        self.info, self.states = info, states
        rules, games = info.rules(), review_of(info)
        chance = info.chance.in_move_list if info.chance else str
        turns: list[Turn] = []
        roll, roll_state = None, None
        for ply, text in enumerate(actions[:len(states)]):
            state, action = states[ply], parsed[ply] if ply < len(parsed) else None
            mover = rules.to_move(state)
            if mover == CHANCE:
                roll, roll_state = chance(text), state
                turns.append(Turn(ply, state, mover, text, games.game_number(state), roll, None, action))
                continue
            turns.append(Turn(ply, state, mover, text, games.game_number(state), roll, roll_state, action))
            roll, roll_state = None, None
        self.turns: tuple[Turn, ...] = tuple(turns)
        self._rules, self._games = rules, games

    @classmethod
    def of_record(cls, info, options: dict, actions: Sequence[str]) -> MoveList:
        """The record's actions replayed from the start of a game with ``options``."""
        rules = info.rules()
        states, parsed = [rules.initial_state(dict(options))], []
        for text in actions:
            parsed.append(rules.parse(states[-1], text))
            states.append(rules.apply(states[-1], parsed[-1]))
        return cls(info, states, actions, parsed)

    def moves(self) -> list[Turn]:
        """The turns that are no chance outcome, in order."""
        return [turn for turn in self.turns if turn.mover != CHANCE]

    def listing(self, titles: Sequence[str], unlisted: Callable[[Any, str], bool] | None = None) -> Listing:
        """The move list's lines, replay's stops and the games' headings (see the module doc);
        ``titles``: the players' titles as the lines name them."""
        rules, states = self._rules, self.states
        last = len(states) - 1

        def deciding(i: int) -> bool:
            return rules.to_move(states[i]) != CHANCE and not rules.is_over(states[i])

        several = self._games.game_number(states[-1]) > 1
        lines: list[str] = []
        stops = [Stop(0, 0 if deciding(0) else None, None)]
        headings: dict[int, str] = {}
        roll, game, first = None, None, 0  # the roll not listed yet, the game listed and its first line
        for turn in self.turns:
            if several and turn.game != game:  # a new game: its heading before its next line
                game, first = turn.game, len(lines)
                headings[first] = self._games.game_heading(turn.state)
            if turn.mover == CHANCE:
                roll = turn.roll
                continue
            if unlisted is not None and unlisted(turn.state, turn.text):
                continue  # it joins the next line (the roll and the play made on it)
            shown = self.info.notation.shown_move(turn.text)
            lines.append(f"{len(lines) - first + 1}. {titles[turn.mover]} {roll + ': ' if roll else ''}{shown}")
            stops.append(Stop(turn.ply + 1, turn.ply, turn.text))
            roll = None
        if roll:  # a chance outcome with no move on it yet: its own line
            lines.append(f"{len(lines) - first + 1}. {titles[max(0, rules.to_move(states[last]))]} {roll}")
            stops.append(Stop(last, last if deciding(last) else None, None))
        headings = {k: text for k, text in headings.items() if k < len(lines)}  # a game not begun yet
        return Listing(tuple(lines), tuple(stops), headings)
