"""Where the cube stands when a player considers doubling, seen from the player on roll.

The rules engine fills a :class:`CubeContext` from its game state; everything in this
package reads only that and the cubeless chances, never a board.
"""

from __future__ import annotations

from dataclasses import dataclass

CENTRE, ME, OPPONENT = "centre", "me", "opponent"
"""Cube owners relative to the player on roll."""

_OWNER_NAMES = {None: CENTRE, "centre": CENTRE, "center": CENTRE, "me": ME, "opponent": OPPONENT}


@dataclass(frozen=True)
class CubeContext:
    """The cube and the score, for the player on roll.

    - ``value``: the cube (1, 2, 4, ...); ``owner``: ``"centre"`` (or None), ``"me"`` or
      ``"opponent"``.
    - ``away``: ``(mine, theirs)``, points each still needs in a match; None for money.
      :meth:`from_score` builds it from a score and a match length.
    - ``crawford``: this game is the Crawford game (nobody may double);
      ``post_crawford``: the Crawford game has been played.
    - ``jacoby``, ``beavers``: money-game rules (ignored in a match).
    - ``max_value``: the largest cube allowed (the cube may double while below it).
    """

    value: int = 1
    owner: str | None = CENTRE
    away: tuple[int, int] | None = None
    crawford: bool = False
    post_crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    max_value: int = 64

    def __post_init__(self) -> None:
        if self.owner not in _OWNER_NAMES:
            raise ValueError(f"cube owner must be 'centre', 'me' or 'opponent', not {self.owner!r}")
        object.__setattr__(self, "owner", _OWNER_NAMES[self.owner])
        if self.value < 1 or self.value & (self.value - 1):
            raise ValueError(f"the cube value must be a power of two, not {self.value!r}")
        if self.value > self.max_value:
            raise ValueError(f"the cube value {self.value} is above the limit {self.max_value}")
        if self.away is None:
            if self.crawford or self.post_crawford:
                raise ValueError("Crawford applies to matches, not money games")
            return
        me, opp = self.away
        object.__setattr__(self, "away", (int(me), int(opp)))
        if min(self.away) < 1:
            raise ValueError(f"away counts must be at least 1, not {self.away}")
        if self.crawford and self.post_crawford:
            raise ValueError("a game cannot be the Crawford game and after it")
        if (self.crawford or self.post_crawford) and 1 not in self.away:
            raise ValueError("Crawford and post-Crawford games need a player 1 away")
        if self.crawford and self.away == (1, 1):
            raise ValueError("1-away against 1-away is never the Crawford game")

    @classmethod
    def from_score(cls, score: tuple[int, int], match_length: int, **fields) -> CubeContext:
        """A match context from the score ``(mine, theirs)`` and the match length."""
        if match_length < 1:
            raise ValueError(f"a match length must be at least 1, not {match_length}")
        return cls(away=(match_length - score[0], match_length - score[1]), **fields)

    @property
    def is_money(self) -> bool:
        """Whether this is a money game (no match score)."""
        return self.away is None

    @property
    def dead_for_me(self) -> bool:
        """Match play where one game won at the current cube already wins me the match, so
        doubling can only help the opponent (GNU Backgammon's "dead cube")."""
        return not self.is_money and self.away[0] <= self.value


def may_double(context: CubeContext) -> bool:
    """The rule, not the judgement: not the Crawford game, the opponent does not own the
    cube and the cube is below its limit.  Whether doubling is wise is for ``decide``."""
    return not context.crawford and context.owner != OPPONENT and context.value < context.max_value


def check_chances(chances) -> tuple[float, float, float, float, float]:
    """The five cubeless chances as floats, or a ``ValueError`` saying what is inconsistent."""
    values = tuple(float(c) for c in chances)
    if len(values) != 5:
        raise ValueError(f"cube chances need 5 numbers (win, wg, wbg, lg, lbg), got {len(values)}")
    win, wg, wbg, lg, lbg = values
    tol = 1e-9
    if not all(-tol <= c <= 1 + tol for c in values):
        raise ValueError(f"cube chances must lie in [0, 1]: {values}")
    if wbg > wg + tol or wg > win + tol or lbg > lg + tol or lg > 1 - win + tol:
        raise ValueError(f"cube chances are not cumulative (win >= wg >= wbg, 1 - win >= lg >= lbg): {values}")
    return values
