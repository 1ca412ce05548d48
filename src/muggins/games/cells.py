"""A move that names one cell of a square grid (Squares' ``place b3``, Cross Cribbage's
``lay b4``): parsed and written the same way in every game that has one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from muggins.games.errors import MoveSyntaxError
from muggins.games.moves import Move
from muggins.scoring.cells import cell_index, cell_name, column_letters


@dataclass(frozen=True, slots=True)
class CellMove(Move):
    """A move naming the cell at ``index`` (row by row from the top left) of a grid ``side`` wide.
    A game's move subclasses it, sets ``side`` and is registered with ``move_type`` as any move."""

    index: int
    side: ClassVar[int] = 0

    @classmethod
    def parse_args(cls, args: list[str]) -> Self:
        index = cell_index(args[0], cls.side) if len(args) == 1 else None
        if index is None:
            said = " ".join(args) or "nothing"
            last = column_letters(cls.side)[-1]
            raise MoveSyntaxError(
                f"'{cls.verb}' takes one cell, a column a-{last} and a row 1-{cls.side} "
                f"(e.g. '{cls.verb} {cls.example}'), not {said!r}"
            )
        return cls(index)

    def args_text(self) -> str:
        return cell_name(self.index, self.side)
