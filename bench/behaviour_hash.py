"""A hash of everything the engines show, over seeded random games of every table form: a change
made only for speed must leave it unchanged.

    .venv/bin/python bench/behaviour_hash.py [--games 400] [--game cribbage|cribist|skalborg] [--per-config]

Each game is played with random legal moves (and now and then a leave, and rejected moves), and the
hash takes in, after every move: the events with every viewer's redaction and their JSON, every
seat's legal moves and ``auto_move``, the waiting seats, scores, every viewer's view and hidden
cards, and each rejected move's error; at the end the result, the record, and the record replayed.
Prints one line per game name: its hash and the number of games and moves; with ``--per-config``
also one line per table configuration, so that a change meant for one option (manual counting) can
be shown to leave the others alone.

    .venv/bin/python bench/behaviour_hash.py --bot expert [--games 100] [--game cribbage]

With ``--bot``, the hash is instead of every move that bot makes in seeded self-play games of the
game's first table form (two players where it allows): a change to a bot made only for speed
(or memory) must leave its decisions, and so this hash, unchanged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from muggins.bots.registry import make_bot
from muggins.cards import STANDARD_CARDS
from muggins.games.base import Game
from muggins.games.cribbage.options import TABLE_FORMS
from muggins.games.errors import GameError
from muggins.games.events import Event
from muggins.games.moves import Leave
from muggins.games.registry import load_game, new_game

CRIBBAGE: tuple[dict[str, Any], ...] = (
    *TABLE_FORMS,
    {"players": 3, "counting": "manual", "pre_show": True, "post_show": True},
    {"players": 2, "skip_empty": False, "skip_pass": False, "post_show": False},
    {"players": 3, "skip_only_move": True, "heels": 1},
    {"players": 4, "skip_only_move": True, "skip_pass": False, "pre_show": True},
    {"players": 2, "match": 3, "target": 61},
    {"players": 3, "match": 5, "target": 31, "skunk": 25, "double_skunk": 15, "triple_skunk": 5},
    {"players": 4, "dealer_rule": "random", "direction": "anticlockwise", "first_dealer": "random"},
    {"players": 2, "first_dealer": 1, "variant": "five-card", "match": 3},
    {"players": 4, "partnerships": True, "variant": "ten-hand", "counting": "manual"},
    {"players": 3, "variant": "ten-hand", "dealer_rule": "random", "target": 91},
)
CRIBIST: tuple[dict[str, Any], ...] = (
    {"players": 4},
    {"players": 4, "deals": 3, "first_dealer": 1},
    {"players": 4, "end": "target", "target": 41},
    {"players": 4, "counting": "manual", "deals": 4},
)
SKALBORG: tuple[dict[str, Any], ...] = tuple(
    {"players": p, "blinds": b, "betting": lim, "starting_stack": 10}
    for p in (2, 3, 4)
    for b in ("equal", "small-big", "non-dealer")
    for lim in ("no-limit", "pot-limit", "fixed-limit")
)
FORMS = {"cribbage": CRIBBAGE, "cribist": CRIBIST, "skalborg": SKALBORG}
LEAVE_RATE = 0.004
REJECT_RATE = 0.05
REJECTED = (
    "play 0X",
    "frobnicate",
    "go",
    "play AS",
    "discard 5H 5H",
    "claim 99",
    "ready",
    "muggins 7",
    "crib AS 2S 3S 4S",
)
"""Moves tried now and then (each one not legal at the time must be rejected, the same way)."""


def dumps(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def event_text(event: Event, viewers: list[int | None]) -> list[Any]:
    """An event as every viewer sees it, its repr, and a check that it pickles to an equal event."""
    assert pickle.loads(pickle.dumps(event)) == event, f"{event!r} does not pickle back"
    seen = [event.for_viewer(v).to_dict() for v in viewers]
    return [type(event).__name__, repr(event), event.to_dict(), seen]


def attempt(game: Game, player: int, move: Any) -> str:
    """Apply a move expected to be rejected; the error's type and message."""
    try:
        game.apply(player, move)
    except GameError as exc:
        return f"{type(exc).__name__}: {exc}"
    raise AssertionError(f"{move!r} by {player} was accepted")


def state(game: Game, viewers: list[int | None]) -> list[Any]:
    seats = range(game.players)
    return [
        sorted(game.to_move),
        list(game.scores),
        game.is_over,
        game.state_id,
        [[repr(m) for m in game.legal_moves(s)] for s in seats],
        [str(game.auto_move(s)) for s in sorted(game.to_move)],
        [game.view(v) for v in viewers],
        [sorted(str(c) for c in game.hidden_cards(v)) for v in viewers],
    ]


def play(name: str, config: dict[str, Any], seed: int, digest: Any) -> int:
    """One random game, fed to ``digest``; returns its number of moves."""
    rng = random.Random(seed)
    options = dict(config)
    if seed % 7 == 3 and name == "cribbage":  # a stacked first deal now and then
        deck = [str(card) for card in STANDARD_CARDS]
        rng.shuffle(deck)
        options["deck"] = deck
    game = new_game(name, seed=seed, **options)
    viewers: list[int | None] = [*range(game.players), None]
    digest.update(dumps([event_text(e, viewers) for e in game.events]))
    moves = 0
    while not game.is_over:
        waiting = sorted(game.to_move)
        digest.update(dumps(state(game, viewers)))
        player = rng.choice(waiting)
        if rng.random() < REJECT_RATE:
            others = [s for s in range(game.players) if s not in waiting and s not in game.left]
            tries: list[tuple[int, Any]] = [(player, text) for text in REJECTED]
            if others:
                tries.append((others[0], game.legal_moves(player)[0]))
            for who, move in tries:
                if move in [str(m) for m in game.legal_moves(who)]:
                    continue
                digest.update(attempt(game, who, move).encode())
        if rng.random() < LEAVE_RATE:
            player, move = rng.choice([s for s in range(game.players) if s not in game.left]), Leave()
        else:
            move = rng.choice(game.legal_moves(player))
        before = len(game.events)
        events = game.apply(player, move)
        assert game.events[before:] == events, "apply returned other events than it recorded"
        digest.update(dumps([player, str(move), [event_text(e, viewers) for e in events]]))
        moves += 1
    result = game.result
    assert result is not None
    end = [repr(result), result.to_dict(), result.winners, state(game, viewers), game.record()]
    digest.update(dumps(end))
    replayed = load_game(json.loads(json.dumps(game.record())))
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events], "replay differs"
    return moves


def bot_games(name: str, bot: str, games: int, digest: Any) -> int:
    """``games`` seeded games of ``bot`` against itself, every move fed to ``digest``; the moves."""
    moves = 0
    for number in range(games):
        game = new_game(name, seed=number, players=FORMS[name][0]["players"])
        seats = [make_bot(name, bot, number * 10 + seat) for seat in range(game.players)]
        while not game.is_over:
            player = min(game.to_move)
            legal = game.legal_moves(player)
            move = legal[0] if len(legal) == 1 else seats[player].choose(game.view(player))
            game.apply(player, move)
            digest.update(f"{player} {move};".encode())
            moves += 1
    return moves


class _Both:
    """Feeds two digests at once: the game's and its configuration's."""

    def __init__(self, first: Any, second: Any) -> None:
        self.first, self.second = first, second

    def update(self, data: bytes) -> None:
        self.first.update(data)
        self.second.update(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="cribbage games (the others play fewer)")
    parser.add_argument("--game", choices=sorted(FORMS), action="append")
    parser.add_argument("--per-config", action="store_true", help="a hash for each configuration too")
    parser.add_argument("--bot", help="hash this bot's moves in self-play instead")
    args = parser.parse_args()
    if args.bot:
        for name in args.game or sorted(FORMS):
            digest = hashlib.sha256()
            moves = bot_games(name, args.bot, args.games, digest)
            print(f"{name} {args.bot}: {digest.hexdigest()[:16]} ({args.games} games, {moves} moves)")
        return 0
    for name in args.game or sorted(FORMS):
        forms = FORMS[name]
        games = args.games if name == "cribbage" else max(len(forms), args.games // 10)
        digest = hashlib.sha256()
        each = [hashlib.sha256() for _ in forms]
        moves = 0
        for number in range(games):
            both = _Both(digest, each[number % len(forms)])
            moves += play(name, forms[number % len(forms)], number, both)
        print(f"{name}: {digest.hexdigest()[:16]} ({games} games, {moves} moves)", flush=True)
        if args.per_config:
            for form, config_digest in zip(forms, each, strict=True):
                print(f"  {config_digest.hexdigest()[:16]} {json.dumps(form, sort_keys=True)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
