"""What a game tells the rest of Tabula about itself: one declaration per game.

The window, the command line and the tournament runner read a game's :class:`GameInfo` and
never guess: its levels, default player, evaluators, analysis options, the tutor's margin,
what its chance nodes are, its own settings and how a game of it ends.  Adding a game is a
new package that declares one, plus one line in ``game/games.py`` (``docs/adding-a-game.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .capabilities import Commands, MatchFiles
from .evaluation import Evaluation
from .outcome import Outcome, outcome_from_result
from .players import Player
from .protocol import CHANCE, Rules


class SetupOption(NamedTuple):
    """A choice a new game of this kind offers (Mandragora: the pattern, who moves first).

    The menu shows one drop-down per option and ``tabula play`` one ``--NAME`` flag; the
    chosen value goes into the game's options unchanged.  A ``"random"`` choice is drawn
    by the rules as a chance outcome, so the game's seed decides it and saves replay it.
    """

    label: str
    choices: tuple[str, ...]
    default: str
    titles: Mapping[str, str] = {}
    """Choice → the words a menu shows for it ("money" → "No match"); by default the choice."""
    shown_if: Mapping[str, tuple[str, ...]] = {}
    """Other option → the choices of it this option needs: while one of them is not chosen,
    the menu hides this option and the game takes its default (backgammon's Jacoby rule only
    for a money game).  The options it names come before it."""

    def shown(self, options: Mapping[str, str]) -> bool:
        """True when ``options`` (the options declared before this one) leave it a choice."""
        return all(options.get(name) in needed for name, needed in self.shown_if.items())

    def title(self, choice: str) -> str:
        """``choice`` as a menu shows it: its title, else capitalised (``player`` → ``Player``)."""
        return self.titles.get(choice) or choice[:1].upper() + choice[1:]

    def check(self, value: str) -> str:
        """The declared choice ``value`` names (any case); ``ValueError`` listing them otherwise."""
        for choice in self.choices:
            if str(value).strip().lower() == choice.lower():
                return choice
        raise ValueError(f"expected one of {', '.join(self.choices)}, got {value!r}")


class Level(NamedTuple):
    """A computer level: a player of the game (``name`` is one of its ``player_names``) whose
    search depth the window's analysis (hints, tutor, graph) can also run at."""

    name: str
    title: str
    depth: str
    """Depth in words, for the settings ("1 ply", "2 ply, slower")."""
    description: str = ""
    analysis: bool = True
    """Offered as an analysis strength (a level that only adds noise is not)."""

    @property
    def label(self) -> str:
        return f"{self.title} ({self.depth})"


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


ON_OFF: Mapping[Any, str] = {True: "On", False: "Off"}
"""The choices of an on/off setting."""


class GameSetting(NamedTuple):
    """A setting only this game has (backgammon: the board's direction, automatic bear-off).

    ``choices`` maps each stored value (a string or a bool, as JSON keeps it) to the words
    the settings screen shows.  The play scene hands the game's settings to its view.
    """

    label: str
    choices: Mapping[Any, str]
    default: Any

    def accepts(self, value: Any) -> bool:
        """True for one of the declared values, of its own type (JSON's 1 is not True)."""
        return any(type(value) is type(choice) and value == choice for choice in self.choices)


def three_decimals(value: float) -> str:
    """A value or a difference as the analysis' tables print it by default: ``+0.123``."""
    return f"{value:+.3f}"


ANALYSIS_LEVEL = "analysis_level"
"""The game setting naming the analysis strength, for games that declare analysis levels."""

REVIEW_STRICTNESS = {"strict": 0.5, "standard": 1.0, "lenient": 2.0}
"""How each choice of the review-marks setting scales a game's own thresholds."""


@dataclass(frozen=True)
class Chance:
    """What decides a game's chance nodes, for the words and sounds around them.

    ``name`` says what chance draws ("dice", "setup") in sentences ("the same dice") and names
    the command line's flag that fixes it in a position (``--dice``) where the game allows
    that (``given``).  ``sound`` is the window's cue at a chance node (``None``: silent).
    """

    name: str
    sound: str | None = None
    given: Callable[[Any, str | None], Any] | None = None
    """``given(state, text)``: ``state`` with the outcome ``text`` drawn ("31"), or with its
    own when ``text`` is ``None``; ``ValueError`` if it has none or the text is bad."""
    shown: Callable[[Any], str] | None = None
    """The outcome already drawn in a position, in words ("31"), for listings."""
    in_move_list: Callable[[str], str] = str
    """An outcome's notation as the move list prefixes the next move ("white 31" -> "31")."""


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

    def behind(self, record) -> float:
        """How far ``record`` trails the best, in these units (0 or more)."""
        return -(record.diff if self.measure == "value" else record.score_diff)


@dataclass(frozen=True)
class GameInfo:
    """A registered game.

    ``make_player(name, seed)`` builds a computer player from its command-line name
    (``player_names`` lists them); ``parse_position(text)`` reads a position in the game's
    own text form into a state, raising ``ValueError`` with a clear message.
    ``analyze(state, **options)`` returns the analysis record of every legal move, best
    first (:class:`~game.core.analysis.MoveAnalysis`); ``analysis_options`` names the
    keyword options it takes with their defaults.  ``win_kinds`` names wins by the points
    they score, for games where that means something; summaries count those kinds.
    """

    name: str
    title: str
    rules: Callable[[], Rules]
    player_names: tuple[str, ...]
    make_player: Callable[[str, int | None], Player]
    parse_position: Callable[[str], Any]
    format_position: Callable[[Any], str]
    default_player: str
    """The computer player the menu and ``tabula play`` offer first."""
    player_titles: tuple[str, ...] = ("Player 1", "Player 2")
    position_forms: str = ""
    """The position forms a user may type, in plain words for ``--position``'s help (backgammon:
    "a GNU Backgammon position ID, posid:matchid, or an XGID"); "" says "its position text"."""
    view: str | None = None
    """The module with the game's board on screen (``make_view(info, fonts)``); ``None``
    until it has one, and only games with a view are offered in the window."""

    # -- how a game goes and ends ---------------------------------------------------------
    outcome: Callable[[Any], Outcome] | None = None
    """A finished state's :class:`Outcome`; by default read off the rules' result."""
    describe: Callable[[Any], str] | None = None
    """A state in words: whose turn it is, or the result once over ("Player wins 21–8.");
    by default the side to move, or the outcome."""
    chance: Chance | None = None
    """What its chance nodes draw; ``None`` for a game without chance."""
    win_kinds: dict[int, str] = field(default_factory=dict)
    split_moves: Callable[[str], list[str]] = str.split
    """A move list as typed (``"P3 P1 O7"``) into actions in notation, chance included."""
    join_moves: Callable[[list[str]], str] = " ".join
    """The inverse: actions in notation, from the move-list options, as typed; ``ValueError``
    for a list the typed form cannot write."""
    move_noun: str = "move"
    """What the game calls a move ("play" in backgammon), for listings."""
    decision_heading: Callable[[Any], str | None] | None = None
    """``decision_heading(state)``: what a decision that is not an ordinary move is, for the
    head of a listing of its choices, which are then called actions (backgammon: "cube
    decision (take or pass)"); ``None`` (or no hook) for an ordinary move."""
    move_json: Callable[[Any, Any, Any], dict] | None = None
    """``move_json(state, move, after)``: what ``tabula moves --json`` tells of a move besides
    its notation; by default ``{"position": <the position after, as text>}``."""

    # -- new games -----------------------------------------------------------------------
    setup_options: dict[str, SetupOption] = field(default_factory=dict)
    """Option name → the choice a new game offers (menu drop-downs, ``tabula play`` flags)."""
    move_list_options: dict[str, SetupOption] | None = None
    """Options of a game typed as a move list (``tabula replay``); by default the setup
    options (backgammon adds who moves first, since ``31:8/5 6/5`` does not say)."""
    settings: dict[str, GameSetting] = field(default_factory=dict)
    """Settings only this game has; shown in its own section of the settings screen."""

    # -- computer players, evaluators and analysis ------------------------------------------
    levels: tuple[Level, ...] = ()
    player_descriptions: Mapping[str, str] = field(default_factory=dict)
    """Player name → one line saying what that computer player does, for the menu (a level's
    own ``description`` is used when the map has none for it)."""
    research_players: tuple[str, ...] | None = None
    """Players the menu lists apart, under "research players" (seed strategies, single
    evaluators, sparring partners); by default every player that is not a level."""
    evaluators: tuple[str, ...] = ()
    """Position evaluators ``tabula eval`` runs (``evaluate(state, name)``)."""
    default_evaluator: str | None = None
    evaluate: Callable[[Any, str], Evaluation] | None = None
    analyze: Callable[..., list] | None = None
    analysis_options: Mapping[str, Any] = field(default_factory=dict)
    """Option → default of what ``analyze`` takes: ``level`` (one of the analysis levels),
    ``evaluator`` (one of ``evaluators``)."""
    analysis_cancellable: bool = False
    """``analyze`` takes ``limits`` (:class:`~game.core.search.Limits`) and stops when cancelled."""
    analysis_includes: bool = False
    """``analyze`` takes ``include``, a move it then searches as deep as the best (a review
    compares the move played at one depth); games whose analysis searches every move fully
    need not."""
    detail_columns: tuple[tuple[str, str], ...] = ()
    """``(details key, heading)`` of the analysis' extra columns (win and gammon chances)."""
    tutor_margin: TutorMargin = TutorMargin(10.0, "score", "display points")
    value_heading: str = "Value"
    """The native value's column heading in the hint table ("Equity", "cp")."""
    format_value: Callable[[float], str] = three_decimals
    """A native value or difference as the analysis' tables print it (backgammon's equity
    ``+0.123``; Chesstack's whole centipawns, a won game ``+win``)."""

    # -- reviewing a whole game (game/core/review.py) ---------------------------------------
    decision_kind: Callable[[Any], str] | None = None
    """The kind of the decision ``state`` asks for (backgammon: "chequer" or "cube"); by
    default "move"."""
    decision_kinds: tuple[str, ...] = ("move",)
    """Every kind ``decision_kind`` gives, in the order the review's totals list them."""
    review_position: Callable[[Any], tuple[str, str | None]] | None = None
    """``(position_id, match_id)`` of a position for the review (backgammon: GNU's IDs); by
    default ``(format_position(state), None)``."""
    game_number: Callable[[Any], int] | None = None
    """The number of the game a state belongs to when one protocol game is a match of
    several (backgammon's matches); by default 1."""
    review_thresholds: tuple[float, float, float] | None = None
    """Lost amounts (tutor's units) from which a review marks a decision doubtful, bad, very
    bad; by default half, once and twice ``tutor_margin``'s amount."""
    review_units: Callable[[Any], float] | None = None
    """``review_units(state)``: the factor that turns the tutor's lost amount at a decision
    into the review's units (backgammon: chequer errors in matches to EMG, in money per
    unit of cube); by default 1."""
    review_rated: Callable[[Any, list, Any], bool] | None = None
    """``review_rated(state, records, played)``: whether a reviewed decision counts in the
    error rate (backgammon: not a cube decision neither acted on nor close, as GNU
    Backgammon counts); by default every decision."""
    review_match: Callable[[Any, Any], tuple[float, float] | None] | None = None
    """``review_match(state, best_record)``: ``(chance, score)``, the mover's chance to win
    the match after the best action and its display score, ``None`` outside a match
    (backgammon, whose cube records are in EMG and plays in match equity: the review's score
    then follows the match chance); by default none."""
    luck: Callable[..., float | None] | None = None
    """``luck(before, after, **analysis_options)``: what the chance outcome from ``before``
    to ``after`` gave the player who then decides, in native units; ``None`` where it does
    not apply.  ``None`` for games without chance or without a luck measure."""

    # -- tournaments and training -------------------------------------------------------------
    tournament_options: dict[str, Any] = field(default_factory=dict)
    """Options of every tournament game (Mandragora: a random pattern and first mover, drawn
    with the deal's chance seed, so both seatings of a deal get the same setup)."""
    tournament_flags: dict[str, TournamentOption] = field(default_factory=dict)
    """Flag name → a way tournaments of this game may be played (``--match N``), see
    :class:`TournamentOption`; the options it sets go on top of ``tournament_options``."""
    tournament_choices: tuple[tuple[str, dict[str, Any]], ...] = ()
    """``(label, options)`` the window's tournament screen offers in a drop-down, the first the
    default (backgammon: ``("Cubeless", {})``, ``("Money with cube", {"cube": True})``,
    ``("Match to 5", {"match_length": 5})`` …); each sets what ``tournament_flags`` can."""
    match_tally: Callable[[Any], tuple[int, tuple[int, int]] | None] | None = None
    """``match_tally(final_state)``: ``(games, (points of seat 0, points of seat 1))``, whole
    numbers, when one protocol game is a match of several games (backgammon's ``--match``), else ``None``;
    tournaments then also report points per game of the matches."""
    max_plies: int | None = None
    """Plies after which a tournament game stops unfinished (a draw) when the tournament sets
    no limit: a guard for games that can loop forever (Mandragora)."""
    training: Any = None
    """``tabula train GAME``: an object with ``help``, ``add_arguments(parser)`` and
    ``run(args) -> int``; ``None`` for a game without training."""
    commands: Callable[[], Commands] | None = None
    """Subcommands the game adds to ``tabula`` (backgammon's ``cube`` and ``import``): a
    factory of its :class:`~.capabilities.Commands`; ``None`` for none."""
    match_files: Callable[[], MatchFiles] | None = None
    """Its match files, the ones other programs write (backgammon's ``.mat`` and ``.sgf``):
    a factory of its :class:`~.capabilities.MatchFiles` (:func:`~.capabilities.lazy`);
    ``None`` for a game without them."""
    calibration: Any = None
    """``tabula calibrate GAME``: an object with ``evaluators()`` (the names it can calibrate),
    ``samples(games, seed, noise=, per_game=, progress=)`` (labelled positions, see
    ``game/backgammon/evaluators/calibration.py``), ``scores(name, boards)`` and ``player`` (how the
    games are played, in words); ``None`` for a game without score calibration."""

    def __post_init__(self) -> None:
        names = set(self.player_names)
        for level in self.levels:
            if level.name not in names:
                raise ValueError(f"{self.name}: level {level.name!r} is not one of its players")
        if self.default_player not in names:
            raise ValueError(f"{self.name}: default player {self.default_player!r} is not one of its players")
        level = self.analysis_options.get("level")
        if level is not None and level not in self.analysis_level_names:
            raise ValueError(f"{self.name}: default analysis level {level!r} is not an analysis level")

    # -- reading the declaration ---------------------------------------------------------
    @property
    def analysis_level_names(self) -> tuple[str, ...]:
        """The levels the analysis can run at, weakest first."""
        return tuple(level.name for level in self.levels if level.analysis)

    @property
    def menu_players(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``(main, research)``: the players the menu offers first (the levels, weakest
        first, or the players that are not research players) and those it lists apart."""
        research = self.research_players
        if research is None:
            levels = {level.name for level in self.levels}
            research = tuple(name for name in self.player_names if name not in levels) if levels else ()
        main = tuple(level.name for level in self.levels) or tuple(
            name for name in self.player_names if name not in research)
        return main, tuple(name for name in self.player_names if name in research and name not in main)

    def player_title(self, name: str) -> str:
        """A player as the menu names it: a level's title ("Expert"), else its name."""
        return next((level.title for level in self.levels if level.name == name), name)

    def player_description(self, name: str) -> str:
        """One line on what the computer player ``name`` does ("" if the game gives none)."""
        if name in self.player_descriptions:
            return self.player_descriptions[name]
        return next((level.description for level in self.levels if level.name == name), "")

    def all_settings(self) -> dict[str, GameSetting]:
        """The game's settings, with the analysis strength when it has analysis levels."""
        settings = dict(self.settings)
        if "level" in self.analysis_options and self.analysis_level_names:
            choices = {level.name: level.label for level in self.levels if level.analysis}
            settings[ANALYSIS_LEVEL] = GameSetting("Analysis strength", choices, self.analysis_options["level"])
        return settings

    def review_marks(self, strictness: str = "standard") -> tuple[float, float, float]:
        """The amounts lost from which a reviewed decision is doubtful, bad, very bad: the game's
        own ``review_thresholds``, else half, once and twice its tutor's margin, scaled by the
        ``strictness`` (:data:`REVIEW_STRICTNESS`: strict halves them, lenient doubles them)."""
        base = self.review_thresholds or (self.tutor_margin.amount / 2, self.tutor_margin.amount,
                                          2 * self.tutor_margin.amount)
        scale = REVIEW_STRICTNESS[strictness]
        return tuple(round(value * scale, 6) for value in base)

    def outcome_of(self, state: Any) -> Outcome:
        """How the finished ``state`` ended."""
        if self.outcome is not None:
            return self.outcome(state)
        return outcome_from_result(self.rules().result(state))

    def status(self, state: Any) -> str:
        """``state`` in words: the game's own (``describe``), else the outcome once over, or
        who acts next."""
        if self.describe is not None:
            return self.describe(state)
        rules = self.rules()
        if rules.is_over(state):
            return self.outcome_of(state).words(self.player_titles)
        mover = rules.to_move(state)
        if mover == CHANCE:
            return f"Next: the {self.chance.name if self.chance else 'chance outcome'}."
        return f"{self.player_titles[mover]} to move."

    def new_game_options(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """Every declared setup option, ``chosen`` values checked (``ValueError`` naming a bad
        one or one this game does not have), the others at their defaults, and so is an option
        the others' values hide (:attr:`SetupOption.shown_if`)."""
        return _checked(self, self.setup_options, chosen)

    def move_list_game_options(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """Like :meth:`new_game_options`, for a game typed as a move list."""
        declared = self.setup_options if self.move_list_options is None else self.move_list_options
        return _checked(self, declared, chosen)


def _checked(info: GameInfo, declared: dict[str, SetupOption], chosen: dict[str, str] | None) -> dict[str, str]:
    chosen = dict(chosen or {})
    unknown = sorted(set(chosen) - set(declared))
    if unknown:
        offered = ", ".join(declared) or "none"
        raise ValueError(f"{info.title} has no option {unknown[0]!r} (its options: {offered})")
    options = {}
    for name, option in declared.items():
        try:
            value = option.check(chosen.get(name, option.default))
        except ValueError as error:
            raise ValueError(f"bad {name} for {info.title}: {error}") from None
        options[name] = value if option.shown(options) else option.default  # a hidden option: its default
    return options
