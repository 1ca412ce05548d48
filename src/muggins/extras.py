"""Optional parts of muggins and the ``pip install`` extra that brings each in.

A plain ``pip install muggins`` plays, scores and serves on SQLite; Redis, PostgreSQL and plots
come with extras, loaded only when asked for, and asking without the extra names the command to run.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from muggins.errors import UserError


class MissingExtraError(UserError):
    """An optional library is not installed; the message names the extra that installs it."""


def require(module: str, extra: str, purpose: str) -> ModuleType:
    """Import ``module``, or raise ``MissingExtraError`` saying that ``purpose`` needs ``extra``.

    >>> require("json", "none", "reading JSON").__name__
    'json'
    >>> require("no_such_module_here", "scale", "--redis")
    Traceback (most recent call last):
    ...
    muggins.extras.MissingExtraError: --redis needs the 'scale' extra: pip install 'muggins[scale]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(
            f"{purpose} needs the {extra!r} extra: pip install 'muggins[{extra}]'"
        ) from None
