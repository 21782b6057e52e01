"""What a match file holds once read and replayed: :class:`MatchFile`, :class:`MatchGame`, :class:`Turn`."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Turn:
    """One half-row of a match file: ``player`` (0 left, 1 right), ``kind`` (``"play"``,
    ``"double"``, ``"take"``, ``"drop"``, ``"beaver"``), the ``dice`` (``"31"``; plays only),
    ``text`` as the file wrote it, ``action`` the same move in Tabula's notation and ``steps``
    the play's checker steps ``(source, target)`` (25 the bar, 0 off)."""

    player: int
    kind: str
    text: str
    action: str
    dice: str = ""
    steps: tuple[tuple[int, int], ...] = ()


@dataclass
class MatchGame:
    """One game: its number, the score before it, its turns and how it ended.

    ``how`` is ``single``, ``gammon``, ``backgammon``, ``drop`` or ``resign``; ``points`` what
    the game earned (cube × result, the cube at a drop, the file's figure for a resignation);
    ``stated_points`` the figure of the file's ``Wins`` line (Galaxy writes at most the match
    length in the final game, so it can differ; ``None`` when it contradicts the replay);
    ``notes`` what the file's result line contradicted (also in the match's ``notes``)."""

    number: int
    score: tuple[int, int]
    turns: list[Turn] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    how: str = ""
    stated_points: int | None = None
    crawford: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class MatchFile:
    """A match: ``header`` (``; [Key "value"]`` lines in order), ``match_length`` as the file
    states it (0 for money), ``players`` (left, right), ``games``, the ``dialect``
    (``galaxy``/``studio``/``sgf``), for money whether the ``jacoby`` rule was on, and
    ``notes``: what the reader found contradictory and how it resolved it (said to the user)."""

    header: list[tuple[str, str]]
    match_length: int
    players: tuple[str, str]
    games: list[MatchGame] = field(default_factory=list)
    dialect: str = "galaxy"
    jacoby: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def money(self) -> bool:
        """A money session (match length 0: ``0 point match``, SGF ``MI[length:0]``)."""
        return self.match_length == 0

    @property
    def options(self) -> dict:
        """The rules' options of the match's first game (money: the cube, beavers, Jacoby)."""
        if self.money:
            return {"cube": True, "beavers": True, "jacoby": self.jacoby}
        return {"match_length": self.match_length}

    @property
    def final_score(self) -> tuple[int, int]:
        """The points each player earned over the games (replayed figures, not the ``Wins`` lines)."""
        score = [0, 0]
        for game in self.games:
            if game.winner is not None:
                score[game.winner] += game.points
        return (score[0], score[1])

    def summary(self) -> dict:
        """The JSON summary ``tabula import --json`` prints."""
        names = self.players
        return {
            "match_length": self.match_length,
            "players": list(names),
            "games": [{"winner": names[g.winner] if g.winner is not None else None, "points": g.points,
                       "how": g.how} for g in self.games],
            "final_score": {names[0]: self.final_score[0], names[1]: self.final_score[1]},
            "notes": list(self.notes),
        }


class MatchFileError(ValueError):
    """A match file that cannot be read or replayed.  ``game`` and ``move`` (row number) say
    where, when known; ``partial`` is the :class:`MatchFile` with the games read before it."""

    def __init__(self, message: str, partial: MatchFile | None = None, game: int | None = None,
                 move: int | None = None):
        super().__init__(message)
        self.partial = partial
        self.game = game
        self.move = move
