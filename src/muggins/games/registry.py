"""The registry of games: every front creates and reloads games through it, by name. The engines
load on first use, so that listing the names is light."""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muggins.games.base import DeckSpec, Game
    from muggins.games.options import Options
from muggins.games.errors import GameError, RecordError, UnknownGameError

GAME_MODULES: dict[str, str] = {
    "cribbage": "muggins.games.cribbage.game",
    "skalborg": "muggins.games.skalborg.game",
    "cribist": "muggins.games.cribist.game",
    "squares": "muggins.games.squares.game",
    "cross": "muggins.games.cross.game",
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
    cls = game_class(name)
    if "match" in options and not plays_own_match(cls):
        from muggins.games.match import match_class

        if options["match"] == 1 and type(options["match"]) is int:  # one game: the game itself
            options = {key: value for key, value in options.items() if key != "match"}
        else:
            cls = match_class(cls)
    return cls(players=players, seed=seed, deck=deck, **options)


def plays_own_match(cls: type[Game]) -> bool:
    """Whether the game ``cls`` plays matches by its own rules (an option ``match`` of its own)."""
    return "match" in cls.options_model.names()


def options_model(name: str) -> type[Options]:
    """The options a game of ``name`` takes: its own, and ``match`` (best of an odd number of
    games, docs/rules/match.md) for a game that plays no match of its own."""
    cls = game_class(name)
    if plays_own_match(cls):
        return cls.options_model
    from muggins.games.match import match_options

    return match_options(cls.options_model)


def load_game(record: dict[str, Any]) -> Game:
    """Replay a game record (as made by ``Game.record()``), reproducing every event; a record that
    is not one, or whose moves do not replay, raises ``RecordError`` saying where."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record is a JSON object, not {type(record).__name__}")
    from muggins.games.base import RECORD_VERSION

    missing = [key for key in ("game", "players", "seed", "moves") if key not in record]
    if missing:
        raise RecordError(f"malformed game record: it has no {', '.join(map(repr, missing))}")
    if record.get("version") != RECORD_VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not {RECORD_VERSION}")
    import pydantic

    try:
        checked = _record_model().model_validate(record)
    except pydantic.ValidationError as exc:
        from muggins.games.options import problems

        raise RecordError(f"malformed game record: {problems(exc, 'record', 3)}") from None
    try:
        game = new_game(
            checked.game, players=checked.players, seed=checked.seed, deck=checked.deck, **checked.options
        )
    except GameError as exc:
        raise RecordError(f"malformed game record: {exc}") from None
    for number, (player, move) in enumerate(checked.moves, start=1):
        try:
            game.apply(player, move)
        except GameError as exc:
            raise RecordError(f"move {number} ({player}: {move!r}) does not replay: {exc}") from None
    return game


@functools.cache
def _record_model() -> Any:
    """The shape of a game record, checked before anything is replayed (numbers and text exactly as
    JSON has them: no string taken for a number); made on first use, as pydantic is slow to load."""
    import pydantic

    class Record(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(extra="forbid")

        version: pydantic.StrictInt
        game: pydantic.StrictStr
        players: pydantic.StrictInt
        seed: pydantic.StrictInt = pydantic.Field(ge=0, lt=2**64)
        deck: list[list[pydantic.StrictStr]] | list[pydantic.StrictStr] | None = None
        options: dict[str, Any] = {}
        moves: list[tuple[pydantic.StrictInt, pydantic.StrictStr]]

    return Record
