"""The base of every game's options: frozen values that pydantic checks only when options are given.

Each game's options are a frozen dataclass. A field's bounds and description are in its metadata
(``option``), which pydantic reads as it would a ``Field``'s; rules between options are the class's
``check``. The validator, its JSON Schema and its JSON dump are built on first use: a game made with
the defaults loads no pydantic (its import was a quarter of a random simulation's start, issue 62).
(Its own module so the compiled rules core never compiles it.)
"""

from __future__ import annotations

import copy
import dataclasses
import functools
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple, Self

from muggins.games.errors import OptionError

if TYPE_CHECKING:
    import pydantic

Counting = Literal["auto", "manual"]
"""Who counts the hands: the engine (auto), or each player claiming their own (manual)."""


class Preset(NamedTuple):
    """A set of options players know by a name ("Match: best of 3"), offered in one click."""

    label: str
    options: dict[str, Any]


def option(default: Any = dataclasses.MISSING, description: str = "", **bounds: int) -> Any:
    """A field of options: its default, what it does (the lobby's help) and its bounds, pydantic's
    ``ge``, ``le``, ``max_length`` and the like, checked whenever options are given."""
    metadata = {"description": description, **bounds} if description else bounds
    return dataclasses.field(default=default, metadata=metadata)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Options:
    """Base of every game's options: unknown options are errors, values are checked.

    Made directly (``CribbageOptions()``), only ``check`` runs: every game takes its options through
    ``parse``, which checks each value's type and bounds as well."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}
    presets: ClassVar[dict[str, Preset]] = {}
    """The game's presets by id, the first its standard game: the lobby shows them before every
    option (every preset is a valid set of options for the game's fewest seats, a match's for two:
    tested)."""

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """The rules between options: a clash raises ``ValueError`` saying what clashes."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The options' names, in the order the lobby shows them."""
        return tuple(field.name for field in dataclasses.fields(cls))

    @classmethod
    def parse(cls, values: dict[str, Any]) -> Self:
        """The options ``values`` gives, every value checked; a bad one raises ``OptionError``
        naming each problem. No values: the defaults, made without building a validator (a
        registry-wide test holds them to the validated defaults)."""
        if not values:
            return cls()
        import pydantic

        try:
            parsed: Self = _adapter(cls).validate_python(values)
        except pydantic.ValidationError as exc:
            raise OptionError(f"bad option: {problems(exc, 'options')}") from None
        return parsed

    @classmethod
    def json_schema(cls) -> dict[str, Any]:
        """The options' JSON Schema, which the lobby's form for a new table is made from."""
        return _adapter(cls).json_schema()

    @functools.cached_property
    def _dumped(self) -> tuple[dict[str, Any], tuple[str, ...]]:
        values: dict[str, Any] = _adapter(type(self)).dump_python(self, mode="json")
        return values, tuple(name for name, value in values.items() if isinstance(value, list | dict))

    def as_json(self) -> dict[str, Any]:
        """The options as JSON-ready values, a fresh copy each call. Dumped once per options
        object: every view carries them, and pydantic's dump was a tenth of a view."""
        values, nested = self._dumped
        fresh = dict(values)
        for name in nested:
            fresh[name] = copy.deepcopy(values[name])
        return fresh


def problems(exc: pydantic.ValidationError, whole: str, most: int | None = None) -> str:
    """What pydantic found wrong, in words: each place (``whole`` for the value as a whole) and its
    problem, the first ``most`` of them (all when None)."""
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or whole}: {err['msg']}" for err in exc.errors()[:most]
    )


_ADAPTERS: dict[type[Options], pydantic.TypeAdapter[Any]] = {}
"""Each options class's validator and serialiser. (A dictionary, not ``functools.cache``, whose
``Hashable`` parameter mypy refuses a frozen dataclass's class for.)"""


def _adapter(model: type[Options]) -> pydantic.TypeAdapter[Any]:
    """``model``'s validator and serialiser, built once on first use."""
    adapter = _ADAPTERS.get(model)
    if adapter is None:
        import pydantic

        adapter = _ADAPTERS[model] = pydantic.TypeAdapter(model)
    return adapter
