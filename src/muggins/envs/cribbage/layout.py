"""Cribbage's actions and observation vector (docs/environments.md has them as tables)."""

from __future__ import annotations

from typing import Final

from muggins.envs.actions import ActionSpace
from muggins.envs.observation import Encoder, Layout, View, present
from muggins.games.cribbage.game import MAX_BID, MAX_CLAIM

MAX_SHOW: Final = max(MAX_CLAIM)
"""The most any cribbage hand or crib can hold (eight-card's hand of six, 72): the most one claims,
or calls as missed."""

ACTIONS: Final = ActionSpace(
    deck=52,
    card_verbs=("play", "discard", "crib"),
    bare_verbs=("go", "ready", "correct", "pass"),
    amount_verbs=(("claim", MAX_SHOW + 1), ("muggins", MAX_SHOW + 1), ("bid", MAX_BID + 1)),
)
"""Claims run 0 to 72 and calls 1 to 72; Auction cribbage's bids 1 to 29 (a bid or call of 0 is
never legal)."""

PHASES: Final = ("bid", "discard", "play", "pre-show", "show", "muggins", "post-show", "over")


def write(view: View, out: Encoder) -> None:
    """Hand, picks, own throw, own crib, starter, pile, played and shown cards; scores and state."""
    target = float(view["target"])
    out.cards(view["hand"])
    out.cards(view["discards"])
    out.cards(view["own_crib"])
    out.cards(present(view["starter"]))
    pile = [card for _, card in view["pile"]]
    out.cards(pile, [(k + 1) / 8 for k in range(len(pile))])
    out.seat_planes(view["played"])
    out.cards(c for show in view["shows"] for c in show["cards"])
    out.one_hot(view["phase"], PHASES)
    out.per_seat(view["scores"], target)
    out.numbers(
        [
            target / 121,
            view["count"] / 31,
            view["crib_size"] / 4,
            float(view["muggins_open"]),
            float(view["lowball"]),
            float(view["toss_fives"]),
            float(view["auction"] is not None),
            (view["auction"]["high"] if view["auction"] else 0) / MAX_BID,
        ]
    )
    out.seats_in([view["dealer"]])
    out.seats_in([view["crib_owner"]])
    out.seats_in(present(view["turn"]))
    out.seats_in(view["passed"])
    out.seats_in(view["active"])
    out.seats_in(next(side for side in view["sides"] if view["you"] in side))
    out.per_seat(view["hand_sizes"], 10)


LAYOUT: Final = Layout(52, write, seats=5)

SHOWN: Final = ("phase", "scores", "dealer", "count", "pile", "starter")
"""The spectator view's fields worth a line when rendered as text."""
