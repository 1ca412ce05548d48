"""Cribist's events in words (``muggins.games.words``): the deal, trumps, tricks, claims and
muggins calls, and the clock calling time."""

from __future__ import annotations

from typing import Any

from muggins.games.words import Teller, Told, kinds, scored

SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


_WHY = {
    "claim": "for the trick, as claimed",
    "muggins": "by muggins",
    "muggins penalty": "for a wrong muggins call",
}
"""Points scored under manual counting, by reason; the others are said by their items."""


def _scored(data: dict[str, Any], t: Teller) -> str:
    reason = data["reason"]
    if reason == "trick":
        return scored(data, t, f"for the trick ({kinds(data)})")
    return scored(data, t, _WHY.get(reason, f"for {kinds(data)}"))  # tricks, jack of trumps


def _claimed(data: dict[str, Any], t: Teller) -> str:
    seat = data["player"]
    if data["accepted"] is None:
        return f"{t.does(seat, 'claims')} {data['points']}"
    if data["accepted"]:
        return f"{t.whose(seat)} claim of {data['points']} stands"
    return f"{t.whose(seat)} claim of {data['points']} is too many: it scores nothing"


def _muggins(data: dict[str, Any], t: Teller) -> str:
    seat, call = data["player"], f"{data['points']} ({data['source']})"
    if data["valid"] is None:
        return f"{t.does(seat, 'calls')} muggins on {t.who(data['against'])} for {call}"
    judged = "good" if data["valid"] else f"wrong, {data['why']}"
    return f"{t.whose(seat)} muggins for {call}: {judged}"


WORDS: dict[str, Told] = {
    "new_hand": lambda data, t: f"Deal {data['hand']}: {t.does(data['dealer'], 'deals')}",
    "played": lambda data, t: f"{t.does(data['player'], 'plays')} {t.card(data['card'])}",
    "trumps": lambda data, t: f"{t.does(data['player'], 'leads')}: {SUITS[data['suit']]} are trumps",
    "trick": lambda data, t: (
        f"{t.does(data['player'], 'wins')} trick {data['number']}: {t.cards(data['cards'])}"
    ),
    "scored": _scored,
    "claimed": _claimed,
    "muggins": _muggins,
    "muggins_closed": lambda data, t: None,
    "time_up": lambda data, t: "Time is up: this hand is the last",
}
