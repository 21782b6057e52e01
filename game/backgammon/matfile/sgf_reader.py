"""Read GNU Backgammon's ``.sgf`` match files (SGF ``GM[6]``) into a :class:`~.model.MatchFile`,
every game replayed through the rules like a ``.mat`` file's.

The format (red-bean.com/sgf/backgammon.html, as GNU Backgammon writes it): one game tree
per game; the root node carries ``MI[length:N][game:i][ws:a][bs:b]`` (White's and Black's
score before the game), ``PW``/``PB`` (White is the ``.mat`` file's left player, 0),
``RU[Crawford]``/``RU[Crawford:CrawfordGame]``/``RU[Jacoby]``, ``RE[W+2]`` (``R`` appended
for a resignation); then one node per action: ``W[31hefe]`` (dice, then from/to letters in
the mover's numbering, ``a`` its 1-point … ``x`` its 24-point, ``y`` the bar, ``z`` off),
``W[double]``, ``B[take]``, ``B[drop]``.

Choices where the format is silent:

- Games are numbered by their order in the file (GNU writes ``game:`` from 0, the spec from 1).
- A ``double`` by the player a cube was just offered to is a beaver; the doubler's ``take``
  that follows it is implied by Tabula's rules and consumed.
- A game with no ``RE`` must have been played out (its winner and points come from the replay).
- Automatic doubles (``CV`` above 1), set-up positions (``AB``/``AW``/``AE``) and dice set
  without a move are refused with a clear message: Tabula's rules cannot replay them.
- Analysis, comments and marks in the file are ignored (a review recomputes its own).
"""

from __future__ import annotations

import re
from pathlib import Path

from ...core.protocol import MoveError
from ...core.untrusted import shown
from ..cube.state import OFFERED
from .model import MatchFile, MatchFileError
from .replay import RULES, apply_half, replay_games, start_game
from .sgf_syntax import parse

HEADER_OF = {"EV": "Event", "RO": "Round", "PC": "Site", "AN": "Annotator", "DT": "EventDate",
             "WR": "Player 1 Elo", "BR": "Player 2 Elo", "GC": "Comment"}
"""Root properties kept as the ``.mat`` header keys they mean."""
REFUSED = {"AB": "a set-up position", "AW": "a set-up position", "AE": "a set-up position",
           "DI": "dice set without a move", "CP": "a cube position set by hand"}


def read_sgf(source: str | Path) -> MatchFile:
    """The match in ``source`` (its text, or a :class:`~pathlib.Path` to a trusted file);
    :class:`MatchFileError` when it is no backgammon SGF file or a move is bad (naming the game
    and the move number; ``partial`` keeps the games read before it)."""
    text = source.read_text(encoding="utf-8", errors="replace") if isinstance(source, Path) else source
    try:
        trees = parse(text)
    except ValueError as error:
        raise MatchFileError(str(error)) from None
    trees = [tree for tree in trees if _first(tree[0], "GM") == "6"]
    if not trees:
        raise MatchFileError("not a backgammon SGF file: no game tree has GM[6]")
    first = trees[0][0]
    info = _match_info(first)
    length = info.get("length", 0)
    if not 0 <= length <= 25:
        raise MatchFileError(f"a {length}-point match is beyond what Tabula plays (1 to 25 points, 0 for money)")
    names = (_first(first, "PW") or "White", _first(first, "PB") or "Black")
    header = [(key, _header_value(prop, _first(first, prop))) for prop, key in HEADER_OF.items() if _first(first, prop)]
    match = MatchFile(header, length, names, [], "sgf", jacoby=_first(first, "RU") == "Jacoby")
    return replay_games(match, ((number, _stated_score(tree[0]), lambda done, score, number=number, tree=tree:
                                 _replay(number, tree, length, score, done, match.jacoby))
                                for number, tree in enumerate(trees, 1)))


def _first(node, name: str) -> str | None:
    for prop, values in node:
        if prop == name:
            return values[0] if values else ""
    return None


def _match_info(node) -> dict[str, int]:
    info = {}
    for prop, values in node:
        if prop == "MI":
            for value in values:
                tag, _, number = value.partition(":")
                digits = number.strip()
                if digits.lstrip("-").isdigit():
                    if len(digits.lstrip("-0")) > 9:
                        raise MatchFileError(f"MI[{tag.strip()[:20]}:{digits[:12]}…]: a number beyond any match")
                    info[tag.strip().lower()] = int(digits)
    return info


def _stated_score(root) -> tuple[int, int] | None:
    """The score before the game that the root's ``MI[ws:a][bs:b]`` states, if it does."""
    info = _match_info(root)
    return (info["ws"], info["bs"]) if "ws" in info and "bs" in info else None


def _header_value(prop: str, value: str) -> str:
    return value.replace("-", ".") if prop == "DT" else value


def _replay(number: int, tree, length: int, score: tuple[int, int], crawford_done: bool, jacoby: bool):
    root = tree[0]
    info = _match_info(root)
    if info.get("length", length) != length:
        raise MatchFileError(f"game {number}: MI says a {info['length']}-point match, the first game "
                             f"{length}", game=number)
    cube_value = _first(root, "CV")
    if cube_value not in (None, "1"):
        raise MatchFileError(f"game {number}: automatic doubles (CV[{shown(cube_value, 20)[1:-1]}]) are not in Tabula's rules",
                             game=number)
    game, state = start_game(number, score, length, crawford_done, jacoby)
    resigned, beavered, move = False, False, 0
    for node in tree[1:]:
        for prop, values in node:
            if prop in REFUSED:
                raise MatchFileError(f"game {number}, after move {move}: {REFUSED[prop]} ({prop}) cannot be "
                                     "replayed by Tabula's rules", game=number, move=move)
            if prop not in ("W", "B"):
                continue
            move += 1
            player = 0 if prop == "W" else 1
            value = (values[0] if values else "").strip().lower()
            try:
                if value == "take" and beavered:
                    beavered = False  # the doubler accepting the beaver: part of Tabula's beaver
                    continue
                if value == "resign":
                    continue  # the result (RE) says who won and how much
                text = _half_text(value, player, state)
                beavered = text.startswith("Beavers")
                state, resigned = apply_half(game, state, player, text, resigned)
            except (MoveError, ValueError) as error:
                raise MatchFileError(f"game {number}, move {move}: {prop}[{shown(value, 80)[1:-1]}]: {error}",
                                     game=number, move=move) from None
    _finish(game, state, number, _first(root, "RE"), resigned)
    return game


def _half_text(value: str, player: int, state) -> str:
    """The ``.mat`` half-turn text of an SGF move value (see :mod:`.replay`)."""
    if value == "double":
        offered = state.cube is not None and state.cube.phase == OFFERED and state.turn != player
        return f"Beavers => {4 * state.cube.value}" if offered else f"Doubles => {2 * state.cube.value}"
    if value in ("take", "drop"):
        return "Takes" if value == "take" else "Drops"
    found = re.fullmatch(r"([1-6])([1-6])([a-z]*)", value)
    if not found or len(found.group(3)) % 2:
        raise ValueError("expected dice and from/to letters such as 31hefe, or double, take, drop")
    letters = found.group(3)
    steps = [f"{_point(letters[i], player)}/{_point(letters[i + 1], player)}" for i in range(0, len(letters), 2)]
    return f"{found.group(1)}{found.group(2)}: " + " ".join(steps) if steps else f"{found.group(1)}{found.group(2)}:"


def _point(letter: str, player: int) -> int:
    """A point letter in the mover's numbering (25 the bar, 0 off)."""
    if letter == "y":
        return 25
    if letter == "z":
        return 0
    index = ord(letter) - ord("a")
    return index + 1 if player == 0 else 24 - index


def _finish(game, state, number: int, result: str | None, resigned: bool) -> None:
    if result is None:
        over = state.cube is not None and state.cube.result is not None or RULES.is_over(state)
        if not over:
            raise MatchFileError(f"game {number} has no result (RE) and was not played to the end", game=number)
        winner, points = state.cube.result
        result = f"{'WB'[winner]}+{points}"
    found = re.fullmatch(r"\s*([WB])\+(\d{1,9})(R?)\s*", result, re.IGNORECASE)
    if not found:
        raise MatchFileError(f"game {number}: cannot read the result RE[{result[:20]}] (expected W+2 or B+1R)",
                             game=number)
    winner = "WB".index(found.group(1).upper())
    try:
        apply_half(game, state, winner, f"Wins {found.group(2)} point", resigned or bool(found.group(3)))
    except ValueError as error:
        raise MatchFileError(f"game {number}: RE[{result}]: {error}", game=number) from None
