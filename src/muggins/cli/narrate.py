"""Events in plain words for the terminal, as one seat (or a spectator) may see them: the wording
every front shares (``muggins.games.words``), with the cards' suit signs and each show itemised."""

from __future__ import annotations

from muggins.cards import format_cards
from muggins.games.events import Event
from muggins.games.words import Teller, tell
from muggins.scoring.items import Item, Kind
from muggins.scoring.skalborg.hand import SLOTS

SHOWS = frozenset({"hand", "crib", "own crib"})
"""Reasons of points counted in a show, which the terminal itemises under the total."""
RANKS = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}
"""Ranks in words where "a <number>" will not do."""


def joker_note(item: Item) -> str:
    """What each joker of ``item`` counted as: in a run the rank of the slot it fills (it may fill
    another in the next run: every run holds every joker), in a flush the suit of the flush."""
    standard = [(i, c) for i, c in enumerate(item.cards) if not c.is_joker]
    jokers = [i for i, c in enumerate(item.cards) if c.is_joker]
    if not jokers or not standard:
        return ""
    if item.kind == Kind.FLUSH:
        suit = standard[0][1].suit
        return f"  (the joker as a {str(suit.name).lower()[:-1]})" if suit is not None else ""
    if item.kind != Kind.RUN:
        return ""
    at, first = standard[0]
    slots = [(first.rank + i - at) % SLOTS for i in jokers]
    said = [f"as {RANKS.get(s, f'a {s}')}" if s else "between the king and the ace" for s in slots]
    return f"  (the joker{'s' if len(said) > 1 else ''} {' and '.join(said)})"


def describe(game: str, event: Event, you: int | None, *, reveal: bool = False) -> str | None:
    """One line for an event of ``game``, as seat ``you`` (None: a spectator) saw it, or None for
    events not worth a line; ``reveal`` shows every card (the replay of a finished game)."""
    data = (event if reveal else event.for_viewer(you)).to_dict()
    line = tell(game, data, Teller(you, pretty=True))
    shows = data["type"] == "scored" and data.get("reason") in SHOWS
    if line is not None and (shows or data["type"] == "shown") and data.get("score"):
        items = [Item.from_dict(i) for i in data["score"]["items"]]
        if len(items) > 1 or data["type"] == "shown":
            for i in items:
                line += (
                    f"\n    {i.points:>2}  {i.kind:<14} {format_cards(i.cards, pretty=True)}{joker_note(i)}"
                )
    return line
