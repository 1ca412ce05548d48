"""Cribbage's events in words (``muggins.games.words``): the cut, the deal, the play, the show,
claims and muggins, each game of a match."""

from __future__ import annotations

from typing import Any

from muggins.games.words import Teller, Told, kinds, scored

_CARDS = {1: "a card", 2: "two cards", 3: "three cards"}


def _what(what: str, seat: int, t: Teller) -> str:
    """ "the hand", "the crib", or in ten-hand "player 1's own crib"."""
    return f"{t.whose(seat)} own crib" if what == "own crib" else f"the {what}"


def _cut(data: dict[str, Any], t: Teller) -> str:
    cuts = ", ".join(f"{t.who(seat)} {t.card(card)}" for seat, card in data["cuts"])
    dealer = data["dealer"]
    outcome = (
        "a tie: cut again"
        if dealer is None
        else f"{t.does(dealer, 'cuts')} low and {t.verb(dealer, 'deals')}"
    )
    return f"Cut for the deal: {cuts}; {outcome}"


def _new_hand(data: dict[str, Any], t: Teller) -> str:
    game = f"Game {data['game']}, hand" if data["game"] > 1 else "Hand"
    without = f", now without {t.all(data['without'])}" if data["without"] else ""
    return f"{game} {data['hand']}: {t.does(data['dealer'], 'deals')}{without}"


def _discarded(data: dict[str, Any], t: Teller) -> str:
    laid = t.cards(data["cards"]) if data["cards"] else _CARDS.get(data["count"], f"{data['count']} cards")
    where = "own crib" if data["own_crib"] else "the crib"
    return f"{t.does(data['player'], 'lays')} {laid} in {where}"


def _played(data: dict[str, Any], t: Teller) -> str:
    laid = _called(data["call"], t) if data.get("call") else t.card(data["card"])
    return f"{t.does(data['player'], 'plays')} {laid}: {data['count']}"


def _called(call: str, t: Teller) -> str:
    """A wild joker's call (``JKR=5H``) in words: "JKR as 5H"."""
    joker, _, card = call.partition("=")
    return f"{t.card(joker)} as {t.card(card)}"


_WHY = {
    "muggins": "by muggins",
    "wrong muggins": "for a wrong muggins call against them",
    "correction": "for claiming too many",
    "overclaimed": "for the points the false claim of game left",
    "bid": "for the crib",
}
"""Points scored for a call on a claim, by reason; any other reason is said as it is ("for his heels")."""


def _scored(data: dict[str, Any], t: Teller) -> str:
    reason = data["reason"]
    if reason == "pegging":
        return scored(data, t, f"for {kinds(data)}")
    if reason in ("hand", "crib", "own crib"):
        claimed = [item["kind"] for item in data["score"]["items"]] == ["claimed"]
        counted = ", as claimed" if claimed else f" ({kinds(data)})"
        return scored(data, t, f"for {_what(reason, data['player'], t)}{counted}")
    if reason == "crash":
        return scored(data, t, f"for a crashed {'back' if data['points'] > 0 else 'front'} peg")
    return scored(data, t, _WHY.get(reason, f"for {reason}"))


def _shown(data: dict[str, Any], t: Teller) -> str:
    seat = data["player"]
    cards = f"{t.cards(data['cards'])} + {t.card(data['starter'])}"
    laid = f"{t.does(seat, 'shows')} {_what(data['what'], seat, t)}: {cards}"
    if data.get("jokers"):
        laid += f" ({', '.join(_called(call, t) for call in data['jokers'])})"
    if data["score"] is not None:
        return f"{laid} = {data['score']['total']}"
    return f"{laid} and {t.verb(seat, 'claims')} {data['claimed']}"


def _judged(data: dict[str, Any], t: Teller) -> str:
    called = f" ({', '.join(_called(call, t) for call in data['jokers'])})" if data.get("jokers") else ""
    made = f"{data['what']}{called} makes {data['score']['total']} ({data['said']})"
    line = f"{t.whose(data['player'])} {made}; claimed {data['claimed']}"
    for seat, call, gained, why in data["calls"]:
        outcome = _outcome(call, gained, data["player"], t)
        line += f"; {t.whose(seat)} {call}: {outcome}" + (f" ({why})" if why else "")
    return line


def _outcome(call: str, gained: int, claimer: int, t: Teller) -> str:
    """What a call on a claim did: points taken, given back to the claimer, or taken down."""
    if call == "correct":
        return f"{gained} taken down" if gained else "nothing to take down"
    if gained < 0:
        return f"wrong, {-gained} to {t.who(claimer)}"
    return f"{gained} taken" if gained else "nothing taken"


def _muggins(data: dict[str, Any], t: Teller) -> str:
    if data["points"]:
        return f"{t.does(data['player'], 'calls')} muggins on {t.who(data['against'])} for {data['points']}"
    return f"{t.does(data['player'], 'asks')} to correct {t.whose(data['against'])} claim"


def _game_won(data: dict[str, Any], t: Teller) -> str:
    skunk = f" ({data['skunk']})" if data["skunk"] else ""
    return f"Game {data['game']} to {t.all(data['winners'])}{skunk}"


def _reset(data: dict[str, Any], t: Teller) -> str:
    return "The count goes back to 0" if data["leader"] is not None else "The play is over"


def _crib_topped(data: dict[str, Any], t: Teller) -> str:
    return (
        f"{_CARDS.get(data['count'], str(data['count']) + ' cards').capitalize()} from the pack to the crib"
    )


def _bid(data: dict[str, Any], t: Teller) -> str:
    amount = data["amount"]
    return (
        f"{t.does(data['player'], 'bids')} {amount} for the crib"
        if amount
        else f"{t.does(data['player'], 'passes')}"
    )


def _bought(data: dict[str, Any], t: Teller) -> str:
    return f"The crib goes to {t.who(data['player'])} for {data['price'] or 'nothing'}"


WORDS: dict[str, Told] = {
    "bid": _bid,
    "crib_bought": _bought,
    "dealer_cut": _cut,
    "new_hand": _new_hand,
    "discarded": _discarded,
    "crib_topped": _crib_topped,
    "starter": lambda data, t: f"Starter: {t.card(data['card'])}",
    "played": _played,
    "go": lambda data, t: f"{t.does(data['player'], 'says')} go",
    "reset": _reset,
    "scored": _scored,
    "shown": _shown,
    "show_judged": _judged,
    "muggins": _muggins,
    "game_won": _game_won,
}
