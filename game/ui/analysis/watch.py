"""Watch mode's pacing: each computer move's analysis stays on screen for a while, or until
the viewer resumes a pause (Space or the Pause button pauses; the - and + keys or buttons, or
[ and ], change the speed)."""

from __future__ import annotations

from ...core.settings import WATCH_SPEEDS


class WatchControl:
    """The pause flag and the time left before the move on show is played."""

    def __init__(self, settings) -> None:
        self.settings = settings
        self.paused = False
        self.waited = 0.0

    @property
    def seconds(self) -> float:
        return self.settings.watch_seconds

    def toggle_pause(self) -> str:
        self.paused = not self.paused
        return "Paused: Space or Resume to go on" if self.paused else "Watching"

    def _speed_index(self) -> int:
        names = list(WATCH_SPEEDS)  # slowest first
        return names.index(self.settings.watch_speed) if self.settings.watch_speed in names else 1

    def can_change(self, faster: bool) -> bool:
        """False at the fastest (or slowest) speed."""
        return self._speed_index() < len(WATCH_SPEEDS) - 1 if faster else self._speed_index() > 0

    def change_speed(self, faster: bool) -> str:
        names = list(WATCH_SPEEDS)
        i = self._speed_index()
        self.settings.watch_speed = names[max(0, min(len(names) - 1, i + (1 if faster else -1)))]
        return f"Watch speed: {self.settings.watch_speed} ({self.seconds:g} s a move)"

    def start(self) -> None:
        """A new move is on show: its time starts now."""
        self.waited = 0.0

    def ready(self, dt: float) -> bool:
        """Advance by ``dt``; True when the move on show may be played."""
        if self.paused:
            return False
        self.waited += dt
        return self.waited >= self.seconds

    def status(self) -> str:
        state = "paused — Space to go on" if self.paused else f"{self.settings.watch_speed} speed"
        return f"Watching: {state} · - + speed"
