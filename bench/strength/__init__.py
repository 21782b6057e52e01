"""Strength benches: games between players, and the equity each player's decisions lose."""
