"""The one runner for background work: jobs off the drawing thread and off its interpreter lock.

Two shapes of work, each in one place:

- **A long-lived worker process** that answers one job at a time (a computer player's move,
  a position's analysis), reused so its imports are paid once:
  :mod:`.worker` is the parent's side (:class:`~.worker.WorkerProcess`, its
  :class:`~.worker.Ticket` per job, :func:`~.worker.shared` for the program's "moves" and
  "analysis" processes); :mod:`.launch` starts its child (a fresh interpreter);
  :mod:`.child` is the child's side (:func:`~.child.serve`, :func:`~.child.child_main`);
  :mod:`.tasks` holds the jobs the window sends it (:class:`~.tasks.PlayerRecipe`,
  :func:`~.tasks.choose_move`, :func:`~.tasks.run_analysis`, :func:`~.tasks.process_pid`).
- **A streaming job** (:mod:`.stream`, :class:`~.stream.StreamingJob`): one function run in a
  child process of its own, or a daemon thread, sending messages back as it goes; polled
  without blocking, cancelled with a grace, a dead process reported as a failure.  The
  window's review, rollouts and tournaments run on it (``game/ui/jobs/``); the module's notes
  say how a new kind of job plugs in.

Both take module-level functions, so a ``spawn`` child imports them by reference, and both
ignore Ctrl-C in the child (the owner stops them, keeping what finished).  No pygame and no
game package here: a job names what it needs (``game.games.get_game`` travels by reference).
The window's autosave is not a job of these: it is a single writer thread
(``game/ui/jobs/autosaver.py`` says why).
"""
