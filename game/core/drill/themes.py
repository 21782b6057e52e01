"""Themes a player drills by name ("my takes", "crashed positions", "plays that should hit"),
each the tag the game's :meth:`~game.core.capabilities.drill.Drill.tags` puts on its cards.

Any tag is a theme too (``makes-5``, ``double-pass``): :func:`theme_tag` accepts the tags
known here and those of the cards at hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..capabilities.drill import QUESTIONS

THEMES: dict[str, tuple[str, str]] = {
    "my-takes": ("take", "My takes"),
    "my-doubles": ("double", "My doubles"),
    "my-plays": ("chequer", "My chequer plays"),
    "contact": ("contact", "Contact positions"),
    "crashed": ("crashed", "Crashed positions"),
    "race": ("race", "Races"),
    "bearoff": ("bearoff", "Bear-offs"),
    "should-hit": ("hit", "Plays that should hit"),
    "should-not-hit": ("no-hit", "Plays that should not hit"),
    "makes-point": ("makes-point", "Plays that make a point"),
    "slot": ("slot", "Plays that slot"),
    "split": ("split", "Plays that split the back checkers"),
    "run": ("run", "Plays that run a back checker"),
    "break-anchor": ("break-anchor", "Plays that break an anchor"),
}
"""Theme name -> (the tag it drills, its description), in the order a menu lists them."""

CUBE_TAGS = ("no-double", "double-take", "double-pass", "too-good", "take", "pass")
"""The tags of a cube card's proper action."""

KNOWN_TAGS = frozenset({tag for tag, _ in THEMES.values()} | set(QUESTIONS) | set(CUBE_TAGS))
"""Tags accepted as themes even when no card has them yet."""


def theme_tag(name: str, tags: Iterable[str] = ()) -> str:
    """The tag theme ``name`` drills: a theme's tag, or ``name`` itself when it is a tag (one of
    :data:`KNOWN_TAGS` or of ``tags``, e.g. the tags of a deck's cards).  ``ValueError`` naming
    the themes for anything else."""
    name = name.strip()
    if name in THEMES:
        return THEMES[name][0]
    if name in KNOWN_TAGS or name in set(tags):
        return name
    listed = ", ".join(THEMES)
    raise ValueError(f"unknown theme {name!r}: one of {listed}, or a card's tag (such as makes-5 or double-pass)")
