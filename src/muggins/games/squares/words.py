"""Cribbage Squares' events in words (``muggins.games.words``)."""

from __future__ import annotations

from typing import Any

from muggins.games.words import SHARED, Teller, Told, kinds, scored


def _placed(data: dict[str, Any], t: Teller) -> str | None:
    # another seat's placing is worth a line once everyone has placed the card (``laid_out``)
    if data["cell"] is None:
        return None
    return f"{t.does(data['player'], 'places')} {t.card(data['card'])} on {data['cell']}"


def _laid_out(data: dict[str, Any], t: Teller) -> str | None:
    others = [(seat, cell) for seat, cell in enumerate(data["cells"]) if cell is not None and seat != t.you]
    if not others:
        return None
    return f"{t.card(data['card'])}: " + ", ".join(f"{t.who(seat)} on {cell}" for seat, cell in others)


WORDS: dict[str, Told] = {
    "turned": lambda data, t: f"Card {data['number']} of 16: {t.card(data['card'])}",
    "placed": _placed,
    "laid_out": _laid_out,
    "starter": lambda data, t: f"The starter is {t.card(data['card'])}",
    "scored": lambda data, t: scored(data, t, f"for {_why(data)}"),
    "game_over": lambda data, t: (
        SHARED["game_over"](data, t)
        if data["result"]["winners"]
        else f"Game over: {t.named(data['result']['reason'])}"
    ),
}


def _why(data: dict[str, Any]) -> str:
    """A line's name and its kinds ("row 2 (fifteen and run)"); his heels by its name alone."""
    reason, said = data["reason"], kinds(data)
    return reason if reason == said else f"{reason} ({said})"
