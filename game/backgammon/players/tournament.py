"""How backgammon tournaments may be played: cubeless (the default), as matches or as cubeful
money games (``tabula tournament backgammon --match N`` / ``--cube``), and what a match
record tells the statistics besides its ±1 result."""

from __future__ import annotations

from ...core.capabilities import TournamentOption, TournamentPlay
from ..cube.rules import game_number, match_score
from ..cube.state import MAX_MATCH_LENGTH

TOURNAMENT_FLAGS = {
    "match": TournamentOption("match_length", "play each game of the schedule as a match to N points, "
                              "scored +1 or -1 a match", 1, MAX_MATCH_LENGTH, group="cube"),
    "cube": TournamentOption("cube", "play cubeful money games, scored in points with the cube",
                             group="cube"),
}
"""``--match N`` sets ``match_length``, ``--cube`` sets ``cube``; one or the other (a match
always has the cube), neither for cubeless games."""


TOURNAMENT_CHOICES = (("Cubeless", {}), ("Money with cube", {"cube": True})) + tuple(
    (f"Match to {n}", {"match_length": n}) for n in (1, 3, 5, 7, 9, 11, 13, 15, 17, 21, 25))
"""What the window's tournament screen offers: the usual odd match lengths."""


def match_tally(state) -> tuple[int, tuple[int, int]] | None:
    """``(games, (points of seat 0, points of seat 1))`` of the finished match ``state``: the
    backgammon games it took and the points each side scored in them (the winner's may pass
    the match length); ``None`` outside matches."""
    score = match_score(state)
    return None if score is None else (game_number(state), score)


TOURNAMENT = TournamentPlay(flags=TOURNAMENT_FLAGS, choices=TOURNAMENT_CHOICES, tally=match_tally)
"""Backgammon's tournaments, as ``info.ability(TournamentPlay)`` loads them."""
