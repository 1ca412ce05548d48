"""Cross Cribbage's actions and observation vector (docs/environments.md has them as tables).

One action per cell (``lay a1`` ... ``lay e5``; the centre's is never legal), ``throw`` and
``ready``. The grid is observed cell by cell, a rank and a suit per cell; besides it, the card one
has turned, the cut card, one's own throws, what each side counts, the piles, throws and scores by
relative seat, whose turn it is and the dealer.
"""

from __future__ import annotations

from typing import Final

from muggins.envs.actions import ActionSpace, OwnVerb
from muggins.envs.observation import CARD_INDEX, Encoder, Layout, View, present
from muggins.games.cross.moves import Lay
from muggins.games.moves import Move
from muggins.scoring.cross.grid import CELLS, cell_name

RANKS: Final = 13
SUITS: Final = 4
PER_CELL: Final = RANKS + SUITS
MOST: Final = 121
"""The highest target the options allow: targets and scores are scaled by it."""
PILE: Final = 14
"""The most cards a pile holds: piles are scaled by it."""


def cell_of(move: Move) -> int:
    """The cell a ``lay`` move lays the card on (0-24, row by row)."""
    assert isinstance(move, Lay)
    return move.index


ACTIONS: Final = ActionSpace(
    deck=52,
    card_verbs=(),
    bare_verbs=("throw", "ready"),
    amount_verbs=(),
    own_verbs={"lay": OwnVerb(tuple(cell_name(i) for i in range(CELLS)), cell_of)},
)

PHASES: Final = ("lay", "counted", "over")


def write(view: View, out: Encoder) -> None:
    """The turned card, the cut card, one's throws; the grid cell by cell; one's side's lines (rows
    or columns); piles, throws, scores, the turn and the dealer by relative seat; phase, target and
    form."""
    out.cards(present(view["card"]))
    out.cards(present(view["cut"]))
    out.cards(view["my_crib"])
    values = [0.0] * (CELLS * PER_CELL)
    for cell, text in enumerate(view["grid"]):
        if text is not None:
            index = CARD_INDEX[text]
            values[cell * PER_CELL + index % RANKS] = 1.0
            values[cell * PER_CELL + RANKS + index // RANKS] = 1.0
    out.numbers(values)
    out.numbers([float(view["counts"][out.me] == "rows")])
    out.per_seat(view["piles"], PILE)
    out.per_seat(view["thrown"], 2)
    out.per_seat(view["scores"], MOST)
    out.seats_in(present(view["turn"]))
    out.seats_in([view["dealer"]])
    out.one_hot(view["phase"], PHASES)
    out.numbers([view["target"] / MOST, float(not any(view["share"]))])  # no throws: Table Top


LAYOUT: Final = Layout(52, write)

SHOWN: Final = ("phase", "scores", "hand", "turn", "cut")
"""The spectator view's fields worth a line when rendered as text."""
