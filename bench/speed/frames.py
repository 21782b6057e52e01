"""Frame times while the computer thinks, next to idle (not in CI; headless window).

    python -m bench.speed.frames [--seconds 5] [--threads]

Opens the window with the dummy video driver and runs its loop as ``App.run`` does (60 fps
pacing with ``clock.tick``), timing every frame: the *interval* between frames (what the
eye sees: 16.7 ms at 60 fps) and the *work* inside ``App.frame`` (events, update, draw).
Scenarios, each in a fresh play scene with hints, graph, tutor and animation off:

- idle: two humans, nobody thinking;
- backgammon expert / chesstack expert: frames while the Expert thinks (only frames with its
  search running count; the scene is restarted at the same position until enough are seen);
- watch: two backgammon Experts, watch mode (moves plus the analysis on show).

Each line prints the median and the worst frame, and the ratio of the median to idle's (the
reference measured in the same run).  ``--threads`` runs searches and analyses in threads
of the window's process (the design before the worker processes) for comparison.  The
acceptance figure of issue 17 item 14: the think's median interval within 10% of idle's.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def session_for(game: str, players: list[str], thinker: int | None, seed: int = 1):
    """A session whose next decision is ``thinker``'s (after chance), searching from seed up."""
    from game.core.session import GameSession
    from game.games import get_game

    info = get_game(game)
    while True:
        session = GameSession(info, players, seed=seed)
        while session.to_move < 0:
            session.roll()
        if thinker is None or (session.to_move == thinker and len(session.rules.legal_moves(session.state)) > 1):
            return session
        seed += 1


def measure(app, make_session, seconds: float, only_thinking: bool) -> list[float]:
    """Intervals and work (ms) of the frames of ``seconds`` (counted frames only)."""
    from game.ui.app import FPS

    intervals, work = [], []
    app.play(make_session())
    app.clock.tick()
    counted = 0.0
    while counted < seconds:
        scene = app.scene
        thinking = scene.turns.worker.busy
        dt = app.clock.tick(FPS)
        start = time.perf_counter()
        app.frame(min(dt / 1000, 0.1))
        spent = time.perf_counter() - start
        if not only_thinking or (thinking and scene.turns.worker.busy):
            intervals.append(dt)
            work.append(spent * 1000)
            counted += dt / 1000
        elif only_thinking and not scene.turns.worker.busy and (scene.mover.pending is not None or scene.mover.human or scene.turns.error):
            app.play(make_session())  # the think ended: start it again at the same position
    return intervals, work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds measured per scenario")
    parser.add_argument("--threads", action="store_true", help="think in threads (the old design)")
    args = parser.parse_args()
    os.environ["TABULA_HOME"] = tempfile.mkdtemp(prefix="tabula-frames-")  # never the user's settings

    import pygame

    from game.core.jobs.tasks import process_pid
    from game.ui.analysis import overlays as overlay
    from game.ui.analysis.analyst import Analyst, analysis_process
    from game.ui.app import App
    from game.ui.jobs.worker import MoveWorker, move_process
    from game.ui.play import turns

    if args.threads:
        turns.MoveWorker = functools.partial(MoveWorker, processes=False)
        overlay.Analyst = functools.partial(Analyst, processes=False)
    else:
        for process in (move_process(), analysis_process()):  # warm: imports done before measuring
            process.submit(process_pid).wait(60)

    app = App((1100, 720))
    settings = app.settings
    settings.animation, settings.hints, settings.graph, settings.tutor = "off", False, False, False
    scenarios = [
        ("idle", lambda: session_for("backgammon", ["human", "human"], None), False),
        ("backgammon expert", lambda: session_for("backgammon", ["expert", "human"], 0), True),
        ("chesstack expert", lambda: session_for("chesstack", ["expert", "human"], 0), True),
        ("watch (backgammon)", lambda: session_for("backgammon", ["expert", "expert"], None), False),
    ]
    mode = "threads" if args.threads else "worker processes"
    print(f"frame times at {60} fps pacing, {args.seconds:g} s each, searches in {mode}")
    print(f"{'scenario':<20}{'interval median':>16}{'worst':>8}{'fps':>7}{'work median':>13}{'worst':>8}"
          f"{'median/idle':>13}")
    idle = None
    for name, make, only_thinking in scenarios:
        intervals, work = measure(app, make, args.seconds, only_thinking)
        median = statistics.median(intervals)
        idle = idle or median
        fps = 1000 * len(intervals) / sum(intervals)
        print(f"{name:<20}{median:>14.1f}ms{max(intervals):>6.0f}ms{fps:>7.1f}{statistics.median(work):>11.1f}ms"
              f"{max(work):>6.0f}ms{median / idle:>13.2f}")
    app.close()
    pygame.quit()
    save_time()


def save_time() -> None:
    """What the autosave took on the drawing thread before it moved to a writer thread."""
    from game.core.saves import autosave_path, save_game

    session = session_for("backgammon", ["hard", "hard"], None)
    while not session.is_over:
        if session.to_move < 0:
            session.roll()
        else:
            session.apply(session.players[session.to_move].choose(session.rules, session.state))
    times = []
    for _ in range(20):
        start = time.perf_counter()
        save_game(autosave_path(), session.record())
        times.append((time.perf_counter() - start) * 1000)
    print(f"one autosave (a whole game, now written off the drawing thread): "
          f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms")


if __name__ == "__main__":
    main()
