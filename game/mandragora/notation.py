"""Mandragora Mania's moves in text: an area with the mover's letter (``P3``, ``O7``, as in the
upstream logs), the setup drawn at the chance node (``A/player``), and a typed list of them.

:func:`format_move` writes a move; :func:`read_move` and :func:`read_setup` read what a text
names, in any case.  Whether it is legal is the rules' question (:meth:`~.rules.MandragoraRules.parse`).
"""

from __future__ import annotations

from .state import PATTERNS, SIDE_LETTERS, SIDES, Setup


def format_move(side: int, area: int) -> str:
    """``P3``: the mover's letter, then the area."""
    return f"{SIDE_LETTERS[side]}{area}"


def read_move(text: str) -> tuple[int | None, int | None]:
    """The side a move's letter names (``None`` without a letter) and its area (``None`` unless
    one digit follows): ``"p3"`` → ``(0, 3)``, ``"3"`` → ``(None, 3)``, ``"P12"`` → ``(0, None)``."""
    raw = text.strip().upper()
    side = None
    if raw[:1] in ("P", "O"):
        side = SIDE_LETTERS.index(raw[0])
        raw = raw[1:]
    return side, int(raw) if len(raw) == 1 and raw in "0123456789" else None


def read_setup(text: str) -> Setup | None:
    """The setup ``text`` is written as (``A/player``, ``a player``, ``A,player``); else ``None``."""
    words = text.replace("/", " ").replace(",", " ").split()
    if len(words) == 2 and words[0].upper() in PATTERNS and words[1].lower() in SIDES:
        return Setup(words[0].upper(), SIDES.index(words[1].lower()))
    return None


def split_moves(text: str) -> list[str]:
    """A typed move list into actions: words, with a setup typed as two words (``"A player"``,
    as older saves wrote it) kept as one action."""
    words, actions = text.split(), []
    for word in words:
        if actions and actions[-1].upper() in PATTERNS and word.lower() in SIDES:
            actions[-1] += f"/{word}"
        else:
            actions.append(word)
    return actions
