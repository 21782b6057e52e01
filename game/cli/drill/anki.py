"""``tabula drill --export-anki FILE.apkg``: the due cards (every card of the theme with
``--theme``) as an Anki deck, made with ``genanki``.

- **Front**: the board as a picture (the game's :meth:`Drill.picture`, an SVG media file shown
  with ``<img>``), the position in words (the dice, the score: ``GameInfo.status``) and the
  question.
- **Back**: the board with the best answer drawn (green) and the play made in the match
  (magenta), the best answer, the play made and what it lost, the alternatives (a small table)
  and the why (:meth:`Drill.grade` of the play made, or of the runner-up for a variation).
- The model's and the deck's ids are fixed numbers and each note's GUID comes from the card's
  game, position, match ID, dice and question, so exporting again updates the same notes in
  Anki instead of adding copies.  The card's tags become the note's tags.

The package is built in memory (genanki writes the collection, this module zips it with its
media as genanki's ``Package.write_to_file`` does) and written through the guarded writer
(:func:`game.core.outputs.write_output`): an existing file only with ``--force``.
"""

from __future__ import annotations

import hashlib
import html
import io
import itertools
import json
import sqlite3
import sys
import tempfile
import time
import zipfile
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ...core.capabilities.drill import CardFacts, Drill
from ...core.outputs import write_output
from ...core.untrusted import shown
from ..common import UsageError
from .text import question_text, shown_rows

MODEL_ID = 1_734_905_118
"""The note type's id: fixed, so every export uses the same note type in Anki."""
DECK_ID = 1_734_905_119
"""The deck's id: fixed, so every export fills the same deck."""
DECK_NAME = "Tabula drills"
BEST_COLOUR, PLAYED_COLOUR = "#1f9d3a", "#c2189b"
"""The best answer's arrows (green) and the match's play (magenta), as the Drill screen draws them."""
FIELDS = ("Key", "Board", "Position", "Question", "AnswerBoard", "Best", "Played", "Alternatives", "Why")
FRONT = """<div class="board">{{Board}}</div>
<div class="position">{{Position}}</div>
<div class="question">{{Question}}</div>"""
BACK = """<div class="board">{{AnswerBoard}}</div>
<div class="position">{{Position}}</div>
<div class="question">{{Question}}</div>
<hr id="answer">
<div class="best">Best: {{Best}}</div>
{{#Played}}<div class="played">{{Played}}</div>{{/Played}}
{{Alternatives}}
{{#Why}}<div class="why">{{Why}}</div>{{/Why}}"""
CSS = """.card { font-family: sans-serif; font-size: 18px; text-align: center; color: #222; background: #fafafa; }
.board img { max-width: 100%; height: auto; }
.question { font-weight: bold; margin: .5em 0; }
.best { font-weight: bold; color: #1f7a30; }
table.alternatives { margin: .5em auto; border-collapse: collapse; font-size: 15px; }
table.alternatives td, table.alternatives th { padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: right; }
table.alternatives td.move { text-align: left; }
.why { text-align: left; display: inline-block; font-size: 15px; }"""


def note_key(facts: CardFacts) -> tuple[str, ...]:
    """What a note is known by: the card's game, position, match ID, dice and question."""
    return (facts.game, facts.position_id, facts.match_id or "", facts.dice or "", facts.question)


def media_name(facts: CardFacts, side: str) -> str:
    """The picture's file name in Anki's media folder: stable for the same card and side."""
    digest = hashlib.sha256("\n".join((*note_key(facts), side)).encode()).hexdigest()[:20]
    return f"tabula-{digest}.svg"


def export(deck, setup, out: str, library_path: Path, as_json: bool = False) -> int:
    """Write the cards as an Anki package at ``out`` (checked by the caller); the exit code."""
    cards = chosen_cards(deck, setup)
    if not cards:
        print("no cards to export" + (f" on the theme {setup.theme}" if setup.theme else " are due"), file=sys.stderr)
        return 0
    print(f"exporting {len(cards)} card{'s' * (len(cards) != 1)}…", file=sys.stderr, flush=True)
    data, media = package(deck, cards)
    try:
        write_output(out, data, protected=[library_path])
    except OSError as error:
        raise UsageError(f"--export-anki: cannot write {shown(out, 80)}: {error.strerror or error}") from None
    if as_json:
        print(json.dumps({"written": out, "cards": len(cards), "media": media}))
    else:
        print(f"wrote {len(cards)} card{'s' * (len(cards) != 1)} to {out}")
    return 0


def chosen_cards(deck, setup) -> list:
    """The players' due cards, or every card of the theme, each once, in deck order."""
    now = datetime.now(timezone.utc)
    found: dict[int, Any] = {}
    for name in setup.players:
        for card in deck.cards(name, setup.theme) if setup.theme else deck.due(now, name):
            found.setdefault(card.id, card)
    return list(found.values())


def package(deck, cards, timestamp: float | None = None) -> tuple[bytes, int]:
    """The ``.apkg`` of ``cards`` as bytes, and the number of media files in it."""
    import genanki

    drill = deck.info.ability(Drill)
    model = genanki.Model(MODEL_ID, "Tabula drill card", fields=[{"name": name} for name in FIELDS],
                          templates=[{"name": "Drill", "qfmt": FRONT, "afmt": BACK}], css=CSS)
    anki_deck = genanki.Deck(DECK_ID, DECK_NAME)
    media: dict[str, str] = {}
    for card in cards:
        fields, pictures = note_fields(deck.info, drill, card.facts)
        media.update(pictures)
        anki_deck.add_note(genanki.Note(model=model, fields=fields, guid=genanki.guid_for(*note_key(card.facts)),
                                        tags=[_tag(tag) for tag in card.tags]))
    timestamp = time.time() if timestamp is None else timestamp
    with tempfile.TemporaryDirectory() as folder:
        collection = Path(folder) / "collection.anki2"
        connection = sqlite3.connect(collection)
        try:
            genanki.Package(anki_deck).write_to_db(connection.cursor(), timestamp, itertools.count(int(timestamp * 1000)))
            connection.commit()
        finally:
            connection.close()
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(collection, "collection.anki2")
            names = sorted(media)
            archive.writestr("media", json.dumps({str(index): name for index, name in enumerate(names)}))
            for index, name in enumerate(names):
                archive.writestr(str(index), media[name])
    return buffer.getvalue(), len(media)


def note_fields(info, drill: Drill, facts: CardFacts) -> tuple[list[str], dict[str, str]]:
    """A card's note fields (:data:`FIELDS`) and its pictures (media name -> SVG)."""
    front = media_name(facts, "front")
    pictures = {front: drill.picture(facts)}
    back = front
    if facts.question == "chequer":  # a cube answer draws no arrows: the back shows the front's board
        back = media_name(facts, "back")
        arrows = [(facts.best, BEST_COLOUR)] + ([(facts.played, PLAYED_COLOUR)] if facts.played else [])
        try:
            pictures[back] = drill.picture(facts, tuple(arrows))
        except ValueError:  # a play that does not read back: the board alone
            back = front
    played = (f"Played in the match: {html.escape(facts.played)} (lost {facts.equity_lost:.3f})"
              if facts.played else "")
    fields = [html.escape(" ".join(note_key(facts))), f'<img src="{front}">', html.escape(info.status(drill.position(facts))),
              html.escape(question_text(facts)), f'<img src="{back}">', html.escape(facts.best), played,
              alternatives_html(info, facts.alternatives), "<br>".join(html.escape(line) for line in _why(drill, facts))]
    return fields, pictures


def alternatives_html(info, alternatives) -> str:
    """The best alternatives (and the match's play when lower) as a small HTML table."""
    rows = shown_rows([{**row, "played": row.get("played", False)} for row in alternatives])
    if not rows:
        return ""
    analysis = info.move_analysis()
    lines = ['<table class="alternatives"><tr><th>#</th><th>answer</th><th>'
             f'{html.escape(analysis.value_heading.lower())}</th><th>diff</th></tr>']
    for row in rows:
        diff = "" if row.get("rank") == 1 else analysis.format_value(float(row["diff"]))
        mark = " (played)" if row.get("played") else ""
        lines.append(f"<tr><td>{row.get('rank', '')}</td><td class=\"move\">{html.escape(str(row['move']))}{mark}</td>"
                     f"<td>{analysis.format_value(float(row['equity']))}</td><td>{diff}</td></tr>")
    return "".join(lines) + "</table>"


def _why(drill: Drill, facts: CardFacts) -> tuple[str, ...]:
    """What separates the play made (a variation: the runner-up) from the best."""
    other = facts.played or next((row["move"] for row in facts.alternatives if row.get("rank") != 1), None)
    if not other:
        return ()
    try:
        graded = drill.grade(facts, other)
    except ValueError:
        return ()
    return graded.why if graded is not None else ()


def _tag(tag: str) -> str:
    """A tag as Anki takes it (no spaces)."""
    return "tabula::" + "_".join(tag.split())
