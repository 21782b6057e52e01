"""Read a ``.mat`` match file (GNU Backgammon / BackgammonGalaxy or Backgammon Studio text)
and replay every game through :class:`~..rules.BackgammonRules`.

Choices where the format is silent (``/work/shared/data/backgammon/README.md`` describes both
dialects as observed):

- **Columns.**  A row's halves are told apart by the column where the second name starts
  on the game's score line; a half starts with ``DD:`` or a cube or end word, so a long left
  move that pushes the right half further still splits right.
- **Moves.**  Each written move is matched to the legal play reaching the same position
  (hits inferred, a bear-off with a larger die, Studio's ``(n)`` and two-dice tokens);
  when two legal plays reach it, the one whose hits match the written steps wins.
- **Results.**  A game earns cube × (1, 2, 3) when played out, the cube when a double is
  dropped, and the ``Wins`` figure for a resignation (``Losses N point``).  The ``Wins``
  figure is kept as ``stated_points``; it may be smaller in the final game.
- **Money files.**  A ``16 point match`` holding one game (likely a money game) is replayed
  as the 16-point match its header states: the moves and cube are the same either way.
- **Errors.**  :class:`MatchFileError` names the game and row (and the text); its
  ``partial`` keeps the games read before the bad one.
"""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from ...core.protocol import IllegalMoveError
from ..cube_state import BEAVER, DECIDE, DOUBLE, PASS, ROLL, TAKE
from ..rules import BackgammonRules, Play, Roll
from .model import MatchFile, MatchFileError, MatchGame, Turn

HEADER = re.compile(r'^;\s*\[(.*?)\s+"(.*)"\]\s*$')
LENGTH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
SCORE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
ROW = re.compile(r"^\s*(\d+)\)")
MARK = re.compile(r"\d\d:|Doubles\b|Takes\b|Drops\b|Beavers\b|Wins\b|Losses\b", re.IGNORECASE)
HOW = {1: "single", 2: "gammon", 3: "backgammon"}
RULES = BackgammonRules()


def read_mat(source: str | Path) -> MatchFile:
    """The match in ``source`` (its text, or a :class:`~pathlib.Path` to a trusted file),
    every game replayed; :class:`MatchFileError` when it is no match file or a move is bad."""
    text = source.read_text(encoding="utf-8", errors="replace") if isinstance(source, Path) else source
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    header, length, blocks = _split(lines)
    dialect = "studio" if any("Studio" in v for _, v in header) or "Cannot Move" in text else "galaxy"
    names = blocks[0][1] if blocks else ("", "")
    match = MatchFile(header, length, names, [], dialect)
    crawford_done = False
    for number, _, score, column, rows in blocks:
        try:
            game = _replay(number, score, column, rows, length, crawford_done)
        except MatchFileError as error:
            error.partial = match
            if match.games:
                error.args = (f"{error.args[0]} ({len(match.games)} game(s) read before it)",)
            raise
        crawford_done = crawford_done or game.crawford
        match.games.append(game)
    return match


def _split(lines: list[str]):
    """(header, match length, [(game number, names, score, column, [(row, line)])])."""
    header: list[tuple[str, str]] = []
    length = None
    blocks: list = []
    current = None
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        found = HEADER.match(line)
        if found and not blocks:
            header.append((found.group(1), found.group(2)))
            continue
        found = LENGTH.match(line)
        if found and length is None:
            length = int(found.group(1))
            continue
        found = GAME.match(line)
        if found:
            if length is None:
                break
            current = [int(found.group(1)), None, None, None, []]
            blocks.append(current)
            continue
        if current is not None and current[1] is None:
            found = SCORE.match(line)
            if not found:
                raise MatchFileError(f"game {current[0]}: expected a score line ' Name1 : 0   Name2 : 0', "
                                     f"got {line.strip()[:60]!r}", game=current[0])
            current[1] = (found.group(1), found.group(3))
            current[2] = (int(found.group(2)), int(found.group(4)))
            current[3] = found.start(3)
            continue
        if current is not None:
            row = ROW.match(line)
            current[4].append((int(row.group(1)) if row else None, line, row.end() if row else 0))
            continue
        raise MatchFileError(f"not a match file: line {index + 1} is not part of one: {line.strip()[:60]!r}")
    if length is None or not blocks:
        raise MatchFileError("not a match file: no 'N point match' line followed by ' Game 1'")
    if not 1 <= length <= 25:
        raise MatchFileError(f"a {length}-point match is beyond what Tabula plays (1 to 25 points)")
    return header, length, blocks


def _halves(line: str, start: int, column: int) -> list[tuple[int, str]]:
    """The halves of a row as ``(player, text)``, told apart by ``column``."""
    marks = [m.start() for m in MARK.finditer(line, start)]
    rest = line[start:marks[0]].strip() if marks else line[start:].strip()
    if rest:
        raise ValueError(f"cannot read {line.strip()!r}")
    bounds = marks + [len(line)]
    return [(0 if begin < column - 1 else 1, line[begin:end].strip()) for begin, end in pairwise(bounds)]


def _replay(number, score, column, rows, length, crawford_done) -> MatchGame:
    options = {"match_length": length, "score": list(score)}
    if max(score) == length - 1 and crawford_done:
        options["crawford_done"] = True
    try:
        state = RULES.initial_state(options)
    except ValueError as error:
        raise MatchFileError(f"game {number}: {error}", game=number) from None
    game = MatchGame(number, score, crawford=state.cube.crawford)
    resigned = False
    for row, line, start in rows:
        try:
            halves = _halves(line, start, column)
        except ValueError as error:
            raise MatchFileError(f"game {number}, move {row}: {error}", game=number, move=row) from None
        for player, text in halves:
            try:
                word = text.split()[0].lower()
                if word == "losses":
                    resigned = True
                elif word == "wins":
                    _finish(game, state, player, text, resigned)
                else:
                    state = _turn(game, state, player, text)
            except (IllegalMoveError, ValueError) as error:
                where = f"game {number}, move {row}" if row is not None else f"game {number}"
                raise MatchFileError(f"{where}: {text!r}: {error}", game=number, move=row) from None
    if game.winner is None:
        raise MatchFileError(f"game {number} has no 'Wins N point' line", game=number)
    return game


def _finish(game: MatchGame, state, player: int, text: str, resigned: bool) -> None:
    found = re.match(r"wins\s+(\d+)\s+points?", text, re.IGNORECASE)
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
    elif resigned:
        game.winner, game.points, game.how = player, game.stated_points, "resign"
    else:
        raise ValueError("the game is not over and nobody resigned")


def _turn(game: MatchGame, state, player: int, text: str):
    word = text.split()[0].lower()
    cube_words = {"doubles": (DOUBLE, "double"), "takes": (TAKE, "take"), "drops": (PASS, "drop"),
                  "beavers": (BEAVER, "beaver")}
    if word in cube_words:
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
    play, after = _match_play(state, found.group(3).strip())
    notation = RULES.notation(state, play)
    game.turns.append(Turn(player, "play", text, notation, f"{max(dice)}{min(dice)}", play.steps))
    return after


def _steps(text: str) -> list[tuple[int, int, bool]]:
    """The written steps ``(source, target, hit)`` of a move, Galaxy or Studio."""
    if text.lower() in ("", "cannot move"):
        return []
    steps = []
    for token in text.split():
        found = re.fullmatch(r"(.*?)(?:\((\d)\))?", token)
        path, count = found.group(1), int(found.group(2) or 1)
        points = path.split("/")
        if len(points) < 2:
            raise ValueError(f"cannot read {token!r}")
        chain = []
        for point in points:
            hit = point.endswith("*")
            point = point.rstrip("*").lower()
            value = 25 if point == "bar" else 0 if point == "off" else int(point) if point.isdigit() else -1
            if not 0 <= value <= 25:
                raise ValueError(f"cannot read {token!r}")
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


def _match_play(state, text: str):
    """The legal play (and the state after) that the written move reaches."""
    me, opp = state.on_roll, state.opponent
    mine, theirs = _written(me, opp, _steps(text))
    candidates = []
    for play, after in RULES.successors(state):
        if after.sides[state.turn] == mine:
            candidates.append((after.sides[1 - state.turn] == theirs, play, after))
    if not candidates:
        raise IllegalMoveError("no legal play reaches this position")
    candidates.sort(key=lambda c: not c[0])
    _, play, after = candidates[0]
    assert isinstance(play, Play)
    return play, after
