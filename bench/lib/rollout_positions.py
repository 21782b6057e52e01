"""The chequer decisions the rollout agreement bench uses: real ones, from the public matches
in ``tests/data/matches/`` (their source and licence: ``tests/data/matches/README.md``).

Every game of every file is replayed cubeless from its opening (the cube and score are left
out: both rollouts are of money positions without a cube).  A decision is *eligible* when
it is not the game's opening roll (``bench/speed/rollout.py`` times an opening), the checkers are
still in contact and the roll has at least :data:`MIN_PLAYS` plays leading to different
positions.  :func:`decision_order` lists one eligible decision per game, the
games and the decision within each drawn with ``random.Random(seed)``: the same seed gives
the same list.  It uses the rules only (no evaluator), so the list does not change when a
network does; the reference job then keeps the first five close and five clear decisions by
Open Sage's own ranking (:mod:`bench.agreement.rollout`).

    python -m bench.lib.rollout_positions [SEED]    # the decisions in their drawn order (seed 36)
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bench.lib.paths import MATCHES
from game.backgammon.board import BAR
from game.backgammon.matfile import read_match
from game.backgammon.position import format_position
from game.backgammon.rules import BackgammonRules
from game.backgammon.state import BackgammonState

MIN_PLAYS = 5
"""Fewest plays with different results for a decision to be eligible."""
RULES = BackgammonRules()


@dataclass(frozen=True)
class Decision:
    """A chequer decision of a match file: where it is (``source``: file, game, half-turn),
    the position ID with the side on roll first, the dice, and the play the player made."""

    source: str
    position: str
    dice: str
    played: str


def in_contact(state: BackgammonState) -> bool:
    """Whether a checker of either side still has to pass one of the other's."""
    me, opp = state.on_roll, state.opponent
    back_me = max(p for p in range(1, BAR + 1) if me[p]) if any(me[1:BAR + 1]) else 0
    back_opp = max(p for p in range(1, BAR + 1) if opp[p]) if any(opp[1:BAR + 1]) else 0
    return back_me + back_opp > 25


def game_decisions(path: Path) -> list[list[Decision]]:
    """Per game of the match file at ``path``, its eligible chequer decisions in order."""
    match = read_match(path.read_text(), path.name)
    games = []
    for game in match.games:
        sides = RULES.initial_state({}).sides
        found, opening = [], True
        for index, turn in enumerate(game.turns):
            if turn.kind != "play":
                continue
            me, opp = sides[turn.player], sides[1 - turn.player]
            state = BackgammonState.from_board(me, opp, turn.player, (int(turn.dice[0]), int(turn.dice[1])))
            successors = RULES.successors(state)
            distinct = {after.sides for _, after in successors}
            if not opening and len(distinct) >= MIN_PLAYS and in_contact(state):
                found.append(Decision(f"{path.stem} game {game.number} half-turn {index + 1}", format_position(state),
                                      f"{state.dice[0]}{state.dice[1]}", turn.action))
            play = RULES.parse_play(state, turn.action)
            sides, opening = RULES.apply(state, play).sides, False
        games.append(found)
    return games


def decision_order(seed: int) -> list[Decision]:
    """One eligible decision per game of every match file, in an order drawn from ``seed``."""
    rng = random.Random(seed)
    games = list(_every_game())
    rng.shuffle(games)
    return [rng.choice(found) for found in games]


@lru_cache(maxsize=1)
def _every_game() -> tuple[tuple[Decision, ...], ...]:
    """Every game's eligible decisions (those with any), files in name order (read once)."""
    return tuple(tuple(found) for path in sorted(MATCHES.glob("*.mat")) for found in game_decisions(path) if found)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print the rollout agreement's match decisions in their drawn order.")
    parser.add_argument("seed", nargs="?", type=int, default=36)
    args = parser.parse_args(argv)
    for decision in decision_order(args.seed):
        print(decision.source, decision.position, decision.dice, decision.played, sep="  ")


if __name__ == "__main__":
    main()
