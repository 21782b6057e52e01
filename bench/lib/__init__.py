"""What the benches share: timing, intervals, GNU Backgammon's evaluator, the rollout
benches' helpers and the paths of the data files."""
