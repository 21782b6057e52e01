"""The window's side of background work: each polled once a frame, never blocking it.

The runner itself is :mod:`game.core.jobs` (the worker process, the streaming job); these
say what the window does with what comes back.

- :mod:`.worker`: a computer player's move in the shared worker process;
- :mod:`.review`: a whole game's review, decisions streamed as they are analysed (a
  streaming job in a process);
- :mod:`.rollout`: a rollout, its figures after each block of trials (a streaming job in a
  process);
- :mod:`.tournament`: a tournament played in worker processes (a streaming job's thread
  driving the pool);
- :mod:`.library_analysis`: the study library's bulk analysis (a streaming job in a process);
- :mod:`.drill`: a drill's answer analysed and a failed card's variations (worker processes);
- :mod:`.autosaver`: the autosave, written by a background thread (not a job: it says why);
- :mod:`.library_writer`: the window's writes to the study library, by a background thread
  with a short busy timeout (not a job either, for the autosaver's reasons).
"""
