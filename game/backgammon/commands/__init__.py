"""The subcommands backgammon adds to ``tabula`` (its :class:`~game.core.capabilities.Commands`):
``cube`` (:mod:`.cube`: the cube decision of a position), ``import`` (:mod:`.import_match`:
a ``.mat`` or ``.sgf`` match file replayed and summarised) and ``race`` (:mod:`.race`: the race
counts of a position with no contact).  The command line registers
them from the game's declaration, never naming backgammon."""

from __future__ import annotations

import argparse

from . import cube, import_match, race


class BackgammonCommands:
    modules = (cube, import_match, race)

    def add(self, sub: argparse._SubParsersAction) -> None:
        for module in self.modules:
            module.add(sub)


COMMANDS = BackgammonCommands()
