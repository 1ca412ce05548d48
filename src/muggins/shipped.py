"""The shipped tables that are arrays (``muggins/data/*.zlib``): their entries as little-endian
numbers, zlib-compressed, read in a few milliseconds rather than built again in every process.
numpy is loaded only by the functions that make arrays: a table of bytes is read without it."""

from __future__ import annotations

import array
import sys
import zlib
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy.typing as npt


class PackedTableError(ValueError):
    """A shipped table that cannot be read, or is not the size the table is."""


def packed(table: npt.NDArray[Any], dtype: str) -> bytes:
    """``table``'s entries as ``dtype`` (``"<i2"``, ``"<f8"``, ...), as its file holds them."""
    import numpy as np

    return zlib.compress(np.ascontiguousarray(table, dtype=dtype).tobytes(), 9)


def unpacked(data: bytes, dtype: str, size: int, name: str) -> npt.NDArray[Any]:
    """The ``size`` entries of the table file ``name`` from its bytes, flat and read-only;
    ``PackedTableError`` (naming the file) if they are not such a table."""
    import numpy as np

    table = np.frombuffer(inflated(data, name), dtype=dtype)
    if table.shape != (size,):
        raise PackedTableError(f"muggins/data/{name} holds {table.size} entries, not {size}")
    found = table.astype(table.dtype.newbyteorder("="))
    found.flags.writeable = False
    return found


def inflated(data: bytes, name: str) -> bytes:
    """The bytes the table file ``name`` packs; ``PackedTableError`` (naming it) if it is damaged."""
    try:
        return zlib.decompress(data)
    except zlib.error as error:
        raise PackedTableError(f"muggins/data/{name} is damaged: {error}") from None


def shipped_bytes(name: str, size: int) -> bytes:
    """The ``size`` bytes the shipped table ``name`` packs (no numpy loaded); ``PackedTableError``
    if it is damaged or not that size."""
    table = inflated(_packed(name), name)
    if len(table) != size:
        raise PackedTableError(f"muggins/data/{name} holds {len(table)} bytes, not {size}")
    return table


def shipped_numbers(name: str, typecode: str, size: int) -> array.array[int]:
    """The ``size`` little-endian entries of the shipped table ``name`` as an ``array`` of
    ``typecode`` (``"h"``: int16), in this machine's byte order (no numpy loaded)."""
    entries: array.array[int] = array.array(typecode)
    entries.frombytes(shipped_bytes(name, size * entries.itemsize))
    if sys.byteorder == "big":
        entries.byteswap()
    return entries


def shipped(name: str, dtype: str, size: int) -> npt.NDArray[Any]:
    """The shipped table ``name`` (``unpacked``)."""
    return unpacked(_packed(name), dtype, size, name)


def _packed(name: str) -> bytes:
    """The bytes of the table file ``name`` in ``muggins.data``, as shipped."""
    return resources.files("muggins.data").joinpath(name).read_bytes()


def write(path: Path, table: npt.NDArray[Any], dtype: str) -> None:
    """Write ``table`` to ``path`` as it ships."""
    path.write_bytes(packed(table, dtype))
