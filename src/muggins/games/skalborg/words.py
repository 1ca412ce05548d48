"""Skalborg's events in words (``muggins.games.words``): blinds, the throw to the crib, the streets,
betting, the showdown's counts and the pots."""

from __future__ import annotations

from typing import Any

from muggins.games.words import Teller, Told
from muggins.scoring.items import Item, Kind
from muggins.scoring.skalborg.hand import SLOTS

RANKS = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}
"""Ranks in words where "a <number>" will not do."""


def item_note(item: Item) -> str:
    """What each joker of ``item`` counted as (``games.words.item_note``): in a run the rank of the
    slot it fills (it may fill another in the next run: every run holds every joker), in a flush
    the suit of the flush."""
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


def _action(data: dict[str, Any], t: Teller) -> str:
    seat, action = data["player"], data["action"]
    if action == "raise":
        said = f"{t.does(seat, 'raises')} to {data['bet']}"
    elif action == "bet":
        said = f"{t.does(seat, 'bets')} {data['bet']}"
    elif action == "call":
        said = f"{t.does(seat, 'calls')} {data['chips']}"
    elif action == "allin":
        return f"{t.does(seat, 'goes')} all in: {data['bet']}"
    else:  # check, fold
        said = t.does(seat, f"{action}s")
    return said + (f" and {t.does(seat, 'is')} all in" if data["all_in"] else "")


def _thrown(data: dict[str, Any], t: Teller) -> str:
    card = t.card(data["card"]) if data["card"] else "a card"
    return f"{t.does(data['player'], 'throws')} {card} to the crib"


def _shown(data: dict[str, Any], t: Teller) -> str:
    count = "" if data["points"] is None else f": {data['points']}"
    return f"{t.does(data['player'], 'shows')} {t.cards(data['cards'])}{count}"


def _counted(data: dict[str, Any], t: Teller) -> str:
    said = f"{t.does(data['player'], 'counts')} {data['kind']} {t.cards(data['cards'])}"
    if data["valid"] is None:
        return said
    return f"{said}: {data['points']}" if data["valid"] else f"{said}: miscalled, {data['points']}"


def _pot(data: dict[str, Any], t: Teller) -> str:
    pot = "the pot" if data["pot"] == 0 else f"side pot {data['pot']}"
    shares = data["shares"]
    if data["reason"] == "uncalled":
        (seat,) = shares
        return f"{t.whose(int(seat))} uncalled {data['amount']} comes back"
    if len(shares) == 1:
        (seat,) = shares
        took = f"{t.does(int(seat), 'takes')} {pot}: {data['amount']}"
    else:
        split = ", ".join(f"{t.who(int(seat))} {amount}" for seat, amount in shares.items())
        took = f"{pot.capitalize()} of {data['amount']} is split: {split}"
    return f"{took} ({data['reason']})"


WORDS: dict[str, Told] = {
    "new_hand": lambda data, t: (
        f"Hand {data['hand']}: {t.does(data['dealer'], 'deals')}"
        f", blinds {data['small_blind']}/{data['big_blind']}"
    ),
    "blind": lambda data, t: f"{t.does(data['player'], 'posts')} the {data['blind']} blind: {data['amount']}",
    "thrown": _thrown,
    "board": lambda data, t: f"{data['street'].capitalize()}: {t.cards(data['cards'])}",
    "action": _action,
    "shown": _shown,
    "counted": _counted,
    "pot": _pot,
    "busted": lambda data, t: f"{t.does(data['player'], 'is')} out of chips",
}
