"""Cribbage Squares' own verb: ``place b3`` lays the turned card on a cell of one's grid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from muggins.games.cells import CellMove
from muggins.games.moves import move_type
from muggins.scoring.squares.grid import SIDE


@dataclass(frozen=True, slots=True)
class Place(CellMove):
    """Lay the turned card on the cell at ``index`` (0-15, row by row from the top left)."""

    side: ClassVar[int] = SIDE


move_type(Place, "place", example="b3")
