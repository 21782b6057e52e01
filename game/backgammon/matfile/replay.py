"""Replaying a match file's game, half-turn by half-turn, through :class:`~..rules.BackgammonRules`.

Shared by the ``.mat`` reader (:mod:`.reader`) and the ``.sgf`` reader (:mod:`.sgf_reader`):
both turn what they read into the same half-turn texts (``"31: 8/5 6/5"``, ``"Doubles => 2"``,
``"Takes"``, ``"Drops"``, ``"Beavers"``, ``"Wins 2 point"``, ``"Losses 2 point"``) and
:func:`apply_half` checks and plays each one.

- **Moves.**  Each written move is matched to the legal play reaching the same position
  (hits inferred, a bear-off with a larger die, Studio's ``(n)`` and two-dice tokens);
  when two legal plays reach it, the one whose hits match the written steps wins.
- **Results.**  A game earns cube × (1, 2, 3) when played out, the cube when a double is
  dropped, and the ``Wins`` figure for a resignation.  The ``Wins`` figure is kept as
  ``stated_points``; it may be smaller in the final game.
- **A result line that contradicts the replay**, like a score line that does, is said in the
  match's ``notes`` and the replay's result is used (``stated_points`` is then ``None``, so an
  export writes the replayed figure): a game played out or dropped whose file gives other
  points (``Wins 999 point``, ``RE[W+0]``) or calls it resigned (``RE[W+2R]``, a ``Losses``
  line).  The one figure accepted besides the replay's is Galaxy's in a match-winning game:
  at least the points the winner needed and at most the replay's (it writes a 4-point
  gammon that wins a 3-point match as ``Wins 3 point``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from ...core.protocol import IllegalMoveError
from ...core.untrusted import shown
from ..cube.state import BEAVER, DECIDE, DOUBLE, PASS, ROLL, TAKE
from ..movegen import legal_plays
from ..rules import BackgammonRules, Play
from ..state import Roll
from .model import MatchFile, MatchFileError, MatchGame, Turn

HOW = {1: "single", 2: "gammon", 3: "backgammon"}
RULES = BackgammonRules()


def replay_games(match: MatchFile, games) -> MatchFile:
    """Append to ``match`` each game of ``games``: ``(number, stated score, replay)`` triples,
    ``replay(crawford_done, score) -> MatchGame`` (whether a Crawford game was played before
    it, the score to start it at).  A bad game's :class:`MatchFileError` keeps the games read
    before it as ``partial`` and says how many.

    The first game starts at the score its file states (a file may begin mid-match); every
    later one at the score the replayed games make, as GNU Backgammon does.  A stated score
    that contradicts the replay is said in ``match.notes``, and the replay's is used: so the
    score a game is replayed at, and the one an export writes, always agree."""
    crawford_done, score = False, None
    for number, stated, replay_one in games:
        if score is None:
            score = list(stated or (0, 0))
        elif stated is not None and tuple(stated) != tuple(score):
            match.notes.append(f"game {number}: the file gives the score as {stated[0]}-{stated[1]}, but the "
                               f"games before it make it {score[0]}-{score[1]}; the replayed score is used")
        try:
            game = replay_one(crawford_done, (score[0], score[1]))
        except MatchFileError as error:
            error.partial = match
            if match.games:
                error.args = (f"{error.args[0]} ({len(match.games)} game(s) read before it)",)
            raise
        crawford_done = crawford_done or game.crawford
        match.games.append(game)
        match.notes.extend(game.notes)
        if game.winner is not None:
            score[game.winner] += game.points
    return match


def start_game(number: int, score: tuple[int, int], length: int, crawford_done: bool, jacoby: bool = False):
    """``(game, state)`` before the opening roll of game ``number`` at ``score`` (the Crawford
    game when a side is one away and no Crawford game was played yet).  ``length`` 0 is a
    money game (cube, beavers allowed, ``jacoby`` as the file says; ``score`` is kept as the
    session's, not the rules')."""
    if length == 0:
        options = {"cube": True, "beavers": True, "jacoby": jacoby}
    else:
        options = {"match_length": length, "score": list(score)}
        if max(score) == length - 1 and crawford_done:
            options["crawford_done"] = True
    try:
        state = RULES.initial_state(options)
    except ValueError as error:
        raise MatchFileError(f"game {number}: {error}", game=number) from None
    return MatchGame(number, tuple(score), crawford=state.cube.crawford), state


def apply_half(game: MatchGame, state, player: int, text: str, resigned: bool):
    """Play one half-turn ``text`` of ``player``; returns ``(state, resigned)``.
    ``ValueError`` (a ``MoveError`` for a move) when it cannot be read or is illegal."""
    word = text.split()[0].lower()
    if word == "losses":
        return state, True
    if word == "wins":
        finish(game, state, player, text, resigned)
        return state, resigned
    return play_turn(game, state, player, text), resigned


def finish(game: MatchGame, state, player: int, text: str, resigned: bool) -> None:
    found = re.match(r"wins\s+(\d{1,9})\s+points?", text, re.IGNORECASE)
    if not found:
        raise ValueError("expected 'Wins N point'")
    game.stated_points = int(found.group(1))
    over = RULES.is_over(state) or state.cube.result is not None
    if over:
        winner, points = state.cube.result
        if winner != player:
            raise ValueError("the replay has the other player winning")
        game.winner, game.points = winner, points
        if game.turns and game.turns[-1].kind == "drop":
            game.how = "drop"
        else:
            game.how = HOW[points // state.cube.value]
        check_result(game, state.cube.match_length, resigned)
    elif resigned:
        most = 3 * state.cube.value
        if not 1 <= game.stated_points <= most:
            raise ValueError(f"a resignation at a cube of {state.cube.value} wins 1 to {most} points, "
                             f"not {game.stated_points}")
        game.winner, game.points, game.how = player, game.stated_points, "resign"
    else:
        raise ValueError("the game is not over and nobody resigned")


ENDING = {"drop": "a drop", "single": "a single game", "gammon": "a gammon", "backgammon": "a backgammon"}


def check_result(game: MatchGame, length: int, resigned: bool) -> None:
    """Note a played-out or dropped ``game``'s stated result when the replay contradicts it
    (see the module doc); the replayed result stands."""
    stated, points = game.stated_points, game.points
    needed = length - game.score[game.winner] if length else None
    agrees = stated == points or (needed is not None and needed <= stated < points)
    if agrees and not resigned:
        return
    said = f"a resignation for {stated}" if resigned else f"{stated}"
    game.notes.append(f"game {game.number}: the file gives the result as {said} point(s), but the replay "
                      f"ends in {ENDING[game.how]} worth {points}; the replayed result is used")
    game.stated_points = None


def play_turn(game: MatchGame, state, player: int, text: str):
    word = text.split()[0].lower()
    cube_words = {"doubles": (DOUBLE, "double"), "takes": (TAKE, "take"), "drops": (PASS, "drop"),
                  "beavers": (BEAVER, "beaver")}
    if word in cube_words:
        if state.turn is None:
            raise ValueError("a cube action before the game's opening roll")
        action, kind = cube_words[word]
        mover = state.turn if kind in ("double",) else 1 - state.turn
        if mover != player:
            raise ValueError("it is the other player's turn")
        notation = RULES.notation(state, action)
        state = RULES.apply(state, action)
        game.turns.append(Turn(player, kind, text, notation))
        return state
    found = re.fullmatch(r"(\d)(\d):\s*(.*)", text)
    if not found:
        raise ValueError("cannot read this move")
    dice = (int(found.group(1)), int(found.group(2)))
    if state.turn is None:
        state = RULES.apply(state, Roll.of(*dice, first=player))
    else:
        if state.turn != player:
            raise ValueError("it is the other player's turn")
        if state.cube.phase == DECIDE:
            state = RULES.apply(state, ROLL)
        state = RULES.apply(state, Roll.of(*dice))
    play, after = match_play(state, found.group(3).strip())
    notation = RULES.notation(state, play)
    game.turns.append(Turn(player, "play", text, notation, f"{max(dice)}{min(dice)}", play.steps))
    return after


def written_steps(text: str) -> list[tuple[int, int, bool]]:
    """The written steps ``(source, target, hit)`` of a move, Galaxy or Studio."""
    if text.lower() in ("", "cannot move"):
        return []
    steps = []
    for token in text.split():
        found = re.fullmatch(r"(.*?)(?:\((\d)\))?", token)
        path, count = found.group(1), int(found.group(2) or 1)
        points = path.split("/")
        if len(points) < 2:
            raise ValueError(f"cannot read {shown(token, 80)}")
        chain = []
        for point in points:
            hit = point.endswith("*")
            point = point.rstrip("*").lower()
            value = 25 if point == "bar" else 0 if point == "off" else int(point) if point.isdigit() else -1
            if not 0 <= value <= 25:
                raise ValueError(f"cannot read {shown(token, 80)}")
            chain.append((value, hit))
        for repeat in range(count):
            for (source, _), (target, hit) in pairwise(chain):
                steps.append((source, target, hit and repeat == 0))
    return steps


def _written(me, opp, steps):
    """Both sides after the written steps, hitting any lone checker landed on."""
    mine, theirs = list(me), list(opp)
    for source, target, _ in steps:
        if mine[source] <= 0:
            raise ValueError(f"no checker on {'the bar' if source == 25 else source}")
        mine[source] -= 1
        mine[target] += 1
        if 0 < target < 25 and theirs[25 - target] == 1:
            theirs[25 - target] = 0
            theirs[25] += 1
    return tuple(mine), tuple(theirs)


@lru_cache(maxsize=4096)
def _plays(me, opp, die1: int, die2: int):
    """:func:`~..movegen.legal_plays`, remembered for the positions met most recently."""
    return legal_plays(me, opp, die1, die2)


def match_play(state, text: str):
    """The legal play (and the state after) that the written move reaches.

    Reading is linear in the moves, and the move generator is most of its cost: only the
    legal plays' boards are compared (:func:`~..movegen.legal_plays`), the state is built
    for the one that matches, not for every legal play, and the plays of positions met
    again (every game's opening, a file that repeats games) come from a bounded cache."""
    me, opp = state.on_roll, state.opponent
    mine, theirs = _written(me, opp, written_steps(text))
    candidates = [(opp_after != theirs, steps) for steps, me_after, opp_after in _plays(me, opp, *state.dice)
                  if me_after == mine]
    if not candidates:
        raise IllegalMoveError("no legal play reaches this position")
    candidates.sort(key=lambda c: c[0])  # the play whose hits match the written steps first
    play = Play(candidates[0][1])
    return play, RULES.apply(state, play)
