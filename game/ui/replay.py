"""Replay mode of the play scene: stepping through a game's positions and their analysis.

A finished game, and a game loaded from a file, open in replay mode: the board shows the
position after the move selected in the move list (click a line, or Left/Right, Home/End),
the hint panel the analysis of that move's decision with the move played marked (of the
position itself where no move was made from it yet).  Nothing is played meanwhile.
Going past the last position of an unfinished game ("Play on", Right, End) goes back to
the game, which continues; Left in a game in progress enters replay mode.

The move list's lines and replay mode's stops are made in one pass (:meth:`ReplayMode._listing`),
so line *k* is always stop *k*: a decision the view lists no line for (``decisions.unlisted``:
backgammon's no double) has no stop either and joins the next line.

A record of several games (a match) is listed game by game, as GNU Backgammon lists a match:
each game under its heading ("Game 3 — score 2–1", the game's review's
:meth:`~game.core.capabilities.Review.game_heading`), its moves numbered from 1; the headings
are no lines of their own (no stops), and PgUp/PgDn go to the previous/next game's first move.
"""

from __future__ import annotations

import pygame

from ..core.protocol import CHANCE
from ..core.review import review_of
from .gameview import unlisted_moves
from .panel import MoveListSection


class ReplayMode:
    """The play scene's replay mode (mixed into :class:`~game.ui.play.PlayScene`, whose
    ``session``, ``view``, ``overlays``, ``cursor``, ``status`` and turn state it uses)."""

    @property
    def replaying(self) -> bool:
        return self.cursor is not None

    @property
    def finished(self) -> bool:
        return self.session.is_over or self.session.stalled

    def _listing(self) -> tuple[list[str], list[tuple[int, int | None, str | None]]]:
        """The move list's lines and the stops, made together (found again only when the game
        has changed).  A line: ``12. White 62: 24/18 13/11``, each move after the chance
        outcome it was played on.  A stop (0: the start, then one per line): ``(state shown,
        the decision state analysed or None, the notation of the move played there or None)``.
        The games' headings, by the line each stands before, are kept with them (:meth:`move_headings`)."""
        session, rules = self.session, self.session.rules
        states, info = session.states, session.info
        cached = getattr(self, "_listed", None)  # (len(states), the last state, lines, stops, headings)
        if cached is not None and cached[0] == len(states) and cached[1] is states[-1]:
            return cached[2], cached[3]
        titles, shown = info.player_titles, info.chance.in_move_list if info.chance else str
        unlisted = unlisted_moves(self.view)  # decisions with no line of their own
        last = len(states) - 1
        games = review_of(info)
        several = games.game_number(states[-1]) > 1

        def deciding(i: int) -> bool:
            return rules.to_move(states[i]) != CHANCE and not rules.is_over(states[i])

        lines: list[str] = []
        stops = [(0, 0 if deciding(0) else None, None)]
        headings: dict[int, str] = {}
        roll, game, first = None, None, 0  # the game listed and its first line

        def heading(i: int) -> None:  # a new game starts at state i: its heading before the next line
            nonlocal game, first
            number = games.game_number(states[i])
            if several and number != game:
                game, first = number, len(lines)
                headings[first] = games.game_heading(states[i])

        for i, (mover, text) in enumerate(session.history()):
            heading(i)
            if mover == CHANCE:
                roll = shown(text)
                continue
            if unlisted is not None and unlisted(states[i], text):
                continue  # it joins the next line (the roll and the play made on it)
            lines.append(f"{len(lines) - first + 1}. {titles[mover]} {roll + ': ' if roll else ''}{text}")
            stops.append((i + 1, i, text))
            roll = None
        if roll:  # a chance outcome with no move on it yet: its own line
            lines.append(f"{len(lines) - first + 1}. {titles[max(0, session.to_move)]} {roll}")
            stops.append((last, last if deciding(last) else None, None))
        headings = {k: text for k, text in headings.items() if k < len(lines)}  # a game not begun yet
        self._listed = (len(states), states[-1], lines, stops, headings)
        return lines, stops

    def move_headings(self) -> dict[int, str]:
        """The games' headings ("Game 3 — score 2–1") by the move line each stands before;
        none for a record of one game."""
        self._listing()
        return dict(self._listed[4])

    def _games_at(self, line: int) -> tuple[list[int], int]:
        """``(the first line of each game, the index among them of the game line ``line`` is in)``."""
        starts = sorted(self.move_headings())
        return starts, max((k for k, first in enumerate(starts) if first <= line), default=0)

    def _game_key(self, key: int) -> None:
        """PgUp/PgDn: the first move of the previous/next game of a match (replay mode)."""
        line = (self.last_stop if self.cursor is None else self.cursor) - 1  # the line on show
        starts, shown = self._games_at(line)
        if len(starts) < 2 or (self.cursor is None and not (self.finished or self._can_browse())):
            return
        k = shown + (1 if key == pygame.K_PAGEDOWN else -1)
        if 0 <= k < len(starts):
            self.go(starts[k] + 1)

    def move_lines(self) -> list[str]:
        """``12. White 62: 24/18 13/11``: each move, after the chance outcome it was played on
        (as the game writes it in a move list); none for a decision the view does not list."""
        return list(self._listing()[0])  # a copy: the listing is kept for the next frame

    def _stops(self) -> list[tuple[int, int | None, str | None]]:
        """Per stop (0: the start, then one per move line): ``(state shown, the decision state
        analysed or None, the notation of the move played there or None)``."""
        return self._listing()[1]

    @property
    def last_stop(self) -> int:
        return len(self._stops()) - 1

    @property
    def shown_index(self) -> int:
        """The index in ``session.states`` of the position on the board."""
        if self.cursor is None:
            return len(self.session.states) - 1
        return self._stops()[min(self.cursor, self.last_stop)][0]

    def selected_line(self) -> int | None:
        """The move list's line to highlight: the selected one in replay mode, else the last."""
        return None if self.cursor is None else self.cursor - 1

    def _move_list_section(self, fonts) -> MoveListSection:
        self.move_list = MoveListSection(fonts, self.move_lines, headings=self.move_headings)
        self.move_list.selected = self.selected_line  # an optional hook: clickable in replay mode
        return self.move_list

    def _moves_clickable(self) -> bool:
        return self.replaying or self._can_browse()

    def _can_browse(self) -> bool:
        """A game in progress may be left for replay mode between moves (not while one is shown,
        the tutor asks, or a watched move is on show)."""
        return (not self.view.animating and self.pending is None and self.overlays.tutor_move is None
                and self.overlays.watch_move is None)

    def _replay_key(self, key: int) -> None:
        if self.cursor is None and not (self.finished or self._can_browse()):
            return
        at = self.last_stop if self.cursor is None else self.cursor
        target = {pygame.K_LEFT: at - 1, pygame.K_RIGHT: at + 1, pygame.K_HOME: 0,
                  pygame.K_END: self.last_stop + (0 if self.finished or self.cursor is None else 1)}[key]
        if self.cursor is None and target >= self.last_stop:
            return  # already at the game as it stands
        self.go(target)

    def go(self, stop: int) -> None:
        """Show stop ``stop`` in replay mode; past the last stop of an unfinished game (or at it,
        when already there) leave replay mode: the game goes on."""
        last = self.last_stop
        if not self.finished and (stop > last or (stop == last and self.cursor == last)):
            self.cursor = None
            self.status = self.view.describe(self.session.state)
            return
        stop = max(0, min(stop, last))
        if self.cursor is None and self.human_turn:  # the move being built is dropped
            self.view.end_turn()
            self.human_turn = False
        self.cursor = stop
        index = self._stops()[stop][0]
        where = "the start" if stop == 0 else f"move {stop} of {last}"
        starts, k = self._games_at(stop - 1)
        if stop and len(starts) > 1:  # a match: the game, and the move within it
            following = starts[k + 1] if k + 1 < len(starts) else last
            where = f"game {k + 1}, move {stop - starts[k]} of {following - starts[k]}"
        after = "" if self.finished or stop < last else " · Right or Play on to play on"
        self.status = f"{self.view.describe(self.session.states[index])}\nReplay: {where}{after}"

    def shown_decision(self) -> int | None:
        """Replay mode: the index in ``session.states`` of the decision of the stop on show (the
        one whose move led to the position, whose analysis the hint panel shows); ``None``
        out of replay mode or where there is none."""
        if self.cursor is None:
            return None
        return self._stops()[min(self.cursor, self.last_stop)][1]

    def show_decision(self, index: int) -> None:
        """Replay mode at the decision made at ``session.states[index]`` (the Review screen's
        decision on show, when it goes back): the stop of the move played there, or the next
        listed one when it has no line of its own (a no double joins the roll's line)."""
        stops = self._stops()
        stop = next((k for k, (_, decision, _) in enumerate(stops) if k and decision is not None and decision >= index),
                    self.last_stop)
        if stop != self.cursor:
            self.go(stop)

    def _replay_hints(self) -> None:
        """Keep the hint panel on the decision of the stop on show (see the section comment)."""
        overlays = self.overlays
        if not overlays.hints_visible():
            return
        _, decision, played = self._stops()[min(self.cursor, self.last_stop)]
        if decision is None:
            return
        hints = overlays.hints
        state = self.session.states[decision]
        fresh = hints.state is not state
        hints.show(state)
        if played and (fresh or hints.played != played) and hints.ready:
            hints.mark_played(played)
        if overlays.graph_visible():
            overlays.graph_points()

