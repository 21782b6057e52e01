"""Mandragora's computer players' names, without the players (the registry reads these, and
importing them loads no analysis or search)."""

PLAYER_NAMES = ("random", "analyzer", "expert")
"""Every computer player by its command-line name (:func:`.players.make_player` builds them)."""
