"""The play screen's analysis layer: hints, the "why", arrows, the tutor, the graph, watch mode.

:class:`Overlays` is one of the play scene's parts (:class:`~game.ui.play.scene.PlayScene`): its
panel sections, its keys, its events, a per-frame update and a draw after the board.  All analysis comes from one :class:`~game.ui.analysis.analyst.Analyst`
thread; nothing here waits for it on the drawing thread.  Every roll's grid (W,
:mod:`.every_roll`) analyses with it too; the scene draws it and the board it changes itself,
since replay mode draws no overlay.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...core.gameinfo import ANALYSIS_LEVEL
from ...core.protocol import CHANCE
from ..gameview import decision_words
from ..panel import TextSection
from ..scene import Part
from ..theme import TEXT_DIM
from .analyst import Analyst, Including
from .every_roll import EveryRoll
from .graph import GameCurve, GraphSection
from .hint_table import HintSection
from .hints import Hints, draw_arrows
from .rollouts import RolloutControl, RolloutSection, RolloutSettings
from .theory_panel import TheoryPanel
from .tutor import TutorDialog, tutor_verdict
from .watch import WatchControl
from .why import WhySection

TUTOR_ARROW = (240, 140, 96)
"""The colour of the move the tutor asks about."""


def watch_level(levels, players, chosen: str) -> str:
    """The analysis level for watching computers play: the strongest of the game's analysis
    ``levels`` (weakest first) among the players (so an Expert's moves are shown with its own
    ranking, the one it played by), else the level chosen in the settings."""
    playing = [name for name in levels if name in players]
    return playing[-1] if playing else chosen


def analysis_options(info, settings, players, watching: bool) -> dict:
    """The options the window analyses ``info``'s positions with: the analysis level of the
    game's settings (in watch mode, the strongest computer's), where its analysis has levels."""
    if "level" not in info.move_analysis().options:
        return {}
    chosen = settings.of(info)[ANALYSIS_LEVEL]
    return {"level": watch_level(info.analysis_level_names, players, chosen) if watching else chosen}


class Overlays(Part):
    """Everything the analysis adds to a play scene: built with the window's services
    (``app``), the game, its view and side panel, the status line, the :class:`~game.ui.play.turns.Mover`
    (the tutor lets a human's move through, watch mode lets a computer's) and replay mode
    (whose position every roll's grid starts from)."""

    def __init__(self, app, session, view, panel, status, mover, replay) -> None:
        self.app, self.session, self.view, self.panel = app, session, view, panel
        self.status, self.mover, self.replay = status, mover, replay
        info, settings, fonts = self.session.info, self.app.settings, self.app.fonts
        options = analysis_options(info, settings, self.session.player_names, not self.session.has_human)
        analysis = info.move_analysis()
        self.analyst = Analyst(analysis.analyze, options, analysis.cancellable) if analysis.analyze else None
        if self.analyst is not None:  # for the views that mark moves on the board
            view.use_analysis(self.records_for)
        self.hints = Hints(self.analyst)
        self.hints.shown_notation = lambda text: view.shown_notation(self.hints.state, text)
        self.curve = GameCurve(self.session.rules)
        self.watch = WatchControl(settings) if not self.session.has_human else None
        self.watch_move = None  # (state, move): a computer's choice on show before it is played
        self.tutor: TutorDialog | None = None
        self.tutor_move = None  # the human's move the tutor is judging
        board = lambda: pygame.Rect(0, 0, panel.rect.x, panel.rect.h).inflate(-20, -20)  # noqa: E731
        self.every_roll = EveryRoll(self.app, info, view, lambda: self.analyst,
                                    lambda: self.session.states[:replay.shown_index + 1], board,
                                    lambda: self.watching and not (self.watch.paused or replay.replaying))
        self.theory = TheoryPanel(self.app, info, lambda: self.analyst.options.get("level") if self.analyst else None,
                                  lambda: self.session.states[:replay.shown_index + 1], board)
        self.hint_section = HintSection(fonts, self.hints, self.hints_visible, self.hint_title, info.notation.move_noun,
                                        analysis.columns, analysis.format_value, analysis.value_heading,
                                        analysis.tutor_margin, decision_words(view), analysis.score_heading,
                                        analysis.legend)
        self.rollout = RolloutControl(info, self.hints, self.app.banner, self.app.settings)
        self.rollout_settings = RolloutSettings(app, self.rollout)
        self.rollout_section = RolloutSection(fonts, self.rollout, self.hints_visible)
        self.sections = [
            TextSection(fonts, lambda: self.watch.status() if self.watch else "", size=13, colour=TEXT_DIM),
            self.hint_section,
            self.rollout_section,
            WhySection(fonts, self.hints, self.hints_visible, view.factor_labels,
                       analysis.format_value, analysis.tutor_margin),
            GraphSection(fonts, self.graph_points, self.graph_visible, info.players.titles[0]),
        ]

    # -- what is shown ------------------------------------------------------------------------
    def hints_visible(self) -> bool:
        return self.analyst is not None and (self.app.settings.hints or self.watch is not None)

    def graph_visible(self) -> bool:
        return self.analyst is not None and self.app.settings.graph

    def hint_title(self) -> tuple[str, ...]:
        """The hint list's heading, longest form first (the panel shows the first that fits)."""
        level = self.analyst.options.get("level") if self.analyst else None
        name, short = ("Computer's analysis", "Analysis") if self.watch is not None else ("Hints", "Hints")
        if not level:
            return (name, short)
        title = self.session.info.player_title(level)
        return (f"{name} ({title} level)", f"{short} · {title}", title)

    def records_for(self, state):
        """The analysis of ``state`` (asked for first), ``None`` until it is ready."""
        self.analyst.focus(state)
        return self.analyst.get(state)

    def graph_points(self):
        def records_of(state):
            found = self.analyst.get(state)
            if found is None:
                self.analyst.request(state)
            return found

        return self.curve.points(self.session.states, self.session.actions, records_of)

    # -- the scene's hooks --------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        """Fit the hint list to the window; widgets were recreated, so is the tutor's dialog."""
        self.hint_section.max_rows = 5 if size[1] < 760 else 6 if size[1] < 900 else 10
        if self.tutor is not None:
            old = self.tutor
            self.tutor = self._tutor_dialog(old.verdict)

    def update(self, dt: float) -> None:
        """Keep the hint panel on the position on screen and let the tutor decide."""
        if self.analyst is None:
            return
        state = self.session.state
        deciding = self.session.rules.to_move(state) != CHANCE and not self.session.is_over
        if deciding and (self.hints_visible() or self.tutor_move is not None
                         or (self.app.settings.tutor and self.mover.human)):
            self.hints.show(state)
        if self.graph_visible():
            self.graph_points()
        self.rollout.update()
        if self.tutor_move is not None:
            self._judge()

    def key(self, event) -> bool:
        """H, G, T, arrow keys and the watch-mode keys; False for any other key."""
        settings, banner, key = self.app.settings, self.app.banner, event.key
        if self.analyst is None:
            return False
        if key == pygame.K_h:
            settings.hints = not settings.hints
            banner.show("Hints on" if settings.hints else "Hints off", seconds=1.5)
        elif key == pygame.K_g:
            settings.graph = not settings.graph
            banner.show("Graph on" if settings.graph else "Graph off", seconds=1.5)
        elif key == pygame.K_t:
            settings.tutor = not settings.tutor
            banner.show("Tutor on: bad moves are questioned" if settings.tutor else "Tutor off", seconds=2)
        elif key == pygame.K_o and self.rollout.offered and self.hints_visible():
            self.rollout.toggle()
        elif key in (pygame.K_UP, pygame.K_DOWN) and self.hints_visible():
            self.hints.select(self.hints.selected + (1 if key == pygame.K_DOWN else -1))
        elif self.watching and key == pygame.K_SPACE:
            self.toggle_pause()
        elif self.watching and key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            self.change_watch_speed(faster=key == pygame.K_RIGHTBRACKET)
        else:
            return False
        return True

    def handle_event(self, event) -> bool:
        """True when the event was taken: the tutor's dialog is modal, then every roll's grid;
        hint rows are clickable."""
        if self.tutor_move is not None:
            decision = self.tutor.handle(event) if self.tutor else None
            if decision:
                self._resolve(decision)
            return event.type not in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED)
        if self.theory.handle_event(event):  # K, and the theory panel's keys and clicks while it is open
            return True
        if self.every_roll.handle_event(event):  # W, and the grid's clicks and Esc while it is open
            return True
        if not self.hints_visible():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            clicked = self.rollout_section.hit(event.pos)
            if clicked:
                self.rollout_settings.open() if clicked == "settings" else self.rollout.toggle()
                return True
            row = self.hint_section.row_at(event.pos)
            if row is not None:
                if pygame.key.get_mods() & pygame.KMOD_SHIFT:
                    self.rollout.choose(row)
                self.hints.select(row)
                return True
        if event.type == pygame.MOUSEWHEEL and self.panel.rect.collidepoint(pygame.mouse.get_pos()):
            self.hints.select(self.hints.selected - event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The selected hint as arrows on the board (when the board shows that position); while
        the tutor asks, the move it asks about, in its own colour."""
        if self.tutor is not None and self.tutor_move is not None:
            draw_arrows(surface, self.view.move_arrows(self.session.state, self.tutor_move), TUTOR_ARROW)
            return
        record = self.hints.selected_record() if self.hints_visible() else None
        view = self.view
        if (record is None or view.animating or view.can_undo() or self.every_roll.is_open
                or self.hints.state is not self.session.state):
            return  # the board is not showing the analysed position as it is
        draw_arrows(surface, view.move_arrows(self.hints.state, record.move))

    def close(self) -> None:
        self.theory.close()
        self.every_roll.close()
        self.rollout.close()
        if self.tutor is not None:
            self.tutor.close()
        if self.analyst is not None:
            self.analyst.close()

    # -- the tutor ------------------------------------------------------------------------------
    def stops(self, move) -> bool:
        """Called on Done: True when the tutor takes over (it plays the move itself if fine)."""
        if not self.app.settings.tutor or self.analyst is None:
            return False
        self.tutor_move = move
        self.hints.show(self.session.state)
        self._judge()
        return True

    def _judge(self) -> None:
        if self.tutor is not None or not self.hints.ready:
            return
        state, records = self.session.state, self._judged_records()
        if records is None:
            return  # the move is still being searched deeper
        verdict = tutor_verdict(records, self.session.rules.notation(state, self.tutor_move),
                                self.session.info.move_analysis().tutor_margin)
        if verdict is None:
            self._resolve("play")
        else:
            self.tutor = self._tutor_dialog(verdict)

    def _judged_records(self) -> list | None:
        """The records the tutor judges by: the hints', unless the move was searched less deep
        than the best and the game's analysis can be told to include it (then that analysis,
        as a review compares the move made, each ranked as in the hints; ``None`` until it is
        ready, the hints' if it fails)."""
        records = self.hints.records
        notation = self.session.rules.notation(self.session.state, self.tutor_move)
        chosen = next((r for r in records if r.notation == notation), None)
        if not self.session.info.move_analysis().includes or chosen is None or chosen.plies >= records[0].plies:
            return records
        request = Including(self.session.state, self.tutor_move)
        self.analyst.request(request, first=True)
        if not self.analyst.done(request):
            return None
        ranks = {r.notation: r.rank for r in records}  # its place in the hints, not among the deep few
        return [replace(r, rank=ranks.get(r.notation, r.rank)) for r in self.analyst.get(request) or records]

    def tutor_area(self) -> pygame.Rect | None:
        """The board area of the move the tutor asks about (its arrows' span), if the view
        can draw moves; the dialog stays clear of it."""
        if self.tutor_move is None:
            return None
        segments = self.view.move_arrows(self.session.state, self.tutor_move)
        points = [p for segment in segments for p in segment]
        if not points:
            return None
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(60, 60)

    def _tutor_dialog(self, verdict) -> TutorDialog:
        return TutorDialog(self.app.gui, self.view.board_rect, verdict, self.tutor_area(),
                           self.app.screen.get_rect(), self.session.info.move_analysis().format_value)

    def _resolve(self, decision: str) -> None:
        move, self.tutor_move = self.tutor_move, None
        if self.tutor is not None:
            self.tutor.close()
            self.tutor = None
        if decision == "play":
            self.mover.play_human(move)

    # -- watch mode -----------------------------------------------------------------------------
    @property
    def watching(self) -> bool:
        """Watch mode with its controls (pause, speed): no human player, an analysis to show."""
        return self.watch is not None and self.analyst is not None

    def toggle_pause(self) -> None:
        """Space or the Pause/Resume button."""
        self.app.banner.show(self.watch.toggle_pause(), seconds=1.5)

    def change_watch_speed(self, faster: bool) -> None:
        """[ and ] or the speed buttons."""
        self.app.banner.show(self.watch.change_speed(faster=faster), seconds=1.5)

    def computer_moved(self, state, move) -> bool:
        """A computer chose ``move``: mark it in the hints; in watch mode hold it on show
        (True) so the viewer can read the analysis before it is played."""
        self.hints.played = self.session.rules.notation(state, move) if self.hints.state is state else None
        if self.hints.played:
            self.hints.mark_played(self.hints.played)
        if self.watch is None or self.analyst is None or self.watch.seconds <= 0:
            return False
        self.watch_move = (state, move)
        self.watch.start()
        title = self.session.info.players.titles[self.session.rules.to_move(state)]
        self.status.text = f"{self.view.describe(state)}\n{title} plays {self.session.rules.notation(state, move)}."
        return True

    def holding(self, dt: float) -> bool:
        """Watch mode: True while paused or while a move is on show (it is released here)."""
        if self.watch is None:
            return False
        if self.watch_move is None:
            return self.watch.paused
        state, move = self.watch_move
        self.hints.show(state)
        self.hints.mark_played(self.session.rules.notation(state, move))
        if not self.hints.ready or not self.watch.ready(dt):
            return True
        self.watch_move = None
        self.mover.show(state, move)
        return True

    # -- replay mode ----------------------------------------------------------------------------
    def follow_replay(self, stop) -> None:
        """Keep the hint panel on the decision of replay's stop on show (a
        :class:`~game.core.move_list.Stop`), the move played there marked."""
        if not self.hints_visible() or stop.decision is None:
            return
        hints = self.hints
        state = self.session.states[stop.decision]
        fresh = hints.state is not state
        hints.show(state)
        if stop.played and (fresh or hints.played != stop.played) and hints.ready:
            hints.mark_played(stop.played)
        if self.graph_visible():
            self.graph_points()
