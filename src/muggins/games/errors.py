"""The specific exceptions of the game protocol; each message names what was wrong."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error the game protocol raises."""


class UnknownGameError(GameError, ValueError):
    """``new_game`` was asked for a game the registry does not hold."""


class OptionError(GameError, ValueError):
    """A game option that does not exist, or a value outside its range."""


class MoveSyntaxError(GameError, ValueError):
    """Text that is not a move: an unknown verb, a malformed card or number, missing arguments."""


class IllegalMoveError(GameError):
    """A well-formed move the rules do not allow now; the game is unchanged."""


class NotYourTurnError(IllegalMoveError):
    """A move from a player whose input the game is not waiting for."""


class GameOverError(IllegalMoveError):
    """A move after the game has ended."""


class RecordError(GameError, ValueError):
    """A game record that is malformed or does not replay."""


class RolloutError(GameError, RuntimeError):
    """A game that did not end within ``rollout.MAX_MOVES`` random moves: a bug in its rules."""
