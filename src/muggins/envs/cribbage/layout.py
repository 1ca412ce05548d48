"""Cribbage's actions and observation vector (docs/environments.md has them as tables)."""

from __future__ import annotations

from typing import Final

from muggins.cards import JOKER_BLACK, JOKER_RED, STANDARD_CARDS, call_text
from muggins.envs.actions import ActionSpace, OwnVerb
from muggins.envs.observation import Encoder, Layout, View, present
from muggins.games.cribbage.game import MAX_BID, MOST_CLAIMED
from muggins.games.cribbage.moves import PlayJoker
from muggins.games.moves import Move

MAX_SHOW: Final = MOST_CLAIMED
"""The most any cribbage hand or crib can hold (eight-card's hand of six with wild jokers, 83): the
most one claims, or calls as missed."""

JOKERS: Final = (JOKER_BLACK, JOKER_RED)


def joker_action(move: Move) -> int:
    """A wild joker's call among the ``joker`` actions: the black joker's 52 calls, then the red's."""
    assert isinstance(move, PlayJoker)
    return 52 * JOKERS.index(move.joker) + move.called.index


ACTIONS: Final = ActionSpace(
    deck=54,
    card_verbs=("play", "discard", "crib"),
    bare_verbs=("go", "ready", "correct", "pass"),
    amount_verbs=(("claim", MAX_SHOW + 1), ("muggins", MAX_SHOW + 1), ("bid", MAX_BID + 1)),
    own_verbs={
        "joker": OwnVerb(
            tuple(call_text(joker, card) for joker in JOKERS for card in STANDARD_CARDS), joker_action
        )
    },
)
"""Cards run 0 to 53 (the jokers 52 and 53: thrown, never played bare); claims run 0 to 83 and
calls 1 to 83; Auction cribbage's bids 1 to 29 (a bid or call of 0 is never legal); a wild joker
laid is one action per joker and call."""

PHASES: Final = ("bid", "discard", "play", "pre-show", "show", "muggins", "post-show", "over")


def write(view: View, out: Encoder) -> None:
    """Hand, picks, own throw and crib, starter, pile, played and shown cards; scores, back pegs, state."""
    target = float(view["target"])
    out.cards(view["hand"])
    out.cards(view["discards"])
    out.cards(view["own_crib"])
    out.cards(present(view["starter"]))
    pile = [card.partition("=")[2] or card for _, card in view["pile"]]  # a wild joker: its call
    out.cards(pile, [(k + 1) / 8 for k in range(len(pile))])
    out.seat_planes(view["played"])
    out.cards(c for show in view["shows"] for c in show["cards"])
    out.one_hot(view["phase"], PHASES)
    out.per_seat(view["scores"], target)
    out.per_seat(view["back_pegs"], target)
    out.numbers(
        [
            target / 121,
            view["count"] / 31,
            view["crib_size"] / 4,
            float(view["muggins_open"]),
            float(view["lowball"]),
            float(view["toss_fives"]),
            float(view["jokers"]),
            float(view["crash"]),
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


LAYOUT: Final = Layout(54, write, seats=5)

SHOWN: Final = ("phase", "scores", "dealer", "count", "pile", "starter")
"""The spectator view's fields worth a line when rendered as text."""
