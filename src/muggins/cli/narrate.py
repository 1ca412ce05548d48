"""Events in plain words for the terminal, as one seat (or a spectator) may see them: the wording
every front shares (``muggins.games.words``), with the cards' suit signs and each show itemised."""

from __future__ import annotations

from muggins.cards import format_cards
from muggins.games.events import Event
from muggins.games.words import Teller, item_note, tell
from muggins.scoring.items import Item


def describe(game: str, event: Event, you: int | None, *, reveal: bool = False) -> str | None:
    """One line for an event of ``game``, as seat ``you`` (None: a spectator) saw it, or None for
    events not worth a line; ``reveal`` shows every card (the replay of a finished game)."""
    data = (event if reveal else event.for_viewer(you)).to_dict()
    line = tell(game, data, Teller(you, pretty=True))
    # A show is itemised under its total once; the points it pegs are not itemised again.
    if line is not None and data["type"] == "shown" and data.get("score"):
        for i in (Item.from_dict(i) for i in data["score"]["items"]):
            cards = format_cards(i.cards, pretty=True)
            line += f"\n    {i.points:>2}  {i.kind:<14} {cards}{item_note(game, i)}"
    return line
