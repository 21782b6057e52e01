"""A game's part of reviewing a whole game: :class:`Review`, the facts of each decision's
position (:class:`ReviewedPosition`) and the board picture of the HTML report (:class:`BoardPicture`)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class ReviewedPosition(Protocol):
    """What a game says of one decision's position in a review, worked out once per position
    (backgammon's cube facts) and asked for by :func:`game.core.review.run.review` field by field."""

    @property
    def kind(self) -> str:
        """The kind of decision ("chequer", "cube" or "resign" in backgammon), one of ``decision_kinds``."""

    @property
    def position_id(self) -> str:
        """The position as players exchange it (backgammon: GNU's position ID)."""

    @property
    def match_id(self) -> str | None:
        """Its match and cube state (backgammon: GNU's match ID); ``None`` where there is none."""

    @property
    def game(self) -> int:
        """The number of the game it belongs to when one protocol game is a match of several."""

    @property
    def units(self) -> float:
        """The factor from the tutor's lost amount to the review's units (backgammon: EMG in
        matches, per unit of cube in money); 1 for most games."""

    def rated(self, records: list, played: Any) -> bool:
        """Whether the decision counts in the error rate (backgammon: not a no double that
        was not close, as GNU Backgammon counts)."""

    def match(self, best: Any) -> tuple[float, float] | None:
        """``(mover's match winning chance, its display score)`` after the ``best`` record;
        ``None`` outside a match."""

    def equity(self, value: float) -> float:
        """A record's value in the tutor's measure (its ``value``, or its ``score`` for a
        tutor judging by score) in the review's units: backgammon's chequer values as GNU's
        equity (per unit of cube in money, EMG in a match); the value itself for most games."""

    def cube(self, records: list) -> Any:
        """A cube decision's :class:`game.core.review.report.CubeFigures` from its analysis records;
        ``None`` for any other decision."""


@runtime_checkable
class Review(Protocol):
    """A game's part of reviewing a whole game (:mod:`game.core.review`): its decision kinds, marks
    and luck, and per position the facts :class:`ReviewedPosition` holds.  A game without
    one is reviewed as plain moves (:class:`game.core.review.plain.PlainReview`)."""

    @property
    def decision_kinds(self) -> tuple[str, ...]:
        """Every kind :attr:`ReviewedPosition.kind` takes, in the order the totals list them."""

    @property
    def thresholds(self) -> tuple[float, float, float] | None:
        """Lost amounts from which a decision is doubtful, bad, very bad; ``None``: half, once and
        twice the tutor's margin."""

    @property
    def measures_luck(self) -> bool:
        """Whether :meth:`luck` measures anything (the report's luck totals are ``None`` if not)."""

    @property
    def error_kinds(self) -> tuple[str, ...]:
        """The kinds of error the totals count apart (backgammon's cube errors: "missed double",
        "wrong double", "wrong take", "wrong pass"); ``()`` for none."""

    @property
    def ratings(self) -> tuple[tuple[float, str], ...] | None:
        """The words for an average loss per rated decision, ``(below, word)`` with ``below``
        increasing (backgammon: GNU Backgammon's "Supernatural" … "Awful!"); ``None``: no words."""

    def at(self, state: Any, played: Any = None) -> ReviewedPosition:
        """The review's facts of the decision at ``state`` where ``played`` was taken (an
        offer, ``Rules.offers``, is a decision of its own kind: backgammon's resignation)."""

    def game_number(self, state: Any) -> int:
        """The number of the game ``state`` belongs to (1 unless the game is a match of several)."""

    def game_heading(self, state: Any) -> str:
        """The heading of the game ``state`` belongs to, where a record holds several: "Game 3
        — score 2–1" (the move list's line between the games of a match)."""

    def luck(self, before: Any, after: Any, **analysis_options: Any) -> float | None:
        """What the chance outcome from ``before`` to ``after`` gave the player who then
        decides, in the review's units; ``None`` where it does not apply."""

    def picture(self) -> BoardPicture | None:
        """Its positions drawn as SVG for the review's HTML report (:class:`BoardPicture`),
        built when asked for; ``None``: the report shows the position's text."""

    def error_kind(self, decision: Any) -> str | None:
        """Which of :attr:`error_kinds` a reviewed :class:`game.core.review.report.Decision` is, or ``None``."""

    def result(self, start: Any, end: Any) -> tuple[float, ...] | None:
        """What each player won from ``start`` (a game's first state) to ``end`` (its last), in
        the units of the luck-adjusted result (backgammon: points; in a match, the match
        winning chance gained); ``None`` while the game goes on."""

    def result_scale(self, state: Any) -> float:
        """The factor from :meth:`luck` of the outcome that led to ``state`` to the result's
        units (1 but in a backgammon match: ``(W − L) / 2``, from EMG to match winning chance)."""

    def mwc_scale(self, decision: Any) -> float | None:
        """What one unit of a reviewed :class:`game.core.review.report.Decision`'s
        ``equity_lost`` is worth in match winning chance (backgammon in a match: EMG's
        ``(W − L) / 2`` at the decision's score and cube); ``None`` outside matches."""

    def settle(self, at: ReviewedPosition, state: Any, played: Any, records: list, **settings: Any) -> Any:
        """A close call settled (a review's ``settle`` option, :mod:`game.core.review.run`):
        ``(records, settled)``, the analysis ``records`` of the decision at ``state`` where
        ``played`` was taken revalued by a rollout, best first, and how
        (:class:`game.core.review.report.Settled`, its ``search_lost`` left for the review);
        ``None`` for a decision that is not close, or a game that settles nothing.  ``settings``:
        the game's, e.g. backgammon's ``trials``."""


@runtime_checkable
class BoardPicture(Protocol):
    """A position drawn as SVG without pygame, for reports (:mod:`game.core.review.html`): a game's
    :meth:`Review.picture`.  A game without one is shown by its position text
    (:func:`game.core.review.html.text_picture`)."""

    def svg(self, state: Any, arrows: tuple[tuple[Any, str], ...] = (), names: tuple[str, ...] = ()) -> str:
        """``state`` from the view of the player to decide, as one ``<svg>`` element (no
        external files, no scripts); ``arrows``: ``(move, CSS colour)`` drawn over it, the
        first on top, each a move it :meth:`draws` (others are left out); ``names``: the
        players' names by seat, shown with their sides (as the report names them)."""

    def draws(self, move: Any) -> bool:
        """Whether :meth:`svg` draws ``move`` as arrows (backgammon: a play, each checker's
        step; not a cube action)."""
