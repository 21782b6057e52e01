"""The subcommands backgammon adds to ``tabula`` (its :class:`~game.core.capabilities.Commands`):
``cube`` (:mod:`.cube`: the cube decision of a position) and ``import`` (:mod:`.import_match`:
a ``.mat`` or ``.sgf`` match file replayed and summarised).  The command line registers
them from the game's declaration, never naming backgammon."""

from __future__ import annotations

import argparse

from . import cube, import_match


class BackgammonCommands:
    modules = (cube, import_match)

    def add(self, sub: argparse._SubParsersAction) -> None:
        for module in self.modules:
            module.add(sub)


COMMANDS = BackgammonCommands()
