"""The window's side of background work: each polled once a frame, never blocking it.

- :mod:`.worker`: a computer player's move in the shared worker process;
- :mod:`.review`: a whole game's review, decisions streamed as they are analysed;
- :mod:`.rollout`: a rollout, its figures after each block of trials;
- :mod:`.tournament`: a tournament played in worker processes;
- :mod:`.autosaver`: the autosave, written by a background thread.
"""
