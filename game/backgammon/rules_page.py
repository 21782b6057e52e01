"""Backgammon's rules page (:data:`PAGE`): the rules :mod:`.rules` and :mod:`.cube.rules`
play, in a player's words, with the options the menu offers (the cube, the Jacoby rule,
beavers, matches and the Crawford rule)."""

from __future__ import annotations

from ..core.rules_page import parse
from .cube.state import MAX_CUBE, MAX_MATCH_LENGTH

TEXT = f"""
Two players race fifteen checkers each around a board of 24 points, moving by the roll of
two dice, and then bear them off. The first to bear off all fifteen wins.

## The board
The 24 points (the long triangles) lie in four quarters of six, with the bar across the
middle. White and Black move in opposite directions, each towards their own home board, the
last quarter on their way. Each player counts the points from their own side: 24 is the
farthest, 1 the last point of the home board. At the start each player has two checkers on
their 24-point, five on the 13-point, three on the 8-point and five on the 6-point. The
settings choose whether your home board is on the right or on the left.

## The opening roll
Each player throws one die. The higher die starts and plays the two numbers thrown; equal
dice are thrown again. From then on, a player rolls both dice at the start of each turn.

## Moving
- Each die moves one checker forward by its number. One checker may use both dice, one
  after the other.
- A checker may land on an empty point, on a point of its own checkers, or on a point with a
  single enemy checker (a blot). A point held by two or more enemy checkers is closed.
- A double is played four times: 5-5 gives four moves of 5.
- You must play both dice when you can. When only one of them can be played, play it; when
  either could be played but not both, play the larger. With no legal play the turn passes.
- Landing on a blot hits it: the checker goes to the bar. A player with a checker on the bar
  must first bring it in, on the point of the opponent's home board that matches a die (a 1
  enters on your 24-point, a 6 on your 19-point). Nothing else moves until every checker on
  the bar has entered.

## Bearing off
Once all fifteen of your checkers are in your home board, you may bear them off. A die takes
off a checker from the point of its number; a die higher than your highest occupied point
takes one off from the highest point. You may also move within your home board instead. A
checker hit while you bear off must come round to your home board again before you bear off
more.

## Winning
The first player to bear off every checker wins:
- a single game (1 point) when the loser has borne off at least one checker;
- a gammon (2 points) when the loser has borne off none;
- a backgammon (3 points) when the loser has borne off none and still has a checker on the
  bar or in the winner's home board.

## The doubling cube
The menu offers cubeless games (each win counts as above), money games with the cube, and
matches (always with the cube). The cube starts in the middle at 1 (showing 64 there, as
real cubes do).
- At the start of your turn, before you roll, you may double when the cube is in the middle
  or yours. Your opponent then takes, playing on for twice the stakes and owning the cube
  (only they may double next), or passes and loses the game at the stakes before the double.
- A game is worth its kind (1, 2 or 3) times the cube. The cube goes no higher than
  {MAX_CUBE}.
- The Jacoby rule (money games, an option): a gammon or backgammon counts only as a single
  game while nobody has doubled.
- Beavers (money games, an option): a player who is doubled may beaver: take and at once
  double again, keeping the cube.

## Matches
A match is played to a number of points (1 to {MAX_MATCH_LENGTH}); each game's points go to
its winner's score, and the first to reach the length wins the match. When a player first
comes within one point of winning, the next game (the Crawford game) is played without
doubling; doubling returns in the games after it. A match has no Jacoby rule and no beavers.

## In the window
- Click a checker to move it by the higher die, right-click to move it by the lower one, or
  drag it to a highlighted point. Done (Enter) confirms the turn; Undo takes back within it.
- With the cube, Roll and Double buttons (R, D) stand where the dice will fall whenever you
  may double; a double offered to you asks Take, Pass or Beaver (T, P, B).
- Plays are written from the mover's side, from point to point: 24/18 13/11, with a star
  for a hit (13/7*), bar/22 to enter and 6/off to bear off.
"""

PAGE = parse("Backgammon", TEXT)
"""Backgammon's rules page (the window's Rules screen and ``tabula rules backgammon``)."""
