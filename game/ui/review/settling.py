"""The Review screen's S: review again with the close calls settled by rollout (the review
option ``settle``: :mod:`game.backgammon.analysis.settle`), or back without.  The review on
its way stops, keeping what it finished; the cache is keyed by the options, so neither review
is ever shown for the other.  The settled review runs as the first did, its progress shown
the same way, and opens at the decision on show.  The study library keeps the search's
review, never the settled one.  No pygame here."""

from __future__ import annotations

from ...core.review.run import SETTLE


def status_words(settled: bool) -> tuple[str, str, str]:
    """``(while it starts, while it runs, after the move's number)`` for the screen's status."""
    if settled:
        return "Settling close calls…", "Settling close calls", " · close calls settled"
    return "Reviewing the game…", "Reviewing", ""


def toggle_settle(scene) -> None:
    """S on the Review screen ``scene`` (see the module doc); nothing in a game without rollouts."""
    if not scene.rollouts.offered:
        return
    scene.settled = not scene.settled
    line = scene.line
    scene.opened_at = line.index if line is not None else scene.opened_at
    scene.start_review({**scene.searched, SETTLE: True} if scene.settled else scene.searched,
                       library=not scene.settled)  # the study library keeps the search's review
    scene.app.banner.show("Settling close calls by rollout: the review runs again" if scene.settled
                          else "Close calls as the search marks them", seconds=3)
    scene.update(0)
    if scene.app.scene is scene and scene.reviewed is None:
        scene.app.rebuild()  # the progress box while it runs
