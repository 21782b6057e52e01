"""Rollouts from the hint panel, as GNU Backgammon's and XG's hint windows offer them: O (or
a click on the panel's Rollout line) rolls out the plays on show, or the cube decision, in a
worker process; the rows' figures are replaced as the trials come in (depth "R 432", the
95% interval's half-width in the ± column), the intervals narrowing live; O again (or the
line) stops, keeping what finished.

- **Which plays:** those chosen with Shift+click on their rows, else the top five of the
  table.  At a cube decision the position is rolled out before the roll (no double,
  double/take; double/pass needs no trials) and the cube rows take its figures.
- **What is kept:** the latest figures of each position rolled out in this game (a few
  dozen), so stepping back and forth shows them again; a new rollout of a position replaces
  its figures.  Only games with rollouts (``info.ability(Rollouts)``) offer it.
- The trials are as the Rollout settings say (:mod:`.rollout_settings`: by default the game's
  rollout defaults, backgammon's 1,296 trials, 0-ply play, variance reduction), seeded, so
  the same rollout in the window and ``tabula rollout`` agree.  "Settings…" at the end of
  the Rollout line opens them.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from ...core.analysis import PLAY
from ...core.capabilities import Rollouts
from ...core.rollout_figures import RolloutFigures
from ..jobs.rollout import RolloutJob, follow
from ..scene import Part
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, wrap
from .rollout_settings import RolloutSettingsDialog, rollout_options, settings_summary

PROCESSES = True
"""Roll out in a worker process (tests may run it in a thread)."""
KEPT = 64
"""Positions whose figures are kept in a game."""


class RolloutControl:
    """The rollouts of one play scene: the running job, the figures of each position, the plays
    chosen.  :meth:`update` each frame, :meth:`toggle` for O."""

    options: dict[str, Any] = {}
    """Rollout options over the settings' (tests make it short)."""

    def __init__(self, info, hints, banner, settings, processes: bool | None = None) -> None:
        self.info, self.hints, self.banner, self.settings = info, hints, banner, settings
        self.processes = PROCESSES if processes is None else processes
        self.rollouts = info.ability(Rollouts)
        self.job: RolloutJob | None = None
        self.figures: dict[int, tuple[Any, RolloutFigures]] = {}
        """``id(state)`` → ``(state, the latest figures of its rollout)``."""
        self.chosen: dict[Any, list[str]] = {}
        """Position → the plays chosen (Shift+click) for its next rollout, in the order chosen."""
        if self.rollouts is not None:
            hints.adjust = self.adjust

    @property
    def offered(self) -> bool:
        return self.rollouts is not None

    def running_for(self, state) -> bool:
        return self.job is not None and self.job.running and self.job.state is state

    # -- what the table shows ------------------------------------------------------------------
    def adjust(self, state, records: list) -> list:
        """``records`` with the figures of the latest rollout of ``state``, if any."""
        figures = self.figures.get(id(state))
        return self.rollouts.rows(records, figures[1]) if figures is not None and figures[0] is state else records

    # -- commands ------------------------------------------------------------------------------
    def toggle(self) -> None:
        """O: stop the rollout on show, else roll out the position on show."""
        state = self.hints.state
        if self.rollouts is None or state is None:
            return
        if self.running_for(state):
            self.stop()
            return
        records = self.hints.analyst.get(state) if self.hints.analyst is not None else None
        if not records:
            self.banner.show("Roll out once the analysis has listed the moves.", seconds=3)
            return
        top = self.settings.rollout_top
        moves = None if _cube_decision(records) else (self.chosen.get(id(state)) or [r.notation for r in records[:top]])
        self.stop()
        options = {**rollout_options(self.settings, self.rollouts.defaults), **self.options}
        self.job = RolloutJob(self.info, state, moves, options, processes=self.processes)

    def stop(self) -> None:
        """Stop the running rollout, keeping its figures."""
        if self.job is not None and self.job.running:
            self.job.cancel()
            self._keep()
            self.banner.show(self.job.kept_words(), seconds=4)

    def choose(self, index: int) -> None:
        """Shift+click on a row: add its play to the next rollout's, or take it off."""
        state, records = self.hints.state, self.hints.records
        if state is None or not 0 <= index < len(records) or records[index].kind != PLAY:
            return
        chosen = self.chosen.setdefault(id(state), [])
        notation = records[index].notation
        chosen.remove(notation) if notation in chosen else chosen.append(notation)

    def update(self) -> None:
        self.job = follow(self.job, self.banner, self._keep)

    def _keep(self, job: RolloutJob | None = None) -> None:
        job = job or self.job
        if job is not None and job.figures is not None:
            self.figures[id(job.state)] = (job.state, job.figures)
            while len(self.figures) > KEPT:
                self.figures.pop(next(iter(self.figures)))

    def close(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()

    # -- words ---------------------------------------------------------------------------------
    def line(self) -> tuple[str, float | None]:
        """``(what the panel's Rollout line says, share of the trials done or None)``."""
        state = self.hints.state
        if self.running_for(state):
            done, total = self.job.progress()
            return f"Rolling out {self.job.progress_words()} · O stops", done / total if total else 0.0
        kept = self.figures.get(id(state))
        chosen = self.chosen.get(id(state))
        analysed = self.hints.analyst.get(state) if self.hints.analyst is not None else None
        what = ("the cube decision" if _cube_decision(analysed or ()) else
                f"the {len(chosen)} chosen" if chosen else f"the top {self.settings.rollout_top} (Shift+click chooses)")
        if kept is not None and kept[0] is state:
            figures = kept[1]
            stopped = " (stopped)" if figures.partial else ""
            return f"Rolled out: {figures.trials_done} trials{stopped} · O: roll out {what} again", None
        return f"O: roll out {what}", None


def _cube_decision(records) -> bool:
    """Whether the rows are a cube decision's (no double, double...) rather than plays."""
    return any(r.kind != PLAY for r in records)


SETTINGS = "Settings…"
"""The Rollout line's link to the Rollout settings dialog."""


class RolloutSection:
    """Panel section under the hint table: the Rollout line (a click is O) and, while a rollout
    runs, its progress bar.  Optional: it gives way in a short panel (O still works)."""

    optional = True

    def __init__(self, fonts, control: RolloutControl, visible) -> None:
        self.fonts, self.control, self.visible = fonts, control, visible
        self.rect = self.settings_rect = pygame.Rect(0, 0, 0, 0)

    def height(self, width: int) -> int:
        if not (self.control.offered and self.visible() and self.control.hints.records):
            return 0
        return len(self._lines(width)) * self.fonts(11).get_linesize() + 14

    def _lines(self, width: int) -> list[str]:
        """The line's words in at most two lines beside "Settings…" (the rest elided)."""
        font = self.fonts(11)
        return wrap(font, self.control.line()[0], width - 30 - font.size(SETTINGS)[0], max_lines=2) or [""]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = rect
        text, share = self.control.line()
        font = self.fonts(11)
        bar = pygame.Rect(rect.x + 8, rect.bottom - 6, rect.w - 16, 4)
        if share is not None:
            pygame.draw.rect(surface, PANEL_EDGE, bar, border_radius=2)
            pygame.draw.rect(surface, ACCENT, pygame.Rect(bar.x, bar.y, round(bar.w * share), bar.h), border_radius=2)
        colour = TEXT if share is not None else ACCENT if text.startswith("O:") else TEXT_DIM
        settings = draw_text(surface, font, SETTINGS, (rect.right - 8, rect.y + 3), ACCENT, anchor="topright")
        self.settings_rect = settings.inflate(8, 6)
        for i, line in enumerate(self._lines(rect.w)):
            draw_text(surface, font, line, (rect.x + 8, rect.y + 3 + i * font.get_linesize()), colour)

    def hit(self, pos) -> str | None:
        """What a click at ``pos`` asks for: ``"settings"`` (its Settings…), ``"roll"`` (the
        rest of the line: O), ``None`` (not on the line)."""
        if self.settings_rect.collidepoint(pos):
            return "settings"
        return "roll" if self.rect.collidepoint(pos) else None


class RolloutSettings(Part):
    """The Rollout settings dialog (:class:`~.rollout_settings.RolloutSettingsDialog`), modal
    while open: OK keeps the values in the settings (the next rollout plays them), Cancel or
    Esc changes nothing; a bad value is said in the banner and the dialog stays open."""

    def __init__(self, app, control: RolloutControl) -> None:
        self.app, self.control = app, control
        self.dialog: RolloutSettingsDialog | None = None

    @property
    def offered(self) -> bool:
        return self.control.offered

    def open(self) -> None:
        if not self.offered or self.dialog is not None:
            return
        levels = tuple(self.control.info.analysis_level_names)
        self.dialog = RolloutSettingsDialog(self.app.gui, self.app.screen.get_rect(), self.app.settings, levels)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.dialog is None:
            return False
        answer = self.dialog.handle(event)
        if answer is None and self.dialog.problem and event.type in (pygame.KEYDOWN, pygame_gui.UI_BUTTON_PRESSED):
            self.app.banner.show(self.dialog.problem, error=True)
        elif answer is not None:
            self.close()
            if answer == "ok":
                self.app.banner.show("Rollouts: " + settings_summary(self.app.settings), seconds=3)
        return True

    def build(self, size: tuple[int, int]) -> None:
        if self.dialog is not None:  # the widgets were recreated: so is the dialog
            self.dialog = None
            self.open()

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.close()
            self.dialog = None
