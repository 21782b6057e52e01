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
- :mod:`.report`: ``tabula rollout``'s JSON and text; :mod:`.capability`: the game's
  :class:`~game.core.capabilities.Rollouts`.

From a worker process (the window): ``rollouts = GAME.ability(Rollouts)``, ``spec =
rollouts.plan(state, moves or None, trials=..., level=...)``, ``rollout = rollouts.run(spec,
progress=send, cancel=asked)``: ``send(rollout)`` after every block of 36 trials (the figures
so far, a copy), ``asked()`` between plies; ``rollout.tally.estimate(candidate, "equity")``
gives a mean, its standard error and 95% interval, ``rollout.tally.order()`` the candidates
best first, and ``rollouts.to_json(rollout)`` all of it.
"""
