"""``Table`` and the cluster's ``TableHandle`` meet one protocol, ``PlayerTable``, and share no code:
each of its members has the same signature in both, and neither class derives from the other."""

from __future__ import annotations

import inspect

import pytest

from muggins.server.cluster.tables import TableHandle
from muggins.server.tables.player_table import PlayerTable
from muggins.server.tables.table import Table

MEMBERS = [name for name in vars(PlayerTable) if not name.startswith("_")]
METHODS = [name for name in MEMBERS if not isinstance(inspect.getattr_static(PlayerTable, name), property)]
"""The protocol's methods; its properties may be met by attributes, which mypy checks (``typed``)."""


def test_the_protocol_names_what_connections_use() -> None:
    assert {"id", "info", "seat_of", "state", "sit", "move", "chat", "attach", "detach"} <= set(MEMBERS)


@pytest.mark.parametrize("cls", [Table, TableHandle])
@pytest.mark.parametrize("name", METHODS)
def test_each_member_has_the_protocols_signature(cls: type, name: str) -> None:
    wanted = inspect.getattr_static(PlayerTable, name)
    found = inspect.getattr_static(cls, name, None)
    assert found is not None, f"{cls.__name__} has no {name}"
    assert inspect.signature(found) == inspect.signature(wanted), f"{cls.__name__}.{name}"
    assert inspect.iscoroutinefunction(found) == inspect.iscoroutinefunction(wanted), f"{cls.__name__}.{name}"


def test_neither_inherits_the_other() -> None:
    assert not issubclass(TableHandle, Table) and not issubclass(Table, TableHandle)


def typed(table: Table, handle: TableHandle) -> list[PlayerTable]:
    """Checked by mypy: both are ``PlayerTable``s."""
    return [table, handle]
