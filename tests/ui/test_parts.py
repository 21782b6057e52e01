"""The window's parts without a window: sessions and their dice, the worker thread, sounds."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core.match import play_game
from game.games import all_games, get_game
from game.core.session import GameSession, check_player_name
from game.ui.sound import Sounds
from game.ui.jobs.worker import MoveWorker
from game.core.capabilities import View

INFO = get_game("backgammon")


def finish(session: GameSession) -> None:
    while not session.is_over:
        if session.to_move < 0:
            session.roll()
        else:
            session.apply(session.players[session.to_move].choose(session.rules, session.state))


def test_session_dice_match_the_match_runner():
    session = GameSession(INFO, ["medium", "hard"], seed=21)
    finish(session)
    players = [INFO.players.player("medium", 22), INFO.players.player("hard", 23)]
    record, _ = play_game(INFO.rules(), players, seed=21)
    assert session.actions == record.actions
    assert session.record().result == record.result and session.record().plies == record.plies


def test_reloaded_session_continues_with_the_same_dice():
    whole = GameSession(INFO, ["medium", "hard"], seed=5)
    finish(whole)
    part = GameSession(INFO, ["medium", "hard"], seed=5, actions=whole.actions[:31])
    finish(part)
    assert part.actions == whole.actions


def test_player_names_are_checked():
    assert check_player_name(INFO, "human") == "human"
    with pytest.raises(ValueError, match="unknown backgammon player 'wizard'.*human"):
        check_player_name(INFO, "wizard")
    with pytest.raises(ValueError):
        GameSession(INFO, ["human"])


def wait(worker):
    for _ in range(100000):
        outcome = worker.poll()
        if outcome is not None:
            return outcome
    raise AssertionError("worker never answered")


def test_worker_returns_moves_and_errors():
    rules = INFO.rules()
    session = GameSession(INFO, ["hard", "hard"], seed=1)
    session.roll()
    worker = MoveWorker()
    worker.start(session.players[session.to_move], rules, session.state)
    move, error = wait(worker)
    assert error is None and move in rules.legal_moves(session.state)

    class Broken:
        name = "broken"

        def choose(self, rules, state):
            return "not a move"

    worker.start(Broken(), rules, session.state)
    move, error = wait(worker)
    assert move is None and "illegal move" in error and not worker.busy


def test_cancelled_result_is_dropped():
    import threading

    release = threading.Event()

    class Waiting:
        name = "waiting"

        def choose(self, rules, state):
            release.wait(10)
            return rules.legal_moves(state)[0]

    session = GameSession(INFO, ["hard", "hard"], seed=1)
    session.roll()
    worker = MoveWorker()
    worker.start(Waiting(), session.rules, session.state)
    worker.cancel()
    release.set()
    for _ in range(1000):
        assert worker.poll() is None


def test_cancel_stops_a_thinking_search_player():
    import threading

    from game.core.search import SearchCancelled, SearchPlayer

    started, stopped = threading.Event(), threading.Event()

    def endless(rules, state, evaluate, *, limits):
        started.set()
        while not limits.cancel.is_set():  # as a search checks, node by node
            time.sleep(0.005)
        stopped.set()
        raise SearchCancelled("search cancelled")

    session = GameSession(INFO, ["hard", "hard"], seed=1)
    session.roll()
    while len(session.rules.legal_moves(session.state)) < 2:
        session.apply(session.rules.legal_moves(session.state)[0])
        session.roll()
    worker = MoveWorker()
    worker.start(SearchPlayer(endless, None, name="endless"), session.rules, session.state)
    assert started.wait(10)
    worker.cancel()
    assert stopped.wait(10) and not worker.busy and worker.poll() is None
    # Cancelled before its thread has even begun to search: the search still stops.
    stopped.clear()
    worker.start(SearchPlayer(endless, None, name="endless"), session.rules, session.state)
    worker.cancel()
    assert stopped.wait(10) and worker.poll() is None


def test_sounds_are_synthesised_and_optional():
    pygame.init()
    sounds = Sounds(enabled=True)
    assert sounds.available, sounds.problem
    sounds.play("move")
    sounds.enabled = False
    sounds.play("dice")
    pygame.quit()


def test_sounds_without_an_audio_device(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(enabled=True)
    assert not sounds.available and "audio device" in sounds.problem
    sounds.play("move")  # silently nothing


def protocol_gaps(obj, protocol) -> list[str]:
    """What ``obj`` lacks of ``protocol``: each attribute it has not, each method it has not or
    cannot call with the protocol's parameters (bound to placeholders, keywords as keywords)."""
    import inspect

    gaps = [f"attribute {name}" for name in protocol.__annotations__ if not hasattr(obj, name)]
    for name, member in vars(protocol).items():
        if name.startswith("_") or not callable(member):
            continue
        method = getattr(obj, name, None)
        if not callable(method):
            gaps.append(f"method {name}")
            continue
        params = list(inspect.signature(member).parameters.values())[1:]  # without self
        args = [None for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        kwargs = {p.name: None for p in params if p.kind is p.KEYWORD_ONLY}
        try:
            inspect.signature(method).bind(*args, **kwargs)
        except TypeError as error:
            gaps.append(f"method {name}: {error}")
    return gaps


@pytest.mark.parametrize("name", [info.name for info in all_games() if info.has(View)])
def test_every_view_implements_the_protocols_in_full(app, name):
    """Every member of GameView, called as the scenes call it; the decisions by buttons are
    ``None`` or every member of Decisions (the scenes probe for nothing)."""
    from game.ui.gameview import Decisions, GameView, load_view

    view = load_view(get_game(name), app.fonts)
    assert protocol_gaps(view, GameView) == []
    assert view.decisions is None or protocol_gaps(view.decisions, Decisions) == []
    assert isinstance(view.factor_labels, dict) and isinstance(view.needs_confirm(), bool)
    assert view.partial_notation() == "" and view.handle_key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12,
                                                                                mod=0)) is False
    assert (view.decisions is not None) == (name == "backgammon")  # the cube: the only decisions by buttons


def test_the_protocol_check_finds_what_a_view_lacks():
    from game.ui.gameview import Decisions

    class Half:
        def words(self, move):
            return None

        def question(self):  # no state
            return None

    gaps = protocol_gaps(Half(), Decisions)
    assert "method keys" in gaps and any(g.startswith("method question:") for g in gaps)
    assert not any("words" in g for g in gaps)


def test_elide_cuts_text_to_the_width_with_an_ellipsis():
    from game.ui.widgets import elide

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    long = "opponent's midfield (13–18) and more words than fit"
    assert elide(font, "short", 200) == "short"
    cut = elide(font, long, 120)
    assert cut.endswith("…") and font.size(cut)[0] <= 120 and long.startswith(cut[:-1])
    left = elide(font, long, 120, left=True)
    assert left.startswith("…") and font.size(left)[0] <= 120 and long.endswith(left[1:])


def test_side_panel_gives_the_move_list_room_or_leaves_it_out():
    from game.ui.panel import SidePanel

    class Section:
        def __init__(self, height, flexible=False, optional=False):
            self.h, self.flexible, self.optional, self.drawn = height, flexible, optional, None

        def height(self, width):
            return self.h

        def draw(self, surface, rect):
            self.drawn = rect.h

    def lay_out(panel_height):
        fixed, moves, keys = Section(300), Section(60, flexible=True), Section(80, optional=True)
        panel = SidePanel()
        panel.sections = [fixed, moves, keys]
        panel.rect = pygame.Rect(0, 0, 300, panel_height)
        panel.draw(pygame.Surface((300, panel_height)))
        return fixed.drawn, moves.drawn, keys.drawn

    assert lay_out(500) == (300, 120, 80)  # everything fits: the moves take what is left
    assert lay_out(400) == (300, 100, None)  # the key help gives way to the move list
    assert lay_out(340) == (300, None, None)  # no room for a useful move list: no empty heading
