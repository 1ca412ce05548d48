"""The base of every game's options: a frozen pydantic model that refuses unknown options.

(Its own module so the compiled rules core never compiles a pydantic model.)
"""

from __future__ import annotations

import copy
import functools
from typing import Any, ClassVar, Literal, NamedTuple

import pydantic

Counting = Literal["auto", "manual"]
"""Who counts the hands: the engine (auto), or each player claiming their own (manual)."""


class Preset(NamedTuple):
    """A set of options players know by a name ("Match: best of 3"), offered in one click."""

    label: str
    options: dict[str, Any]


class Options(pydantic.BaseModel):
    """Base of every game's options: unknown options are errors, values are checked."""

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True, defer_build=True)
    """``defer_build``: a model's validator is built when it first validates, not when its game is
    imported; a game made with no options is made without one (``games.base.parse_options``)."""

    presets: ClassVar[dict[str, Preset]] = {}
    """The game's presets by id, the first its standard game: the lobby shows them before every
    option (every preset is a valid set of options for the game's fewest seats, a match's for two:
    tested)."""

    @functools.cached_property
    def _dumped(self) -> tuple[dict[str, Any], tuple[str, ...]]:
        values = self.model_dump(mode="json")
        return values, tuple(name for name, value in values.items() if isinstance(value, list | dict))

    def as_json(self) -> dict[str, Any]:
        """The options as JSON-ready values (``model_dump(mode="json")``), a fresh copy each call.
        Dumped once per options object: every view carries them, and pydantic's dump was a tenth
        of a view."""
        values, nested = self._dumped
        fresh = dict(values)
        for name in nested:
            fresh[name] = copy.deepcopy(values[name])
        return fresh
