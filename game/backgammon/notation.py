"""Standard backgammon move notation: ``24/18 13/11``, ``13/7*/5``, ``6/4(2)``, ``bar/22``, ``6/off``.

Formatting joins the steps of one checker into a path (a hit in the middle stays visible:
``13/7*/5``; a path with no hit on the way is written from start to end: ``24/13``), then
groups identical paths with a count.  Parsing reads the same forms (plus optional ``31:``
dice prefix and gnubg's ``25``/``0`` for bar/off) into checker paths; :mod:`.rules` then
matches them to a legal play by the resulting position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.untrusted import shown
from .board import BAR, OFF

NO_PLAY = "(no play)"
_NO_PLAY_WORDS = {"", "-", "no play", "(no play)", "cannot move", "pass"}


def point_text(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def format_play(steps: tuple[tuple[int, int], ...], hits: frozenset[int]) -> str:
    """Notation for ``steps`` (in the mover's numbering) that hit on the points ``hits``."""
    if not steps:
        return NO_PLAY
    paths: list[list[int]] = []
    for source, target in steps:
        for path in paths:
            # Continue the checker that just arrived at ``source`` (not one that hit there
            # and may have been a different checker; the chain is the natural reading).
            if path[-1] == source:
                path.append(target)
                break
        else:
            paths.append([source, target])
    texts = []
    for path in paths:
        shown = [path[0]] + [p for p in path[1:-1] if p in hits] + [path[-1]]
        texts.append("/".join(point_text(p) + ("*" if p in hits and p != OFF else "") for p in shown))
    # gnubg's order: highest starting point first, then highest landing point.
    order = sorted(set(texts), key=lambda t: (_first_point(t), _landing(t)), reverse=True)
    return " ".join(f"{t}({texts.count(t)})" if texts.count(t) > 1 else t for t in order)


_POINT = re.compile(r"(?<![(\d])(\d+)(?![\d)])")
"""A point number in a play's text (not a count in brackets: ``6/4(2)``)."""


def renumbered(text: str) -> str:
    """A play written from the other side of the board: every point ``n`` becomes ``25 - n``
    (``24/18 13/11`` → ``1/7 12/14``); the bar, off, hits and counts stay."""
    return _POINT.sub(lambda found: str(25 - int(found.group(1))) if 1 <= int(found.group(1)) <= 24
                      else found.group(1), text)


def _first_point(text: str) -> int:
    return _point_value(text.split("/")[0])


def _landing(text: str) -> int:
    return _point_value(text.split("/")[-1].rstrip("*"))


def _point_value(word: str) -> int:
    return BAR if word == "bar" else OFF if word == "off" else int(word)


@dataclass(frozen=True)
class ParsedPlay:
    """Checker paths read from text: each path lists its points; ``hits`` are the starred ones."""

    dice: tuple[int, int] | None
    paths: tuple[tuple[int, ...], ...]
    hits: frozenset[int]


_DICE = re.compile(r"^\s*([1-6])([1-6])\s*:\s*")
_PATH = re.compile(r"^(?P<points>[^()]+?)(?:\((?P<count>\d+)\))?$")


def _read_point(word: str, text: str) -> int:
    word = word.strip().lower()
    if word in ("bar", "b", "25"):
        return BAR
    if word in ("off", "o", "0"):
        return OFF
    if word.isdigit() and 1 <= int(word) <= 24:
        return int(word)
    raise ValueError(f"bad move notation {shown(text)}: {shown(word)} is not a point (1-24, bar or off)")


def parse_play(text: str) -> ParsedPlay:
    """Read notation into checker paths; ``ValueError`` with the reason if it is malformed."""
    dice = None
    body = text
    match = _DICE.match(text)
    if match:
        dice = (int(match.group(1)), int(match.group(2)))
        body = text[match.end():]
    if body.strip().lower() in _NO_PLAY_WORDS:
        return ParsedPlay(dice, (), frozenset())
    paths: list[tuple[int, ...]] = []
    hits: set[int] = set()
    for word in body.split():
        found = _PATH.match(word)
        if not found or "/" not in word:
            raise ValueError(f"bad move notation {shown(text)}: {shown(word)} is not of the form 13/7 or 6/4(2)")
        count = int(found.group("count") or 1)
        if not 1 <= count <= 4:
            raise ValueError(f"bad move notation {shown(text)}: a checker count ({count}) must be 1 to 4")
        points = []
        for part in found.group("points").split("/"):
            starred = part.endswith("*")
            point = _read_point(part.rstrip("*"), text)
            if starred:
                hits.add(point)
            points.append(point)
        if any(a <= b for a, b in zip(points, points[1:])):
            raise ValueError(f"bad move notation {shown(text)}: {shown(word)} does not move towards home")
        paths.extend([tuple(points)] * count)
    return ParsedPlay(dice, tuple(paths), frozenset(hits))


_TURN = re.compile(r"(?:^|\s)((?:(?:white|black)\s+)?[1-6][1-6])\s*:", re.IGNORECASE)
_CUBE_WORD = re.compile(r"(?:^|\s+)(rolls?|doubles?(?:\s*=>\s*\d+)?|takes?|drops?|beavers?(?:\s*=>\s*\d+)?)\s*$",
                        re.IGNORECASE)
"""A cube decision at the end of a turn's text (``Doubles => 2``, ``Takes``; ``pass`` is not
one here: it is also a way to write no play)."""


def join_turns(actions: list[str]) -> str:
    """The inverse of :func:`split_turns`: ``["31", "8/5 6/5", "52", "13/8 13/11"]`` as
    ``"31:8/5 6/5 52:13/8 13/11"``; cube decisions stand between the turns as they are
    (``"... Doubles => 2 Takes 52:13/8 13/11"``), an opening roll naming who starts keeps its
    colour (``"white 31:8/5 6/5"``, the next game of a match).  ``ValueError`` for a list that
    form cannot write: one ending with a roll, or an action that is neither a roll, a play
    after its roll, nor a cube decision."""
    words, pending = [], None
    for action in actions:
        if pending is not None:
            words.append(f"{pending}:{action}")
            pending = None
        elif _TURN.fullmatch(f"{action}:") or _TURN.fullmatch(f" {action}:"):
            pending = action
        elif _CUBE_WORD.fullmatch(action) or _CUBE_WORD.fullmatch(f" {action}"):
            words.append(action)
        else:
            raise ValueError(f"{shown(action)} is not a roll or cube decision a typed move list can start a turn with")
    if pending is not None:
        raise ValueError("a typed move list ends with a play, not with a roll")
    return " ".join(words)


def _cube_words(text: str) -> tuple[str, list[str]]:
    """``text`` without the cube decisions at its end, and those decisions in order."""
    found = []
    while (match := _CUBE_WORD.search(text)) is not None:
        found.insert(0, " ".join(match.group(1).split()))
        text = text[:match.start()]
    return text.strip(), found


def split_turns(text: str) -> list[str]:
    """``"31:8/5 6/5 52:13/8 13/11"`` into actions: ``["31", "8/5 6/5", "52", "13/8 13/11"]``.

    Each turn is its dice, a colon and the play (empty or ``(no play)`` when none); cube
    decisions follow a play as words (``Roll``, ``Doubles => 2``, ``Takes``, ``Drops``,
    ``Beavers => 4``), and an opening roll may name who starts (``black 42:``).
    """
    marks = list(_TURN.finditer(text))
    before, cube = _cube_words(text[: marks[0].start()] if marks else text)
    if not marks or before:
        raise ValueError(f"bad move list {text[:40]!r}: each turn starts with its dice, as in 31:8/5 6/5")
    actions = cube
    for mark, following in zip(marks, marks[1:] + [None]):
        end = following.start() if following else len(text)
        play, cube = _cube_words(text[mark.end():end])
        actions += [" ".join(mark.group(1).split()), play or NO_PLAY, *cube]
    return actions
