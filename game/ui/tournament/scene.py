"""The tournament screen: pick players, games per pair, seed and workers (and how to play, when
the game offers choices: backgammon's cubeless, money with cube or a match); watch it play out.

A round robin of the core tournament (duplicate chance outcomes, the same games as ``tabula
tournament`` with that seed) runs in worker processes driven by
:class:`~game.ui.jobs.tournament.TournamentJob`, so the window stays responsive.  The screen shows
progress, live standings, pair results and the standings chart; Stop or Esc ends it keeping
the finished games, and starting again with the same choices resumes.  "Resume last"
continues the newest unfinished tournament of this game, even one stopped before the
program was closed or started by ``tabula tournament`` without ``--out``: both keep them in
``<user data>/tournaments/<time>-<game>/`` (JSON, CSV, PNG).  A folder whose settings are
damaged is passed over; one whose games file has damaged lines says so, and resuming it
moves them to ``games.jsonl.bad`` (a note in the banner) and plays their games again.

A player can be entered more than once, as on the command line (``medium medium``): the
list offers one more copy of each picked player (``medium#2`` under ``medium``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextEntryLine

from ...core.gameinfo import GameInfo
from ...core.tournament import Settings, available_cpus, even_games
from ...core.tournament.folders import Unfinished, latest_unfinished, new_folder, tournaments_dir
from ...core.tournament.report import write_files
from ..charts.standings import chart_title, write_standings_chart
from ..jobs.tournament import TournamentJob
from ..scene import Scene
from ..theme import ACCENT, PANEL_EDGE, TEXT, TEXT_DIM
from ..widgets import draw_text, elide, wrap
from .view import (
    ChartImage,
    comfortable_chart_height,
    draw_progress,
    draw_table,
    drop_column,
    minimum_chart_height,
    natural_chart_height,
    pairs_table,
    standings_table,
    table_height,
    table_width,
)

MAX_WORKERS = 64
LIST_THEME = {"#players.@selection_list_item": {"colours": {
    "normal_bg": "#1b241f", "hovered_bg": "#2c3a31", "active_bg": "#25613b",
    "selected_bg": "#2f7a4a", "normal_text": "#aab2a6", "selected_text": "#ffffff",
    "hovered_text": "#ffffff", "active_text": "#ffffff", "normal_border": "#1b241f"}}}
"""Picked players stand out in green; the others are dim on dark."""


def help_text(info: GameInfo) -> str:
    """What the screen says before a tournament starts, in the game's words for its chance."""
    duplicate = (f"with the same {info.chance.name} (duplicate games), so luck mostly cancels out"
                 if info.chance is not None else "(duplicate games)")
    return ("Pick two or more players (a player's #2 enters it twice), the games each pair plays, a seed "
            f"and the number of worker processes, then press Start.  Each pair plays both seatings {duplicate}; "
            "the same seed replays the same games.")


def _whole(text: str, what: str, minimum: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        raise ValueError(f"{what} must be a whole number, got {text.strip()!r}.") from None
    if value < minimum:
        raise ValueError(f"{what} must be at least {minimum}, got {value}.")
    return value


def entrant_counts(names: Sequence[str], picked: Iterable[str]) -> Counter:
    """How often each player is entered, from the picked list items (``medium#2`` is a medium)."""
    counts: Counter = Counter()
    for label in picked:
        base = label if label in names else label.rpartition("#")[0]
        if base in names:
            counts[base] += 1
    return counts


def entrant_items(names: Sequence[str], counts: Counter) -> tuple[list[str], list[str]]:
    """The list's items and the picked ones: each name entered ``k`` times is followed by its
    copies ``name#2`` … ``name#k`` (picked, the labels the results use) and one more to pick."""
    items, picked = [], []
    for name in names:
        copies = [name] + [f"{name}#{k}" for k in range(2, counts[name] + 2)]  # none more if not picked
        items += copies
        picked += copies[:counts[name]]
    return items, picked


def _workers(text: str) -> int:
    count = _whole(text, "Workers", 1)
    if count > MAX_WORKERS:
        raise ValueError(f"Workers must be at most {MAX_WORKERS}, got {count}.")
    return count


def choice_of(info: GameInfo, options: dict) -> str | None:
    """The label of ``info``'s tournament choice that sets ``options`` (``None``: no such choice)."""
    return next((label for label, chosen in info.tournament_play().choices if chosen == options), None)


def read_choices(info: GameInfo, selected, games: str, seed: str, workers: str,
                 choice: str | None = None) -> tuple[Settings, int, str]:
    """Settings, workers and a note (odd games rounded up) from the form; ``ValueError`` says what
    is wrong.  ``choice`` is a label of ``TournamentPlay.choices`` (default: the first)."""
    counts = entrant_counts(info.players.names, selected)
    players = tuple(name for name in info.players.names for _ in range(counts[name]))
    if len(players) < 2:
        raise ValueError("Pick at least two players for a tournament (click their names in the list).")
    count = _whole(games, "Games per pair", 1)
    seed_value = _whole(seed, "The seed", 0)
    worker_count = _workers(workers)
    even = even_games(count)
    note = f"{count} games per pair rounded up to {even}, so both seatings are played equally often. " \
        if even != count else ""
    choices = dict(info.tournament_play().choices)
    options = choices[choice] if choice in choices else next(iter(choices.values()), {})
    return Settings(info.name, players, even, seed_value, options=options), worker_count, note


class TournamentScene(Scene):
    def __init__(self, app, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        names = info.players.names
        remembered = [p for p in dict.fromkeys(app.settings.last_players) if p in names]
        self.selected = (remembered + [n for n in names if n not in remembered])[:max(2, len(remembered))]
        self.games_text, self.seed_text = "10", "0"
        choices = info.tournament_play().choices
        self.choice_text = choices[0][0] if choices else None
        """The label of the chosen way to play (``TournamentPlay.choices``: "Match to 5")."""
        self.workers_text = str(max(1, available_cpus() - 1))
        self.job: TournamentJob | None = None
        self.last: Unfinished | None = latest_unfinished(info.name)
        self.finalized = True
        self.message = ""
        self.widgets: dict = {}
        self.chart = ChartImage()
        self.results = pygame.Rect(0, 0, 0, 0)
        self.players_caption = pygame.Rect(0, 0, 0, 0)

    # -- layout -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        gui, m = self.gui, 16
        # Every build: a resize to another text size makes the window a new UI manager, whose
        # theme has not heard of the list's colours (the picked players then lost their green).
        gui.get_theme().load_theme(LIST_THEME)
        self.header = max(48, min(72, h // 10))
        lw = int(min(320, max(220, w * 0.27)))
        x, y = m, self.header
        row, gap = 34, 8
        self.players_caption = pygame.Rect(x, y, lw, 24)
        y += 28
        choices = [label for label, _ in self.info.tournament_play().choices]
        below = (3 + bool(choices)) * (row + gap) + 10 + 42 + 6 + 36
        list_h = max(80, h - m - below - y)
        items, picked = entrant_items(self.info.players.names, entrant_counts(self.info.players.names, self.selected))
        self.selected = picked
        self.widgets = {"players": UISelectionList(
            pygame.Rect(x, y, lw, list_h), items, gui, allow_multi_select=True,
            default_selection=picked, object_id="#players")}
        y += list_h + 10
        for key, label, text in (("games", "Games per pair", self.games_text), ("seed", "Seed", self.seed_text),
                                 ("workers", "Workers", self.workers_text)):
            UILabel(pygame.Rect(x, y, lw * 0.55 - 6, row), label, gui)
            entry = UITextEntryLine(pygame.Rect(x + lw * 0.55, y, lw * 0.45, row), gui)
            entry.set_text(text)
            self.widgets[key] = entry
            y += row + gap
        if choices:
            UILabel(pygame.Rect(x, y, lw * 0.4 - 6, row), "Play", gui)
            self.widgets["choice"] = UIDropDownMenu(choices, self.choice_text, pygame.Rect(x + lw * 0.4, y, lw * 0.6,
                                                                                          row), gui)
            y += row + gap
        y += 2
        half = (lw - 8) / 2
        self.widgets["start"] = UIButton(pygame.Rect(x, y, half, 42), "Start", gui, object_id="#primary")
        self.widgets["resume"] = UIButton(pygame.Rect(x + half + 8, y, half, 42), "Resume last", gui,
                                          tool_tip_text="Continue the newest unfinished tournament of this game")
        self.widgets["stop"] = UIButton(pygame.Rect(x, y + 48, half, 36), "Stop", gui)
        self.widgets["back"] = UIButton(pygame.Rect(x + half + 8, y + 48, half, 36), "Menu", gui)
        left = x + lw + 24
        self.results = pygame.Rect(left, self.header, w - left - m, h - self.header - m)
        self._sync_widgets()

    def _sync_widgets(self) -> None:
        running = self.job is not None and self.job.running
        for key in ("games", "seed", "workers", "start", "choice"):  # disabling the list would drop its selection
            if key in self.widgets:
                (self.widgets[key].disable if running else self.widgets[key].enable)()
        (self.widgets["stop"].enable if running else self.widgets["stop"].disable)()
        resumable = not running and self.last is not None
        (self.widgets["resume"].enable if resumable else self.widgets["resume"].disable)()

    def _show_entrants(self) -> None:
        """After a pick: offer the next copy of each picked player, keeping the list's scroll."""
        players = self.widgets["players"]
        items, picked = entrant_items(self.info.players.names, entrant_counts(self.info.players.names, self.selected))
        self.selected = picked
        if items == [item["text"] for item in players.item_list] and \
                picked == [item["text"] for item in players.item_list if item["selected"]]:
            return
        bar = players.scroll_bar
        offset = bar.start_percentage * players.total_height_of_list if bar is not None else 0.0
        players.set_item_list(items)
        for item in players.item_list:
            item["selected"] = item["text"] in picked
            if item["selected"] and item["button_element"] is not None:
                item["button_element"].select()
        if players.scroll_bar is not None and offset:
            players.scroll_bar.set_scroll_from_start_percentage(offset / players.total_height_of_list)

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.widgets.get("choice"):
            self.choice_text = event.text
        elif event.type in (pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION):
            # the players are fixed while playing: show them again (when idle, update() follows picks)
            if event.ui_element is self.widgets.get("players") and self.job is not None and self.job.running:
                self.app.rebuild()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            key = next((k for k, wd in self.widgets.items() if wd is event.ui_element), None)
            if key in ("games", "seed", "workers"):
                setattr(self, f"{key}_text", event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, wd in self.widgets.items() if wd is event.ui_element), None)
            if key == "start":
                self.start()
            elif key == "resume":
                self.resume_last()
            elif key == "stop":
                self.stop()
            elif key == "back":
                self.app.show_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.job is not None and self.job.running:
                self.stop()
            else:
                self.app.show_menu()

    def start(self) -> bool:
        """Start (or resume) the tournament the form describes; a bad value goes to the banner."""
        if self.job is not None and self.job.running:
            return False
        if self.job is not None and not self.finalized:  # ended this frame: keep its results first
            self._finish()
        self.selected = list(self.widgets["players"].get_multi_selection())
        for key in ("games", "seed", "workers"):  # what the widgets show, however it got there
            setattr(self, f"{key}_text", self.widgets[key].get_text())
        try:
            settings, workers, note = read_choices(self.info, self.selected, self.games_text, self.seed_text,
                                                   self.workers_text, self.choice_text)
        except ValueError as error:
            self.app.banner.show(str(error), error=True)
            return False
        old = self.job
        resume = old is not None and old.settings == settings and old.progress().done < settings.total_games
        return self._launch(settings, old.folder if resume else new_folder(self.info.name), workers, note)

    def resume_last(self) -> bool:
        """Continue the newest unfinished tournament of this game, its choices shown in the form."""
        last = self.last
        if last is None or (self.job is not None and self.job.running):
            return False
        if self.job is not None and not self.finalized:
            self._finish()
        try:
            workers = _workers(self.widgets["workers"].get_text())
        except ValueError as error:
            self.app.banner.show(str(error), error=True)
            return False
        self.selected = list(last.settings.labels)
        self.games_text, self.seed_text = str(last.settings.games_per_pair), str(last.settings.seed)
        self.choice_text = choice_of(self.info, last.settings.options) or self.choice_text
        self.app.rebuild()
        return self._launch(last.settings, last.folder, workers)

    def _launch(self, settings: Settings, folder: Path, workers: int, note: str = "") -> bool:
        """Play ``settings`` into ``folder`` (resuming what it holds); a problem goes to the banner."""
        try:
            job = TournamentJob(settings, folder, workers)
        except (ValueError, OSError) as error:
            self.app.banner.show(str(error), error=True)
            return False
        self.job, self.finalized = job, False
        resume = bool(job.store.records)
        self.message = f"{'Resuming' if resume else 'Saving'} in {folder}"
        note = " ".join([note.strip(), *job.notes]).strip()
        if note:
            self.app.banner.show(note, seconds=12 if job.notes else 4)
        job.start()
        self._sync_widgets()
        return True

    def stop(self) -> None:
        """Ask the tournament to stop; the screen notices when the workers are gone."""
        if self.job is not None:
            self.job.stop()

    # -- running ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.job is None or not self.job.running:  # the widgets are the truth (events come a frame late)
            self.selected = list(self.widgets["players"].get_multi_selection())
            self._show_entrants()
            for key in ("games", "seed", "workers"):
                setattr(self, f"{key}_text", self.widgets[key].get_text())
        if self.job is not None and not self.finalized and not self.job.running:
            self._finish()

    def _finish(self) -> None:
        """Write results.json, the CSV files and standings.png for the games played."""
        self.finalized = True
        job = self.job
        try:
            self._report(job)
        finally:
            job.close()  # whatever happened, the folder is free for the next run
        self.last = latest_unfinished(self.info.name)
        if self.widgets:
            self._sync_widgets()

    def _report(self, job: TournamentJob) -> None:
        progress = job.progress()
        summary = progress.summary
        try:
            write_files(summary, job.folder)
            write_standings_chart(summary, job.folder, self.info.title)
        except (OSError, pygame.error) as error:
            self.app.banner.show(f"Could not write the results: {error}", error=True)
        else:
            self.message = f"Results saved in {job.folder}"
            if progress.status == "finished":
                self.app.banner.show(f"Tournament finished: results in {job.folder}", seconds=8)
            elif progress.status == "stopped":
                self.app.banner.show(f"Stopped after {progress.done} of {progress.total} games; they are kept. "
                                     "Press Start with the same choices to resume.", seconds=8)
        if progress.status == "failed":
            self.app.banner.show(f"The tournament failed: {progress.error}", error=True)

    def leave(self) -> None:
        """Stop the workers (no process outlives the screen) and keep what finished."""
        if self.job is not None:
            self.job.stop()
            self.job.join(30)
            if not self.finalized and not self.job.running:
                self._finish()
            else:
                self.job.close()  # frees the folder now, or when its slow workers end

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = self.app.fonts(max(20, min(32, self.header // 2)), True)
        draw_text(surface, title, f"Tournament · {self.info.title}", (16, self.header // 2), ACCENT, anchor="midleft")
        picked = len(self.selected)
        caption = f"Players: {picked} picked" + ("" if picked >= 2 else " (pick two or more)")
        draw_text(surface, self.app.fonts(15), caption, self.players_caption.midleft,
                  TEXT if picked >= 2 else ACCENT, anchor="midleft")
        r = self.results
        pygame.draw.line(surface, PANEL_EDGE, (r.x - 12, r.y), (r.x - 12, r.bottom), 1)
        size = max(12, min(16, h // 44))
        font = self.app.fonts(size)
        if self.job is None:
            self._draw_help(surface, r, font)
            return
        progress = self.job.progress()
        line = font.get_linesize()
        draw_progress(surface, pygame.Rect(r.x, r.y, r.w, 22 + line + 6), font, progress, self.job.workers)
        folder_y = r.bottom - line
        prefix, _, path = self.message.partition(" in ")
        prefix += " in "
        path = elide(font, path, r.w - font.size(prefix)[0], left=True)
        draw_text(surface, font, prefix + path, (r.x, folder_y), TEXT_DIM)
        body = pygame.Rect(r.x, r.y + 22 + line + 16, r.w, folder_y - 8 - (r.y + 22 + line + 16))
        if progress.done == 0:
            draw_text(surface, font, "Standings appear after the first game.", body.topleft, TEXT_DIM)
            return
        self._draw_results(surface, body, progress, size)

    def _draw_help(self, surface: pygame.Surface, r: pygame.Rect, font) -> None:
        y = r.y
        for text in wrap(font, help_text(self.info), r.w):
            draw_text(surface, font, text, (r.x, y), TEXT)
            y += font.get_linesize()
        notes = [f"Results are saved in {tournaments_dir()}"]
        if self.last is not None:
            last = self.last.settings
            notes.append(f"Resume last: {self.last.done} of {last.total_games} games of {', '.join(last.labels)} "
                         f"(seed {last.seed}) in {self.last.folder.name}")
            if self.last.damaged:
                lines = "1 damaged line" if self.last.damaged == 1 else f"{self.last.damaged} damaged lines"
                notes.append(f"Its games file has {lines}: resuming moves them to games.jsonl.bad "
                             "and plays their games again.")
        for note in notes:
            y += font.get_linesize()
            for text in wrap(font, note, r.w):
                draw_text(surface, font, text, (r.x, y), TEXT_DIM)
                y += font.get_linesize()

    def _draw_results(self, surface: pygame.Surface, body: pygame.Rect, progress, size: int) -> None:
        summary = progress.summary
        s_head, s_rows = standings_table(summary)
        p_head, p_rows = pairs_table(summary)
        font = self.app.fonts(size)
        while size > 11 and table_width(font, s_head, s_rows) > body.w:
            size -= 1
            font = self.app.fonts(size)
        for column in ("Games", "Draws", "Losses"):  # still too wide: the counts are in standings.csv
            if table_width(font, s_head, s_rows) > body.w:
                s_head, s_rows = drop_column(s_head, s_rows, column)
        s_w, p_w = table_width(font, s_head, s_rows), table_width(font, p_head, p_rows)
        side_by_side = s_w + p_w + 32 <= body.w
        for column in ("95% interval", "A points/game", "A match wins"):  # too wide: the details are in pairs.csv
            if not side_by_side and table_width(font, p_head, p_rows) > body.w:
                p_head, p_rows = drop_column(p_head, p_rows, column)
        n, more = len(s_rows), " (see pairs.csv)"
        s_h, p_h = table_height(font, n), table_height(font, len(p_rows))
        if side_by_side:  # tables side by side, chart below
            tables = max(s_h, p_h)
            chart_h = max(minimum_chart_height(n), min(natural_chart_height(n), body.h - tables - 12))
            tables = min(tables, body.h - chart_h - 12)
            draw_table(surface, font, pygame.Rect(body.x, body.y, s_w + 8, tables), "Standings", s_head, s_rows)
            draw_table(surface, font, pygame.Rect(body.x + s_w + 32, body.y, p_w + 8, tables), "Pairs",
                       p_head, p_rows, more)
            chart_y = body.y + tables + 12
        else:  # standings, chart, then as many pairs as fit
            s_h = min(s_h, body.h // 2)
            draw_table(surface, font, pygame.Rect(body.x, body.y, body.w, s_h), "Standings", s_head, s_rows)
            rest = body.h - s_h - 12
            # the chart is squeezed (down to comfortable rows) before pairs are left out
            chart_h = max(min(comfortable_chart_height(n), rest), minimum_chart_height(n),
                          min(natural_chart_height(n), rest - p_h - 12))
            chart_h = min(chart_h, rest)
            pair_y = body.y + s_h + 12 + chart_h + 12
            if body.bottom - pair_y >= table_height(font, 1):
                draw_table(surface, font, pygame.Rect(body.x, pair_y, body.w, body.bottom - pair_y), "Pairs",
                           p_head, p_rows, more)
            elif body.bottom - pair_y >= font.get_linesize():
                draw_text(surface, font, f"Pair results: {len(p_rows)} in pairs.csv", (body.x, pair_y), TEXT_DIM)
            chart_y = body.y + s_h + 12
        if chart_h >= 60:
            width = min(body.w, 820)
            image = self.chart.get(summary, progress.version, chart_title(self.info.title), (width, chart_h))
            surface.blit(image, (body.x, chart_y))
