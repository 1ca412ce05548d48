"""The layers of the brief, as the imports have them: each package imports only those below it
(``cards`` → ``scoring`` → ``games`` → ``strategy`` → ``bots`` → ``analysis``, ``envs`` → ``server``
→ ``cli``), and every layer knows a game only through the registry: outside each game's own package
(``<layer>/<game>/``) no module imports a game's module or writes a game's name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from muggins.games.registry import game_names

SRC = Path(__file__).resolve().parent.parent / "src" / "muggins"
LAYERS = (
    ("errors", "extras", "shipped"),
    ("cards",),
    ("scoring",),
    ("games",),
    ("build", "strategy"),
    ("bots",),
    ("analysis", "envs"),
    ("server",),
    ("cli",),
)
"""Packages from the bottom up; a package may import those of lower rows (and the utilities of the
first row), never its own row's others or any above."""
RANK = {package: rank for rank, row in enumerate(LAYERS) for package in row}


def package_of(path: Path) -> str:
    return path.relative_to(SRC).parts[0].removesuffix(".py")


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of each absolute import in ``path``, wherever it stands (under
    ``TYPE_CHECKING`` or in a function too); ``from a.b import c`` gives ``a.b`` and ``a.b.c``, since
    ``c`` may be a module of its own (``from muggins.server import messages``)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            yield from ((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)


SOURCES = [p for p in sorted(SRC.rglob("*.py")) if package_of(p) in RANK]


def test_every_package_has_a_layer() -> None:
    packages = {package_of(p) for p in SRC.glob("*") if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert packages - {"__init__", "__main__", "data", "web"} == set(RANK)  # data and web hold no code


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SRC)))
def test_a_module_imports_only_the_layers_below(path: Path) -> None:
    own = package_of(path)
    for line, module in imports(path):
        parts = module.split(".")
        if parts[0] != "muggins" or len(parts) < 2 or parts[1] == own:
            continue
        assert parts[1] in RANK, f"{path.name}:{line} imports {module}, of no layer"
        below = RANK[parts[1]] < RANK[own] or parts[1] in LAYERS[0]
        assert below, f"{path.relative_to(SRC)}:{line} imports {module}, which is not below {own}"


LISTS_THE_GAMES = {"games/registry.py", "bots/registry.py", "scoring/__init__.py"}
"""The registries (a line per game) and the scoring package's front, which names each game's
scorers for the library (``scoring.score_skalborg``)."""
SHARED = [
    p
    for p in SOURCES
    if not set(game_names()) & set(p.relative_to(SRC).parts)
    and str(p.relative_to(SRC)) not in LISTS_THE_GAMES
]
"""Every module outside a game's own package (``<layer>/<game>/``), in every layer."""


def test_the_shared_modules_are_the_most_of_every_layer() -> None:
    """The filter above leaves the shared modules of each layer to check (a guard on the filter)."""
    assert {package_of(p) for p in SHARED} == set(RANK)
    assert len(SHARED) > 100


@pytest.mark.parametrize("path", SHARED, ids=lambda p: str(p.relative_to(SRC)))
def test_a_shared_module_names_no_game(path: Path) -> None:
    """A game is known outside its own packages through the registry: no shared module of any layer
    imports a game's module or writes a game's name."""
    games = set(game_names())
    where = path.relative_to(SRC)
    for line, module in imports(path):
        assert not games & set(module.split(".")), f"{where}:{line} imports {module}"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in games
    ]
    assert not named, f"{where} names games: {named}"


@pytest.mark.parametrize("path", sorted((SRC / "web" / "js").glob("*.js")), ids=lambda p: p.name)
def test_the_browsers_shared_modules_name_no_game(path: Path) -> None:
    """Outside ``web/js/games/`` (each game's renderer and the registry of them), no script writes a
    game's name as a string: what a game is, the server or the renderers' registry says."""
    text = path.read_text(encoding="utf-8")
    quoted = [name for name in game_names() for quote in "\"'`" if f"{quote}{name}{quote}" in text]
    assert not quoted, f"web/js/{path.name} names {quoted}"
