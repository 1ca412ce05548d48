"""A command's human output as lines and tables: drawn by rich on a terminal, plain text elsewhere."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NamedTuple


class _Line(NamedTuple):
    text: str
    bold: bool


class _Table(NamedTuple):
    headers: tuple[str, ...]
    rows: list[tuple[str, ...]]


class Report:
    """Lines and tables, shown in the order added. On a terminal rich draws them (a bold line, boxed
    tables); written to a pipe or a file they are plain text with aligned columns, and rich is not
    loaded: its import was a fifth of a quick ``muggins simulate`` (issue 62)."""

    def __init__(self) -> None:
        self.parts: list[_Line | _Table] = []

    def line(self, text: str, *, bold: bool = False) -> None:
        """A line of text, taken as written (no markup)."""
        self.parts.append(_Line(text, bold))

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        """A table: the first column is names, the others are figures."""
        if any(len(row) != len(headers) for row in rows):
            raise ValueError(f"every row of a table needs {len(headers)} cells")
        self.parts.append(_Table(tuple(headers), [tuple(row) for row in rows]))

    def show(self) -> None:
        """Write the report on standard output."""
        if sys.stdout.isatty():
            self._draw()
            return
        for part in self.parts:
            print(part.text if isinstance(part, _Line) else plain_table(part.headers, part.rows))

    def _draw(self) -> None:
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        out = Console(highlight=False)
        for part in self.parts:
            if isinstance(part, _Line):
                out.print(Text(part.text, style="bold" if part.bold else ""))
                continue
            table = Table(*part.headers)
            for row in part.rows:
                table.add_row(*row)
            out.print(table)


def plain_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The table as text: a header, a rule and the rows, names left and figures right aligned."""
    widths = [max(len(row[column]) for row in (headers, *rows)) for column in range(len(headers))]

    def aligned(cells: Sequence[str]) -> str:
        name, *figures = cells
        return "  ".join(
            [name.ljust(widths[0]), *(f.rjust(w) for f, w in zip(figures, widths[1:], strict=True))]
        )

    rule = "  ".join("-" * width for width in widths)
    return "\n".join(line.rstrip() for line in (aligned(headers), rule, *map(aligned, rows)))
