"""Cross Cribbage's own verbs: ``lay b4`` lays the turned card on a cell of the grid, ``throw``
throws it to the crib."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from muggins.games.errors import MoveSyntaxError
from muggins.games.moves import BareMove, Move, move_type
from muggins.scoring.cross.grid import cell_index, cell_name


@dataclass(frozen=True, slots=True)
class Lay(Move):
    """Lay the turned card on the cell at ``index`` (0-24, row by row from the top left)."""

    index: int

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        index = cell_index(args[0]) if len(args) == 1 else None
        if index is None:
            said = " ".join(args) or "nothing"
            raise MoveSyntaxError(
                f"'lay' takes one cell, a column a-e and a row 1-5 (e.g. 'lay b4'), not {said!r}"
            )
        return cls(index)

    def args_text(self) -> str:
        return cell_name(self.index)


move_type(Lay, "lay", example="b4")


class Throw(BareMove):
    """Throw the turned card to the crib, face down."""


move_type(Throw, "throw")
