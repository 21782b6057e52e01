"""Colours, fonts and the pygame_gui theme shared by every screen."""

from __future__ import annotations

import pygame

from ..core.resources import asset_path

BACKGROUND = (24, 36, 30)
PANEL = (34, 48, 40)
PANEL_EDGE = (70, 92, 78)
TEXT = (240, 233, 216)
TEXT_DIM = (170, 178, 166)
ACCENT = (232, 186, 96)
ERROR = (190, 60, 52)
INFO = (56, 104, 150)


class Fonts:
    """DejaVu fonts by pixel size, loaded once each: ``fonts(18, bold=True)``."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._paths = {
            False: str(asset_path("fonts", "DejaVuSans.ttf")),
            True: str(asset_path("fonts", "DejaVuSans-Bold.ttf")),
        }

    def __call__(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        font = self._cache.get(key)
        if font is None:
            font = self._cache[key] = pygame.font.Font(self._paths[bold], key[0])
        return font


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280×800 the window's forms and their text are drawn: 1 up to
    that size, growing with the window to 1.6 (1920×1080 gives 1.35)."""
    return max(1.0, min(1.6, size[0] / 1280, size[1] / 800))


def gui_font_size(size: tuple[int, int]) -> int:
    """The widgets' text size for a window of ``size`` (pygame_gui's 14 at 1280×800 and below)."""
    return round(14 * ui_scale(size))


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


WIDGET_TYPES = ("button", "label", "drop_down_menu", "text_entry_line", "text_box", "selection_list",
                "file_dialog", "panel", "window")
"""The pygame_gui element types the screens use: each gets the text size (pygame_gui 0.6 reads
fonts per element type; a ``defaults`` font block is ignored)."""


def gui_theme(font_size: int = 14) -> dict:
    """The pygame_gui theme: wood buttons on a dark felt background; widget text in pygame_gui's
    own face at ``font_size`` (the boards and panels draw DejaVu themselves, see :class:`Fonts`)."""
    wood, wood_hover, wood_down = (122, 82, 46), (150, 104, 60), (96, 62, 34)
    colours = {
        "normal_bg": _hex(wood), "hovered_bg": _hex(wood_hover), "active_bg": _hex(wood_down),
        "selected_bg": _hex(wood_down), "disabled_bg": "#3b443e",
        "normal_text": _hex(TEXT), "hovered_text": "#ffffff", "active_text": "#ffffff",
        "selected_text": "#ffffff", "disabled_text": "#7d857f",
        "normal_border": "#2a1a0e", "hovered_border": _hex(ACCENT), "active_border": _hex(ACCENT),
        "disabled_border": "#2f3531", "dark_bg": _hex(PANEL), "text_cursor": _hex(TEXT),
        "filled_bar": _hex(ACCENT), "unfilled_bar": "#3b443e",
    }
    theme = {
        "defaults": {
            "colours": colours,
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "1"},
        },
        "label": {"colours": {"normal_text": _hex(TEXT), "dark_bg": "#00000000"}},
        "#dim": {"colours": {"normal_text": _hex(TEXT_DIM)}},
        "#section": {"colours": {"normal_text": _hex(ACCENT)}, "misc": {"text_horiz_alignment": "left"}},
        "#primary": {"colours": {"normal_bg": "#2f7a4a", "hovered_bg": "#3a945a", "active_bg": "#25613b"}},
        "text_entry_line": {"colours": {"dark_bg": "#1b241f", "normal_text": _hex(TEXT)}},
        "drop_down_menu": {"misc": {"expand_direction": "down"}},
    }
    for element in WIDGET_TYPES:
        theme.setdefault(element, {})["font"] = {"name": "noto_sans", "size": str(font_size)}
    theme["selection_list"]["misc"] = {"list_item_height": str(round(font_size * 20 / 14))}  # rows fit the text
    return theme
