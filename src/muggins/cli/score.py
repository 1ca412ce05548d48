"""``muggins score``: the itemised score of what each game scores (a cribbage hand, crib or
pegging play, a Skalborg hand, a Cribist trick, a Cribbage Squares grid), through each game's
``score`` part (``muggins.cli.games``)."""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

from muggins.cards import format_cards, parse_cards
from muggins.cli.common import CommandError, console, print_json, refuse_flags

if TYPE_CHECKING:
    from muggins.scoring.items import Score
from muggins.cli.games import game_parts


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
    """Game name -> its ``score`` part, for every registered game that has one."""
    return game_parts("score")


def register(sub: Any) -> None:
    games = scorers()
    summaries = [module.SUMMARY for module in games.values()]
    p: argparse.ArgumentParser = sub.add_parser(
        "score",
        help=f"score {', '.join(summaries[:-1])} or {summaries[-1]}",
        description="Itemised score. Examples: "
        + ", ".join(f"'{line}'" for module in games.values() for line in module.EXAMPLES)
        + ".",
    )
    p.add_argument("cards", nargs="+", help="the cards, e.g. 5H 5D 5S JC (10 or T for ten; jokers JKB JKR)")
    p.add_argument("--game", choices=list(games), default=next(iter(games)))
    for flag, readers in flags_of(games).items():
        uses = "; ".join(f"{', '.join(names)}: {text}" for text, names in readers.items())
        p.add_argument(f"--{flag.name}", help=uses, **flag.arguments())
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=run)


def flags_of(games: dict[str, Any]) -> dict[Flag, dict[str, list[str]]]:
    """Each flag any game reads (the same name is one kind of flag everywhere) -> its help text ->
    the games that read it so."""
    found: dict[str, Flag] = {}
    helps: dict[Flag, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for game, module in games.items():
        for flag in module.FLAGS:
            first = found.setdefault(flag.name, flag)
            if first.kind != flag.kind:
                raise TypeError(f"--{flag.name} is a {first.kind} in one game and a {flag.kind} in {game}")
            helps[first][flag.help].append(game)
    return helps


def run(args: argparse.Namespace) -> int:
    games = scorers()
    module = games[args.game]
    own = {flag.name for flag in module.FLAGS}
    others = sorted({flag.name for m in games.values() for flag in m.FLAGS} - own)
    refuse_flags(args, others, f"to {args.game} scoring")
    scored: Scored = module.score(parse_cards(args.cards), args)
    if args.json:
        print_json(scored.to_dict())
        return 0
    show(scored)
    return 0


def show(scored: Scored) -> None:
    """Each part's items, its total and its count said aloud; a total over every part."""
    from muggins.scoring.speech import say_count

    out = console()
    out.print(f"[bold]{scored.title}[/bold]")
    for name, score in scored.parts:
        if name:
            out.print(f"[bold]{name}[/bold]")
        for item in score.items:
            out.print(f"  {item.points:>3}  {item.kind:<18} {format_cards(item.cards, pretty=True)}")
        out.print(f"  [bold]{score.total:>3}[/bold]  {name or 'total'}")
        out.print(f"[italic]{say_count(score)}[/italic]")
    if len(scored.parts) > 1:
        out.print(f"  [bold]{scored.total:>3}[/bold]  total")


__all__ = ["CommandError", "register", "run"]
