"""The Review screen: a whole game analysed, every decision marked, its mistakes one key away.

Opened from the play scene (Review button or V: a finished or loaded game, a loaded ``.mat`` match, or the
moves so far of a game in progress): the play scene pushes it on the app's stack, ``app.push("review",
back=scene)``.  It analyses in a worker process (:class:`~game.ui.jobs.review.ReviewJob`) and shows each
decision as soon as it is analysed (the ones still to come are listed as pending, "…"; until the worker has
counted them, a bar with "decision k of n"); Esc or Stop ends the review keeping what is finished, and the
next review of the game goes on from there.  It shows:

- the board at the position before the decision on show, with the best play's arrows (green) and the play
  made (orange), labelled under the board;
- a graph of the game's win chance (or display score) per decision, marks and luck on it; a click on it
  jumps to the decision under the pointer;
- the panel: the decision's record, the players' totals (:mod:`game.ui.review.totals`: a table of the game
  on show or of the whole match, collapsed when the panel is short), the game's move list with GNU's marks
  ("?!", "?", "??") and luck signs ("++", "+", "-", "--"), clickable;
- the decision's alternatives and cube figures (:mod:`.alternatives`), beside the board or at the right of
  the graph;
- keys (:mod:`game.ui.keys`, mode ``review``): Left/Right decisions, Up/Down mistakes, Home/End, PgUp/PgDn
  games of a match, T the totals' table, Tab its game or match, E (or the button, once the review is
  complete) exports the report as HTML (:mod:`.export`), W every roll's best play of the position before the
  decision's roll (:mod:`game.ui.analysis.every_roll`, analysed at the review's level by an analyst of its
  own), S settles the close calls by rollout or goes back (:mod:`.settling`), D (or "Drill errors", in a game
  with drills) asks the user's errors of the game on show as drill cards at once (:mod:`game.ui.drill.errors`,
  the Drill screen over this one), Esc back.

A game read from a file is reviewed with that file's cache (``<file>.review``): a second review is instant; a
game with no file (or played on since) keeps its report for the session.  A complete review goes into the
study library with its match (:mod:`game.ui.library.intake`, when the settings say so).  The scene it came
from is suspended, not left: Back pops the Review screen and shows it again, in replay mode at the decision on
show when it was replaying or the game is over (its replay's ``show_decision``); a game in progress comes back
as it stands, play going on.

What is drawn is made each frame as a small view-model (:class:`~.frame.ReviewFrame`) and drawn by
:func:`~.frame.draw_review`.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ...core.capabilities.drill import Drill
from ...core.review.plain import review_marks
from ...core.review.totals import text_table
from ...games import match_files_for
from ..analysis.analyst import Analyst
from ..analysis.every_roll import EveryRoll
from ..analysis.overlays import analysis_options
from ..drill.errors import drill_errors
from ..gameview import decision_words, load_view, unlisted_moves
from ..jobs.review import ReviewJob
from ..library.intake import add_completed_review
from ..menubar.bar import BAR_HEIGHT
from ..panel import MoveListSection, SidePanel, TextSection, key_help_section
from ..position_line import PositionLine
from ..scene import Scene
from ..theme import ui_scale
from .alternatives import AlternativesTable, place
from .data import ReviewedGame, saved_file
from .export import export_and_tell
from .frame import ReviewFrame, ReviewParts, arrows_on_show, draw_review, review_arrows
from .graph import MARK_COLOURS, ReviewGraph
from .menus import review_keys, review_menu_bar
from .panel import decision_text, move_line
from .rollout import ReviewRollouts, interval_of
from .settling import status_words, toggle_settle
from .totals import TotalsSection, totals_view

KEY_COMMANDS = {pygame.K_t: "totals", pygame.K_TAB: "match totals", pygame.K_e: "export", pygame.K_d: "drill",
                pygame.K_o: "rollout", pygame.K_s: "settle"}  # the keys that are a command of the screen's
PROCESSES = True
"""Review in a worker process (tests of the layout may run it in a thread)."""


class ReviewScene(Scene):
    """The Review screen of ``back``'s game: ``back`` is the play scene under it on the stack,
    whose ``session``, ``source`` (the file the game came from), ``bottom`` and ``labels`` it
    shows the game with, from the decision on show there in replay mode (its replay's
    ``shown_decision``: the one whose move the position follows, as its hint panel shows), or
    at the decision of ply ``at``."""

    def __init__(self, app, back: Scene, at: int | None = None) -> None:
        super().__init__(app)
        self.back = back
        session = self.session = back.session
        replay = back.replay
        save, shown = saved_file(back.source, session), replay.shown_index if replay.replaying else None
        info = self.info = session.info
        self.options = self.searched = analysis_options(info, app.settings, session.player_names, watching=False)
        self.settled = False  # S: close calls settled (``settle`` in options: :func:`.settling.toggle_settle`)
        self.thresholds = review_marks(info, app.settings.review_marks)
        record = session.record()
        if save is not None and match_files_for(save) is not None:  # as tabula review names a match file's players
            record = record.named()
        self.record, self.save = record, save
        self.start_review(self.options)
        self.drills = info.has(Drill)  # the errors of the game on show can be drilled (D)
        self.shown = len(session.states) - 1 if shown is None else shown  # on show while it analyses (the play scene's)
        self.opened_at = at if at is not None else \
            replay.shown_decision() if replay.replaying and replay.cursor < replay.last_stop else None
        """The state index of the decision to open at: ``at`` (a decision found in the study
        library, by its ply), else the play scene's; ``None``: the first of the game, also from
        the end of a game, where a loaded file opens."""
        self.at = 0
        """The index in ``reviewed.lines`` of the move on show."""
        self._totals = None
        self.whole_match = False  # the totals show the whole match (Tab) instead of the game on show
        self.view = load_view(info, app.fonts)
        settings = app.settings.of(info)
        self.view.configure(bottom=back.bottom, settings=settings)
        self.view.use_history(lambda: self.session.states[:self.state_index() + 1])
        self.labels = list(back.labels)
        self.graph = ReviewGraph(app.fonts, info.players.titles[0])
        self.graph_rect = self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.alternatives = AlternativesTable(app.fonts, info)
        self.rollouts = ReviewRollouts(info, app.banner, app.settings)  # O: roll out the decision on show
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.menu_bar = review_menu_bar(self)
        self.game_label: pygame_gui.elements.UILabel | None = None
        fonts = app.fonts
        self._analyst: Analyst | None = None  # every roll's (W), made when first asked for
        self.every_roll = EveryRoll(app, info, self.view, self.roll_analyst,
                                    lambda: self.session.states[:self.state_index() + 1], lambda: self.view_rect)
        # the review needs more of the move list: the key help and the totals give way (whole) first
        self.move_list = MoveListSection(fonts, self.move_lines, "Moves", self.selected_line, self.line_colour,
                                         least=6)
        self.panel = SidePanel()
        self.sections = {
            "status": TextSection(fonts, self.status, size=16, bold=True),
            "decision": TextSection(fonts, self.decision, "Decision"),
            "totals": TotalsSection(fonts, self.totals_view),
            "moves": self.move_list,
            "position": PositionLine(fonts, self.info, lambda: self.session.states[self.state_index()],
                                     lambda: app.settings.of(self.info)),
            "keys": key_help_section(fonts, self.help_text, app.settings, always=lambda: self.waiting),
        }
        self._poll()

    # -- the review -----------------------------------------------------------------------
    def start_review(self, options: dict, library: bool = True) -> None:
        """Review the game under ``options``; a review on its way stops first, keeping what
        it finished.  ``library``: the complete review goes to the study library."""
        if hasattr(self, "job"):
            self.job.cancel()
        self.options = options
        self.job = ReviewJob(self.info, self.record, options, self.save, self.thresholds, processes=PROCESSES)
        self.reviewed: ReviewedGame | None = None
        self._seen = -1  # the job's ``changed`` count the screen has caught up with
        self._kept = not library  # True: the complete review was handed to the study library
        self._attached: set[int] = set()  # plies of the decisions put on their moves
        self._totals_key = None  # what the totals on show were made from (they are kept)

    @property
    def analysing(self) -> bool:
        """The review still runs (its decisions are shown as they come)."""
        return self.job.running

    @property
    def waiting(self) -> bool:
        """Nothing to show yet: the worker has not counted the decisions (a progress box)."""
        return self.reviewed is None

    def _poll(self) -> None:
        job = self.job
        job.poll()
        if self.reviewed is None and job.labels and job.status in ("running", "done"):
            self._show_review()
        elif self.reviewed is not None and job.changed != self._seen:
            self._catch_up()
        if job.status == "done" and not self._kept:  # complete: into the study library (a thread writes it)
            self._kept = True
            add_completed_review(self.app.settings, self.info, self.record, self.save, job.report, self.options,
                                 from_cache=job.from_cache)
        if job.status == "failed":
            self.app.banner.show(f"The review failed: {job.error}", error=True)
            self.close()
        elif job.status == "cancelled":
            self.close()

    def _show_review(self) -> None:
        """The game's lines with the decisions analysed so far (all, from a cache)."""
        s, job = self.session, self.job
        report = job.report if job.report is not None else job.partial()
        self.reviewed = ReviewedGame(self.info, s.rules, s.states, s.actions, report, unlisted_moves(self.view),
                                     pending=job.planned)
        self._attached = {d.ply for d in report.decisions}
        self._seen = job.changed
        lines = self.reviewed.lines
        target = self.opened_at
        start = None if target is None else next((i for i, line in enumerate(lines) if line.index >= target), None)
        if start is None or (lines[start].decision is None and not self.reviewed.is_pending(lines[start])):
            game = lines[start].game if start is not None else self.reviewed.games[0]
            start = self.reviewed.first_line(game)
        self.at = start
        if self.app.scene is self:  # the progress box gives way to the review's own layout
            self.app.rebuild()

    def _catch_up(self) -> None:
        """Put the decisions that have arrived on their moves (and the whole report once done)."""
        job, reviewed = self.job, self.reviewed
        self._seen = job.changed
        if not reviewed.pending and job.planned and job.running:
            reviewed.pending = set(job.planned) - self._attached
        for decision in job.decisions:
            if decision.ply not in self._attached:
                self._attached.add(decision.ply)
                inserted = reviewed.attach(decision)
                if inserted is not None and inserted <= self.at:
                    self.at += 1
        was_running = self.buttons.get("stop") is not None
        if job.report is not None:
            reviewed.pending.clear()
            reviewed.set_report(job.report)
            if was_running and self.app.scene is self:  # Stop gives way to Back
                self.app.rebuild()
        else:
            reviewed.set_report(job.partial())

    def roll_analyst(self) -> Analyst:
        """The analyst of every roll's grid (W), at the review's level."""
        if self._analyst is None:
            analysis = self.info.move_analysis()
            self._analyst = Analyst(analysis.analyze, self.searched, analysis.cancellable)
        return self._analyst

    def leave(self) -> None:
        self.every_roll.close()
        self.rollouts.close()
        if self._analyst is not None:
            self._analyst.close()

    def cancel(self) -> None:
        """Stop the analysis (what is finished is kept) and go back."""
        self.job.cancel()
        self.close()

    def close(self) -> None:
        """Back to the scene the review came from, at the decision on show when it was
        replaying the game or the game is over (see the module doc)."""
        if self.app.scene is not self:
            return
        line, replay = self.line, self.back.replay
        if line is not None and (replay.replaying or replay.finished):
            replay.show_decision(line.index)
        self.app.pop()

    # -- what is on show ------------------------------------------------------------------
    @property
    def line(self):
        return self.reviewed.lines[self.at] if self.reviewed and self.reviewed.lines else None

    @property
    def game(self) -> int:
        line = self.line
        return line.game if line is not None else 1

    def state_index(self) -> int:
        line = self.line
        return line.index if line is not None else self.shown

    def go(self, at: int | None) -> None:
        if at is None or self.reviewed is None or not self.reviewed.lines:
            return
        changed_game = self.reviewed.lines[max(0, min(at, len(self.reviewed.lines) - 1))].game != self.game
        self.at = max(0, min(at, len(self.reviewed.lines) - 1))
        if changed_game:
            self._refresh_game_label()

    def go_game(self, step: int) -> None:
        games = self.reviewed.games
        k = games.index(self.game) + step
        if 0 <= k < len(games):
            self.go(self.reviewed.first_line(games[k]))

    def _game_lines(self) -> list[int]:
        return self.reviewed.indexes_of(self.game) if self.reviewed else []

    def move_lines(self) -> list[str]:
        if self.reviewed is None:
            return []
        words, reviewed = decision_words(self.view), self.reviewed
        return [move_line(self.info, n + 1, reviewed.lines[i], words, reviewed.is_pending(reviewed.lines[i]))
                for n, i in enumerate(self._game_lines())]

    def selected_line(self) -> int | None:
        mine = self._game_lines()
        return mine.index(self.at) if self.at in mine else None

    def line_colour(self, row: int):
        mine = self._game_lines()
        return MARK_COLOURS.get(self.reviewed.lines[mine[row]].mark) if row < len(mine) else None

    def status(self) -> str:
        waiting, doing, settled = status_words(self.settled)
        if self.waiting:
            return waiting
        mine = self._game_lines()  # (a match's game is named by its selector, above)
        where = f"Move {mine.index(self.at) + 1 if self.at in mine else 0} of {len(mine)}{settled}"
        job = self.job
        return f"{where}\n{doing}: {job.done} of {job.total}" if self.analysing and job.total else where

    def decision(self) -> str:
        if self.waiting:
            job = self.job
            return (f"Decision {job.done} of {job.total}" if job.total else "Starting the analysis…") + \
                "\nEsc or Cancel stops it; what is finished is kept."
        pending = self.line is not None and self.reviewed.is_pending(self.line)
        return decision_text(self.info, self.reviewed, self.line, decision_words(self.view), pending=pending)

    def totals_view(self):
        """The totals on show (:func:`~game.ui.review.totals.totals_view`), made again only
        when the report, the game on show or the scope changes."""
        if self.reviewed is None:
            return None
        key = (id(self.reviewed.report), self.game, self.whole_match, self.analysing)
        if key != self._totals_key:
            self._totals_key = key
            self._totals = totals_view(self.info, self.reviewed.report, self.game, self.whole_match, self.analysing,
                                       several=len(self.reviewed.games) > 1)
        return self._totals

    def totals(self) -> str:
        """The totals on show as text: the heading, then the table."""
        view = self.totals_view()
        return "" if view is None else f"{view.title}\n{text_table(view.players, view.rows, indent='')}"

    def help_text(self) -> str:
        return "Keys: Esc cancel" if self.waiting else review_keys(self).help()

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        pw = max(240, min(460, int(w * 0.27)))
        graph_h = 0 if self.waiting else max(96, min(220, int(h * 0.22)))
        legend = 0 if self.waiting else self.app.fonts(self._legend_size(size)).get_linesize() + 6
        self.menu_bar.place(0, 0, w - pw)
        top = BAR_HEIGHT + 6
        view_rect = pygame.Rect(10, top, w - pw - 20, h - top - 10 - graph_h - legend - (8 if graph_h else 0))
        self.view_rect = view_rect  # the board's, and every roll's grid's (W)
        self.view.set_rect(view_rect)
        self.graph_rect = pygame.Rect(10, h - 10 - graph_h, w - pw - 20, graph_h)
        if not self.waiting:
            scale = ui_scale(size)
            full = self.alternatives.full_width(scale)
            self.table_rect, self.graph_rect = place(self.view, view_rect, self.graph_rect, full, scale)
        self.panel.rect = pygame.Rect(w - pw, 0, pw, h)
        x, bw = w - pw + 14, pw - 28
        make = pygame_gui.elements.UIButton
        self.game_label = None
        shown = ("status", "decision", "keys") if self.waiting else tuple(self.sections)
        self.panel.sections = [self.sections[name] for name in shown]
        if self.waiting:
            self.buttons = {"cancel": make(pygame.Rect(x, h - 50, bw, 36), "Cancel", self.gui)}
            self.panel.reserved_top, self.panel.reserved_bottom = 48, 56
            return
        last = ("stop", "Stop the review") if self.analysing else ("back", "Back to the game")
        self.buttons = {
            "previous mistake": make(pygame.Rect(x, 48, bw * 0.49, 36), "< Mistake", self.gui),
            "next mistake": make(pygame.Rect(x + bw * 0.51, 48, bw * 0.49, 36), "Mistake >", self.gui),
            last[0]: make(pygame.Rect(x, h - 50, bw, 36), last[1], self.gui),
        }
        if not self.analysing:  # the report is whole: it can be exported, and its errors drilled (beside)
            wide = bw * 0.53 if self.drills else bw
            self.buttons["export"] = make(pygame.Rect(x, h - 94, wide, 36), "Export report…", self.gui)
            if self.drills:
                self.buttons["drill"] = make(pygame.Rect(x + bw * 0.55, h - 94, bw * 0.45, 36), "Drill errors", self.gui,
                                             tool_tip_text="Drill this game's errors (D)")
        top = 92
        if len(self.reviewed.games) > 1:
            self.buttons["previous game"] = make(pygame.Rect(x, top, bw * 0.2, 32), "<", self.gui)
            self.buttons["next game"] = make(pygame.Rect(x + bw * 0.8, top, bw * 0.2, 32), ">", self.gui)
            self.game_label = pygame_gui.elements.UILabel(pygame.Rect(x + bw * 0.21, top, bw * 0.58, 32), "", self.gui)
            top += 40
        self.panel.reserved_top, self.panel.reserved_bottom = top, 100
        self._refresh_game_label()

    def _legend_size(self, size: tuple[int, int] | None = None) -> int:
        """The legend's text: 14 px at 1280×800 and below, growing with the window."""
        return round(14 * ui_scale(size or self.app.screen.get_size()))

    def _refresh_game_label(self) -> None:
        if self.game_label is not None:
            self.game_label.set_text(f"Game {self.game} of {len(self.reviewed.games)}")

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.menu_bar.handle_event(event):
            return
        if not self.waiting and self.every_roll.handle_event(event):  # the grid (W) over the board
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if action:
                self.command(action)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c and event.mod & pygame.KMOD_CTRL:
                self.sections["position"].copy(self.app.banner)  # the position before the decision on show
            else:
                self._key(event.key)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.sections["position"].hit(event.pos):
            self.sections["position"].copy(self.app.banner)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.waiting:
            totals = self.sections["totals"]
            if any(section is totals for section, _ in self.panel.placed) and totals.rect.collidepoint(event.pos):
                self.command("totals")
                return
            row = self.move_list.row_at(event.pos)
            if row is not None:
                mine = self._game_lines()
                if row < len(mine):
                    self.go(mine[row])
                return
            line = self.graph.line_at(event.pos)
            if line is not None:
                self.go(line)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.command("cancel" if self.analysing else "back")
        elif self.waiting:
            return
        elif key in KEY_COMMANDS:
            self.command(KEY_COMMANDS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.go(self.reviewed.step(self.at, key == pygame.K_RIGHT, mistakes=False))
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.command("next mistake" if key == pygame.K_DOWN else "previous mistake")
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.go_game(1 if key == pygame.K_PAGEDOWN else -1)
        elif key in (pygame.K_HOME, pygame.K_END):
            mine = [i for i in self._game_lines() if self.reviewed.lines[i].decision] or self._game_lines()
            if mine:
                self.go(mine[0] if key == pygame.K_HOME else mine[-1])

    def command(self, action: str) -> None:
        if action in ("cancel", "stop"):
            self.cancel()
        elif action == "rollout":
            line = self.line
            if line is not None:
                self.rollouts.toggle(line.decision, self.session.states[line.index])
        elif action == "settle":
            toggle_settle(self)
        elif action == "totals":
            self.sections["totals"].expanded = not self.sections["totals"].expanded
        elif action == "match totals":
            if self.reviewed is not None and len(self.reviewed.games) > 1:
                self.whole_match = not self.whole_match
        elif action == "back":
            self.close()
        elif action in ("next mistake", "previous mistake"):
            found = self.reviewed.step(self.at, action == "next mistake", mistakes=True)
            if found is None:
                self.app.banner.show("No more mistakes that way", seconds=1.5)
            self.go(found)
        elif action in ("next game", "previous game"):
            self.go_game(1 if action == "next game" else -1)
        elif (action == "drill" and self.drills or action == "export") and self.analysing:
            what = "drill its errors" if action == "drill" else "export the report"
            self.app.banner.show(f"The review is still running: {what} once it is done", seconds=3)
        elif action == "drill" and self.drills:  # the game on show's errors, asked at once over this screen
            drill_errors(self.app, self.info, self.record, self.reviewed.report, self.searched, self.game)
        elif action == "export":
            export_and_tell(self.app.banner, self.info, self.record, self.reviewed.report, self.options, self.save)

    def update(self, dt: float) -> None:
        if self.analysing or self.job.changed != self._seen:
            self._poll()
        self.rollouts.update()
        self.view.update(dt)

    # -- drawing ------------------------------------------------------------------------------
    def frame(self) -> ReviewFrame:
        """What is on show now (see :mod:`.frame`)."""
        state, shown = self.session.states[self.state_index()], self.every_roll.board_state()
        board = state if shown is None else shown  # a roll's best play (W)
        if self.waiting:
            return ReviewFrame(self.info.title, board, state, tuple(self.labels), (self.job.done, self.job.total))
        line = self.line
        decision, figures, note = self.rollouts.shown(line.decision if line is not None else None)
        return ReviewFrame(self.info.title, board, state, tuple(self.labels), None, review_arrows(self.reviewed, line, decision_words(self.view)), self.game,
                           self.at, (decision, figures, note), self.every_roll.is_open)

    @property
    def arrows(self) -> dict[str, object]:
        return arrows_on_show(self.frame())

    def draw(self, surface: pygame.Surface) -> None:
        parts = ReviewParts(self.view, self.graph, self.alternatives, self.panel, self.every_roll, self.app.fonts,
                            self.graph_rect, self.table_rect, self.reviewed, self._legend_size())
        draw_review(surface, self.frame(), parts, interval_of)
        self.menu_bar.draw(surface)

    def draw_above(self, surface: pygame.Surface) -> None:
        self.menu_bar.draw_above(surface)
