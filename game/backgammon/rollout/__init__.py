"""Backgammon rollouts: Monte Carlo games from a position, played in lockstep batches."""
