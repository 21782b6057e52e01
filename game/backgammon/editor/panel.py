"""The setup screen's panel for backgammon: its rows of controls, and what each one does.

The window builds the rows (:func:`rows`) without knowing the game and hands every use of a
control back (:func:`use`).  The rows: the colour a click adds; Clear, Start position and
Swap sides; who is on roll; the dice (typed, or none); the kind of game; the cube's value and
owner; a match's length and Crawford and the score, or a money game's Jacoby and beavers.
"""

from __future__ import annotations

from ...core.capabilities import SetupControl, SetupRow
from ..cube.state import MAX_CUBE
from ..status import TITLES
from .draft import CUBELESS, KINDS, MATCH, MATCH_LENGTHS, MONEY, Draft

KIND_TITLES = {CUBELESS: "Cubeless", MONEY: "Money game", MATCH: "Match"}
CUBE_VALUES = tuple(1 << n for n in range(MAX_CUBE.bit_length()))
OWNERS = ("In the middle", "White's", "Black's")
"""The cube's owner as the drop-down says it: centred, White (0), Black (1)."""
MAX_SCORE = MATCH_LENGTHS[-1] - 1


def _length_words(length: int) -> str:
    return f"{length} point" + ("s" if length != 1 else "")


def _on(flag: bool) -> str:
    return "on" if flag else "off"


def rows(draft: Draft) -> list[SetupRow]:
    """The panel's rows for ``draft`` as it stands (the match's or the money game's rules)."""
    found = [
        SetupRow("Click adds", (SetupControl("colour", "toggle", choices=TITLES, value=TITLES[draft.colour]),)),
        SetupRow("", (SetupControl("clear", "button", "Clear"), SetupControl("start", "button", "Start position"),
                      SetupControl("swap", "button", "Swap sides"))),
        SetupRow("On roll", (SetupControl("turn", "toggle", choices=TITLES, value=TITLES[draft.turn]),)),
        SetupRow("Dice", (SetupControl("dice", "text", "e.g. 31", value=draft.dice_text),
                          SetupControl("no_dice", "button", "No dice"))),
        SetupRow("Game", (SetupControl("kind", "choice", choices=tuple(KIND_TITLES[k] for k in KINDS),
                                       value=KIND_TITLES.get(draft.kind, "")),)),
        SetupRow("Cube", (SetupControl("cube", "choice", choices=tuple(map(str, CUBE_VALUES)), value=str(draft.cube)),
                          SetupControl("owner", "choice", choices=OWNERS,
                                       value=OWNERS[0 if draft.owner is None else draft.owner + 1]))),
    ]
    if draft.kind == MATCH:
        found.append(SetupRow("Match to", (
            SetupControl("length", "choice", choices=tuple(map(_length_words, MATCH_LENGTHS)),
                         value=_length_words(draft.length)),
            SetupControl("crawford", "flag", "Crawford", value=_on(draft.crawford)))))
        found.append(SetupRow("Score", tuple(
            SetupControl(f"score{colour}", "choice", choices=tuple(f"{name}: {n}" for n in range(MAX_SCORE + 1)),
                         value=f"{name}: {draft.score[colour]}") for colour, name in enumerate(TITLES))))
    elif draft.kind == MONEY:
        found.append(SetupRow("Rules", (SetupControl("jacoby", "flag", "Jacoby", value=_on(draft.jacoby)),
                                        SetupControl("beavers", "flag", "Beavers", value=_on(draft.beavers)))))
    return found


def use(draft: Draft, key: str, value: str = "") -> None:
    """What the control ``key`` does with ``value`` (a button's is ``""``); ``ValueError``
    for a key or value the panel never gives."""
    if key in ("clear", "start", "swap"):
        getattr(draft, key)()
    elif key == "no_dice":
        draft.dice_text = ""
    elif key == "dice":
        draft.dice_text = value.strip()[:8]
    elif key in ("colour", "turn"):
        setattr(draft, key, TITLES.index(value))
    elif key == "kind":
        draft.kind = next(kind for kind, title in KIND_TITLES.items() if title == value)
    elif key == "cube":
        draft.cube = int(value)
    elif key == "owner":
        draft.owner = None if value == OWNERS[0] else OWNERS.index(value) - 1
    elif key == "length":
        draft.length = int(value.split()[0])
    elif key in ("score0", "score1"):
        draft.score[int(key[-1])] = int(value.rpartition(":")[2])
    elif key in ("crawford", "jacoby", "beavers"):
        setattr(draft, key, value == "on")
    else:
        raise ValueError(f"no control {key!r}")


def typed(draft: Draft, char: str) -> bool:
    """A digit typed over the board: 1 to 6 choose the dice (two in a row make a roll), 0
    takes them away."""
    if len(char) == 1 and char in "123456":
        draft.pick_die(int(char))
        return True
    if char == "0":
        draft.dice_text = ""
        return True
    return False
