"""Replay mode of the play screen: stepping through a game's positions and their analysis.

A finished game, and a game loaded from a file, open in replay mode: the board shows the
position after the move selected in the move list (click a line, or Left/Right, Home/End),
the hint panel the analysis of that move's decision with the move played marked (of the
position itself where no move was made from it yet).  Nothing is played meanwhile.
Going past the last position of an unfinished game ("Play on", Right, End) goes back to
the game, which continues; Left in a game in progress enters replay mode.

The move list's lines and replay mode's stops are made in one pass
(:meth:`game.core.move_list.MoveList.listing`), so line *k* is always stop *k*; a record of
several games (a match) is listed game by game under their headings, and PgUp/PgDn go to the
previous/next game's first move.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...core.move_list import Listing, MoveList, Stop
from ..gameview import unlisted_moves
from ..panel import MoveListSection
from ..scene import Part


class MoveLines:
    """The game's move list as it stands, made again only when the game has changed, and its
    panel section (:attr:`section`)."""

    def __init__(self, fonts, session, view) -> None:
        self.session, self.view = session, view
        self._listed: tuple | None = None  # (len(states), the last state, the listing)
        self.section = MoveListSection(fonts, self.lines, headings=self.headings)

    def listing(self) -> Listing:
        states = self.session.states
        if self._listed is None or self._listed[0] != len(states) or self._listed[1] is not states[-1]:
            moves = MoveList(self.session.info, states, self.session.actions)
            self._listed = (len(states), states[-1],
                            moves.listing(self.session.info.players.titles, unlisted_moves(self.view)))
        return self._listed[2]

    def lines(self) -> list[str]:
        """``12. White 62: 24/18 13/11``: each move, after the chance outcome it was played on
        (as the game writes it in a move list); none for a decision the view does not list."""
        return list(self.listing().lines)  # a copy: the listing is kept for the next frame

    def headings(self) -> dict[int, str]:
        """The games' headings ("Game 3 — score 2–1") by the move line each stands before;
        none for a record of one game."""
        return dict(self.listing().headings)

    def stops(self) -> tuple[Stop, ...]:
        return self.listing().stops


class Replay(Part):
    """Replay mode: :attr:`cursor` is the stop on show (0 the start, *k* the position after the
    move on line *k* of the move list), ``None`` while the game goes on.  A game in progress
    may be left for replay mode while ``can_browse()`` (no move on show, the tutor not asking)."""

    def __init__(self, session, view, status, move_list: MoveLines, mover, can_browse: Callable[[], bool]) -> None:
        self.session, self.view, self.status = session, view, status
        self.move_list, self.mover, self.can_browse = move_list, mover, can_browse
        self.cursor: int | None = None
        move_list.section.selected = self.selected_line  # clickable in replay mode

    @property
    def replaying(self) -> bool:
        return self.cursor is not None

    @property
    def finished(self) -> bool:
        return self.session.is_over or self.session.stalled

    @property
    def last_stop(self) -> int:
        return len(self.move_list.stops()) - 1

    def stop(self) -> Stop:
        """The stop on show (replay mode)."""
        return self.move_list.stops()[min(self.cursor, self.last_stop)]

    @property
    def shown_index(self) -> int:
        """The index in ``session.states`` of the position on the board."""
        if self.cursor is None:
            return len(self.session.states) - 1
        return self.stop().shown

    def selected_line(self) -> int | None:
        """The move list's line to highlight: the selected one in replay mode, else the last."""
        return None if self.cursor is None else self.cursor - 1

    def _games_at(self, line: int) -> tuple[list[int], int]:
        """``(the first line of each game, the index among them of the game line ``line`` is in)``."""
        starts = sorted(self.move_list.headings())
        return starts, max((k for k, first in enumerate(starts) if first <= line), default=0)

    def game_key(self, key: int) -> None:
        """PgUp/PgDn: the first move of the previous/next game of a match (replay mode)."""
        line = (self.last_stop if self.cursor is None else self.cursor) - 1  # the line on show
        starts, shown = self._games_at(line)
        if len(starts) < 2 or (self.cursor is None and not (self.finished or self.can_browse())):
            return
        k = shown + (1 if key == pygame.K_PAGEDOWN else -1)
        if 0 <= k < len(starts):
            self.go(starts[k] + 1)

    def key(self, key: int) -> None:
        """Left/Right, Home/End."""
        if self.cursor is None and not (self.finished or self.can_browse()):
            return
        at = self.last_stop if self.cursor is None else self.cursor
        target = {pygame.K_LEFT: at - 1, pygame.K_RIGHT: at + 1, pygame.K_HOME: 0,
                  pygame.K_END: self.last_stop + (0 if self.finished or self.cursor is None else 1)}[key]
        if self.cursor is None and target >= self.last_stop:
            return  # already at the game as it stands
        self.go(target)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on a move line shows it (in replay mode, or leaving the game for it)."""
        if not (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and (self.replaying or self.can_browse())):
            return False
        line = self.move_list.section.row_at(event.pos)
        if line is None:
            return False
        self.go(line + 1)
        return True

    def go(self, stop: int) -> None:
        """Show stop ``stop`` in replay mode; past the last stop of an unfinished game (or at it,
        when already there) leave replay mode: the game goes on."""
        last = self.last_stop
        if not self.finished and (stop > last or (stop == last and self.cursor == last)):
            self.cursor = None
            self.status.text = self.view.describe(self.session.state)
            return
        stop = max(0, min(stop, last))
        if self.cursor is None:  # the move being built is dropped
            self.mover.end_human_turn()
        self.cursor = stop
        index = self.move_list.stops()[stop].shown
        where = "the start" if stop == 0 else f"move {stop} of {last}"
        starts, k = self._games_at(stop - 1)
        if stop and len(starts) > 1:  # a match: the game, and the move within it
            following = starts[k + 1] if k + 1 < len(starts) else last
            where = f"game {k + 1}, move {stop - starts[k]} of {following - starts[k]}"
        after = "" if self.finished or stop < last else " · Right or Play on to play on"
        self.status.text = f"{self.view.describe(self.session.states[index])}\nReplay: {where}{after}"

    def shown_decision(self) -> int | None:
        """Replay mode: the index in ``session.states`` of the decision of the stop on show (the
        one whose move led to the position, whose analysis the hint panel shows); ``None``
        out of replay mode or where there is none."""
        return None if self.cursor is None else self.stop().decision

    def show_decision(self, index: int) -> None:
        """Replay mode at the decision made at ``session.states[index]`` (the Review screen's
        decision on show, when it goes back): the stop of the move played there, or the next
        listed one when it has no line of its own (a no double joins the roll's line)."""
        stops = self.move_list.stops()
        stop = next((k for k, s in enumerate(stops) if k and s.decision is not None and s.decision >= index),
                    self.last_stop)
        if stop != self.cursor:
            self.go(stop)
