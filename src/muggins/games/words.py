"""Events in words: one wording per event for every front (the terminal, the browser's log, the
replay), told as one seat (or a spectator) heard it. Each game tells its own events in
``muggins.games.<game>.words``; the events every game sends are told here, the same in each.

Seats are "player N" (the seat number) or "you": the browser puts each seat's name in their place.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from muggins.cards import format_cards, parse_cards
from muggins.games.events import Event
from muggins.scoring.items import Item

_SEAT = re.compile(r"\bplayer (\d+)")
"""A seat named in a game's own text, as the rules' words name it."""

_PLURAL = {"is": "are", "goes": "go", "passes": "pass"}
"""The verbs whose form for "you" is not the third person's less its "s"."""


@dataclass(frozen=True)
class Teller:
    """Words for one audience: ``you`` (a seat, or None) is "you"; ``pretty`` cards show suit signs."""

    you: int | None = None
    pretty: bool = False

    def who(self, seat: int) -> str:
        return "you" if seat == self.you else f"player {seat}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.you else f"player {seat}'s"

    def verb(self, seat: int, verb: str) -> str:
        """``verb`` (as for player 1: "lays") agreeing with ``seat``: "lay" for you."""
        return _PLURAL.get(verb, verb[:-1]) if seat == self.you else verb

    def does(self, seat: int, verb: str) -> str:
        """Subject and verb agreeing: "you lay", "player 1 lays"."""
        return f"{self.who(seat)} {self.verb(seat, verb)}"

    def named(self, text: str) -> str:
        """A game's own text (an end's reason) with "player N" said as this audience says it."""
        return _SEAT.sub(lambda m: self.who(int(m.group(1))), text)

    def all(self, seats: Iterable[int]) -> str:
        return " & ".join(self.who(seat) for seat in seats)

    def cards(self, cards: Iterable[str]) -> str:
        if not self.pretty:  # an event's cards are already in notation
            return " ".join(cards)
        return format_cards(parse_cards(list(cards)), pretty=True)

    def card(self, card: str) -> str:
        return self.cards([card])


PLAIN = Teller()
"""Seats as "player N" and cards in notation: the words sent to every front."""

Told = Callable[[dict[str, Any], Teller], str | None]
"""A game's wording of one event type: the event's JSON form and the audience's teller."""


def scored(data: Mapping[str, Any], t: Teller, why: str) -> str:
    """Points to a seat: "player 1 pegs 2 for fifteen, 12 in all"; a loss: "player 1 loses 2 for ..."."""
    gained = data["points"]
    verb = t.does(data["player"], "pegs") if gained >= 0 else t.does(data["player"], "loses")
    return f"{verb} {abs(gained)} {why}, {data['total']} in all"


def kinds(data: Mapping[str, Any]) -> str:
    """The kinds of a score's items, each once, in order: "fifteen, pair and run"."""
    seen = list(dict.fromkeys(item["kind"] for item in data["score"]["items"]))
    if len(seen) < 2:
        return seen[0] if seen else "nothing"
    return ", ".join(seen[:-1]) + f" and {seen[-1]}"


def _dealt(data: dict[str, Any], t: Teller) -> str | None:
    # Only a seat's own cards are worth a line: another seat's deal is only a count of cards.
    if not data["cards"]:
        return None
    return f"{t.does(data['player'], 'is')} dealt {t.cards(data['cards'])}"


def _game_over(data: dict[str, Any], t: Teller) -> str:
    result = data["result"]
    winners = result["winners"]
    verb = "win" if len(winners) > 1 or winners == [t.you] else "wins"
    return f"Game over: {t.all(winners)} {verb} ({t.named(result['reason'])})"


def _match_game(data: dict[str, Any], t: Teller) -> str:
    won = data["won"]
    if not won:
        return f"Game {data['number']} of the match: nobody won it outright ({data['tally']})"
    verb = "win" if len(won) > 1 or won == [t.you] else "wins"
    return f"Game {data['number']} of the match: {t.all(won)} {verb} ({data['tally']})"


SHARED: dict[str, Told] = {
    "phase": lambda data, t: None,
    "dealt": _dealt,
    "left": lambda data, t: f"{t.who(data['player'])} {'resigned' if data['resigned'] else 'left the table'}",
    "game_over": _game_over,
    "match_game": _match_game,
}
"""The events every game sends, told the same way in each."""


def _plain(data: Mapping[str, Any]) -> str:
    details = ", ".join(f"{k} {v}" for k, v in data.items() if k != "type" and v is not None)
    return f"{data['type']}: {details}"


def tell(game: str, data: dict[str, Any], teller: Teller | None = None) -> str | None:
    """One line for an event (its JSON form, as its audience may see it), or None for an event
    that is not worth a line (a phase change, another seat's face-down deal)."""
    told = _words(game).get(data["type"]) or SHARED.get(data["type"])
    if told is None:
        return _plain(data)  # a new event type nobody has worded yet: every field, plainly
    return told(data, teller or PLAIN)


def told(game: str, event: Event, viewer: int | None = None, *, reveal: bool = False) -> dict[str, Any]:
    """An event's JSON form as ``viewer`` (a seat, or None for a spectator) may see it (``reveal``:
    every card, for a finished game), with its words under ``text`` (None: not worth a line), for
    a front that puts each seat's name for "player N"."""
    data = (event if reveal else event.for_viewer(viewer)).to_dict()
    data["text"] = tell(game, data)
    return data


def item_note(game: str, item: Item) -> str:
    """What ``game`` says beside an item of score it itemises (Skalborg: what each joker counted
    as), from its words module's ``item_note``; "" for a game that says nothing more."""
    note = _item_note(game)
    return note(item) if note is not None else ""


@functools.cache
def _item_note(game: str) -> Callable[[Item], str] | None:
    module = importlib.import_module(f"muggins.games.{game}.words")
    found: Callable[[Item], str] | None = getattr(module, "item_note", None)
    return found


@functools.cache
def _words(game: str) -> Mapping[str, Told]:
    words: Mapping[str, Told] = importlib.import_module(f"muggins.games.{game}.words").WORDS
    return words
