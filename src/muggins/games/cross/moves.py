"""Cross Cribbage's own verbs: ``lay b4`` lays the turned card on a cell of the grid, ``throw``
throws it to the crib."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from muggins.games.cells import CellMove
from muggins.games.moves import BareMove, move_type
from muggins.scoring.cross.grid import SIDE


@dataclass(frozen=True, slots=True)
class Lay(CellMove):
    """Lay the turned card on the cell at ``index`` (0-24, row by row from the top left)."""

    side: ClassVar[int] = SIDE


move_type(Lay, "lay", example="b4")


class Throw(BareMove):
    """Throw the turned card to the crib, face down."""


move_type(Throw, "throw")
