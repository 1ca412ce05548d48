"""The base of every game's options: a frozen pydantic model that refuses unknown options.

(Its own module so the compiled rules core never compiles a pydantic model.)
"""

from __future__ import annotations

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

    model_config = pydantic.ConfigDict(extra="forbid", frozen=True)

    presets: ClassVar[dict[str, Preset]] = {}
    """The game's presets by id, the first its standard game: the lobby shows them before every
    option (every preset is a valid set of options for the game's fewest seats, a match's for two:
    tested)."""
