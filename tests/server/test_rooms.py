"""The server's rooms, as the imports have them: each package of ``muggins.server`` (a domain) and
each shared module at its top imports only the rooms of lower rows, never a room of its own row or
above; so the table never reaches into the cluster, nor an account into the tables
(docs/architecture.md, "The server in rooms")."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from tests.test_layers import imports

SERVER = Path(__file__).resolve().parents[2] / "src" / "muggins" / "server"
ROOMS = (
    ("loop",),
    ("clock", "messages"),
    ("store",),
    ("settings", "bus"),
    ("accounts",),
    ("push",),
    ("tables", "learning"),
    ("pairing",),
    ("tournaments", "cluster"),
    ("edge",),
    ("app", "protocol_doc"),
)
"""The rooms from the bottom up: the shared kernel (the loop, the clock the tables keep, the
protocol's messages), the store, the settings and the bus, then the domains, then the edge and the
app that mounts them all."""
RANK = {room: rank for rank, row in enumerate(ROOMS) for room in row}


def room_of(path: Path) -> str:
    return path.relative_to(SERVER).parts[0].removesuffix(".py")


SOURCES = [p for p in sorted(SERVER.rglob("*.py")) if room_of(p) != "__init__"]


def test_every_module_is_in_a_room() -> None:
    rooms = {room_of(p) for p in SOURCES}
    assert rooms == set(RANK), (
        f"rooms with no row: {sorted(rooms - set(RANK))}; rows with no room: {sorted(set(RANK) - rooms)}"
    )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SERVER)))
def test_a_room_imports_only_the_rooms_below(path: Path) -> None:
    own = room_of(path)
    for line, module in imports(path):
        parts = module.split(".")
        if parts[:2] != ["muggins", "server"] or len(parts) < 3 or parts[2] == own:
            continue
        assert parts[2] in RANK, f"{path.name}:{line} imports {module}, of no room"
        below = RANK[parts[2]] < RANK[own]
        assert below, f"server/{path.relative_to(SERVER)}:{line} imports {module}, which is not below {own}"


OPTIONAL = {"muggins.server.bus.redis"}
"""The scale extra's modules, imported by name only where a Redis address asks for them."""


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(SERVER)))
def test_a_room_uses_another_only_through_what_it_exports(path: Path) -> None:
    """No reach into another room's insides: ``from muggins.server.tables import Tables``, never
    ``from muggins.server.tables.manager import Tables``, and only names the room's ``__all__``
    lists (or its modules of routes, which the app mounts)."""
    own = room_of(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.module is None or node.level:
            continue
        parts = node.module.split(".")
        if parts[:2] != ["muggins", "server"] or len(parts) < 3 or parts[2] == own:
            continue
        room = SERVER / parts[2]
        if not room.is_dir() or node.module in OPTIONAL:
            continue
        where = f"server/{path.relative_to(SERVER)}:{node.lineno}"
        assert len(parts) == 3, f"{where} reaches into {node.module}: import from muggins.server.{parts[2]}"
        exported = set(getattr(importlib.import_module(node.module), "__all__", ()))
        for alias in node.names:
            module = room / f"{alias.name}.py"
            assert alias.name in exported or module.exists(), (
                f"{where}: {parts[2]} does not export {alias.name}"
            )


def test_every_room_says_what_it_owns() -> None:
    """Each package's ``__init__`` says what the room owns and who may use it, in a docstring."""
    packages = [room for room in RANK if (SERVER / room).is_dir()]
    assert packages
    for room in packages:
        said = ast.get_docstring(ast.parse((SERVER / room / "__init__.py").read_text(encoding="utf-8")))
        assert said is not None and len(said) > 150, f"{room}/__init__.py does not say what it owns"
