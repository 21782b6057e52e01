"""Game-agnostic machinery: the game protocol, players, match runner and records.

Nothing here imports a game package or pygame.
"""
