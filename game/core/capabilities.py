"""A game's larger abilities as objects behind small protocols (DESIGN.md, "Abilities are objects").

Beyond its plain facts (name, players, rules, notation), a game may have abilities that
shared code uses: reading and writing other programs' match files, reviewing a game, analysis
levels, tournament play, commands of its own.  Each is one object behind one protocol here.
A :class:`~.gameinfo.GameInfo` registers each ability under its protocol as a zero-argument
factory, :func:`lazy` of an import path, so declaring it loads nothing; shared code asks for it
one way, ``info.ability(MatchFiles)`` (``None`` when the game lacks it), and calls its methods,
never probing with ``getattr``/``hasattr``.

The abilities: :class:`Analysis`, :class:`MatchFiles`, :class:`Commands`, :class:`Review` (with
its :class:`BoardPicture`), :class:`TournamentPlay`, :class:`PositionEditor`, :class:`Rollouts`,
:class:`Training`, :class:`Calibration`, :class:`View` and the rules page
(:class:`~.rules_page.RulesPage`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from typing import Any, NamedTuple, Protocol, runtime_checkable

from .evaluation import Evaluation
from .match import GameRecord
from .rollout_figures import RolloutFigures

__all__ = ["Analysis", "BoardPicture", "Calibration", "Commands", "Level", "MatchFiles", "PositionDraft",
           "PositionEditor", "Review", "ReviewedPosition", "Rollouts", "SetupControl", "SetupRow", "TournamentOption",
           "TournamentPlay", "Training", "TutorMargin", "View", "NO_ANALYSIS", "lazy", "three_decimals"]


def lazy(path: str) -> Callable[[], Any]:
    """A factory of the object at ``"package.module:NAME"``: imported on the first call, the
    same object every call after."""
    module, _, name = path.partition(":")
    if not module or not name:
        raise ValueError(f"an ability's path is 'package.module:NAME', not {path!r}")

    @lru_cache(maxsize=1)
    def load() -> Any:
        return getattr(import_module(module), name)

    load.path = path  # type: ignore[attr-defined]  (what it loads, for messages and tests)
    return load


@runtime_checkable
class Commands(Protocol):
    """Subcommands a game adds to ``tabula`` (backgammon's ``cube`` and ``import``): the
    command line registers them from the registry without naming the game.  Each subcommand
    sets ``run`` (and ``checks_input``) on its parser as the shared ones do, and raises
    :class:`~.argtypes.UsageError` for bad input."""

    def add(self, sub: argparse._SubParsersAction) -> None:
        """Add the game's subcommands to ``tabula``'s."""


@runtime_checkable
class MatchFiles(Protocol):
    """Files other programs write of a game's matches (backgammon's ``.mat`` and ``.sgf``):
    the window's Load dialog and ``tabula review`` open them, ``tabula export`` writes them.

    ``read`` raises ``ValueError`` (a clear message, for the user) for a file that is not one
    or cannot be replayed; whatever ``write`` gives, ``read`` takes back as the same games."""

    suffixes: tuple[str, ...]
    """The file name endings this game's match files have, lowercase (``.mat``, ``.sgf``)."""

    def read(self, text: str, name: str) -> Any:
        """The match in ``text`` (``name``'s suffix may choose the format)."""

    def read_file(self, path: Any) -> Any:
        """The match in the file at ``path``, read with a bounded reader
        (:mod:`~.untrusted`: a missing, huge or binary file is a clear ``ValueError``)."""

    def write(self, match: Any, name: str) -> str:
        """The match as the text of the format ``name``'s suffix names."""

    def record(self, match: Any) -> GameRecord:
        """The match as one game record (what the window replays and the review reviews):
        its players ``human``, its ``names`` the file's (:meth:`~.match.GameRecord.named` the
        record a review keys); ``notes`` says what the file contradicted.  ``ValueError`` for a
        match one record cannot hold."""

    def game_count(self, match: Any) -> int:
        """How many games the match holds."""

    def export(self, record: GameRecord) -> tuple[Any, bool]:
        """A record's finished games as a match, and whether a game still in progress was
        left out; ``ValueError`` for a record no match file can hold."""


@runtime_checkable
class Rollouts(Protocol):
    """A game's rollouts: Monte Carlo games played out from a position (``tabula rollout``,
    the window's Rollout buttons), the candidates' figures with standard errors.

    A rollout is planned once (:meth:`plan`: a picklable value, what the trials need) and
    run (:meth:`run`) here, over local worker processes or on Ray; the same plan gives the
    same figures bit for bit however it is run.  :meth:`run` may be called in a worker
    process: ``progress(figures)`` hears the figures after each block of trials and
    ``cancel()`` is asked between blocks; a cancelled or interrupted (Ctrl-C) run returns what
    it finished.  The figures are one frozen, picklable record
    (:class:`~.rollout_figures.RolloutFigures`), and that record is what crosses every seam
    (worker process to window, window to hint table or Review screen): :meth:`rows` reads it;
    :meth:`to_json` (the command line's ``--json`` only), :meth:`lines` and
    :meth:`progress_line` write it out as the game words it."""

    defaults: Mapping[str, Any]
    """Option → default of what :meth:`plan` takes (``trials``, ``level``...)."""

    def plan(self, state: Any, moves: list[str] | None = None, **options: Any) -> Any:
        """The rollout of ``state``: of the moves named (notation), or of the game's own choice
        of candidates; ``ValueError`` (a sentence for the user) for what cannot be rolled out."""

    def blocks(self, plan: Any) -> int:
        """How many blocks of trials the plan is cut into (more workers than that would idle)."""

    def run(self, plan: Any, workers: int = 1, cluster: str = "local", address: str | None = None,
            progress: Callable[[RolloutFigures], None] | None = None,
            cancel: Callable[[], bool] | None = None) -> RolloutFigures:
        """Play the plan's trials, handing ``progress`` the figures so far after each block; the
        final figures (their ``stopped`` says why it ended: ``"cancelled"`` and
        ``"interrupted"`` are partial)."""

    def to_json(self, figures: RolloutFigures) -> dict:
        """The figures as the command line's JSON (``tabula rollout --json``), the best
        candidate first; never how the window gets them."""

    def lines(self, figures: RolloutFigures) -> list[str]:
        """The figures as lines of text."""

    def progress_line(self, figures: RolloutFigures) -> str:
        """One line on a run in progress (trials done, the best so far)."""

    def rows(self, records: list, figures: RolloutFigures) -> list:
        """The analysis ``records`` (best first) with the figures in the rows they rolled out
        (matched by move), re-ranked: the window's hint table after a rollout."""


@runtime_checkable
class ReviewedPosition(Protocol):
    """What a game says of one decision's position in a review, worked out once per position
    (backgammon's cube facts) and asked for by :func:`~.review.review` field by field."""

    kind: str
    """The kind of decision ("chequer", "cube" or "resign" in backgammon), one of ``decision_kinds``."""
    position_id: str
    """The position as players exchange it (backgammon: GNU's position ID)."""
    match_id: str | None
    """Its match and cube state (backgammon: GNU's match ID); ``None`` where there is none."""
    game: int
    """The number of the game it belongs to when one protocol game is a match of several."""
    units: float
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
        """A cube decision's :class:`~.review.report.CubeFigures` from its analysis records;
        ``None`` for any other decision."""


@runtime_checkable
class Review(Protocol):
    """A game's part of reviewing a whole game (:mod:`~.review`): its decision kinds, marks
    and luck, and per position the facts :class:`ReviewedPosition` holds.  A game without
    one is reviewed as plain moves (:class:`~.review.PlainReview`)."""

    decision_kinds: tuple[str, ...]
    """Every kind :attr:`ReviewedPosition.kind` takes, in the order the totals list them."""
    thresholds: tuple[float, float, float] | None
    """Lost amounts from which a decision is doubtful, bad, very bad; ``None``: half, once and
    twice the tutor's margin."""
    measures_luck: bool
    """Whether :meth:`luck` measures anything (the report's luck totals are ``None`` if not)."""
    error_kinds: tuple[str, ...]
    """The kinds of error the totals count apart (backgammon's cube errors: "missed double",
    "wrong double", "wrong take", "wrong pass"); ``()`` for none."""
    ratings: tuple[tuple[float, str], ...] | None
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
        """Which of :attr:`error_kinds` a reviewed :class:`~.review.report.Decision` is, or ``None``."""

    def result(self, start: Any, end: Any) -> tuple[float, ...] | None:
        """What each player won from ``start`` (a game's first state) to ``end`` (its last), in
        the units of the luck-adjusted result (backgammon: points; in a match, the match
        winning chance gained); ``None`` while the game goes on."""

    def result_scale(self, state: Any) -> float:
        """The factor from :meth:`luck` of the outcome that led to ``state`` to the result's
        units (1 but in a backgammon match: ``(W − L) / 2``, from EMG to match winning chance)."""


@runtime_checkable
class BoardPicture(Protocol):
    """A position drawn as SVG without pygame, for reports (:mod:`~.review.html`): a game's
    :meth:`Review.picture`.  A game without one is shown by its position text
    (:func:`~.review.html.text_picture`)."""

    def svg(self, state: Any, arrows: tuple[tuple[Any, str], ...] = ()) -> str:
        """``state`` from the view of the player to decide, as one ``<svg>`` element (no
        external files, no scripts); ``arrows``: ``(move, CSS colour)`` drawn over it, the
        first on top, each a move it :meth:`draws` (others are left out)."""

    def draws(self, move: Any) -> bool:
        """Whether :meth:`svg` draws ``move`` as arrows (backgammon: a play, each checker's
        step; not a cube action)."""


class TournamentOption(NamedTuple):
    """A way a tournament of this game may be played: the ``tabula tournament`` flag ``--NAME``
    (backgammon: ``--match N``, ``--cube``), stored in the tournament's settings.

    The flag sets the game option ``option`` of every game of the schedule.  With ``low`` and
    ``high`` it takes a whole number in that range (``--match 5`` sets ``match_length`` to 5);
    without, it is an on/off flag that sets ``True`` (``--cube`` sets ``cube``).  Flags that
    share a non-empty ``group`` are alternatives: a tournament takes at most one of them."""

    option: str
    help: str
    low: int | None = None
    high: int | None = None
    group: str = ""

    def check(self, value: Any) -> Any:
        """``value`` if this flag can set it (a whole number in range, or ``True``); ``ValueError`` otherwise."""
        if self.low is None:
            if value is not True:
                raise ValueError(f"{self.option} must be true, got {value!r}")
        elif type(value) is not int or not self.low <= value <= self.high:
            raise ValueError(f"{self.option} must be a whole number from {self.low} to {self.high}, got {value!r}")
        return value


@dataclass(frozen=True)
class TournamentPlay:
    """How a game's tournaments may be played, beyond the plain way (every game from the
    game's default options, scored by its result): one value, declared by the game."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """Options of every tournament game (Mandragora: a random pattern and first mover, drawn
    with the deal's chance seed, so both seatings of a deal get the same setup)."""
    flags: Mapping[str, TournamentOption] = field(default_factory=dict)
    """Flag name → a way tournaments of this game may be played (``--match N``), see
    :class:`TournamentOption`; the options it sets go on top of :attr:`options`."""
    choices: tuple[tuple[str, dict[str, Any]], ...] = ()
    """``(label, options)`` the window's tournament screen offers in a drop-down, the first the
    default (backgammon: ``("Cubeless", {})``, ``("Money with cube", {"cube": True})``,
    ``("Match to 5", {"match_length": 5})`` …); each sets what :attr:`flags` can."""
    tally: Callable[[Any], tuple[int, tuple[int, int]] | None] | None = None
    """``tally(final_state)``: ``(games, (points of seat 0, points of seat 1))``, whole numbers,
    when one protocol game is a match of several games (backgammon's ``--match``), else
    ``None``; tournaments then also report points per game of the matches."""



class SetupControl(NamedTuple):
    """One control of a position editor's panel, as the window builds it without knowing the
    game: ``kind`` is ``"choice"`` (a drop-down of ``choices``, ``value`` chosen), ``"toggle"``
    (a button per choice, ``value``'s marked), ``"flag"`` (one button, ``label`` and ``value``
    "on" or "off"), ``"button"`` (``label`` on it) or ``"text"`` (a typed line holding ``value``,
    ``label`` its placeholder).  Whatever the user does goes back as
    :meth:`PositionDraft.set` ``(key, value)`` (a button's value is ``""``)."""

    key: str
    kind: str
    label: str = ""
    choices: tuple[str, ...] = ()
    value: str = ""


class SetupRow(NamedTuple):
    """A row of a position editor's panel: its label (``""``: none) and its controls, side by side."""

    label: str
    controls: tuple[SetupControl, ...]


@runtime_checkable
class PositionDraft(Protocol):
    """A position being set up by hand: mutable, possibly impossible while it is edited, and
    checked as it goes (:meth:`problems`).  The game's board for drafts (:attr:`PositionEditor.board`)
    edits its pieces; the window's panel edits the rest through :meth:`rows` and :meth:`set`."""

    def rows(self) -> list[SetupRow]:
        """The panel's rows as the draft stands now (a row may come or go: a match's score)."""

    def set(self, key: str, value: str = "") -> None:
        """A control of :meth:`rows` used: a choice made, a flag turned, a button pressed, text typed."""

    def typed(self, char: str) -> bool:
        """A character typed over the board (backgammon: digits set the dice); False if it means nothing."""

    def problems(self) -> list[str]:
        """What makes the position impossible, each a plain sentence; empty when it can be played."""

    def describe(self) -> str:
        """The position in a short line (whose turn, dice, cube, score)."""

    def state(self) -> Any:
        """The position as a state of the game's rules; ``ValueError`` (the first problem) if impossible."""

    def text(self) -> str:
        """The position in the game's position text, which the rules' ``position`` option
        starts a game from (:meth:`~.gameinfo.GameInfo.position_options`) and gives back as :meth:`state`."""


@dataclass(frozen=True)
class PositionEditor:
    """A game's edit mode ("Set up position"): a draft from a position, and the board that
    shows and edits drafts.  The window's setup screen drives both without knowing the game."""

    draft: Callable[[Any], PositionDraft]
    """``draft(state)``: a draft of ``state``, of the starting position for ``None``."""
    board: Callable[[], Callable[[Any, Any], Any]]
    """A factory (:func:`lazy`) of the game's board for drafts, ``board()(info, fonts)``: part
    of its view (pygame), loaded only by the window (``game.ui.gameview.SetupBoard``)."""


@runtime_checkable
class View(Protocol):
    """A game's board on screen, its ``view/`` package (the only pygame code of the game):
    called with the game's declaration and the window's fonts, it gives the board the window's
    scenes drive (``game.ui.gameview.GameView``).  Only games with one are offered in the window."""

    def __call__(self, info: Any, fonts: Any) -> Any:
        """The board of a new scene."""


@runtime_checkable
class Training(Protocol):
    """``tabula train GAME``: training a game's evaluator (backgammon's networks)."""

    help: str
    """One line for ``tabula train --help``."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the training's own options after ``GAME``."""

    def run(self, args: argparse.Namespace) -> int:
        """Train as ``args`` say; the exit code."""


@runtime_checkable
class Calibration(Protocol):
    """``tabula calibrate GAME``: each evaluator's score fitted to the win chance it predicts,
    on labelled positions from games played as :attr:`player` says (backgammon's
    ``game/backgammon/evaluators/calibration.py``)."""

    player: str
    """How the games are played, in words (for the report)."""

    def evaluators(self) -> list[str]:
        """The names of the evaluators it can calibrate."""

    def samples(self, games: int, seed: int, noise: float = ..., per_game: int | None = ...,
                progress: Callable[..., None] | None = ...) -> Any:
        """Positions labelled by who won, from ``games`` games played from ``seed``."""

    def scores(self, name: str, boards: Any) -> Any:
        """The evaluator ``name``'s scores of ``boards``."""


@dataclass(frozen=True)
class Level:
    """A computer level, in one record: a player of the game (``name`` is one of its
    ``player_names``) whose search the window's analysis (hints, tutor, graph) can also run
    at.  A game's search may subclass it with its own settings (backgammon's move filters
    and noise), keyword-only, so that one table declares each level once."""

    name: str
    title: str
    depth: str
    """Depth in words, for the settings ("1 ply", "2 ply, slower")."""
    description: str = ""
    analysis: bool = True
    """Offered as an analysis strength (a level that only adds noise is not)."""
    plies: int = 0
    """How deep its move (chequer play) search looks."""
    cube_plies: int | None = None
    """How deep it looks before a cube decision (backgammon); ``None`` for games without one."""
    nodes: int | None = None
    """The most positions one search may visit (``None``: no limit)."""
    seconds: float | None = None
    """The longest one search may take (``None``: no limit)."""

    @property
    def label(self) -> str:
        return f"{self.title} ({self.depth})"


def three_decimals(value: float) -> str:
    """A value or a difference as the analysis' tables print it by default: ``+0.123``."""
    return f"{value:+.3f}"


class TutorMargin(NamedTuple):
    """How far behind the best a move must be for the tutor to question it, in the game's
    own units: ``measure`` "value" compares the record's ``diff`` (native value, e.g.
    equity), "score" its ``score_diff`` (the display score, or a game's own score)."""

    amount: float
    measure: str
    unit: str
    """The units in words, for the tutor's dialog ("points of equity")."""
    decimals: int | None = None
    """Decimals of the gap in the dialog; by default 1 for a score, 3 for a value."""
    score_note: bool = True
    """With ``measure`` "value": whether the dialog adds the display score's gap in brackets
    (not where the display score does not rank the moves: Mandragora's seed score)."""

    def behind(self, record) -> float:
        """How far ``record`` trails the best, in these units (0 or more)."""
        return -(record.diff if self.measure == "value" else record.score_diff)


@dataclass(frozen=True)
class Analysis:
    """A game's move analysis, levels and evaluators: what hints, the tutor, reviews and
    ``tabula analyze``/``eval`` run.

    ``analyze(state, **options)`` returns the analysis record of every legal move, best
    first (:class:`~.analysis.MoveAnalysis`); :attr:`options` names the keyword options it
    takes with their defaults."""

    analyze: Callable[..., list] | None
    """``None`` only in :data:`NO_ANALYSIS`."""
    levels: tuple[Level, ...] = ()
    """Its computer levels, weakest first, each declared once."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Option → default of what ``analyze`` takes: ``level`` (one of the analysis levels),
    ``evaluator`` (one of ``evaluators``)."""
    cancellable: bool = False
    """``analyze`` takes ``limits`` (:class:`~game.core.search.Limits`) and stops when cancelled."""
    includes: bool = False
    """``analyze`` takes ``include``, a move it then searches as deep as the best (a review
    compares the move played at one depth); games whose analysis searches every move fully
    need not."""
    brief: bool = False
    """``analyze`` takes ``brief=True``: then its records leave out the factors and warnings
    (a review reads only the values, details and ranks, and explaining every play of every
    decision was a large share of a backgammon match's review: ``python -m bench.speed.review``,
    ``bench/RESULTS.md``)."""
    columns: tuple[tuple[str, str], ...] = ()
    """``(details key, heading)`` of the analysis' extra columns (win and gammon chances)."""
    tutor_margin: TutorMargin = TutorMargin(10.0, "score", "display points")
    value_heading: str = "Value"
    """The native value's column heading in the hint table ("Equity", "cp")."""
    score_heading: str = "Score"
    """The display score's column heading in the hint table and ``tabula analyze``'s table
    (Mandragora's "Seed": its score is the seed's, which does not rank the moves)."""
    legend: str = "[Score]: the move's value scaled to ±100"
    """A line under the hint table and ``tabula analyze``'s table saying what the numbers
    are, where the headings cannot (the bracketed display score; backgammon's chances;
    Mandragora: which column ranks, what the seed's score is)."""
    format_value: Callable[[float], str] = three_decimals
    """A native value or difference as the analysis' tables print it (backgammon's equity
    ``+0.123``; Chesstack's whole centipawns, a won game ``+win``)."""
    evaluators: tuple[str, ...] = ()
    """Position evaluators ``tabula eval`` runs (:attr:`evaluate`)."""
    default_evaluator: str | None = None
    evaluate: Callable[[Any, str], Evaluation] | None = None
    """``evaluate(state, name)``: one evaluator's value of a position, with its factors."""

    def __post_init__(self) -> None:
        level = self.options.get("level")
        if level is not None and level not in self.level_names:
            raise ValueError(f"default analysis level {level!r} is not an analysis level")

    @property
    def level_names(self) -> tuple[str, ...]:
        """The levels the analysis can run at, weakest first."""
        return tuple(level.name for level in self.levels if level.analysis)

    def level(self, name: str) -> Level:
        """The level called ``name``; ``ValueError`` naming the levels otherwise."""
        for level in self.levels:
            if level.name == name:
                return level
        raise ValueError(f"unknown level {name!r}; known levels: {', '.join(lv.name for lv in self.levels)}")


NO_ANALYSIS = Analysis(analyze=None)
"""What a game without analysis has: no analyze, no levels, no evaluators."""
