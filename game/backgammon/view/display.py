"""What the backgammon view shows, worked out without pygame: checker flights, the dice a
turn has used, the last plays found from the game's history, and words for the hint panel.

The view (:mod:`.pygame_view`) draws these; keeping them here leaves the view only pygame's part.
"""

from __future__ import annotations

from ..board import OFF, Side
from ..cube.rules import game_number
from ..notation import format_play
from ..rules import Play
from ..state import BackgammonState
from .layout import LAST_ALPHA, BoardGeometry
from .turn import Step, TurnBuilder, apply_step, die_for

FACTOR_LABELS = {
    "pip": "pip count", "bar": "checkers on the bar", "off": "borne off", "hb": "home board points",
    "prime": "prime", "blot": "blot risk", "out": "outfield points", "anch": "anchors",
    "stack": "tall stacks", "x1": "home board × bar", "x2": "prime × anchors", "made": "points made",
    "home": "home board", "anchor": "anchors", "contact": "contact", "even": "even-game base",
}
"""Readable names of the evaluators' factors, for the hint panel's "why" section."""


class Flight:
    """One checker step being animated from the board before it."""

    def __init__(self, mover: int, me: Side, opp: Side, step: Step, used: list[int], seconds: float) -> None:
        self.mover, self.me, self.opp, self.step, self.used = mover, me, opp, step, used
        self.seconds, self.elapsed = max(seconds, 1e-6), 0.0
        self.hit = apply_step(me, opp, step)[2]

    def position(self, layout: BoardGeometry, bottom: int) -> tuple[float, float]:
        """Where the flying checker is now: eased in and out between its slots."""
        source, target = self.step
        at_bottom = self.mover == bottom
        start = layout.slot_pos(at_bottom, source, self.me[source] - 1)
        end = layout.slot_pos(at_bottom, target, self.me[target])
        k = self.elapsed / self.seconds
        k = k * k * (3 - 2 * k)
        return start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k


def all_dice(dice: tuple[int, int]) -> list[int]:
    """The dice a roll gives to play: four of a double, else both."""
    return [dice[0]] * 4 if dice[0] == dice[1] else list(dice)


def play_flights(state: BackgammonState, play: Play, seconds: float) -> list[Flight]:
    """A flight per checker step of ``play`` from ``state``, each from the board the steps
    before it left, with the dice used before it (shown grey meanwhile)."""
    me, opp, used, flights = state.on_roll, state.opponent, [], []
    dice = all_dice(state.dice)
    for step in play.steps:
        flights.append(Flight(state.turn, me, opp, step, list(used), seconds))
        used.append(die_for(step, [d for d in dice if d not in used] or dice))
        me, opp, _ = apply_step(me, opp, step)
    return flights


def used_dice(turn: TurnBuilder) -> list[int]:
    """The dice the turn in progress has played (drawn grey)."""
    full = all_dice(turn.state.dice)
    for die in turn.remaining:
        full.remove(die)
    return full


def partial_notation(turn: TurnBuilder | None) -> str:
    """The play being built, in standard notation (``24/20 13/10``; ``13/7*/5`` with a hit);
    "" when no step has been played this turn."""
    if turn is None or not turn.moves:
        return ""
    me, opp, hits = turn.state.on_roll, turn.state.opponent, set()
    for s, t, _ in turn.moves:
        me, opp, hit = apply_step(me, opp, (s, t))
        if hit:
            hits.add(t)
    return format_play(tuple((s, t) for s, t, _ in turn.moves), frozenset(hits))


def last_plays(rules, states: list[BackgammonState]) -> list[tuple[int, Play]]:
    """``(mover, play)`` of the latest play that led to ``states[-1]`` and of the other
    player's play before it, latest first (passes and cube actions are skipped); only plays
    of the game ``states[-1]`` belongs to, so a match's next game opens with nothing marked."""
    plays: list[tuple[int, Play]] = []
    game = game_number(states[-1])
    for before, after in zip(reversed(states[:-1]), reversed(states[1:])):
        if game_number(before) != game:
            break  # the previous game of the match
        if before.turn is None or before.dice is None or (plays and plays[-1][0] == before.turn) \
                or rules.to_move(before) != before.turn:  # a resignation to answer
            continue
        play = next((p for p, nxt in rules.successors(before) if nxt == after), None)
        if play is None:
            play = next((p for p, nxt in rules.successors(before) if nxt.sides == after.sides), None)
        if play is not None and play.steps:
            plays.append((before.turn, play))
        if len(plays) == 2:
            break
    return plays


class LastPlays:
    """:func:`last_plays` of a game's latest position, found once per position."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self._found: tuple = (None, None, [])  # (states[-1] it was found for, len(states), plays)

    def of(self, states: list[BackgammonState] | None, state: BackgammonState) -> list[tuple[int, Play]]:
        """The last plays when ``state`` is the last of ``states``, else none."""
        if not states or states[-1] is not state:
            return []
        if self._found[0] is not state or self._found[1] != len(states):
            self._found = (state, len(states), last_plays(self.rules, states))
        return self._found[2]


def play_paths(play: Play) -> list[list[int]]:
    """The slots each checker of ``play`` passed, a checker moving on (``24/20/16``) as one path."""
    paths: list[list[int]] = []
    for source, target in play.steps:
        chain = next((p for p in paths if p[-1] == source), None)
        chain.append(target) if chain else paths.append([source, target])
    return paths


def play_marks(layout: BoardGeometry, bottom: int, plays: list[tuple[int, Play]],
               sides: list[Side]) -> list[tuple[int, int, list]]:
    """What marks ``plays`` (:func:`last_plays`) on the board with ``sides`` on it:
    ``(mover, alpha, [(start, end), ...])`` per play, latest first; each ``(start, end)`` joins
    the screen spot a checker left (its ghost ring) to the checker where it landed."""
    marks = []
    for k, (mover, play) in enumerate(plays):
        mine, lines, mover_at_bottom = sides[mover], [], mover == bottom
        for path in play_paths(play):
            start, end = path[0], path[-1]
            left = layout.slot_pos(mover_at_bottom, start, mine[start] if start != OFF else 0)
            lines.append((left, layout.slot_pos(mover_at_bottom, end, max(mine[end] - 1, 0))))
        marks.append((mover, LAST_ALPHA[min(k, 1)], lines))
    return marks
