"""Cribbage Squares' own verb: ``place b3`` lays the turned card on a cell of one's grid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Self

from muggins.games.errors import MoveSyntaxError
from muggins.games.moves import Move, move_type
from muggins.scoring.squares.grid import cell_index, cell_name


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Lay the turned card on the cell at ``index`` (0-15, row by row from the top left)."""

    index: int

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        index = cell_index(args[0]) if len(args) == 1 else None
        if index is None:
            said = " ".join(args) or "nothing"
            raise MoveSyntaxError(
                f"'place' takes one cell, a column a-d and a row 1-4 (e.g. 'place b3'), not {said!r}"
            )
        return cls(index)

    def args_text(self) -> str:
        return cell_name(self.index)


move_type(Place, "place", example="b3")
