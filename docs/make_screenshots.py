#!/usr/bin/env python3
"""Regenerate the screenshots in ``docs/screenshots/`` from seeded games.

Each shot opens the real window (:class:`game.ui.app.App`) headless at 1280x800, with its
own temporary ``TABULA_HOME`` so the user's settings and saves are never touched, drives it
frame by frame with posted clicks and keys the way ``tests/ui`` does, and saves
``app.screen``.  The games are seeded and every wait is counted in frames, so the same
seeds give the same pictures (font rendering aside).

    python docs/make_screenshots.py [--out docs/screenshots] [--only play tutor ...] [--size 800x600 ...]

Shots: menu, play, tutor, watch, mandragora, chesstack, rules, tournament, bearoff, cube, take,
resign, settings, review, review_mandragora, review_cube, review_settled (``docs/review_shots.py``), manual_dice
(``docs/dice_shots.py``), position and rollout (``docs/study_shots.py``), setup, every_roll,
library_matches, library_player, library_positions (``docs/library_shots.py``), and drill_question,
drill_answer, drill_start (``docs/drill_shots.py``), theory and score_map (``docs/theory_shots.py``), keys (``docs/help_shots.py``); the README
and the guide's pages (``docs/``) show them.  By default every shot is taken at the README's 1280x800
(into ``--out``) and at a small 800x600 and a large 1920x1080 window (into ``--out/800x600``
and ``--out/1920x1080``), to look at a change at every size; ``--size`` takes only the sizes
given (the README's size still into ``--out``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"  # headless: no window, no sound
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's game package, installed or not

from tests.ui.util import checker, click, drag, key, play_by_clicks, play_chesstack_by_clicks, post, press_button  # noqa: E402  (the UI tests' own helpers)
README_SIZE = (1280, 800)
SIZES = (README_SIZE, (800, 600), (1920, 1080))
SIZE = README_SIZE
"""The window size of the shots being taken."""
SHOTS = ("menu", "play", "tutor", "watch", "mandragora", "chesstack", "rules", "tournament", "bearoff", "cube",
         "take", "resign", "settings", "review", "review_mandragora", "review_cube", "review_settled", "manual_dice",
         "position",
         "setup", "every_roll", "rollout", "library_matches", "library_player", "library_positions",
         "drill_question", "drill_answer", "drill_start", "theory", "score_map", "keys", "menus", "rollout_settings")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from review_shots import shot_review, shot_review_cube, shot_review_mandragora, shot_review_settled  # noqa: E402,F401  (the Review screen's shots)
from dice_shots import shot_manual_dice  # noqa: E402,F401  (dice entered by hand)
from study_shots import shot_position, shot_rollout, shot_rollout_settings  # noqa: E402,F401  (a position opened from text, rollouts)
from library_shots import shot_library_matches, shot_library_player, shot_library_positions  # noqa: E402,F401  (the Library screen)
from drill_shots import shot_drill_answer, shot_drill_question, shot_drill_start  # noqa: E402,F401  (the Drill screen)
from theory_shots import shot_score_map, shot_theory  # noqa: E402,F401  (the theory panel, K)
from help_shots import shot_keys, shot_menus  # noqa: E402,F401  (the keys screen, ?, and the menus)

# --- driving the window (besides tests/ui/util.py's clicks, keys and drags) -------------------------


def frames(app, count: int = 1) -> None:
    for _ in range(count):
        app.frame()


def move_mouse(app, pos, count: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    frames(app, count)


def run_until(app, condition: Callable[[], bool], what: str, seconds: float = 300,
              rest: float = 0.004) -> None:
    """Run frames until ``condition()`` holds; fails loudly after ``seconds``.  Computer players
    and the analysis think in threads (tournaments in processes): a rest between frames leaves
    them the processor.  Frames advance the window's clock by 1/60 s whatever the rest, so
    the pictures do not depend on the machine's speed."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise RuntimeError(f"gave up waiting for {what}")
        app.frame()
        time.sleep(rest)


def clear_banner(app) -> None:
    """Click the message banner away, as a user would (it covers the top of the window)."""
    if app.banner.visible:
        app.frame()  # the banner's rect is set when it is drawn
        click(app, app.banner.rect.center)


def open_window(folder: Path):
    """A fresh window at 1280x800 whose user folders live in the new, empty ``folder``.

    The window runs with ``folder`` as its current directory and a relative ``TABULA_HOME``
    (``tabula``), so a path it shows (the tournament's results folder) reads
    ``tabula/data/...`` instead of carrying a random temporary name into the picture."""
    from game.ui.app import App

    folder.mkdir()
    os.chdir(folder)
    os.environ["TABULA_HOME"] = "tabula"
    app = App(SIZE)
    app.settings.animation = "off"  # moves land at once; nothing is caught in flight
    app.settings.sound = app.sounds.enabled = False
    return app


def close_window(app) -> None:
    app.close()
    pygame.quit()


def save(app, out: Path, name: str) -> Path:
    app.frame()
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


# --- backgammon helpers ------------------------------------------------------------------------


def human_to_move(scene) -> Callable[[], bool]:
    return lambda: scene.mover.human and not scene.view.animating


def follow_hints(app, scene, turns: int) -> None:
    """The human plays the hint panel's top move for ``turns`` turns (the computer replies)."""
    hints = scene.overlays.hints
    ready = lambda: human_to_move(scene)() and hints.state is scene.session.state and hints.ready  # noqa: E731
    for _ in range(turns):
        run_until(app, ready, "the human's turn and its hints")
        play_by_clicks(app, scene.view, hints.records[0].move)
        key(app, pygame.K_RETURN)
    run_until(app, ready, "the human's turn and its hints")


def graph_complete(scene) -> bool:
    kind, ys = scene.overlays.graph_points()
    return bool(ys) and None not in ys


# --- the shots ---------------------------------------------------------------------------------


def shot_menu(app, out: Path) -> Path:
    app.show_menu()
    frames(app, 3)
    return save(app, out, "menu")


def shot_settings(app, out: Path) -> Path:
    app.show_settings()
    frames(app, 3)
    return save(app, out, "settings")


PLAY_SEED, PLAY_TURNS = 7, 4
"""play.png: White (human) vs expert, seed 7; after four turns White rolls 6-5 with two
blots to hit and a point to make."""


def shot_play(app, out: Path) -> Path:
    from game.core.session import GameSetup

    app.settings.hints = app.settings.graph = True
    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=PLAY_SEED, options={"first": 0}))
    scene = app.scene
    follow_hints(app, scene, PLAY_TURNS)
    hints, section = scene.overlays.hints, scene.overlays.hint_section
    # A runner-up with warnings: its arrows, its "why" against the best and its warnings show.
    pick = next(i for i, r in enumerate(hints.records) if i > 0 and r.warnings)
    run_until(app, lambda: graph_complete(scene), "the win-probability graph")
    frames(app)
    row = dict(section.rows)[pick]
    click(app, row.center)
    if hints.selected != pick:
        raise RuntimeError("the hint row was not selected")
    return save(app, out, "play")


def shot_every_roll(app, out: Path) -> Path:
    """every_roll.png: play.png's position (White to play 6-5) with W pressed: the grid of every
    roll of the position before that roll, 6-5 outlined, the pointer on 3-1."""
    from game.core.session import GameSetup

    app.settings.hints = True
    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=PLAY_SEED, options={"first": 0}))
    scene = app.scene
    follow_hints(app, scene, PLAY_TURNS)
    key(app, pygame.K_w)
    grid = scene.overlays.every_roll
    run_until(app, lambda: grid.is_open and grid.progress() == len(grid.table.rolls), "every roll's analysis")
    frames(app, 2)
    cell = dict(grid.drawing.cells)[(2, 0)]
    move_mouse(app, cell.center, count=2)
    return save(app, out, "every_roll")


TUTOR_SEED, TUTOR_TURNS = 7, 6
"""tutor.png: the same game two turns later; White rolls 5-3 and builds the play with the most
warnings among those the tutor stops, then presses Enter."""


def shot_tutor(app, out: Path) -> Path:
    from game.core.session import GameSetup
    from game.games import get_game

    margin = get_game("backgammon").move_analysis().tutor_margin
    app.settings.hints = True
    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=TUTOR_SEED, options={"first": 0}))
    scene = app.scene
    follow_hints(app, scene, TUTOR_TURNS)
    records = scene.overlays.hints.records
    # A clearly bad move: the one with the most warnings among those far behind the best.
    bad = [r for r in records if margin.behind(r) >= margin.amount]
    chosen = max(bad, key=lambda r: (len(r.warnings), -r.score))
    app.settings.tutor = True
    play_by_clicks(app, scene.view, chosen.move)
    move_mouse(app, (scene.panel.rect.x + 40, SIZE[1] - 120))
    key(app, pygame.K_RETURN)
    run_until(app, lambda: scene.overlays.tutor is not None, "the tutor's question")
    frames(app, 3)
    return save(app, out, "tutor")


WATCH_SEED, WATCH_PLIES = 5, 24
"""watch.png: advanced (White) against expert (Black), seed 5, paused on the first hit
played after 24 actions (dice included) from a position with at least six moves."""


def shot_watch(app, out: Path) -> Path:
    from game.core.session import GameSetup

    app.settings.graph = True
    app.settings.watch_speed = "fast"  # half a second a move: the game gets there sooner
    app.start_game(GameSetup("backgammon", ("advanced", "expert"), seed=WATCH_SEED, options={"first": 0}))
    scene = app.scene
    overlays, session = scene.overlays, scene.session
    hints = overlays.hints

    def telling() -> bool:
        """A hit on show, from a position with choices, once the game is well under way."""
        if len(session.actions) < WATCH_PLIES or overlays.watch_move is None or not hints.ready:
            return False
        state, move = overlays.watch_move
        return len(hints.records) >= 6 and "*" in session.rules.notation(state, move)

    run_until(app, telling, "a computer's hit on show")
    press_button(app, scene.controls.buttons["pause"])
    run_until(app, lambda: graph_complete(scene), "the win-probability graph")
    clear_banner(app)
    return save(app, out, "watch")


MANDRAGORA_PATTERN, MANDRAGORA_PICKS = "A", (1, 1, 2, 0, 3)
"""mandragora.png: pattern A, the Player (human) first against the analyzer, hints on; the Player
takes the analyzer's 2nd, 2nd, 3rd, 1st and 4th choice, which leaves five areas where the seed's
score and the total disagree: the best total (+144) warns, so its seed score is 0, below three
moves of seed score above +60, and a move of total -27 shows 0 too (the table ranks by the total)."""


def shot_mandragora(app, out: Path) -> Path:
    from game.core.session import GameSetup

    app.settings.hints = True  # the ranked list with reasons beside the marks on the areas
    app.start_game(GameSetup("mandragora", ("human", "analyzer"), seed=4,
                             options={"pattern": MANDRAGORA_PATTERN, "first": "player"}))
    scene = app.scene
    session, view = scene.session, scene.view
    analysed = lambda: session.is_over or (human_to_move(scene)() and view.analysis(session.state))  # noqa: E731
    for pick in MANDRAGORA_PICKS:
        run_until(app, analysed, "the human's turn and its analysis")
        click(app, view.layout.centres[view.analysis(session.state)[pick].move])
    run_until(app, analysed, "the human's turn and its analysis")
    records = view.analysis(session.state)
    warned = next((r for r in records if r.warnings), records[-1])
    move_mouse(app, view.layout.centres[warned.move], count=3)
    return save(app, out, "mandragora")


CHESSTACK_SEED, CHESSTACK_ACTIONS = 5, 12
CHESSTACK_PLAN = ("ADD K@e1", "ADD P@d2", "ADD P@e2", "ADD N@c3", "ADD P@f2", "ADD B@d3")
"""chesstack.png: White (human) against greedy:weighted, seed 5, hints on; the human places the
pieces of the plan by clicks on the tray and the board (then plays what greedy:weighted would)
until at least twelve actions have been played, then selects the piece with the most buttons
and actions (the King): its targets scored on the board, its stacks, its action bar under the
board, and the hint panel's list and "why" for the analysis' pick, drawn as an arrow."""


def shot_chesstack(app, out: Path) -> Path:
    from game.chesstack.players import make_player
    from game.chesstack.view.turn import Source
    from game.core.session import GameSetup

    app.settings.hints = True
    app.start_game(GameSetup("chesstack", ("human", "greedy:weighted"), seed=CHESSTACK_SEED))
    scene = app.scene
    session, view = scene.session, scene.view
    advisor = make_player("greedy:weighted")
    while True:  # counted at the human's turns only, so the same seed gives the same picture
        run_until(app, lambda: session.is_over or human_to_move(scene)(), "the human's turn")
        if session.is_over:
            raise RuntimeError("the game ended before the picture")
        if len(session.actions) >= CHESSTACK_ACTIONS:
            break
        before = len(session.actions)
        legal = {session.rules.notation(session.state, a): a for a in session.rules.legal_moves(session.state)}
        planned = [legal[text] for text in CHESSTACK_PLAN if text in legal and text not in session.actions]
        play_chesstack_by_clicks(app, scene, planned[0] if planned else advisor.choose(session.rules, session.state))
        if len(session.actions) == before:
            raise RuntimeError(f"the clicks did not play {session.actions}")
    run_until(app, lambda: human_to_move(scene)() and (session.info.move_analysis().analyze is None or view.analysis(session.state)),
              "the human's turn and its analysis")
    turn = view.turn

    def choices(sq):  # the piece with the most buttons, then the most actions (the King)
        turn.select(Source.board(sq))
        return len(turn.bar()), len(turn.actions_of(turn.selected)), sq

    square = max((sq for sq, _ in turn.state.pieces(turn.mover)), key=choices)
    turn.clear()
    click(app, view.layout.centre(square))
    move_mouse(app, view.layout.centre(square), count=2)
    clear_banner(app)
    return save(app, out, "chesstack")


RULES_HEADING = "The pieces"
"""rules.png: F1 in a new Chesstack game (White human against greedy:weighted) opens its Rules
page, scrolled so that this heading and the pieces table under it are on show."""


def shot_rules(app, out: Path) -> Path:
    from game.core.session import GameSetup

    app.start_game(GameSetup("chesstack", ("human", "greedy:weighted"), seed=CHESSTACK_SEED))
    frames(app, 2)
    key(app, pygame.K_F1)
    scene = app.scene
    heading = next(part for part in scene.layout.parts if getattr(part, "text", None) == RULES_HEADING)
    scene.scroll_to(heading.y)
    move_mouse(app, (SIZE[0] - 10, SIZE[1] // 2), count=2)
    return save(app, out, "rules")


TOURNAMENT = ("random", "greedy:bras", "beginner", "advanced")
TOURNAMENT_GAMES, TOURNAMENT_SEED, TOURNAMENT_WORKERS = 10, 1, 2
"""tournament.png: a round robin of four players, 10 games a pair (60 games, about 15 s on two
cores); duplicate dice and the seed make the results the same with any number of workers."""
STAMP = time.strptime("20250101-120000", "%Y%m%d-%H%M%S")
"""The time the results folder is named after (normally now)."""


def shot_tournament(app, out: Path) -> Path:
    from types import SimpleNamespace

    from game.core.tournament import folders
    from game.games import get_game
    from game.ui.tournament.scene import TournamentScene

    # The results folder shown at the bottom is named after the time: a fixed time keeps the
    # picture the same from run to run.
    clock, folders.time = folders.time, SimpleNamespace(strftime=lambda fmt, *_: time.strftime(fmt, STAMP))
    try:
        return _tournament(app, out, TournamentScene(app, get_game("backgammon")))
    finally:
        folders.time = clock


def _tournament(app, out: Path, scene) -> Path:
    app.settings.last_players = []
    app.show(scene)
    frames(app, 2)
    items = scene.widgets["players"]
    for _ in range(40):  # pick them by clicks, as a user does (rows scrolled out of a small list can't be)
        wrong = [item for item in items.item_list if item["selected"] != (item["text"] in TOURNAMENT)
                 and item["button_element"] is not None]
        if not wrong:
            break
        click(app, wrong[0]["button_element"].rect.center)
    if sorted(scene.selected) != sorted(TOURNAMENT):  # a small window: remembered players instead
        app.settings.last_players = list(TOURNAMENT)
        scene = type(scene)(app, scene.info)
        app.show(scene)
        frames(app, 2)
    if sorted(scene.selected) != sorted(TOURNAMENT):
        raise RuntimeError(f"picked {scene.selected}")
    for name, text in (("games", TOURNAMENT_GAMES), ("seed", TOURNAMENT_SEED),
                       ("workers", TOURNAMENT_WORKERS)):
        scene.widgets[name].set_text(str(text))
    frames(app)
    press_button(app, scene.widgets["start"])
    run_until(app, lambda: scene.job is not None and scene.finalized, "the tournament", rest=0.05)
    clear_banner(app)
    move_mouse(app, (SIZE[0] - 10, SIZE[1] - 10), count=3)
    return save(app, out, "tournament")


BEAROFF_SEED, BEAROFF_OFF = 7, 3
"""bearoff.png: two humans playing the quick analysis's top moves, seed 7, until White is
bearing off with three checkers off; the mouse rests on a checker to show where it can go."""


def shot_bearoff(app, out: Path) -> Path:
    from game.backgammon.board import OFF
    from game.games import get_game
    from game.core.session import GameSetup

    info = get_game("backgammon")
    app.start_game(GameSetup("backgammon", ("human", "human"), seed=BEAROFF_SEED, options={"first": 0}))
    scene = app.scene
    session, view = scene.session, scene.view

    def bearing_off() -> bool:
        state = session.state
        return (state.turn == 0 and state.on_roll[OFF] >= BEAROFF_OFF
                and any(t == OFF for _, t, _ in view.turn.options()))

    for _ in range(400):
        run_until(app, lambda: session.is_over or human_to_move(scene)(), "a human's turn")
        if session.is_over:
            raise RuntimeError("the game ended before a bear-off to show")
        if bearing_off():
            break
        play_by_clicks(app, scene.view, info.move_analysis().analyze(session.state, level="intermediate")[0].move)
        key(app, pygame.K_RETURN)
    # The checker with the most places to go, bearing off among them.
    options = view.turn.options()
    source = max({s for s, t, _ in options if t == OFF},
                 key=lambda s: (len({t for f, t, _ in options if f == s}), s))
    move_mouse(app, checker(view, source), count=2)
    return save(app, out, "bearoff")


CUBE_SEED, CUBE_SCORE, CUBE_TURNS = 4, "3-4", 3
"""cube.png: a 7-point match at 3–4, seed 4, White (human) playing the quick analysis's top
moves: White doubles at the first chance, Black takes, and the shot is White's turn
``CUBE_TURNS`` turns later with the cube at Black's end of the bar and the score beside
the names."""


def shot_cube(app, out: Path) -> Path:
    from game.core.session import GameSetup
    from game.games import get_game

    info = get_game("backgammon")
    app.start_game(GameSetup("backgammon", ("human", "hard"), seed=CUBE_SEED,
                             options={"first": 0, "match_length": "7", "score": CUBE_SCORE}))
    scene = app.scene
    session = scene.session
    turns = None
    for _ in range(200):
        run_until(app, lambda: session.is_over or human_to_move(scene)(), "a human's turn")
        if session.is_over:
            raise RuntimeError("the game ended before the shot")
        if scene.choices.current is not None:
            key(app, pygame.K_d if turns is None else pygame.K_r)
            turns = 0 if turns is None else turns
            continue
        if turns is not None and session.state.cube.owner == 1:
            turns += 1
            if turns > CUBE_TURNS:
                break
        scene.mover.play_human(info.move_analysis().analyze(session.state, level="intermediate")[0].move)
    frames(app, 150)  # the last note fades
    clear_banner(app)
    move_mouse(app, (SIZE[0] - 10, SIZE[1] - 10), count=2)
    return save(app, out, "cube")


RESIGN_SEED, RESIGN_BEHIND = 7, 25
"""resign.png: a money game between two humans, seed 7, each playing the quick analysis's top
moves; White doubles at the first chance and Black takes.  Once the sides have passed each
other, the first player on turn who trails the race by ``RESIGN_BEHIND`` pips or more asks to
resign (Ctrl+R): the dialog offers a single game, a gammon or a backgammon at the cube's 2."""


def shot_resign(app, out: Path) -> Path:
    from game.backgammon.analysis.warnings import has_contact
    from game.backgammon.board import pip_count
    from game.core.session import GameSetup
    from game.games import get_game

    info = get_game("backgammon")
    app.start_game(GameSetup("backgammon", ("human", "human"), seed=RESIGN_SEED, options={"first": 0, "cube": "on"}))
    scene = app.scene
    session = scene.session

    def behind() -> bool:
        state = session.state
        return (not has_contact(state.on_roll, state.opponent)
                and pip_count(state.on_roll) - pip_count(state.opponent) >= RESIGN_BEHIND)

    for _ in range(400):
        run_until(app, lambda: session.is_over or human_to_move(scene)(), "a human's turn")
        if session.is_over:
            raise RuntimeError("the game ended before a lost race to resign")
        if behind():
            break
        if scene.choices.current is not None:  # double once, take it; roll after that
            doubled = session.state.cube.value > 1 or session.state.cube.phase == "offered"
            key(app, pygame.K_t if session.state.cube.phase == "offered" else pygame.K_r if doubled else pygame.K_d)
            continue
        scene.mover.play_human(info.move_analysis().analyze(session.state, level="intermediate")[0].move)
    frames(app, 150)  # the last note fades
    clear_banner(app)
    key(app, pygame.K_r, pygame.KMOD_CTRL, frames=3)
    if scene.offers.dialog is None:
        raise RuntimeError("Ctrl+R opened no resignation dialog")
    move_mouse(app, (SIZE[0] - 10, SIZE[1] - 10), count=2)
    return save(app, out, "resign")


SETUP_DRAGS = ((0, 24, 18), (0, 13, 10), (0, 13, 5), (0, 6, 5), (1, 24, 21), (1, 13, 7), (1, 8, 7))
"""setup.png: (colour, from, to) of the checkers dragged from the starting position, each in its
colour's own numbering, as a user drags them; then a match to 7 at 4-2 with Black owning the
cube at 2, White to play 6-2 chosen by the die faces, and White's checker on 18 dragged onto
Black's 6-point, so that the panel says what is wrong (Done waits)."""


def shot_setup(app, out: Path) -> Path:
    app.show_menu()
    frames(app, 2)
    press_button(app, app.scene.widgets["setup"])
    scene = app.scene
    board = scene.board
    for colour, source, target in SETUP_DRAGS:
        draft = scene.draft
        start = board.view.slot_pos(colour, source, draft.count(colour, source) - 1)
        drag(app, start, board.view.slot_pos(colour, target, draft.count(colour, target)))
    for key_name, value in (("kind", "Match"), ("score0", "White: 4"), ("score1", "Black: 2"), ("cube", "2"),
                            ("owner", "Black's")):
        scene.use(key_name, value)
        frames(app)
    faces = dict(board.faces)
    click(app, faces[6].center)
    click(app, faces[2].center)
    draft = scene.draft
    drag(app, board.view.slot_pos(0, 18, 0), board.view.slot_pos(0, 19, 0))
    if not draft.problems():
        raise RuntimeError("the shared point was not reported")
    move_mouse(app, board.view.slot_pos(0, 19, 0), count=3)
    return save(app, out, "setup")


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a size such as 800x600, got {text!r}") from None
    return width, height


# --- main --------------------------------------------------------------------------------------


TAKE_SEED, TAKE_TURNS = 7, 4
"""take.png: a money game, White (human, following the hints) against expert, seed 7; Black
doubles at its first chance after ``TAKE_TURNS`` of White's turns, and White is asked to take
or pass with the hints' cube analysis on: the dialog stands in the side panel, clear of the
whole board."""


class DoublesLater:
    """The expert player, but doubling at its first chance after White's ``turns`` turns."""

    def __init__(self, player, turns: int) -> None:
        self.player, self.turns, self.name = player, turns, player.name

    def choose(self, rules, state):
        from game.backgammon.cube.state import DOUBLE

        if self.turns <= 0 and DOUBLE in rules.legal_moves(state):
            return DOUBLE
        return self.player.choose(rules, state)


def shot_take(app, out: Path) -> Path:
    from game.core.session import GameSetup

    app.settings.hints = True
    app.start_game(GameSetup("backgammon", ("human", "expert"), seed=TAKE_SEED, options={"first": 0, "cube": "on"}))
    scene = app.scene
    doubler = scene.session.players[1] = DoublesLater(scene.session.players[1], TAKE_TURNS)
    hints = scene.overlays.hints
    for _ in range(60):
        run_until(app, lambda: human_to_move(scene)() and hints.state is scene.session.state and hints.ready,
                  "the human's turn and its hints")
        if scene.choices.current is not None and scene.choices.current.choices.modal:
            break
        if scene.choices.current is not None:
            key(app, pygame.K_r)
            continue
        play_by_clicks(app, scene.view, hints.records[0].move)
        key(app, pygame.K_RETURN)
        doubler.turns -= 1
    else:
        raise RuntimeError("no double to answer")
    frames(app, 30)
    move_mouse(app, (SIZE[0] - 10, 10), count=2)
    return save(app, out, "take")


def main(argv: list[str] | None = None) -> int:
    global SIZE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots",
                        help="folder for the PNG files (default: docs/screenshots)")
    parser.add_argument("--only", nargs="+", choices=SHOTS, metavar="SHOT",
                        help=f"make only these shots ({', '.join(SHOTS)})")
    parser.add_argument("--size", type=_size, nargs="+", default=list(SIZES), metavar="WxH",
                        help=f"window sizes (default {' '.join(f'{w}x{h}' for w, h in SIZES)}; "
                             f"{README_SIZE[0]}x{README_SIZE[1]} is the README's)")
    args = parser.parse_args(argv)
    shots = {name: globals()[f"shot_{name}"] for name in SHOTS if not args.only or name in args.only}
    home = Path(tempfile.mkdtemp(prefix="tabula-screenshots-"))
    cwd = Path.cwd()
    try:
        for size in args.size:
            SIZE = size
            out = args.out.resolve() / ("" if size == README_SIZE else f"{size[0]}x{size[1]}")
            out.mkdir(parents=True, exist_ok=True)
            (home / f"{size[0]}x{size[1]}").mkdir()
            take(shots, out, home / f"{size[0]}x{size[1]}")
    finally:
        os.chdir(cwd)
        shutil.rmtree(home, ignore_errors=True)
    return 0


def take(shots: dict[str, Callable], out: Path, home: Path) -> None:
    """Every shot at the current ``SIZE`` into ``out``, each in its own user folder."""
    for name, shot in shots.items():
        started = time.monotonic()
        app = open_window(home / name)
        try:
            path = shot(app, out)
        finally:
            close_window(app)
        print(f"{path}  ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    sys.exit(main())
