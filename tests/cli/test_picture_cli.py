"""``tabula picture``: every game's board as PNG and SVG, backgammon's with a play's arrows,
and GNU Backgammon's text board, which reads back as the same position."""

import xml.etree.ElementTree as ElementTree

import pygame
import pytest

from game.games import get_game

from .util import run

POSITIONS = {
    "backgammon": "G16DATDMHuQBDA:EYHmADAAIAAA",
    "mandragora": "1:MCM,2:MMM,3:PMP,4:MMM,5:MMM,6:MAM,7:KMK,8:MMM;turn=player;first=player;score=0-0",
    "chesstack": "white pocket K1 Q1 B2 N2 R2 P8; black pocket K1 Q1 B2 N2 R2 P8; ply 0",
}


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_every_game_draws_its_board_as_png_and_svg(game, tmp_path, capsys):
    png, svg = tmp_path / "board.png", tmp_path / "board.svg"
    for out in (png, svg):
        code, _, err = run(capsys, "picture", game, "--position", POSITIONS[game], "--out", str(out))
        assert code == 0, err
    picture = pygame.image.load(str(png))
    assert picture.get_size() == (1000, 760)
    colours = {tuple(picture.get_at((x, y))) for x in range(0, 1000, 25) for y in range(0, 760, 25)}
    assert len(colours) > 8  # a board was drawn on the background
    root = ElementTree.fromstring(svg.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_a_plays_arrows_are_drawn_and_an_illegal_one_is_refused(tmp_path, capsys):
    plain, arrows = tmp_path / "plain.png", tmp_path / "arrows.png"
    start = "4HPwATDgc/ABMA"
    assert run(capsys, "picture", "backgammon", "--position", start, "--dice", "31", "--out", str(plain))[0] == 0
    assert run(capsys, "picture", "backgammon", "--position", start, "--dice", "31", "--arrows", "8/5 6/5",
               "--out", str(arrows))[0] == 0
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(arrows))
    assert any(a.get_at((x, y)) != b.get_at((x, y)) for x in range(0, 1000, 7) for y in range(380, 700, 7))
    code, _, err = run(capsys, "picture", "backgammon", "--position", start, "--dice", "31", "--arrows", "24/18",
                       "--out", str(tmp_path / "bad.png"))
    assert code == 2 and not (tmp_path / "bad.png").exists() and err.count("\n") == 1


def test_bad_outputs_are_refused_and_an_existing_file_is_kept(tmp_path, capsys):
    kept = tmp_path / "mine.png"
    kept.write_bytes(b"mine")
    code, _, err = run(capsys, "picture", "backgammon", "--position", "4HPwATDgc/ABMA", "--out", str(kept))
    assert code == 2 and kept.read_bytes() == b"mine" and "--force" in err
    code, _, err = run(capsys, "picture", "backgammon", "--position", "4HPwATDgc/ABMA", "--out", str(tmp_path / "x.gif"))
    assert code == 2 and "not a .png, .svg or .txt file" in err
    assert run(capsys, "picture", "backgammon", "--position", "4HPwATDgc/ABMA", "--out", str(kept), "--force")[0] == 0
    assert kept.read_bytes().startswith(b"\x89PNG")


def test_the_text_board_is_gnu_backgammons_and_reads_back(tmp_path, capsys):
    out = tmp_path / "board.txt"
    code, _, err = run(capsys, "picture", "backgammon", "--position", POSITIONS["backgammon"], "--out", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert text.startswith(" GNU Backgammon  Position ID: G16DATDMHuQBDA\n                 Match ID   : EYHmADAAIAAA")
    info = get_game("backgammon")
    assert info.notation.format_position(info.notation.parse_position(text)) == POSITIONS["backgammon"]
    code, out_text, err = run(capsys, "moves", "backgammon", "--position", text, "--json")
    assert code == 0, err  # every command reads a pasted board
    mandragora = tmp_path / "m.txt"
    assert run(capsys, "picture", "mandragora", "--position", POSITIONS["mandragora"], "--out", str(mandragora))[0] == 0
    assert mandragora.read_text() == POSITIONS["mandragora"] + "\n"
