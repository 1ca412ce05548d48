"""``muggins play``: a human plays any game in the terminal against bots.

Bad input is refused with the reason and the legal moves, and asked again; Ctrl-C (or the end of
input) saves the game record, which ``muggins replay`` and ``muggins.load_game`` read back.
"""

from __future__ import annotations

import argparse
import importlib
import json
from pathlib import Path
from typing import Any

from rich.console import Console

from muggins.bots.registry import make_bot
from muggins.cards import CardError, parse_cards
from muggins.cli.common import CommandError, console
from muggins.cli.narrate import describe
from muggins.games.base import Game
from muggins.games.errors import GameError
from muggins.games.moves import Move
from muggins.games.registry import game_class, game_names, new_game

CARD_VERBS = ("play", "discard", "crib")


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play in the terminal. Type a move ('discard 5H 6D', 'play JS', 'go', 'claim 8', ...); "
        "cards alone lay or discard them. Ctrl-C saves the game record.",
    )
    p.add_argument("--game", choices=game_names(), default="cribbage")
    p.add_argument("--players", type=int, default=None, help="number of seats (default: the game's least)")
    p.add_argument("--partnerships", action="store_true", help="cribbage: four players in two partnerships")
    p.add_argument("--variant", choices=("six-card", "five-card", "ten-hand"), help="cribbage variant")
    p.add_argument("--target", type=int, help="score target")
    p.add_argument("--bots", default="random", help="bot names for the other seats, comma separated")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=int, help="seed for the shuffle (default: random)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="any other game option, e.g. --option counting=manual --option muggins=true")
    p.add_argument("--save", type=Path, help="where Ctrl-C saves the record (default muggins-GAME-SEED.json)")
    p.set_defaults(run=run)


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options named on the command line, checked against the game's options."""
    fields = game_class(args.game).options_model.model_fields
    options: dict[str, Any] = {}
    for name in ("partnerships", "variant", "target"):
        value = getattr(args, name)
        if value not in (None, False):
            if name not in fields:
                raise CommandError(f"--{name} is not an option of {args.game}")
            options[name] = value
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep:
            raise CommandError(f"--option takes NAME=VALUE, not {text!r}")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


def run(args: argparse.Namespace) -> int:
    players = args.players or game_class(args.game).min_players
    game = new_game(args.game, players=players, seed=args.seed, **game_options(args))
    if not 0 <= args.seat < players:
        raise CommandError(f"--seat must be 0-{players - 1}, not {args.seat}")
    names = [n.strip() for n in args.bots.split(",") if n.strip()] or ["random"]
    others = [s for s in range(players) if s != args.seat]
    bots = {seat: make_bot(args.game, names[i % len(names)], seed=game.seed + seat)
            for i, seat in enumerate(others)}
    out = console()
    save = args.save or Path(f"muggins-{args.game}-{game.seed}.json")
    try:
        play_out(game, args.seat, bots, out)
    except (KeyboardInterrupt, EOFError):
        save.write_text(json.dumps(game.record(), indent=1))
        out.print(f"\n[bold]game saved to {save}[/bold] (muggins replay {save})")
        return 130
    return 0


def play_out(game: Game, you: int, bots: dict[int, Any], out: Console) -> None:
    """Alternate bot moves and the human's prompted moves until the game ends, narrating events."""
    renderer = importlib.import_module(f"muggins.cli.tables.{game.name}")
    for event in game.events:
        line = describe(event, you)
        if line:
            out.print(line)
    while not game.is_over:
        waiting = sorted(game.to_move)
        bot_seats = [s for s in waiting if s != you]
        if bot_seats:
            seat = bot_seats[0]
            narrate(game, game.apply(seat, bots[seat].choose(game.view(seat))), you, out)
            continue
        out.print()
        renderer.render(game.view(you), out)
        narrate(game, human_move(game, you, out), you, out)
    out.print("[bold]final scores:[/bold] " + ", ".join(str(s) for s in game.scores))


def narrate(game: Game, events: list[Any], you: int, out: Console) -> None:
    for event in events:
        line = describe(event, you)
        if line:
            out.print(line)


def human_move(game: Game, you: int, out: Console) -> list[Any]:
    """Prompt until the human's move is accepted; each refusal names the reason. Returns its events."""
    legal = game.legal_moves(you)
    while True:
        text = input(f"your move ({hint(legal)}): ").strip()
        try:
            return game.apply(you, expand(text, legal))
        except GameError as exc:
            out.print(f"[red]{exc}[/red]")


def expand(text: str, legal: list[Move]) -> str:
    """Shortcuts: cards alone lay or discard them; 'g' says go; 'r' is ready."""
    if text.lower() in ("g", "go"):
        return "go"
    if text.lower() in ("r", "ready", ""):
        return "ready" if any(m.verb == "ready" for m in legal) else text
    verbs = {m.verb for m in legal}
    try:
        parse_cards(text)
    except CardError:
        return text
    for verb in CARD_VERBS:
        if verb in verbs:
            return f"{verb} {text}"
    return text


def hint(legal: list[Move]) -> str:
    shown = [str(m) for m in legal[:6]]
    return " | ".join(shown) + (" | ..." if len(legal) > 6 else "")
