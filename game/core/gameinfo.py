"""What a game tells the rest of Tabula about itself: one declaration per game.

The window, the command line and the tournament runner read a game's :class:`GameInfo` and
never guess.  It holds a fixed set of plain facts (name, title, rules, notation, players,
chance, options, how a game ends); each larger ability (analysis and levels, review,
rollouts, tournaments, match files, commands, training, calibration, the rules page, the
position editor, the view) is one object behind a protocol in :mod:`.capabilities`, registered
under it and built only when asked for (``info.ability(Review)``).  Adding a game is a new
package that declares one, plus one line in ``game/games.py`` (``docs/adding-a-game.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from .capabilities import NO_ANALYSIS, Analysis, Level, TournamentPlay, TutorMargin, three_decimals  # noqa: F401  (the games declare with these)
from .capabilities.match_equity import MatchEquity
from .dice_entry import DiceEntry
from .outcome import Outcome, outcome_from_result
from .players import Player
from .protocol import CHANCE, POSITION, Rules

if TYPE_CHECKING:
    from typing_extensions import TypeForm  # a protocol is no concrete class: type[T] would refuse one

T = TypeVar("T")


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


REVIEW_STRICTNESS = {"strict": 0.5, "standard": 1.0, "lenient": 2.0}
"""How each choice of the review-marks setting scales a game's own thresholds (:func:`~.review.plain.review_marks`)."""

ANALYSIS_LEVEL = "analysis_level"
"""The game setting naming the analysis strength, for games that declare analysis levels."""
POSITION_TEXT = "position_text"
"""The game setting naming the position text the window shows and copies (Ctrl+C), for games
that write another program's form too (``Notation.other_forms``): ``"own"`` or a form's name."""
MANUAL_DICE = "dice"
"""The game setting saying who rolls a human's dice in the window, for games whose chance
outcomes are entered as dice (``Chance.entry``): ``"program"`` or ``"hand"`` (:mod:`.dice_entry`)."""
MATCH_EQUITY_TABLE = "met"
"""The game setting naming the match equity table its match analysis reads, for games with
:class:`~.capabilities.MatchEquity` (the window applies it: :func:`game.ui.analysis.tables.use_chosen_table`)."""
MANUAL_DICE_SETTING = GameSetting("Dice", {"program": "Rolled by the program", "hand": "Entered by hand (Ctrl+D)"},
                                  "program")


class OutcomeGrid(NamedTuple):
    """How a game's chance outcomes lay out as a table, for the window's "every roll" grid
    (W): backgammon's two dice as 6×6, a non-double in two mirrored cells (3-1 and 1-3), the
    doubles on the diagonal.  A game without one is not offered the grid."""

    rows: tuple[str, ...]
    """The rows' headings (backgammon: the first die, ``"1"`` … ``"6"``)."""
    columns: tuple[str, ...]
    cells: Callable[[str], tuple[tuple[int, int], ...]]
    """An outcome's notation → its cells, ``(row, column)`` each; ``()`` for an outcome with no
    place in the grid (backgammon's opening roll that names its starter, ``"white 31"``): a
    position with such an outcome gets no grid."""


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
    shown: Callable[[Any], str | None] | None = None
    """The outcome already drawn in a position, in words ("31"), for listings; ``None`` for a
    position where none is drawn yet (backgammon's cube decision before the roll)."""
    in_move_list: Callable[[str], str] = str
    """An outcome's notation as the move list prefixes the next move ("white 31" -> "31")."""
    entry: DiceEntry | None = None
    """How a player enters the outcome as dice instead of the program drawing it (manual dice,
    :mod:`.dice_entry`); ``None``: the program always draws it."""
    grid: OutcomeGrid | None = None
    """How its outcomes lay out as a table (:class:`OutcomeGrid`); ``None``: no grid."""
    undrawn: Callable[[Any], Any] | None = None
    """``undrawn(state)``: a position with its outcome drawn as it was just before (the chance
    node, the same player to draw), for a position that comes without its past (pasted, set
    up, loaded); ``None`` where there is none (no outcome drawn, or an opening roll that names
    who starts)."""


@dataclass(frozen=True)
class Notation:
    """How a game's positions and moves are written, for the command line and listings.

    ``parse_position(text)`` reads a position in the game's own text form into a state,
    raising ``ValueError`` with a clear message; ``format_position(state)`` writes it."""

    parse_position: Callable[[str], Any]
    format_position: Callable[[Any], str]
    position_forms: str = ""
    """The position forms a user may type, in plain words for ``--position``'s help (backgammon:
    "a GNU Backgammon position ID, posid:matchid, or an XGID"); "" says "its position text"."""
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
    form_name: str = "position text"
    """What the game's own position text is called ("GNU ID"), for the window's position line."""
    other_forms: Mapping[str, Callable[[Any], str]] = field(default_factory=dict)
    """Other programs' position texts the game writes too, by name (backgammon: ``"xgid"``,
    eXtreme Gammon's); the command line's ``--xgid`` prints positions in that form."""
    shown_move: Callable[[str], str] = str
    """A move's notation as the window's move lists write it, in words where the notation is a
    file format's (backgammon: ``Doubles => 2`` written ``Doubles to 2``)."""
    diagram: Callable[[Any], str] | None = None
    """The position drawn in text lines that other programs and forums read, which
    ``parse_position`` reads back (backgammon: GNU Backgammon's ASCII board); ``None``: the
    position text stands for it (:meth:`text_picture`)."""

    def text_picture(self, state: Any) -> str:
        """The position as text to share: :attr:`diagram`, else the position text."""
        return self.diagram(state) if self.diagram is not None else self.format_position(state) + "\n"


@dataclass(frozen=True)
class Players:
    """A game's players: the computer players by their command-line names and how they are built.

    ``make`` is a factory (:func:`~.capabilities.lazy`) of the function ``make(name, seed)`` that
    builds one, so declaring the game loads no player (:meth:`player` builds one); the menu
    offers the levels first and lists the ``research`` players apart."""

    names: tuple[str, ...]
    default: str
    """The computer player the menu and ``tabula play`` offer first."""
    make: Callable[[], Callable[[str, int | None], Player]]
    titles: tuple[str, ...] = ("Player 1", "Player 2")
    """What each seat is called ("White", "Black"; "Player", "Opponent")."""
    descriptions: Mapping[str, str] = field(default_factory=dict)
    """Player name → one line saying what that computer player does, for the menu (a level's
    own ``description`` is used when the map has none for it)."""
    research: tuple[str, ...] | None = None
    """Players the menu lists apart, under "research players" (seed strategies, single
    evaluators, sparring partners); by default every player that is not a level."""

    def __post_init__(self) -> None:
        if self.default not in self.names:
            raise ValueError(f"default player {self.default!r} is not one of the players")

    def player(self, name: str, seed: int | None = None) -> Player:
        """The computer player called ``name``; ``ValueError`` naming the players otherwise."""
        return self.make()(name, seed)


@dataclass(frozen=True)
class Options:
    """What a new game of it offers, and the settings only it has."""

    setup: Mapping[str, SetupOption] = field(default_factory=dict)
    """Option name → the choice a new game offers (menu drop-downs, ``tabula play`` flags)."""
    move_list: Mapping[str, SetupOption] | None = None
    """Options of a game typed as a move list (``tabula replay``); by default the setup
    options (backgammon adds who moves first, since ``31:8/5 6/5`` does not say)."""
    settings: Mapping[str, GameSetting] = field(default_factory=dict)
    """Settings only this game has; shown in its own section of the settings screen."""
    of_position: Callable[[Any], dict[str, str]] | None = None
    """The setup choices a position implies (backgammon: a match's length, or money with or
    without the cube, from its cube): the menu shows them, fixed, while a position is given."""


@dataclass(frozen=True)
class Ending:
    """How a game ends and reads: its outcome, a state in words, its kinds of win."""

    outcome: Callable[[Any], Outcome] | None = None
    """A finished state's :class:`Outcome`; by default read off the rules' result."""
    describe: Callable[[Any], str] | None = None
    """A state in words: whose turn it is, or the result once over ("Player wins 21–8.");
    by default the side to move, or the outcome."""
    win_kinds: Mapping[int, str] = field(default_factory=dict)
    """Wins by the points they score, named, for games where that means something ("gammons");
    summaries count those kinds."""


FACTS = ("name", "title", "rules", "notation", "players", "chance", "options", "ending", "abilities")
"""The fields of :class:`GameInfo`: a fixed set (a test holds it so); anything larger is an ability."""


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its plain facts (name, title, rules, notation, players, chance,
    options, how it ends) and its abilities.

    Each larger ability (analysis, review, rollouts, tournaments, match files, commands,
    training, calibration, the rules page, the position editor, the view) is one object behind
    a protocol of :mod:`.capabilities`, registered under that protocol as a zero-argument
    factory (:func:`~.capabilities.lazy`, so declaring it loads nothing) and reached one way:
    ``info.ability(Review)``, ``None`` when the game lacks it.
    """

    name: str
    title: str
    rules: Callable[[], Rules]
    notation: Notation
    """How its positions and moves are written (:class:`Notation`)."""
    players: Players
    chance: Chance | None = None
    """What its chance nodes draw; ``None`` for a game without chance."""
    options: Options = Options()
    ending: Ending = Ending()
    abilities: Mapping[TypeForm[Any], Callable[[], Any]] = field(default_factory=dict)
    """Protocol (or ability class) → a factory of the game's object behind it."""

    def ability(self, protocol: TypeForm[T]) -> T | None:
        """The game's ability behind ``protocol`` (built on the first call, the same object
        after), or ``None`` when the game has none."""
        factory = self.abilities.get(protocol)
        return None if factory is None else factory()

    def has(self, protocol: TypeForm[Any]) -> bool:
        """Whether the game has the ability behind ``protocol`` (nothing is built to know)."""
        return protocol in self.abilities

    # -- reading the declaration ---------------------------------------------------------
    def move_analysis(self) -> Analysis:
        """Its :class:`Analysis`, or :data:`~.capabilities.NO_ANALYSIS` for a game without one."""
        return self.ability(Analysis) or NO_ANALYSIS

    @property
    def levels(self) -> tuple[Level, ...]:
        """Its computer levels, weakest first (its analysis' levels; none without analysis)."""
        return self.move_analysis().levels

    @property
    def analysis_level_names(self) -> tuple[str, ...]:
        """The levels the analysis can run at, weakest first."""
        return self.move_analysis().level_names

    @property
    def menu_players(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``(main, research)``: the players the menu offers first (the levels, weakest
        first, or the players that are not research players) and those it lists apart."""
        names, research = self.players.names, self.players.research
        if research is None:
            levels = {level.name for level in self.levels}
            research = tuple(name for name in names if name not in levels) if levels else ()
        main = tuple(level.name for level in self.levels) or tuple(name for name in names if name not in research)
        return main, tuple(name for name in names if name in research and name not in main)

    def computer_player(self, name: str, seed: int | None, settings: Mapping[str, Any] | None = None) -> Player:
        """The computer player ``name`` (:meth:`Players.player`) given the game's own ``settings`` (as
        ``Settings.of`` gives them) it reads (:meth:`~.players.Player.use_settings`): the
        window's players; tournaments and the command line pass none, so their players keep
        their defaults."""
        player = self.players.player(name, seed)
        if settings:
            player.use_settings(settings)
        return player

    def player_title(self, name: str) -> str:
        """A player as the menu names it: a level's title ("Expert"), else its name."""
        return next((level.title for level in self.levels if level.name == name), name)

    def player_description(self, name: str) -> str:
        """One line on what the computer player ``name`` does ("" if the game gives none)."""
        if name in self.players.descriptions:
            return self.players.descriptions[name]
        return next((level.description for level in self.levels if level.name == name), "")

    def all_settings(self) -> dict[str, GameSetting]:
        """The game's settings, with the analysis strength when it has analysis levels, the
        position text when it writes other programs' too, who rolls a human's dice when
        they can be entered by hand (``Chance.entry``), and the match equity table when its
        match analysis reads one (:class:`~.capabilities.MatchEquity`)."""
        settings = dict(self.options.settings)
        analysis = self.move_analysis()
        if "level" in analysis.options and analysis.level_names:
            choices = {level.name: level.label for level in analysis.levels if level.analysis}
            settings[ANALYSIS_LEVEL] = GameSetting("Analysis strength", choices, analysis.options["level"])
        if self.notation.other_forms:
            forms = {"own": self.notation.form_name, **{name: name.upper() for name in self.notation.other_forms}}
            settings[POSITION_TEXT] = GameSetting("Position text shown and copied (Ctrl+C)", forms, "own")
        if self.chance is not None and self.chance.entry is not None:
            settings[MANUAL_DICE] = MANUAL_DICE_SETTING
        tables = self.ability(MatchEquity)
        if tables is not None:
            settings[MATCH_EQUITY_TABLE] = GameSetting("Match equity table", dict(tables.choices), tables.names[0])
        return settings

    def position_text(self, state: Any, form: str = "own") -> tuple[str, str]:
        """``(the form's name, state in it)``: the game's own text, or another program's
        (``Notation.other_forms``; an unknown form is the own one, and so is a state the other
        form cannot hold, its writer's ``ValueError``: an XGID has no resignation), so the text
        always reads back as the state: where the own text would lose part of it (backgammon's
        GNU ID has no dice in cubeless play) the first other form that keeps it all is given."""
        text = self.other_form_text(state, form)
        if text is not None:
            return form.upper(), text
        own = self.notation.format_position(state)
        if self._reads_back(own, state):
            return self.notation.form_name, own
        for name in self.notation.other_forms:  # the own text loses part of it (backgammon: the
            text = self.other_form_text(state, name)  # dice of cubeless play): a fuller form
            if text is not None and self._reads_back(text, state):
                return name.upper(), text
        return self.notation.form_name, own

    def _reads_back(self, text: str, state: Any) -> bool:
        """Whether ``text`` reads back as ``state`` in every form the game writes."""
        def forms(s: Any) -> tuple:
            return (self.notation.format_position(s),
                    *(self.other_form_text(s, name) for name in self.notation.other_forms))
        try:
            return forms(self.notation.parse_position(text)) == forms(state)
        except ValueError:
            return False

    def other_form_text(self, state: Any, form: str) -> str | None:
        """``state`` in another program's form (``Notation.other_forms``), ``None`` for an
        unknown form or a state that form cannot hold (its writer raises ``ValueError``)."""
        write = self.notation.other_forms.get(form)
        if write is None:
            return None
        try:
            return write(state)
        except ValueError:
            return None

    def position_options(self, text: str) -> dict[str, str]:
        """The options of a game that starts from ``text``, a position in one of the game's
        position forms (pasted, typed or set up), checked by the rules: ``ValueError`` saying
        what is wrong with the text, or that the game takes no position."""
        text = text.strip()
        if POSITION not in self.rules().option_names:
            raise ValueError(f"{self.title} cannot start from a position")
        if not text:
            raise ValueError(f"no position given: paste or type {self.position_forms()}")
        if text.startswith("@"):  # a position file (Chesstack's): the game keeps the text it holds
            text = self.notation.format_position(self.notation.parse_position(text))
        options = {POSITION: text}
        self.rules().initial_state(options)
        return options

    def position_forms(self) -> str:
        """The position texts a user may give, in plain words (:attr:`Notation.position_forms`)."""
        return self.notation.position_forms or f"a {self.title} position text"

    def tournament_play(self) -> TournamentPlay:
        """How tournaments of this game are played: its own :class:`TournamentPlay`, else the plain one."""
        return self.ability(TournamentPlay) or TournamentPlay()

    def outcome_of(self, state: Any) -> Outcome:
        """How the finished ``state`` ended."""
        if self.ending.outcome is not None:
            return self.ending.outcome(state)
        return outcome_from_result(self.rules().result(state))

    def status(self, state: Any) -> str:
        """``state`` in words: the game's own (``ending.describe``), else the outcome once over,
        or who acts next."""
        if self.ending.describe is not None:
            return self.ending.describe(state)
        rules = self.rules()
        if rules.is_over(state):
            return self.outcome_of(state).words(self.players.titles)
        mover = rules.to_move(state)
        if mover == CHANCE:
            return f"Next: the {self.chance.name if self.chance else 'chance outcome'}."
        return f"{self.players.titles[mover]} to move."

    def new_game_options(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """Every declared setup option, ``chosen`` values checked (``ValueError`` naming a bad
        one or one this game does not have), the others at their defaults, and so is an option
        the others' values hide (:attr:`SetupOption.shown_if`)."""
        return _checked(self, self.options.setup, chosen)

    def move_list_game_options(self, chosen: dict[str, str] | None = None) -> dict[str, str]:
        """Like :meth:`new_game_options`, for a game typed as a move list."""
        declared = self.options.setup if self.options.move_list is None else self.options.move_list
        return _checked(self, declared, chosen)


def _checked(info: GameInfo, declared: Mapping[str, SetupOption], chosen: dict[str, str] | None) -> dict[str, str]:
    chosen = dict(chosen or {})
    unknown = sorted(set(chosen) - set(declared))
    if unknown:
        offered = ", ".join(declared) or "none"
        raise ValueError(f"{info.title} has no option {unknown[0]!r} (its options: {offered})")
    options: dict[str, str] = {}
    for name, option in declared.items():
        try:
            value = option.check(chosen.get(name, option.default))
        except ValueError as error:
            raise ValueError(f"bad {name} for {info.title}: {error}") from None
        options[name] = value if option.shown(options) else option.default  # a hidden option: its default
    return options
