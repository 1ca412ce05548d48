"""``muggins play``: a human plays any game in the terminal against bots.

Bad input is refused with the reason and the legal moves, and asked again. The game record is
saved when the game ends and on Ctrl-C (or the end of input); ``muggins replay`` and
``muggins.load_game`` read it back.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from muggins.bots.registry import bot_names, make_bot
from muggins.cards import CardError, parse_cards
from muggins.cli.common import (
    CommandError,
    add_bots_option,
    add_engine_options,
    console,
    engine_commands,
    parse_options,
    whole_number,
)
from muggins.cli.games import game_part
from muggins.games.errors import GameError
from muggins.games.registry import game_class, game_names, new_game, options_model

if TYPE_CHECKING:
    from rich.console import Console

    from muggins.bots.base import Bot
    from muggins.games.base import Game
    from muggins.games.moves import Move

CARD_VERBS = ("play", "discard", "crib")


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="Play in the terminal. Type a move ('discard 5H 6D', 'play JS', 'go', 'claim 8', ...); "
        "cards alone lay or discard them. Ctrl-C saves the game record.",
    )
    p.add_argument("--game", choices=game_names(), default=game_names()[0])
    p.add_argument(
        "--players", type=whole_number, default=None, help="number of seats (default: the game's least)"
    )
    p.add_argument(
        "--partnerships",
        action="store_true",
        help="four players in two partnerships, where the game has them",
    )
    p.add_argument(
        "--variant", help="the game's variant, where it has them (e.g. five-card); its error lists them"
    )
    p.add_argument("--target", type=whole_number, help="score target")
    add_bots_option(
        p,
        "random",
        lambda: (
            "bots for the other seats, comma separated ("
            + "; ".join(f"{game}: {', '.join(bot_names(game))}" for game in game_names())
            + ")"
        ),
    )
    add_engine_options(p)
    p.add_argument("--seat", type=whole_number, default=0, help="your seat (default 0)")
    p.add_argument("--seed", type=whole_number, help="seed for the shuffle (default: random)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any other game option, e.g. --option counting=manual --option muggins=true",
    )
    p.add_argument(
        "--save",
        type=Path,
        help="where the record is saved when the game ends or on Ctrl-C (default muggins-GAME-SEED.json)",
    )
    p.set_defaults(run=run)


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options named on the command line, checked against the game's options."""
    fields = options_model(args.game).names()
    options: dict[str, Any] = {}
    for name in ("partnerships", "variant", "target"):
        value = getattr(args, name)
        if value is not None and value is not False:
            if name not in fields:
                raise CommandError(f"--{name} is not an option of {args.game}")
            options[name] = value
    options.update(parse_options(args.option))
    return options


def run(args: argparse.Namespace) -> int:
    from muggins.bots.engine import Engine, EngineBot, EngineError

    cls = game_class(args.game)
    players = cls.min_players if args.players is None else args.players
    game = new_game(args.game, players=players, seed=args.seed, **game_options(args))
    if not 0 <= args.seat < players:
        raise CommandError(f"--seat must be 0-{players - 1}, not {args.seat}")
    names = [n.strip() for n in args.bots.split(",") if n.strip()] or ["random"]
    engines = engine_commands(args.engine, bot_names(args.game))
    others = [s for s in range(players) if s != args.seat]
    save = args.save or Path(f"muggins-{args.game}-{game.seed}.json")
    check_writable(save)
    bots: dict[int, Bot] = {}
    out = console()
    try:
        for i, seat in enumerate(others):
            name = names[i % len(names)]
            if name in engines:
                bots[seat] = EngineBot(Engine(engines[name], seconds=args.engine_seconds))
            else:
                bots[seat] = make_bot(args.game, name, seed=game.seed + seat)
        play_out(game, args.seat, bots, out)
    except Quit:
        out.print(f"[bold]game saved to {save_record(game, save)}[/bold]", soft_wrap=True)
        return 0
    except (KeyboardInterrupt, EOFError):
        out.print(f"\n[bold]game saved to {save_record(game, save)}[/bold]", soft_wrap=True)
        return 130
    except EngineError as exc:  # an engine that would not start
        raise CommandError(f"an engine could not play: {exc}") from None
    finally:
        for bot in bots.values():
            if isinstance(bot, EngineBot):
                bot.engine.close()
    out.print(f"[bold]game saved to {save_record(game, save)}[/bold]", soft_wrap=True)
    return 0


def check_writable(path: Path) -> None:
    """Refuse a save path that cannot be written before the game starts, not when it ends."""
    folder = path.parent
    if not folder.is_dir():
        raise CommandError(f"cannot save to {path}: there is no folder {folder}")
    if path.is_dir():
        raise CommandError(f"cannot save to {path}: it is a folder")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CommandError(f"cannot save to {path}: permission denied")


def save_record(game: Game, path: Path) -> str:
    """Write the record to ``path``; if that fails now, to a temporary file, so that no game is
    lost. Returns where it went, with the command that replays it."""
    import tempfile

    text = json.dumps(game.record(), indent=1)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        with tempfile.NamedTemporaryFile(
            "w", prefix=f"muggins-{game.name}-", suffix=".json", delete=False, encoding="utf-8"
        ) as spare:
            spare.write(text)
        return f"{spare.name} ({path} failed: {exc.strerror}) (muggins replay {spare.name})"
    return f"{path} (muggins replay {path})"


def play_out(game: Game, you: int, bots: dict[int, Bot], out: Console) -> None:
    """Alternate bot moves and the human's prompted moves until the game ends, narrating events. An
    engine that fails (docs/engines.md) leaves the game, saying why."""
    from muggins.bots.engine import EngineBot, EngineError
    from muggins.games.moves import Leave

    renderer = game_part(game.name, "table")
    assert renderer is not None, f"{game.name} has no terminal table"
    narrate(game, game.events, you, out)
    while not game.is_over:
        waiting = sorted(game.to_move)
        bot_seats = [s for s in waiting if s != you]
        if bot_seats:
            seat = bot_seats[0]
            try:
                narrate(game, game.apply(seat, bots[seat].choose(game.view(seat))), you, out)
            except (EngineError, GameError) as exc:
                if not isinstance(bots[seat], EngineBot):
                    raise
                out.print(f"[bold]the engine in seat {seat} failed: {exc}[/bold]", soft_wrap=True)
                narrate(game, game.apply(seat, Leave()), you, out)
            continue
        out.print()
        renderer.render(game.view(you), out)
        narrate(game, human_move(game, you, out), you, out)
    out.print("[bold]final scores:[/bold] " + ", ".join(str(s) for s in game.scores))


def narrate(game: Game, events: list[Any], you: int, out: Console) -> None:
    from muggins.cli.narrate import describe

    for event in events:
        line = describe(game.name, event, you)
        if line:
            out.print(line)


def prompt(game: Game, you: int, legal: list[Move]) -> tuple[str, set[str]]:
    """The prompt for the human's move, and the verbs it accepts. While counting by hand the prompt
    shows the claim syntax from the game's terminal table (``COUNTING``: phase -> the syntax and the
    verbs accepted beyond the legal moves listed, claims that listing would count for you)."""
    view = game.view(you)
    table = game_part(game.name, "table")
    counting = table.COUNTING if table is not None else {}
    syntax, extra = counting.get(view.get("phase", ""), ("", ()))
    verbs = {m.verb for m in legal} | set(extra)
    if syntax:
        most = (view.get("showing") or {}).get("most", 29)
        return f"your move ({syntax.format(most=most)}): ", verbs
    return f"your move ({hint(legal)}): ", verbs


def human_move(game: Game, you: int, out: Console) -> list[Any]:
    """Prompt until the human's move is accepted; each refusal names the reason. Returns its events."""
    from muggins.games.moves import verbs

    legal = game.legal_moves(you)
    text_prompt, accepted = prompt(game, you, legal)
    now = sorted(accepted)
    while True:
        text = expand(input(text_prompt).strip(), legal)
        verb = text.split()[0].lower() if text.split() else ""
        if verb in COMMANDS and verb not in now:
            COMMANDS[verb](game, you, legal, out)
            continue
        if verb not in now:
            what = f"you cannot {verb} now" if verb in verbs() else f"unknown move {verb!r}"
            out.print(f"[red]{what}: your moves now are {', '.join(now)}[/red]")
            continue
        try:
            return game.apply(you, text)
        except GameError as exc:
            out.print(f"[red]{exc}[/red]")


class Quit(Exception):  # noqa: N818 - the player's word, not an error
    """The player typed ``quit``: the game is saved and the program ends."""


def _help(game: Game, you: int, legal: list[Move], out: Console) -> None:
    shown = ", ".join(str(m) for m in legal[:12]) + (" ..." if len(legal) > 12 else "")
    out.print(
        f"[bold]your moves now:[/bold] {shown}\n"
        "cards alone lay or discard them (e.g. 5H); g says go; Enter or r is ready\n"
        "hint: the expert's move and why (none while you count by hand)\n"
        "quit: save the game and stop",
        soft_wrap=True,
    )


def _hint(game: Game, you: int, legal: list[Move], out: Console) -> None:
    from muggins.server.tables.hints import hint, refusal

    refused = refusal(game, you)
    if refused is not None:
        out.print(f"[yellow]no hint: {refused}[/yellow]")
        return
    advice = hint(game.name, game.view(you))
    out.print(f"[cyan]hint: {advice.move}[/cyan] - {advice.reason}", soft_wrap=True)


def _quit(game: Game, you: int, legal: list[Move], out: Console) -> None:
    raise Quit


COMMANDS = {"help": _help, "?": _help, "hint": _hint, "quit": _quit}
"""Words the prompt takes besides moves (a game's verb of the same name would come first)."""


def expand(text: str, legal: list[Move]) -> str:
    """Shortcuts: cards alone lay or discard them; 'g' says go; 'r' is ready; a legal move's words
    without its verb are that move (a Squares cell, ``a1``, places the card there)."""
    if text.lower() in ("g", "go"):
        return "go"
    if text.lower() in ("r", "ready", ""):
        return "ready" if any(m.verb == "ready" for m in legal) else text
    said = " ".join(text.lower().split())
    called = said.replace(" as ", "=").replace(" ", "=")  # a wild joker's call: "jkr 5h", "jkr as 5h"
    unspoken = {str(m) for m in legal if str(m).lower().partition(" ")[2] in (said, called)}
    if len(unspoken) == 1:
        return unspoken.pop()
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
    """Up to six of the legal moves; a joker's calls (``joker JKR=5H``, one per card) as one."""
    said: list[str] = []
    for move in legal:
        text = str(move)
        if "=" in text:
            text = text.partition("=")[0] + "=CARD"
        if text not in said:
            said.append(text)
    return " | ".join(said[:6]) + (" | ..." if len(said) > 6 else "")
