"""Skalborg's actions and observation vector (docs/environments.md has them as tables)."""

from __future__ import annotations

from typing import Any, Final

from muggins.envs.actions import ActionSpace
from muggins.envs.observation import SEATS, Encoder, Layout, View, present

ACTIONS: Final = ActionSpace(
    deck=54,
    card_verbs=("discard",),
    bare_verbs=("check", "call", "fold", "allin", "ready"),
    amount_verbs=(("bet", 2), ("raise", 2)),
    ordinal_verbs=frozenset({"bet", "raise"}),  # the minimum, then the pot-sized amount
)

PHASES: Final = (
    "throw",
    "preflop",
    "flop",
    "turn",
    "river",
    "count",
    "hand_over",
    "game_over",
)
STREETS: Final = PHASES[1:5]
AGGRESSIVE: Final = frozenset({"bet", "raise", "allin"})


def write(view: View, out: Encoder) -> None:
    """Own cards and throw, the board, showdown hands; chips, blinds, betting state and this
    hand's betting so far."""
    chips = float(max(1, sum(view["stacks"]) + view["pot"]))
    out.cards(view["cards"])
    out.cards(present(view["thrown"]))
    out.cards(view["board"])
    shown: list[list[str]] = [[] for _ in range(out.players)]
    for entry in view["showdown"]:
        shown[entry["player"]] = entry["cards"]
    out.seat_planes(shown)
    out.one_hot(view["phase"], PHASES)
    out.per_seat(view["stacks"], chips)
    out.per_seat(view["bets"], chips)
    out.per_seat(view["committed"], chips)
    money = [view["pot"], view["current_bet"], view["small_blind"], view["big_blind"]]
    money += [view.get(k) or 0 for k in ("to_call", "min_raise_to", "max_raise_to")]
    out.numbers(money, chips)
    out.numbers([view["face_down"] / 4])
    out.seats_in([view["dealer"]])
    out.seats_in(present(view["acting"]))
    for key in ("dealt", "folded", "out", "all_in", "thrown_by"):
        out.seats_in(view[key])
    betting_history(view["actions"], out, chips)


def betting_history(actions: list[dict[str, Any]], out: Encoder, chips: float) -> None:
    """This hand's betting, by street and relative seat: chips put in, then bets and raises made."""
    put_in = [[0.0] * SEATS for _ in STREETS]
    raised = [[0.0] * SEATS for _ in STREETS]
    for action in actions:
        street, slot = STREETS.index(action["street"]), out.rel(action["player"])
        put_in[street][slot] += action["chips"]
        raised[street][slot] += action["action"] in AGGRESSIVE
    for row in put_in:
        out.numbers(row, chips)
    for row in raised:
        out.numbers(row, 4)


LAYOUT: Final = Layout(54, write)

SHOWN: Final = ("phase", "scores", "dealer", "board", "pot", "bets")
"""The spectator view's fields worth a line when rendered as text."""
