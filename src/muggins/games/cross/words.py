"""Cross Cribbage's events in words (``muggins.games.words``)."""

from __future__ import annotations

from typing import Any

from muggins.games.words import Teller, Told, kinds


def _turned(data: dict[str, Any], t: Teller) -> str | None:
    # another player's turned card is face down to this audience: their ``laid`` says it all
    return f"{t.does(data['player'], 'turns')} {t.card(data['card'])}" if data["card"] else None


def _thrown(data: dict[str, Any], t: Teller) -> str:
    if data["unseen"]:
        return f"{t.whose(data['player'])} last card goes to the crib unseen"
    what = t.card(data["card"]) if data["card"] else "a card"
    return f"{t.does(data['player'], 'throws')} {what} to the crib"


def _counted(data: dict[str, Any], t: Teller) -> str:
    said = kinds(data)
    why = data["reason"] if said == "nothing" else f"{data['reason']} ({said})"
    return (
        f"{t.whose(data['player'])} side counts {data['score']['total']} for {why}, {data['total']} this deal"
    )


def _dealt(data: dict[str, Any], t: Teller) -> str | None:
    # a pile is dealt face down and nobody looks at it: worth a line only to its player
    return f"you are dealt {data['count']} cards face down" if data["player"] == t.you else None


WORDS: dict[str, Told] = {
    "dealt": _dealt,
    "new_hand": lambda data, t: f"Deal {data['hand']}: {t.does(data['dealer'], 'deals')}",
    "cut": lambda data, t: f"The cut card is {t.card(data['card'])}",
    "turned": _turned,
    "laid": lambda data, t: f"{t.does(data['player'], 'lays')} {t.card(data['card'])} on {data['cell']}",
    "thrown": _thrown,
    "counted": _counted,
    "scored": lambda data, t: (
        f"{t.whose(data['player'])} side pegs {data['points']}, {data['reason']}, {data['total']} in all"
    ),
}
