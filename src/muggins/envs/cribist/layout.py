"""Cribist's actions and observation vector (docs/environments.md has them as tables)."""

from __future__ import annotations

from typing import Final

from muggins.envs.actions import ActionSpace
from muggins.envs.observation import Encoder, Layout, View, present
from muggins.games.cribist.rules import MAX_TRICK_POINTS

ACTIONS: Final = ActionSpace(
    deck=52,
    card_verbs=("play",),
    bare_verbs=("ready",),
    amount_verbs=(("claim", MAX_TRICK_POINTS + 1),),  # a muggins call names its items: never listed
)

PHASES: Final = ("play", "claim", "muggins", "hand over", "over")


def write(view: View, out: Encoder) -> None:
    """Hand, the trick and earlier tricks by seat; trumps, scores, tricks and claims."""
    trick: list[list[str]] = [[] for _ in range(out.players)]
    for seat, card in view["trick"]:
        trick[seat].append(card)
    out.seat_planes(trick)
    played: list[list[str]] = [[] for _ in range(out.players)]
    for done in view["tricks"]:
        for seat, card in done["cards"]:
            played[seat].append(card)
    out.cards(view["hand"])
    out.seat_planes(played)
    out.one_hot(view["phase"], PHASES)
    out.one_hot(view["trumps"], ("C", "D", "H", "S", None))
    out.per_seat(view["scores"], 100)
    out.per_seat(view["tricks_won"], 13)
    out.per_seat(view["hand_sizes"], 13)
    out.seats_in([view["dealer"]])
    out.seats_in([view["leader"]])
    out.seats_in(present(view["trick_winner"]))
    claim = view["claim"]
    out.seats_in(present(claim and claim["player"]))
    out.numbers([claim["points"] / MAX_TRICK_POINTS if claim else 0.0])
    out.seats_in(view["muggins"] and view["muggins"]["waiting"])


LAYOUT: Final = Layout(52, write)

SHOWN: Final = ("phase", "scores", "dealer", "trick", "trumps")
"""The spectator view's fields worth a line when rendered as text."""
