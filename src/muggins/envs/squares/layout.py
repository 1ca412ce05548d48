"""Cribbage Squares' actions and observation vector (docs/environments.md has them as tables).

One action per cell (``place a1`` ... ``place d4``). Each seat's grid is observed cell by cell, a
rank and a suit per cell, in relative seat slots: what the others placed shows once everyone has
placed that card (their view), never before.
"""

from __future__ import annotations

from typing import Final

from muggins.envs.actions import ActionSpace, OwnVerb
from muggins.envs.observation import CARD_INDEX, SEATS, Encoder, Layout, View, present
from muggins.games.moves import Move
from muggins.games.squares.moves import Place
from muggins.scoring.squares.grid import CELLS, cell_index, cell_name

RANKS: Final = 13
SUITS: Final = 4
PER_CELL: Final = RANKS + SUITS
MOST: Final = 200
"""The highest target the options allow: targets and totals are scaled by it."""


def cell_of(move: Move) -> int:
    """The cell a ``place`` move lays the card on (0-15, row by row)."""
    assert isinstance(move, Place)
    return move.index


ACTIONS: Final = ActionSpace(
    deck=52,
    card_verbs=(),
    bare_verbs=(),
    amount_verbs=(),
    own_verbs={"place": OwnVerb(tuple(cell_name(i) for i in range(CELLS)), cell_of)},
)

PHASES: Final = ("place", "over")


def grid(cells: list[str | None], out: Encoder) -> None:
    """One grid: for each cell, its card's rank (ace to king) and suit (clubs to spades), or zeros."""
    values = [0.0] * (CELLS * PER_CELL)
    for cell, text in enumerate(cells):
        if text is not None:
            index = CARD_INDEX[text]
            values[cell * PER_CELL + index % RANKS] = 1.0
            values[cell * PER_CELL + RANKS + index // RANKS] = 1.0
    out.numbers(values)


def write(view: View, out: Encoder) -> None:
    """The turned card, the starter, the cards on one's grid; every grid cell by cell (relative
    seats); one's own placement waiting for the others; who has placed, scores, turn and target."""
    grids: list[list[str | None]] = view["grids"]
    out.cards(present(view["card"]))
    out.cards(present(view["starter"]))
    out.cards(card for card in grids[out.me] if card is not None)
    for slot in range(SEATS):
        grid(grids[(out.me + slot) % out.players] if slot < out.players else [None] * CELLS, out)
    pending = view["pending"]
    out.numbers(float(cell == (cell_index(pending) if pending else None)) for cell in range(CELLS))
    out.seats_in(seat for seat, placed in enumerate(view["placed"]) if placed)
    out.per_seat(view["scores"], MOST)
    out.one_hot(view["phase"], PHASES)
    out.numbers([view["turned"] / (CELLS + 1), view["target"] / MOST])


LAYOUT: Final = Layout(52, write)

SHOWN: Final = ("phase", "scores", "turned", "card", "starter")
"""The spectator view's fields worth a line when rendered as text."""
