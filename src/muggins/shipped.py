"""The shipped tables that are arrays (``muggins/data/*.zlib``): their entries as little-endian
numbers, zlib-compressed, read in a few milliseconds rather than built again in every process."""

from __future__ import annotations

import zlib
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt


class PackedTableError(ValueError):
    """A shipped table that cannot be read, or is not the size the table is."""


def packed(table: npt.NDArray[Any], dtype: str) -> bytes:
    """``table``'s entries as ``dtype`` (``"<i2"``, ``"<f8"``, ...), as its file holds them."""
    return zlib.compress(np.ascontiguousarray(table, dtype=dtype).tobytes(), 9)


def unpacked(data: bytes, dtype: str, size: int, name: str) -> npt.NDArray[Any]:
    """The ``size`` entries of the table file ``name`` from its bytes, flat and read-only;
    ``PackedTableError`` (naming the file) if they are not such a table."""
    try:
        table = np.frombuffer(zlib.decompress(data), dtype=dtype)
    except zlib.error as error:
        raise PackedTableError(f"muggins/data/{name} is damaged: {error}") from None
    if table.shape != (size,):
        raise PackedTableError(f"muggins/data/{name} holds {table.size} entries, not {size}")
    found = table.astype(table.dtype.newbyteorder("="))
    found.flags.writeable = False
    return found


def shipped(name: str, dtype: str, size: int) -> npt.NDArray[Any]:
    """The shipped table ``name`` (``unpacked``)."""
    return unpacked(resources.files("muggins.data").joinpath(name).read_bytes(), dtype, size, name)


def write(path: Path, table: npt.NDArray[Any], dtype: str) -> None:
    """Write ``table`` to ``path`` as it ships."""
    path.write_bytes(packed(table, dtype))
