"""A game's larger abilities as objects behind small protocols (DESIGN.md, "Abilities are objects").

Beyond its plain facts (name, players, rules, notation), a game may have abilities that
shared code uses: reading and writing other programs' match files, reviewing a game, analysis
levels, tournament play, commands of its own.  Each is one object behind one protocol here.
A :class:`game.core.gameinfo.GameInfo` registers each ability under its protocol as a zero-argument
factory, :func:`lazy` of an import path, so declaring it loads nothing; shared code asks for it
one way, ``info.ability(MatchFiles)`` (``None`` when the game lacks it), and calls its methods,
never probing with ``getattr``/``hasattr``.  A protocol's data members are read-only (properties):
shared code only reads them, so a game may hold them as class attributes, instance attributes or
fields of a frozen dataclass.  ``tests/typing/abilities.py`` has mypy check every game's abilities
against their protocols.

The abilities: :class:`Analysis`, :class:`MatchFiles`, :class:`Commands`, :class:`Review` (with
its :class:`BoardPicture`), :class:`TournamentPlay`, :class:`PositionEditor`, :class:`Rollouts`,
:class:`Training`, :class:`Calibration`, :class:`Library` (the study library's summaries and
decision facts), :class:`Drill` (cards from one's mistakes), :class:`MatchEquity` (the match equity
tables a match analysis reads), :class:`Theory` (reference figures beside the board), :class:`View` and the rules page (:class:`game.core.rules_page.RulesPage`).

The parts: :mod:`.lazy` (the factories abilities are registered as), :mod:`.analysis`,
:mod:`.review`, :mod:`.rollouts`, :mod:`.tournament`, :mod:`.files` (match files and the
command line's abilities), :mod:`.match_equity`, :mod:`.theory`, :mod:`.editor` (the position editor and the view), :mod:`.library`, :mod:`.drill`.  Every name is
imported here too, so ``from game.core.capabilities import Review`` is the one way in.
"""

from .analysis import NO_ANALYSIS, Analysis, Level, TutorMargin, three_decimals
from .drill import CardFacts, Drill, Graded
from .editor import PositionDraft, PositionEditor, SetupControl, SetupRow, View
from .files import Calibration, Commands, MatchFiles, Training
from .lazy import lazy
from .library import DecisionFacts, GameSummary, Library, MatchSummary
from .match_equity import MatchEquity
from .review import BoardPicture, Review, ReviewedPosition
from .rollouts import Rollouts
from .theory import MapCell, ScoreMap, Theory, TheoryFigures, TheorySection
from .tournament import TournamentOption, TournamentPlay

__all__ = ["Analysis", "BoardPicture", "Calibration", "CardFacts", "Commands", "DecisionFacts", "Drill", "Graded", "GameSummary", "Level", "Library",
           "MatchEquity", "MatchFiles", "MatchSummary", "PositionDraft", "PositionEditor", "Review", "ReviewedPosition", "Rollouts",
           "MapCell", "ScoreMap", "SetupControl", "SetupRow", "Theory", "TheoryFigures", "TheorySection", "TournamentOption", "TournamentPlay", "Training", "TutorMargin", "View",
           "NO_ANALYSIS", "lazy", "three_decimals"]
