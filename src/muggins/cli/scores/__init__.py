"""What ``muggins score`` scores in each game, one module per game, found by the game's name:
``muggins.cli.scores.<game>`` gives ``SUMMARY`` (what it scores), ``EXAMPLES`` (command lines),
``FLAGS`` (the flags it reads) and ``score(cards, args) -> Scored``. A game without such a module
is not offered. A module loads no scorer until ``score`` runs, so building the parser stays light."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from muggins.cli.common import game_parts

if TYPE_CHECKING:
    from muggins.scoring.items import Score


@dataclass(frozen=True, slots=True)
class Flag:
    """One flag a game's scoring reads: ``--name``, a switch, a card, several cards or a word."""

    name: str
    help: str
    kind: Literal["switch", "card", "cards", "word"] = "word"

    def arguments(self) -> dict[str, Any]:
        """The keywords of ``ArgumentParser.add_argument`` for this kind of flag."""
        if self.kind == "switch":
            return {"action": "store_true"}
        return {"nargs": "+"} if self.kind == "cards" else {}


@dataclass(frozen=True, slots=True)
class Scored:
    """What was scored (``title``) and its parts: each part's name ("row 1"; "" for a score of
    one part) and its score."""

    title: str
    parts: tuple[tuple[str, Score], ...]

    @property
    def total(self) -> int:
        return sum(score.total for _, score in self.parts)

    def to_dict(self) -> dict[str, Any]:
        """A score of one part as ``Score.to_dict``; of more, the total and each named part."""
        if len(self.parts) == 1:
            return self.parts[0][1].to_dict()
        parts = [{"name": name, **score.to_dict()} for name, score in self.parts]
        return {"total": self.total, "parts": parts}


def scorers() -> dict[str, ModuleType]:
    """Game name -> its scoring module, for every registered game that has one."""
    return game_parts(__name__)
