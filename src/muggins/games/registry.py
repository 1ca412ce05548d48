"""The registry of games: every front creates and reloads games through it, by name. The engines
load on first use, so that listing the names is light."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muggins.games.base import DeckSpec, Game
from muggins.games.errors import GameError, RecordError, UnknownGameError

GAME_MODULES: dict[str, str] = {
    "cribbage": "muggins.games.cribbage.game",
    "skalborg": "muggins.games.skalborg.game",
    "cribist": "muggins.games.cribist.game",
}
"""Game name -> its engine module (``muggins.games.<game>.game``), whose ``GAME`` is the Game subclass."""


def game_names() -> list[str]:
    """The names of every registered game."""
    return list(GAME_MODULES)


def game_class(name: str) -> type[Game]:
    """The Game subclass registered under ``name``."""
    module_name = GAME_MODULES.get(name)
    if module_name is None:
        raise UnknownGameError(f"unknown game {name!r}: expected one of {', '.join(GAME_MODULES)}")
    cls: type[Game] = importlib.import_module(module_name).GAME
    return cls


def new_game(
    name: str,
    *,
    players: int,
    seed: int | None = None,
    deck: DeckSpec | None = None,
    **options: Any,
) -> Game:
    """Create a game by name: ``new_game("cribbage", players=4, partnerships=True, seed=7)``.

    ``deck`` (one deal's cards in dealing order, or a list of such, one per deal) replaces the
    shuffle; the seeded generator shuffles every later deal.
    """
    return game_class(name)(players=players, seed=seed, deck=deck, **options)


def load_game(record: dict[str, Any]) -> Game:
    """Replay a game record (as made by ``Game.record()``), reproducing every event."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    from muggins.games.base import RECORD_VERSION

    missing = [key for key in ("game", "players", "seed", "moves") if key not in record]
    if missing:
        raise RecordError(f"malformed game record: it has no {', '.join(map(repr, missing))}")
    try:
        if record.get("version") != RECORD_VERSION:
            raise RecordError(f"record version {record.get('version')!r} is not {RECORD_VERSION}")
        game = new_game(
            record["game"],
            players=record["players"],
            seed=record["seed"],
            deck=record.get("deck"),
            **record.get("options", {}),
        )
        for number, (player, move) in enumerate(record["moves"], start=1):
            try:
                game.apply(player, move)
            except GameError as exc:
                raise RecordError(f"move {number} ({player}: {move!r}) does not replay: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"malformed game record: {exc!r}") from None
    return game
