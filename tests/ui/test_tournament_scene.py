"""The tournament screen: choices, a real tournament in worker processes, stop, results."""

from __future__ import annotations

import json
import multiprocessing
import os
import re

import pygame
import pygame_gui
import pytest

from game.core.tournament import ResultStore, Settings, run_tournament, summarize
from game.games import game_names, get_game
from game.ui.tournament import scene as tournament_scene, view as tournament_view
from game.ui.menu import MODES
from game.ui.jobs.tournament import Progress
from game.ui.tournament.scene import TournamentScene

from ..reliability.corpus import CASES, fingerprint
from .util import click, distinct_colours, key, press_button, run_until

FAST = {"backgammon": ("random", "greedy:bras"), "mandragora": ("random", "analyzer"),
        "chesstack": ("random", "greedy:weighted")}
"""Quick players per game (other games: their first two)."""


def fast_players(game: str) -> tuple[str, ...]:
    return FAST.get(game, get_game(game).players.names[:2])


def open_scene(app, game: str = "backgammon") -> TournamentScene:
    app.settings.last_players = []  # no remembered players: nothing picked but the defaults
    app.show(TournamentScene(app, get_game(game)))
    app.frame()
    return app.scene


def pick(app, scene: TournamentScene, names) -> None:
    """Click list items until exactly ``names`` are picked (a pick may add a ``#2`` item below it)."""
    for _ in range(4 * len(scene.widgets["players"].item_list)):
        wrong = [item for item in scene.widgets["players"].item_list if item["selected"] != (item["text"] in names)]
        if not wrong:
            break
        click(app, wrong[0]["button_element"].rect.center)
    assert sorted(scene.selected) == sorted(names)


def fill(scene: TournamentScene, games="2", seed="0", workers="1") -> None:
    for name, text in (("games", games), ("seed", seed), ("workers", workers)):
        scene.widgets[name].set_text(text)


def finish(app, scene: TournamentScene) -> None:
    assert run_until(app, lambda: scene.job is not None and scene.finalized, limit=200_000)


def test_screen_draws_its_form_and_help(app):
    scene = open_scene(app)
    for name in ("players", "games", "seed", "workers", "start", "resume", "stop", "back"):
        assert name in scene.widgets
    assert not scene.widgets["stop"].is_enabled
    assert not scene.widgets["resume"].is_enabled  # nothing to resume yet
    assert len(scene.selected) == 2  # two players picked to begin with
    assert distinct_colours(app.screen) > 5
    assert distinct_colours(app.screen, scene.results) > 3  # the help text


@pytest.mark.slow
@pytest.mark.parametrize("game", game_names())
def test_small_tournament_runs_to_the_end_with_the_core_results(app, tabula_home, game):
    scene = open_scene(app, game)
    players = fast_players(game)
    pick(app, scene, players)
    fill(scene, games="3", seed="7")
    press_button(app, scene.widgets["start"])
    assert "rounded up to 4" in app.banner.text
    assert not scene.widgets["start"].is_enabled and scene.widgets["stop"].is_enabled
    finish(app, scene)
    progress = scene.job.progress()
    assert progress.status == "finished" and progress.done == progress.total == 4
    assert scene.widgets["start"].is_enabled and not scene.widgets["stop"].is_enabled
    app.frame()

    settings = Settings(game, players, 4, 7)
    with ResultStore(tabula_home / "core", settings) as store:
        core = summarize(settings, run_tournament(settings, get_game, store))
    assert progress.summary.to_dict() == core.to_dict()

    folders = list((tabula_home / "data" / "tournaments").iterdir())
    assert folders == [scene.job.folder] and folders[0].name.endswith(game)
    names = {p.name for p in folders[0].iterdir()}
    assert {"settings.json", "games.jsonl", "results.json", "pairs.csv", "standings.csv", "standings.png"} <= names
    assert json.loads((folders[0] / "results.json").read_text())["standings"] == core.to_dict()["standings"]
    assert pygame.image.load(str(folders[0] / "standings.png")).get_height() > 100
    assert str(folders[0]) in scene.message and "finished" in app.banner.text
    assert multiprocessing.active_children() == []


@pytest.mark.slow
def test_stop_keeps_the_finished_games_and_start_resumes(app):
    scene = open_scene(app)
    pick(app, scene, ("random", "easy", "greedy:bras"))
    fill(scene, games="400")
    press_button(app, scene.widgets["start"])
    assert run_until(app, lambda: scene.job.progress().done >= 1, limit=200_000)
    press_button(app, scene.widgets["stop"])
    finish(app, scene)
    progress = scene.job.progress()
    assert progress.status == "stopped" and 1 <= progress.done < progress.total == 1200
    assert multiprocessing.active_children() == []
    folder = scene.job.folder
    lines = (folder / "games.jsonl").read_text().splitlines()
    results = json.loads((folder / "results.json").read_text())
    assert len(lines) == progress.done == results["games_played"] and results["complete"] is False
    assert "kept" in app.banner.text

    press_button(app, scene.widgets["start"])  # same choices: resumes in the same folder
    assert scene.job.folder == folder and scene.message.startswith("Resuming")
    assert run_until(app, lambda: scene.job.progress().done > progress.done, limit=200_000)
    key(app, pygame.K_ESCAPE)  # Esc stops too
    finish(app, scene)
    assert scene.job.progress().status == "stopped" and app.scene is scene


@pytest.mark.slow
def test_leaving_the_screen_stops_the_workers(app):
    scene = open_scene(app)
    fill(scene, games="400")
    pick(app, scene, ("random", "easy"))
    press_button(app, scene.widgets["start"])
    assert run_until(app, lambda: scene.job.progress().done >= 1, limit=200_000)
    press_button(app, scene.widgets["back"])
    assert app.scene is not scene
    assert not scene.job.running and scene.finalized
    assert multiprocessing.active_children() == []
    assert (scene.job.folder / "results.json").exists()


def test_a_player_can_be_entered_twice_as_on_the_command_line(app, tabula_home):
    scene = open_scene(app)
    pick(app, scene, ("random", "random#2", "greedy:bras"))
    items = [item["text"] for item in scene.widgets["players"].item_list]
    assert items[items.index("random"):][:3] == ["random", "random#2", "random#3"]  # one more copy offered
    assert "greedy:bras#2" in items and "easy#2" not in items
    fill(scene, games="2", seed="3")
    press_button(app, scene.widgets["start"])
    finish(app, scene)
    settings = Settings("backgammon", ("random", "random", "greedy:bras"), 2, 3)  # --players random random greedy:bras
    assert scene.job.settings == settings
    with ResultStore(tabula_home / "core", settings) as store:
        core = summarize(settings, run_tournament(settings, get_game, store))
    assert scene.job.progress().summary.to_dict() == core.to_dict()
    assert {s.player for s in core.standings} == {"random", "random#2", "greedy:bras"}
    pick(app, scene, ("random", "greedy:bras"))  # dropping the copy takes the offer of a third away
    assert "random#3" not in [item["text"] for item in scene.widgets["players"].item_list]


def test_resume_last_continues_a_tournament_stopped_before_a_restart(app, tabula_home, monkeypatch):
    settings = Settings("backgammon", ("random", "greedy:bras", "random"), 4, 9)
    with ResultStore(tabula_home / "reference", settings) as store:
        reference = summarize(settings, run_tournament(settings, get_game, store))
    folder = tabula_home / "data" / "tournaments" / "20240101-000000-backgammon"
    with ResultStore(folder, settings) as store:  # stopped after 5 games, then the program closed
        for line in (tabula_home / "reference" / "games.jsonl").read_text().splitlines()[:5]:
            store.append(json.loads(line))
        scene = open_scene(app)
        assert scene.widgets["resume"].is_enabled
        app.frame()
        assert "Resume last: 5 of 12 games of random, greedy:bras, random#2 (seed 9)" in help_text(scene, monkeypatch)
        press_button(app, scene.widgets["resume"])  # a command-line run still holds it
        assert scene.job is None and app.banner.error and "in use by another tournament run" in app.banner.text
    press_button(app, scene.widgets["resume"])
    assert scene.job.folder == folder and scene.job.settings == settings and scene.message.startswith("Resuming")
    assert sorted(scene.widgets["players"].get_multi_selection()) == ["greedy:bras", "random", "random#2"]
    assert (scene.widgets["games"].get_text(), scene.widgets["seed"].get_text()) == ("4", "9")
    finish(app, scene)
    progress = scene.job.progress()
    assert progress.status == "finished" and progress.done == 12
    assert progress.summary.to_dict() == reference.to_dict()
    assert json.loads((folder / "results.json").read_text())["complete"] is True
    assert not scene.widgets["resume"].is_enabled and scene.last is None  # nothing unfinished is left


def help_text(scene: TournamentScene, monkeypatch) -> str:
    """The words the help panel draws (collected from its draw calls)."""
    drawn = []
    with monkeypatch.context() as patch:
        patch.setattr(tournament_scene, "draw_text", lambda surface, font, text, *args, **kwargs: drawn.append(text))
        scene._draw_help(scene.app.screen, scene.results, scene.app.fonts(14))
    return " ".join(drawn)


@pytest.mark.parametrize("players, games, seed, workers, message", [
    (("random",), "2", "0", "1", "at least two players"),
    (("random", "easy"), "0", "0", "1", "Games per pair must be at least 1"),
    (("random", "easy"), "two", "0", "1", "Games per pair must be a whole number"),
    (("random", "easy"), "2", "-5", "1", "seed must be at least 0"),
    (("random", "easy"), "2", "x1", "1", "seed must be a whole number"),
    (("random", "easy"), "2", "0", "0", "Workers must be at least 1"),
])
def test_bad_choices_are_explained(app, players, games, seed, workers, message):
    scene = open_scene(app)
    pick(app, scene, players)
    fill(scene, games, seed, workers)
    press_button(app, scene.widgets["start"])
    assert scene.job is None
    assert app.banner.error and message.lower() in app.banner.text.lower()


def test_menu_tournament_mode_opens_the_screen(app):
    app.show_menu()
    menu = app.scene
    title = next(m.title for m in MODES if m.key == "tournament")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=title,
                                         ui_element=menu.widgets["mode"]))
    app.frame()
    assert "seed" not in menu.widgets and "seat0" not in menu.widgets
    press_button(app, menu.widgets["start"])
    assert isinstance(app.scene, TournamentScene) and app.scene.info.name == menu.game.name
    key(app, pygame.K_ESCAPE)  # back to the menu when nothing runs
    assert app.scene is not None and not isinstance(app.scene, TournamentScene)


def test_results_relayout_on_resize(app):
    scene = open_scene(app)
    pick(app, scene, ("random", "easy", "greedy:bras"))
    fill(scene, games="2")
    press_button(app, scene.widgets["start"])
    finish(app, scene)
    for size in ((720, 480), (1920, 1080), (800, 1000), (1300, 600)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame()
        window = app.screen.get_rect()
        assert window.contains(scene.results)
        for element in app.gui.get_root_container().elements:
            assert window.contains(element.rect), (size, element)
        assert sorted(scene.widgets["players"].get_multi_selection()) == sorted(scene.selected)
        assert distinct_colours(app.screen, scene.results) > 5


def test_a_job_that_cannot_start_leaves_its_folder_free(tmp_path, monkeypatch):
    from game.ui.jobs import tournament as tournament_job

    settings = Settings("backgammon", ("easy", "medium"), 2, 1)

    def broken(*_):
        raise RuntimeError("summary failed")

    monkeypatch.setattr(tournament_job, "summarize", broken)
    with pytest.raises(RuntimeError):
        tournament_job.TournamentJob(settings, tmp_path / "t")
    with ResultStore(tmp_path / "t", settings):  # not "in use by another tournament run"
        pass


NOT_REGULAR = {"link to /dev/zero", "fifo", "folder"}


RESUMED_CASES = ("truncated", "binary", "deeply nested", "a list", "huge", "link to /dev/zero", "fifo", "folder")
"""The corrupt-file cases whose folders the screen resumes to the end (each resume starts a
tournament process): the unreadable, the wrong shape, the huge and each kind of non-regular
file.  ``tests/reliability/test_tournament_files.py`` resumes every case without the window."""


def damaged_folders(home, place: str, cases=tuple(CASES)) -> dict:
    """One unfinished tournament folder per corrupt-file case of ``cases``, that case as its ``place``."""
    settings = Settings("backgammon", ("random", "greedy:bras"), 2, 5)
    made = {}
    for k, (case, make) in enumerate((case, CASES[case]) for case in cases):
        folder = home / "data" / "tournaments" / f"20240101-0000{k:02d}-backgammon"
        ResultStore(folder, settings).close()
        target = folder / place
        if os.path.lexists(target):
            target.unlink()
        make(target)
        made[case] = folder
    return made


@pytest.mark.long
@pytest.mark.parametrize("place", ["settings.json", "games.jsonl", "results.json"])
def test_damaged_tournament_folders_never_crash_the_screen(app, tabula_home, monkeypatch, place):
    made = damaged_folders(tabula_home, place, tuple(CASES) if place == "settings.json" else RESUMED_CASES)
    before = {case: fingerprint(folder / place) for case, folder in made.items()}
    scene = open_scene(app)
    app.frame()
    if place == "settings.json":  # none can be resumed: skipped, and left as they are
        assert scene.last is None and not scene.widgets["resume"].is_enabled
        assert {case: fingerprint(folder / place) for case, folder in made.items()} == before
        return
    fill(scene, workers="1")
    resumed = []
    while scene.last is not None:  # newest first, each to the end
        last = scene.last
        if last.damaged:
            assert f"Its games file has {last.damaged} damaged line" in help_text(scene, monkeypatch)
        press_button(app, scene.widgets["resume"])
        assert scene.job is not None and scene.job.folder == last.folder, app.banner.text
        if last.damaged:
            assert "moved" in app.banner.text and "games.jsonl.bad" in app.banner.text and not app.banner.error
        finish(app, scene)
        assert scene.job.progress().status == "finished" and scene.job.progress().done == 2
        resumed.append(last.folder)
    expected = {folder for case, folder in made.items() if not (place == "games.jsonl" and case in NOT_REGULAR)}
    assert set(resumed) == expected and len(resumed) == len(expected)
    assert multiprocessing.active_children() == []


def test_a_folder_damaged_after_the_screen_opened_is_refused_in_the_banner(app, tabula_home):
    settings = Settings("backgammon", ("random", "greedy:bras"), 2, 5)
    folder = tabula_home / "data" / "tournaments" / "20240101-000000-backgammon"
    ResultStore(folder, settings).close()
    scene = open_scene(app)
    assert scene.last is not None and scene.last.folder == folder
    CASES["deeply nested"](folder / "settings.json.new")
    os.replace(folder / "settings.json.new", folder / "settings.json")
    press_button(app, scene.widgets["resume"])
    assert scene.job is None and app.banner.error
    assert app.banner.text.startswith(f"{folder} is not a usable tournament folder: settings.json is too large")


def test_a_games_file_that_cannot_be_written_fails_the_job_saying_why(tmp_path, monkeypatch):
    from game.ui.jobs import tournament as tournament_job

    settings = Settings("backgammon", ("random", "greedy:bras"), 4, 1)
    games = tmp_path / "t" / "games.jsonl"
    job = tournament_job.TournamentJob(settings, tmp_path / "t")
    append = ResultStore.append

    def fail_after_one(store, record):
        if store.records and games.is_file():
            games.rename(tmp_path / "kept.jsonl")
            games.mkdir()  # nothing can be appended any more
        append(store, record)

    monkeypatch.setattr(ResultStore, "append", fail_after_one)
    job.start()
    job.join(120)
    progress = job.progress()
    assert (progress.status, progress.done) == ("failed", 1)
    assert progress.error == f"cannot write {games}: Is a directory"
    job.close()
    assert multiprocessing.active_children() == []
    assert len((tmp_path / "kept.jsonl").read_text().splitlines()) == 1


def test_the_pairs_table_names_the_sign_test_and_shows_no_p_above_1(app, monkeypatch):
    settings = Settings("backgammon", ("random", "easy", "greedy:bras"), 4, 0)
    wins = {(0, 1): (0, 1), (0, 2): (0, 2, 2, 0), (1, 2): (1, 1, 1, 1)}  # per game: the entrant who won
    records = []
    for pair, winners in wins.items():  # random–easy 1–1 (the seed's formula: 1.5), random–greedy 2–2 (1.375)
        for number, winner in enumerate(winners):
            seats = [pair[number % 2], pair[1 - number % 2]]
            records.append({"index": len(records), "pair": list(pair), "number": number, "seats": seats,
                            "result": [1, -1] if seats[0] == winner else [-1, 1]})
    summary = summarize(settings, records)
    progress = Progress(status="stopped", done=len(records), total=settings.total_games, rate=1.0, eta=None,
                        summary=summary, version=1)
    scene = open_scene(app)
    drawn = []
    monkeypatch.setattr(tournament_view, "draw_text", lambda surface, font, text, *a, **k: drawn.append(text))
    scene._draw_results(app.screen, scene.results, progress, 14)
    assert "p (sign test)" in drawn and "P(equal)" not in drawn
    assert sorted(float(text) for text in drawn if re.fullmatch(r"\d\.\d{3}", text)) == [0.125, 1.0, 1.0]


def test_picked_players_stay_green_after_a_resize_to_another_text_size(app):
    """A resize that changes the text size makes a new UI manager: the list's colours went with
    the old one, and the picked players looked like the others."""
    scene = open_scene(app)
    pick(app, scene, ("random", "easy"))

    def picked_colour():
        app.frame()
        items = scene.widgets["players"].item_list_container.elements
        button = next(b for b in items if b.text.startswith("random"))
        return app.screen.get_at((button.rect.x + 4, button.rect.centery))[:3]

    green = pygame.Color(tournament_scene.LIST_THEME["#players.@selection_list_item"]["colours"]["selected_bg"])[:3]
    assert picked_colour() == green
    for size in ((1920, 1080), (800, 600)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.frame()
        assert picked_colour() == green, size
