"""Backgammon rollouts: Monte Carlo games from a position, as GNU Backgammon rolls out.

One module a job:

- :mod:`.plan`: what to roll out from a state (candidate plays, or the position before the
  roll and its cube decision), as a :class:`.spec.RolloutSpec` (:mod:`.spec`);
- :mod:`.dice`: the trials' dice, duplicate and quasi-random;
- :mod:`.lockstep`: one block of trials of every candidate played in lockstep, all the
  positions of a ply valued in one batch (:mod:`.choice`, :mod:`.valuing`), the cube in
  trials (:mod:`.cubeful`), truncation, the bearoff database, variance reduction, and the
  pruning network's shortlist of each roll's plays (:mod:`..nets.pruning`);
- :mod:`.results`: blocks added up in order into estimates, standard errors, intervals, and
  the stopping rules;
- :mod:`.run`: the blocks here, over local worker processes or on Ray;
- :mod:`.figures`: a run's tally as the shared, frozen
  :class:`~game.core.rollout_figures.RolloutFigures`;
- :mod:`.report`: ``tabula rollout``'s JSON and text; :mod:`.rows`: the figures in the hint
  table's rows; :mod:`.capability`: the game's :class:`~game.core.capabilities.Rollouts`.

From a worker process (the window): ``rollouts = GAME.ability(Rollouts)``, ``spec =
rollouts.plan(state, moves or None, trials=..., level=...)``, ``figures = rollouts.run(spec,
progress=send, cancel=asked)``: ``send(figures)`` after every block of 36 trials (the figures
so far), ``asked()`` between plies; ``figures.estimates`` are the candidates best first, each
with its move, notation, equities and chances as means with standard errors and 95%
intervals, ``figures.cube`` the cube action.  Inside the package, :func:`.run.run` gives the
:class:`.run.Rollout` itself (its tally of blocks).
"""
