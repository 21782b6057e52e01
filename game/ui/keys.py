"""The play window's keys, in one table: the in-window key help is built from it (only the
keys that work in the mode on screen), and a test checks that the guide's (docs/playing.md) "Keys:"
paragraph says the same (:func:`readme_paragraph`).  The keys of a game's decisions by
buttons (backgammon's cube and resignation) are the game's own (``Decisions.keys``): they
join the play mode's keys after Enter.

Modes: ``play`` (a game with a human player), ``watch`` (computers play, the viewer
watches), ``replay`` (stepping through the moves of a finished or loaded game), ``review``
(the Review screen: a whole game analysed, its decisions marked), ``setup`` (the Set up
position screen), ``drill`` (the Drill screen: one's own errors asked again).  A key
marked ``analysis`` works only for a game whose analysis the window shows, one marked
``human`` only in a game with a human player (undo in replay mode leaves it: it takes back
moves of the game as it stands).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PLAY, WATCH, REPLAY, REVIEW, SETUP, DRILL = "play", "watch", "replay", "review", "setup", "drill"
ALL = frozenset({PLAY, WATCH, REPLAY})
"""The play scene's modes (the Review screen has keys of its own)."""


@dataclass(frozen=True)
class Key:
    keys: str
    """How the key is written, e.g. ``Ctrl+Z or Backspace``."""
    does: str
    """What it does, short (the window's key help)."""
    modes: frozenset = ALL
    analysis: bool = False
    human: bool = False
    """Only in a game with a human player."""
    confirm: bool = False
    """Only in a game whose moves wait for a confirmation (not Mandragora's: a click plays)."""
    games: bool = False
    """Only in a record of several games (a match of several games so far)."""
    dice: bool = False
    """Only in a game whose dice a human may enter by hand (``Chance.entry``)."""
    editor: bool = False
    """Only in a game with an edit mode (``info.ability(PositionEditor)``: backgammon's)."""
    rolls: bool = False
    """Only in a game whose chance outcomes lay out as a grid (backgammon's dice: ``Chance.grid``)."""
    rollouts: bool = False
    """Only in a game with rollouts (``info.ability(Rollouts)``: backgammon's)."""
    drills: bool = False
    """Only in a game with drills (``info.ability(Drill)``: backgammon's)."""
    theory: bool = False
    """Only in a game with reference figures (``info.ability(Theory)``: backgammon's)."""
    readme: str = ""
    """The README's longer wording, when it says more than :attr:`does`."""


KEY_TABLE: tuple[Key, ...] = (
    Key("Ctrl+Z or Backspace", "undo", frozenset({PLAY, REPLAY}), human=True,
        readme="undo (within the turn, then whole moves back to your last choice: forced moves "
               "and the computer's replies are taken back with it; in a game of two humans "
               "never the other player's move)"),
    Key("Ctrl+Y", "redo", frozenset({PLAY, REPLAY}), human=True),
    Key("Enter", "done", frozenset({PLAY}), human=True, confirm=True),
    Key("Ctrl+D", "dice by hand/program", frozenset({PLAY}), human=True, dice=True,
        readme="dice entered by hand or rolled by the program, in this game (backgammon, at a human's roll)"),
    Key("Left/Right", "step through the moves", readme="step through the moves (replay; the move list is "
        "clickable too, and Right at the end of an unfinished game plays on)"),
    Key("Home/End", "first/last position"),
    Key("PgUp/PgDn", "previous/next game", frozenset({PLAY, WATCH, REPLAY}), games=True,
        readme="previous/next game of a match (replay)"),
    Key("H", "hints", analysis=True),
    Key("Up/Down", "pick a hint", analysis=True),
    Key("G", "graph", analysis=True),
    Key("V", "review", analysis=True, readme="review the game: every decision analysed, marked and totalled "
        "(the Review screen; the moves so far of a game in progress)"),
    Key("T", "tutor", frozenset({PLAY}), analysis=True, human=True),
    Key("W", "every roll", ALL | {REVIEW}, analysis=True, rolls=True,
        readme="every roll's best play: the 21 rolls of the position before the roll as a grid coloured from "
               "the worst to the best, with their average; a click shows a roll's play on the board (backgammon; "
               "watching: paused; the Review screen too)"),
    Key("O", "roll out", analysis=True, rollouts=True,
        readme="roll out the hint table's top five plays, or those chosen with Shift+click, or the cube "
               "decision, in the background: the rows' figures become the rollout's as the trials come in "
               "(depth R and the trials, the 95% interval in the ± column); O again stops, keeping them "
               "(backgammon)"),
    Key("K", "cube theory", analysis=True, theory=True,
        readme="the theory panel over the board: take and cash points (dead and live cube), gammon values, "
               "where the position stands, and in a race the race counts; M there computes the score map, "
               "the proper cube action at every score (backgammon; K or Esc closes)"),
    Key("Ctrl+Shift+C", "copy board as image", readme="copy the board as a picture (PNG) to paste into a post "
        "or a flashcard; where the clipboard takes no pictures it is saved as a file, named on screen"),
    Key("Ctrl+Shift+T", "copy board as text", readme="copy the board as text: backgammon's is GNU Backgammon's "
        "ASCII board with its position and match IDs, which Ctrl+V and every position field read back"),
    Key("Space", "pause", frozenset({WATCH}), analysis=True, readme="pause (watching)"),
    Key("- + or [ ]", "watch speed", frozenset({WATCH}), analysis=True, readme="watch speed (watching)"),
    Key("+/-", "animation speed", frozenset({PLAY, REPLAY}), readme="animation speed (playing)"),
    Key("N", "new game", readme="new game (asks first if a game is in progress)"),
    Key("S", "save"),
    Key("M", "sound"),
    Key("Ctrl+C", "copy the position", readme="copy the whole position on show as text, dice, cube and score "
        "included (GNU ID and match ID, or XGID as the game's setting says, and XGID where a GNU ID would lose "
        "part of it: cubeless play's dice, beavers; a click on the position line under the moves does the same)"),
    Key("Ctrl+V", "open the copied position", readme="open the position on the clipboard (a GNU ID, posid:matchid or "
        "XGID, or the game's position text) as a new game to analyse or play on"),
    Key("Ctrl+L", "type a position", readme="the Position… dialog, to type or paste a position (also \"Open…\" at "
        "the end of the position line)"),
    Key("Ctrl+E", "set up position", editor=True,
        readme="set up a position from the one on show (backgammon; Esc there goes back unchanged)"),
    Key("F1", "rules", readme="the game's rules (F1 or Esc again: back to the game as it was)"),
    Key("?", "keys screen", ALL | {REVIEW}, readme="every key of the screen on show, with what it does, and "
        "About: the version and the networks' weights (Esc or ? again: back)"),
    Key("Esc", "menu", readme="back to the menu"),
    Key("Left/Right", "previous/next decision", frozenset({REVIEW}), readme="previous/next decision (review)"),
    Key("Up/Down", "previous/next mistake", frozenset({REVIEW}), readme="previous/next mistake (review)"),
    Key("Home/End", "first/last decision", frozenset({REVIEW}), readme="first/last decision of the game (review)"),
    Key("PgUp/PgDn", "previous/next game", frozenset({REVIEW}), games=True, readme="previous/next game of a match (review)"),
    Key("E", "export report", frozenset({REVIEW}), readme="export the report as an HTML page (review)"),
    Key("O", "roll out this decision", frozenset({REVIEW}), rollouts=True,
        readme="roll out the decision on show: its top five plays and the play made, or its cube decision; the "
               "alternatives take the rollout's figures with their 95% intervals, O again stops (review)"),
    Key("S", "settle close calls", frozenset({REVIEW}), rollouts=True,
        readme="settle close calls: review again with every decision whose two best plays (or cube actions) are "
               "within 0.02 rolled out (360 trials cut at 7 plies) and marked by the rollout, as the command line's "
               "`--settle`; S again goes back to the search's marks (review)"),
    Key("T", "totals table", frozenset({REVIEW}), readme="the totals' full table or one line a player (review)"),
    Key("Tab", "totals of the game/match", frozenset({REVIEW}), games=True,
        readme="totals of the game on show or of the whole match (review)"),
    Key("D", "drill this game's errors", frozenset({REVIEW}), drills=True,
        readme="drill this game's errors: your decisions that lost at least the drill threshold become cards, "
               "asked at once on the Drill screen (review)"),
    Key("Esc", "back", frozenset({REVIEW}),
        readme="back to the game (review; while it analyses: stop, keeping what is finished)"),
    Key("Enter", "done", frozenset({DRILL}), readme="done: the play built on the board is the answer (drill)"),
    Key("Backspace", "undo a step", frozenset({DRILL}), readme="take back a step of the play being built (drill)"),
    Key("Space", "next card", frozenset({DRILL}), readme="the next card, once the answer is graded (drill)"),
    Key("R", "roll out", frozenset({DRILL}), rollouts=True,
        readme="roll out the card's position once it is answered, as O on the Review screen (drill)"),
    Key("Esc", "end the sitting", frozenset({DRILL}),
        readme="end the sitting (drill; on the Drill screen's start page: back)"),
    Key("1-6", "dice", frozenset({SETUP}), readme="two digits set the dice (set up position)"),
    Key("0", "no dice", frozenset({SETUP}), readme="no dice (set up position)"),
    Key("Enter", "done", frozenset({SETUP}), readme="done: play on from the position, its hints shown "
        "(set up position)"),
    Key("Esc", "back, unchanged", frozenset({SETUP}), readme="back, changing nothing (set up position)"),
)


GAME_KEYS_AT = next(i for i, k in enumerate(KEY_TABLE) if k.keys == "Enter" and PLAY in k.modes) + 1
"""Where a game's decision keys join the table: after Enter (done)."""

CONTEXT = {"analysis": False, "human": True, "confirm": True, "games": True, "dice": False, "editor": False,
           "rolls": False, "rollouts": False, "drills": False, "theory": False}
"""The flags a key may need (:class:`Key`'s fields of those names) and their defaults."""


def with_game_keys(game_keys: Sequence[tuple[str, str, str]]) -> tuple[Key, ...]:
    """The table with a game's decision keys (``(keys, what they do, the README's words)``, its
    ``Decisions.keys``) in their place: play mode, a human's."""
    own = tuple(Key(keys, does, frozenset({PLAY}), human=True, readme=readme) for keys, does, readme in game_keys)
    return KEY_TABLE[:GAME_KEYS_AT] + own + KEY_TABLE[GAME_KEYS_AT:]


def keys_for(mode: str, game_keys: Sequence[tuple[str, str, str]] = (), **context: bool) -> list[Key]:
    """The keys that work in ``mode`` in the ``context`` on screen: the game's decision keys
    (``game_keys``, :func:`with_game_keys`) and each of :data:`CONTEXT`'s flags given by name
    (with the analysis shown or not, a human playing or not, moves confirmed with Done or not,
    several games or one, dice to enter by hand or not, an edit mode or not, chance outcomes
    laid out as a grid or not); one not given takes its default there."""
    unknown = set(context) - set(CONTEXT)
    if unknown:
        raise TypeError(f"no key context {sorted(unknown)[0]!r}")
    have = {**CONTEXT, **context}
    return [k for k in with_game_keys(game_keys)
            if mode in k.modes and all(have[flag] or not getattr(k, flag) for flag in CONTEXT)]


def key_help(mode: str, game_keys: Sequence[tuple[str, str, str]] = (), **context: bool) -> str:
    """The window's key help: ``Keys: Ctrl+Z or Backspace undo · ...``."""
    return "Keys: " + " · ".join(f"{k.keys} {k.does}" for k in keys_for(mode, game_keys, **context))


def readme_paragraph(game_keys: Sequence[tuple[str, str, str]] = ()) -> str:
    """The guide's sentence about the keys (docs/playing.md), every key of the table in its order, with the
    decision keys ``game_keys`` of the games the guide describes."""
    return "Keys: " + ", ".join(f"{k.keys} {k.readme or k.does}" for k in with_game_keys(game_keys)) + "."


def keys_of_help(text: str) -> list[tuple[str, str]]:
    """``(keys, what they do)`` of a key help's items (:func:`key_help`'s text), each in the
    table's longer wording where it has one (the keys screen, ?)."""
    wording: dict[str, tuple[str, str]] = {}
    for k in KEY_TABLE:  # the first of a wording: play's Enter before Set up position's
        wording.setdefault(f"{k.keys} {k.does}", (k.keys, k.readme or k.does))
    found = []
    for item in text.removeprefix("Keys: ").split(" · "):
        keys, _, does = item.partition(" ")
        found.append(wording.get(item, (keys, does)))
    return found


MODE_WORDS = {PLAY: "while a game is played", WATCH: "while computers play", REPLAY: "in replay",
              REVIEW: "on the Review screen", SETUP: "when setting up a position", DRILL: "on the Drill screen"}
"""Where a mode's keys work, in words (why a menu item is greyed)."""

FLAG_REASONS = {"analysis": "this game shows no analysis (choose an analysis level in the menu's options)",
                "human": "only in a game with a human player",
                "confirm": "only in a game whose moves are confirmed with Done",
                "games": "only in a match of several games",
                "dice": "only at a human's roll in a game of dice",
                "editor": "this game has no position editor",
                "rolls": "only in a game of dice (backgammon)",
                "rollouts": "only in a game with rollouts (backgammon)",
                "drills": "only in a game with drills (backgammon)",
                "theory": "only in a game with cube theory (backgammon)"}
"""Why a key of each :data:`CONTEXT` flag does not work where the flag is off."""


@dataclass(frozen=True)
class KeyContext:
    """A screen's keys as they stand: its mode, the game's decision keys and the flags
    (:func:`keys_for`'s arguments), so the key help, the keys screen and the menus agree."""

    mode: str
    game_keys: tuple = ()
    flags: tuple = ()
    """``(flag, on)`` pairs of :data:`CONTEXT`'s flags."""

    def help(self) -> str:
        return key_help(self.mode, self.game_keys, **dict(self.flags))

    def why_not(self, keys: str, does: str) -> str | None:
        """``None`` when the key ``keys`` that ``does`` works here; else the first condition
        that fails, in words (its mode, then its flags, in :data:`CONTEXT`'s order)."""
        table = [k for k in with_game_keys(self.game_keys) if k.keys == keys and k.does == does]
        if not table:
            return "not in this game"
        here = [k for k in table if self.mode in k.modes]
        if not here:
            return "only " + " or ".join(MODE_WORDS[m] for m in sorted(set().union(*(k.modes for k in table))))
        have = {**CONTEXT, **dict(self.flags)}
        for flag in CONTEXT:
            if getattr(here[0], flag) and not have[flag]:
                return FLAG_REASONS[flag]
        return None
